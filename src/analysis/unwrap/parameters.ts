/**
 * Reading variables in words: which variable a run-time span reads (`$k`, `${k:-W}`, `${k%.pub}`,
 * `$1`, `"$@"`), read at the span's start so a nested word is never copied whole; plain text as
 * value pieces (`~/.ssh/id_*`, `"$HOME"/.aws`); and what stands for a part still unknown.
 */

import type { SimpleCommand, Word } from "../../facts/types.js";
import type { Piece } from "./known-values.js";

/** A word of a list read as text: plain characters after an optional `~` or `$HOME`, quotes around plain text. */
const PLAIN = /^(?:~|"?\$\{?HOME\}?"?)?(?:[^\s'"`$\\()<>|&;]|"[^"$`\\]*")*$/;
const HOME_START = /^(?:~|"?\$\{?HOME\}?"?)(?=\/|"|$)/;
const GLOB = /[*?[]/;
/** `$x` or `${x` then a subscript and an operator, read at a span's start (sticky: nothing before it is scanned). */
const NAME_AT = /\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9@*])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(\[[^\]]*\])?(:?[-=?+]|%%?|##?|\/\/?|\^\^?|,,?|:|@)?)/y;
/** A default longer than this is not read as text (it would be copied at every level of a nested word). */
const MAX_FALLBACK = 256;
export interface Parameter {
  name: string;
  /** The operator (`:-`, `%`, `//`, `:+`, …; "" for none) and the text after it (null past MAX_FALLBACK characters). */
  op: string;
  arg: string | null;
  /** `${x:-W}`, `${x=W}`: W, what it is when x is unset (and, with `=`, what x becomes). */
  fallback: string | null;
  assigns: boolean;
}

/**
 * The variable the run-time span [s, e) of `v` reads, with its operator (`${k%.pub}`), or null
 * (`${#k}`, `${!k}`, `$(…)`). Reads the span from its start, never copies it whole.
 */
export function parameterAt(v: string, s: number, e: number): Parameter | null {
  NAME_AT.lastIndex = s;
  const m = NAME_AT.exec(v);
  if (m === null) return null;
  const end = s + m[0].length;
  if (m[1] !== undefined) return end === e ? { name: m[1], op: "", arg: null, fallback: null, assigns: false } : null;
  if (v.charCodeAt(e - 1) !== 125 /* } */ || end > e - 1) return null;
  const op = m[4] ?? "";
  if (op === "" && end !== e - 1) return null;
  const arg = e - 1 - end <= MAX_FALLBACK ? v.slice(end, e - 1) : null;
  const defaulting = op === "-" || op === ":-" || op === "=" || op === ":=";
  return { name: m[2] as string, op, arg, fallback: defaulting ? arg : null, assigns: op === "=" || op === ":=" };
}

/** parameterAt over a whole span's text. */
export function parameterOf(text: string): Parameter | null {
  return parameterAt(text, 0, text.length);
}

/** A plain word of a list or a default (`~/.ssh/id_*`, `"$HOME"/.aws`, `build`) as pieces, or null. */
export function textPieces(raw: string): Piece[] | null {
  if (!PLAIN.test(raw)) return null;
  const home = HOME_START.exec(raw);
  const tail = raw.slice(home === null ? 0 : home[0].length).replace(/"/g, "");
  const pieces: Piece[] = home === null ? [] : [{ text: "${HOME}", kind: 2 }];
  if (tail !== "") pieces.push({ text: tail, kind: GLOB.test(tail) ? 3 : 1 });
  return pieces;
}

const DEFAULT_AT = /\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=]/y;
const ASSIGNING_AT = /\$\{[A-Za-z_][A-Za-z0-9_]*:?=/y;
/** Whether a span of `w` starts with `re` (sticky). */
const spanStarts = (re: RegExp, w: Word | null): boolean => {
  if (w === null || w.dynamic === null) return false;
  for (const [s] of w.dynamic) {
    re.lastIndex = s;
    if (re.test(w.value)) return true;
  }
  return false;
};

/** Whether `sc` writes a default (`"${f:-~/.bashrc}"`): worth a parse again with no value on the line. */
export function hasDefault(sc: SimpleCommand): boolean {
  for (const w of sc.argv) if (spanStarts(DEFAULT_AT, w)) return true;
  for (const r of sc.redirects) if (spanStarts(DEFAULT_AT, r.target)) return true;
  return false;
}

/** Whether the span of `v` at `s` is a default that assigns (`${k:=W}`). */
export function assignsAt(v: string, s: number): boolean {
  ASSIGNING_AT.lastIndex = s;
  return ASSIGNING_AT.test(v);
}

/**
 * A part still unknown with the values in, written `${X:?}`: never empty, so the parse again does
 * not repeat what the command as written says about an empty variable (`rm -rf "$D/"`). HOME and
 * PWD stay as they are: the checks read them as the directories they are.
 */
export function unknownText(name: string | null): string {
  return name === "HOME" || name === "PWD" ? `\${${name}}` : `\${${name ?? "__dynamic"}:?}`;
}
