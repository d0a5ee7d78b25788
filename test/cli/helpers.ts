/** Spawn the real built CLI (bin/shellguard.cjs → dist/cli/main.js) in a sandboxed environment. */

import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sandbox as makeSandbox, type Sandbox } from "../sandbox.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = join(ROOT, "bin", "shellguard.cjs");


export type { Sandbox } from "../sandbox.js";

/** A temp project directory with its own HOME and XDG dirs (no real user config is read). */
export const sandbox = (): Sandbox => makeSandbox("cli");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI to completion. Asynchronous (never spawnSync) so that the test worker's event loop
 * stays free to answer vitest while a slow machine runs the child.
 */
export function run(sb: Sandbox, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? sb.dir, env: { ...sb.env, ...opts.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(opts.input ?? "");
  });
}

/**
 * One `check --batch` run over `commands` (each request with `mode` when given): the run, and the
 * decisions in the order of the commands.
 */
export async function batchDecisions(sb: Sandbox, commands: readonly string[], opts: { mode?: string; args?: string[] } = {}): Promise<RunResult & { decisions: string[] }> {
  const input = commands.map((command) => JSON.stringify(opts.mode === undefined ? { command } : { command, mode: opts.mode })).join("\n") + "\n";
  const r = await run(sb, ["check", "--batch", ...(opts.args ?? [])], { input });
  return { ...r, decisions: r.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { decision: string }).decision) };
}

/** A long-lived `serve` worker: send a line, await the answer line. */
export function serve(sb: Sandbox, args: string[] = []): { ask(line: string): Promise<string>; close(): Promise<number> } {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [BIN, "serve", ...args], { cwd: sb.dir, env: sb.env });
  let buffer = "";
  const waiting: ((line: string) => void)[] = [];
  const ready: string[] = [];
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const w = waiting.shift();
      if (w) w(line);
      else ready.push(line);
    }
  });
  return {
    ask(line: string) {
      child.stdin.write(line + "\n");
      const r = ready.shift();
      return r !== undefined ? Promise.resolve(r) : new Promise((res) => waiting.push(res));
    },
    close() {
      child.stdin.end();
      return new Promise((res) => child.on("close", (code) => res(code ?? -1)));
    },
  };
}
