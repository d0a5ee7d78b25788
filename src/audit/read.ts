/**
 * Reading the audit log back (`shellguard log`): every file of the log oldest first (rotated ones
 * too), one entry per well-formed line, filtered by time, decision and source.
 */

import { readFileSync } from "node:fs";
import type { Behavior } from "../engine/types.js";
import { logFiles } from "./append.js";
import type { AuditEntry } from "./record.js";

export interface LogFilter {
  /** Entries at or after this time. */
  since?: Date;
  decisions?: readonly Behavior[];
  /** `shell` matches `shell:bash`, `shell:zsh`, ...; anything else must match whole. */
  source?: string;
}

export interface LogRead {
  entries: AuditEntry[];
  /** Lines that are not an audit entry (a torn line from a crash, text written by something else). */
  malformed: number;
  files: string[];
}

const UNITS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * `--since`: a duration back from `now` (`90s`, `30m`, `1h`, `2d`, `1w`) or a date and time
 * Date.parse reads (`2026-12-04`, `2026-12-04T10:00`, ISO 8601). Null when it is neither.
 */
export function parseSince(text: string, now: Date = new Date()): Date | null {
  const duration = /^(\d+(?:\.\d+)?)\s*([smhdw])$/.exec(text.trim());
  if (duration) return new Date(now.getTime() - Number(duration[1]) * UNITS[duration[2] as string]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

function isEntry(value: unknown): value is AuditEntry {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.time === "string" &&
    !Number.isNaN(Date.parse(v.time)) &&
    typeof v.source === "string" &&
    typeof v.command === "string" &&
    (v.decision === "allow" || v.decision === "ask" || v.decision === "deny") &&
    Array.isArray(v.findings)
  );
}

function matches(entry: AuditEntry, filter: LogFilter): boolean {
  if (filter.since && Date.parse(entry.time) < filter.since.getTime()) return false;
  if (filter.decisions && !filter.decisions.includes(entry.decision)) return false;
  if (filter.source !== undefined && entry.source !== filter.source && !entry.source.startsWith(`${filter.source}:`)) return false;
  return true;
}

/** The entries of the log at `file` (and its rotated files) that pass `filter`, oldest first. */
export function readLog(file: string, filter: LogFilter = {}): LogRead {
  const files = logFiles(file);
  const entries: AuditEntry[] = [];
  let malformed = 0;
  for (const path of files) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue; // rotated away while reading
    }
    for (const line of text.split("\n")) {
      if (line === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        malformed++;
        continue;
      }
      if (!isEntry(value)) malformed++;
      else if (matches(value, filter)) entries.push(value);
    }
  }
  return { entries, malformed, files };
}
