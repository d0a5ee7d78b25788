/** Command substitutions the parse leaves as text (backticks inside `${...}` and heredoc bodies). */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { Nest, Origin, UnwrapResult } from "./types.js";

/** `${x@P}` (also `${x[0]@P}`, `${!x@P}`): the value expanded as a prompt string. */
const PROMPT_EXPANSION = /\$\{!?[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?@P\}/;

/**
 * `x='$(rm -rf ~)'; echo ${x@P}`: prompt expansion runs the command substitutions and backticks
 * in the variable's value, which is only known at run time. Called only for a parse that holds
 * `@P` at all (unwrap/index.ts); then only words with a run-time part are read.
 */
export function promptExpansions(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult): void {
  const words: Word[] = [...sc.argv, ...sc.assignments.flatMap((a) => (a.value === null ? [] : [a.value])), ...sc.redirects.flatMap((r) => (r.target === null ? [] : [r.target]))];
  for (const w of words) {
    if (w.dynamic === null || !PROMPT_EXPANSION.test(facts.source.slice(w.start, w.end))) continue;
    const [start, end] = origin.range ?? [w.start, w.end];
    out.findings.push({ id: "shell/opaque-code", message: "A ${name@P} expansion runs every $( ) and backtick in the variable's value, which is only known at run time; expand it without @P.", start, end });
    return;
  }
}

/**
 * Command substitutions tree-sitter leaves as text: backticks inside `${...}` and inside an
 * unquoted heredoc body. Bash runs them; each is parsed again (backticks included, so default
 * mode still reports the substitution as a construct).
 */
export function hiddenSubstitutions(sc: SimpleCommand, facts: Facts, origin: Origin, nest: Nest): void {
  const argv = sc.argv;
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k] as Word;
    if (w.dynamic !== null) expansionBackticks(w, facts, origin, nest);
  }
  const assignments = sc.assignments;
  for (let k = 0; k < assignments.length; k++) {
    const a = assignments[k] as SimpleCommand["assignments"][number];
    if (a.value === null) continue;
    if (a.value.dynamic !== null) expansionBackticks(a.value, facts, origin, nest);
    // PROMPT_COMMAND='cmd' runs before every prompt.
    if (a.name === "PROMPT_COMMAND") nest(a.value.value, origin.range ?? [a.start, a.end], null);
  }
  const redirects = sc.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as SimpleCommand["redirects"][number];
    if (r.target !== null && r.target.dynamic !== null) expansionBackticks(r.target, facts, origin, nest);
    const body = r.body;
    if (body !== null && !body.quoted && backtickIn(facts, body.start, body.end)) {
      const text = facts.source.slice(body.start, body.end);
      if (text.includes("`")) for (const s of backticks(text)) nest(s, origin.range ?? [body.start, body.end], null);
    }
  }
}

/** Per parse: backticks before each offset (null: none in the line, the common case). */
const backtickCounts = new WeakMap<Facts, Int32Array | null>();

/**
 * Whether the source holds a backtick in [start, end): O(1) after one pass over the line.
 * Scanning each word instead was quadratic in a line nested n deep (each level's word holds
 * the levels inside it). The `${` spans looked into are source text, so the source range holds
 * every backtick they do.
 */
function backtickIn(facts: Facts, start: number, end: number): boolean {
  let counts = backtickCounts.get(facts);
  if (counts === undefined) {
    const src = facts.source;
    counts = null;
    if (src.indexOf("`") >= 0) {
      counts = new Int32Array(src.length + 1);
      for (let k = 0; k < src.length; k++) counts[k + 1] = (counts[k] as number) + (src.charCodeAt(k) === 96 ? 1 : 0);
    }
    backtickCounts.set(facts, counts);
  }
  return counts !== null && (counts[Math.min(end, counts.length - 1)] as number) > (counts[Math.max(0, start)] as number);
}

function expansionBackticks(w: Word, facts: Facts, origin: Origin, nest: Nest): void {
  if (!backtickIn(facts, w.start, w.end)) return;
  for (const [s, e] of w.dynamic as Array<[number, number]>) {
    if (w.value.charCodeAt(s) !== 36 /* $ */ || w.value.charCodeAt(s + 1) !== 123 /* { */) continue;
    const text = w.value.slice(s, e);
    if (text.includes("`")) for (const b of backticks(text)) nest(b, origin.range ?? [w.start, w.end], null);
  }
}

/** The `` `...` `` segments of a text (backslash escapes skipped); an unclosed one runs to the end. */
function backticks(text: string): string[] {
  const out: string[] = [];
  let open = -1;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 92 /* \ */) k++;
    else if (c === 96 /* ` */) {
      if (open < 0) open = k;
      else {
        out.push(text.slice(open, k + 1));
        open = -1;
      }
    }
  }
  if (open >= 0) out.push(text.slice(open));
  return out;
}
