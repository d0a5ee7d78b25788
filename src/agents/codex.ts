/**
 * OpenAI Codex CLI: a `PreToolUse` command hook for its shell tool and its `apply_patch` file
 * tool, in Claude Code's wire format. Followed: developers.openai.com/codex/hooks as of May 2026
 * (hooks on by default since Codex 0.124.0; apply_patch sent to PreToolUse since 0.123.0).
 *
 * Input (stdin): { "session_id", "turn_id", "transcript_path", "cwd", "hook_event_name": "PreToolUse",
 *   "model", "permission_mode", "tool_name": "Bash" | "apply_patch", "tool_input": { "command" }, "tool_use_id" }
 *   — for apply_patch, "command" is the patch text (`*** Begin Patch` ... `*** End Patch`): each
 *   file it adds, updates, deletes or moves is judged like the shell write or deletion of it
 *   (file-tools.ts), paths relative to "cwd". Codex sends no read tool to hooks (read_file is not
 *   hookable), so there is no read to judge.
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
import { patchRequest } from "./file-tools.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { jsonHookSettings } from "./settings.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const CODEX_TOOL = "Bash";
/** Codex's file-edit tool: its patch names the files (`Edit` and `Write` are only matcher aliases of it). */
export const CODEX_PATCH_TOOL = "apply_patch";
export const CODEX_EVENT = "PreToolUse";
const CODEX_MATCHER = `${CODEX_TOOL}|${CODEX_PATCH_TOOL}`;

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
      if (tool !== CODEX_TOOL && tool !== CODEX_PATCH_TOOL) return { kind: "ignore" };
      const input = payload.tool_input;
      if (!isObject(input)) return { kind: "malformed", problem: `"tool_input" must be an object, not ${describe(input)}` };
      const command = input.command;
      const cwd = payloadCwd(payload.cwd, io);
      if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
      if (tool === CODEX_PATCH_TOOL) return patchRequest(command, "tool_input.command", cwd, CODEX_PATCH_TOOL);
      if (typeof command !== "string") return { kind: "malformed", problem: `"tool_input.command" must be a string, not ${describe(command)}` };
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
  summary: `Codex CLI ${CODEX_EVENT} hook for ${CODEX_TOOL} and ${CODEX_PATCH_TOOL}`,
  guards: { shell: [CODEX_TOOL], write: [CODEX_PATCH_TOOL] },
  flags: [{ flag: "--ask", help: ['answer "permissionDecision": "ask" for a Codex that supports it;', "by default an ask is answered as a deny that says a person must confirm"] }],
  sample: (command, cwd) => ({ hook_event_name: CODEX_EVENT, cwd, tool_name: CODEX_TOOL, tool_input: { command } }),
  adapter: (flags) => codex({ ask: flags.has("--ask") }),
  settings: jsonHookSettings({
    agent: "codex",
    title: "Codex CLI",
    dir: ".codex",
    fileName: "hooks.json",
    event: CODEX_EVENT,
    matcher: CODEX_MATCHER,
    command: "shellguard agent-hook codex",
    entry: { type: "command", command: "shellguard agent-hook codex", statusMessage: "shellguard: checking the command" },
    removeWhenEmpty: true,
    notes: (_file, scope) =>
      scope === "project" ? ["note: Codex runs a project's hooks only after you review and trust them (it asks at the next start)."] : [],
  }),
});
