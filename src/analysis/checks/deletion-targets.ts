/**
 * How bad a delete target is, shared by the deletion and dangerous checks. A target is judged by
 * what it names (/, home, a system directory, the working directory and its parents, a glob that
 * empties one of those) and, when part of it is only known at run time, by what it becomes when
 * each unguarded variable is empty (the ShellCheck SC2115 family: `"$DIR"/` → `/`, `$X/bin` →
 * `/bin`, `"$X/"*` → `/*`). A variable counts as guarded when it cannot be empty there: `${X:?}`,
 * `${X:-default}`, or a test on it earlier in the script (`[ -n "$X" ] &&`, `if [ -d "$X" ]`).
 */

import type { Facts, Span, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { isInside, resolvePath, UNKNOWN_CWD, type PathContext } from "../paths.js";

export type Critical = { id: string; what: string } | null;

/** Why deleting `path` (or everything in it) is catastrophic, or null. `as` is the path as written. */
export function criticalPath(path: string, ctx: PathContext, as = path): Critical {
  // An empty operand names no file: `rm -rf ''` fails ("No such file or directory").
  if (as === "") return null;
  if (path === "/") return { id: "deletion/root", what: "the root directory /" };
  if (path === ctx.home) return { id: "deletion/home", what: `your home directory (${as})` };
  if (path !== "/" && isInside(UNKNOWN_CWD, path)) return { id: "deletion/working-directory", what: "the directory a cd went to (only known at run time), or a parent of it" };
  if (/^\/[^/]+$/.test(path)) return { id: "deletion/root-child", what: `the top-level directory ${path}` };
  // `/home/alice`, `/Users/bob`: another user's home is as whole an account as your own.
  if (USER_HOME.test(path)) return { id: "deletion/home", what: `a user's home directory (${as})` };
  if (isInside(ctx.cwd, path) || (ctx.start !== undefined && isInside(ctx.start, path))) {
    const here = path === ctx.cwd || path === ctx.start;
    return { id: "deletion/working-directory", what: here ? `the working directory (${as})` : `${as}, a parent of the working directory` };
  }
  return null;
}

/** A home directory by the layouts of Linux, macOS and image-based Linux (`/var/home`). */
const USER_HOME = /^\/(?:home|Users|var\/home)\/[^/]+$/;

/**
 * Top-level directories of the systems shellguard runs on. An empty variable that leaves one of
 * these (`$X/bin` → `/bin`) is critical; `"$TMP/foo"` → `/foo` is not (no such directory).
 */
const SYSTEM_TOP = new Set([
  "bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "libx32", "media", "mnt", "opt", "proc", "root", "run", "sbin", "snap", "srv", "sys", "tmp", "usr", "var", "nix",
  "Applications", "Library", "System", "Users", "Volumes", "private", "cores",
]);

/** What a target word amounts to. */
export type Judgement =
  /** Names a critical path (or a glob emptying one), whatever its variables hold. */
  | { kind: "critical"; id: string; what: string; message: string }
  /** Becomes critical when an unguarded variable in it is empty or unset. */
  | { kind: "empty-critical"; what: string; message: string }
  /** Entirely an unguarded run-time value (`"$X"`, `$(cmd)`): nothing about it is known. */
  | { kind: "unknown" }
  | null;

/** A run-time part that cannot expand to nothing: `${X:?}`, `${X?msg}`, `${X:-default}`, `${X:=d}`. */
function neverEmpty(text: string): boolean {
  return /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?/.test(text) || /^\$\{[A-Za-z_][A-Za-z0-9_]*:[-=][^}$`]+\}$/.test(text) || MKTEMP.test(text);
}

/** `$(mktemp …)`: the name of a file or directory it has just made, never empty. */
const MKTEMP = /^\$\(\s*mktemp(?:\s[^()`$;&|]*)?\)$/;
/** `tmp=$(mktemp -d)`, `local tmp="$(mktemp)"`: the variable holds such a name from here on. */
const MKTEMP_ASSIGNED = /(?:^|[\s;&|(])(?:(?:local|declare|typeset|export|readonly)\s+(?:-\w+\s+)*)?([A-Za-z_][A-Za-z0-9_]*)="?\$\(\s*mktemp(?:\s[^()`$;&|]*)?\)"?(?=[\s;&|)]|$)/g;

/** The variable a run-time part reads (`$X`, `${X}`, `${X:?}`, `${X%/}`), or null for `$(...)` and the like. */
function variableOf(text: string): string | null {
  const m = /^\$(?:\{#?([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*))/.exec(text);
  return m ? ((m[1] ?? m[2]) as string) : null;
}

/** File tests (and -n) that fail for an empty or unset variable. */
const GUARD_TEST = /(?:^|[\s[(!])-(?:[nbcdefghkprsuwxLOGS])\s+"?\$\{?([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Where a test's guard holds: from the test's end to the end of its `&&` chain
 * (`[ -n "$X" ] && rm -rf "$X"/`), or of the `then` branch it is the condition of
 * (`if [ -d "$X" ]; then ...; fi`). After `||`, `;` or a newline it says nothing.
 */
function guardExtent(source: string, end: number): number {
  const after = /^[ \t]*(?:(&&)|;?[ \t\n]*(then)\b)/.exec(source.slice(end, end + 64));
  if (after === null) return -1;
  const stop = after[1] !== undefined ? /\|\||[;\n]|(?<!\|)\|(?!\|)|(?<!&)&(?!&)/g : /\b(?:fi|else|elif)\b/g;
  stop.lastIndex = end + after[0].length;
  const m = stop.exec(source);
  return m === null ? source.length : m.index;
}

/** Variables shown non-empty by a test, with the ranges where that holds. */
const GUARDS = new WeakMap<Facts, ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>>();

function guardsOf(facts: Facts): ReadonlyMap<string, ReadonlyArray<readonly [number, number]>> {
  let out = GUARDS.get(facts);
  if (out !== undefined) return out;
  const found = new Map<string, Array<readonly [number, number]>>();
  const source = facts.source;
  const add = (start: number, end: number): void => {
    // `! [ -n "$X" ] && ...` runs when the test fails.
    if (/!\s*$/.test(source.slice(Math.max(0, start - 8), start))) return;
    const extent = guardExtent(source, end);
    if (extent < 0) return;
    for (const m of source.slice(start, end).matchAll(GUARD_TEST)) {
      const name = m[1] as string;
      const list = found.get(name) ?? [];
      list.push([end, extent]);
      found.set(name, list);
    }
  };
  // A variable set to a name mktemp just made is never empty (`tmp=$(mktemp -d) && rm -rf "$tmp"`).
  if (source.includes("mktemp")) {
    for (const m of source.matchAll(MKTEMP_ASSIGNED)) {
      const name = m[1] as string;
      const list = found.get(name) ?? [];
      list.push([(m.index as number) + m[0].length, source.length]);
      found.set(name, list);
    }
  }
  // One pass per parse, so many deletes on one line cost linear time.
  if (source.includes("-")) {
    for (const c of facts.constructs) if (c.type === "test_command") add(c.start, c.end);
    for (const sc of facts.commands) if (sc.argv[0]?.value === "test") add(sc.start, sc.end);
  }
  out = found;
  GUARDS.set(facts, out);
  return out;
}

/** Variables a test guarding the command at `at` shows to be non-empty (`[ -n "$X" ] &&`, `if [ -d "$X" ]; then`). */
export function guardedVariables(facts: Facts, at: number): Guarded {
  return { has: (name) => (guardsOf(facts).get(name) ?? []).some(([from, to]) => from <= at && at < to) };
}

export interface Guarded {
  has(name: string): boolean;
}

const DOTDOT = /(?:^|\/)\.\.(?:\/|$)/;
const NO_GUARDS: Guarded = { has: () => false };

/** Stands for a guarded run-time part: a segment that is not empty and names nothing in particular. */
const OPAQUE = "\u0000set";

function spanText(word: Word, s: Span): string {
  return word.value.slice(s[0], s[1]);
}

/** `$HOME`/`$PWD` at the start are resolved by resolvePath, not treated as unknown. */
function knownLead(word: Word, s: Span): boolean {
  return s[0] === 0 && /^\$(?:\{(?:HOME|PWD)(?::?[-=?][^}$`]*)?\}|(?:HOME|PWD))$/.test(spanText(word, s));
}

/** `${X:-d}`, `${X-d}`, `${X:=d}`, `${X=d}`: the default `d`, which the part becomes when X is unset (or empty). */
const DEFAULTED = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=]([^}`]*)\}$/;

/**
 * The word with each part that has a default replaced by that default (`${X:-/}` → `/`), or
 * null when no part has one. A default that is itself run-time text stays a run-time part.
 */
function defaulted(word: Word): Word | null {
  const spans = word.dynamic ?? [];
  let value = "";
  let at = 0;
  const keep: Span[] = [];
  let any = false;
  let tilde = word.tilde;
  for (const s of spans) {
    value += word.value.slice(at, s[0]);
    at = s[1];
    const text = spanText(word, s);
    const m = knownLead(word, s) ? null : DEFAULTED.exec(text);
    // A quoted default is its text (`${X:-"/"}` is /); a quoted `~` stays a `~`.
    const part = m === null ? text : (m[1] as string).replace(/^"([^"$`]*)"$|^'([^']*)'$/, (_q, d?: string, sq?: string) => (d ?? sq ?? "").replace(/^~/, "\u0000~"));
    if (m !== null) {
      any = true;
      // Bash expands a tilde at the start of the default (`${X:-~}` is $HOME).
      if (s[0] === 0 && part.startsWith("~")) tilde = true;
    }
    if (m === null || part.includes("$")) keep.push([value.length, value.length + part.length]);
    value += part;
  }
  if (!any) return null;
  value += word.value.slice(at);
  return { ...word, value, tilde, dynamic: keep.length > 0 ? keep : null };
}

/**
 * The word with every unguarded run-time part empty and every guarded one opaque; null when
 * the word has no unguarded part. A leading `$HOME` / `$PWD` stays (resolvePath knows it).
 */
function emptied(word: Word, guarded: Guarded): Word | null {
  const spans = word.dynamic ?? [];
  let value = "";
  let at = 0;
  let keep: Span[] | null = null;
  let unguarded = false;
  for (const s of spans) {
    value += word.value.slice(at, s[0]);
    at = s[1];
    const text = spanText(word, s);
    if (knownLead(word, s)) {
      keep = [[0, text.length]];
      value += text;
      continue;
    }
    const name = variableOf(text);
    if (neverEmpty(text) || (name !== null && guarded.has(name))) value += OPAQUE;
    else unguarded = true;
  }
  if (!unguarded) return null;
  value += word.value.slice(at);
  return { ...word, value, dynamic: keep };
}

/** Judges one delete target. `guarded`: variables shown non-empty before the command. */
export function judgeTarget(word: Word, ctx: PathContext, guarded0: Guarded): Judgement {
  // A guard says a part is not empty, not where it is: `..` after it climbs out (`"$tmp"/../..`).
  const guarded = word.dynamic !== null && DOTDOT.test(word.value) ? NO_GUARDS : guarded0;
  const r = resolvePath(word, ctx);
  const as = word.value;
  if (r.path !== null && !r.globAll) {
    const c = criticalPath(r.path, ctx, as);
    if (c) return { kind: "critical", id: c.id, what: c.what, message: `would delete ${c.what}; name what you mean to delete inside it.` };
  }
  if (r.globAll && r.globDir !== null) {
    const slash = as.replace(/\/+$/, "").lastIndexOf("/");
    const c = criticalPath(r.globDir, ctx, slash < 0 ? "." : as.slice(0, slash) || "/");
    if (c) return { kind: "critical", id: "deletion/critical-glob", what: `everything in ${c.what}`, message: `would delete everything in ${c.what}; list the files you mean.` };
  }
  if (!r.dynamic) return null;
  // `~-` ($OLDPWD): dynamic with no variable written.
  if (word.dynamic === null) return { kind: "unknown" };
  // `${X:-/}` is never empty, but it is / when X is unset: judged as its default too.
  const fallback = defaulted(word);
  if (fallback !== null) {
    const j = judgeTarget(fallback, ctx, guarded);
    if (j !== null && j.kind !== "unknown") return { kind: "empty-critical", what: j.what, message: `if a variable in it is unset or empty, its default makes this ${fallback.value} (${j.what}); guard it with \${VAR:?} instead.` };
  }
  const empty = emptied(word, guarded);
  if (empty === null) return null;
  if (empty.value === "") return { kind: "unknown" };
  if (empty.value.includes(OPAQUE)) return null;
  const e = resolvePath(empty, ctx);
  const path = e.globAll ? e.globDir : e.path;
  if (path === null) return null;
  const becomes = e.globAll ? `${path === "/" ? "" : path}/*` : path;
  const top = /^\/([^/]+)$/.exec(path);
  const c = top && !SYSTEM_TOP.has(top[1] as string) ? null : criticalPath(path, ctx);
  if (c === null) return null;
  return { kind: "empty-critical", what: c.what, message: `if a variable in it is empty or unset, this is ${becomes} (${c.what}); guard it with \${VAR:?} or a [ -n "$VAR" ] test first.` };
}

/** Where a view's unwritten arguments come from: xargs/parallel read them from stdin, find/fd fill in paths. */
export function argsSource(view: CommandView): "stdin" | "find" | "fd" | null {
  if (!view.argsUnknown) return null;
  for (let k = view.wrappers.length - 1; k >= 0; k--) {
    const w = view.wrappers[k] as string;
    if (w === "find") return "find";
    if (w === "fd" || w === "fdfind") return "fd";
    if (w === "xargs" || w === "parallel") return "stdin";
  }
  return "stdin";
}

/** find's `{}` (filled in with a found path): judged by the find check through its roots. */
export function isFindPlaceholder(word: Word): boolean {
  return word.dynamic !== null && word.value.includes("{}");
}
