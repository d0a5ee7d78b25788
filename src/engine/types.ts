/** The decision contract (docs/engine.md, "Decisions"). */

export const MODES = ["default", "acceptEdits", "explore", "bypass", "dontAsk", "guard"] as const;
export type ModeName = (typeof MODES)[number];
/** Accepted spellings: the six modes plus the aliases `plan` and `bypassPermissions`. */
export const MODE_ALIASES: Readonly<Record<string, ModeName>> = {
  plan: "explore",
  bypassPermissions: "bypass",
};

export type Behavior = "allow" | "ask" | "deny";
export type Step = "deny-rule" | "ask-rule" | "read-only" | "check" | "allow-rule" | "mode";

export interface Finding {
  /** Stable id, `check/name`, e.g. `deletion/root`. */
  id: string;
  /** The check that produced it: injection, read-only, dangerous, sed, sensitive-path, deletion, unwrap. */
  check: string;
  message: string;
  /** The offending simple command's text (or the construct's). */
  command: string;
  /** UTF-16 offsets into the checked command string. */
  start: number;
  end: number;
}

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
