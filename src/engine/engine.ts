/**
 * The permission engine: the seed's six-step order over an Analysis, a config and a mode.
 *
 *   1 deny rules → deny (every mode)
 *   2 ask rules → ask
 *   3 read-only → allow
 *   4 checks: a finding → ask, safety (bypass-immune); acceptEdits' filesystem allow → allow
 *   5 allow rules → allow
 *   6 the mode's fallback
 *
 * How each mode treats steps 4–6 is the table in modes.ts. Pure: no I/O.
 */

import type { Analysis } from "../analysis/types.js";
import type { ResolvedConfig, RuleSpec } from "../config/types.js";
import type { Behavior, Decision, Finding, ModeInput, ModeName, Step } from "./types.js";
import { MODE_POLICY, normalizeMode } from "./modes.js";
import { compileRestrictiveRule, compileRule, findAllowCover, findAnyMatch, type CompiledRule, type RuleHit, type RuleInput } from "./rules.js";
import { rawForms } from "./raw-forms.js";
import { suggestRules } from "./suggest.js";

/** What the engine reads from a config. */
export interface EngineConfig {
  rules: { deny: readonly RuleInput[]; ask: readonly RuleInput[]; allow: readonly RuleInput[] };
  dangerousPatterns: readonly RuleInput[];
}

/** The public entry points' options: a mode name or alias (`plan`, `bypassPermissions`). */
export interface DecideOptions {
  mode: ModeInput;
  /** Echoed into the decision. */
  id?: string | number;
}

/** Inside the engine the mode is normalised already (at the boundary that read it). */
export interface ModeOptions {
  mode: ModeName;
  /** Echoed into the decision. */
  id?: string | number;
}

export type StepOutcome = "decided" | "passed" | "skipped" | "not-reached";

/** What one of the six steps did, for `explain`. */
export interface StepTrace {
  n: 1 | 2 | 3 | 4 | 5 | 6;
  step: Step;
  outcome: StepOutcome;
  /** One line: what matched, what was ignored, or why the step was skipped. */
  detail: string;
}

export interface Evaluation {
  decision: Decision;
  steps: StepTrace[];
}

interface CompiledConfig {
  deny: CompiledRule[];
  ask: CompiledRule[];
  allow: CompiledRule[];
  dangerous: CompiledRule[];
}

const compiledCache = new WeakMap<object, CompiledConfig>();

/** The config's rules compiled once (cached per config object). */
export function compileConfig(config: EngineConfig | ResolvedConfig): CompiledConfig {
  let c = compiledCache.get(config);
  if (!c) {
    c = {
      deny: config.rules.deny.map(compileRestrictiveRule),
      ask: config.rules.ask.map(compileRestrictiveRule),
      allow: config.rules.allow.map(compileRule),
      dangerous: (config.dangerousPatterns ?? []).map(compileRestrictiveRule),
    };
    compiledCache.set(config, c);
  }
  return c;
}

const STEP_NAMES: readonly Step[] = ["deny-rule", "ask-rule", "read-only", "check", "allow-rule", "mode"];

function quote(s: string, max = 80): string {
  const one = s.replace(/\s+/g, " ").trim();
  return `"${one.length > max ? one.slice(0, max - 1) + "…" : one}"`;
}

function withReason(rule: CompiledRule): string {
  return rule.reason ? ` (${rule.reason.replace(/[.\s]+$/, "")})` : "";
}

function sourceOf(analysis: Analysis, start: number, end: number): string {
  return analysis.source.slice(start, end);
}

/** Config `dangerousPatterns`, matched like ask rules (any form of any command), as safety findings. */
export function customPatternFindings(analysis: Analysis, patterns: readonly CompiledRule[]): Finding[] {
  if (patterns.length === 0) return [];
  const out: Finding[] = [];
  for (const command of analysis.commands) {
    const hit = findAnyMatch(patterns, [command]);
    if (!hit) continue;
    out.push({
      id: "dangerous/custom-pattern",
      check: "dangerous",
      message: `${quote(hit.form)} matches the dangerous pattern ${quote(hit.rule.pattern)}${withReason(hit.rule)}`,
      command: sourceOf(analysis, command.start, command.end),
      start: command.start,
      end: command.end,
    });
  }
  return out;
}

/** Which check's finding leads the reason: the one whose harm is worst, then by position. */
const CHECK_RANK: Readonly<Record<string, number>> = { deletion: 0, secret: 1, shell: 2, dangerous: 3, "sensitive-path": 4, sed: 5, internal: 6, injection: 7 };

function leadingFinding(findings: readonly Finding[]): Finding {
  let best = findings[0]!;
  for (const f of findings) if ((CHECK_RANK[f.check] ?? 9) < (CHECK_RANK[best.check] ?? 9)) best = f;
  return best;
}

function findingSentence(findings: readonly Finding[]): string {
  const f = leadingFinding(findings);
  const more = findings.length > 1 ? `, and ${findings.length - 1} more finding${findings.length > 2 ? "s" : ""}` : "";
  return `${f.message.replace(/[.\s]+$/, "")} (${f.id})${more}`;
}

function firstNonReadOnly(analysis: Analysis): string {
  const c = analysis.commands.find((x) => !x.readOnly);
  return c ? quote(c.forms[0] ?? sourceOf(analysis, c.start, c.end)) : quote(analysis.source);
}

/** Run the six steps; the decision plus what each step did. The library entry: normalises the mode. */
export function evaluate(analysis: Analysis, config: EngineConfig | ResolvedConfig, options: DecideOptions): Evaluation {
  return evaluateIn(analysis, config, { ...options, mode: normalizeMode(options.mode) });
}

/** `evaluate` for callers inside that hold a ModeName already (the guard). */
export function evaluateIn(analysis: Analysis, config: EngineConfig | ResolvedConfig, options: ModeOptions): Evaluation {
  const mode = options.mode;
  const policy = MODE_POLICY[mode];
  const rules = compileConfig(config);
  const findings = [...analysis.findings, ...customPatternFindings(analysis, rules.dangerous)];
  const steps: StepTrace[] = [];
  const trace = (n: StepTrace["n"], outcome: StepOutcome, detail: string): void => {
    steps.push({ n, step: STEP_NAMES[n - 1]!, outcome, detail });
  };

  const finish = (
    n: StepTrace["n"],
    decision: Behavior,
    reason: string,
    extra: { safety?: boolean; rule?: Pick<RuleHit, "rule"> | null; suggest?: boolean } = {},
  ): Evaluation => {
    trace(n, "decided", `${decision}: ${reason}`);
    for (let k = n + 1; k <= 6; k++) steps.push({ n: k as StepTrace["n"], step: STEP_NAMES[k - 1]!, outcome: "not-reached", detail: "" });
    const result: Decision = {
      ...(options.id !== undefined ? { id: options.id } : {}),
      command: analysis.source,
      mode,
      decision,
      reason,
      step: STEP_NAMES[n - 1]!,
      safety: extra.safety ?? false,
      findings,
      rule: extra.rule ? extra.rule.rule.pattern : null,
      suggestions: extra.suggest ? suggestRules(analysis) : [],
    };
    return { decision: result, steps };
  };

  // A line the grammar could not read whole may hold commands the analysis did not see (bash runs
  // `$(...)` in a heredoc body whose first line starts with a blank): rules are then also tried on
  // its raw text, coarsely split, so breaking the syntax never escapes a deny or ask rule.
  const unread = analysis.facts.errors.length > 0;

  // 1. Deny rules: every mode, highest priority.
  const deny = findAnyMatch(rules.deny, analysis.commands) ?? (unread ? rawRuleMatch(analysis.source, rules.deny) : null);
  if (deny) {
    return finish(1, "deny", `${quote(deny.form)} matches the deny rule ${quote(deny.rule.pattern)}${withReason(deny.rule)}.`, { rule: deny });
  }
  trace(1, "passed", rules.deny.length ? `none of ${rules.deny.length} deny rule(s) matched` : "no deny rules");

  // 2. Ask rules.
  const ask = findAnyMatch(rules.ask, analysis.commands) ?? (unread ? rawRuleMatch(analysis.source, rules.ask) : null);
  if (ask) {
    const what = `${quote(ask.form)} matches the ask rule ${quote(ask.rule.pattern)}${withReason(ask.rule)}`;
    if (policy.askBecomesDeny) {
      return finish(2, "deny", `${what}, and ${mode} mode denies what it would ask about.`, { rule: ask, suggest: true });
    }
    return finish(2, "ask", `${what}.`, { rule: ask, suggest: true });
  }
  trace(2, "passed", rules.ask.length ? `none of ${rules.ask.length} ask rule(s) matched` : "no ask rules");

  // 3. Read-only fast path. Defensive: a finding (the analysis' own, or a configured dangerous
  // pattern) always disables it — a safety finding is never silently allowed.
  if (analysis.readOnly && findings.length === 0) {
    const n = analysis.commands.length;
    const all = n === 0 ? "Nothing runs: the line has no commands." : n > 1 ? "Every command in the line is read-only." : "Read-only command.";
    return finish(3, "allow", all);
  }
  trace(3, "passed", analysis.readOnly ? "read-only, but there are findings" : `not read-only: ${firstNonReadOnly(analysis)}`);

  // 4. Checks.
  if (policy.checks === "skip") {
    trace(4, "skipped", `${mode} mode does not run the checks`);
  } else if (findings.length > 0 && policy.checks === "ask") {
    const sentence = findingSentence(findings);
    if (policy.askBecomesDeny) {
      return finish(4, "deny", `${sentence}; ${mode} mode denies what it would ask about.`, { safety: true, suggest: true });
    }
    return finish(4, "ask", `${sentence}.`, { safety: true, suggest: true });
  } else if (policy.editsAllow && analysis.editsInsideWorkdirs) {
    return finish(4, "allow", `File edits inside the working directories are allowed in ${mode} mode.`);
  } else {
    const ignored = findings.length > 0 && policy.checks === "ignore";
    trace(4, "passed", ignored ? `${mode} mode ignores ${findings.length} safety finding(s): ${findingSentence(findings)}` : "no findings");
  }

  // 5. Allow rules: every command must be covered.
  if (policy.allowRules) {
    const allow = findAllowCover(rules.allow, analysis.commands);
    if (allow) return finish(5, "allow", `Allowed by the allow rule ${quote(allow.rule.pattern)}${withReason(allow.rule)}.`, { rule: allow });
    trace(5, "passed", rules.allow.length ? "allow rules do not cover every command" : "no allow rules");
  } else {
    trace(5, "skipped", `${mode} mode does not consult allow rules`);
  }

  // 6. The mode's fallback.
  switch (mode) {
    case "explore": {
      const writer = analysis.commands.some((c) => !c.readOnly);
      const why = writer || findings.length === 0 ? `${firstNonReadOnly(analysis)} is not read-only` : `the line cannot be shown to be read-only (${findings[0]!.id})`;
      return finish(6, "deny", `Explore mode allows only read-only commands, and ${why}.`);
    }
    case "bypass": {
      const despite = findings.length > 0 ? ` despite ${findings.length} safety finding${findings.length > 1 ? "s" : ""} (${findings[0]!.id})` : "";
      return finish(6, "allow", `Bypass mode allows what no rule denies or asks about${despite}.`);
    }
    case "guard":
      return finish(6, "allow", "No rule or safety check stops this command, so guard mode allows it.");
    case "dontAsk":
      return finish(6, "deny", `No rule allows ${firstNonReadOnly(analysis)}, and dontAsk mode denies what it would ask about.`);
    default:
      return finish(6, policy.fallback, `No rule allows ${firstNonReadOnly(analysis)}, so ${mode} mode asks.`, { suggest: true });
  }
}

/** The six-step decision (see `evaluate` for the per-step trace). */
export function decide(analysis: Analysis, config: EngineConfig | ResolvedConfig, options: DecideOptions): Decision {
  return evaluate(analysis, config, options).decision;
}

/**
 * Rules over text that could not be analysed (or not whole): the whole text, whitespace-normalised,
 * then each piece between separators, unquoted, from any word on, as written and by program names
 * (raw-forms.ts), so `timeout 5 '/bin/rm' x ((` still meets `rm:*`.
 */
function rawRuleMatch(source: string, rules: readonly CompiledRule[]): { rule: CompiledRule; form: string } | null {
  if (rules.length === 0) return null;
  const normalised = source.replace(/\s+/g, " ").trim();
  const pieces = rawForms(source);
  for (const rule of rules) {
    if (rule.test(normalised)) return { rule, form: normalised };
    const form = pieces.find((p) => rule.testFromWords(p));
    if (form !== undefined) return { rule, form };
  }
  return null;
}

/**
 * Fail safe when the analysis itself throws: never a silent allow. Deny rules are still tried on
 * the text, coarsely split (`rawRuleMatch`); otherwise ask (deny in dontAsk and explore) with the finding
 * `internal/analysis-failed`.
 */
export function analysisFailedDecision(
  source: string,
  config: EngineConfig | ResolvedConfig,
  options: ModeOptions,
  error: unknown,
): Decision {
  const mode = options.mode;
  const message = error instanceof Error ? error.message : String(error);
  const finding: Finding = {
    id: "internal/analysis-failed",
    check: "internal",
    message: `The command could not be analysed (${message.split("\n")[0]})`,
    command: source,
    start: 0,
    end: source.length,
  };
  const base = {
    ...(options.id !== undefined ? { id: options.id } : {}),
    command: source,
    mode,
    findings: [finding],
    suggestions: [] as string[],
  };
  const deny = rawRuleMatch(source, compileConfig(config).deny);
  if (deny) {
    const { rule, form } = deny;
    return { ...base, decision: "deny", reason: `${quote(form)} matches the deny rule ${quote(rule.pattern)}${withReason(rule)}.`, step: "deny-rule", safety: false, rule: rule.pattern };
  }
  const decision: Behavior = mode === "dontAsk" || mode === "explore" ? "deny" : "ask";
  return { ...base, decision, reason: `${finding.message}, so it cannot be allowed without a person.`, step: "check", safety: true, rule: null };
}

/** Re-exported for callers that build configs by hand. */
export type { RuleSpec };
