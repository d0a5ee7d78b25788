/**
 * From the engine's decision to what a hook tells the agent. Shared by both agents.
 *
 * shellguard is a veto, not a second permission system: it speaks when it has a reason, and
 * otherwise stays silent so the agent's own permission flow (its rules, its prompt) decides.
 *
 * - deny, ask from a deny rule, an ask rule or a safety check (steps 1, 2, 4) → returned.
 * - the mode's fallback (step 6) means "no rule and no check has an opinion". The agent's own
 *   mode does the same (default and acceptEdits ask, dontAsk denies what its allow rules do not
 *   cover), and answering for it would override the agent's own allow rules: silent. Except in
 *   explore (plan), whose fallback is the mode itself: everything not read-only is denied.
 *   `--strict` returns the fallback too.
 * - allow → returned only with positive evidence (read-only, or an allow rule) and
 *   `agent.approve: true` in the config; otherwise silent.
 */

import type { Behavior, Decision } from "../engine/types.js";

export interface Verdict {
  decision: Behavior;
  /** One sentence for the person (ask) or the model (deny), prefixed `shellguard: `. */
  reason: string;
}

export interface VerdictOptions {
  /** `agent.approve` from the config. */
  approve: boolean;
  /** Return the mode's fallback ask/deny too. */
  strict: boolean;
}

export const REASON_PREFIX = "shellguard: ";

/** How many findings beyond the first the reason spells out. */
const MORE_FINDINGS = 2;

/**
 * The engine's reason, plus the other findings spelled out: the engine names the first and
 * counts the rest, but the person deciding (or the model told no) should see them all.
 */
export function reasonFor(decision: Decision): string {
  let reason = REASON_PREFIX + decision.reason;
  if (decision.step === "check" && decision.findings.length > 1) {
    // The engine's reason leads with the most serious finding, wherever it stands in the list.
    const others = decision.findings.filter((f) => !decision.reason.includes(`(${f.id})`));
    const more = others.slice(0, MORE_FINDINGS).map((f) => `${f.message.replace(/[.\s]+$/, "")} (${f.id})`);
    const rest = others.length - more.length;
    reason += ` Also: ${more.join("; ")}${rest > 0 ? `; and ${rest} more` : ""}.`;
  }
  return reason;
}

/** What to tell the agent, or null for nothing (the agent's own flow decides). */
export function verdictFor(decision: Decision, options: VerdictOptions): Verdict | null {
  const reason = reasonFor(decision);
  if (decision.decision === "allow") {
    const evidence = decision.step === "read-only" || decision.step === "allow-rule";
    return evidence && options.approve ? { decision: "allow", reason } : null;
  }
  if (decision.step === "mode" && !options.strict && decision.mode !== "explore") return null;
  return { decision: decision.decision, reason };
}

/**
 * An ask for an agent that cannot be trusted to ask (it ignores "ask" in some of its modes, or
 * documents only allow and deny): a deny whose reason says a person must confirm the command.
 */
export function askAsDeny(verdict: Verdict): Verdict {
  const why = verdict.reason.startsWith(REASON_PREFIX) ? verdict.reason.slice(REASON_PREFIX.length) : verdict.reason;
  return {
    decision: "deny",
    reason: `${REASON_PREFIX}this command needs a person's confirmation, which this hook cannot ask for, so it is denied: ${why} Ask the user to run it themselves if it is intended.`,
  };
}
