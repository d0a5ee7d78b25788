/**
 * Bounds on one analysis, so that every caller (check, the agent hooks, the shell worker) answers
 * within its deadline. A line over a bound is not analysed: the analysis throws
 * AnalysisLimitError, and the engine's fail-safe turns it into "could not be analysed"
 * (`internal/analysis-failed`: ask, deny in dontAsk and explore; a deny rule on the text still
 * denies). Never an allow. The figures behind each bound are in docs/performance.md.
 */

import type { Facts } from "../facts/types.js";

export interface AnalysisLimits {
  /** Longest line analysed, in UTF-16 code units (checked before parsing). */
  maxChars: number;
  /** Most constructs nested inside one another (`$(`, `(`, `if`, `for`, ...). */
  maxDepth: number;
  /** Most simple commands plus constructs in one parse. */
  maxNodes: number;
  /** Most wrappers one command is seen through (`timeout 5 nice sudo ...`). */
  maxWrappers: number;
  /**
   * Most characters in all commands' forms (the texts rules are matched against). A command's
   * form holds what is nested in it, so lines nested n deep have forms of O(n²) characters.
   */
  maxFormChars: number;
  /** Wall-clock budget of one analysis in milliseconds, checked between and inside its loops. */
  budgetMs: number;
  /**
   * Most characters parsed again as shell code (`bash -c`, `eval`, ... strings), all nested
   * parses together; DEFAULT_LIMITS' when absent. A string holding the next one
   * (`eval $(eval $(eval …))`) is parsed once per command that runs it, at every depth: that
   * grows as the depth to the power MAX_DEPTH, so it is bounded, not left to the clock.
   */
  maxNestedChars?: number;
  /**
   * Most shell-in-shell strings nested in one another (`bash -c '…'`, `eval`, `su -c`, …); a string
   * at a deeper level is not parsed again, so the line is not analysed. Fixed (DEFAULT_LIMITS'),
   * like maxWrappers: the bound is part of what the checks follow, not a tuning knob.
   */
  maxShellDepth?: number;
}

export const DEFAULT_LIMITS: Readonly<Required<AnalysisLimits>> = Object.freeze({
  maxChars: 64 * 1024,
  maxDepth: 1000,
  maxNodes: 20_000,
  maxWrappers: 64,
  maxFormChars: 1_000_000,
  budgetMs: 500,
  maxNestedChars: 4 * 64 * 1024,
  maxShellDepth: 5,
});

/** The line is too large, too deep, or took too long to analyse. */
export class AnalysisLimitError extends Error {
  override readonly name = "AnalysisLimitError";
  constructor(
    /** Which bound: a key of AnalysisLimits. */
    readonly limit: keyof AnalysisLimits,
    message: string,
  ) {
    super(message);
  }
}

export function checkChars(source: string, limits: AnalysisLimits): void {
  if (source.length > limits.maxChars) {
    throw new AnalysisLimitError("maxChars", `the line is ${source.length} characters long, over the limit of ${limits.maxChars}`);
  }
}

/** The parse's size and nesting depth against the limits: one pass over its constructs. */
export function checkShape(facts: Facts, limits: AnalysisLimits): void {
  const constructs = facts.constructs;
  const nodes = constructs.length + facts.commands.length;
  if (nodes > limits.maxNodes) {
    throw new AnalysisLimitError("maxNodes", `the line has ${nodes} commands and constructs, over the limit of ${limits.maxNodes}`);
  }
  // No construct can be nested deeper than there are constructs.
  if (constructs.length <= limits.maxDepth) return;
  const depth = new Int32Array(constructs.length);
  for (let i = 0; i < constructs.length; i++) {
    const p = (constructs[i] as Facts["constructs"][number]).parent;
    // Pre-order: a parent's depth is known before its children's.
    const d = p >= 0 && p < i ? (depth[p] as number) + 1 : 1;
    depth[i] = d;
    if (d > limits.maxDepth) throw new AnalysisLimitError("maxDepth", `the line is nested more than ${limits.maxDepth} deep, the limit`);
  }
}

/**
 * A monotonic clock in milliseconds. Not performance.now(): its first read loads perf_hooks, a
 * dozen of Node's modules, in every CLI start (the `check` and agent-hook paths).
 */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** A deadline checked every so often in a loop: reading the clock on every step would cost more than the step. */
export class Deadline {
  readonly #at: number;
  readonly #budget: number;
  #countdown = 64;

  constructor(budgetMs: number) {
    this.#budget = budgetMs;
    this.#at = nowMs() + budgetMs;
  }

  /** Throws when the budget is spent; reads the clock once per 64 calls (a typical line makes a few). */
  tick(): void {
    if (--this.#countdown > 0) return;
    this.#countdown = 64;
    this.check();
  }

  /** Milliseconds left (at least 1: a parser given 0 may read it as "no limit"). */
  remaining(): number {
    return Math.max(1, Math.ceil(this.#at - nowMs()));
  }

  check(): void {
    if (nowMs() >= this.#at) throw new AnalysisLimitError("budgetMs", `the analysis took longer than ${this.#budget} ms, the limit`);
  }
}
