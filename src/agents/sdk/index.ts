/**
 * `shellguard/sdk`: shellguard as the hook function of TypeScript agent SDKs.
 *
 *   import { query } from "@anthropic-ai/claude-agent-sdk";
 *   import { claudeAgentSdkHook } from "shellguard/sdk";
 *   query({ prompt, options: { hooks: { PreToolUse: [{ hooks: [claudeAgentSdkHook()] }] } } });
 *
 *   import { CopilotClient } from "@github/copilot-sdk";
 *   import { copilotSdkOnPreToolUse } from "shellguard/sdk";
 *   await client.createSession({ hooks: { onPreToolUse: copilotSdkOnPreToolUse() }, ... });
 *
 * Each judges what the agent's command hook judges (the shell tool, and file tools reading a
 * secret or writing a sensitive path) with the same parse: claude-code.ts and copilot-cli.ts.
 * See docs/agents.md, "SDKs".
 */

import { claudeCode, CLAUDE_EVENT } from "../claude-code.js";
import { copilotCli } from "../copilot-cli.js";
import { askAsDeny } from "../verdict.js";
import { sdkJudge } from "./judge.js";
import type {
  ClaudeAgentSdkHookOptions,
  ClaudeSdkHookCallback,
  ClaudeSdkHookOutput,
  CopilotSdkHookOptions,
  CopilotSdkPreToolUseHandler,
  CopilotSdkPreToolUseOutput,
} from "./types.js";

export type * from "./types.js";

/**
 * A Claude Agent SDK `HookCallback` for `PreToolUse`: deny, ask (or, with `agent.approve`,
 * allow) with a reason for Bash commands and file tools (Read, Grep, Glob, Edit, Write, ...);
 * `{}` (no opinion) otherwise, and for any other event. The session's `permission_mode` is the
 * mode the call is decided in, as for the command hook.
 */
export function claudeAgentSdkHook(options: ClaudeAgentSdkHookOptions = {}): ClaudeSdkHookCallback {
  const judge = sdkJudge(options);
  return async (input, _toolUseID, { signal } = {}): Promise<ClaudeSdkHookOutput> => {
    if (input?.hook_event_name !== CLAUDE_EVENT) return {};
    const verdict = await judge(claudeCode, { ...input }, signal?.aborted === true);
    if (!verdict) return {};
    return claudeCode.answer(verdict.decision === "ask" && options.ask === false ? askAsDeny(verdict) : verdict) as ClaudeSdkHookOutput;
  };
}

/**
 * A Copilot SDK `SessionHooks.onPreToolUse`: deny (or ask, with `ask: true`) with a reason for
 * bash commands and file tools (view, create, edit, grep, glob, apply_patch, ...); undefined (no
 * opinion) otherwise.
 */
export function copilotSdkOnPreToolUse(options: CopilotSdkHookOptions = {}): CopilotSdkPreToolUseHandler {
  const judge = sdkJudge(options);
  const adapter = copilotCli({ ask: options.ask === true });
  return async (input) => {
    const payload = { toolName: input?.toolName, toolArgs: input?.toolArgs, cwd: input?.workingDirectory ?? input?.cwd };
    const verdict = await judge(adapter, payload, false);
    return verdict ? ((adapter.answer(verdict) as CopilotSdkPreToolUseOutput | null) ?? undefined) : undefined;
  };
}
