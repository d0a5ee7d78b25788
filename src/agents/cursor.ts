/**
 * Cursor: `beforeShellExecution` (the agent's shell commands) and `beforeReadFile` (files the
 * agent reads) command hooks. Followed: cursor.com/docs/agent/hooks (hooks.json version 1).
 *
 * Input (stdin), common: { "hook_event_name", "conversation_id", "generation_id", "model",
 *   "cursor_version", "workspace_roots": [...], "user_email" }, plus
 *   beforeShellExecution: { "command", "cwd" }   beforeReadFile: { "file_path", "content", "attachments" }
 * Answer (stdout, exit 0), or nothing:
 *   beforeShellExecution: { "permission": "deny" | "ask" | "allow", "user_message", "agent_message" }
 *   beforeReadFile:       { "permission": "deny" }
 *
 * Cursor's agent CLI and background agents do not prompt on "ask", so by default an ask is
 * answered as a deny that says a person must confirm (as for Gemini CLI); `--ask` answers "ask"
 * for the editor, which shows its own prompt. beforeReadFile knows only allow and deny, so a read
 * that needs a person is always denied. A read is judged like the shell read of the same file
 * (file-tools.ts): reading a secret is vetoed. No mode is sent: the config's mode decides.
 */

import { describe } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { fileRequest } from "./file-tools.js";
import { flatHookSettings } from "./flat-settings.js";
import { payloadCwd, type AgentAdapter, type HookContext, type HookRequest } from "./hook.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const CURSOR_SHELL_EVENT = "beforeShellExecution";
export const CURSOR_READ_EVENT = "beforeReadFile";
const COMMAND = "shellguard agent-hook cursor";

export type CursorAnswer =
  | { permission: "deny" | "ask" | "allow"; user_message: string; agent_message: string }
  | { permission: "deny" };

/** The first workspace root: where a read is resolved and its config is found. */
function workspaceRoot(payload: Record<string, unknown>, io: HookContext): string {
  const roots = payload.workspace_roots;
  const first = Array.isArray(roots) ? roots[0] : undefined;
  const cwd = payloadCwd(typeof first === "string" ? first : undefined, io);
  return typeof cwd === "string" ? cwd : io.cwd;
}

export function cursor(options: { ask: boolean } = { ask: false }): AgentAdapter {
  // One adapter answers one hook run, so the event parsed is the event answered.
  let event: string = CURSOR_SHELL_EVENT;
  return {
    name: "cursor",
    parse(payload, io): HookRequest {
      const name = payload.hook_event_name;
      if (name === CURSOR_READ_EVENT) {
        event = CURSOR_READ_EVENT;
        return fileRequest("read", payload.file_path, "file_path", workspaceRoot(payload, io), false, "beforeReadFile");
      }
      if (name !== undefined && name !== CURSOR_SHELL_EVENT) {
        return typeof name === "string" ? { kind: "ignore" } : { kind: "malformed", problem: `"hook_event_name" must be a string, not ${describe(name)}` };
      }
      const command = payload.command;
      if (typeof command !== "string") return { kind: "malformed", problem: `"command" must be a string, not ${describe(command)}` };
      const cwd = payloadCwd(payload.cwd === "" ? workspaceRoot(payload, io) : payload.cwd, io);
      if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
      return { kind: "check", command, cwd };
    },
    answer(verdict: Verdict): CursorAnswer | null {
      if (event === CURSOR_READ_EVENT) {
        return verdict.decision === "allow" ? null : { permission: "deny" };
      }
      const v = verdict.decision === "ask" && !options.ask ? askAsDeny(verdict) : verdict;
      return { permission: v.decision, user_message: v.reason, agent_message: v.reason };
    },
  };
}

export const cursorAgent = defineAgent({
  name: "cursor",
  title: "Cursor",
  summary: `Cursor ${CURSOR_SHELL_EVENT} and ${CURSOR_READ_EVENT} hooks`,
  guards: { shell: [CURSOR_SHELL_EVENT], read: [CURSOR_READ_EVENT] },
  flags: [{ flag: "--ask", help: ['answer "permission": "ask" (the editor prompts);', "by default an ask is answered as a deny that says a person must confirm"] }],
  sample: (command, cwd) => ({ hook_event_name: CURSOR_SHELL_EVENT, workspace_roots: [cwd], command, cwd }),
  adapter: (flags) => cursor({ ask: flags.has("--ask") }),
  settings: flatHookSettings({
    agent: "cursor",
    title: "Cursor",
    projectFile: ".cursor/hooks.json",
    userFile: ".cursor/hooks.json",
    events: [CURSOR_SHELL_EVENT, CURSOR_READ_EVENT],
    field: "command",
    command: COMMAND,
    entry: () => ({ command: COMMAND }),
  }),
});

