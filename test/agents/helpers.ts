/** Spawn `test/agents/run-hook.mjs` (→ dist/agents/index.js) in a sandbox: temp project, HOME, XDG dirs. */

import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sandbox as makeSandbox, type Sandbox } from "../sandbox.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const RUN_HOOK = join(ROOT, "test", "agents", "run-hook.mjs");


export type { Sandbox } from "../sandbox.js";

export const sandbox = (): Sandbox => makeSandbox("agents");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Spawn a process, feed it `input`, collect its output. Asynchronous, so the test worker stays
 * responsive while a (possibly slow) child runs.
 */
export function spawnAsync(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string | Buffer; timeoutMs?: number },
): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 120_000);
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
    // The child may stop reading early (that is its right); a broken pipe is not a test failure.
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.input ?? "");
  });
}

/** The facts layer's one-line warning when it falls back to the reference parser (not the hook's concern). */
const NATIVE_FALLBACK_WARNING = /^shellguard: native addon unavailable .*\n/m;

/**
 * `shellguard agent-hook <args...>` as a spawned process, `input` on its stdin. `stderr` is without
 * the facts layer's fallback warning, so the assertions hold whether or not the native addon is built.
 */
export async function runHook(sb: Sandbox, args: string[], input: string | Buffer = "", opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  const r = await spawnAsync(process.execPath, [RUN_HOOK, ...args], { cwd: opts.cwd ?? sb.dir, env: { ...sb.env, ...opts.env }, input });
  return { ...r, stderr: r.stderr.replace(NATIVE_FALLBACK_WARNING, "") };
}

/** A Claude Code PreToolUse payload for the Bash tool, as Claude Code sends it. */
export function claudePayload(command: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: "3f1c2a9e-8d4b-4c1e-9a57-0b6e2d7f4c11",
    transcript_path: "/home/dev/.claude/projects/-home-dev-project/3f1c2a9e-8d4b-4c1e-9a57-0b6e2d7f4c11.jsonl",
    cwd: "/home/dev/project",
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "Run a shell command" },
    tool_use_id: "toolu_01HJ6Q2nQ4pWcYc3T9c8m1Zr",
    ...fields,
  };
}

/** A Gemini CLI BeforeTool payload for run_shell_command, as Gemini CLI sends it. */
export function geminiPayload(command: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: "c0d2b6a4-1f7e-4f43-b7f1-2a9e5c3d8b60",
    transcript_path: "/home/dev/.gemini/tmp/5e1f/chats/session-2026-12-02T10-00-c0d2b6a4.json",
    cwd: "/home/dev/project",
    hook_event_name: "BeforeTool",
    timestamp: "2026-12-02T10:00:00.000Z",
    tool_name: "run_shell_command",
    tool_input: { command, description: "Run a shell command" },
    ...fields,
  };
}
