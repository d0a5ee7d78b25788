/**
 * Injection: constructs whose effect is only known at run time (the seed's eleven node types)
 * and parse failures. In guard mode constructs are not findings by themselves: the commands
 * inside them are checked like any other. Parse errors are findings in every mode.
 */

import type { Facts } from "../../facts/types.js";
import { SEED_INJECTION_TYPES } from "../../facts/types.js";
import type { CheckContext, FactsCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";

/** The seed's types, plus `for ((...))`: tree-sitter names it apart, but it is the same loop. */
const INJECTION_TYPES: ReadonlySet<string> = new Set([...SEED_INJECTION_TYPES, "c_style_for_statement"]);

const LABEL: Readonly<Record<string, string>> = {
  c_style_for_statement: "a for loop",
  command_substitution: "a command substitution",
  process_substitution: "a process substitution",
  expansion: "a parameter expansion ${...}",
  subshell: "a subshell ( ... )",
  for_statement: "a for loop",
  while_statement: "a while/until loop",
  if_statement: "an if statement",
  case_statement: "a case statement",
  function_definition: "a function definition",
  test_command: "a test [[ ... ]]",
};

/** The texts of the commands inside construct `index` (any depth). */
function innerCommands(facts: Facts, index: number, views: readonly CommandView[]): string[] {
  const inside = (parent: number): boolean => {
    for (let p = parent; p >= 0; p = facts.constructs[p]?.parent ?? -1) if (p === index) return true;
    return false;
  };
  const out: string[] = [];
  for (const v of views) if (v.facts === facts && !v.wrapperOnly && inside(v.sc.parent)) out.push(v.forms[v.forms.length - 1] ?? v.facts.source.slice(v.sc.start, v.sc.end));
  return out;
}

const NONE: FindingDraft[] = [];

function check(facts: Facts, ctx: CheckContext, views: readonly CommandView[]): FindingDraft[] {
  if (facts.errors.length === 0 && (ctx.options.guard || facts.constructs.length === 0)) return NONE;
  const out: FindingDraft[] = [];
  for (const e of facts.errors) {
    out.push({ id: "injection/parse-error", message: `The command does not parse (${e.type === "MISSING" ? "something is missing" : "syntax error"} at offset ${e.start}), so it cannot be verified; fix the syntax.`, start: e.start, end: Math.max(e.end, e.start) });
  }
  if (ctx.options.guard) return out;
  facts.constructs.forEach((c, i) => {
    if (!INJECTION_TYPES.has(c.type)) return;
    const inner = innerCommands(facts, i, views);
    const runs = inner.length > 0 ? `; it runs: ${inner.slice(0, 3).join("; ")}${inner.length > 3 ? "; ..." : ""}` : "";
    out.push({ id: "injection/construct", message: `The command contains ${LABEL[c.type] ?? c.type}, whose effect is only known at run time${runs}. Review it before running.`, start: c.start, end: c.end });
  });
  return out;
}

export const injection: FactsCheck = {
  name: "injection",
  findings: {
    "injection/construct": { description: "A construct resolved at run time: $(...), <(...), ${...}, ( ... ), loops, if/case, functions, [[ ]]." },
    "injection/parse-error": { description: "The command line does not parse, so it cannot be verified." },
  },
  check,
};
