/**
 * shellguard as a library:
 *
 *   import { createGuard } from "shellguard";
 *   const guard = createGuard({ mode: "default" });
 *   const d = guard.check("rm -rf /");   // { decision: "ask", reason: "...", findings: [...], ... }
 *
 * Synchronous. Fail safe: when the analysis throws, the decision is `ask` (`deny` in dontAsk and
 * explore) with the finding `internal/analysis-failed`, never a silent allow. A bad mode or a bad
 * config throws (a config error is the config loader's ConfigError, naming the file and key).
 */

import { Guard, type CheckOptions, type Explanation, type GuardOptions } from "./engine/guard.js";
import type { Decision } from "./engine/types.js";

export interface ShellGuard {
  /** allow, ask or deny, and why. */
  check(command: string, options?: CheckOptions): Decision;
  /** The decision with the facts, the analysis and each of the six steps' outcome. */
  explain(command: string, options?: CheckOptions): Explanation;
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
