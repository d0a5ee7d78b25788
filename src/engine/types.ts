/** The decision contract (docs/engine.md, "Decisions"). */

import type { Finding } from "../analysis/types.js";
import type { ModeName } from "../config/mode-names.js";

// The mode vocabulary belongs to the config layer and Finding to the analysis (the layers below);
// re-exported here because they are part of the decision contract.
export { MODES, MODE_ALIASES } from "../config/mode-names.js";
export type { ModeAlias, ModeInput, ModeName } from "../config/mode-names.js";
export type { Finding };

export type Behavior = "allow" | "ask" | "deny";
export type Step = "deny-rule" | "ask-rule" | "read-only" | "check" | "allow-rule" | "mode";

export interface Decision {
  id?: string | number;
  command: string;
  mode: ModeName;
  decision: Behavior;
  reason: string;
  step: Step;
  safety: boolean;
  findings: Finding[];
  /** The rule that decided (its pattern as written), or null. */
  rule: string | null;
  suggestions: string[];
}
