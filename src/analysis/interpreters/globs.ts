/**
 * Deletes of what a file-name pattern expands to, in interpreter code: `unlink glob("~/*")`,
 * `for f in glob.glob(P): os.remove(f)`, `Dir[P]`, php `glob`, node `fs.globSync`. The deleted paths
 * are only known at run time, but the pattern is: each such delete is also taken as a delete of
 * the pattern itself, which the deletion check judges as the glob it is (rm of `~/*`).
 */

import type { Action } from "./calls.js";
import type { Language } from "./language.js";
import { MARKER, type Token } from "./lexer.js";

/** Per language, the calls that expand a file-name pattern (`glob("~/*")`): what they return is deleted as that pattern. */
const GLOB_CALLS: Readonly<Record<string, ReadonlySet<string>>> = {
  perl: new Set(["glob", "CORE.glob", "bsd_glob", "File.Glob.bsd_glob"]),
  python: new Set(["glob.glob", "glob.iglob", "glob"]),
  ruby: new Set(["Dir.glob", "Dir"]),
  php: new Set(["glob"]),
  node: new Set(["fs.globSync", "globSync", "glob.sync", "fs.promises.glob", "fs.glob", ".globSync"]),
};

/** The literal pattern of a glob call at token `i` (`glob("p")`, `Dir["p"]`, perl's `glob "p"`), else null. */
export function globCall(lang: Language, tokens: readonly Token[], i: number, id: string): string | null {
  if (GLOB_CALLS[lang.name]?.has(id) !== true) return null;
  const open = tokens[i + 1];
  const lit = tokens[i + 2];
  const pattern = open?.k === "str" ? open.v : (open?.v === "(" || open?.v === "[") && lit?.k === "str" ? lit.v : null;
  if (pattern === null || (id === "Dir" && open?.v !== "[") || !/[*?[]/.test(pattern)) return null;
  return pattern;
}

/**
 * Per language, the calls that list or walk a directory (`os.walk("/home")`, `fs.readdirSync(d)`):
 * a delete of a run-time path in code that walks P deletes what is in P, as `P/*` would (the
 * whole tree, for a walk that recurses).
 */
const WALK_CALLS: Readonly<Record<string, ReadonlyMap<string, "recursive" | "flat">>> = {
  python: new Map([["os.walk", "recursive"], ["os.fwalk", "recursive"], ["walk", "recursive"], ["os.scandir", "flat"], ["os.listdir", "flat"], ["scandir", "flat"], ["listdir", "flat"]]),
  node: new Map([["fs.readdirSync", "flat"], ["fs.readdir", "flat"], ["fs.promises.readdir", "flat"], ["fs.opendirSync", "flat"], ["fs.opendir", "flat"], ["readdirSync", "flat"], [".readdir", "flat"]]),
  ruby: new Map([["Find.find", "recursive"], ["Dir.children", "flat"], ["Dir.each_child", "flat"], ["Dir.entries", "flat"], ["Dir.foreach", "flat"]]),
  php: new Map([["scandir", "flat"], ["RecursiveDirectoryIterator", "recursive"]]),
  perl: new Map([["find", "recursive"], ["File.Find.find", "recursive"], ["finddepth", "recursive"]]),
};

/** A pattern whose matches the code deletes; `recursive` when what matches is deleted as a tree. */
export interface Globbed {
  pattern: string;
  recursive?: true;
}

/** The directory a walk call at token `i` lists, as the pattern of what is in it (`os.walk("/x")`: `/x/*`), else null. */
export function walkCall(lang: Language, tokens: readonly Token[], i: number, id: string): Globbed | null {
  const how = WALK_CALLS[lang.name]?.get(id);
  if (how === undefined || tokens[i + 1]?.v !== "(") return null;
  // perl's `find(\&wanted, "/x")` / `find(sub {…}, "/x")`: the directories follow the sub; the last literal before `)` is read.
  let lit = tokens[i + 2];
  if (lang.name === "perl") {
    let depth = 0;
    lit = undefined;
    for (let j = i + 1; j < tokens.length && j < i + 256; j++) {
      const v = (tokens[j] as Token).v;
      if (v === "(" || v === "{" || v === "[") depth++;
      else if ((v === ")" || v === "}" || v === "]") && --depth === 0) break;
      else if (depth === 1 && (tokens[j] as Token).k === "str") lit = tokens[j];
    }
  }
  if (lit?.k !== "str" || lit.v.includes(MARKER) || lit.v === "") return null;
  const dir = lit.v.length > 1 ? lit.v.replace(/\/+$/, "") : lit.v;
  return how === "recursive" ? { pattern: `${dir === "/" ? "" : dir}/*`, recursive: true } : { pattern: `${dir === "/" ? "" : dir}/*` };
}

/** For each delete of a run-time path among `actions`, a delete of each pattern (as a glob). */
export function globbedDeletes(actions: readonly Action[], globs: readonly Globbed[]): Action[] {
  const out: Action[] = [];
  for (const a of actions) {
    if (a.kind !== "delete" || !a.path.includes(MARKER)) continue;
    for (const g of globs) out.push({ kind: "delete", how: g.recursive === true && a.how !== "rmdir" ? "rm-r" : a.how, path: g.pattern, api: a.api, glob: true });
  }
  return out;
}
