/**
 * Injection: constructs whose effect is only known at run time (the seed's eleven node types)
 * and parse failures. In guard mode constructs are not findings by themselves: the commands
 * inside them are checked like any other. Parse errors are findings in every mode.
 */

import type { Facts } from "../../facts/types.js";
import { SEED_INJECTION_TYPES } from "../../facts/types.js";
import { rejectedByShell } from "../shell-rejects.js";
import type { CheckContext, FactsCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { constructIndex, type ConstructIndex } from "../tree.js";

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

/**
 * At most this many constructs (and parse errors) are findings of their own; the rest are counted
 * in one summary finding, so a line nested thousands deep makes a short list, not one per level.
 */
export const MAX_LISTED = 20;
/** How many inner commands a construct's message names, and how much of each. */
const NAMED_COMMANDS = 3;
const NAMED_CHARS = 80;

function clip(text: string): string {
  return text.length > NAMED_CHARS ? `${text.slice(0, NAMED_CHARS - 1)}…` : text;
}

/** The views of this parse that run commands, and the construct each sits in. */
function ownViews(facts: Facts, views: readonly CommandView[]): CommandView[] {
  const out: CommandView[] = [];
  for (let k = 0; k < views.length; k++) {
    const v = views[k] as CommandView;
    if (v.facts === facts && !v.wrapperOnly) out.push(v);
  }
  return out;
}

/** The (clipped) texts of the first few commands inside construct `i`, and whether there are more. */
function innerCommands(i: number, last: number, own: readonly CommandView[]): { texts: string[]; more: boolean } {
  const texts: string[] = [];
  for (let k = 0; k < own.length; k++) {
    const v = own[k] as CommandView;
    const p = v.sc.parent;
    if (p < i || p > last) continue;
    if (texts.length === NAMED_COMMANDS) return { texts, more: true };
    // The innermost form an allow rule would match (`./x`, `sudo rm x`), not the last one: that
    // may be a deny-only spelling (`./x` seen as `x`), which is not what the command runs.
    texts.push(clip(v.forms[Math.max(0, Math.min(v.allowForms, v.forms.length) - 1)] ?? v.facts.source.slice(v.sc.start, v.sc.end)));
  }
  return { texts, more: false };
}

const NONE: FindingDraft[] = [];

function parseErrors(facts: Facts, out: FindingDraft[]): void {
  const errors = facts.errors;
  const listed = Math.min(errors.length, MAX_LISTED);
  for (let k = 0; k < listed; k++) {
    const e = errors[k] as Facts["errors"][number];
    out.push({ id: "injection/parse-error", message: `The command does not parse (${e.type === "MISSING" ? "something is missing" : "syntax error"} at offset ${e.start}), so it cannot be verified; fix the syntax.`, start: e.start, end: Math.max(e.end, e.start) });
  }
  if (errors.length > listed) {
    const first = errors[listed] as Facts["errors"][number];
    out.push({ id: "injection/parse-error", message: `The command has ${errors.length - listed} more syntax errors, so it cannot be verified; fix the syntax.`, start: first.start, end: facts.source.length });
  }
}

function check(facts: Facts, ctx: CheckContext, views: readonly CommandView[]): FindingDraft[] {
  if (facts.errors.length === 0 && (ctx.options.guard || facts.constructs.length === 0)) return NONE;
  // Guard mode: a typo the shell rejects before anything runs is left to its own error.
  if (ctx.options.guard && rejectedByShell(facts)) return NONE;
  const out: FindingDraft[] = [];
  parseErrors(facts, out);
  if (ctx.options.guard) return out;
  const constructs = facts.constructs;
  let index: ConstructIndex | null = null;
  let own: CommandView[] | null = null;
  let listed = 0;
  // Past the cap: how many more, of which kinds, from where.
  const unlisted = new Map<string, number>();
  let unlistedStart = -1;
  let unlistedEnd = -1;
  for (let i = 0; i < constructs.length; i++) {
    const c = constructs[i] as Facts["constructs"][number];
    if (!INJECTION_TYPES.has(c.type)) continue;
    const label = LABEL[c.type] ?? c.type;
    if (listed === MAX_LISTED) {
      unlisted.set(label, (unlisted.get(label) ?? 0) + 1);
      if (unlistedStart < 0) unlistedStart = c.start;
      if (c.end > unlistedEnd) unlistedEnd = c.end;
      continue;
    }
    listed++;
    index ??= constructIndex(facts);
    own ??= ownViews(facts, views);
    const inner = innerCommands(i, index.last[i] as number, own);
    const runs = inner.texts.length > 0 ? `; it runs: ${inner.texts.join("; ")}${inner.more ? "; ..." : ""}` : "";
    out.push({ id: "injection/construct", message: `The command contains ${label}, whose effect is only known at run time${runs}. Review it before running.`, start: c.start, end: c.end });
  }
  if (unlisted.size > 0) {
    let total = 0;
    const kinds: string[] = [];
    for (const [label, n] of unlisted) {
      total += n;
      kinds.push(`${label} ×${n}`);
    }
    out.push({ id: "injection/construct", message: `The command contains ${total} more constructs whose effect is only known at run time (${kinds.join(", ")}). Review it before running.`, start: unlistedStart, end: unlistedEnd });
  }
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
