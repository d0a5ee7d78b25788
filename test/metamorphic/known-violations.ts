/**
 * Violations known and owned by work in progress elsewhere (issue 11 and 12, December 2026), as
 * classes — a property × transformation × cause, never single lines. Each entry names its owner
 * and why; the lead empties this list as the fixes are merged. A violation no entry matches fails
 * the test; an entry that matches nothing in a full run is stale and is named in the summary.
 */

import type { Violation } from "./property.js";

export interface KnownViolation {
  /** Short name of the class, shown in the summary. */
  name: string;
  /** Who fixes it: the issue item and the code responsible. */
  owner: string;
  reason: string;
  matches(v: Violation): boolean;
}

export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  {
    name: "xargs with its arguments from stdin",
    owner: "issue 11 item 2 for the rules (src/engine/rules.ts); the checks' part (src/analysis/checks/deletion.ts, dangerous.ts: argsUnknown) is unassigned",
    reason: "`printf '%s\\n' push | xargs git` escapes `git push:*`; `printf '%s\\n' -rf / | xargs rm` is allowed in guard mode: neither rules nor checks assume the worst of arguments xargs reads from stdin.",
    matches: (v) => v.transform === "wrap:printf|xargs",
  },
];
