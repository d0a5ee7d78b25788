/**
 * OpenAI Codex CLI: a `PreToolUse` command hook for its shell tool, in Claude Code's wire format.
 * Followed: developers.openai.com/codex/hooks (hooks on by default since Codex 0.124.0).
 *
 * Input (stdin): { "session_id", "turn_id", "transcript_path", "cwd", "hook_event_name": "PreToolUse",
 *   "model", "permission_mode", "tool_name": "Bash", "tool_input": { "command" }, "tool_use_id" }
 * Answer (stdout, exit 0), or nothing:
 *   { "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "deny",
 *     "permissionDecisionReason": "..." } }
 *
 * Codex's PreToolUse honours "deny" only; "ask" and "allow" are not supported there and the tool
 * would run. So an ask is answered as a deny that says a person must confirm (as for Gemini CLI),
 * unless `--ask` is given for a Codex that supports it; an allow is never answered. Codex's
 * permission mode is not shellguard's, so the command is decided in the config's mode.
 */

import { describe, isObject } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { jsonHookSettings } from "./settings.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const CODEX_TOOL = "Bash";
export const CODEX_EVENT = "PreToolUse";

export interface CodexAnswer {
  hookSpecificOutput: { hookEventName: "PreToolUse"; permissionDecision: "deny" | "ask"; permissionDecisionReason: string };
}

export function codex(options: { ask: boolean } = { ask: false }): AgentAdapter {
  return {
    name: "codex",
    parse(payload, io): HookRequest {
      const event = payload.hook_event_name;
      if (event !== undefined && event !== CODEX_EVENT) {
        return { kind: "malformed", problem: `"hook_event_name" is ${JSON.stringify(event)}; this hook answers ${CODEX_EVENT} only` };
      }
      const tool = payload.tool_name;
      if (typeof tool !== "string") return { kind: "malformed", problem: `"tool_name" must be a string, not ${describe(tool)}` };
      if (tool !== CODEX_TOOL) return { kind: "ignore" };
      const input = payload.tool_input;
      if (!isObject(input)) return { kind: "malformed", problem: `"tool_input" must be an object, not ${describe(input)}` };
      const command = input.command;
      if (typeof command !== "string") return { kind: "malformed", problem: `"tool_input.command" must be a string, not ${describe(command)}` };
      const cwd = payloadCwd(payload.cwd, io);
      if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
      return { kind: "check", command, cwd };
    },
    answer(verdict: Verdict): CodexAnswer | null {
      if (verdict.decision === "allow") return null;
      const v = verdict.decision === "ask" && !options.ask ? askAsDeny(verdict) : verdict;
      return { hookSpecificOutput: { hookEventName: CODEX_EVENT, permissionDecision: v.decision as "deny" | "ask", permissionDecisionReason: v.reason } };
    },
  };
}

export const codexAgent = defineAgent({
  name: "codex",
  title: "Codex CLI",
  summary: `Codex CLI ${CODEX_EVENT} hook for its ${CODEX_TOOL} tool`,
  guards: { shell: [CODEX_TOOL] },
  flags: [{ flag: "--ask", help: ['answer "permissionDecision": "ask" for a Codex that supports it;', "by default an ask is answered as a deny that says a person must confirm"] }],
  sample: (command, cwd) => ({ hook_event_name: CODEX_EVENT, cwd, tool_name: CODEX_TOOL, tool_input: { command } }),
  adapter: (flags) => codex({ ask: flags.has("--ask") }),
  settings: jsonHookSettings({
    agent: "codex",
    title: "Codex CLI",
    dir: ".codex",
    fileName: "hooks.json",
    event: CODEX_EVENT,
    matcher: CODEX_TOOL,
    command: "shellguard agent-hook codex",
    entry: { type: "command", command: "shellguard agent-hook codex", statusMessage: "shellguard: checking the command" },
    removeWhenEmpty: true,
    notes: (_file, scope) =>
      scope === "project" ? ["note: Codex runs a project's hooks only after you review and trust them (it asks at the next start)."] : [],
  }),
});
