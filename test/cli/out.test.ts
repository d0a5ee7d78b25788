/**
 * check's output goes straight to fd 1 when stdout is a file, a pipe or /dev/null (src/cli/out.ts):
 * the same bytes and exit codes as through process.stdout, and a reader that goes away ends the
 * output quietly.
 */

import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, sandbox } from "./helpers.js";

const sb = sandbox();
afterAll(() => sb.cleanup());

describe("check output", () => {
  it("to a file: the decision, whole", () => {
    const file = join(sb.dir, "out.json");
    const fd = openSync(file, "w");
    try {
      const r = spawnSync(process.execPath, [BIN, "check", "--json", "rm -rf ~"], { cwd: sb.dir, env: sb.env, stdio: ["ignore", fd, "pipe"], encoding: "utf8" });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(1);
    } finally {
      closeSync(fd);
    }
    const d = JSON.parse(readFileSync(file, "utf8")) as { decision: string; findings: Array<{ id: string }> };
    expect(d.decision).toBe("ask");
    expect(d.findings.map((f) => f.id)).toContain("deletion/home");
  });

  it("to /dev/null: the exit code still says the decision", () => {
    const r = spawnSync(process.execPath, [BIN, "check", "--mode", "dontAsk", "rm -rf /"], { cwd: sb.dir, env: sb.env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(2);
  });

  it("to a pipe whose reader stops early: no error, and the reader got whole lines", () => {
    const lines = Array.from({ length: 20000 }, (_, i) => JSON.stringify({ id: i, command: `echo ${i}` })).join("\n") + "\n";
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} check --batch | head -n 3`;
    const r = spawnSync("bash", ["-o", "pipefail", "-c", cmd], { cwd: sb.dir, env: sb.env, input: lines, encoding: "utf8" });
    expect(r.stderr).toBe("");
    const got = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: number; decision: string });
    expect(got.map((d) => d.id)).toEqual([0, 1, 2]);
    expect(got.every((d) => d.decision === "allow")).toBe(true);
  });
});
