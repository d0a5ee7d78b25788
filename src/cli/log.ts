/**
 * `shellguard log [--since 1h] [--decision deny] [--source x] [--json] [--file F]`: the audit
 * log (docs/audit.md), rotated files included, oldest first. A table for people (time, source,
 * decision, command, finding ids) or the entries as JSON Lines.
 */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseSince, readLog, type AuditEntry, type LogFilter } from "../audit/index.js";
import { loadConfig } from "../config/index.js";
import { defaultLogFile, userConfigDir } from "../config/paths.js";
import type { Env } from "../config/env.js";
import type { Behavior } from "../engine/types.js";
import { oneLine, styleFor, type Style } from "../render/format.js";
import { EXIT, reportError, UsageError } from "./errors.js";

export interface LogArgs {
  since?: string | undefined;
  decision?: string | undefined;
  source?: string | undefined;
  json?: boolean | undefined;
  file?: string | undefined;
  config?: string | undefined;
}

export interface LogIO {
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown };
  env: Env;
  cwd: string;
}

const DECISIONS: readonly Behavior[] = ["allow", "ask", "deny"];

/** `--decision ask,deny` → the decisions; a word that is none is a usage error. */
function parseDecisions(text: string): Behavior[] {
  const words = text.split(",").map((w) => w.trim()).filter(Boolean);
  for (const w of words) if (!(DECISIONS as readonly string[]).includes(w)) throw new UsageError(`--decision takes allow, ask or deny (comma-separated), not "${w}".`);
  if (words.length === 0) throw new UsageError("--decision needs a value: allow, ask or deny.");
  return words as Behavior[];
}

/** The filter from the options. */
export function filterOf(args: LogArgs, now: Date = new Date()): LogFilter {
  const filter: LogFilter = {};
  if (args.since !== undefined) {
    const since = parseSince(args.since, now);
    if (since === null) throw new UsageError(`--since takes a duration (90s, 30m, 1h, 2d, 1w) or a date (2026-12-04, 2026-12-04T10:00), not "${args.since}".`);
    filter.since = since;
  }
  if (args.decision !== undefined) filter.decisions = parseDecisions(args.decision);
  if (args.source !== undefined) filter.source = args.source;
  return filter;
}

/** The log file: --file, else the config's `log.file` (user config or --config), else the default place. */
function logFile(args: LogArgs, io: LogIO): { file: string; on: boolean } {
  if (args.file !== undefined) return { file: resolve(io.cwd, args.file), on: true };
  const config = loadConfig({ cwd: io.cwd, env: io.env, ...(args.config !== undefined ? { configFile: args.config } : {}) });
  return config.log ? { file: config.log.file, on: true } : { file: defaultLogFile(io.env), on: false };
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Local time, to the second: `2026-12-04 14:21:39`. */
function localTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

function truncate(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join("")}…`;
}

/** The table: one row per entry, the command cut to what the terminal (or 120 columns) leaves. */
export function formatTable(entries: readonly AuditEntry[], style: Style, columns = 120): string {
  const sourceWidth = Math.min(16, Math.max(6, ...entries.map((e) => e.source.length)));
  const prefixWidth = 19 + 2 + sourceWidth + 2 + 5 + 2;
  const commandWidth = Math.max(24, Math.min(80, columns - prefixWidth - 2 - 32));
  const colour = { allow: style.green, ask: style.yellow, deny: style.red } as const;
  const rows = entries.map((e) => {
    const command = truncate(oneLine(e.command), commandWidth);
    const ids = e.findings.length ? style.dim(e.findings.map(oneLine).join(", ")) : e.rule !== null ? style.dim(`rule ${oneLine(e.rule)}`) : "";
    const fields = [
      localTime(e.time),
      truncate(oneLine(e.source), sourceWidth).padEnd(sourceWidth),
      colour[e.decision](e.decision.padEnd(5)),
      ids ? command.padEnd(commandWidth) : command,
    ];
    return (fields.join("  ") + (ids ? `  ${ids}` : "")).trimEnd();
  });
  return rows.length ? `${rows.join("\n")}\n` : "";
}

/** Run `log`; returns the exit code (0, or 3 for a usage or config error). */
export function runLog(args: LogArgs, io: LogIO): number {
  try {
    const filter = filterOf(args);
    const { file, on } = logFile(args, io);
    if (!existsSync(file)) {
      const why = on ? "nothing has been logged yet" : `the log is off: set log: asks (or all) in ${userConfigDir(io.env)}/config.yaml, see docs/audit.md`;
      io.stderr.write(`shellguard: no audit log at ${file} (${why}).\n`);
      return EXIT.allow;
    }
    const { entries, malformed } = readLog(file, filter);
    if (malformed > 0) io.stderr.write(`shellguard: warning: ${malformed} line(s) of ${file} are not audit entries; skipped.\n`);
    const text = args.json ? entries.map((e) => `${JSON.stringify(e)}\n`).join("") : formatTable(entries, styleFor(io.stdout, io.env), io.stdout.columns);
    if (text) io.stdout.write(text);
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}
