/**
 * Word cooking for the reference extractor: quote removal and escape decoding exactly as
 * docs/facts.md says. Works on a minimal node interface so it stays independent of the parser.
 */

import { gluedNameOk } from "./bash-reading.js";
import type { Span, Word } from "./types.js";

export interface CookNode {
  type: string;
  isNamed: boolean;
  startIndex: number;
  endIndex: number;
  childCount: number;
  child(i: number): CookNode | null;
}

/** Node kinds whose value is only known at run time: kept as source text, marked dynamic. */
export const DYNAMIC_KINDS: ReadonlySet<string> = new Set([
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
  "array",
]);

const GLOB_CHARS = new Set(["*", "?", "[", "{"]);

/** Accumulates one word's value, flags and dynamic spans. */
class WordBuilder {
  value = "";
  quoted = false;
  glob = false;
  tilde = false;
  spans: Span[] | null = null;

  dynamic(text: string): void {
    (this.spans ??= []).push([this.value.length, this.value.length + text.length]);
    this.value += text;
  }
}

/** Unquoted word text: `\x` → `x`, `\`+newline → nothing. `atStart`: first text of the word. */
function cookUnquoted(b: WordBuilder, text: string, atStart: boolean): void {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") {
      b.quoted = true;
      const next = text[i + 1];
      if (next === undefined) {
        out += "\\";
      } else if (next === "\n") {
        i++;
      } else if (next === "\r" && text[i + 2] === "\n") {
        i += 2;
      } else {
        out += next;
        i++;
      }
      continue;
    }
    // an extglob pattern (`@(a|b)`: bash-reading.ts parseCopy let tree-sitter read it as word text)
    if (GLOB_CHARS.has(c) || (c === "(" && i > 0 && "?*+@!".includes(text[i - 1] as string))) b.glob = true;
    if (c === "~" && atStart && i === 0) b.tilde = true;
    out += c;
  }
  b.value += out;
}

/** Text inside double quotes: `\$ \` \" \\` → the character, `\`+newline → nothing. */
export function unescapeDouble(text: string, extra = '"'): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\" && i + 1 < text.length) {
      const next = text[i + 1] as string;
      if (next === "$" || next === "`" || next === "\\" || extra.includes(next)) {
        out += next;
        i++;
        continue;
      }
      if (next === "\n") {
        i++;
        continue;
      }
      if (next === "\r" && text[i + 2] === "\n") {
        i += 2;
        continue;
      }
    }
    out += c;
  }
  return out;
}

function hexValue(c: string | undefined): number {
  if (c === undefined) return -1;
  const v = parseInt(c, 16);
  return Number.isNaN(v) ? -1 : v;
}

function fromCodePoint(cp: number): string {
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(cp);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};

/** The body of `$'...'`, escapes decoded as bash does. */
export function decodeAnsiC(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== "\\" || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const e = text[i + 1] as string;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (e >= "0" && e <= "7") {
      let v = 0;
      let j = i + 1;
      while (j < text.length && j < i + 4 && (text[j] as string) >= "0" && (text[j] as string) <= "7") {
        v = v * 8 + ((text[j] as string).charCodeAt(0) - 48);
        j++;
      }
      out += String.fromCharCode(v & 0xff);
      i = j - 1;
    } else if (e === "x" || e === "u" || e === "U") {
      const max = e === "x" ? 2 : e === "u" ? 4 : 8;
      let v = 0;
      let j = i + 2;
      while (j < text.length && j < i + 2 + max && hexValue(text[j]) >= 0) {
        v = v * 16 + hexValue(text[j]);
        j++;
      }
      if (j === i + 2) {
        out += "\\" + e; // no digits: kept as written
        i++;
      } else {
        out += e === "x" ? String.fromCharCode(v) : fromCodePoint(v);
        i = j - 1;
      }
    } else if (e === "c" && i + 2 < text.length) {
      out += String.fromCharCode((text[i + 2] as string).charCodeAt(0) & 0x1f);
      i += 2;
    } else {
      out += "\\" + e;
      i++;
    }
  }
  return out;
}

function cookInto(b: WordBuilder, node: CookNode, source: string, atStart: boolean): void {
  const text = source.slice(node.startIndex, node.endIndex);
  switch (node.type) {
    case "word":
      cookUnquoted(b, text, atStart);
      return;
    case "raw_string":
      b.quoted = true;
      b.value += text.slice(1, -1);
      return;
    case "ansi_c_string":
      b.quoted = true;
      b.value += decodeAnsiC(text.slice(2, -1));
      return;
    case "string":
    case "translated_string":
      b.quoted = true;
      cookQuoted(b, node, source);
      return;
    case "concatenation":
      cookChildren(b, node, source, atStart, false);
      return;
    case "brace_expression":
    case "extglob_pattern":
      b.glob = true;
      b.value += text;
      return;
    default:
      if (DYNAMIC_KINDS.has(node.type)) b.dynamic(text);
      else b.value += text; // number, regex, and anything else: the text as written
  }
}

/** A concatenation (or a command_name): children by kind, gaps as unquoted word text. */
function cookChildren(b: WordBuilder, node: CookNode, source: string, atStart: boolean, _q: boolean): void {
  let pos = node.startIndex;
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as CookNode;
    if (c.startIndex > pos) cookUnquoted(b, source.slice(pos, c.startIndex), atStart && pos === node.startIndex);
    cookInto(b, c, source, atStart && c.startIndex === node.startIndex);
    pos = c.endIndex;
  }
  if (node.endIndex > pos) cookUnquoted(b, source.slice(pos, node.endIndex), atStart && pos === node.startIndex);
}

/** A `"..."` or `$"..."`: text between the quotes, expansion children dynamic. */
function cookQuoted(b: WordBuilder, node: CookNode, source: string): void {
  let open = node.startIndex + 1;
  if (source[node.startIndex] === "$") open++;
  const close = node.endIndex > open && source[node.endIndex - 1] === '"' ? node.endIndex - 1 : node.endIndex;
  let pos = open;
  const stack: CookNode[] = [node];
  // translated_string wraps a string: descend to the string itself.
  while (stack.length > 0) {
    const n = stack.pop() as CookNode;
    for (let i = 0; i < n.childCount; i++) {
      const c = n.child(i) as CookNode;
      if (!DYNAMIC_KINDS.has(c.type)) {
        if (c.type === "string") stack.push(c);
        continue;
      }
      if (c.startIndex < pos || c.endIndex > close) continue;
      b.value += unescapeDouble(source.slice(pos, c.startIndex));
      b.dynamic(source.slice(c.startIndex, c.endIndex));
      pos = c.endIndex;
    }
  }
  b.value += unescapeDouble(source.slice(pos, close));
}

function finish(b: WordBuilder, start: number, end: number): Word {
  return { value: b.value, start, end, quoted: b.quoted, glob: b.glob, tilde: b.tilde, dynamic: b.spans };
}

/** Cooks a word-like node (the child of command_name, an argument, a redirect target). */
export function cookWord(node: CookNode, source: string): Word {
  const b = new WordBuilder();
  if (node.type === "command_name") cookChildren(b, node, source, true, false);
  else cookInto(b, node, source, true);
  return finish(b, node.startIndex, node.endIndex);
}

/** A heredoc body: like a double-quoted string (unquoted delimiter) or literal (quoted one). */
export function cookHeredocBody(node: CookNode, source: string, literal: boolean): Word {
  const b = new WordBuilder();
  b.quoted = literal;
  if (literal) {
    b.value = source.slice(node.startIndex, node.endIndex);
    return finish(b, node.startIndex, node.endIndex);
  }
  let pos = node.startIndex;
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i) as CookNode;
    if (!DYNAMIC_KINDS.has(c.type)) continue;
    b.value += unescapeDouble(source.slice(pos, c.startIndex), "");
    b.dynamic(source.slice(c.startIndex, c.endIndex));
    pos = c.endIndex;
  }
  b.value += unescapeDouble(source.slice(pos, node.endIndex), "");
  return finish(b, node.startIndex, node.endIndex);
}

/** Joins `NAME=` and a cooked value into one word (declaration arguments). */
export function prefixWord(prefix: string, value: Word | null, start: number, end: number): Word {
  if (value === null) return { value: prefix, start, end, quoted: false, glob: false, tilde: false, dynamic: null };
  const spans = value.dynamic?.map(([s, e]): Span => [s + prefix.length, e + prefix.length]) ?? null;
  return { value: prefix + value.value, start, end, quoted: value.quoted, glob: value.glob, tilde: false, dynamic: spans };
}

/** Only `\`+newline pairs, or nothing (two words touching). */
const CONTINUATIONS = /^(?:\\\n)*$/;

/**
 * `a\`+newline+`b` (any number of such pairs between), and two words with nothing between
 * (`readel\`x\`f`): tree-sitter splits them, bash does not. Merges
 * such neighbours, and adds the start of each gap it merged to `glued` — unless the glued word is
 * argv[0] and bash would read it as an assignment or reserved word (docs/facts.md).
 */
export function mergeContinuations(words: Word[], source: string, glued?: Set<number>): Word[] {
  if (words.length < 2) return words;
  const out: Word[] = [words[0] as Word];
  for (let i = 1; i < words.length; i++) {
    const prev = out[out.length - 1] as Word;
    const w = words[i] as Word;
    const gap = source.slice(prev.end, w.start);
    if (w.start >= prev.end && CONTINUATIONS.test(gap)) {
      const shift = prev.value.length;
      const spans = prev.dynamic || w.dynamic
        ? [...(prev.dynamic ?? []), ...(w.dynamic ?? []).map(([s, e]): Span => [s + shift, e + shift])]
        : null;
      const merged: Word = {
        value: prev.value + w.value, start: prev.start, end: w.end, quoted: prev.quoted || w.quoted,
        glob: prev.glob || w.glob, tilde: prev.tilde, dynamic: spans,
      };
      out[out.length - 1] = merged;
      if (out.length > 1 || gluedNameOk(merged.value)) glued?.add(prev.end);
    } else {
      out.push(w);
    }
  }
  return out;
}
