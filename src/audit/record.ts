/**
 * recordDecision: the one call every front end makes with its decision. When the config's `log`
 * is off (the default) it returns at once, without touching the file system. When it is on and
 * the decision is one the level records, it writes one JSON line (docs/audit.md):
 *
 *   {"time","source","cwd","mode","decision","command","findings","rule","step"}
 *
 * with the command's credentials redacted. Logging never changes a decision and never throws: a
 * failure to write is reported once per process (through `warn`, default stderr) and then the
 * decisions go on unlogged.
 */

import type { ResolvedConfig } from "../config/types.js";
import type { Behavior, Decision, ModeName, Step } from "../engine/types.js";
import { oneLine } from "../render/format.js";
import { appendLine } from "./append.js";
import { redact } from "./redact.js";

/** One line of the audit log. */
export interface AuditEntry {
  /** ISO 8601, UTC. */
  time: string;
  /** Who asked: `check`, `serve`, `shell:bash`, `claude-code`, a library caller's name. */
  source: string;
  cwd: string;
  mode: ModeName;
  decision: Behavior;
  /** The command, credentials redacted, at most MAX_COMMAND characters. */
  command: string;
  /** The finding ids, each once, in order. */
  findings: string[];
  rule: string | null;
  step: Step;
}

/** What a front end has after deciding: the decision, the config it was made with, the working directory. */
export interface Decided {
  decision: Decision;
  config: Pick<ResolvedConfig, "log">;
  cwd: string;
}

/** Longer commands are cut (after redaction): a line stays one modest write. */
export const MAX_COMMAND = 8192;

let warned = false;

function stderrWarning(message: string): void {
  try {
    process.stderr.write(`shellguard: warning: ${oneLine(message)}\n`);
  } catch {
    // nowhere to say it
  }
}

/** The log line for a decision (exported for tests and `shellguard log`). */
export function auditEntry(decided: Decided, source: string, now: Date = new Date()): AuditEntry {
  const { decision, cwd } = decided;
  // Cut before redacting (a long command must not cost long), with a margin, so that a secret
  // across the first cut is still whole when redacted; then cut to the limit.
  const full = decision.command.length;
  let command = redact(full > MAX_COMMAND ? decision.command.slice(0, MAX_COMMAND + 512) : decision.command);
  if (full > MAX_COMMAND) command = `${command.slice(0, MAX_COMMAND)}… [${full} characters in all]`;
  return {
    time: now.toISOString(),
    source,
    cwd,
    mode: decision.mode,
    decision: decision.decision,
    command,
    findings: [...new Set(decision.findings.map((f) => f.id))],
    rule: decision.rule,
    step: decision.step,
  };
}

/**
 * Write the decision to the audit log if the config's `log` asks for it. `source` says who asked;
 * `warn` receives the one message about a log that cannot be written.
 */
export function recordDecision(decided: Decided, source: string, warn: (message: string) => void = stderrWarning): void {
  const log = decided.config.log;
  if (log === null || log === undefined) return;
  if (log.level === "asks" && decided.decision.decision === "allow") return;
  try {
    appendLine(log, JSON.stringify(auditEntry(decided, source)));
  } catch (error) {
    if (warned) return;
    warned = true;
    warn(`cannot write the audit log ${log.file}: ${(error as Error).message} (decisions are not logged)`);
  }
}
