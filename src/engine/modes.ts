/**
 * The mode table: how each mode treats steps 4–6 of the six-step order (steps 1–3 are the same in
 * every mode). One row per mode, read by the engine; see docs/engine.md.
 */

import type { ModeName } from "../config/mode-names.js";
import type { Behavior } from "./types.js";

// Normalising a mode happens at the boundaries, in the config layer's vocabulary module.
export { MODES, MODE_ALIASES, UnknownModeError, isModeName, normalizeMode } from "../config/mode-names.js";

export interface ModePolicy {
  /**
   * Step 4, the checks: `ask` → a safety finding asks (bypass-immune); `ignore` → safety findings
   * are ignored (bypass); `skip` → the step is not run at all (explore).
   */
  checks: "ask" | "ignore" | "skip";
  /** Step 4's acceptEdits filesystem allow (`analysis.editsInsideWorkdirs`). */
  editsAllow: boolean;
  /** Step 5, allow rules. */
  allowRules: boolean;
  /** Step 6. */
  fallback: Behavior;
  /** Every ask from steps 2 and 4 becomes deny (nobody is there to answer). */
  askBecomesDeny: boolean;
  /**
   * The analysis runs with `guard: true`: injection constructs analysed inside, and `rm -rf`
   * judged by its targets. Without it (the agent modes), the seed's pattern list stands: every
   * `rm -rf` is a dangerous/rm-recursive-force finding (src/analysis/checks/dangerous.ts).
   */
  guardAnalysis: boolean;
}

export const MODE_POLICY: Readonly<Record<ModeName, Readonly<ModePolicy>>> = {
  default: { checks: "ask", editsAllow: false, allowRules: true, fallback: "ask", askBecomesDeny: false, guardAnalysis: false },
  acceptEdits: { checks: "ask", editsAllow: true, allowRules: true, fallback: "ask", askBecomesDeny: false, guardAnalysis: false },
  explore: { checks: "skip", editsAllow: false, allowRules: false, fallback: "deny", askBecomesDeny: false, guardAnalysis: false },
  bypass: { checks: "ignore", editsAllow: false, allowRules: true, fallback: "allow", askBecomesDeny: false, guardAnalysis: false },
  dontAsk: { checks: "ask", editsAllow: true, allowRules: true, fallback: "deny", askBecomesDeny: true, guardAnalysis: false },
  guard: { checks: "ask", editsAllow: false, allowRules: true, fallback: "allow", askBecomesDeny: false, guardAnalysis: true },
};
