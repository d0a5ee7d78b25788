/**
 * Sensitive paths: writes to shell start-up files, credentials, keys and system directories.
 * Targets are what a command writes or modifies (not what it reads), with `~` and `$HOME`
 * expanded; redirect targets of any command count too.
 */

import type { Word } from "../../facts/types.js";
import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { compileGlob, lazyGlobs, type Glob } from "../glob.js";
import { resolvePath, isHarmlessDevice } from "../paths.js";
import { isWriteRedirect } from "./dangerous.js";
import { BULK_WRITERS, bulkDestinations } from "./sensitive-writes.js";
import { WRITERS, writeTargets } from "./write-targets.js";

/**
 * A list compiled once (per list identity) into what a lookup needs without allocating: literal
 * names in a Set, patterns of several segments indexed by one segment, absolute entries with
 * their slash; globs become one linear matcher per kind (../glob.ts: a list may come from an
 * untrusted project config, so no backtracking), tested only when the list has them. A check
 * runs on every write target of every command, so this is a hot path.
 */
interface Compiled {
  /** Literal one-segment names. */
  names: ReadonlySet<string>;
  /** One-segment globs (`*.pem`). */
  nameGlob: Glob | null;
  /** Literal relative patterns with a slash (`.ssh/config`), as segments, by their key segment (files: last, directories: first). */
  multi: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  /** Relative globs with a slash: matched against runs of segments joined again. */
  multiGlob: Glob | null;
  /** Absolute literals (no trailing slash) by their first segment (`/var/spool/cron` under "var"); `~/bin` as `<home>/bin`. */
  absolute: ReadonlyMap<string, readonly string[]>;
  /** How a `~/` entry is named in messages (`<home>/bin` → `~/bin`). */
  shown: ReadonlyMap<string, string>;
  /** The home `~/` entries were resolved against. */
  home: string;
  /** `/` itself is in the list. */
  root: boolean;
  /** Absolute globs: matched against the path (files) or each of its ancestors (directories). */
  absoluteGlob: Glob | null;
  /**
   * A quick test a path must pass to be worth the segment-by-segment match: one of the literal
   * segments above appears as a whole segment of it. Null when globs (other than one-segment file
   * globs, tested on the basename) or `/` make every path a candidate.
   */
  candidate: RegExp | null;
}

const compiled = new WeakMap<readonly string[], Compiled>();

const GLOB_CHARS = /[*?[\]{}()!+@]/;

function compile(list: readonly string[], keyLast: boolean, home: string): Compiled {
  let c = compiled.get(list);
  if (c !== undefined && c.home === home) return c;
  const names = new Set<string>();
  const nameGlobs: string[] = [];
  const multi = new Map<string, string[][]>();
  const multiGlobs: string[] = [];
  const absolute = new Map<string, string[]>();
  let root = false;
  const absoluteGlobs: string[] = [];
  const shown = new Map<string, string>();
  const anchored: string[] = [];
  for (const raw of list) {
    let p = raw.length > 1 ? raw.replace(/\/+$/, "") : raw;
    // `~/bin`: anchored at home (a `bin` segment anywhere would be every project's bin/).
    if (p.startsWith("~/") && home.startsWith("/")) {
      const at = (home === "/" ? "" : home.replace(/\/+$/, "")) + p.slice(1);
      shown.set(at, p);
      // Every path it covers has its last segment: the quick test keys on that, not on "home".
      anchored.push(p.slice(p.lastIndexOf("/") + 1));
      p = at;
    }
    const glob = GLOB_CHARS.test(p);
    if (p.startsWith("/")) {
      const first = p.split("/")[1] as string;
      if (glob) absoluteGlobs.push(p);
      else if (p === "/") root = true;
      else {
        absolute.set(first, [...(absolute.get(first) ?? []), p]);
        if (!shown.has(p)) anchored.push(first);
      }
    }
    else if (p.includes("/")) {
      if (glob) multiGlobs.push(p);
      else {
        const segs = p.split("/").filter((x) => x !== "");
        const key = (keyLast ? segs[segs.length - 1] : segs[0]) as string;
        multi.set(key, [...(multi.get(key) ?? []), segs]);
      }
    } else if (glob) nameGlobs.push(p);
    else names.add(p);
  }
  const literal = [...new Set([...names, ...multi.keys(), ...anchored])];
  const everything = root || multiGlobs.length > 0 || absoluteGlobs.length > 0 || (!keyLast && nameGlobs.length > 0);
  c = {
    names, nameGlob: lazyGlobs(nameGlobs), multi, multiGlob: lazyGlobs(multiGlobs),
    absolute, shown, home, root, absoluteGlob: lazyGlobs(absoluteGlobs),
    candidate: everything ? null : new RegExp(`/(?:${literal.length > 0 ? literal.map(escapeRegExp).join("|") : "(?!)"})(?:/|$)`),
  };
  compiled.set(list, c);
  return c;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Whether `path` may match `c` at all (see Compiled.candidate); `base` is its last segment. */
function candidate(c: Compiled, path: string, base: string): boolean {
  return c.candidate === null || c.candidate.test(path) || (c.nameGlob !== null && c.nameGlob.test(base));
}

function nameMatch(c: Compiled, seg: string): boolean {
  return c.names.has(seg) || (c.nameGlob !== null && c.nameGlob.test(seg));
}

/** segments[from..] starts with `pattern`. */
function runAt(segments: readonly string[], from: number, pattern: readonly string[]): boolean {
  if (from + pattern.length > segments.length) return false;
  for (let j = 0; j < pattern.length; j++) if (segments[from + j] !== pattern[j]) return false;
  return true;
}

/** Why writing to `word` is sensitive ("~/.bashrc (a sensitive file)"), or null. */
export function sensitiveTarget(word: Word, ctx: CheckContext): string | null {
  // Fast path for the common harmless targets (`> /dev/null`).
  if (word.dynamic === null && !word.tilde && isHarmlessDevice(word.value)) return null;
  const r = resolvePath(word, ctx.paths);
  if (r.path === null || isHarmlessDevice(r.path)) return null;
  const hit = sensitivePath(r.glob ? instantiate(r.path, ctx) : r.path, ctx);
  return hit === null ? null : shownAs(r.path, ctx) + hit.slice(r.path.length);
}

const GLOB_SEGMENT = /[*?[]/;

/**
 * A glob target read as a pattern: each glob segment is replaced by a name on the sensitive
 * lists it matches (`~/.bashr?` → `~/.bashrc`, `~/.ss?/authorized_key?` → `~/.ssh/authorized_keys`),
 * so the lookup asks "could this glob expand to a sensitive path?". Segments matching no listed
 * name stay as they are.
 */
function instantiate(path: string, ctx: CheckContext): string {
  const segments = path.split("/");
  let changed = false;
  for (let k = 1; k < segments.length; k++) {
    const seg = segments[k] as string;
    // Only a glob with a literal start (`.bashr?`, `.*rc`, `authorized_key?`): `*` or `*.py` in
    // a project names its own files, not the one `sitecustomize.py` a list happens to hold.
    const at = seg.search(GLOB_SEGMENT);
    if (at <= 0) continue;
    const glob = compileGlob(seg);
    const names = k === segments.length - 1 ? listedNames(ctx.options.sensitiveFiles).concat(listedNames(ctx.options.sensitiveDirectories)) : listedNames(ctx.options.sensitiveDirectories);
    const name = names.find((n) => n.startsWith(seg.slice(0, at)) && glob.test(n));
    if (name !== undefined) {
      segments[k] = name;
      changed = true;
    }
  }
  return changed ? segments.join("/") : path;
}

const namesOf = new WeakMap<readonly string[], string[]>();

/** The literal segments a list names (`.ssh`, `authorized_keys`, `git` and `config` of `.config/git/config`). */
function listedNames(list: readonly string[]): string[] {
  let n = namesOf.get(list);
  if (n === undefined) {
    n = [...new Set(list.flatMap((e) => e.split("/")).filter((x) => x !== "" && x !== "~" && !GLOB_CHARS.test(x)))];
    namesOf.set(list, n);
  }
  return n;
}

/**
 * A path as the message shows it: under home as `~/...`, so a finding reads the same for every
 * user (a README's `~/.bashrc` is not "/home/ci/.bashrc" because CI linted it).
 */
function shownAs(path: string, ctx: CheckContext): string {
  const home = ctx.paths.home;
  if (path === home) return "~";
  return home !== "/" && path.startsWith(home + "/") ? "~" + path.slice(home.length) : path;
}

/**
 * Whether the absolute, normalised `path` is a sensitive file or lies in a sensitive directory
 * (docs/checks/sensitive-path.md): files by basename, by trailing segments (`.ssh/config`) or by
 * absolute path; directories by any segment, by consecutive segments (`.config/gh`) or as an
 * absolute prefix. Globs allowed in every form.
 */
export function sensitivePath(path: string, ctx: CheckContext): string | null {
  const home = ctx.paths.home;
  const files = compile(ctx.options.sensitiveFiles, true, home);
  const dirs = compile(ctx.options.sensitiveDirectories, false, home);
  const base = path.slice(path.lastIndexOf("/") + 1);
  // Most written paths name nothing sensitive: one regular expression says so without splitting.
  if (!candidate(files, path, base) && !candidate(dirs, path, base)) return null;
  const segments = path.split("/");
  // segments[0] is "" (the path is absolute); the last is the basename.
  const last = segments.length - 1;
  if (base !== "" && nameMatch(files, base)) return `${path} (a sensitive file: ${base})`;
  for (const pattern of files.multi.get(base) ?? NONE) {
    const from = last + 1 - pattern.length;
    if (from >= 1 && runAt(segments, from, pattern)) return `${path} (a sensitive file: ${pattern.join("/")})`;
  }
  if (files.multiGlob !== null) {
    for (let k = last - 1; k >= 1; k--) {
      const tail = segments.slice(k).join("/");
      if (files.multiGlob.test(tail)) return `${path} (a sensitive file: ${tail})`;
    }
  }
  const top = segments[1] as string;
  if (files.absolute.get(top)?.includes(path) === true) return `${path} (a sensitive file${files.shown.has(path) ? `: ${files.shown.get(path) as string}` : ""})`;
  if (files.absoluteGlob !== null && files.absoluteGlob.test(path)) return `${path} (a sensitive file)`;
  if (dirs.root) return `${path} (inside /)`;
  for (const d of dirs.absolute.get(top) ?? NO_PATHS) {
    if (path === d || (path.startsWith(d) && path.charCodeAt(d.length) === 47 /* / */)) return `${path} (inside ${dirs.shown.get(d) ?? d})`;
  }
  if (dirs.absoluteGlob !== null) {
    for (let k = 1; k <= last; k++) {
      const prefix = segments.slice(0, k + 1).join("/");
      if (dirs.absoluteGlob.test(prefix)) return `${path} (inside ${prefix})`;
    }
  }
  for (let k = 1; k <= last; k++) {
    const seg = segments[k] as string;
    if (nameMatch(dirs, seg)) return `${path} (inside a sensitive directory: ${seg})`;
    for (const pattern of dirs.multi.get(seg) ?? NONE) {
      if (runAt(segments, k, pattern)) return `${path} (inside a sensitive directory: ${pattern.join("/")})`;
    }
    if (dirs.multiGlob !== null) {
      for (let j = k + 1; j <= last; j++) {
        const run = segments.slice(k, j + 1).join("/");
        if (dirs.multiGlob.test(run)) return `${path} (inside a sensitive directory: ${run})`;
      }
    }
  }
  return null;
}

const NONE: ReadonlyArray<readonly string[]> = [];
const NO_PATHS: readonly string[] = [];

const NO_FINDINGS: FindingDraft[] = [];

/** Adds the finding for writing to `word` (range start..end) when it is sensitive; returns `out`, made on the first finding. */
function report(view: CommandView, ctx: CheckContext, out: FindingDraft[] | null, word: Word, start: number, end: number): FindingDraft[] | null {
  const hit = sensitiveTarget(word, ctx);
  if (hit === null) return out;
  out ??= [];
  if (out.some((f) => f.message.includes(hit))) return out;
  const id = hit.includes("sensitive file") ? "sensitive-path/file" : "sensitive-path/directory";
  const message = `${view.name} writes to ${hit}; change it by hand if you mean to.`;
  out.push(view.depth === 0 ? { id, message, start, end } : { id, message });
  return out;
}

const BULK: ReadonlySet<string> = new Set(BULK_WRITERS);

/**
 * Whether `path` is a directory that files nobody named may not be put into: home itself (its
 * direct entries are the start-up files and `.ssh`), or a directory that holds an entry of the
 * directory list (`/` holds `/etc`, `~/.local` holds `.local/bin`). A message part, or null.
 */
function holdsSensitive(path: string, ctx: CheckContext): string | null {
  if (path === ctx.paths.home) return "home itself, where .bashrc, .profile and .ssh live";
  const dirs = compile(ctx.options.sensitiveDirectories, false, ctx.paths.home);
  const prefix = path === "/" ? "/" : path + "/";
  let held: string | null = null;
  for (const list of dirs.absolute.values()) {
    for (const d of list) {
      if (!d.startsWith(prefix)) continue;
      // Name a system directory before a `~/` one (`/` holds `/etc`, and `~/bin` too).
      if (!dirs.shown.has(d)) return `it holds ${d}`;
      held ??= dirs.shown.get(d) as string;
    }
  }
  if (held !== null) return `it holds ${held}`;
  // `~/.local` holds `.local/bin`, `~/.config` holds `.config/fish`: a run of segments the path ends with.
  const segments = path.split("/");
  for (const patterns of dirs.multi.values()) {
    for (const pattern of patterns) {
      for (let k = pattern.length - 1; k >= 1; k--) {
        if (runAt(segments, segments.length - k, pattern.slice(0, k))) return `it holds ${pattern.join("/")}`;
      }
    }
  }
  return null;
}

/** `tar -xf x.tar -C ~`, `cp -r dotfiles/. ~`: files no word names, put into home (or /). */
function reportBulk(view: CommandView, ctx: CheckContext, out: FindingDraft[] | null, word: Word): FindingDraft[] | null {
  const r = resolvePath(word, ctx.paths);
  if (r.path === null) return out;
  const why = holdsSensitive(r.path, ctx);
  if (why === null) return out;
  out ??= [];
  const message = `${view.name} puts files this line does not name into ${shownAs(r.path, ctx)} (${why}), so it can replace any of them; unpack or copy into a new directory and move what you mean to by hand.`;
  out.push(view.depth === 0 ? { id: "sensitive-path/directory", message, start: word.start, end: word.end } : { id: "sensitive-path/directory", message });
  return out;
}

function check(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const writer = WRITERS.has(view.name);
  if (view.redirects.length === 0 && !writer) return NO_FINDINGS;
  let out: FindingDraft[] | null = null;
  if (writer && view.name !== "sed") for (const w of writeTargets(view)) out = report(view, ctx, out, w, w.start, w.end);
  if (BULK.has(view.name) && out === null) for (const w of bulkDestinations(view)) out = reportBulk(view, ctx, out, w);
  const redirects = view.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if (isWriteRedirect(r.op, r.target)) out = report(view, ctx, out, r.target as Word, r.start, r.end);
  }
  return out ?? NO_FINDINGS;
}

export const sensitivePaths: CommandCheck = {
  name: "sensitive-path",
  commands: [...WRITERS],
  redirects: true,
  findings: {
    "sensitive-path/file": { description: "A write to a sensitive file (.bashrc, .env, id_rsa, .gitconfig, ...)." },
    "sensitive-path/directory": { description: "A write inside a sensitive directory (.git, .ssh, /etc, ...)." },
  },
  check,
};
