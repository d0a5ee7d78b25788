/** The state unwrapping carries, and the shape of an unwrapper (one family of commands that run code). */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { FindingDraft } from "../check.js";
import type { WrapperEffect } from "./wrappers.js";
import type { FileMap, WrittenFiles } from "./written.js";
import type { Piece } from "./known-values.js";
import { catFedLine, stdinFed } from "./stdin-feeds.js";

export interface UnwrapResult {
  views: CommandView[];
  findings: FindingDraft[];
  /** Every parse made: the line itself, then each nested string, with the top-level range it maps to. */
  parses: ReadonlyArray<{ facts: Facts; depth: number; range: [number, number] | null; speculative?: Quiet }>;
}

export interface Parse {
  facts: Facts;
  /** Files the parses it is nested in wrote before running it (`echo … > x; sh -c 'bash x'`). */
  written?: readonly FileMap[];
  depth: number;
  range: [number, number] | null;
  origin: Origin;
  /** Parsed again with guessed values (known-values.ts, find's {}): the findings it does not report. */
  speculative?: Quiet;
  /** The values the line gave its variables, as the string it runs sees them (known-values.ts). */
  values?: ReadonlyMap<string, Piece[][]>;
}

export type Extract = (source: string) => Facts;

/** The wrapper state a command starts from (empty at top level; the runner's for a nested parse). */
export interface Inherit {
  privileged: boolean;
  /** Forms of the command that runs this one, outermost first (prefixed to its own). */
  forms: readonly string[];
  /** Limit on allowForms set by a privilege wrapper on the way, -1 when none. */
  allowForms: number;
  argsUnknown: boolean;
  wrappers: readonly string[];
  /** What the wrappers on the way do themselves (`time -o FILE`). */
  effects: readonly WrapperEffect[];
  /** The string's stdin is written by the line (a pipe into the command that runs it). */
  stdinFed?: boolean;
  /** That stdin is a file of the user's, read as it is (`cat deploy.sh | ssh host bash -s`). */
  stdinFile?: boolean;
  /** Code parsed again with guessed values (known-values.ts, find's {}), and what it runs: the findings it does not report. */
  speculative?: Quiet;
  /** The arguments a string is run with, as written (`sh -c '…"$1"' _ ARG`): its $1… (known-values.ts). */
  positional?: readonly string[];
  /** The line's values are already written into the string (value-uses.ts): it inherits none. */
  valuesIn?: boolean;
}

/** Finding ids a parse made with guessed values drops (the command as written reports them, or they would be wrong). */
export type Quiet = (id: string) => boolean;

export interface Origin extends Inherit {
  depth: number;
  /** Range in the top-level source every command of a nested parse maps to. */
  range: [number, number] | null;
}

/** Queue a string to be parsed as shell code; `inherit` null means "same state as this parse". */
export type Nest = (source: string, range: [number, number], inherit: Inherit | null) => void;

const NO_EFFECTS: readonly WrapperEffect[] = [];
export const TOP: Origin = { depth: 0, range: null, privileged: false, forms: [], allowForms: -1, argsUnknown: false, wrappers: [], effects: NO_EFFECTS };

/** What a string run by `view` inherits: its privilege, forms and wrappers. */
export function inheritFrom(view: CommandView): Inherit {
  return { privileged: view.privileged, forms: view.forms, allowForms: view.privileged ? view.allowForms : -1, argsUnknown: false, wrappers: view.wrappers, effects: view.wrapperEffects ?? NO_EFFECTS, stdinFed: stdinFed(view), stdinFile: view.stdinFile === true || catFedLine(view) };
}

/** What inspecting a special command needs (made only for the few commands that are special). */
export interface Env {
  sc: SimpleCommand;
  facts: Facts;
  origin: Origin;
  out: UnwrapResult;
  nest: Nest;
  /** Range to report for a word: the word's, or the nested string's in the top-level source. */
  at: (w: Word) => [number, number];
  span: (a: Word, b: Word) => [number, number];
  /** The core's unwrapCommand, for commands found inside another's words (`find -exec`). */
  unwrapCommand: UnwrapCommand;
  /** Files earlier commands of the parse wrote (written.ts), when any did. */
  written?: WrittenFiles;
}

/** Sees one simple command through its wrappers and hands it to its unwrapper (unwrap-command.ts). */
export type UnwrapCommand = (sc: SimpleCommand, argv: readonly Word[], facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest, written?: WrittenFiles) => void;

/** Returns true when the view only wraps what was parsed from it (`bash -c '...'`). */
export type Special = (view: CommandView, env: Env) => boolean | void;

/**
 * One family's handling of the commands it names (canonical names), dispatched from the one
 * table in table.ts: a command no unwrapper names costs only that lookup.
 */
export interface Unwrapper {
  /** The family and what it reads, for messages and tests (`shell-string`, `exec-block`). */
  name: string;
  commands: readonly string[];
  /** Called for the command (seen through its wrappers, trusted, with words). */
  unwrap?: Special;
  /** Called when the command reads a pipe (stage > 0): `curl ... | sh`. */
  piped?: (view: CommandView, env: Env) => void;
  /**
   * Called for the command (trusted, with words) beside its unwrapper, for what several families
   * read of one command (the files it reads commands from, the packages it installs).
   */
  also?: (view: CommandView, env: Env) => void;
}
