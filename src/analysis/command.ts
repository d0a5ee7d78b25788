/** A simple command as the checks see it: unwrapped, with its name made canonical. */

import type { Facts, Redirect, SimpleCommand, Word } from "../facts/types.js";
import type { WrapperEffect } from "./wrappers.js";

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

/** The canonical name of a command word and whether it is the system tool of that name. */
export function commandName(word: Word): { name: string; trusted: boolean } {
  const v = word.value;
  const slash = v.lastIndexOf("/");
  if (slash < 0) return { name: v, trusted: true };
  const dir = v.startsWith("/") ? systemDir(v.slice(0, slash)) : null;
  const base = v.slice(slash + 1);
  if (dir !== null && SYSTEM_DIRS.has(dir)) return { name: base, trusted: true };
  return { name: v, trusted: false };
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
