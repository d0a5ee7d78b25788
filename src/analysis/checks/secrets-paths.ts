/**
 * Which paths are secrets (config `sensitive.secrets` less `sensitive.notSecrets`), and which
 * directories hold them. A pattern without a `/` matches a basename (`*.pem`), one with a `/`
 * the end of the path (`.ssh/id_*`), `~/…` and `/…` the whole path; `dir/**` everything inside.
 * Patterns may come from an untrusted project config (it may add), so they are matched by the
 * linear automata of ../glob.ts. Every operand of every command passes through here, so a path
 * is first tested against the patterns' last segments, which rejects nearly all of them.
 */

import { DEFAULT_NOT_SECRET_FILES, DEFAULT_SECRET_FILES } from "../secret-lists.js";
import { lazyGlobs, type Glob } from "../glob.js";
import type { AnalysisOptions } from "../types.js";

export const GLOB_CHARS = /[*?[\]{}()!+@]/;

/** One list compiled for one home. */
interface PatternSet {
  /** Literal last segments, and globs of last segments: a path whose basename passes neither cannot match a file pattern. */
  lastNames: ReadonlySet<string>;
  lastGlob: Glob | null;
  /** Each last-segment glob's literal start and end (`id_*`: "id_", ""): a basename that fits none skips the automaton. Null: some glob has neither. */
  lastAffixes: ReadonlyArray<readonly [string, string]> | null;
  /**
   * By ASCII code: 1 for the first character of an affix's start, 2 for the last character of the
   * end of an affix without a start. A basename whose first and last characters are marked by
   * neither fits no affix (one above 127 is always looked at), so most skip the affix loop.
   */
  affixEnds: Uint8Array;
  /** Literal directory segments of `dir/**` patterns: a path with none of them cannot match one. */
  dirNames: ReadonlySet<string>;
  /** The same, as one test over the whole path (`/(?:\.azure|Keychains)(?:\/|$)/`). */
  dirTest: RegExp | null;
  /** Some `…/**` pattern has a glob in its directory part: every path is a candidate. */
  anyDir: boolean;
  /** Relative patterns, tested against every tail of the path; absolute ones against the path. */
  /**
   * Relative patterns, by where in a path they can match. `relativeOne`: no `/` or `[` in the
   * pattern, so it matches one segment and only the basename is tested. `relativeAnchored`: the
   * first segment is literal (`.aws/config`), so only tails starting with one of `anchors` are.
   * `relativeRest`: every tail.
   */
  relativeOne: Glob | null;
  relativeAnchored: Glob | null;
  anchors: ReadonlySet<string>;
  relativeRest: Glob | null;
  absolute: Glob | null;
}

/** A secrets list and its exceptions, compiled, plus the directories that hold secrets. */
export interface SecretMatcher {
  secrets: PatternSet;
  except: PatternSet;
  /** Directories that hold secrets (`.ssh`, `.config/gcloud`, the home of `~/.npmrc`): relative tails and absolute paths. */
  containerRelative: Glob | null;
  containerAbsolute: ReadonlySet<string>;
  /** The relative containers' last segments (all literal): a path ending in none is no container. */
  containerLast: ReadonlySet<string>;
  /** The absolute containers' last segments (`etc`, the home's): mayBeSecret's look at a word for a recursive reader. */
  containerAbsoluteLast: ReadonlySet<string>;
  /** Literal last segments of the secret patterns, for a glob operand (`cat .env*`) to be tested against. */
  literalLasts: readonly string[];
  /**
   * By ASCII code, what a word starting with that character may be (mayBeSecret's first look):
   * NAME_FIRST a literal secret basename, CONTAINER_FIRST a container's last segment, DIR_FIRST
   * a `dir/**` directory's name. A character above 127 may be anything.
   */
  firstChars: Uint8Array;
}

const NAME_FIRST = 1;
const CONTAINER_FIRST = 2;
const DIR_FIRST = 4;

/** The firstChars table of a matcher's names. */
function firstCharsOf(names: ReadonlySet<string>, containers: ReadonlySet<string>, dirs: ReadonlySet<string>): Uint8Array {
  const t = new Uint8Array(128);
  const mark = (list: ReadonlySet<string>, bit: number): void => {
    for (const n of list) {
      const c = n.charCodeAt(0);
      if (c < 128) t[c] = (t[c] as number) | bit;
    }
  };
  mark(names, NAME_FIRST);
  mark(containers, CONTAINER_FIRST);
  mark(dirs, DIR_FIRST);
  return t;
}

const DEFAULT_LISTS = { files: DEFAULT_SECRET_FILES, except: DEFAULT_NOT_SECRET_FILES };

const cache = new WeakMap<readonly string[], { except: readonly string[]; home: string; matcher: SecretMatcher }>();

/** The matcher for the options' lists (compiled once per list and home). */
export function secretMatcher(options: Pick<AnalysisOptions, "home" | "secrets">): SecretMatcher {
  const lists = options.secrets ?? DEFAULT_LISTS;
  // Asked for every command: the last one answered is kept in front of the WeakMap.
  const last = lastMatcher;
  if (last !== null && last.files === lists.files && last.except === lists.except && last.home === options.home) return last.matcher;
  const matcher = lookupMatcher(lists, options.home);
  lastMatcher = { files: lists.files, except: lists.except, home: options.home, matcher };
  return matcher;
}

let lastMatcher: { files: readonly string[]; except: readonly string[]; home: string; matcher: SecretMatcher } | null = null;

function lookupMatcher(lists: { files: readonly string[]; except: readonly string[] }, home: string): SecretMatcher {
  const hit = cache.get(lists.files);
  if (hit !== undefined && hit.except === lists.except && hit.home === home) return hit.matcher;
  const matcher = build(lists.files, lists.except, home);
  cache.set(lists.files, { except: lists.except, home, matcher });
  return matcher;
}

/** `~/x` → `<home>/x`; trailing slashes dropped. */
function anchor(pattern: string, home: string): string {
  const p = pattern.length > 1 ? pattern.replace(/\/+$/, "") : pattern;
  return p === "~" ? home : p.startsWith("~/") ? home.replace(/\/+$/, "") + p.slice(1) : p;
}

function compileSet(list: readonly string[], home: string): PatternSet {
  const lastNames = new Set<string>();
  const lastGlobs: string[] = [];
  const dirNames = new Set<string>();
  let anyDir = false;
  const relative: string[] = [];
  const absolute: string[] = [];
  for (const raw of list) {
    const p = anchor(raw, home);
    if (p === "") continue;
    (p.startsWith("/") ? absolute : relative).push(p);
    const segs = p.split("/").filter((s) => s !== "");
    const last = segs[segs.length - 1] ?? "";
    if (last === "**") {
      // Everything inside the directory: the path must name the directory's last segment.
      const dir = segs[segs.length - 2];
      if (dir === undefined || GLOB_CHARS.test(dir)) anyDir = true;
      else dirNames.add(dir);
    } else if (GLOB_CHARS.test(last)) lastGlobs.push(last);
    else lastNames.add(last);
  }
  const affixes = lastGlobs.map((g): [string, string] => [g.slice(0, g.search(GLOB_CHARS)), g.slice(lastGlobIndex(g) + 1)]);
  const affixEnds = new Uint8Array(128);
  for (const [a, z] of affixes) {
    const c = a !== "" ? a.charCodeAt(0) : z.charCodeAt(z.length - 1);
    if (c < 128) affixEnds[c] = (affixEnds[c] as number) | (a !== "" ? 1 : 2);
  }
  return {
    lastNames, lastGlob: oneGlob(lastGlobs), lastAffixes: affixes.some(([a, z]) => a === "" && z === "") ? null : affixes, affixEnds,
    dirNames, dirTest: dirNames.size === 0 ? null : new RegExp(`(?:^|/)(?:${[...dirNames].map(escapeRegExp).join("|")})(?:/|$)`),
    anyDir, ...byTail(relative), absolute: oneGlob(absolute),
  };
}

/** Relative patterns split by the tails of a path they can match (PatternSet.relativeOne, …). */
function byTail(relative: readonly string[]): Pick<PatternSet, "relativeOne" | "relativeAnchored" | "anchors" | "relativeRest"> {
  const one: string[] = [];
  const anchored: string[] = [];
  const anchors = new Set<string>();
  const rest: string[] = [];
  for (const p of relative) {
    const slash = p.indexOf("/");
    const first = slash < 0 ? p : p.slice(0, slash);
    if (slash < 0 && !p.includes("[")) one.push(p);
    else if (slash > 0 && !GLOB_CHARS.test(first) && !first.includes("\\")) {
      anchored.push(p);
      anchors.add(first);
    } else rest.push(p);
  }
  return { relativeOne: oneGlob(one), relativeAnchored: oneGlob(anchored), anchors, relativeRest: oneGlob(rest) };
}

function lastGlobIndex(g: string): number {
  for (let k = g.length - 1; k >= 0; k--) if (GLOB_CHARS.test(g[k] as string)) return k;
  return -1;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Fewer automata to run: the patterns without `**`, `|`, parentheses or escapes become one
 * (`@(a|b)`; `**` is only a globstar outside a group); the rest stay one each.
 */
function oneGlob(list: readonly string[]): Glob | null {
  const plain = list.filter((p) => !/[|()\\]|\*\*/.test(p));
  if (plain.length < 2) return lazyGlobs(list);
  const rest = list.filter((p) => !plain.includes(p));
  return lazyGlobs([`@(${plain.join("|")})`, ...rest]);
}

function build(files: readonly string[], except: readonly string[], home: string): SecretMatcher {
  const containerRelative: string[] = [];
  const containerAbsolute = new Set<string>();
  const literalLasts = new Set<string>();
  for (const raw of files) {
    const p = anchor(raw, home);
    const segs = p.split("/").filter((s) => s !== "");
    const last = segs[segs.length - 1] ?? "";
    if (last !== "**" && !GLOB_CHARS.test(last)) literalLasts.add(last);
    // The directories leading to it, up to the first glob segment; an absolute pattern's parent only (not `/etc` for all of it).
    const dirs = segs.slice(0, -1);
    if (p.startsWith("/")) {
      if (dirs.length > 0 && !dirs.some((d) => GLOB_CHARS.test(d))) containerAbsolute.add("/" + dirs.join("/"));
      if (last === "**" && dirs.length > 1) containerAbsolute.add("/" + dirs.slice(0, -1).join("/"));
      continue;
    }
    for (let k = 1; k <= dirs.length; k++) {
      if (GLOB_CHARS.test(dirs[k - 1] as string)) break;
      containerRelative.push(dirs.slice(0, k).join("/"));
    }
  }
  const secrets = compileSet(files, home);
  const containerLast = new Set(containerRelative.map((c) => c.slice(c.lastIndexOf("/") + 1)));
  const containerAbsoluteLast = new Set([...containerAbsolute].map((c) => c.slice(c.lastIndexOf("/") + 1)));
  return {
    secrets,
    except: compileSet(except, home),
    containerRelative: lazyGlobs([...new Set(containerRelative)]),
    containerLast,
    containerAbsolute,
    containerAbsoluteLast,
    literalLasts: [...literalLasts],
    firstChars: firstCharsOf(secrets.lastNames, new Set([...containerLast, ...containerAbsoluteLast]), secrets.dirNames),
  };
}

/** Whether `path` (absolute, normalised) may match the set: its basename or a directory segment says so. */
function candidate(set: PatternSet, path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (set.lastNames.has(base) || set.anyDir) return true;
  if (set.lastGlob !== null && fitsAffix(set, base) && set.lastGlob.test(base)) return true;
  return set.dirTest !== null && set.dirTest.test(path);
}

function fitsAffix(set: PatternSet, base: string): boolean {
  const affixes = set.lastAffixes;
  if (affixes === null) return true;
  // Any affix needs its start's first character first, or (with no start) its end's last one last.
  if (base === "" || !mayFitAffix(set, base.charCodeAt(0), base.charCodeAt(base.length - 1))) return false;
  for (let k = 0; k < affixes.length; k++) {
    const affix = affixes[k] as readonly [string, string];
    const a = affix[0];
    const z = affix[1];
    if (base.startsWith(a) && base.endsWith(z) && base.length >= a.length + z.length) return true;
  }
  return false;
}

/** Whether `path` is one of the exceptions (`~/.ssh/*.pub`). */
export function isExcepted(m: SecretMatcher, path: string): boolean {
  return matches(m.except, path);
}

function matches(set: PatternSet, path: string): boolean {
  if (!candidate(set, path)) return false;
  if (set.absolute !== null && set.absolute.test(path)) return true;
  // A pattern matches the end of the path: a tail `.ssh/id_rsa`, `u/.ssh/id_rsa`, ...
  const last = path.lastIndexOf("/");
  if (set.relativeOne !== null && set.relativeOne.test(path.slice(last + 1))) return true;
  if (set.relativeAnchored === null && set.relativeRest === null) return false;
  let end = path.length;
  for (let k = last; k >= 0; k = k === 0 ? -1 : path.lastIndexOf("/", k - 1)) {
    const tail = path.slice(k + 1);
    if (set.relativeRest !== null && set.relativeRest.test(tail)) return true;
    if (set.relativeAnchored !== null && set.anchors.has(path.slice(k + 1, end)) && set.relativeAnchored.test(tail)) return true;
    end = k;
  }
  return false;
}

/**
 * A cheap first look at a static word before it is resolved: false when no spelling of it can be
 * a secret (or, with `containers`, a directory holding one). Most operands stop here.
 */
export function mayBeSecret(m: SecretMatcher, value: string, containers: boolean): boolean {
  const set = m.secrets;
  if (set.anyDir) return true;
  let end = value.length;
  while (end > 1 && value.charCodeAt(end - 1) === 47 /* / */) end--;
  const slash = value.lastIndexOf("/", end - 1);
  const from = slash + 1;
  if (from >= end) return true;
  const c = value.charCodeAt(from);
  // `~`, `~user`, `.`, `..`: resolved, they are other names.
  if (c === 126 /* ~ */ || (c === 46 /* . */ && (end - from === 1 || (end - from === 2 && value.charCodeAt(from + 1) === 46)))) return true;
  const first = c < 128 ? (m.firstChars[c] as number) : 0xff;
  // Most operands (options, plain names) start with a character no secret name starts with, and
  // end with none an affix ends with: the basename is not even cut out.
  if (first & (NAME_FIRST | (containers ? CONTAINER_FIRST : 0)) || (set.lastGlob !== null && mayFitAffix(set, c, value.charCodeAt(end - 1)))) {
    // Most operands have no `/`: the word is its own basename (no copy).
    const base = from === 0 && end === value.length ? value : value.slice(from, end);
    if (set.lastNames.has(base)) return true;
    if (set.lastGlob !== null && fitsAffix(set, base)) return true;
    // `/etc`, `/home/u`: a recursive reader of a directory that holds secrets (a relative one or an absolute one).
    if (containers && (m.containerLast.has(base) || m.containerAbsoluteLast.has(base))) return true;
  }
  if (set.dirTest === null) return false;
  // Without a `/`, dirTest (`(?:^|/)(?:a|b)(?:/|$)`) matches just its names themselves.
  if (value.indexOf("/") < 0) return (first & DIR_FIRST) !== 0 && set.dirNames.has(value);
  return set.dirTest.test(value);
}

/** fitsAffix's first look, from a basename's first and last characters. */
function mayFitAffix(set: PatternSet, first: number, last: number): boolean {
  if (set.lastAffixes === null || first >= 128 || last >= 128) return true;
  return ((set.affixEnds[first] as number) & 1) !== 0 || ((set.affixEnds[last] as number) & 2) !== 0;
}

/** Whether the absolute, normalised `path` is a secret. */
export function isSecretPathIn(m: SecretMatcher, path: string): boolean {
  return matches(m.secrets, path) && !matches(m.except, path);
}

/** Whether the absolute, normalised `path` is a directory that holds secrets (`~/.ssh`, `~/.aws`; with `absolute`, also home and `/etc`). */
export function isSecretContainer(m: SecretMatcher, path: string, absolute = true): boolean {
  if (absolute && m.containerAbsolute.has(path)) return true;
  if (m.containerRelative === null || !m.containerLast.has(path.slice(path.lastIndexOf("/") + 1))) return false;
  for (let k = path.lastIndexOf("/"); k >= 0; k = k === 0 ? -1 : path.lastIndexOf("/", k - 1)) {
    if (m.containerRelative.test(path.slice(k + 1))) return true;
  }
  return false;
}

