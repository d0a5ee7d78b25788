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

/** A Codex CLI PreToolUse payload for its Bash tool (developers.openai.com/codex/hooks). */
export function codexPayload(command: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: "019a7c2e-5b1d-7f30-9c4e-3d2a1b0c9e8f",
    turn_id: "019a7c2e-6a00-7d11-8e2f-4b5c6d7e8f90",
    transcript_path: "/home/dev/.codex/sessions/2026/12/02/rollout-2026-12-02T10-00-00-019a7c2e.jsonl",
    cwd: "/home/dev/project",
    hook_event_name: "PreToolUse",
    model: "gpt-5-codex",
    permission_mode: "default",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "call_9XkQ2mVb7LrT4sWn1yZc",
    ...fields,
  };
}

/** A Copilot CLI preToolUse payload for its bash tool: toolArgs is JSON text (docs.github.com CLI hooks reference). */
export function copilotPayload(command: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    timestamp: 1764669600000,
    cwd: "/home/dev/project",
    toolName: "bash",
    toolArgs: JSON.stringify({ command, description: "Run a shell command" }),
    ...fields,
  };
}

const CURSOR_COMMON = {
  conversation_id: "b7e1c2d4-8f3a-4e5b-9c6d-0a1b2c3d4e5f",
  generation_id: "4c5d6e7f-8a9b-4c0d-a1e2-f3a4b5c6d7e8",
  model: "claude-4.5-sonnet",
  cursor_version: "2.1.46",
  workspace_roots: ["/home/dev/project"],
  user_email: "dev@example.com",
};

/** A Cursor beforeShellExecution payload (cursor.com/docs/agent/hooks). */
export function cursorShellPayload(command: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...CURSOR_COMMON, hook_event_name: "beforeShellExecution", command, cwd: "/home/dev/project", ...fields };
}

/** A Cursor beforeReadFile payload. */
export function cursorReadPayload(filePath: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...CURSOR_COMMON, hook_event_name: "beforeReadFile", file_path: filePath, content: "(file content)", attachments: [], ...fields };
}

/** What the shellguard OpenCode plugin sends for a tool.execute.before call. */
export function opencodePayload(tool: string, args: Record<string, unknown>, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { hook_event_name: "tool.execute.before", tool, sessionID: "ses_5f1c2a9e8d4b", callID: "call_01HJ6Q2nQ4pW", args, cwd: "/home/dev/project", ...fields };
}
