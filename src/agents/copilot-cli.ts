/**
 * GitHub Copilot CLI: a `preToolUse` command hook for its `bash` tool and its file tools.
 * Followed: docs.github.com "GitHub Copilot CLI hooks reference" (hooks file version 1, as of
 * May 2026; preToolUse runs for every tool, no matcher), and the tool names and arguments of
 * Copilot CLI 1.0.85 (the CLI of @github/copilot-sdk 1.0.14).
 *
 * Input (stdin): { "timestamp": 1764670000000, "cwd", "toolName": "bash",
 *   "toolArgs": "{\"command\":\"...\",\"description\":\"...\"}" }   — toolArgs is JSON text (an object is accepted too)
 * File tools (COPILOT_FILE_TOOLS: view, create, edit, ... with "path"; apply_patch with the patch
 * text) are judged like the shell read, write or deletion of their paths (file-tools.ts).
 * Answer (stdout, exit 0), or nothing:
 *   { "permissionDecision": "deny", "permissionDecisionReason": "..." }
 *
 * The reference long documented "deny" as the only decision it processes, and a CLI that ignores
 * "ask" would run the tool; so an ask is answered as a deny that says a person must confirm,
 * unless `--ask` is given. An allow is never answered. No mode is sent: the config's mode decides.
 */

import { describe, isObject } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { fileToolRequest, patchRequest, type FileTool } from "./file-tools.js";
import { flatHookSettings } from "./flat-settings.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const COPILOT_TOOL = "bash";
export const COPILOT_EVENT = "preToolUse";

/** Copilot CLI's file tools, judged like the shell read or write of their `path` (file-tools.ts). */
export const COPILOT_FILE_TOOLS: Readonly<Record<string, FileTool>> = {
  view: { op: "read", field: "path" },
  create: { op: "write", field: "path" },
  edit: { op: "write", field: "path" },
  str_replace: { op: "write", field: "path" },
  insert: { op: "write", field: "path" },
  grep: { op: "search", field: "path", optional: true },
  rg: { op: "search", field: "path", optional: true },
  glob: { op: "list", field: "path", optional: true },
};
/** The editor tool some models get instead: its "command" says whether it reads (view) or writes. */
export const COPILOT_EDITOR_TOOL = "str_replace_editor";
/** Patch tools: the files are named in the patch text (the arguments, or their "input" or "patch"). */
export const COPILOT_PATCH_TOOLS = ["apply_patch", "git_apply_patch"] as const;
const COMMAND = "shellguard agent-hook copilot-cli";

export interface CopilotAnswer {
  permissionDecision: "deny" | "ask";
  permissionDecisionReason: string;
}

type Args = { ok: true; args: Record<string, unknown> } | { ok: false; problem: string };

function argsOf(value: unknown): Args {
  if (isObject(value)) return { ok: true, args: value };
  if (typeof value !== "string") return { ok: false, problem: `"toolArgs" must be JSON text or an object, not ${describe(value)}` };
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? { ok: true, args: parsed } : { ok: false, problem: `"toolArgs" must hold a JSON object, not ${describe(parsed)}` };
  } catch (e) {
    return { ok: false, problem: `"toolArgs" is not valid JSON (${(e as Error).message})` };
  }
}

/** A patch tool's text: the arguments themselves (a raw patch, or JSON text of one), or their "input" or "patch". */
function patchOf(value: unknown): unknown {
  let args = value;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      return value;
    }
  }
  return isObject(args) ? (args.input ?? args.patch) : args;
}

function fileToolOf(tool: string, args: Record<string, unknown>): FileTool | undefined {
  if (tool === COPILOT_EDITOR_TOOL) return { op: args.command === "view" ? "read" : "write", field: "path" };
  return Object.prototype.hasOwnProperty.call(COPILOT_FILE_TOOLS, tool) ? COPILOT_FILE_TOOLS[tool] : undefined;
}

export function copilotCli(options: { ask: boolean } = { ask: false }): AgentAdapter {
  return {
    name: "copilot-cli",
    parse(payload, io): HookRequest {
      const tool = payload.toolName;
      if (typeof tool !== "string") return { kind: "malformed", problem: `"toolName" must be a string, not ${describe(tool)}` };
      const patchTool = (COPILOT_PATCH_TOOLS as readonly string[]).includes(tool);
      const guarded = tool === COPILOT_TOOL || tool === COPILOT_EDITOR_TOOL || patchTool || Object.prototype.hasOwnProperty.call(COPILOT_FILE_TOOLS, tool);
      if (!guarded) return { kind: "ignore" };
      const cwd = payloadCwd(payload.cwd, io);
      if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
      if (patchTool) return patchRequest(patchOf(payload.toolArgs), "toolArgs", cwd, tool);
      const parsed = argsOf(payload.toolArgs);
      if (!parsed.ok) return { kind: "malformed", problem: parsed.problem };
      const fileTool = fileToolOf(tool, parsed.args);
      if (fileTool) return fileToolRequest(tool, fileTool, parsed.args, cwd, "toolArgs");
      const command = parsed.args.command;
      if (typeof command !== "string") return { kind: "malformed", problem: `"toolArgs.command" must be a string, not ${describe(command)}` };
      return { kind: "check", command, cwd };
    },
    answer(verdict: Verdict): CopilotAnswer | null {
      if (verdict.decision === "allow") return null;
      const v = verdict.decision === "ask" && !options.ask ? askAsDeny(verdict) : verdict;
      return { permissionDecision: v.decision as "deny" | "ask", permissionDecisionReason: v.reason };
    },
  };
}

export const copilotCliAgent = defineAgent({
  name: "copilot-cli",
  title: "Copilot CLI",
  summary: `GitHub Copilot CLI ${COPILOT_EVENT} hook for ${COPILOT_TOOL} and its file tools`,
  guards: {
    shell: [COPILOT_TOOL],
    read: [...Object.keys(COPILOT_FILE_TOOLS).filter((t) => COPILOT_FILE_TOOLS[t]!.op !== "write"), COPILOT_EDITOR_TOOL],
    write: [...Object.keys(COPILOT_FILE_TOOLS).filter((t) => COPILOT_FILE_TOOLS[t]!.op === "write"), COPILOT_EDITOR_TOOL, ...COPILOT_PATCH_TOOLS],
  },
  flags: [{ flag: "--ask", help: ['answer "permissionDecision": "ask" for a Copilot CLI that supports it;', "by default an ask is answered as a deny that says a person must confirm"] }],
  sample: (command, cwd) => ({ timestamp: Date.now(), cwd, toolName: COPILOT_TOOL, toolArgs: JSON.stringify({ command }) }),
  adapter: (flags) => copilotCli({ ask: flags.has("--ask") }),
  settings: flatHookSettings({
    agent: "copilot-cli",
    title: "Copilot CLI",
    projectFile: ".github/hooks/shellguard.json",
    userFile: null,
    events: [COPILOT_EVENT],
    field: "bash",
    command: COMMAND,
    entry: () => ({ type: "command", bash: COMMAND, powershell: COMMAND, timeoutSec: 30 }),
  }),
});
