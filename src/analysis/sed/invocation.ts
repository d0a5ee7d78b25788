/**
 * One `sed` command line as GNU sed runs it: which script pieces it compiles, in what order,
 * which of them `--sandbox` covers, and what its words could turn into at run time.
 *
 * GNU sed compiles each `-e`/`-f` while it reads its options, so `--sandbox` only covers the
 * pieces after it (`sed -e 'w f' --sandbox` still writes f); a script operand (no -e/-f) is
 * compiled last and is covered by a `--sandbox` anywhere. The words are parsed by the shared
 * option parser with each run-time part replaced by a unique hole character, so a hole can be
 * traced to the piece it lands in and back to its text.
 */

import type { CommandView } from "../command.js";
import { has, values, type ParsedFlags } from "../flags.js";
import { parseFor } from "../specs.js";
import type { Word } from "../../facts/types.js";
import { isHole, parseSed, type SedParse } from "./parse.js";
import { replaceDynamic } from "../unwrap/strings.js";

export interface SedInvocation {
  /** The script pieces sed compiles, holes included, in order. */
  pieces: readonly string[];
  /** Index of the first piece `--sandbox` covers (pieces.length: none). */
  sandboxFrom: number;
  /** The parse of the pieces `--sandbox` does not cover (the others can only fail). */
  parse: SedParse;
  /** `-f` script files compiled before any `--sandbox`. */
  scriptFiles: readonly string[];
  /** No script at all (`sed` alone, `sed -n`): sed prints its usage and fails. */
  noScript: boolean;
  inPlace: boolean;
  /** Word indexes of the input files. */
  inputs: readonly number[];
  /** Options sed's table does not know (as written). */
  unknown: readonly string[];
  /** Some word could become more or other arguments at run time (an option, a split, a glob). */
  shiftyWords: boolean;
  /** A piece as the user wrote it (holes back to their text). */
  display(piece: string): string;
}

/** Reads a sed command line; never throws. */
export function readSedInvocation(view: CommandView): SedInvocation {
  const holes: string[] = [];
  const marked = view.args.map((a, k) => (k === 0 ? a : markHoles(a, view.words[k], holes)));
  const p = parseFor("sed", marked);
  const exprs = values(p, "expression");
  const files = values(p, "file");
  const before = sandboxPrefix(marked, p);
  let pieces: readonly string[] = exprs;
  let inputs = p.operands;
  let sandboxFrom = before === null ? exprs.length : values(before, "expression").length;
  const scriptFiles = before === null ? files : values(before, "file");
  if (exprs.length === 0 && files.length === 0 && p.operands.length > 0) {
    pieces = [marked[p.operands[0] as number] as string];
    inputs = p.operands.slice(1);
    sandboxFrom = has(p, "sandbox") ? 0 : 1;
  }
  const covered = pieces.slice(0, sandboxFrom);
  const parse = parseSed(covered, sandboxFrom < pieces.length);
  const display = (s: string): string => s.replace(/[\ue000-\uf8ff]/g, (h) => holes[h.charCodeAt(0) - 0xe000] ?? h);
  return {
    pieces, sandboxFrom, parse, scriptFiles: scriptFiles.map(display),
    noScript: pieces.length === 0 && files.length === 0,
    inPlace: has(p, "in-place"), inputs, unknown: p.unknown, shiftyWords: shifty(view, marked, p, inputs), display,
  };
}

/** The word's value with each run-time part as one fresh hole character (its text kept in `holes`). */
function markHoles(arg: string, word: Word | undefined, holes: string[]): string {
  const hole = (text: string): string => {
    holes.push(text);
    return String.fromCharCode(0xe000 + Math.min(holes.length - 1, 0x18ff));
  };
  // Spans that cannot be mapped make the whole word one hole; so does a hole-range character typed in.
  if (word === undefined || word.value !== arg) return word?.dynamic ? hole(arg) : arg;
  if (/[\ue000-\uf8ff]/.test(arg)) return hole(arg);
  return replaceDynamic(word, hole);
}

/**
 * The parse of the arguments up to and including the first `--sandbox`, or null without one.
 * "Has --sandbox" only turns on as the prefix grows, so a binary search finds it (n log n).
 */
function sandboxPrefix(marked: readonly string[], full: ParsedFlags): ParsedFlags | null {
  if (!has(full, "sandbox")) return null;
  let lo = 2;
  let hi = marked.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (has(parseFor("sed", marked.slice(0, mid)), "sandbox")) hi = mid;
    else lo = mid + 1;
  }
  return parseFor("sed", marked.slice(0, hi));
}

/**
 * A word that could become other arguments at run time: a run-time part outside one pair of
 * double quotes (word splitting), a run-time start that is neither an option's value nor after
 * `--` (`"$f"` can be `-i`), `"$@"`, or a glob that could match a name starting with `-`, or
 * that sits in a script.
 */
function shifty(view: CommandView, marked: readonly string[], p: ParsedFlags, inputs: readonly number[]): boolean {
  const optionValues = new Set<string>();
  for (const vs of p.flags.values()) for (const v of vs) optionValues.add(v);
  const operands = new Set(inputs);
  const source = view.facts.source;
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const m = marked[k] ?? "";
    if (w.dynamic !== null || /[\ue000-\uf8ff]/.test(m)) {
      if (!wholeDoubleQuoted(source.slice(w.start, w.end))) return true;
      if (isHole(m[0]) && !optionValues.has(m) && !(operands.has(k) && k >= p.rest)) return true;
    }
    if (w.glob && (!operands.has(k) || !/^[\w./~,:%=]/.test(w.value) || w.value.startsWith("-"))) return true;
  }
  return false;
}

/** `"..."` as one double-quoted string with no command substitution or `$@` inside. */
function wholeDoubleQuoted(raw: string): boolean {
  if (raw.length < 2 || !raw.startsWith('"')) return false;
  let i = 1;
  for (; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") i++;
    else if (c === '"') break;
    else if (c === "`" || (c === "$" && (raw[i + 1] === "(" || raw[i + 1] === "@" || raw[i + 1] === "*"))) return false;
    else if (c === "$" && raw[i + 1] === "{") {
      // `${a[@]}`, `${@:2}`, `${!p*}` expand to several words even in double quotes.
      for (i += 2; i < raw.length && raw[i] !== "}"; i++) if (raw[i] === "@" || raw[i] === "*" || raw[i] === '"') return false;
    }
  }
  return i === raw.length - 1;
}
