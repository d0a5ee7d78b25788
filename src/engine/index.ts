/** The engine: rules, modes, the six-step decision. Pure (no I/O, no analysis) except `verify.ts`. */

export * from "./types.js";
export { MODE_POLICY, UnknownModeError, isModeName, normalizeMode, type ModePolicy } from "./modes.js";
export {
  compileRule,
  findAllowCover,
  findAnyMatch,
  allowRuleFor,
  patternProblem,
  stripToolWrapper,
  type CompiledRule,
  type RuleHit,
  type RuleInput,
  type RuleKind,
} from "./rules.js";
export { compileWildcard, wildcardMatch, type Wildcard, type WorkCounter } from "./wildcard.js";
export {
  analysisFailedDecision,
  compileConfig,
  customPatternFindings,
  decide,
  evaluate,
  type DecideOptions,
  type EngineConfig,
  type Evaluation,
  type StepOutcome,
  type StepTrace,
} from "./engine.js";
export { suggestRules, SAFE_COMMANDS, SAFE_ENV_VARS, MAX_SUGGESTIONS } from "./suggest.js";
