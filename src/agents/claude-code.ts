/**
 * Claude Code: a `PreToolUse` command hook for the `Bash` tool.
 *
 * Input (stdin), as Claude Code sends it:
 *   { "session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name": "PreToolUse",
 *     "tool_name": "Bash", "tool_input": { "command", "description"?, "timeout"?, ... }, "tool_use_id" }
 * Answer (stdout, exit 0), or nothing:
 *   { "hookSpecificOutput": { "hookEventName": "PreToolUse",
 *     "permissionDecision": "deny" | "ask" | "allow", "permissionDecisionReason": "..." } }
 * A deny's reason is shown to Claude; an ask's reason is shown to the person in the prompt.
 *
 * File tools (Read, Grep, Glob, Edit, MultiEdit, Write, NotebookEdit) are judged like the shell
 * read or write of their path (file-tools.ts): reading a secret is vetoed like `cat` of it,
 * writing a sensitive path like a shell write to it. They are never approved.
 */

import { describe, isObject } from "../config/json-value.js";
import type { ModeName } from "../engine/types.js";
import { defineAgent } from "./agent.js";
import { fileToolRequest, type FileTool } from "./file-tools.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { jsonHookSettings } from "./settings.js";
import type { Verdict } from "./verdict.js";

export const CLAUDE_TOOL = "Bash";
export const CLAUDE_EVENT = "PreToolUse";

/** Claude Code's file tools, judged like the shell read or write of their path (file-tools.ts). */
export const CLAUDE_FILE_TOOLS: Readonly<Record<string, FileTool>> = {
  Read: { op: "read", field: "file_path" },
  Grep: { op: "search", field: "path", optional: true },
  Glob: { op: "list", field: "path", optional: true },
  Edit: { op: "write", field: "file_path" },
  MultiEdit: { op: "write", field: "file_path" },
  Write: { op: "write", field: "file_path" },
  NotebookEdit: { op: "write", field: "notebook_path" },
};
const CLAUDE_MATCHER = [CLAUDE_TOOL, ...Object.keys(CLAUDE_FILE_TOOLS)].join("|");

/** Claude Code's `permission_mode` → shellguard's mode; anything else (or none) → default. */
export const CLAUDE_MODES: Readonly<Record<string, ModeName>> = {
  default: "default",
  acceptEdits: "acceptEdits",
  plan: "explore",
  bypassPermissions: "bypass",
  dontAsk: "dontAsk",
};

export function claudeMode(permissionMode: unknown): ModeName {
  return typeof permissionMode === "string" && Object.prototype.hasOwnProperty.call(CLAUDE_MODES, permissionMode)
    ? CLAUDE_MODES[permissionMode]!
    : "default";
}

export interface ClaudeAnswer {
  hookSpecificOutput: {
    hookEventName: "PreToolUse";
    permissionDecision: "allow" | "ask" | "deny";
    permissionDecisionReason: string;
  };
}

export const claudeCode: AgentAdapter = {
  name: "claude-code",
  parse(payload, io): HookRequest {
    const event = payload.hook_event_name;
    if (event !== undefined && event !== CLAUDE_EVENT) {
      return { kind: "malformed", problem: `"hook_event_name" is ${JSON.stringify(event)}; this hook answers ${CLAUDE_EVENT} only` };
    }
    const tool = payload.tool_name;
    if (typeof tool !== "string") return { kind: "malformed", problem: `"tool_name" must be a string, not ${describe(tool)}` };
    const fileTool = Object.prototype.hasOwnProperty.call(CLAUDE_FILE_TOOLS, tool) ? CLAUDE_FILE_TOOLS[tool] : undefined;
    if (tool !== CLAUDE_TOOL && !fileTool) return { kind: "ignore" };
    const input = payload.tool_input;
    if (fileTool) {
      const base = payloadCwd(payload.cwd, io);
      if (typeof base !== "string") return { kind: "malformed", problem: base.problem };
      const request = fileToolRequest(tool, fileTool, input, base);
      return request.kind === "check" ? { ...request, mode: claudeMode(payload.permission_mode) } : request;
    }
    if (!isObject(input)) return { kind: "malformed", problem: `"tool_input" must be an object, not ${describe(input)}` };
    const command = input.command;
    if (typeof command !== "string") return { kind: "malformed", problem: `"tool_input.command" must be a string, not ${describe(command)}` };
    const cwd = payloadCwd(payload.cwd, io);
    if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
    return { kind: "check", command, cwd, mode: claudeMode(payload.permission_mode) };
  },
  answer(verdict: Verdict): ClaudeAnswer {
    return {
      hookSpecificOutput: {
        hookEventName: CLAUDE_EVENT,
        permissionDecision: verdict.decision,
        permissionDecisionReason: verdict.reason,
      },
    };
  },
};

export const claudeCodeAgent = defineAgent({
  name: "claude-code",
  title: "Claude Code",
  summary: `Claude Code ${CLAUDE_EVENT} hook for the ${CLAUDE_TOOL} tool`,
  guards: { shell: [CLAUDE_TOOL], read: ["Read", "Grep", "Glob"], write: ["Edit", "MultiEdit", "Write", "NotebookEdit"] },
  flags: [],
  sample: (command, cwd) => ({ hook_event_name: CLAUDE_EVENT, cwd, permission_mode: "default", tool_name: CLAUDE_TOOL, tool_input: { command } }),
  adapter: () => claudeCode,
  settings: jsonHookSettings({
    agent: "claude-code",
    title: "Claude Code",
    dir: ".claude",
    event: CLAUDE_EVENT,
    matcher: CLAUDE_MATCHER,
    command: "shellguard agent-hook claude-code",
    entry: { type: "command", command: "shellguard agent-hook claude-code" },
  }),
});
