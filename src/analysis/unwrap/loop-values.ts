/**
 * Values that reach a parse from outside its assignments: the lists of its `for` loops (`for k in
 * ~/.ssh/id_*`, `for f in $FILES`, `for f in "$d"/*`, brace alternations), and what a string run
 * by the line inherits (the line's values, and the arguments it is run with as $1…).
 */

import type { Facts, SimpleCommand } from "../../facts/types.js";
import { MAX_VALUES, around, keyOf, newValues, useAt, valuesAt, type Entry, type KnownValues, type Piece, type Use } from "./known-values.js";
import { textPieces } from "./parameters.js";
import { constructIndex } from "../tree.js";
import { isSubstitutionNode } from "./inert.js";

/** `for NAME in ` / `select NAME in `, read at the loop's start (sticky). */
const FOR_HEAD = /(?:for|select)\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+/y;
/** `for NAME; do`, `for NAME do`: the list is the positional parameters, "$@" (sticky). */
const FOR_POSITIONALS = /(?:for|select)\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s*;\s*|\s+)do\b/y;
/** The `do` after the list's `;` or newline (sticky). */
const DO = /\s*do\b/y;

/** A loop's header: its variable, the words of its list, and where its body starts. */
interface Header {
  name: string;
  words: string[];
  body: number;
}

/**
 * The header of loop `i` (`for x; do` lists "$@"), or null for `for ((…))`. Read over the
 * source with the list's substitutions stepped over (a word holding one has no value known here):
 * `for i in $(for j in a; do …; done); do` lists no `j`, `in` or `a`. Linear in the header.
 */
function header(facts: Facts, i: number): Header | null {
  const c = facts.constructs[i] as Facts["constructs"][number];
  const src = facts.source;
  FOR_HEAD.lastIndex = c.start;
  const m = FOR_HEAD.exec(src);
  if (m === null) {
    FOR_POSITIONALS.lastIndex = c.start;
    const p = FOR_POSITIONALS.exec(src);
    return p === null ? null : { name: p[1] as string, words: ['"$@"'], body: FOR_POSITIONALS.lastIndex };
  }
  const last = constructIndex(facts).last;
  const words: string[] = [];
  let word = "";
  let unknown = false;
  let p = c.start + m[0].length;
  let child = i + 1;
  const end = (): void => {
    if (word !== "" && !unknown) words.push(word);
    word = "";
    unknown = false;
  };
  while (p < c.end) {
    while (child <= (last[i] as number) && (facts.constructs[child] as Facts["constructs"][number]).start < p) child = (last[child] as number) + 1;
    const k = child <= (last[i] as number) ? (facts.constructs[child] as Facts["constructs"][number]) : null;
    if (k !== null && k.start === p) {
      // A substitution: the word holding it is only known at run time. An expansion stays text (`$FILES`, `"$d"/*`).
      if (isSubstitutionNode(k.type)) unknown = true;
      else word += src.slice(k.start, k.end);
      p = k.end;
      continue;
    }
    const ch = src[p] as string;
    if (ch === ";" || ch === "\n") break;
    if (ch === "\\") {
      if (src[p + 1] === "\n") end();
      else word += src.slice(p, p + 2);
      p += 2;
    } else if (ch === " " || ch === "\t") {
      end();
      p++;
    } else {
      word += ch;
      p++;
    }
  }
  end();
  DO.lastIndex = p + 1;
  return p < c.end && DO.test(src) ? { name: m[1] as string, words: words.flatMap(braceWords), body: DO.lastIndex } : null;
}
/** A list word that is a variable, quoted or not, then plain text: `$FILES`, `"$k"`, `"$d"/*`. */
const VARIABLE_WORD = /^("?)\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9@*])\}?\1([^\s'"`$\\()<>|&;]*)$/;
/** One brace alternation (`~/.ssh/{id_rsa,id_ed25519}`). */
const BRACES = /^([^{}]*)\{([^{}]*,[^{}]*)\}(.*)$/;

/** Loops whose list reads a variable, read once the walk reaches them (with the values known then). */
const pending = new WeakMap<KnownValues, number[]>();

/** Records the plain lists of `for` loops: inside each (replacing outer values) and after it. */
export function loopValues(facts: Facts, known: KnownValues | null): KnownValues | null {
  for (let i = 0; i < facts.constructs.length; i++) {
    const c = facts.constructs[i] as Facts["constructs"][number];
    if (c.type !== "for_statement") continue;
    const h = header(facts, i);
    if (h === null) continue;
    const words = h.words;
    if (words.some((w) => VARIABLE_WORD.test(w))) {
      known ??= newValues(facts);
      const list = pending.get(known) ?? [];
      list.push(i);
      pending.set(known, list);
    }
    const values = words.map(textPieces).filter((p): p is Piece[] => p !== null);
    if (values.length > 0) known = addLoop(known ?? newValues(facts), facts, i, h, values);
  }
  return known;
}

/** A list word with its brace alternations expanded (`{a,b}`, a few levels). */
function braceWords(word: string): string[] {
  const out: string[] = [];
  const expand = (w: string, depth: number): void => {
    const m = depth < 4 ? BRACES.exec(w) : null;
    if (m === null) out.push(w);
    else for (const alt of (m[2] as string).split(",")) expand(`${m[1] as string}${alt}${m[3] as string}`, depth + 1);
  };
  expand(word, 0);
  return out;
}

/** The values loop `i` (header `h`) gives its variable: inside the loop, replacing outer values, and after it. */
function addLoop(known: KnownValues, facts: Facts, i: number, h: Header, values: readonly Piece[][]): KnownValues {
  const c = facts.constructs[i] as Facts["constructs"][number];
  const list: Entry[] = known.names.get(h.name) ?? [];
  const fn = around(facts, c.parent).fn;
  for (const pieces of values) {
    const key = keyOf(pieces);
    list.push({ pieces, from: h.body, to: c.end, scope: i, key, fn });
    list.push({ pieces, from: c.end, to: Infinity, scope: null, key, fn });
  }
  known.names.set(h.name, list);
  return known;
}

/** Before `sc`: the loops the walk has reached whose lists read variables, read with the values known at the loop. */
export function settleLoops(known: KnownValues, sc: SimpleCommand, facts: Facts): void {
  const list = pending.get(known);
  if (list === undefined || list.length === 0) return;
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as number;
    const c = facts.constructs[i] as Facts["constructs"][number];
    if (c.start > sc.start) continue;
    list.splice(k--, 1);
    const h = header(facts, i);
    if (h === null) continue;
    const use = useAt({ ...sc, start: c.start, parent: c.parent }, facts);
    const values: Piece[][] = [];
    for (const w of h.words) values.push(...(variableWordValues(w, known, use) ?? []));
    if (values.length > 0) addLoop(known, facts, i, h, values.slice(-MAX_VALUES));
  }
}

/** `$FILES` (each value split into its fields), `"$k"`, `"$d"/*`: the values a list word reading a variable gives. */
function variableWordValues(word: string, known: KnownValues, use: Use): Piece[][] | null {
  const m = VARIABLE_WORD.exec(word);
  if (m === null) return null;
  const values = valuesAt(known, m[2] as string, use);
  const rest = m[3] as string;
  const restPieces = rest === "" ? [] : textPieces(rest);
  if (values === null || restPieces === null) return null;
  const out: Piece[][] = [];
  for (const v of values) {
    // Unquoted and alone: its fields are the loop's words.
    if (m[1] === "" && rest === "" && v.every((p) => p.kind !== 2)) {
      for (const field of v.map((p) => p.text).join("").split(/\s+/)) if (field !== "") out.push(textPieces(field) ?? [{ text: field, kind: 1 }]);
    } else out.push([...v, ...restPieces]);
  }
  return out;
}
export function snapshot(known: KnownValues, at: number): ReadonlyMap<string, Piece[][]> | undefined {
  let out: Map<string, Piece[][]> | undefined;
  for (const [name, list] of (known.future ?? known).names) {
    const values: Piece[][] = [];
    const seen = new Set<string>();
    for (const e of list) {
      if (e.pieces === null || e.to <= at || seen.has(e.key)) continue;
      seen.add(e.key);
      values.push(e.pieces);
    }
    if (values.length > 0) (out ??= new Map()).set(name, values);
  }
  return out;
}

/** The values a nested parse starts with. */
export function inherited(facts: Facts, values: ReadonlyMap<string, Piece[][]>): KnownValues {
  const k = newValues(facts);
  for (const [name, all] of values) {
    if (all.length > MAX_VALUES) k.overflow ??= name;
    const list = all.length > MAX_VALUES ? all.slice(-MAX_VALUES) : all;
    k.names.set(name, list.map((pieces) => ({ pieces, from: 0, to: Infinity, scope: null, key: keyOf(pieces), fn: -1 })));
  }
  return k;
}

/** The values a string run with arguments (`sh -c '…"$1"' _ ~/.ssh/id_rsa`) sees for $1… and $@ / $*. */
export function positionalValues(raws: readonly string[]): Map<string, Piece[][]> {
  const out = new Map<string, Piece[][]>();
  const all: Piece[][] = [];
  raws.forEach((raw, i) => {
    const pieces = textPieces(raw);
    if (pieces === null) return;
    out.set(String(i + 1), [pieces]);
    all.push(pieces);
  });
  if (all.length > 0) for (const name of ["@", "*"]) out.set(name, all);
  return out;
}

