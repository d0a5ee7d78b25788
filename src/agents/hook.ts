/**
 * The hook run shared by both agents: read the payload (bounded), let the agent's adapter pick
 * the shell command out of it, decide, and answer in the agent's format.
 *
 * Fail closed: malformed or oversized input, a config error or an internal error is answered
 * with a deny (in the agent's format) and one line on stderr; never a silent allow because the
 * guard broke. The exit code is 0 in every case: both agents read the JSON answer only on exit 0
 * (exit 2 would block too, but with stderr as the only reason, and any other code lets the tool
 * run), so a deny in JSON on exit 0 is the one answer both agents document as the way to block.
 */

import { resolve } from "node:path";
import type { ModeName } from "../engine/types.js";
import { describe, isObject } from "../config/json-value.js";
import { fileToolVerdict } from "./file-tools.js";
import { readPayload, type ReadOptions } from "./stdin.js";
import { REASON_PREFIX, verdictFor, type Verdict } from "./verdict.js";
import type { Env } from "../config/env.js";

export interface HookIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Env;
  cwd: string;
}

/** What the adapter found in the payload. */
export type HookRequest =
  /** Not a shell command (another tool): no answer. */
  | { kind: "ignore" }
  /** The payload is not what the agent sends: fail closed. */
  | { kind: "malformed"; problem: string }
  | {
      kind: "check";
      command: string;
      /** Absolute working directory for config discovery and path checks. */
      cwd: string;
      /** The mode to decide in; undefined: the config's mode. */
      mode?: ModeName;
      /** A file tool's read or write, judged as a shell command: never approved, only vetoed. */
      fileTool?: { tool: string; path: string };
    };

/** What an adapter's parse may read of the hook's context: not its streams (an SDK adapter has none). */
export type HookContext = Pick<HookIO, "cwd" | "env">;

export interface AgentAdapter {
  /** `claude-code`, `gemini-cli`: the name in messages. */
  readonly name: string;
  parse(payload: Record<string, unknown>, io: HookContext): HookRequest;
  /** The JSON object printed for a verdict, or null to print nothing. */
  answer(verdict: Verdict): unknown;
}

export interface HookFlags {
  strict: boolean;
}

/** The payload's working directory: absolute, or resolved against the hook's own cwd. */
export function payloadCwd(value: unknown, io: HookContext): string | { problem: string } {
  if (value === undefined || value === null || value === "") return resolve(io.cwd);
  if (typeof value !== "string") return { problem: `"cwd" must be a string, not ${describe(value)}` };
  return resolve(io.cwd, value);
}

function oneLine(text: string, max = 300): string {
  const s = text.replace(/\s+/g, " ").trim();
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((done) => {
    try {
      // A closed pipe (the agent gave up) must not turn into an unhandled error.
      stream.once?.("error", () => done());
      stream.write(text, () => done());
    } catch {
      done();
    }
  });
}

async function decide(
  request: Extract<HookRequest, { kind: "check" }>,
  io: HookIO,
  flags: HookFlags,
  warnings: string[],
  source: string,
): Promise<Verdict | null> {
  // Loaded here so that install/uninstall and the non-shell-tool path never load the engine.
  const [{ Guard }, { recordDecision }] = await Promise.all([import("../engine/guard.js"), import("../audit/record.js")]);
  // Config warnings go to stderr, each once (the guard dedupes them), as `check` prints them.
  const warn = (w: string): void => void warnings.push(`shellguard: warning: ${oneLine(w, 1000)}`);
  const guard = new Guard({ cwd: request.cwd, env: io.env, reload: false, onWarning: warn });
  const explanation = guard.explain(request.command, request.mode !== undefined ? { mode: request.mode } : {});
  // The audit log (docs/audit.md), under the agent's name; a log that cannot be written is one warning.
  recordDecision(explanation, source, warn);
  const file = request.fileTool;
  const verdict = verdictFor(explanation.decision, { approve: explanation.config.agent.approve === true, strict: flags.strict && !file });
  if (!file || !verdict) return verdict;
  if (verdict.decision === "allow") return null;
  return fileToolVerdict(verdict, file, request.command);
}

export function failClosed(problem: string): Verdict {
  return {
    decision: "deny",
    reason: `${REASON_PREFIX}could not check this command (${oneLine(problem)}), so it is denied: the guard fails closed. Fix the problem, or run the command yourself.`,
  };
}

export function problemOf(error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error));
  if (e.name === "ConfigError") return `config error: ${e.message}`;
  if (e.name === "UnknownModeError") return e.message;
  return `internal error: ${e.message}`;
}

/** The request in the payload, or why there is none. */
function requestFrom(text: string, adapter: AgentAdapter, io: HookIO): HookRequest {
  let payload: unknown;
  try {
    payload = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return { kind: "malformed", problem: `the hook input is not valid JSON (${(e as Error).message})` };
  }
  if (!isObject(payload)) return { kind: "malformed", problem: `the hook input must be a JSON object, not ${describe(payload)}` };
  return adapter.parse(payload, io);
}

/** Run one hook invocation; returns the exit code (always 0, see above). */
export async function runHook(adapter: AgentAdapter, io: HookIO, flags: HookFlags, read: ReadOptions = {}): Promise<number> {
  let verdict: Verdict | null;
  let problem: string | null = null;
  const warnings: string[] = [];
  try {
    const input = await readPayload(io.stdin, read);
    const request: HookRequest = input.ok ? requestFrom(input.text, adapter, io) : { kind: "malformed", problem: input.problem };
    if (request.kind === "ignore") return 0;
    if (request.kind === "malformed") {
      problem = request.problem;
      verdict = failClosed(problem);
    } else {
      verdict = await decide(request, io, flags, warnings, adapter.name);
    }
  } catch (error) {
    // A config error, or anything unexpected: still an answer, never a crash.
    problem = problemOf(error);
    verdict = failClosed(problem);
  }
  for (const warning of warnings) await write(io.stderr, warning + "\n");
  if (problem !== null) await write(io.stderr, `shellguard agent-hook ${adapter.name}: ${oneLine(problem, 1000)}; denied (fail closed)\n`);
  const answer = verdict ? adapter.answer(verdict) : null;
  if (answer !== null && answer !== undefined) await write(io.stdout, JSON.stringify(answer) + "\n");
  return 0;
}
