/**
 * Secret reads: a command that prints, copies, archives or encodes a secret (an SSH key, cloud
 * credentials, a token store, `.env`) puts its content where the agent, and its model provider,
 * can read it. An ask in the agent modes; nothing in guard mode, where the person at the shell
 * is reading their own files (sending one anywhere is secret/exfiltration, in every mode).
 */

import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import type { AnalysisOptions } from "../types.js";
import { resolveText, secretReads, display } from "./secrets-reads.js";
import { isSecretPathIn, secretMatcher } from "./secrets-paths.js";

export { secretReads, display } from "./secrets-reads.js";

/** Whether `path` (`~/x`, `$HOME/x`, relative to `options.cwd`, or absolute) is a secret. For the agents' file tools. */
export function isSecretPath(path: string, options: Pick<AnalysisOptions, "cwd" | "home" | "secrets">): boolean {
  const p = resolveText(path, { cwd: options.cwd, home: options.home });
  return p !== null && isSecretPathIn(secretMatcher(options), p);
}

/** The secret/read finding for a file tool reading `path` (agent modes; null in guard mode or for no secret). */
export function secretReadFinding(path: string, ctx: CheckContext, tool = "the file tool"): FindingDraft | null {
  if (ctx.options.guard || !isSecretPath(path, { ...ctx.options, cwd: ctx.paths.cwd, home: ctx.paths.home })) return null;
  const shown = display(resolveText(path, ctx.paths) as string, ctx.paths);
  return { id: "secret/read", message: message(tool, shown) };
}

function message(reader: string, shown: string): string {
  return `${reader} reads ${shown}, a secret: its content would reach the agent and its model provider; read it yourself if you must.`;
}

const NO_FINDINGS: FindingDraft[] = [];

function check(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (ctx.options.guard) return NO_FINDINGS;
  const hits = secretReads(view, ctx);
  if (hits.length === 0) return NO_FINDINGS;
  return hits.map((h) => {
    // `< F` with no command (also `$(< F)`): the shell itself opens it.
    const d: FindingDraft = { id: "secret/read", message: message(view.name === "" ? "a redirect" : view.name, display(h.path, ctx.paths)) };
    if (view.depth === 0) {
      d.start = h.start;
      d.end = h.end;
    }
    return d;
  });
}

export const secretsCheck: CommandCheck = {
  name: "secret",
  commands: "*",
  redirects: true,
  findings: {
    "secret/read": { description: "Reading a secret (SSH key, cloud credentials, token store, .env) in an agent mode." },
  },
  check,
};
