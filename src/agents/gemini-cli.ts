/**
 * Gemini CLI: a `BeforeTool` command hook for the `run_shell_command` tool.
 *
 * Input (stdin): { "session_id", "transcript_path", "cwd", "hook_event_name": "BeforeTool",
 *   "timestamp", "tool_name": "run_shell_command",
 *   "tool_input": { "command", "description"?, "dir_path"? (older versions: "directory") } }
 * Answer (stdout, exit 0), or nothing:
 *   { "decision": "deny", "reason": "..." }   — the reason is sent to the model as the tool's error.
 *
 * `ask`: Gemini CLI's hooks reference documents only "allow" and "deny" ("block") for BeforeTool,
 * and the releases that predate `ask` treat any other decision as no decision — the tool would run.
 * So by default an ask is answered as a deny whose reason says a person must confirm it. With
 * `--ask` (for a Gemini CLI that forces its confirmation prompt on `"decision": "ask"`), an ask is
 * answered `{ "decision": "ask", "reason", "systemMessage" }`.
 *
 * File tools (read_file, search_file_content, write_file, replace) are judged like the shell read
 * or write of their path (file-tools.ts), and never approved.
 *
 * Gemini sends no approval mode, so the command is decided in the config's mode. An allow is
 * never answered (nothing is printed).
 */

import { resolve } from "node:path";
import { describe, isObject } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { fileToolRequest, type FileTool } from "./file-tools.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { jsonHookSettings } from "./settings.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const GEMINI_TOOL = "run_shell_command";
export const GEMINI_EVENT = "BeforeTool";

/** Gemini CLI's file tools, judged like the shell read or write of their path (file-tools.ts). */
export const GEMINI_FILE_TOOLS: Readonly<Record<string, FileTool>> = {
  read_file: { op: "read", field: "file_path" },
  search_file_content: { op: "search", field: "dir_path", optional: true },
  write_file: { op: "write", field: "file_path" },
  replace: { op: "write", field: "file_path" },
};
const GEMINI_MATCHER = [GEMINI_TOOL, ...Object.keys(GEMINI_FILE_TOOLS)].join("|");

/** Older releases name the path fields differently (`absolute_path`, `path`). */
function geminiFileInput(input: Record<string, unknown>): Record<string, unknown> {
  return {
    ...input,
    file_path: input.file_path ?? input.absolute_path,
    dir_path: input.dir_path ?? input.path,
  };
}

export interface GeminiAnswer {
  decision: "deny" | "ask";
  reason: string;
  systemMessage?: string;
}

export interface GeminiOptions {
  /** Answer an ask as `"decision": "ask"` instead of a deny. */
  ask: boolean;
}

export function geminiCli(options: GeminiOptions = { ask: false }): AgentAdapter {
  return {
    name: "gemini-cli",
    parse(payload, io): HookRequest {
      const event = payload.hook_event_name;
      if (event !== undefined && event !== GEMINI_EVENT) {
        return { kind: "malformed", problem: `"hook_event_name" is ${JSON.stringify(event)}; this hook answers ${GEMINI_EVENT} only` };
      }
      const tool = payload.tool_name;
      if (typeof tool !== "string") return { kind: "malformed", problem: `"tool_name" must be a string, not ${describe(tool)}` };
      const fileTool = Object.prototype.hasOwnProperty.call(GEMINI_FILE_TOOLS, tool) ? GEMINI_FILE_TOOLS[tool] : undefined;
      if (tool !== GEMINI_TOOL && !fileTool) return { kind: "ignore" };
      const input = payload.tool_input;
      if (fileTool) {
        const base = payloadCwd(payload.cwd, io);
        if (typeof base !== "string") return { kind: "malformed", problem: base.problem };
        return fileToolRequest(tool, fileTool, isObject(input) ? geminiFileInput(input) : input, base);
      }
      if (!isObject(input)) return { kind: "malformed", problem: `"tool_input" must be an object, not ${describe(input)}` };
      const command = input.command;
      if (typeof command !== "string") return { kind: "malformed", problem: `"tool_input.command" must be a string, not ${describe(command)}` };
      const base = payloadCwd(payload.cwd, io);
      if (typeof base !== "string") return { kind: "malformed", problem: base.problem };
      // The directory the command runs in, relative to the project root.
      const dir = input.dir_path ?? input.directory;
      if (dir !== undefined && dir !== null && typeof dir !== "string") {
        return { kind: "malformed", problem: `"tool_input.dir_path" must be a string, not ${describe(dir)}` };
      }
      return { kind: "check", command, cwd: dir ? resolve(base, dir) : base };
    },
    answer(verdict: Verdict): GeminiAnswer | null {
      if (verdict.decision === "allow") return null;
      if (verdict.decision === "deny") return { decision: "deny", reason: verdict.reason };
      if (options.ask) return { decision: "ask", reason: verdict.reason, systemMessage: verdict.reason };
      return { decision: "deny", reason: askAsDeny(verdict).reason };
    },
  };
}

export const geminiCliAgent = defineAgent({
  name: "gemini-cli",
  title: "Gemini CLI",
  summary: `Gemini CLI ${GEMINI_EVENT} hook for ${GEMINI_TOOL}`,
  guards: { shell: [GEMINI_TOOL], read: ["read_file", "search_file_content"], write: ["write_file", "replace"] },
  flags: [
    {
      flag: "--ask",
      help: ['answer "decision": "ask" for a Gemini CLI that supports it;', "by default an ask is answered as a deny that says a person must confirm"],
    },
  ],
  sample: (command, cwd) => ({ hook_event_name: GEMINI_EVENT, cwd, tool_name: GEMINI_TOOL, tool_input: { command } }),
  adapter: (flags) => geminiCli({ ask: flags.has("--ask") }),
  settings: jsonHookSettings({
    agent: "gemini-cli",
    title: "Gemini CLI",
    dir: ".gemini",
    event: GEMINI_EVENT,
    matcher: GEMINI_MATCHER,
    command: "shellguard agent-hook gemini-cli",
    entry: {
      type: "command",
      command: "shellguard agent-hook gemini-cli",
      name: "shellguard",
      description: "shellguard: stop dangerous shell commands before they run",
    },
    notes(file, scope) {
      const notes: string[] = [];
      const v = file.value;
      const off = (isObject(v.hooksConfig) && v.hooksConfig.enabled === false) || (isObject(v.hooks) && v.hooks.enabled === false);
      if (off) notes.push(`note: hooks are turned off in ${file.path} (hooksConfig.enabled or hooks.enabled is false); Gemini CLI will not run the hook until they are on.`);
      if (scope === "project") notes.push("note: Gemini CLI runs project hooks only in a trusted folder.");
      return notes;
    },
  }),
});
