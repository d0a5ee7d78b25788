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
    name: "xargs: a read-only command with its arguments from stdin",
    owner: "decided, not a hole (issue 11, December 2026): src/analysis/read-only",
    reason: "`printf '%s\\n' -c | xargs df` stays read-only while `df -c` asks. A command keeps its read-only verdict under xargs only when no option of it writes or runs anything (df, stat, grep: takesAnyArguments or an all-reading table; `xargs sort`, `xargs sed`, `xargs find`, `xargs tee` ask), so whatever stdin adds, the worst is a usage error. `df -c` asks only because the unknown-option rule is cautious about words the table does not know. Making every xargs'd read-only command ask would make `find . | xargs grep foo` ask; that precision cost buys nothing. 28 pairs in the full run: df, stat.",
    matches: (v) => v.transform === "wrap:printf|xargs" && v.after.step === "read-only",
  },
  {
    name: "xargs: the side-effect, sensitive-path and secret checks with arguments from stdin",
    owner: "unassigned: src/analysis/checks/side-effects.ts, sensitive-paths.ts and exfiltration.ts judge only the words on the line (the packs, rules and reverse-shell checks assume the worst of stdin since issue 11 item 1)",
    reason: "`printf '%s\\n' set | xargs npm` (npm set writes ~/.npmrc), `printf '%s\\n' -Hbrowser | xargs man` (runs a browser) and `xargs gh` uploading a key named on stdin are allowed in guard mode. 5 + 1 pairs in the full run.",
    matches: (v) => v.transform === "wrap:printf|xargs" && v.mode === "guard" && v.before.findings.every((f) => f.check === "side-effect" || f.check === "sensitive-path" || f.check === "secret"),
  },
];
