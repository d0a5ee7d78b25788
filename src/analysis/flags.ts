/**
 * The one option parser every check uses, driven by a flag spec per command (as ShellCheck's
 * Commands.hs does): `-rf`, `-r -f`, `-fr` and `--recursive --force` all come out as the same
 * canonical names, so no check ever looks at flag spellings itself.
 */

export interface FlagSpec {
  /** Short flags taking no value, each mapped to its canonical name: `{ r: "recursive", R: "recursive" }`. */
  short?: Readonly<Record<string, string>>;
  /** Short flags taking a value (`-o FILE`, `-oFILE`). */
  shortValue?: Readonly<Record<string, string>>;
  /** Long flags taking no value: `{ recursive: "recursive" }`. */
  long?: Readonly<Record<string, string>>;
  /** Long flags taking a value (`--output FILE`, `--output=FILE`). */
  longValue?: Readonly<Record<string, string>>;
  /** Long flags whose value is optional and only given with `=` (`--in-place[=SUFFIX]`). */
  longOptional?: Readonly<Record<string, string>>;
  /** Short flags whose value is optional and only attached (`-i[SUFFIX]` of sed). */
  shortOptional?: Readonly<Record<string, string>>;
  /** Options end at the first operand (as for wrappers: `sudo -u x cmd -rf`). */
  stopAtOperand?: boolean;
  /** A single dash plus a long name is a long option (`find -name`, `dd`-style is not this). */
  singleDashLong?: boolean;
  /** Canonical names of value flags after whose value options end (`python -c CODE -v`: -v is the code's). */
  endAfter?: readonly string[];
}

/** A spec table of flags named by their own letters: `letters("rf")` is `{ r: "r", f: "f" }`. */
export const letters = (s: string): Record<string, string> => Object.fromEntries([...s].map((c) => [c, c]));

/** A spec table of long options named by themselves. */
export const names = (...n: string[]): Record<string, string> => Object.fromEntries(n.map((x) => [x, x]));

/** Told where a value flag's value was: the word's index and where in the word it starts (`-cCODE`: 2). */
export type ValueSeen = (name: string, index: number, offset: number) => void;

export interface ParsedFlags {
  /** Canonical flag name → the values it was given (`""` for a flag without a value), in order. */
  flags: ReadonlyMap<string, readonly string[]>;
  /** Indexes (into the parsed argv) of the operands. */
  operands: readonly number[];
  /** Flags not in the spec, as written (`-z`, `--frobnicate`). */
  unknown: readonly string[];
  /** Index just past the options when `stopAtOperand` (the wrapped command starts there). */
  rest: number;
}

export function has(p: ParsedFlags, name: string): boolean {
  return p.flags.has(name);
}

export function values(p: ParsedFlags, name: string): readonly string[] {
  return p.flags.get(name) ?? NONE;
}

/**
 * Shared until the first flag or unknown option: a parse is made per command by several checks,
 * and most commands have few flags (a line nested thousands deep has a command per level).
 */
const NO_FLAGS: ReadonlyMap<string, readonly string[]> = new Map();
const NONE: readonly string[] = Object.freeze([]);
const NO_OPERANDS: readonly number[] = Object.freeze([]);

function addOperand(p: ParsedFlags, index: number): void {
  // A literal is allocated at its size; `[]` + push at 17 slots.
  if (p.operands === NO_OPERANDS) p.operands = [index];
  else (p.operands as number[]).push(index);
}

function add(p: ParsedFlags, name: string, value: string): void {
  if (p.flags === NO_FLAGS) p.flags = new Map();
  const flags = p.flags as Map<string, string[]>;
  const list = flags.get(name);
  if (list) list.push(value);
  else flags.set(name, [value]);
}

function addUnknown(p: ParsedFlags, option: string): void {
  if (p.unknown === NONE) p.unknown = [option];
  else (p.unknown as string[]).push(option);
}

/**
 * A value flag's value, at `offset` in word `index`: recorded, and `seen` told. True when the spec
 * ends options after this flag.
 */
function addValue(p: ParsedFlags, spec: FlagSpec, name: string, args: readonly string[], index: number, offset: number, seen: ValueSeen | undefined): boolean {
  add(p, name, index < args.length ? (args[index] as string).slice(offset) : "");
  if (seen !== undefined && index < args.length) seen(name, index, offset);
  return spec.endAfter !== undefined && spec.endAfter.includes(name);
}

/**
 * Parses `args` (already cooked words, without the command name) from index `from`.
 * Unknown short flags in a cluster are recorded and skipped; `--` ends options. `seen`, when
 * given, is told where each value flag's value sits (to map a value back to its word).
 */
export function parseFlags(args: readonly string[], spec: FlagSpec, from = 0, seen?: ValueSeen): ParsedFlags {
  const p: ParsedFlags = { flags: NO_FLAGS, operands: NO_OPERANDS, unknown: NONE, rest: args.length };
  let i = from;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") {
      for (let j = i + 1; j < args.length; j++) addOperand(p, j);
      p.rest = i + 1;
      return p;
    }
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      const canonical = lookupLong(spec, name);
      if (canonical === null) {
        addUnknown(p, a);
      } else if (canonical.kind === "value") {
        const ends = eq >= 0 ? addValue(p, spec, canonical.name, args, i, eq + 1, seen) : addValue(p, spec, canonical.name, args, ++i, 0, seen);
        if (ends) {
          p.rest = i + 1;
          return p;
        }
      } else {
        add(p, canonical.name, eq >= 0 ? a.slice(eq + 1) : "");
      }
      continue;
    }
    if (a.startsWith("-") && a.length > 1) {
      if (spec.singleDashLong) {
        // `-execute=SQL` (Go's flags): the value after `=`, as `--execute=SQL`.
        const eq = a.indexOf("=");
        const glued = eq > 1 ? lookupLong(spec, a.slice(1, eq)) : null;
        if (glued !== null && glued.kind === "value") {
          if (addValue(p, spec, glued.name, args, i, eq + 1, seen)) {
            p.rest = i + 1;
            return p;
          }
          continue;
        }
        const canonical = lookupLong(spec, a.slice(1));
        if (canonical !== null) {
          if (canonical.kind === "value") {
            if (addValue(p, spec, canonical.name, args, ++i, 0, seen)) {
              p.rest = i + 1;
              return p;
            }
          } else add(p, canonical.name, "");
          continue;
        }
      }
      const last = parseCluster(p, args, i, spec, seen);
      if (last < 0) {
        p.rest = -last;
        return p;
      }
      i = last;
      continue;
    }
    if (spec.stopAtOperand) {
      p.rest = i;
      return p;
    }
    addOperand(p, i);
  }
  p.rest = i;
  return p;
}

/**
 * `-rf`, `-n5`, `-o FILE`: one dash, several letters. Returns the index of the last word used, or
 * minus the index options end at when the spec ends them after a value (that index is ≥ 1).
 */
function parseCluster(p: ParsedFlags, args: readonly string[], i: number, spec: FlagSpec, seen: ValueSeen | undefined): number {
  const a = args[i] as string;
  for (let k = 1; k < a.length; k++) {
    const c = a[k] as string;
    const withValue = spec.shortValue?.[c];
    if (withValue !== undefined) {
      const ends = k + 1 < a.length ? addValue(p, spec, withValue, args, i, k + 1, seen) : addValue(p, spec, withValue, args, ++i, 0, seen);
      return ends ? -(i + 1) : i;
    }
    const optional = spec.shortOptional?.[c];
    if (optional !== undefined) {
      add(p, optional, a.slice(k + 1));
      return i;
    }
    const plain = spec.short?.[c];
    if (plain !== undefined) add(p, plain, "");
    else addUnknown(p, "-" + c);
  }
  return i;
}

type LongHit = { name: string; kind: "flag" | "value" | "optional" };

/** Exact long name, else a unique prefix of one (GNU getopt accepts `--rec` for `--recursive`). */
function lookupLong(spec: FlagSpec, name: string): LongHit | null {
  const exact = lookupExact(spec, name);
  if (exact !== null || name.length === 0) return exact;
  let hit: LongHit | null = null;
  for (const table of [spec.longValue, spec.long, spec.longOptional]) {
    for (const full of Object.keys(table ?? {})) {
      if (!full.startsWith(name)) continue;
      const found = lookupExact(spec, full) as LongHit;
      if (hit !== null && hit.name !== found.name) return null; // ambiguous
      hit = found;
    }
  }
  return hit;
}

function lookupExact(spec: FlagSpec, name: string): LongHit | null {
  const v = spec.longValue?.[name];
  if (v !== undefined) return { name: v, kind: "value" };
  const f = spec.long?.[name];
  if (f !== undefined) return { name: f, kind: "flag" };
  const o = spec.longOptional?.[name];
  if (o !== undefined) return { name: o, kind: "optional" };
  return null;
}
