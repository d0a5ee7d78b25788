/** A simple command as the checks see it: unwrapped, with its name made canonical. */

import type { Facts, Redirect, SimpleCommand, Word } from "../facts/types.js";
import type { WrapperEffect } from "./unwrap/wrappers.js";
import { lastSlash } from "../facts/slashes.js";

export interface CommandView {
  /** Canonical name: `\rm`, `'rm'`, `/bin/rm` → `rm`; `./rm` stays `./rm`. */
  name: string;
  /** argv[0] names the system tool (a bare name or one in a standard bin directory). */
  trusted: boolean;
  /** argv from the command name on, after unwrapping. */
  words: readonly Word[];
  /** Cooked values of `words` (args[0] is the name as written). */
  args: readonly string[];
  redirects: readonly Redirect[];
  /** Some wrapper on the way raised privilege (sudo, doas, su, pkexec, runuser). */
  privileged: boolean;
  /** The wrappers passed through, outermost first (`sudo`, `env`, ...). */
  wrappers: readonly string[];
  /** Normalised text at each wrapper level, outermost first. */
  forms: string[];
  /** How many of `forms` an allow rule may match. */
  allowForms: number;
  /** Its arguments come partly from stdin (`xargs cmd`) or from `find -exec`'s `{}`. */
  argsUnknown: boolean;
  /** The simple command it came from, and the Facts that hold it. */
  sc: SimpleCommand;
  facts: Facts;
  /** Range in the top-level source. */
  start: number;
  end: number;
  /** Shell-in-shell depth. */
  depth: number;
  /** True for a view that only exists as a wrapper of others (`bash -c '...'` that was parsed). */
  wrapperOnly: boolean;
  /** What wrappers on the way do themselves (`time -o FILE`, `strace -o '|cmd'`), when any. */
  wrapperEffects?: readonly WrapperEffect[];
  /** Reads the stdin of the string it runs in, and the line feeds that (`curl … | bash -c 'sh'`). */
  stdinFed?: boolean;
  /** That fed stdin is a file of the user's, read as it is (`cat deploy.sh | ssh host bash -s`). */
  stdinFile?: boolean;
}

const SYSTEM_DIRS = new Set([
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
  "/run/current-system/sw/bin",
]);

/** Characters a system directory can be written with (`/usr/./bin//`): its own, `/` and `.`. */
const SYSTEM_DIR_CHARS = new Set([...[...SYSTEM_DIRS].join(""), "/", "."].map((c) => c.charCodeAt(0)));

/**
 * Whether v[0, end) is written only with SYSTEM_DIR_CHARS. Stops at the first other character:
 * a nested word (`/bin/$(/bin/$(…))`) is not read past its own level's `$`.
 */
function systemDirSpelling(v: string, end: number): boolean {
  for (let k = 0; k < end; k++) if (!SYSTEM_DIR_CHARS.has(v.charCodeAt(k))) return false;
  return true;
}

/** The canonical name of a command word and whether it is the system tool of that name. */
export function commandName(word: Word): { name: string; trusted: boolean } {
  const v = word.value;
  const slash = lastSlash(word);
  if (slash < 0) return { name: v, trusted: true };
  // Normalising only removes `/`, `.` and `..`: any other character rules out a system directory.
  if (!systemDirSpelling(v, slash)) return { name: v, trusted: false };
  const dir = v.startsWith("/") ? systemDir(v.slice(0, slash)) : null;
  const base = v.slice(slash + 1);
  if (dir !== null && SYSTEM_DIRS.has(dir)) return { name: base, trusted: true };
  return { name: v, trusted: false };
}

/**
 * A dynamic command name longer than this is clipped in the middle (see viewName). Kept short: the
 * first table lookup flattens the clipped name (two bytes a character, for its `…`), once per level
 * of a nested line.
 */
export const MAX_VIEW_NAME = 96;

/**
 * The name a view goes by: commandName's, but a long dynamic name (`$(echo $(echo …))`, which
 * holds every level nested in it) keeps only its first and last MAX_VIEW_NAME / 2 characters
 * around a `…`. The checks look names up in tables (whose keys are short plain names, so a long
 * or dynamic name is in none), dispatch on a short prefix or the last character, and quote the
 * name in messages: the clipped name does all of that alike, and each lookup hashes a bounded
 * string — hashing every level's whole name was quadratic in the depth.
 */
export function viewName(word: Word): { name: string; trusted: boolean } {
  const named = commandName(word);
  const n = named.name;
  if (word.dynamic === null || n.length <= MAX_VIEW_NAME) return named;
  const half = MAX_VIEW_NAME >> 1;
  return { name: `${n.slice(0, half)}…${n.slice(n.length - half + 1)}`, trusted: named.trusted };
}

/**
 * Directories only root can change, so `..` out of one cannot be steered by a symlink: it reaches
 * the same program or none (`/bin/..` is `/usr` when /bin links to usr/bin).
 */
const ROOT_DIRS = new Set(["", "/bin", "/sbin", "/usr", "/usr/bin", "/usr/sbin", "/usr/local", "/usr/local/bin", "/usr/local/sbin"]);

/**
 * An absolute directory as the kernel reaches it: `//bin`, `/usr/bin/.`, `/bin/../usr/bin` are
 * system directories. `..` is followed only out of a root-owned directory (a user's symlink could
 * send it anywhere); null when the path cannot be resolved that way.
 */
function systemDir(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!ROOT_DIRS.has(out.length === 0 ? "" : "/" + out.join("/"))) return null;
      out.pop();
    } else out.push(seg);
  }
  return "/" + out.join("/");
}

/** The last path segment of a command word: what it is most likely to be, trusted or not. */
export function baseName(name: string): string {
  const slash = name.lastIndexOf("/");
  return slash < 0 ? name : name.slice(slash + 1);
}

export function joinForm(words: readonly Word[], from: number): string {
  let s = "";
  for (let i = from; i < words.length; i++) s += (i > from ? " " : "") + (words[i] as Word).value;
  return s;
}
