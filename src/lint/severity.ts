/**
 * Lint severities, ESLint-style: `off | info | warning | error`, set in the config's
 * `lint.severity` by finding id or by check name; an id wins over its check name, and the
 * config wins over the defaults below.
 */

import { allFindings } from "../analysis/checks/index.js";
import type { Severity } from "../config/types.js";

export type { Severity };
export type ReportedSeverity = Exclude<Severity, "off">;

/** Findings `shellguard lint` adds to the checks' own. */
export const LINT_FINDINGS: Readonly<Record<string, { check: string; description: string }>> = {
  "rule/deny": { check: "rule", description: "A command matches a deny rule of the config." },
  "rule/ask": { check: "rule", description: "A command matches an ask rule of the config." },
  "dangerous/custom-pattern": { check: "dangerous", description: "A command matches a configured dangerous.patterns entry." },
  "internal/analysis-failed": { check: "internal", description: "The snippet could not be analysed (an internal error)." },
  "lint/parse-error": { check: "lint", description: "The file's own format (YAML, JSON) does not parse, so its shell could not be found." },
  "lint/unreadable": { check: "lint", description: "The file could not be read." },
  "lint/unknown-directive-id": { check: "lint", description: "A `# shellguard disable=` directive names an id or check that does not exist." },
  "lint/misplaced-directive": { check: "lint", description: "A `# shellguard disable-file=` directive that is not at the top of a file or snippet." },
};

/**
 * Defaults: deny-rule hits are errors; what would make shellguard ask (dangerous, deletion,
 * sensitive paths, sed, eval, pipes into a shell, dynamic delete targets, ask rules) is a
 * warning; injection constructs are off (scripts use them legitimately); a few findings that are
 * everyday in scripts (a dynamic command name like "$@", sourcing "$DIR/lib.sh") and
 * parse errors (the grammar's, not always bash's) are info.
 */
export const DEFAULT_SEVERITY: Readonly<Record<string, Severity>> = {
  rule: "warning",
  "rule/deny": "error",
  "rule/ask": "warning",
  dangerous: "warning",
  deletion: "warning",
  "sensitive-path": "warning",
  sed: "warning",
  shell: "warning",
  "shell/dynamic-command": "info",
  "shell/source-dynamic": "info",
  // Scripts build option lists over many branches (OPTS="$OPTS --x"): the line's count, not a harm.
  "shell/untracked-values": "off",
  injection: "off",
  "injection/parse-error": "info",
  internal: "error",
  lint: "warning",
  "lint/parse-error": "error",
  "lint/unreadable": "error",
};

export interface KnownFinding {
  id: string;
  check: string;
  description: string;
}

let known: Map<string, KnownFinding> | undefined;

/** Every id lint can report, with its check and one-line description. */
export function knownFindings(): Map<string, KnownFinding> {
  if (!known) {
    known = new Map();
    for (const [id, meta] of allFindings()) known.set(id, { id, check: meta.check, description: meta.description });
    for (const [id, meta] of Object.entries(LINT_FINDINGS)) if (!known.has(id)) known.set(id, { id, ...meta });
  }
  return known;
}

/** Check names (the prefixes of the ids). */
export function knownChecks(): Set<string> {
  const out = new Set<string>();
  for (const f of knownFindings().values()) out.add(f.check);
  return out;
}

export function isKnownIdOrCheck(name: string): boolean {
  return knownFindings().has(name) || knownChecks().has(name);
}

export function checkOf(id: string): string {
  return knownFindings().get(id)?.check ?? id.split("/")[0]!;
}

export type SeverityResolver = (id: string, check?: string) => Severity;

export function severityResolver(config: Readonly<Record<string, Severity>>): SeverityResolver {
  const cache = new Map<string, Severity>();
  return (id, check = checkOf(id)) => {
    let s = cache.get(id);
    if (s === undefined) {
      s = config[id] ?? config[check] ?? DEFAULT_SEVERITY[id] ?? DEFAULT_SEVERITY[check] ?? "warning";
      cache.set(id, s);
    }
    return s;
  };
}

/** Keys of `lint.severity` that name no known id or check (reported as a warning, not an error). */
export function unknownSeverityKeys(config: Readonly<Record<string, Severity>>): string[] {
  return Object.keys(config).filter((k) => !isKnownIdOrCheck(k));
}
