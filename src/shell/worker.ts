/**
 * The shell hook's worker: one long-lived process per interactive shell session, started by the
 * hook on the first command line and reused. It answers the line protocol of protocol.ts: for
 * each request it decides in the config's `shell.mode` (unless the request names a mode), and
 * reports the config's `shell.onError`, so the hook follows config changes without restarting
 * (the config is re-read when a config file changes).
 *
 * Run directly (`node dist/shell/worker.js`), not through the CLI, so that it starts without
 * yargs. Environment:
 *   SHELLGUARD_HOOK_PID  the shell's pid: exit when that process is gone (checked every 2 s);
 *   SHELLGUARD_HOOK_DIR  the hook's private temporary directory: removed on exit.
 * It also exits when its input ends.
 */

import { realpathSync, rmSync } from "node:fs";
import { basename, isAbsolute, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { recordDecision } from "../audit/record.js";
import { COLOR, PLAIN, oneLine, type Style } from "../render/format.js";
import type { ResolvedConfig } from "../config/types.js";
import { Guard } from "../engine/guard.js";
import { ready } from "../facts/index.js";
import { normalizeMode } from "../engine/modes.js";
import { displayLines, formatReply, parseRequest, ProtocolError, type HookReply, type HookShell } from "./protocol.js";
import type { Env } from "../config/env.js";

export interface WorkerOptions {
  configFile?: string;
  env?: Env;
  style?: Style;
}

/** A function from one request line to one reply line. Never throws. */
export function createAnswerer(options: WorkerOptions = {}): (line: string) => string {
  const env = options.env ?? process.env;
  // Config warnings not shown yet: each is shown once, with the next reply.
  const pending: string[] = [];
  const guard = new Guard({
    env,
    reload: true,
    onWarning: (w) => pending.push(`shellguard: warning: ${oneLine(w)}`),
    ...(options.configFile !== undefined ? { configFile: options.configFile } : {}),
  });
  const style = options.style ?? (env.NO_COLOR ? PLAIN : COLOR);
  // The config last seen per working directory: its shell.mode is the mode to ask explain() for,
  // so that the config is stat-checked once per request (inside explain), not twice.
  const seen = new Map<string, ResolvedConfig>();
  const explain = (command: string, cwd: string, requested: string | null, dialect: HookShell) => {
    let config = seen.get(cwd);
    if (!config) {
      config = guard.configFor(cwd);
      if (seen.size > 64) seen.clear();
      seen.set(cwd, config);
    }
    // A mode named in a request is normalised here, at the protocol boundary.
    let ex = guard.explain(command, { mode: requested !== null ? normalizeMode(requested) : config.shell.mode, cwd, dialect });
    if (ex.config !== config) {
      // The config changed since: remember it, and decide again if its shell.mode differs.
      seen.set(cwd, ex.config);
      if (requested === null && ex.config.shell.mode !== config.shell.mode) ex = guard.explain(command, { mode: ex.config.shell.mode, cwd, dialect });
    }
    return ex;
  };
  return (line: string): string => {
    let id = "0";
    try {
      const req = parseRequest(line);
      id = req.id;
      const cwd = isAbsolute(req.cwd) ? req.cwd : resolve(req.cwd || "/");
      // The line is read in the shell's dialect (src/analysis/dialects/); for fish, the findings
      // underline the line's bash spelling.
      const explanation = explain(req.command, cwd, req.mode, req.shell);
      // The audit log records the line as typed (for fish, not its bash spelling).
      recordDecision({ ...explanation, decision: { ...explanation.decision, command: req.command } }, `shell:${req.shell}`, (w) => pending.push(`shellguard: warning: ${oneLine(w)}`));
      const { decision, facts, config } = explanation;
      const reply: HookReply = {
        id,
        decision: decision.decision,
        parseError: facts === null || facts.errors.length > 0,
        mode: decision.mode,
        onError: config.shell.onError,
        lines: [...pending.splice(0), ...displayLines(decision, style)],
      };
      return formatReply(reply);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      if (e instanceof ProtocolError && e.id !== null) id = e.id;
      const what = e.name === "ConfigError" || e.name === "UnknownModeError" || e.name === "ProtocolError" ? e.message : `internal error: ${e.message}`;
      return formatReply({ id, decision: "error", parseError: false, mode: null, onError: null, lines: [...pending.splice(0), `shellguard: ${oneLine(what)}`] });
    }
  };
}

/** Answer request lines from `input` until it ends. */
export async function serveLines(input: Readable, output: Writable, answer: (line: string) => string): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    if (line.trim() === "") continue;
    output.write(answer(line) + "\n");
  }
}

function removeHookDir(dir: string | undefined): void {
  // Only a directory the hook made (mktemp -d .../shellguard.XXXXXX).
  if (dir && isAbsolute(dir) && basename(dir).startsWith("shellguard.")) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
}

/** The worker process: stdin → stdout. Returns the exit code. */
export async function runShellWorker(env: Env = process.env): Promise<number> {
  const hookDir = env.SHELLGUARD_HOOK_DIR;
  const done = (code: number): never => {
    removeHookDir(hookDir);
    process.exit(code);
  };
  // Ctrl-C at the prompt is not meant for the worker; a hang-up ends it.
  process.on("SIGINT", () => {});
  process.on("SIGHUP", () => done(0));
  process.on("SIGTERM", () => done(0));
  process.stdout.on("error", () => done(0));
  const pid = Number(env.SHELLGUARD_HOOK_PID);
  if (Number.isInteger(pid) && pid > 1) {
    setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ESRCH") done(0);
      }
    }, 2000).unref();
  }
  const answer = createAnswerer({ env });
  // Without the native addon, the WebAssembly parser loads before the first line is answered.
  await ready();
  await serveLines(process.stdin, process.stdout, answer);
  return done(0);
}

function isMain(): boolean {
  const self = process.argv[1];
  if (self === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(self)).href;
  } catch {
    return false;
  }
}

if (isMain()) await runShellWorker();
