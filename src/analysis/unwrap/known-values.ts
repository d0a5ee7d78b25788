/**
 * Variables the line itself gives a value (`k=~/.ssh/id_rsa`, `export`/`declare`/`local`,
 * `printf -v`, `read … <<<`, `${k:=…}`, arrays, `for` lists, and what a string inherits from the
 * line that runs it), recorded per parse for value-uses.ts, which parses each command that uses
 * one again with the value written in. A name may hold several values (branches, loops): all are
 * kept, and an assignment that surely runs replaces the earlier ones for the commands after it in
 * its construct (`f=~/.bashrc; { f=/tmp/x; echo >> "$f"; }` writes /tmp/x).
 */

import type { Facts, SimpleCommand, Span, Word } from "../../facts/types.js";
import { hasName } from "../../facts/names.js";
import { constructIndex, encloses } from "../tree.js";
import { AnalysisLimitError } from "../limits.js";
import { assignsAt, hasDefault, parameterAt, textPieces, unknownText } from "./parameters.js";
import { applyOperator } from "./operators.js";

/** A piece of a value: 1 its text (split and globbed where used unquoted), 2 a run-time expansion, 3 a glob from a loop list. */
export interface Piece {
  text: string;
  kind: 1 | 2 | 3;
}

export interface Entry {
  /** null: a value only known at run time (it still replaces the earlier ones). */
  pieces: Piece[] | null;
  /** Source range of the commands that may see it. */
  from: number;
  to: number;
  /** The construct in which it replaces earlier values (-1: the whole parse); null: it may not run. */
  scope: number | null;
  key: string;
  /** The function it is set in (-1: none): another function's values do not reach a function's commands. */
  fn: number;
}

export interface KnownValues {
  facts: Facts;
  names: Map<string, Entry[]>;
  /** Redirects of enclosing statements already parsed again (by their start). */
  outer: Set<number>;
  /** Pipelines already parsed again (by their ordinal). */
  pipelines: Set<number>;
  /** Characters an IFS set on the line splits on, besides blanks. */
  ifs: string;
  /**
   * Every value the parse gives, wherever (made when it has loops, functions or a trap): a command
   * in a loop sees what the loop sets after it (the next turn), one in a function or trap string
   * what is set before the call.
   */
  future: KnownValues | null;
  /** A name that had more values somewhere than are followed (the latest MAX_VALUES are), until reported. */
  overflow: string | null;
  /** Names made readonly on the line. */
  fixed: Set<string>;
  /** Names built from their own values (`OPTS="$OPTS -x"`, `+=`). */
  grown: Set<string>;
}

/** Where a command uses variables: its start, its construct, the function it is in (-1: none; run later, from anywhere), the end of the loop around it. */
export interface Use {
  at: number;
  parent: number;
  fn: number;
  loopEnd: number;
  /** Where the function or loop around it starts: a value set in it before the use hides later ones. */
  laterFrom: number;
}

/** Most values one name is followed with at a use (the latest); past it, shell/untracked-values says so. */
export const MAX_VALUES = 64;
const MAX_VALUE_CHARS = 64 * 1024;
const MAX_PIECES = 4096;

const NAME_EQ = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/;
const DECLARERS: ReadonlySet<string> = new Set(["export", "declare", "typeset", "local", "readonly"]);
/** Command names that can assign a variable (directly, or after builtin/command). */
const NOTED: ReadonlySet<string> = new Set([...DECLARERS, "env", "printf", "read", "builtin", "command", "set"]);
const BRANCHING: ReadonlySet<string> = new Set(["if_statement", "case_statement"]);
const LOOPS: ReadonlySet<string> = new Set(["for_statement", "while_statement", "c_style_for_statement"]);
const NO_ENTRIES: readonly Entry[] = [];
export const newValues = (facts: Facts, future: KnownValues | null = null): KnownValues => ({ facts, names: new Map(), outer: new Set(), pipelines: new Set(), ifs: "", future, overflow: null, fixed: new Set(), grown: new Set() });
export const keyOf = (pieces: Piece[]): string => pieces.map((p) => p.kind + p.text).join("\0");

/** Where `env` is among the first words of `sc` (`sudo env k=v …`, `timeout 5 env …`), or -1. */
function envAt(argv: readonly Word[]): number {
  for (let k = 1; k < Math.min(argv.length, 6); k++) {
    const w = argv[k] as Word;
    if (w.dynamic !== null) return -1;
    if (w.value === "env" || w.value.endsWith("/env")) return k;
  }
  return -1;
}

/** Whether a sure assignment in `sc` runs whenever the commands after it in its construct do. */
function sure(sc: SimpleCommand, facts: Facts): boolean {
  if (sc.sep === "&&" || sc.sep === "||" || sc.stage >= 0 || sc.background) return false;
  return sc.parent < 0 || !BRANCHING.has((facts.constructs[sc.parent] as Facts["constructs"][number]).type);
}

/**
 * Where `set`'s positional arguments start (after its options, `--` or `-`), or -1 when it sets
 * none (`set -e`, `set -o pipefail`, bare `set`).
 */
function setArguments(argv: readonly Word[], from: number): number {
  for (let j = from; j < argv.length; j++) {
    const v = (argv[j] as Word).value;
    if (v === "--" || v === "-") return j + 1;
    if (!/^[-+]/.test(v)) return j;
    // `-o NAME`, also last in a cluster (`set -euo pipefail`).
    if (/^[-+][A-Za-z]*o$/.test(v)) j++;
  }
  return -1;
}

/** Records what `sc` assigns, for the commands after it (and, for `k=v cmd` / `env k=v cmd`, the strings cmd runs). */
export function noteValues(sc: SimpleCommand, facts: Facts, known: KnownValues | null, defaults = hasDefault(sc)): KnownValues | null {
  const argv = sc.argv;
  for (const a of sc.assignments) {
    const pieces = a.value === null ? [[]] : a.value.dynamic !== null && facts.source.charCodeAt(a.value.start) === 40 /* ( */ ? arrayPieces(facts.source.slice(a.value.start, a.value.end)) : valuePieces(a.value, known, useAt(sc), a.name);
    // `k=v cmd`: v only reaches what cmd runs (its own words were expanded before).
    known = argv.length === 0 ? assign(known, facts, sc, a.name, pieces, a.append) : assign(known, facts, sc, a.name, pieces, a.append, sc.start + 1, sc.end);
  }
  if (argv.length === 0) return known;
  if (defaults) known = expansionAssignments(sc, facts, known);
  // Most commands assign nothing: one look at their name (and for env, the first few words: `sudo env k=v …`).
  let k = hasName(NOTED, (argv[0] as Word).value) ? 0 : envAt(argv);
  if (k < 0) return known;
  while (k < argv.length && argv[k]?.dynamic === null && (argv[k]?.value === "builtin" || argv[k]?.value === "command")) k++;
  const first = argv[k];
  if (first === undefined || first.dynamic !== null) return known;
  if (DECLARERS.has(first.value) || first.value === "env") {
    const env = first.value === "env";
    // `readonly k=…` / `declare -r`: a later assignment to k fails and leaves it; `local` outside a function fails.
    const fixes = first.value === "readonly" || argv.some((w, j) => j > k && /^-[a-zA-Z]*r/.test(w.value));
    if (first.value === "local" && around(facts, sc.parent).fn < 0) return known;
    for (let j = k + 1; j < argv.length; j++) {
      const w = argv[j] as Word;
      const m = NAME_EQ.exec(w.value);
      if (m === null || (w.dynamic !== null && (w.dynamic[0] as Span)[0] < m[0].length)) {
        // env's options with a value of their own (`-u NAME`, `-C DIR`, `-S STRING`).
        if (env && /^-[uCS]$/.test(w.value)) j++;
        else if (env && !w.value.startsWith("-")) break;
        continue;
      }
      if (fixes && !env) (known ??= newValues(facts)).fixed.add(m[1] as string);
      const at = m[0].length;
      const raw = facts.source.slice(w.start, w.end).slice(at);
      const value: Word = { ...w, value: w.value.slice(at), tilde: raw.startsWith("~"), dynamic: w.dynamic === null ? null : w.dynamic.map(([s, e]) => [s - at, e - at] as Span) };
      const pieces = raw.startsWith("(") ? arrayPieces(raw) : valuePieces(value, known, useAt(sc), m[1] as string);
      known = env ? assign(known, facts, sc, m[1] as string, pieces, false, sc.start + 1, sc.end) : assign(known, facts, sc, m[1] as string, pieces, m[2] === "+");
    }
  } else if (first.value === "set") {
    // `set -- A B`, `set -e A B`, `set A B`: $1, $2 and $@ / $* from here on.
    const from = setArguments(argv, k + 1);
    if (from >= 0) known = positional(known, facts, sc, argv.slice(from).map((w) => valuePieces(w, known, useAt(sc), "@")));
  } else if (first.value === "printf") {
    // `printf -v k %s VALUE`
    const v = argv.findIndex((w, j) => j > k && w.value === "-v");
    const name = argv[v + 1];
    if (v > 0 && name !== undefined && /^%s$/.test(argv[v + 2]?.value ?? "") && argv[v + 3] !== undefined) known = assign(known, facts, sc, name.value, valuePieces(argv[v + 3] as Word, known, useAt(sc), name.value), false);
  } else if (first.value === "read") {
    // `read [-r] k <<< VALUE`: one name takes the whole line.
    const names = argv.slice(k + 1).filter((w) => !w.value.startsWith("-"));
    const fed = sc.redirects.find((r) => r.op === "<<<");
    if (names.length === 1 && fed?.target != null) known = assign(known, facts, sc, (names[0] as Word).value, valuePieces(fed.target, known, useAt(sc), (names[0] as Word).value), false);
  }
  return known;
}

/** Whether a run-time part of `w` (used by `sc`) reads a name the line gave a value that is not empty. */
export function readsKnown(w: Word, known: KnownValues, sc: SimpleCommand): boolean {
  for (const [s, e] of w.dynamic ?? []) {
    const p = parameterAt(w.value, s, e);
    if (p !== null && valuesAt(known, p.name, useAt(sc, known.facts)) !== null) return true;
  }
  return false;
}

/** `$1`… and `$@` / `$*` given each argument's values (null: only known at run time). */
function positional(known: KnownValues | null, facts: Facts, sc: SimpleCommand, args: ReadonlyArray<Piece[][] | null>): KnownValues | null {
  args.forEach((a, i) => (known = assign(known, facts, sc, String(i + 1), a, false)));
  const all = args.flatMap((a) => a ?? []);
  for (const name of ["@", "*"]) known = assign(known, facts, sc, name, all.length > 0 ? all : null, false);
  return known;
}

/** `: ${k:=~/.ssh/id_rsa}`: a default that assigns, anywhere in the command's words. */
function expansionAssignments(sc: SimpleCommand, facts: Facts, known: KnownValues | null): KnownValues | null {
  for (const w of sc.argv) {
    for (const [s, e] of w.dynamic ?? []) {
      if (!assignsAt(w.value, s)) continue;
      const p = parameterAt(w.value, s, e);
      const pieces = p !== null && p.assigns && p.fallback !== null ? textPieces(p.fallback) : null;
      if (pieces !== null && p !== null) known = assign(known, facts, { ...sc, sep: "&&" }, p.name, [pieces], false);
    }
  }
  return known;
}

/** `a=(~/.ssh/id_rsa x)`: each plain element is a value `$a` / `${a[@]}` may hold. */
function arrayPieces(raw: string): Piece[][] | null {
  const inner = raw.replace(/^\(|\)$/g, "").trim();
  const out: Piece[][] = [];
  for (const word of inner === "" ? [] : inner.split(/\s+/)) {
    const p = textPieces(word.replace(/^\[[^\]]*\]=/, ""));
    if (p !== null) out.push(p);
  }
  return out.length === 0 ? null : out;
}

/** The use `sc` makes of variables (a command in a function runs when it is called: anything set on the line may reach it). */
export function useAt(sc: SimpleCommand, facts?: Facts): Use {
  return { at: sc.start, parent: sc.parent, ...(facts === undefined ? NOWHERE : around(facts, sc.parent)) };
}

const NOWHERE = { fn: -1, loopEnd: -1, laterFrom: -1 };

const scopes = new WeakMap<Facts, { fn: Int32Array; loop: Int32Array }>();

/**
 * The function around construct `parent` (-1: none), and the end of the innermost loop inside it
 * (-1: none), from an index made in one pass per parse (a walk up per command was quadratic).
 */
export function around(facts: Facts, parent: number): { fn: number; loopEnd: number; laterFrom: number } {
  if (parent < 0) return NOWHERE;
  let index = scopes.get(facts);
  if (index === undefined) {
    const n = facts.constructs.length;
    index = { fn: new Int32Array(n), loop: new Int32Array(n) };
    for (let i = 0; i < n; i++) {
      const c = facts.constructs[i] as Facts["constructs"][number];
      // Pre-order: a parent's entry is set before its children's.
      const p = c.parent >= 0 && c.parent < i ? c.parent : -1;
      const isFn = c.type === "function_definition";
      index.fn[i] = isFn ? i : p >= 0 ? (index.fn[p] as number) : -1;
      index.loop[i] = isFn ? -1 : LOOPS.has(c.type) ? i : p >= 0 ? (index.loop[p] as number) : -1;
    }
    scopes.set(facts, index);
  }
  if (parent >= index.fn.length) return NOWHERE;
  const fn = index.fn[parent] as number;
  const loop = facts.constructs[index.loop[parent] as number];
  const start = fn >= 0 ? (facts.constructs[fn] as Facts["constructs"][number]).start : loop === undefined ? -1 : loop.start;
  return { fn, loopEnd: loop === undefined ? -1 : loop.end, laterFrom: start };
}

/** Records `name` = each of `alternatives` (null: only known at run time) for the commands from `from` to `to`. */
function assign(known: KnownValues | null, facts: Facts, sc: SimpleCommand, name: string, alternatives: Piece[][] | null, append: boolean, from = sc.end, to = Infinity): KnownValues | null {
  if (alternatives === null && known === null) return null;
  // An assignment to a readonly name fails (bash goes on with the old value).
  if (known !== null && known.fixed.has(name) && known.names.has(name)) return known;
  const k = known ?? newValues(facts);
  let values = alternatives;
  if (append) {
    k.grown.add(name);
    const before = valuesAt(k, name, useAt(sc), false);
    values = before === null || values === null ? null : before.flatMap((b) => (values as Piece[][]).map((v) => join(b, v)));
  }
  const list = k.names.get(name) ?? [];
  const scope = to === Infinity && sure(sc, facts) ? sc.parent : null;
  const fn = around(facts, sc.parent).fn;
  if (values === null) {
    if (scope !== null) list.push({ pieces: null, from, to, scope, key: "", fn });
  } else {
    for (const pieces of values) list.push({ pieces, from, to, scope, key: keyOf(pieces), fn });
    if (name === "IFS") for (const p of values) for (const piece of p) if (piece.kind === 1) k.ifs += piece.text.replace(/[ \t\n]/g, "");
  }
  k.names.set(name, list);
  return k;
}

/** Two values one after the other (`x="$x -F"`), bounded: a value doubled again and again stops the analysis, not the process. */
export function join(a: Piece[], b: Piece[]): Piece[] {
  const out = a.slice();
  let chars = 0;
  for (const p of b) {
    const last = out[out.length - 1];
    if (last !== undefined && last.kind === 1 && p.kind === 1) out[out.length - 1] = { text: last.text + p.text, kind: 1 };
    else out.push(p);
  }
  for (const p of out) chars += p.text.length;
  if (chars > MAX_VALUE_CHARS || out.length > MAX_PIECES) throw new AnalysisLimitError("maxNestedChars", `a variable's value grows past ${MAX_VALUE_CHARS} characters, the limit`);
  return out;
}

/**
 * The values `name` may hold at `use`, each once; null when none is known. The latest sure
 * assignment before the use in a construct around it replaces all before it. `skipEmpty`: an
 * empty value adds nothing to a command's words (an empty delete target is the deletion check's).
 */
export function valuesAt(known: KnownValues, name: string, use: Use, skipEmpty = true): Piece[][] | null {
  const list = known.names.get(name) ?? NO_ENTRIES;
  const later = known.future?.names.get(name);
  if (list.length === 0 && later === undefined) return null;
  const index = constructIndex(known.facts);
  let floor = -Infinity;
  for (const e of list) {
    if (e.scope !== null && e.from <= use.at && use.at < e.to && e.from > floor && (e.scope < 0 || encloses(index, e.scope, use.parent))) floor = e.from;
  }
  const out: Piece[][] = [];
  const seen = new Set<string>();
  const take = (e: Entry): void => {
    if (e.pieces === null || use.at >= e.to || e.from < floor || seen.has(e.key) || (skipEmpty && e.pieces.length === 0) || (use.fn >= 0 && e.fn >= 0 && e.fn !== use.fn)) return;
    seen.add(e.key);
    out.push(e.pieces);
  };
  for (const e of list) if (e.from <= use.at) take(e);
  // Set after the use: reaches a command in a function (called later) or a loop (its next turn),
  // unless something before the use in its construct set the name first.
  if (later !== undefined && floor < use.laterFrom && (use.fn >= 0 || use.loopEnd >= 0)) {
    for (const e of later) if (e.from > use.at && (use.fn >= 0 || e.from < use.loopEnd)) take({ ...e, to: Infinity });
  }
  if (out.length > MAX_VALUES) {
    // `[ -n "$A" ] && OPTS="$OPTS -a"` over and over doubles the combinations; the one before any
    // was added and the latest ones are kept. Values from branches are not cut silently.
    if (known.grown.has(name)) return [out[0] as Piece[], ...out.slice(-(MAX_VALUES - 1))];
    known.overflow ??= name;
    return out.slice(-MAX_VALUES);
  }
  return out.length === 0 ? null : out;
}

/**
 * An assigned word as pieces, one list per combination of the known variables it uses (`y=$x`);
 * null when it is all run time (`x=$(cmd)`: nothing to learn from it).
 */
export function valuePieces(w: Word, known: KnownValues | null, use: Use, name: string): Piece[][] | null {
  let anyKnown = w.dynamic === null;
  let alternatives: Piece[][] = [[]];
  const addAll = (options: Piece[][]): void => {
    alternatives = alternatives.flatMap((a) => options.map((o) => join(a, o)));
    if (alternatives.length > MAX_VALUES) {
      alternatives = alternatives.slice(-MAX_VALUES);
      if (known !== null && !known.grown.has(name)) known.overflow ??= name;
    }
  };
  let pos = 0;
  if (w.tilde) {
    const m = /^~([+-]|[A-Za-z0-9_.-]*)(?=\/|$)/.exec(w.value);
    if (m !== null) {
      const user = m[1] as string;
      addAll([[user === "" ? { text: "${HOME}", kind: 2 } : user === "+" ? { text: "${PWD}", kind: 2 } : user === "-" ? { text: "${OLDPWD:?}", kind: 2 } : { text: user === "root" ? "/root" : `/home/${user}`, kind: 1 }]]);
      anyKnown = true;
      pos = m[0].length;
    }
  }
  for (const [s, e] of w.dynamic ?? []) {
    if (s > pos) {
      addAll([[{ text: w.value.slice(pos, s), kind: 1 }]]);
      anyKnown = true;
    }
    const p = parameterAt(w.value, s, e);
    if (p !== null && p.name === name && known !== null) known.grown.add(name);
    const found = p === null || known === null ? null : valuesAt(known, p.name, use, false);
    const values = found === null || p === null ? null : applyOperator(found, p);
    if (values !== null) anyKnown = true;
    addAll(values ?? [[{ text: unknownText(p?.name ?? null), kind: 2 }]]);
    pos = e;
  }
  if (pos < w.value.length) {
    addAll([[{ text: w.value.slice(pos), kind: 1 }]]);
    anyKnown = true;
  }
  return anyKnown ? alternatives : null;
}
