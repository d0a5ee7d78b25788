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

/** For each delete of a run-time path among `actions`, a delete of each pattern (as a glob). */
export function globbedDeletes(actions: readonly Action[], globs: readonly string[]): Action[] {
  const out: Action[] = [];
  for (const a of actions) {
    if (a.kind !== "delete" || !a.path.includes(MARKER)) continue;
    for (const g of globs) out.push({ kind: "delete", how: a.how, path: g, api: a.api, glob: true });
  }
  return out;
}
