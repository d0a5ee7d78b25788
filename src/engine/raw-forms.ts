/**
 * Forms for deny rules when the analysis failed: the raw text cut at every shell separator, with
 * one level of quoting removed the way bash removes it (`$'\x72m'` decoded), then again for the
 * strings that held quoting themselves (`bash -c 'sh -c '\''rm x'\'''`), up to MAX_DEPTH levels;
 * each form also with every path-like word by its last segment (`/bin/rm` → `rm`) and glued
 * option values apart. Coarse on
 * purpose — it errs toward matching, since the command could not be analysed — and each level is
 * one linear pass.
 */

import { MAX_DEPTH } from "../analysis/unwrap/index.js";

const SEPARATORS = new Set([";", "&", "|", "(", ")", "`", "{", "}", "<", ">", "\n", "\r"]);
const DOUBLE_ESCAPES = new Set(["$", "`", '"', "\\"]);
const ANSI_C: Readonly<Record<string, string>> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const NEEDS_ANOTHER_LEVEL = /['"\\;&|(){}<>`\n]/;

/** Decode `$'...'` from `i` (just past the quote): the text and the index of the closing quote. */
function ansiC(source: string, i: number): { text: string; end: number } {
  let text = "";
  for (; i < source.length && source[i] !== "'"; i++) {
    const c = source[i]!;
    if (c !== "\\") {
      text += c;
      continue;
    }
    const e = source[++i] ?? "";
    const hex = e === "x" ? /^[0-9a-fA-F]{1,2}/.exec(source.slice(i + 1, i + 3)) : null;
    const oct = /^[0-7]{1,3}/.exec(source.slice(i, i + 3));
    if (hex) {
      text += String.fromCharCode(parseInt(hex[0], 16));
      i += hex[0].length;
    } else if (oct) {
      text += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
      i += oct[0].length - 1;
    } else text += ANSI_C[e] ?? e;
  }
  return { text, end: i };
}

/** One level: cut at unquoted separators, quotes and escapes removed. */
function unquoteLevel(source: string, out: string[]): void {
  let segment = "";
  const flush = (): void => {
    const form = segment.replace(/\s+/g, " ").trim();
    if (form !== "") out.push(form);
    segment = "";
  };
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else segment += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && DOUBLE_ESCAPES.has(source[i + 1] ?? "")) segment += source[++i];
      else if (c === "\\" && source[i + 1] === "\n") i++;
      else segment += c;
    } else if (c === "\\") {
      // `\_` is a blank to `env -S`; a line continuation is nothing; anything else is itself.
      const next = source[++i];
      if (next === "_") segment += " ";
      else if (next !== undefined && next !== "\n") segment += next;
    } else if (c === "$" && source[i + 1] === "'") {
      const { text, end } = ansiC(source, i + 2);
      segment += text;
      i = end;
    } else if (c === "'" || c === '"') quote = c;
    else if (SEPARATORS.has(c)) flush();
    else segment += c;
  }
  flush();
}

/** Every path-like word by its last segment; a word glued to an option (`--split-string=rm`, `-Srm`) apart. */
function lastSegments(form: string): string {
  const apart = form.replace(/=/g, " ").replace(/(^| )-S(?=\S)/g, "$1-S ");
  return apart.split(" ").map((w) => (w.includes("/") ? w.slice(w.lastIndexOf("/") + 1) || w : w)).join(" ");
}

export function rawForms(source: string): string[] {
  const forms: string[] = [];
  let level = [source];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const text of level) unquoteLevel(text, next);
    level = [];
    for (const form of next) {
      forms.push(form);
      const named = lastSegments(form);
      if (named !== form) forms.push(named);
      if (NEEDS_ANOTHER_LEVEL.test(form)) level.push(form);
    }
  }
  return forms;
}
