/** Human output shared by the CLI, lint and the shell hook: colour (FORCE_COLOR, else TTY only and never with NO_COLOR), underlined spans, sanitised text. */

import type { Finding } from "../analysis/types.js";
import type { Decision } from "../engine/types.js";
import type { Env } from "../config/env.js";

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const code = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plainFn = (s: string) => s;

export const COLOR: Style = { bold: code(1, 22), dim: code(2, 22), red: code(31, 39), green: code(32, 39), yellow: code(33, 39), cyan: code(36, 39) };
export const PLAIN: Style = { bold: plainFn, dim: plainFn, red: plainFn, green: plainFn, yellow: plainFn, cyan: plainFn };

/**
 * FORCE_COLOR as Node and chalk read it: `0` or `false` never, `1`, `2`, `3`, `true` or empty
 * always; unset (or anything else) leaves the choice to NO_COLOR and the terminal. The CLI's
 * `--color` / `--no-color` set it for the whole process (cli/main.ts), so every output follows.
 */
function forcedColor(env: Env): boolean | undefined {
  const force = env.FORCE_COLOR;
  if (force === undefined) return undefined;
  if (force === "0" || force === "false") return false;
  if (force === "" || force === "1" || force === "2" || force === "3" || force === "true") return true;
  return undefined;
}

/**
 * Colour when FORCE_COLOR asks for it; otherwise only when the stream is a terminal and NO_COLOR
 * is not set (https://no-color.org).
 */
export function styleFor(stream: { isTTY?: boolean }, env: Env = process.env): Style {
  const forced = forcedColor(env);
  if (forced !== undefined) return forced ? COLOR : PLAIN;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return stream.isTTY && !noColor ? COLOR : PLAIN;
}

/**
 * Replace control characters (an escape sequence in a command must not repaint the terminal)
 * with U+FFFD, one for one, so columns stay aligned. Tabs and newlines are kept.
 */
export function sanitize(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, "\ufffd");
}

/** One line: newlines shown as ⏎. */
export function oneLine(text: string): string {
  return sanitize(text.replace(/\r?\n/g, "⏎"));
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Blank padding as wide as `text`, keeping tabs so the caret line lines up under tabs. */
function padFor(text: string): string {
  let out = "";
  for (const ch of text) out += ch === "\t" ? "\t" : isWide(ch.codePointAt(0)!) ? "  " : " ";
  return out;
}

function widthOf(text: string): number {
  let w = 0;
  for (const ch of text) w += ch === "\t" ? 8 : isWide(ch.codePointAt(0)!) ? 2 : 1;
  return w;
}

const MAX_LINE = 100;
const CONTEXT = 30;

/**
 * The line of `source` holding [start, end) and a caret line under the span (clipped to that
 * line; a long line is shown as a window around the span).
 */
export function underline(source: string, start: number, end: number): [string, string] {
  start = Math.max(0, Math.min(start, source.length));
  end = Math.max(start, Math.min(end, source.length));
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  let lineEnd = source.indexOf("\n", start);
  if (lineEnd === -1) lineEnd = source.length;
  const spanEnd = Math.min(end, lineEnd);
  let from = lineStart;
  let to = lineEnd;
  let head = "";
  let tail = "";
  if (lineEnd - lineStart > MAX_LINE) {
    from = Math.max(lineStart, start - CONTEXT);
    to = Math.min(lineEnd, Math.max(spanEnd, start + 1) + CONTEXT, from + Math.max(MAX_LINE, spanEnd - from));
    if (from > lineStart) head = "…";
    if (to < lineEnd) tail = "…";
  }
  const text = sanitize(source.slice(from, to).replace(/\r$/, ""));
  const before = sanitize(source.slice(from, start));
  const span = sanitize(source.slice(start, Math.min(spanEnd, to)));
  const carets = "^".repeat(Math.max(1, widthOf(span)));
  return [head + text + tail, padFor(head) + padFor(before) + carets];
}

const DECISION_STYLE: Record<Decision["decision"], keyof Style> = { allow: "green", ask: "yellow", deny: "red" };

export function formatFinding(f: Finding, source: string, s: Style, indent = "  "): string[] {
  const lines = [`${indent}${s.cyan(f.id)}: ${oneLine(f.message)}`];
  const [text, carets] = underline(source, f.start, f.end);
  lines.push(`${indent}    ${text}`, `${indent}    ${s.red(carets)}`);
  return lines;
}

/** The decision, the reason, each finding underlined, and the suggestions. */
export function formatDecision(d: Decision, s: Style): string {
  const label = s.bold(s[DECISION_STYLE[d.decision]](d.decision));
  const lines = [`${label}: ${oneLine(d.reason)}`];
  const meta = [`mode ${d.mode}`, `step ${d.step}`];
  if (d.rule !== null) meta.push(`rule ${JSON.stringify(d.rule)}`);
  if (d.safety) meta.push("safety");
  lines.push(s.dim(`  ${oneLine(meta.join(" · "))}`));
  for (const f of d.findings) lines.push(...formatFinding(f, d.command, s));
  if (d.suggestions.length) {
    const note = d.safety ? " (an allow rule does not silence a safety finding)" : "";
    lines.push(`  suggested allow rules${note}: ${d.suggestions.map((r) => oneLine(JSON.stringify(r))).join(", ")}`);
  }
  return lines.join("\n") + "\n";
}
