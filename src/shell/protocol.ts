/**
 * The line protocol between the shell hooks and the hook worker (src/shell/worker.ts). It is
 * designed to be written and read by bash, zsh and fish builtins alone — no JSON in the shell:
 *
 * request, one line:  id TAB mode TAB shell TAB cwd TAB command
 *   - `mode` is `-` for "the config's shell.mode"; `shell` is bash, zsh or fish, the dialect the
 *     line is read in (src/analysis/dialects/);
 *   - `cwd` and `command` are escaped: `\` → `\\`, newline → `\n`, tab → `\t`, CR → `\r`.
 *
 * reply, one line:    id TAB decision TAB flags TAB mode TAB onError TAB text
 *   - `decision` is allow, ask, deny or error;
 *   - `flags` is `-` or letters: `p` = the line does not parse (it may be incomplete);
 *   - `mode` is the mode that decided (`-` on error), `onError` the config's shell.onError
 *     (`-` when the config could not be read);
 *   - `text` is what to show the person: lines joined by U+001F, no tabs, `-` when empty.
 *
 * No field is ever empty, so a shell may split on tabs without losing fields.
 */

import { oneLine, formatFinding, type Style } from "../render/format.js";
import type { Decision } from "../engine/types.js";
import { DIALECTS, type Dialect } from "../analysis/dialects/index.js";

/** A hook's shell is the dialect its lines are read in. */
export type HookShell = Dialect;
export const HOOK_SHELLS: readonly HookShell[] = DIALECTS;

export interface HookRequest {
  id: string;
  /** null: the config's shell.mode. */
  mode: string | null;
  shell: HookShell;
  cwd: string;
  command: string;
}

export type ReplyDecision = "allow" | "ask" | "deny" | "error";

export interface HookReply {
  id: string;
  decision: ReplyDecision;
  /** The line does not parse (a shell may treat it as incomplete). */
  parseError: boolean;
  mode: string | null;
  onError: "allow" | "deny" | null;
  /** Lines to show; empty for a silent allow. */
  lines: string[];
}

/** Field separator and the separator of display lines inside the text field. */
export const TAB = "\t";
export const LINE_SEP = "\u001f";

export function escapeField(s: string): string {
  return s.replace(/[\\\n\t\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\t" ? "\\t" : "\\r"));
}

export function unescapeField(s: string): string {
  return s.replace(/\\([\\ntr])?/g, (_m, c: string | undefined) =>
    c === undefined ? "\\" : c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : "\\",
  );
}

export function formatRequest(r: HookRequest): string {
  return [r.id, r.mode ?? "-", r.shell, escapeField(r.cwd), escapeField(r.command)].join(TAB);
}

export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly id: string | null,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

/** Parse one request line (without its newline). Throws ProtocolError. */
export function parseRequest(line: string): HookRequest {
  const parts = line.split(TAB);
  const id = parts[0] ?? "";
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(id)) throw new ProtocolError("bad request id", null);
  if (parts.length !== 5) throw new ProtocolError(`a request has 5 tab-separated fields, this one has ${parts.length}`, id);
  const [, mode, shell, cwd, command] = parts as [string, string, string, string, string];
  if (!(HOOK_SHELLS as readonly string[]).includes(shell)) throw new ProtocolError(`unknown shell "${oneLine(shell)}"`, id);
  return { id, mode: mode === "-" || mode === "" ? null : mode, shell: shell as HookShell, cwd: unescapeField(cwd), command: unescapeField(command) };
}

/** A display line made safe for the reply: no tabs, no line separators, no control characters. */
function cleanLine(s: string): string {
  // Keep ESC only as part of SGR colour sequences produced by the Style, drop anything else.
  // eslint-disable-next-line no-control-regex
  return s.replace(/\t/g, "    ").replace(/\u001b(?!\[[0-9;]*m)/g, "\ufffd").replace(/[\u0000-\u0008\u000a-\u001a\u001c-\u001f\u007f]/g, "\ufffd");
}

export function formatReply(r: HookReply): string {
  const text = r.lines.length ? r.lines.map(cleanLine).join(LINE_SEP) : "-";
  return [r.id, r.decision, r.parseError ? "p" : "-", r.mode ?? "-", r.onError ?? "-", text].join(TAB);
}

export function parseReply(line: string): HookReply {
  const parts = line.split(TAB);
  if (parts.length < 6) throw new ProtocolError("short reply", parts[0] ?? null);
  const [id, decision, flags, mode, onError] = parts as [string, string, string, string, string];
  const text = parts.slice(5).join(TAB);
  return {
    id,
    decision: decision as ReplyDecision,
    parseError: flags.includes("p"),
    mode: mode === "-" ? null : mode,
    onError: onError === "allow" || onError === "deny" ? onError : null,
    lines: text === "-" ? [] : text.split(LINE_SEP),
  };
}

const MAX_FINDINGS = 6;

/**
 * What the hook shows for a decision: nothing for allow; for ask and deny the reason, then each
 * finding with the offending part underlined (at most six), then, for ask, the suggested rules.
 */
export function displayLines(d: Decision, s: Style): string[] {
  if (d.decision === "allow") return [];
  const color = d.decision === "deny" ? s.red : s.yellow;
  const label = d.decision === "deny" ? "denied" : "asks";
  const lines = [`${s.bold("shellguard")} ${s.bold(color(label))}: ${oneLine(d.reason)}`];
  for (const f of d.findings.slice(0, MAX_FINDINGS)) lines.push(...formatFinding(f, d.command, s));
  if (d.findings.length > MAX_FINDINGS) lines.push(s.dim(`  … and ${d.findings.length - MAX_FINDINGS} more (shellguard explain shows them all)`));
  if (d.decision === "ask" && d.suggestions.length && !d.safety) {
    lines.push(s.dim(`  to allow it from now on, add to rules.allow: ${d.suggestions.map((r) => oneLine(JSON.stringify(r))).join(", ")}`));
  }
  return lines;
}
