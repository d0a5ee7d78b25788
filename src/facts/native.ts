/**
 * The native extractor: loads the C addon (native/, built by binding.gyp) and decodes its compact
 * result into Facts. The addon crosses into JS once per call: an Int32Array of records (written
 * into a buffer we own and reuse) and one string holding every cooked value, which words slice.
 *
 * Record layout (all int32; must match native/extract.c sg_write_records):
 *   header   total, nCommands, nConstructs, nErrors
 *   construct  type (index into CONSTRUCT_TYPES), start, end, parent        × nConstructs
 *   error      missing (0 ERROR, 1 MISSING), start, end                       × nErrors
 *   command    start, end, parent, pipeline, stage, sep (index into SEPS),
 *              flags (1 background, 2 negated), nArgv, nAssignments, nRedirects,
 *              argv words, assignments, redirects                             × nCommands
 *   word       valueOffset, valueLength, start, end,
 *              flags (1 quoted, 2 glob, 4 tilde, 8 the value is a slice of the source, not of
 *              the values string: most words are verbatim source text and cost no copy),
 *              nDynamic, then nDynamic × (spanStart, spanEnd)
 *   assignment nameStart, nameEnd, start, end, flags (1 append, 2 has value), [word]
 *   redirect   op (index into OPS, or -1: read source[opStart, opEnd)), opStart, opEnd,
 *              fd (-1 none, -2 too large: read source[fdStart, fdEnd)), fdStart, fdEnd, start, end,
 *              flags (1 has target, 2 has body), [target word], [body word]
 */
import { digitDescriptors } from "./digit-descriptors.js";
import { backquotedHeredocs } from "./backquoted-heredocs.js";
import { existsSync } from "node:fs";
import path from "node:path";
import {
  CONSTRUCT_TYPES,
  type Assignment,
  type Construct,
  type Facts,
  type ParseError,
  type Redirect,
  type SimpleCommand,
  type Span,
  type Word,
} from "./types.js";
import { requireFrom } from "./require.js";
import { LONG_WORD, noteLastSlash, slashesBefore } from "./slashes.js";

export interface NativeAddon {
  extract(source: string, out: Int32Array, timeoutMs?: number): string | [Int32Array, string];
  parseOnly(source: string, timeoutMs?: number): boolean;
}

/** Redirect operators by code (native/sg.h SG_OPS). */
const OPS = [">", ">>", "<", "&>", "&>>", ">&", "<&", ">|", "<>", ">&-", "<&-", "<<", "<<-", "<<<"];
/** Separators by code (native/sg.h SEP_*). */
const SEPS = ["", ";", "&", "&&", "||", "|", "|&", "\n", ";;"];

/** Package root: this file is src/facts/native.ts or dist/facts/native.js. */
const packageRoot = path.resolve(import.meta.dirname, "..", "..");

let addon: NativeAddon | undefined;
let loadError: Error | undefined;

/**
 * The addon at `file`, or undefined when it is missing or does not load (another platform's
 * build). A missing file is a stat, not a thrown error: an installed copy has prebuilds/ and no
 * build/. process.dlopen is what require() ends in for a `.node` file; called directly it skips
 * the module system's resolution, realpath and cache, ~0.4 ms of every `shellguard check`.
 */
function tryLoad(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    const module = { exports: {} };
    process.dlopen(module, path.toNamespacedPath(file));
    return module.exports;
  } catch {
    return undefined;
  }
}

/** The prebuilt binary this platform would use (scripts/prebuild.mjs names it so). */
function prebuildPath(): string {
  const libc = process.platform !== "linux" ? "" : existsSync("/etc/alpine-release") ? ".musl" : ".glibc";
  return path.join(packageRoot, "prebuilds", `${process.platform}-${process.arch}`, `shellguard.napi${libc}.node`);
}

/** Loads the addon once (a local build, else the prebuilt binary); throws if it cannot. */
export function loadNativeAddon(): NativeAddon {
  if (addon) return addon;
  if (loadError) throw loadError;
  try {
    addon = (tryLoad(path.join(packageRoot, "build", "Release", "shellguard.node")) ?? tryLoad(prebuildPath())) as NativeAddon | undefined;
    if (addon === undefined) {
      // Anything else node-gyp-build knows (other tags, a Debug build): its search costs start-up time.
      const nodeGypBuild = requireFrom(import.meta.url)("node-gyp-build") as (dir: string) => unknown;
      addon = nodeGypBuild(packageRoot) as NativeAddon;
    }
    if (typeof addon.extract !== "function") throw new Error("addon has no extract()");
    return addon;
  } catch (err) {
    addon = undefined;
    loadError = err instanceof Error ? err : new Error(String(err));
    throw loadError;
  }
}

// Decoder state: the records buffer is reused across calls (the addon writes into it, or hands
// back a bigger one), and decoding is synchronous, so module-level cursors are safe.
let rec: Int32Array = new Int32Array(1 << 14);
let p = 0;
let vals = "";
let src = "";
/** slashesBefore(src), made on the first long verbatim word of a line (most lines have none). */
let slashes: Int32Array | null = null;

/** `argv`: a command word, whose last `/` the analysis asks for (commandName); long ones get it noted. */
function word(argv = false): Word {
  const r = rec;
  const voff = r[p]!;
  const flags = r[p + 4]!;
  const value = (flags & 8 ? src : vals).slice(voff, voff + r[p + 1]!);
  const start = r[p + 2]!;
  const end = r[p + 3]!;
  const ndyn = r[p + 5]!;
  p += 6;
  let dynamic: Span[] | null = null;
  if (ndyn > 0) {
    // Sized up front (`[]` + push allocates 16 slots): a line nested thousands deep has a word per level.
    dynamic = new Array<Span>(ndyn);
    for (let i = 0; i < ndyn; i++, p += 2) dynamic[i] = [r[p]!, r[p + 1]!];
  }
  const w: Word = {
    value,
    start,
    end,
    quoted: (flags & 1) !== 0,
    glob: (flags & 2) !== 0,
    tilde: (flags & 4) !== 0,
    dynamic,
  };
  if (argv && flags & 8 && value.length >= LONG_WORD) {
    // A nested word is a slice of the line: its last `/` is read from one index of the line.
    slashes ??= slashesBefore(src);
    const at = slashes[voff + value.length]!;
    noteLastSlash(w, at >= voff ? at - voff : -1);
  }
  return w;
}

/** Shared by every command that has none; frozen, so a consumer that tried to add to one would throw, not corrupt the others. */
const NO_WORDS: readonly Word[] = Object.freeze([]);
const NO_ASSIGNMENTS: readonly Assignment[] = Object.freeze([]);
const NO_REDIRECTS: readonly Redirect[] = Object.freeze([]);

/**
 * An array to fill by index 0..n-1: allocated at its size (`[]` + push starts at 16 slots and
 * regrows). Past V8's fast-array bound `new Array(n)` would be a dictionary, so big ones grow.
 */
function sized<T>(n: number): T[] {
  return n <= 65_536 ? new Array<T>(n) : [];
}

function decode(source: string): Facts {
  const r = rec;
  const nCommands = r[1]!;
  const nConstructs = r[2]!;
  const nErrors = r[3]!;
  p = 4;
  const constructs = sized<Construct>(nConstructs);
  for (let i = 0; i < nConstructs; i++, p += 4) {
    constructs[i] = {
      type: CONSTRUCT_TYPES[r[p]!]!,
      start: r[p + 1]!,
      end: r[p + 2]!,
      parent: r[p + 3]!,
    };
  }
  const errors = sized<ParseError>(nErrors);
  for (let i = 0; i < nErrors; i++, p += 3) {
    errors[i] = { type: r[p] ? "MISSING" : "ERROR", start: r[p + 1]!, end: r[p + 2]! };
  }
  const commands = sized<SimpleCommand>(nCommands);
  for (let i = 0; i < nCommands; i++) {
    const start = r[p]!;
    const end = r[p + 1]!;
    const parent = r[p + 2]!;
    const pipeline = r[p + 3]!;
    const stage = r[p + 4]!;
    const sep = SEPS[r[p + 5]!]!;
    const flags = r[p + 6]!;
    const nArgv = r[p + 7]!;
    const nAssign = r[p + 8]!;
    const nRedir = r[p + 9]!;
    p += 10;
    // Arrays sized up front, and the empty ones shared (most commands have no assignments or
    // redirects): decoding allocates per command, and deep lines have thousands of commands.
    const argv: Word[] = nArgv === 0 ? (NO_WORDS as Word[]) : new Array<Word>(nArgv);
    for (let j = 0; j < nArgv; j++) argv[j] = word(true);
    const assignments: Assignment[] = nAssign === 0 ? (NO_ASSIGNMENTS as Assignment[]) : new Array<Assignment>(nAssign);
    for (let j = 0; j < nAssign; j++) {
      const nameStart = r[p]!;
      const nameEnd = r[p + 1]!;
      const aStart = r[p + 2]!;
      const aEnd = r[p + 3]!;
      const aFlags = r[p + 4]!;
      p += 5;
      assignments[j] = {
        name: source.slice(nameStart, nameEnd),
        value: aFlags & 2 ? word() : null,
        append: (aFlags & 1) !== 0,
        start: aStart,
        end: aEnd,
      };
    }
    const redirects: Redirect[] = nRedir === 0 ? (NO_REDIRECTS as Redirect[]) : new Array<Redirect>(nRedir);
    for (let j = 0; j < nRedir; j++) {
      const opCode = r[p]!;
      const op = opCode >= 0 ? OPS[opCode]! : source.slice(r[p + 1]!, r[p + 2]!);
      const fdCode = r[p + 3]!;
      const fd = fdCode >= 0 ? fdCode : fdCode === -1 ? null : Number.parseInt(source.slice(r[p + 4]!, r[p + 5]!), 10);
      const rStart = r[p + 6]!;
      const rEnd = r[p + 7]!;
      const rFlags = r[p + 8]!;
      p += 9;
      const target = rFlags & 1 ? word() : null;
      const body = rFlags & 2 ? word() : null;
      redirects[j] = { op, fd, target, body, start: rStart, end: rEnd };
    }
    commands[i] = {
      start,
      end,
      argv,
      assignments,
      redirects,
      parent,
      pipeline,
      stage,
      sep,
      background: (flags & 1) !== 0,
      negated: (flags & 2) !== 0,
    };
  }
  return { source, commands, constructs, errors };
}

/**
 * Facts of `source` from the native addon. A parse that exceeds `timeoutMs` (default 2000) yields
 * one ERROR over the whole input.
 */
export function extractFactsNative(source: string, timeoutMs?: number): Facts {
  const a = addon ?? loadNativeAddon();
  const res = timeoutMs === undefined ? a.extract(source, rec) : a.extract(source, rec, timeoutMs);
  if (typeof res === "string") {
    vals = res;
  } else {
    rec = res[0];
    vals = res[1];
  }
  src = source;
  const facts = backquotedHeredocs(digitDescriptors(decode(source)));
  vals = src = "";
  slashes = null;
  return facts;
}

/** Read + parse + free, no walk: the floor the benchmark compares against. */
export function parseOnlyNative(source: string, timeoutMs?: number): boolean {
  const a = addon ?? loadNativeAddon();
  return timeoutMs === undefined ? a.parseOnly(source) : a.parseOnly(source, timeoutMs);
}
