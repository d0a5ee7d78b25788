/**
 * Path spelling normalisation: `~`, `$HOME`, `"${HOME}"`, `$PWD`, relative paths, `//`, `/./`
 * and `..` all reduce to one absolute path, so `/usr/..`, `~/` and `$HOME//.` compare equal.
 */

import { posix } from "node:path";
import type { Word } from "../facts/types.js";

export interface PathContext {
  /** The directory relative paths resolve against (after any `cd` earlier on the line). */
  cwd: string;
  home: string;
  /** The working directory the line started in, when a `cd` moved away from it (still critical). */
  start?: string;
}

/** Stands for a directory a `cd` went to that is only known at run time (`cd "$DIR"`, `cd -`). */
export const UNKNOWN_CWD = "/<unknown>/<directory after cd>";

export interface ResolvedPath {
  /** Absolute, normalised, no trailing slash (except `/`); null when a dynamic part makes it unknown. */
  path: string | null;
  /** Some part of it is dynamic (`$DIR/x`); `path` is then null unless the part was $HOME/$PWD. */
  dynamic: boolean;
  /** The last segment is a glob that matches everything in its directory (`*`, `.*`, `*.*`). */
  globAll: boolean;
  /** For a globAll path: the directory it empties (absolute), when known. */
  globDir: string | null;
  /** The word contains unquoted glob characters anywhere. */
  glob: boolean;
}

const NO_SPANS: ReadonlyArray<readonly [number, number]> = [];
/**
 * `$HOME`, `${HOME}`, `$PWD`, and the expansions that are the variable itself when it is set and
 * not empty, as HOME and PWD are (`${HOME:-x}`, `${HOME=x}`, `${HOME:?}`).
 */
const KNOWN_VARS = /^\$(?:\{(HOME|PWD)(?::?[-=?][^}$`]*)?\}|(HOME|PWD)\b)/;

/** The word's value with a leading `~`, `$HOME`, `${HOME}`, `$PWD` replaced; null if still dynamic. */
export function expandWord(word: Word, ctx: PathContext): { text: string; dynamic: boolean } {
  let text = word.value;
  let spans: ReadonlyArray<readonly [number, number]> = word.dynamic ?? NO_SPANS;
  if (word.tilde) {
    // `~`, `~user`, and `~+` ($PWD) / `~-` ($OLDPWD, unknown here: dynamic).
    const m = /^~([+-]|[A-Za-z0-9_.-]*)(?=\/|$)/.exec(text);
    if (m && m[1] === "-") return { text, dynamic: true };
    if (m) {
      const user = m[1] as string;
      const dir = user === "" ? ctx.home : user === "+" ? ctx.cwd : user === "root" ? "/root" : `/home/${user}`;
      text = dir + text.slice(m[0].length);
      spans = spans.map(([s, e]) => [s + dir.length - m[0].length, e + dir.length - m[0].length]);
    }
  }
  const first = spans[0];
  if (first && first[0] === 0) {
    const m = KNOWN_VARS.exec(text);
    if (m && m[0].length === first[1]) {
      const dir = (m[1] ?? m[2]) === "HOME" ? ctx.home : ctx.cwd;
      text = dir + text.slice(m[0].length);
      spans = spans.slice(1);
    }
  }
  return { text, dynamic: spans.length > 0 };
}

/** Lexical normalisation of an absolute or cwd-relative path. */
export function normalise(path: string, cwd: string): string {
  const abs = path.charCodeAt(0) === 47 /* / */ ? path : cwd === "/" ? "/" + path : cwd + "/" + path;
  // Fast path: nothing to normalise (no `//`, no `.` or `..` segment, no trailing slash).
  if (abs.length > 1 && !abs.includes("//") && !abs.includes("/.") && abs.charCodeAt(abs.length - 1) !== 47) return abs;
  const n = posix.normalize(abs);
  return n.length > 1 && n.endsWith("/") ? n.slice(0, -1) : n;
}

const GLOB_ALL = /^(?:\*|\.\*|\*\.\*|\*\*|\.\?\*|\?\*|\.\[!.\]\*|\{\*,\.\*\}|\{\.\*,\*\})$/;

/**
 * A glob segment that matches (nearly) every name in its directory, read as a pattern: beside
 * the spellings above, anything made only of `*`, `?` and bracket expressions, after an optional
 * leading dot (`[!.]*`, `??*`, `.[^.]*`, `[a-z]*`, `.??*`). A literal letter (`*.log`) narrows it.
 */
export function coversDirectory(segment: string): boolean {
  if (GLOB_ALL.test(segment)) return true;
  const rest = segment.replace(/^\./, "").replace(/\[!?\^?\]?[^\]]*\]/g, "?");
  return rest.includes("*") && /^[*?]+$/.test(rest);
}

export function resolvePath(word: Word, ctx: PathContext): ResolvedPath {
  const { text, dynamic } = expandWord(word, ctx);
  const glob = word.glob;
  let globAll = false;
  let globDir: string | null = null;
  if (glob) {
    // `~/*`, `~/[!.]*`, and also `~/*/*`: the directory before a trailing run of covering segments.
    const segs = text.replace(/\/+$/, "").split("/");
    let first = segs.length;
    while (first > 0 && coversDirectory(segs[first - 1] as string)) first--;
    if (first < segs.length) {
      globAll = true;
      const dir = first === 0 ? "." : segs.slice(0, first).join("/") || "/";
      if (!dynamic) globDir = normalise(dir, ctx.cwd);
    }
  }
  return { path: dynamic ? null : normalise(text, ctx.cwd), dynamic, globAll, globDir, glob };
}

/** `a` is `b` or lies inside it. */
export function isInside(a: string, b: string): boolean {
  return a === b || a.startsWith(b === "/" ? "/" : b + "/");
}

/** Paths a write may target without harm (to data: see isHarmlessSink for what stays read-only). */
export const HARMLESS_DEVICES: ReadonlySet<string> = new Set([
  "/dev/null",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/stdin",
  "/dev/tty",
  "/dev/zero",
  "/dev/full",
  "/dev/random",
  "/dev/urandom",
]);

export function isHarmlessDevice(path: string): boolean {
  if (!path.startsWith("/dev/")) return false;
  // Terminals (/dev/tty, /dev/tty3, /dev/ttyUSB0, /dev/pts/1) take text, not a filesystem; files
  // in /dev/shm and /dev/mqueue are files of memory filesystems, no device.
  return HARMLESS_DEVICES.has(path) || path.startsWith("/dev/fd/") || path.startsWith("/dev/pts/") || /^\/dev\/tty[A-Za-z]*\d*$/.test(path) || /^\/dev\/(?:shm|mqueue)\/./.test(path);
}

/**
 * Targets a read-only command may write to: the null device, its own stdout/stderr (also as
 * /dev/fd/0-2), the controlling terminal, and the sinks that ignore data. Not another terminal
 * (/dev/tty3, /dev/pts/N: which one is the user's is not known) and not a serial line
 * (/dev/ttyS0, /dev/ttyUSB0: it drives a modem or a device), and not /dev/fd/N for N > 2 (an
 * inherited descriptor may be any file).
 */
const HARMLESS_SINKS: ReadonlySet<string> = new Set([
  "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/fd/0", "/dev/fd/1", "/dev/fd/2",
  "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom",
]);

export function isHarmlessSink(path: string): boolean {
  return HARMLESS_SINKS.has(path);
}
