/**
 * Facts: what one parse of a command line tells the checks. Produced identically by the native
 * addon (native/) and by the reference extractor (src/facts/reference.ts); the exact rules are in
 * docs/facts.md. All offsets are UTF-16 code-unit offsets into `Facts.source` (what String#slice
 * takes), end exclusive.
 */

/** [start, end) of a part of a Word's `value` whose content is only known at run time. */
export type Span = [start: number, end: number];

/** One shell word after quote removal ("cooking"). */
export interface Word {
  /**
   * The cooked value: quotes removed, backslash escapes and `$'...'` resolved, concatenations
   * joined. A part that is only known at run time (`$X`, `${X}`, `$(...)`, `<(...)`, `$((...))`)
   * stays as its source text and is listed in `dynamic`.
   */
  value: string;
  start: number;
  end: number;
  /** Some part of the word was quoted or backslash-escaped. */
  quoted: boolean;
  /** An unquoted glob or brace-expansion metacharacter (`*`, `?`, `[`, `{`) is present. */
  glob: boolean;
  /** The word begins with an unquoted `~` (tilde expansion applies). */
  tilde: boolean;
  /** Spans of `value` whose content is dynamic, in order; null when the word is static. */
  dynamic: Span[] | null;
}

/** `NAME=value` before a command (or alone on a line). */
export interface Assignment {
  name: string;
  /** The value; null for `NAME=` with nothing after it. An array value `(a b)` is one dynamic word. */
  value: Word | null;
  /** `+=` rather than `=`. */
  append: boolean;
  start: number;
  end: number;
}

export interface Redirect {
  /** The operator as written: `>`, `>>`, `<`, `&>`, `&>>`, `>&`, `<&`, `>|`, `<>`, `>&-`, `<&-`, `<<`, `<<-`, `<<<`. */
  op: string;
  /** An explicit file descriptor before the operator (`2` in `2>&1`), else null. */
  fd: number | null;
  /** The target word (for a heredoc: the delimiter, cooked), null when there is none (`>&-`). */
  target: Word | null;
  /** A heredoc's body: cooked (expansions dynamic) when the delimiter is unquoted, literal otherwise. */
  body: Word | null;
  start: number;
  end: number;
}

/** Every simple command anywhere in the input, in pre-order (the order their nodes start in the tree walk). */
export interface SimpleCommand {
  start: number;
  end: number;
  /** argv[0] is the command name. Empty for a line of assignments or redirects only. */
  argv: Word[];
  assignments: Assignment[];
  /** Redirects that apply to this command (its own, and those of the statement wrapping it). */
  redirects: Redirect[];
  /** Index into Facts.constructs of the innermost construct enclosing this command, -1 if none. */
  parent: number;
  /** Ordinal of the pipeline this command is a stage of (pre-order count of pipelines), -1 if none. */
  pipeline: number;
  /** 0-based stage within that pipeline, -1 if not in a pipeline. */
  stage: number;
  /** The operator before this command: '', ';', '&', '&&', '||', '|', '|&', '\n' (see docs/facts.md). */
  sep: string;
  /** Runs in the background (a `&` follows it or a list it belongs to). */
  background: boolean;
  /** Preceded by `!`. */
  negated: boolean;
}

/**
 * A construct whose effect is only known at run time, or that groups commands: the seed's node
 * types and more (see CONSTRUCT_TYPES).
 */
export interface Construct {
  type: ConstructType;
  start: number;
  end: number;
  /** Index of the innermost enclosing construct, -1 if none. */
  parent: number;
}

export interface ParseError {
  /** `ERROR` for a node the grammar could not parse, `MISSING` for a token it had to invent. */
  type: "ERROR" | "MISSING";
  start: number;
  end: number;
}

export interface Facts {
  source: string;
  commands: SimpleCommand[];
  constructs: Construct[];
  errors: ParseError[];
}

/** Tree-sitter node types reported as constructs, in no particular order. */
export const CONSTRUCT_TYPES = [
  // The seed's list (until loops parse as while_statement).
  "command_substitution",
  "process_substitution",
  "expansion",
  "subshell",
  "for_statement",
  "while_statement",
  "if_statement",
  "case_statement",
  "function_definition",
  "test_command",
  // Also expanded or run at run time, or grouping commands.
  "simple_expansion",
  "arithmetic_expansion",
  "c_style_for_statement",
  "compound_statement",
  "heredoc_redirect",
] as const;

export type ConstructType = (typeof CONSTRUCT_TYPES)[number];

/** The seed's eleven injection node types (until_statement never occurs in tree-sitter-bash). */
export const SEED_INJECTION_TYPES: ReadonlySet<string> = new Set([
  "command_substitution",
  "process_substitution",
  "expansion",
  "subshell",
  "for_statement",
  "while_statement",
  "until_statement",
  "if_statement",
  "case_statement",
  "function_definition",
  "test_command",
]);
