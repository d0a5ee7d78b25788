/**
 * The files a lint run reads: each path argument is a file, a directory or a glob. In a git work
 * tree a directory expands to the files git knows (tracked, plus untracked ones not ignored by
 * .gitignore); elsewhere to a walk that skips node_modules and .git. Globs (picomatch syntax,
 * dotfiles included) match the same listing below the glob's base directory. A directory named
 * on the command line that git ignores as a whole is walked instead (naming it is asking for it).
 * Files found by expanding a directory or a glob are then filtered by the ignore patterns
 * (`lint.ignore`, `.shellguardignore`; see ignore.ts); a file named explicitly never is.
 */

import { execFileSync } from "node:child_process";
import { readdirSync, statSync, type Dirent } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";
import type { IgnoreMatcher } from "./ignore.js";

export interface Target {
  absolute: string;
  /** As shown in reports: relative to the working directory when inside it, `/` separators. */
  shown: string;
  /** Named on the command line (not found by expanding a directory or a glob). */
  explicit: boolean;
}

export class PathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

const SKIP_DIRS = new Set(["node_modules", ".git"]);

export function shownPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  const shown = rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? absolute : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

/**
 * Files below `dir` (absolute paths, sorted), from git when it is a work tree, else a walk. With
 * `named`, a directory git lists nothing for (ignored as a whole, e.g. `build/`) is walked.
 */
export function listDirectory(dir: string, named = false): string[] {
  const fromGit = gitFiles(dir);
  if (fromGit && (fromGit.length > 0 || !named)) return fromGit;
  const out: string[] = [];
  walk(dir, out);
  return out.sort();
}

function gitFiles(dir: string): string[] | null {
  try {
    const stdout = execFileSync("git", ["-C", dir, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 512 * 1024 * 1024,
      timeout: 60_000,
    });
    const files = [...new Set(stdout.split("\0").filter((f) => f !== ""))].map((f) => join(dir, f));
    return files.sort();
  } catch {
    return null;
  }
}

function walk(dir: string, out: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(path, out);
    } else if (e.isFile()) out.push(path);
    else if (e.isSymbolicLink()) {
      try {
        if (statSync(path).isFile()) out.push(path);
      } catch {
        // a dangling link
      }
    }
  }
}

/** Expand the path arguments (not `-`). Throws PathError for a path that does not exist or a glob that matches nothing. */
export function expandPaths(paths: readonly string[], cwd: string, ignore?: IgnoreMatcher): Target[] {
  const out: Target[] = [];
  const seen = new Set<string>();
  const add = (absolute: string, explicit: boolean, namedRoot?: string): void => {
    if (seen.has(absolute)) return;
    if (!explicit && ignore?.ignored(absolute, namedRoot)) return;
    seen.add(absolute);
    out.push({ absolute, shown: shownPath(absolute, cwd), explicit });
  };
  for (const p of paths) {
    const absolute = resolve(cwd, p);
    const st = statOrNull(absolute);
    if (st?.isFile()) {
      add(absolute, true);
      continue;
    }
    if (st?.isDirectory()) {
      for (const f of listDirectory(absolute, true)) add(f, false, absolute);
      continue;
    }
    const scan = picomatch.scan(p);
    if (!scan.isGlob) throw new PathError(`No such file or directory: ${p}`);
    const base = resolve(cwd, scan.base || ".");
    const isMatch = picomatch(p.replace(/\\/g, "/"), { dot: true });
    let matched = 0;
    const files = statOrNull(base)?.isDirectory() ? listDirectory(base) : [];
    for (const f of files) {
      // Match the pattern as written: relative to the cwd, or absolute.
      const rel = relative(cwd, f).split(sep).join("/");
      if (isMatch(isAbsolute(p) ? f.split(sep).join("/") : rel) || isMatch(`./${rel}`)) {
        add(f, false);
        matched++;
      }
    }
    if (matched === 0) throw new PathError(`No files match the pattern: ${p}`);
  }
  return out;
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
