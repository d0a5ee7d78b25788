/**
 * What a loop variable walks over, for a delete of it: `for f in ~/*; do rm "$f"; done` deletes
 * what `rm ~/*` would, and `find ~ -type f | while read f; do rm "$f"; done` what `find ~
 * -delete` would; `for d in build dist; do rm -rf "$d"; done` no more than `rm -rf build dist`.
 * Only plain lists are read (words without quotes, expansions or substitutions), and only while
 * the body cannot set the variable; anything else leaves it unknown, as before.
 */

import type { Facts, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";

/** `$f`, `${f}` (quoted or not): the whole word is one variable. */
const WHOLE_VARIABLE = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/;
/** `for NAME in WORDS; do` / `for NAME in WORDS\ndo`. */
const FOR_HEADER = /^for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([^;\n]*?)\s*(?:;|\n)\s*do\b/;
/** `while read [-r] [-d ''] NAME; do` (IFS= before read allowed). */
const WHILE_READ = /^while\s+(?:IFS=\S*\s+)?read\s+((?:-[a-zA-Z]+\s+(?:''\s+|""\s+)?)*)([A-Za-z_][A-Za-z0-9_]*)\s*(?:;|\n)\s*do\b/;
/** Words a list may hold: no quotes, expansions, substitutions or escapes. */
const PLAIN_WORD = /^[^\s'"`$\\()<>|&;]+$/;

export interface Walk {
  /** What the variable takes, as words at its place. */
  words: Word[];
  /**
   * The variable is only ever one of them (a for list). A line read from find is not: a file
   * name with a newline in it reads as two lines, the second any path the name spells.
   */
  only: boolean;
}

/** The words `$NAME` takes in the loop around `view`, at `w`'s place; null when not a loop variable or not plain. */
export function loopTargets(view: CommandView, w: Word): Walk | null {
  const m = WHOLE_VARIABLE.exec(w.value);
  if (m === null || w.dynamic === null) return null;
  const name = m[1] as string;
  const facts = view.facts;
  // A function defined on the line may set the variable when the body calls it.
  if (facts.constructs.some((c) => c.type === "function_definition")) return null;
  for (let k = view.sc.parent; k >= 0; k = (facts.constructs[k] as Facts["constructs"][number]).parent) {
    const c = facts.constructs[k] as Facts["constructs"][number];
    const text = facts.source.slice(c.start, c.end);
    if (c.type === "for_statement") {
      const h = FOR_HEADER.exec(text);
      if (h === null || h[1] !== name) continue;
      if (mayAssign(text.slice(h[0].length), name)) return null;
      // `"$HOME"/*`: home, as `~/*` says it.
      const words = (h[2] as string).split(/\s+/).filter((x) => x !== "").map((x) => x.replace(/^"?\$\{?HOME\}?"?(?=\/|$)/, "~"));
      return words.length > 0 && words.every((x) => PLAIN_WORD.test(x)) ? { words: words.map((x) => asWord(x, w)), only: true } : null;
    }
    if (c.type === "while_statement") {
      const h = WHILE_READ.exec(text);
      if (h === null || h[2] !== name) continue;
      if (mayAssign(text.slice(h[0].length), name)) return null;
      const dir = walkedBy(facts, c.start);
      return dir === null ? null : { words: [asWord(dir === "/" ? "/*" : `${dir.replace(/\/+$/, "")}/*`, w)], only: false };
    }
  }
  return null;
}

/** Builtins that can set a variable named in their words (or any, as eval and arithmetic can). */
const SETTERS = /(?:^|[\s;&|(`])(?:read|printf|declare|typeset|local|export|readonly|eval|mapfile|readarray|getopts|let|source|\.)(?=[\s;&|)]|$)|\(\(|\$\[/;

/** Whether the loop body may give `name` another value than the walk's (`f=~`, `read f`, `${f:=/}`). */
function mayAssign(body: string, name: string): boolean {
  return new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:\\[[^\\]]*\\])?\\+?=|\\$\\{${name}:?[=?]`).test(body) || SETTERS.test(body);
}

/** The value as a word at the variable's place (so findings point at `"$f"`). */
function asWord(value: string, at: Word): Word {
  return { value, start: at.start, end: at.end, quoted: false, glob: /[*?[]/.test(value), tilde: value.startsWith("~"), dynamic: null };
}

/** Tests that pick some entries out of the walk (`-name`, `-mtime`): the loop is then a clean-up. */
const PICKS = /^-(?:i?name|i?path|i?wholename|i?regex|newer\w*|[acm](?:time|min)|size|empty|perm|user|group|inum|samefile|uid|gid)$/;

/**
 * The directory the stage before a `while read` walks: `find DIR …` with no test that picks
 * entries (find prints whole paths; `ls DIR` prints names, read relative to where the loop runs).
 * Null for anything else.
 */
function walkedBy(facts: Facts, at: number): string | null {
  const prev = facts.commands.find((c) => c.stage >= 0 && c.end <= at && /^\s*\|\s*$/.test(facts.source.slice(c.end, at)));
  if (prev === undefined) return null;
  const argv = prev.argv;
  const name = argv[0]?.value ?? "";
  if (argv.some((x) => x.dynamic !== null || x.quoted)) return null;
  if (name === "find") {
    const roots: string[] = [];
    let k = 1;
    while (k < argv.length && /^-[HLP]$/.test((argv[k] as Word).value)) k++;
    for (; k < argv.length && !/^[-(!]/.test((argv[k] as Word).value); k++) roots.push((argv[k] as Word).value);
    if (roots.length !== 1 || argv.slice(k).some((x) => PICKS.test(x.value) || x.value === "-o" || x.value === "-prune")) return null;
    return roots[0] as string;
  }
  return null;
}
