/**
 * Which files lint skips: `lint.ignore` in the config and `.shellguardignore` files, both in
 * gitignore syntax. The rules of gitignore(5) that matter for a file listing:
 * - blank lines and `#` comments are skipped; `\#` and `\!` start a pattern with `#` or `!`;
 *   trailing spaces are dropped unless escaped (`\ `);
 * - `!` re-includes what an earlier pattern excluded; the last matching pattern wins;
 * - a trailing `/` matches directories only;
 * - a pattern with a `/` at its start or middle is anchored at its base directory; without one it
 *   matches a name at any depth;
 * - `*`, `?`, `[...]` do not cross `/`; `**` does (`a/**`, `** /b`, `a/** /b`, via picomatch);
 * - a file below an excluded directory stays excluded (no `!` can re-include it).
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import picomatch from "picomatch";

/** Patterns as written, and the directory they are relative to (absolute). */
export interface IgnoreSource {
  base: string;
  patterns: readonly string[];
}

interface Rule {
  negated: boolean;
  dirOnly: boolean;
  /** Match the whole path below the base (anchored) or just the last name. */
  anchored: boolean;
  match: (path: string) => boolean;
}

export const IGNORE_FILE = ".shellguardignore";

/** One gitignore line as a rule, or null for blanks and comments. */
export function parseIgnoreLine(line: string): Rule | null {
  let p = line.replace(/\r$/, "");
  // Trailing unescaped spaces go; an escaped one stays (as a plain space).
  p = p.replace(/(?<!\\)\s+$/, "");
  if (p === "" || p.startsWith("#")) return null;
  let negated = false;
  if (p.startsWith("!")) {
    negated = true;
    p = p.slice(1);
  } else if (p.startsWith("\\#") || p.startsWith("\\!")) p = p.slice(1);
  p = p.replace(/\\ $/, " ");
  const dirOnly = p.endsWith("/");
  if (dirOnly) p = p.replace(/\/+$/, "");
  if (p === "") return null;
  const anchored = p.includes("/");
  if (p.startsWith("/")) p = p.slice(1);
  // gitignore's `a/**` means everything inside a; picomatch's also matches a itself, which is harmless for files.
  const isMatch = picomatch(p, { dot: true, nonegate: true, noext: true });
  return { negated, dirOnly, anchored, match: isMatch };
}

/** A compiled set of ignore sources: `ignored(absolutePath)` tells whether lint skips that file. */
export class IgnoreMatcher {
  private readonly sets: { base: string; rules: Rule[] }[];

  constructor(sources: readonly IgnoreSource[]) {
    this.sets = sources
      .map((s) => ({ base: s.base, rules: s.patterns.map(parseIgnoreLine).filter((r): r is Rule => r !== null) }))
      .filter((s) => s.rules.length > 0);
  }

  get empty(): boolean {
    return this.sets.length === 0;
  }

  /**
   * Is this file ignored? Directories at or above `namedRoot` (a directory named on the command
   * line) are not tested themselves: naming a directory lints it even when a pattern excludes it.
   */
  ignored(file: string, namedRoot?: string): boolean {
    for (const set of this.sets) {
      const rel = relative(set.base, file);
      if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) continue;
      const segs = rel.split(sep);
      const skipUpTo = namedRoot === undefined ? 0 : depthBelow(set.base, namedRoot);
      for (let i = 1; i <= segs.length; i++) {
        const isDir = i < segs.length;
        if (isDir && i <= skipUpTo) continue;
        if (decide(set.rules, segs.slice(0, i).join("/"), segs[i - 1]!, isDir)) return true;
      }
    }
    return false;
  }
}

/** How many path segments `dir` lies below `base` (0 when it is not below it). */
function depthBelow(base: string, dir: string): number {
  const rel = relative(base, dir);
  if (rel.startsWith("..") || isAbsolute(rel)) return 0;
  return rel === "" ? 0 : rel.split(sep).length;
}

/** The last matching rule decides; none matching means not ignored. */
function decide(rules: readonly Rule[], path: string, name: string, isDir: boolean): boolean {
  let ignored = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    if (r.match(r.anchored ? path : name)) ignored = !r.negated;
  }
  return ignored;
}

/**
 * The `.shellguardignore` files that apply in `cwd`: the one in `cwd` and those in its parents up
 * to the root of the git work tree (a directory holding `.git`), each relative to its own directory.
 */
export function ignoreFilesFor(cwd: string): IgnoreSource[] {
  const out: IgnoreSource[] = [];
  let dir = cwd;
  for (;;) {
    const file = join(dir, IGNORE_FILE);
    if (existsSync(file)) {
      try {
        out.unshift({ base: dir, patterns: readFileSync(file, "utf8").split("\n") });
      } catch {
        // unreadable: as if absent
      }
    }
    const parent = dirname(dir);
    if (existsSync(join(dir, ".git")) || parent === dir) break;
    dir = parent;
  }
  return out;
}
