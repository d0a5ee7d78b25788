/**
 * Rule examples: `{ pattern, match: [...], notMatch: [...] }`. Each example command is analysed
 * with the real analysis and matched the way the engine matches (any form of any command, so
 * `match: ["sudo terraform destroy"]` holds for `terraform destroy:*`). Used by the config
 * loader (`verifyRule`) and by `shellguard test`.
 */

import { homedir } from "../facts/home.js";
import { analyze } from "../analysis/index.js";
import type { AnalysisOptions, AnalyzedCommand } from "../analysis/types.js";
import { compileRestrictiveRule, compileRule, findAllowCover, findAnyMatch, patternProblem, type CompiledRule, type RuleInput } from "./rules.js";

/** How a rule is used: deny/ask/dangerous match any command; allow must cover every command. */
export type RuleUse = "deny" | "ask" | "allow" | "dangerous";

let exampleOptions: AnalysisOptions | undefined;

function optionsForExamples(): AnalysisOptions {
  exampleOptions ??= {
    guard: false,
    cwd: process.cwd(),
    home: homedir(),
    workingDirectories: [],
    sensitiveFiles: [],
    sensitiveDirectories: [],
    gitPack: false,
  };
  return exampleOptions;
}

/** The analysed commands of an example; if the analysis throws, the whitespace-normalised text as one command. */
export function exampleCommands(example: string): AnalyzedCommand[] {
  try {
    return analyze(example, optionsForExamples()).commands;
  } catch {
    const form = example.replace(/\s+/g, " ").trim();
    return [{ argv: form.split(" "), forms: [form], allowForms: 1, privileged: false, readOnly: false, start: 0, end: example.length, depth: 0 }];
  }
}

/** Does a compiled rule match an example command line, the way the engine would use it? */
export function ruleMatchesExample(rule: CompiledRule, example: string, use: RuleUse = "deny"): boolean {
  const commands = exampleCommands(example);
  return use === "allow" ? findAllowCover([rule], commands) !== null : findAnyMatch([rule], commands) !== null;
}

export interface ExampleResult {
  example: string;
  expected: "match" | "notMatch";
  ok: boolean;
}

/** Every example's outcome (for `shellguard test`). */
export function checkRuleExamples(rule: RuleInput, use: RuleUse = "deny"): { problem: string | null; results: ExampleResult[] } {
  const pattern = typeof rule === "string" ? rule : rule.pattern;
  const problem = patternProblem(pattern);
  if (problem) return { problem, results: [] };
  if (typeof rule === "string") return { problem: null, results: [] };
  const compiled = use === "allow" ? compileRule(rule) : compileRestrictiveRule(rule);
  const results: ExampleResult[] = [];
  for (const example of rule.match ?? []) results.push({ example, expected: "match", ok: ruleMatchesExample(compiled, example, use) });
  for (const example of rule.notMatch ?? []) results.push({ example, expected: "notMatch", ok: !ruleMatchesExample(compiled, example, use) });
  return { problem: null, results };
}

/**
 * Check a rule's pattern and its `match`/`notMatch` examples. Returns null when all hold, else one
 * message naming every failing example.
 */
export function verifyRule(rule: RuleInput, use: RuleUse = "deny"): string | null {
  const { problem, results } = checkRuleExamples(rule, use);
  if (problem) return problem;
  const pattern = typeof rule === "string" ? rule : rule.pattern;
  const failures = results.filter((r) => !r.ok).map((r) =>
    r.expected === "match"
      ? `the example "${r.example}" should match "${pattern}" but does not`
      : `the notMatch example "${r.example}" matches "${pattern}"`,
  );
  return failures.length ? failures.join("; ") : null;
}
