/**
 * The words of a command as bash sees them before running it: braces expanded, `env -S` strings
 * split, `xargs -I{}` replace strings and `find {}` placeholders known only at run time.
 */

import type { Word } from "../../facts/types.js";
import { splitEnvString as envWords } from "../env-split.js";

/** A word whose whole value is filled in at run time. */
export const DYNAMIC_WORD = (start: number, end: number, value: string): Word => ({
  value, start, end, quoted: false, glob: false, tilde: false, dynamic: [[0, value.length]],
});

/** Longest dynamic part read for a placeholder; a longer one is taken to hold it (a word nested n deep holds n levels: reading each would be quadratic). */
const SCAN_MAX = 512;

/** A dynamic part (a substitution's text) that may print what `test` looks for. */
export const mayPrint = (part: string, test: (text: string) => boolean): boolean => part.length > SCAN_MAX || test(part);

/**
 * Some part of `w` passes `test` where a runner (xargs' `-I R`, find's `{}`) replaces its
 * placeholder: a part the shell hands over, or a substitution that may print it (`$(echo {})`).
 */
export function partHolds(w: Word, test: (text: string) => boolean): boolean {
  if (w.dynamic === null) return test(w.value);
  let pos = 0;
  for (const [s, e] of w.dynamic) {
    if (s > pos && test(w.value.slice(pos, s))) return true;
    if (mayPrint(w.value.slice(s, e), test)) return true;
    pos = e;
  }
  return pos < w.value.length && test(w.value.slice(pos));
}

/** `token` is in `w` where a runner replaces it: written, or printed by a substitution that names it. */
export const holdsToken = (w: Word, token: string): boolean => partHolds(w, (text) => text.includes(token));

/** `xargs -I{} cmd {}`: the words holding the replace string are filled in at run time. */
export function markReplaced(words: readonly Word[], from: number, replace: string): readonly Word[] {
  if (replace === "") return words;
  return words.map((w, k) => (k >= from && holdsToken(w, replace) ? DYNAMIC_WORD(w.start, w.end, w.value) : w));
}

/** `env -S 'a b'` (or `-Sa b`, `--split-string=...`) splits its string into words: make them real words. */
export function splitEnvString(words: readonly Word[], i: number): readonly Word[] {
  for (let k = i + 1; k < words.length; k++) {
    const a = (words[k] as Word).value;
    let raw: string | undefined;
    let next = k + 1;
    if (a === "-S" || a === "--split-string") {
      raw = words[k + 1]?.value;
      next = k + 2;
    } else if (/^-[^-]*S/.test(a) && !a.startsWith("--")) {
      raw = a.slice(a.indexOf("S") + 1) || words[k + 1]?.value;
      if (a.endsWith("S")) next = k + 2;
    } else if (a.startsWith("--split-string=")) {
      raw = a.slice("--split-string=".length);
    } else if (!a.startsWith("-")) {
      return words;
    }
    if (raw === undefined) continue;
    const w = words[k] as Word;
    // A string env would refuse is kept as one word known only at run time: fail closed.
    const pieces = envWords(raw) ?? [{ value: raw, dynamic: true }];
    const split = pieces.map((p): Word => ({ ...w, value: p.value, dynamic: p.dynamic || (w.dynamic !== null && p.value.includes("$")) ? [[0, p.value.length]] : null }));
    return [...words.slice(0, k), ...split, ...words.slice(next)];
  }
  return words;
}

/** A glob that matches file names: `*`, `?`, or a bracket expression `[...]` (a lone `[` is the test command). */
export function isPattern(v: string): boolean {
  return /[*?]|\[[^\]]+\]/.test(v);
}

const BRACE_LIMIT = 64;

/**
 * Brace expansion, as bash does it before anything else: `{rm,-rf,~}` is three words, `r{m,}`
 * two. Words are expanded in place (capped at BRACE_LIMIT results each); `{}` and `{a}` stay.
 */
export function expandBraces(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    if (!(w.glob && w.dynamic === null && w.value.includes("{"))) {
      out.push(w);
      continue;
    }
    const values = expandBrace(w.value, 0);
    if (values.length === 1 && values[0] === w.value) out.push(w);
    else for (const v of values) out.push({ ...w, value: v, tilde: v.startsWith("~"), glob: /[*?[]/.test(v) });
  }
  return out;
}

function expandBrace(s: string, depth: number): string[] {
  if (depth > 8) return [s];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c !== "{") continue;
    let level = 0;
    let j = i;
    const commas: number[] = [];
    for (; j < s.length; j++) {
      const d = s[j];
      if (d === "\\") j++;
      else if (d === "{") level++;
      else if (d === "}" && --level === 0) break;
      else if (d === "," && level === 1) commas.push(j);
    }
    if (j >= s.length) return [s];
    const body = s.slice(i + 1, j);
    let alts: string[] | null = null;
    if (commas.length > 0) {
      alts = [];
      let from = i + 1;
      for (const k of commas) {
        alts.push(s.slice(from, k));
        from = k + 1;
      }
      alts.push(s.slice(from, j));
    } else {
      alts = sequence(body);
    }
    if (alts === null) continue;
    const pre = s.slice(0, i);
    const post = s.slice(j + 1);
    const out: string[] = [];
    for (const a of alts) {
      for (const r of expandBrace(pre + a + post, depth + 1)) {
        out.push(r);
        if (out.length >= BRACE_LIMIT) return out;
      }
    }
    return out;
  }
  return [s];
}

/** `{1..5}`, `{a..e}`, `{10..1..2}`. */
export function sequence(body: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (m === null) return null;
  const [a, b] = [m[1] as string, m[2] as string];
  const numeric = /\d/.test(a) && /\d/.test(b);
  if (!numeric && (/\d/.test(a) || /\d/.test(b))) return null;
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)));
  const out: string[] = [];
  for (let k = from; from <= to ? k <= to : k >= to; k += from <= to ? step : -step) {
    out.push(numeric ? String(k) : String.fromCharCode(k));
    if (out.length >= BRACE_LIMIT) break;
  }
  return out;
}
