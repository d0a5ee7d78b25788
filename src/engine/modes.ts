/**
 * The mode table: how each mode treats steps 4–6 of the six-step order (steps 1–3 are the same in
 * every mode). One row per mode, read by the engine; see docs/engine.md.
 */

import { MODE_ALIASES, MODES } from "./types.js";
import type { Behavior, ModeName } from "./types.js";

export { MODES, MODE_ALIASES };

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

/** A mode name that is not one of the modes or their aliases. */
export class UnknownModeError extends Error {
  readonly mode: string;
  constructor(mode: string) {
    super(`Unknown mode "${mode}": expected one of ${[...MODES, ...Object.keys(MODE_ALIASES)].join(", ")}.`);
    this.name = "UnknownModeError";
    this.mode = mode;
  }
}

export function isModeName(value: unknown): value is ModeName {
  return typeof value === "string" && (MODES as readonly string[]).includes(value);
}

/** `plan` → `explore`, `bypassPermissions` → `bypass`; throws UnknownModeError for anything else unknown. */
export function normalizeMode(value: string): ModeName {
  if (isModeName(value)) return value;
  const alias = Object.prototype.hasOwnProperty.call(MODE_ALIASES, value) ? MODE_ALIASES[value] : undefined;
  if (alias) return alias;
  throw new UnknownModeError(value);
}
