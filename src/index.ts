/**
 * shellguard as a library:
 *
 *   import { createGuard } from "shellguard";
 *   const guard = createGuard({ mode: "default" });
 *   const d = guard.check("rm -rf /");   // { decision: "ask", reason: "...", findings: [...], ... }
 *
 * Synchronous. Fail safe: when the analysis throws, the decision is `ask` (`deny` in dontAsk and
 * explore) with the finding `internal/analysis-failed`, never a silent allow. A bad mode or a bad
 * config throws (a config error is the config loader's ConfigError, naming the file and key); an
 * untrusted project config that does not load is ignored instead, with a warning
 * (`guard.warnings()`, `onWarning`).
 */

import { Guard, type CheckOptions, type Explanation, type GuardOptions } from "./engine/guard.js";
import type { Decision } from "./engine/types.js";

export interface ShellGuard {
  /** allow, ask or deny, and why. */
  check(command: string, options?: CheckOptions): Decision;
  /** The decision with the facts, the analysis and each of the six steps' outcome. */
  explain(command: string, options?: CheckOptions): Explanation;
  /**
   * The config's warnings for a working directory (default the guard's), one line each, naming
   * the file: an untrusted config's ignored keys, an untrusted config that does not load (ignored),
   * a config in a place other users can write to (not read), ... Empty when all is well.
   * `onWarning` in the options is called once per new warning as checks meet them.
   */
  warnings(cwd?: string): string[];
}

/**
 * A guard for `cwd` (default `process.cwd()`). The config is discovered from the working directory
 * upward (or read from exactly `configFile`), `config` is layered on top, and it is re-read when a
 * config file changes. Config errors for the default working directory throw here.
 */
export function createGuard(options: GuardOptions = {}): ShellGuard {
  const guard = new Guard(options);
  guard.configFor();
  return {
    check: (command, opts) => guard.check(command, opts),
    explain: (command, opts) => guard.explain(command, opts),
    warnings: (cwd) => guard.warnings(cwd),
  };
}

export { Guard, RuleOptionError } from "./engine/guard.js";
export type { CheckOptions, ConfigOverrides, Explanation, GuardOptions, RuleOption } from "./engine/guard.js";

export { MODES, MODE_ALIASES } from "./engine/types.js";
export type { Behavior, Decision, Finding, ModeName, Step } from "./engine/types.js";
export { MODE_POLICY, UnknownModeError, normalizeMode, type ModePolicy } from "./engine/modes.js";
export { compileRule, type CompiledRule, type RuleInput, type RuleKind } from "./engine/rules.js";
export { decide, evaluate, type DecideOptions, type EngineConfig, type Evaluation, type StepOutcome, type StepTrace } from "./engine/engine.js";
export { verifyRule, checkRuleExamples, type RuleUse, type ExampleResult } from "./engine/verify.js";

export { analyze } from "./analysis/index.js";
export type { Analysis, AnalysisOptions, AnalyzedCommand } from "./analysis/types.js";
export { extractFacts } from "./facts/index.js";
export type { Assignment, Construct, ConstructType, Facts, ParseError, Redirect, SimpleCommand, Span, Word } from "./facts/types.js";
export { ConfigError, loadConfig } from "./config/index.js";
export type { ConfigFileInfo, ResolvedConfig, RuleSet, RuleSpec } from "./config/types.js";
