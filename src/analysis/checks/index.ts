/** The registry: every check, and the table that dispatches commands to checks by name. */

import type { CommandCheck, FactsCheck, FindingMeta } from "../check.js";
import { dangerous } from "./dangerous.js";
import { deletion } from "./deletion.js";
import { injection } from "./injection.js";
import { sedCheck } from "./sed.js";
import { sensitivePaths } from "./sensitive-paths.js";

export const COMMAND_CHECKS: readonly CommandCheck[] = [dangerous, sedCheck, sensitivePaths, deletion];
export const FACTS_CHECKS: readonly FactsCheck[] = [injection];

/** Findings that unwrapping itself reports (src/analysis/unwrap.ts). */
export const SHELL_FINDINGS: Readonly<Record<string, FindingMeta>> = {
  "shell/eval": { description: "eval of anything: shell code assembled at run time." },
  "shell/source-dynamic": { description: "source or . of a file only known at run time, or downloaded." },
  "shell/pipe-to-shell": { description: "A pipe into a shell or interpreter (curl ... | sh, base64 -d | bash)." },
  "shell/dynamic-script": { description: "A shell run on a script that cannot be seen (bash <(curl ...), sh -c \"$(curl ...)\", bash -c \"$VAR\")." },
  "shell/dynamic-command": { description: "A command name only known at run time ($CMD, $(echo rm))." },
  "shell/nesting-too-deep": { description: "Shell-in-shell strings nested deeper than the analysis follows." },
};

/** Every finding id with its metadata and check name. */
export function allFindings(): Map<string, FindingMeta & { check: string }> {
  const out = new Map<string, FindingMeta & { check: string }>();
  for (const c of [...COMMAND_CHECKS, ...FACTS_CHECKS]) for (const [id, meta] of Object.entries(c.findings)) out.set(id, { ...meta, check: c.name });
  for (const [id, meta] of Object.entries(SHELL_FINDINGS)) out.set(id, { ...meta, check: "shell" });
  return out;
}

/** Dispatch table, built once: name → the checks for it (the "*" checks first, registry order). */
const byName = new Map<string, CommandCheck[]>();
const everywhere: CommandCheck[] = [];
for (const c of COMMAND_CHECKS) if (c.commands === "*") everywhere.push(c);
for (const c of COMMAND_CHECKS) {
  if (c.commands === "*") continue;
  for (const n of c.commands) byName.set(n, [...(byName.get(n) ?? everywhere), c]);
}

/** The checks that look at a command of this (canonical) name, in registry order. */
export function checksFor(name: string): readonly CommandCheck[] {
  return byName.get(name) ?? everywhere;
}
