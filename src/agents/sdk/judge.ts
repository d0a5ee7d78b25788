/**
 * One SDK adapter's judge: an agent adapter's parse (the same tool tables and payload checks as
 * its command hook), then the engine, then the same verdict mapping as `agent-hook` (hook.ts).
 * One Guard per adapter, kept: it re-reads the config when a config file changes.
 *
 * Fail closed, as the command hooks: input that is not what the SDK sends, a config error, an
 * internal error or an aborted call is a deny, never a silent allow.
 */

import { resolve } from "node:path";
import { Guard } from "../../engine/guard.js";
import { nativeAvailable, ready } from "../../facts/index.js";
import { fileToolVerdict } from "../file-tools.js";
import { failClosed, problemOf, type AgentAdapter, type HookContext } from "../hook.js";
import { verdictFor, type Verdict } from "../verdict.js";
import type { SdkGuardOptions } from "./types.js";

export type Judge = (adapter: AgentAdapter, payload: Record<string, unknown>, aborted: boolean) => Promise<Verdict | null>;

export function sdkJudge(options: SdkGuardOptions): Judge {
  let guard: Guard | undefined;
  const context = (): HookContext => ({ cwd: resolve(options.cwd ?? process.cwd()), env: options.env ?? process.env });
  const denied = (problem: string): Verdict => {
    options.onError?.(problem);
    return failClosed(problem);
  };
  return async (adapter, payload, aborted) => {
    if (aborted) return denied("the hook was aborted before the call was checked");
    try {
      const request = adapter.parse(payload, context());
      if (request.kind === "ignore") return null;
      if (request.kind === "malformed") return denied(request.problem);
      // Without the native addon the WebAssembly parser loads first (until then checks fail safe to ask).
      if (!nativeAvailable()) await ready();
      guard ??= new Guard({ cwd: context().cwd, env: context().env, configFile: options.configFile, reload: true, onWarning: options.onWarning });
      const explanation = guard.explain(request.command, { cwd: request.cwd, ...(request.mode !== undefined ? { mode: request.mode } : {}) });
      const file = request.fileTool;
      const verdict = verdictFor(explanation.decision, { approve: explanation.config.agent.approve === true, strict: options.strict === true && !file });
      if (!file || !verdict) return verdict;
      // A file tool is never approved, only vetoed (as in hook.ts).
      return verdict.decision === "allow" ? null : fileToolVerdict(verdict, file, request.command);
    } catch (error) {
      return denied(problemOf(error));
    }
  };
}
