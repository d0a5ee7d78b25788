/** Synthetic Analysis objects for engine tests (no parser involved). */

import type { Analysis, AnalyzedCommand } from "../../src/analysis/types.js";
import type { Finding } from "../../src/engine/types.js";
import type { EngineConfig } from "../../src/engine/engine.js";
import type { Assignment } from "../../src/facts/types.js";

export interface CmdSpec {
  /** Normalised forms, outermost first; a string is a single form. */
  forms: string[] | string;
  readOnly?: boolean;
  allowForms?: number;
  privileged?: boolean;
  assignments?: string[];
}

/** Build an Analysis from commands laid out as `a ; b ; c` in the source. */
export function analysis(
  specs: (CmdSpec | string)[],
  extra: { findings?: Partial<Finding>[]; readOnly?: boolean; edits?: boolean; source?: string } = {},
): Analysis {
  const commands: AnalyzedCommand[] = [];
  const facts: Analysis["facts"] = { source: "", commands: [], constructs: [], errors: [] };
  let source = "";
  for (const raw of specs) {
    const spec: CmdSpec = typeof raw === "string" ? { forms: raw } : raw;
    const forms = typeof spec.forms === "string" ? [spec.forms] : spec.forms;
    if (source) source += " ; ";
    const assigns = (spec.assignments ?? []).map((a) => a + " ").join("");
    const text = assigns + forms[0]!;
    const start = source.length;
    source += text;
    const end = source.length;
    commands.push({
      argv: forms[forms.length - 1]!.split(" "),
      forms,
      allowForms: spec.allowForms ?? (spec.privileged ? 1 : forms.length),
      privileged: spec.privileged ?? false,
      readOnly: spec.readOnly ?? false,
      start,
      end,
      depth: 0,
    });
    let at = start;
    const assignments: Assignment[] = (spec.assignments ?? []).map((a) => {
      const [name, value] = a.split("=") as [string, string];
      const s = at;
      at += a.length + 1;
      return { name, value: { value, start: s + name.length + 1, end: s + a.length, quoted: false, glob: false, tilde: false, dynamic: null }, append: false, start: s, end: s + a.length };
    });
    facts.commands.push({
      start, end, assignments, redirects: [], parent: -1, pipeline: -1, stage: -1, sep: "", background: false, negated: false,
      argv: forms[0]!.split(" ").map((value) => ({ value, start: 0, end: 0, quoted: false, glob: false, tilde: false, dynamic: null })),
    });
  }
  if (extra.source !== undefined) source = extra.source;
  facts.source = source;
  const findings: Finding[] = (extra.findings ?? []).map((f, i) => ({
    id: f.id ?? `test/finding-${i}`,
    check: f.check ?? "test",
    message: f.message ?? `finding ${i}`,
    command: f.command ?? source,
    start: f.start ?? 0,
    end: f.end ?? source.length,
  }));
  return {
    source,
    facts,
    commands,
    findings,
    readOnly: extra.readOnly ?? (commands.length > 0 && commands.every((c) => c.readOnly) && findings.length === 0),
    editsInsideWorkdirs: extra.edits ?? false,
  };
}

export function config(rules: Partial<EngineConfig["rules"]> = {}, dangerousPatterns: EngineConfig["dangerousPatterns"] = []): EngineConfig {
  return { rules: { deny: rules.deny ?? [], ask: rules.ask ?? [], allow: rules.allow ?? [] }, dangerousPatterns };
}
