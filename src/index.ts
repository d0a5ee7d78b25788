/**
 * shellguard as a library:
 *
 *   import { createGuard } from "shellguard";
 *   const guard = createGuard({ mode: "default" });
 *   const d = guard.check("rm -rf /");   // { decision: "ask", reason: "...", findings: [...], ... }
 *   guard.check("noglob rm -rf ~", { dialect: "zsh" });   // a line typed at a zsh (or fish) prompt
 *
 * Synchronous, once the parser is there: with the native addon (a prebuilt binary, or compiled at
 * install) at once; without it, `await ready()` first, which loads the WebAssembly parser (until
 * then every check fails safe to "ask"). `nativeAvailable()` says which one runs.
 *
 * Fail safe: when the analysis throws, the decision is `ask` (`deny` in dontAsk and
 * explore) with the finding `internal/analysis-failed`, never a silent allow. A bad mode or a bad
 * config throws (a config error is the config loader's ConfigError, naming the file and key); an
 * untrusted project config that does not load is ignored instead, with a warning
 * (`guard.warnings()`, `onWarning`).
 */

import { normalizeMode, type ModeInput } from "./config/mode-names.js";
import { Guard, type CheckOptions as ModeCheckOptions, type ConfigOverrides as ModeConfigOverrides, type Explanation, type GuardOptions as ModeGuardOptions } from "./engine/guard.js";
import type { Decision } from "./engine/types.js";
import { recordDecision } from "./audit/record.js";
import { DIALECTS, isDialect } from "./analysis/dialects/index.js";

/**
 * The library's options: a mode is a ModeName or one of its documented aliases (`plan`,
 * `bypassPermissions`), so a typo is a compile error; createGuard normalises it once, and
 * everything below takes ModeName only.
 */
export interface ConfigOverrides extends Omit<ModeConfigOverrides, "mode" | "shell"> {
  mode?: ModeInput;
  shell?: Omit<NonNullable<ModeConfigOverrides["shell"]>, "mode"> & { mode?: ModeInput };
}
export interface GuardOptions extends Omit<ModeGuardOptions, "mode" | "config"> {
  /** Mode when a check names none; default the config's `mode`. */
  mode?: ModeInput;
  /** Config layered over the loaded one. */
  config?: ConfigOverrides;
  /**
   * Write each check's decision to the audit log, under this source name (e.g. your agent's),
   * when the user config turns the log on (`log:`, docs/audit.md). Off unless given.
   */
  audit?: string;
}
export interface CheckOptions extends Omit<ModeCheckOptions, "mode"> {
  mode?: ModeInput;
}

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
  const guard = new Guard(guardOptions(options));
  guard.configFor();
  const source = options.audit;
  return {
    check:
      source === undefined
        ? (command, opts) => guard.check(command, checkOptions(opts))
        : (command, opts) => {
            const explanation = guard.explain(command, checkOptions(opts));
            recordDecision(explanation, source, options.onWarning);
            return explanation.decision;
          },
    explain: (command, opts) => guard.explain(command, checkOptions(opts)),
    warnings: (cwd) => guard.warnings(cwd),
  };
}

/** The library boundary: each mode given in code normalised once (UnknownModeError for a typo). */
function guardOptions(options: GuardOptions): ModeGuardOptions {
  const { mode, config, audit: _audit, ...rest } = options;
  const out: ModeGuardOptions = { ...rest };
  if (mode !== undefined) out.mode = normalizeMode(mode);
  if (config) {
    const { mode: configMode, shell, ...more } = config;
    const overrides: ModeConfigOverrides = { ...more };
    if (configMode !== undefined) overrides.mode = normalizeMode(configMode);
    if (shell) overrides.shell = { ...shell, ...(shell.mode ? { mode: normalizeMode(shell.mode) } : {}) } as ModeConfigOverrides["shell"];
    out.config = overrides;
  }
  return out;
}

function checkOptions(options: CheckOptions | undefined): ModeCheckOptions | undefined {
  // A dialect from untyped code is checked here, once: an unknown one would read the line as bash.
  if (options?.dialect !== undefined && !isDialect(options.dialect)) throw new TypeError(`shellguard: unknown dialect "${String(options.dialect)}" (${DIALECTS.join(", ")})`);
  if (options?.mode === undefined) return options as ModeCheckOptions | undefined;
  return { ...options, mode: normalizeMode(options.mode) };
}

export { Guard, RuleOptionError } from "./engine/guard.js";
export type { Explanation, RuleOption } from "./engine/guard.js";

export { MODES, MODE_ALIASES } from "./engine/types.js";
export type { Behavior, Decision, Finding, ModeAlias, ModeInput, ModeName, Step } from "./engine/types.js";
export { MODE_POLICY, UnknownModeError, normalizeMode, type ModePolicy } from "./engine/modes.js";
export { compileRule, type CompiledRule, type RuleInput, type RuleKind } from "./engine/rules.js";
export { decide, evaluate, type DecideOptions, type EngineConfig, type Evaluation, type StepOutcome, type StepTrace } from "./engine/engine.js";
export { verifyRule, checkRuleExamples, type RuleUse, type ExampleResult } from "./engine/verify.js";

export { analyze } from "./analysis/index.js";
export { DIALECTS, type Dialect } from "./analysis/dialects/index.js";
export type { Analysis, AnalysisOptions, AnalyzedCommand } from "./analysis/types.js";
export { extractFacts, ready, nativeAvailable } from "./facts/index.js";
export type { Assignment, Construct, ConstructType, Facts, ParseError, Redirect, SimpleCommand, Span, Word } from "./facts/types.js";
export { ConfigError, loadConfig, trust, untrust, isTrusted, starterConfig } from "./config/index.js";
export type { LoadConfigOptions, TrustOptions, StarterOptions } from "./config/index.js";
export type { ConfigFileInfo, ResolvedConfig, RuleSet, RuleSpec } from "./config/types.js";
