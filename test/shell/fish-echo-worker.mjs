#!/usr/bin/env node
// A hook worker for the fish relay's tests: it answers each request with what it received, the
// working directory and the command unescaped (as JSON in the reply's text), so a test sees
// exactly what reached the worker. `deny-me` in a command is denied.
import { createInterface } from "node:readline";
import { formatReply, parseRequest } from "../../dist/shell/protocol.js";

process.on("SIGINT", () => {});
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const r = parseRequest(line);
  const decision = r.command.includes("deny-me") ? "deny" : "allow";
  process.stdout.write(formatReply({ id: r.id, decision, parseError: false, mode: "guard", onError: "allow", lines: [JSON.stringify({ cwd: r.cwd, command: r.command })] }) + "\n");
}
