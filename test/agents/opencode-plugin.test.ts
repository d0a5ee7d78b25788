/**
 * The OpenCode plugin as OpenCode runs it: installed by the CLI, imported, and its
 * `tool.execute.before` called with OpenCode's (input, output) for real tool calls. It spawns
 * `shellguard` from PATH (here a shim to this checkout's bin), and throws to block.
 */

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
let saved: NodeJS.ProcessEnv;

type Before = (input: { tool: string; sessionID: string; callID: string }, output: { args: Record<string, unknown> }) => Promise<void>;

beforeEach(() => {
  sb = sandbox();
  saved = { ...process.env };
  const bin = join(sb.base, "bin");
  mkdirSync(bin);
  const shim = join(bin, "shellguard");
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "bin", "shellguard.cjs")}" "$@"\n`);
  chmodSync(shim, 0o755);
  // The plugin's child inherits this process's environment, as it inherits OpenCode's.
  Object.assign(process.env, sb.env, { PATH: `${bin}:${process.env.PATH}` });
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  sb.cleanup();
});

async function plugin(): Promise<Before> {
  expect((await runHook(sb, ["install", "opencode"])).code).toBe(0);
  const file = join(sb.dir, ".opencode", "plugins", "shellguard.js");
  const mod = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?t=${Date.now()}`)) as { ShellguardPlugin: (ctx: { directory: string }) => Promise<Record<string, Before>> };
  const hooks = await mod.ShellguardPlugin({ directory: sb.dir });
  return hooks["tool.execute.before"]!;
}

const call = (tool: string) => ({ tool, sessionID: "ses_5f1c2a9e8d4b", callID: "call_01HJ6Q2nQ4pW" });

describe("opencode plugin", () => {
  it("bash rm -rf ~ → throws (blocked), with a reason that asks for a person", async () => {
    const before = await plugin();
    await expect(before(call("bash"), { args: { command: "rm -rf ~", description: "Clean up" } })).rejects.toThrow(/^shellguard: this command needs a person's confirmation/);
  });

  it("bash ls, read of a plain file, a tool it does not guard → no throw", async () => {
    const before = await plugin();
    await expect(before(call("bash"), { args: { command: "ls -la" } })).resolves.toBeUndefined();
    await expect(before(call("read"), { args: { filePath: join(sb.dir, "README.md") } })).resolves.toBeUndefined();
    await expect(before(call("webfetch"), { args: { url: "https://example.com" } })).resolves.toBeUndefined();
  });

  it("write to ~/.bashrc → throws, like the shell write", async () => {
    const before = await plugin();
    await expect(before(call("write"), { args: { filePath: join(sb.home, ".bashrc"), content: "alias ls=rm" } })).rejects.toThrow(/sensitive-path\/file/);
  });

  it("fails closed: no shellguard on PATH → every guarded call throws", async () => {
    const before = await plugin();
    process.env.PATH = "/nonexistent";
    await expect(before(call("bash"), { args: { command: "ls" } })).rejects.toThrow(/^shellguard: could not check this call \(shellguard agent-hook opencode exited with 127/);
  });
});
