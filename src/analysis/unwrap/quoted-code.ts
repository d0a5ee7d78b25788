/**
 * Single quotes bash does not honour as quotes. Inside arithmetic (`(( ))`, `$(( ))`, `$[ ]`),
 * array subscripts (`a['…']=1`, `${a['…']}`, `u+=(['…']=1)`), the word of a `${…}` operator in
 * double quotes or a heredoc, and a compound assignment quoted for declare to parse (`declare -a
 * 'x=(…)'`), `'$(cmd)'` is no literal: bash runs cmd. tree-sitter reads a raw string there, so the
 * substitution is never a node. Each such text is parsed again with its quotes taken out, which
 * shows its substitutions as commands; a quoted compound assignment built at run time
 * (`declare -a "y=($v)"`) is code nobody can read.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import { hasName } from "../../facts/names.js";
import type { Nest, Origin, UnwrapResult } from "./types.js";

/** Without its single quotes (and the `$` of `$'`), as bash reads the text there. */
const unquoted = (text: string): string => text.replace(/\$?'/g, "");
const SUBSTITUTION = /\$\(|`/;
/** `NAME=(`, `NAME[…]=`, `NAME+=(` as a cooked word's value: what declare parses as an assignment. */
const COMPOUND = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=\(/;
const SUBSCRIPTED = /^[A-Za-z_][A-Za-z0-9_]*\[[^\]]*\]\+?=/;
const DECLARES: ReadonlySet<string> = new Set(["declare", "typeset", "local", "readonly", "export"]);

/** A quote, then a command substitution or a backtick later in `text` (linear: two scans). */
function quoteThenSubstitution(text: string): boolean {
  const q = text.indexOf("'");
  return q >= 0 && (text.indexOf("$(", q) >= 0 || text.indexOf("`", q) >= 0);
}

/** Whether a parse may hold such text at all: a quote before a substitution somewhere in it. */
export function mayHoldQuotedCode(facts: Facts): boolean {
  return quoteThenSubstitution(facts.source);
}

/**
 * Arithmetic and `${…}` spans of the parse whose quoted text holds a substitution: parsed again,
 * outermost only. Linear in the line however deep the spans nest: the next quote and the next
 * substitution after each offset are found in two passes, and a span inside a taken one is skipped
 * through its parent (constructs come parent first).
 */
export function quotedCodeSpans(facts: Facts, origin: Origin, nest: Nest): void {
  const src = facts.source;
  const n = src.length;
  const nextQuote = new Int32Array(n + 1).fill(n);
  const nextSub = new Int32Array(n + 1).fill(n);
  for (let i = n - 1; i >= 0; i--) {
    const c = src.charCodeAt(i);
    nextQuote[i] = c === 39 /* ' */ ? i : (nextQuote[i + 1] as number);
    nextSub[i] = c === 96 /* ` */ || (c === 36 /* $ */ && src.charCodeAt(i + 1) === 40) /* ( */ ? i : (nextSub[i + 1] as number);
  }
  const constructs = facts.constructs;
  const covered = new Uint8Array(constructs.length);
  for (let i = 0; i < constructs.length; i++) {
    const k = constructs[i] as (typeof constructs)[number];
    if (k.parent >= 0 && k.parent < i && covered[k.parent] === 1) {
      covered[i] = 1;
      continue;
    }
    const arithmetic = k.type === "arithmetic_expansion" || (k.type === "compound_statement" && src.startsWith("((", k.start));
    if (!arithmetic && k.type !== "expansion") continue;
    const q = nextQuote[k.start] as number;
    if (q >= k.end || (nextSub[q] as number) >= k.end) continue;
    covered[i] = 1;
    const text = src.slice(k.start, k.end);
    nest(k.type === "compound_statement" ? unquoted(text) : `: ${unquoted(text)}`, origin.range ?? [k.start, k.end], null);
  }
}

/** `[…]=` subscripts of an assignment's text, as bash evaluates them (an indexed array's as arithmetic). */
const SUBSCRIPT = /\[([^\]]*)\]\+?=/g;

/** Each subscript of `text` whose quoted part holds a substitution, parsed again as the arithmetic it is. */
function subscripts(text: string, range: [number, number], nest: Nest): void {
  for (const m of text.matchAll(SUBSCRIPT)) {
    const sub = m[1] as string;
    if (quoteThenSubstitution(sub)) nest(`: $(( ${unquoted(sub)} ))`, range, null);
  }
}

/**
 * Subscripts of assignments (`a['$(id)']=1`, `u+=(['$(id)']=1)`, `declare -A m=(['$(id)']=1)`;
 * `quoted`: the parse may hold such text), and declare's quoted assignments (`declare -a
 * 'x=($(id))'`), whose run-time compound ones are findings.
 */
export function quotedCodeIn(sc: SimpleCommand, facts: Facts, origin: Origin, nest: Nest, out: UnwrapResult, quoted: boolean): void {
  const src = facts.source;
  if (quoted) for (const a of sc.assignments) subscripts(src.slice(a.start, a.end), origin.range ?? [a.start, a.end], nest);
  const first = sc.argv[0];
  if (first === undefined || !hasName(DECLARES, first.value)) return;
  for (let k = 1; k < sc.argv.length; k++) {
    const w = sc.argv[k] as Word;
    const value = w.value;
    if (!(COMPOUND.test(value) || SUBSCRIPTED.test(value))) continue;
    const range = origin.range ?? [w.start, w.end];
    const text = src.slice(w.start, w.end);
    // Written as syntax (`declare -a x=(…)`), bash parsed it already, and so did tree-sitter: only its subscripts.
    if (COMPOUND.test(text) || SUBSCRIPTED.test(text)) {
      if (quoted) subscripts(text, range, nest);
    } else if (w.dynamic !== null && COMPOUND.test(value)) {
      out.findings.push({ id: "shell/opaque-code", message: `${first.value} parses '${value}' as a compound assignment, and its run-time part is code then ($( ) and backticks in it run); write the array out as syntax: name=( … ).`, start: range[0], end: range[1] });
    } else if (SUBSTITUTION.test(value)) nest(value, range, null);
  }
}
