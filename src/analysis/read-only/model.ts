/**
 * The read-only allowlist model. A command is read-only only when its name (and subcommand) is on
 * the list AND every option it is given is a known option whose effect is known to be read-only.
 * Each command's table lists its read-only options and, apart, the options that write, run a
 * program or load code, so that long-option abbreviations resolve as getopt_long would: a unique
 * prefix is that option, an ambiguous one is unknown. Anything unknown is not read-only.
 *
 * Tables are written in a small notation, compiled on first use into the shared parser's FlagSpec:
 *   `-abc`      short options a, b, c without a value
 *   `-k:`       short option k with a value (`-k V`, `-kV`);  `-i::` optional, attached only
 *   `--name`    long option without a value;  `--name=` with a value;  `--name[=]` optional value
 * With `singleDash`, `--name` is also accepted as `-name` (find's primaries).
 */

import { parseFlags, type FlagSpec, type ParsedFlags } from "../flags.js";
import type { CommandView } from "../command.js";

/**
 * What an option that is not read-only does: its kind decides the finding (guard) and the docs.
 * `unwrapped`: it runs a command that unwrapping parses and checks (`find -exec`, `man -P`), so
 * the command's own findings speak for it.
 */
export type Effect = "writes" | "runs" | "unwrapped" | "network" | "state";

export interface UnsafeOption {
  effect: Effect;
  why: string;
}

export interface ReadOnlyCommand {
  /** One line for the docs: what the command is and why it is read-only. */
  why: string;
  /** The read-only options, in the notation above (shown in the docs). */
  accepts: string;
  /** Known options that are not read-only, notation → what they do. */
  unsafe: ReadonlyMap<string, UnsafeOption>;
  /** Options end at the first operand (printf's format, a wrapper-like tool). */
  stopAtOperand: boolean;
  singleDash: boolean;
  /** Every argument is an operand, never an option (echo). */
  anyArgs: boolean;
  /** A command line that is read-only (the docs and the property test start from it). */
  example: string;
  /** Extra condition on the whole argv (operands that set state, `test -v a[...]`). */
  args?: (args: readonly string[], p: ParsedFlags) => boolean;
  /** Multi-command tools: the options above are the global ones; the first operand picks one of these. */
  subcommands?: ReadonlyMap<string, ReadOnlyCommand>;
  /** A subcommand is optional (`git` alone prints help; `kubectl config` needs one). */
  bareOk: boolean;
  /** Global options may also follow the subcommand (pflag: kubectl). */
  interspersed: boolean;
  /** The compiled spec (read-only and unsafe options), made on first use. */
  spec(): FlagSpec;
}

export interface CommandInit {
  why: string;
  accepts?: string;
  unsafe?: Readonly<Record<string, readonly [Effect, string]>>;
  stopAtOperand?: boolean;
  singleDash?: boolean;
  anyArgs?: boolean;
  example?: string;
  args?: (args: readonly string[], p: ParsedFlags) => boolean;
  subcommands?: Readonly<Record<string, ReadOnlyCommand>>;
  bareOk?: boolean;
  interspersed?: boolean;
}

/** Canonical names of unsafe options start with this (never a real option spelling). */
export const UNSAFE = "!";

const NO_UNSAFE: ReadonlyMap<string, UnsafeOption> = new Map();

/**
 * A listed command. A `shellguard check` start builds every table (~230 commands) and judges one
 * or two, so what only a judged command's options need (the unsafe options' map, the compiled
 * spec) is made on first use. Fields the verdict reads for every command stay plain.
 */
class Listed implements ReadOnlyCommand {
  readonly why: string;
  readonly accepts: string;
  readonly stopAtOperand: boolean;
  readonly singleDash: boolean;
  readonly anyArgs: boolean;
  readonly example: string;
  readonly bareOk: boolean;
  readonly interspersed: boolean;
  readonly args: ((args: readonly string[], p: ParsedFlags) => boolean) | undefined;
  readonly subcommands: ReadonlyMap<string, ReadOnlyCommand> | undefined;
  private readonly given: CommandInit["unsafe"];
  private unsafeMap: ReadonlyMap<string, UnsafeOption> | undefined = undefined;
  private compiled: FlagSpec | undefined = undefined;

  constructor(init: CommandInit) {
    this.given = init.unsafe;
    this.why = init.why;
    this.accepts = init.accepts ?? "";
    this.stopAtOperand = init.stopAtOperand === true;
    this.singleDash = init.singleDash === true;
    this.anyArgs = init.anyArgs === true;
    this.example = init.example ?? "";
    this.bareOk = init.bareOk !== false;
    this.interspersed = init.interspersed === true;
    this.args = init.args;
    this.subcommands = init.subcommands === undefined ? undefined : new Map(Object.entries(init.subcommands));
  }

  get unsafe(): ReadonlyMap<string, UnsafeOption> {
    const given = this.given;
    return (this.unsafeMap ??= given === undefined ? NO_UNSAFE : new Map(Object.entries(given).map(([k, [effect, why]]) => [k, { effect, why }])));
  }

  spec(): FlagSpec {
    return (this.compiled ??= compile(this));
  }
}

export function command(init: CommandInit): ReadOnlyCommand {
  return new Listed(init);
}

type Table = "short" | "shortValue" | "shortOptional" | "long" | "longValue" | "longOptional";
type Mutable = { [K in Table]: Record<string, string> } & { stopAtOperand: boolean; singleDashLong: boolean };

/** Adds the options of one notation string to `spec`, each named `prefix + spelling` (`!-o`, `--all`). */
export function addOptions(spec: Mutable, notation: string, prefix: string): void {
  for (const token of notation.split(/\s+/)) {
    if (token === "") continue;
    if (token.startsWith("--")) {
      const optional = token.endsWith("[=]");
      const value = !optional && token.endsWith("=");
      const name = token.slice(2, optional ? -3 : value ? -1 : undefined);
      const canonical = prefix + "--" + name;
      if (optional) spec.longOptional[name] = canonical;
      else if (value) spec.longValue[name] = canonical;
      else spec.long[name] = canonical;
    } else if (token.startsWith("-") && token.length > 1) {
      const colons = token.endsWith("::") ? 2 : token.endsWith(":") ? 1 : 0;
      if (colons > 0 && token.length !== 2 + colons) throw new Error(`read-only table: a short option with a value stands alone: '${token}'`);
      if (colons === 2) spec.shortOptional[token[1] as string] = prefix + token.slice(0, 2);
      else if (colons === 1) spec.shortValue[token[1] as string] = prefix + token.slice(0, 2);
      else for (const c of token.slice(1)) spec.short[c] = prefix + "-" + c;
    } else {
      throw new Error(`read-only table: bad option token '${token}'`);
    }
  }
}

function emptySpec(): Mutable {
  return { short: {}, shortValue: {}, shortOptional: {}, long: {}, longValue: {}, longOptional: {}, stopAtOperand: false, singleDashLong: false };
}

function compile(cmd: ReadOnlyCommand): FlagSpec {
  const spec = emptySpec();
  addOptions(spec, cmd.accepts, "");
  for (const notation of cmd.unsafe.keys()) addOptions(spec, notation, UNSAFE);
  spec.stopAtOperand = cmd.stopAtOperand || cmd.subcommands !== undefined;
  spec.singleDashLong = cmd.singleDash;
  return spec;
}

/** Merges two compiled specs (kubectl's global options after the subcommand). */
export function mergeSpecs(a: FlagSpec, b: FlagSpec): FlagSpec {
  const out = emptySpec();
  for (const s of [a, b]) {
    for (const key of ["short", "shortValue", "shortOptional", "long", "longValue", "longOptional"] as const) Object.assign(out[key], s[key] ?? {});
  }
  out.stopAtOperand = b.stopAtOperand === true;
  out.singleDashLong = b.singleDashLong === true;
  return out;
}

/** Specs are compiled once and kept: their merges are too (kubectl's are asked for at every command). */
const merged = new WeakMap<FlagSpec, WeakMap<FlagSpec, FlagSpec>>();

function mergedSpec(a: FlagSpec, b: FlagSpec): FlagSpec {
  let byB = merged.get(a);
  if (byB === undefined) merged.set(a, (byB = new WeakMap()));
  let spec = byB.get(b);
  if (spec === undefined) byB.set(b, (spec = mergeSpecs(a, b)));
  return spec;
}

/** An unsafe option given on the line: its spelling in the table, what it does, its value. */
export interface UnsafeUse {
  option: string;
  effect: Effect;
  why: string;
  value: string;
}

/** Why an argv is not read-only: the first unknown or unsafe option, or the subcommand. */
export interface Verdict {
  readOnly: boolean;
  /** The offending option or word, when not read-only. */
  culprit?: string;
  /** Every known unsafe option given (the findings of side-effect/* come from these). */
  unsafe?: UnsafeUse[];
  /** Not read-only only because of the unsafe options above (no unknown option, no other reason). */
  onlyUnsafe?: boolean;
}

export const READ_ONLY: Verdict = { readOnly: true };

/** The unsafe option named by a canonical `!--name` / `!-x`, looked up in the commands' notations. */
export function unsafeOf(cmds: readonly ReadOnlyCommand[], canonical: string): UnsafeOption | undefined {
  const spelled = canonical.slice(UNSAFE.length);
  for (const cmd of cmds) {
    for (const [notation, what] of cmd.unsafe) {
      for (const token of notation.split(/\s+/)) {
        const bare = token.replace(/\[=\]$|=$|::?$/, "");
        if (bare === spelled) return what;
      }
    }
  }
  return undefined;
}

/** The verdict of the options of one argv (`args[0]` is the name), recursing into subcommands. */
export function judge(cmd: ReadOnlyCommand, args: readonly string[], from = 1, inherited?: FlagSpec, parents: readonly ReadOnlyCommand[] = []): Verdict {
  if (cmd.anyArgs) return cmd.args === undefined || cmd.args(args, EMPTY) ? READ_ONLY : { readOnly: false, culprit: args.slice(1).join(" ") };
  const own = cmd.spec();
  const spec = inherited !== undefined ? mergedSpec(inherited, own) : own;
  const p = parseFlags(args, spec, from);
  let unsafe: UnsafeUse[] | undefined;
  for (const [name, vals] of p.flags) {
    if (!name.startsWith(UNSAFE)) continue;
    const what = unsafeOf([cmd, ...parents], name) ?? { effect: "state", why: "not read-only" };
    for (const value of vals) (unsafe ??= []).push({ option: name.slice(UNSAFE.length), effect: what.effect, why: what.why, value });
  }
  const unknown = p.unknown[0];
  if (unknown !== undefined) return { readOnly: false, culprit: unknown, ...(unsafe ? { unsafe } : {}) };
  if (unsafe !== undefined) {
    const clean = cmd.subcommands === undefined && (cmd.args === undefined || cmd.args(args, p));
    return { readOnly: false, culprit: (unsafe[0] as UnsafeUse).option, unsafe, ...(clean ? { onlyUnsafe: true } : {}) };
  }
  if (cmd.subcommands !== undefined) {
    if (p.rest >= args.length) return cmd.bareOk ? READ_ONLY : { readOnly: false, culprit: args[0] ?? "" };
    const name = args[p.rest] as string;
    const sub = cmd.subcommands.get(name);
    if (sub === undefined) return { readOnly: false, culprit: name };
    return judge(sub, args, p.rest + 1, cmd.interspersed ? spec : inherited, [cmd, ...parents]);
  }
  if (cmd.args !== undefined && !cmd.args(args, p)) return { readOnly: false, culprit: args.slice(from).join(" ") };
  return READ_ONLY;
}

const EMPTY: ParsedFlags = { flags: new Map(), operands: [], unknown: [], rest: 0 };

/**
 * Arbitrary extra arguments (from xargs, a glob, a variable) cannot make it write or run anything:
 * no unsafe option, no condition on its arguments, no subcommands.
 */
export function takesAnyArguments(cmd: ReadOnlyCommand): boolean {
  return cmd.anyArgs ? cmd.args === undefined : cmd.unsafe.size === 0 && cmd.args === undefined && cmd.subcommands === undefined;
}

/** The operand values of a parse. */
export function operandValues(args: readonly string[], p: ParsedFlags): string[] {
  return p.operands.map((i) => args[i] as string);
}

/** A view-level predicate for commands whose knowledge lives elsewhere (sed's script parser). */
export type ViewPredicate = (view: CommandView) => boolean;
