/**
 * GitHub Copilot CLI: a `preToolUse` command hook for its `bash` tool.
 * Followed: docs.github.com "GitHub Copilot CLI hooks reference" (hooks file version 1).
 *
 * Input (stdin): { "timestamp": 1764670000000, "cwd", "toolName": "bash",
 *   "toolArgs": "{\"command\":\"...\",\"description\":\"...\"}" }   — toolArgs is JSON text (an object is accepted too)
 * Answer (stdout, exit 0), or nothing:
 *   { "permissionDecision": "deny", "permissionDecisionReason": "..." }
 *
 * The reference long documented "deny" as the only decision it processes, and a CLI that ignores
 * "ask" would run the tool; so an ask is answered as a deny that says a person must confirm,
 * unless `--ask` is given. An allow is never answered. No mode is sent: the config's mode decides.
 */

import { describe, isObject } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { flatHookSettings } from "./flat-settings.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { askAsDeny, type Verdict } from "./verdict.js";

export const COPILOT_TOOL = "bash";
export const COPILOT_EVENT = "preToolUse";
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

export function copilotCli(options: { ask: boolean } = { ask: false }): AgentAdapter {
  return {
    name: "copilot-cli",
    parse(payload, io): HookRequest {
      const tool = payload.toolName;
      if (typeof tool !== "string") return { kind: "malformed", problem: `"toolName" must be a string, not ${describe(tool)}` };
      if (tool !== COPILOT_TOOL) return { kind: "ignore" };
      const parsed = argsOf(payload.toolArgs);
      if (!parsed.ok) return { kind: "malformed", problem: parsed.problem };
      const command = parsed.args.command;
      if (typeof command !== "string") return { kind: "malformed", problem: `"toolArgs.command" must be a string, not ${describe(command)}` };
      const cwd = payloadCwd(payload.cwd, io);
      if (typeof cwd !== "string") return { kind: "malformed", problem: cwd.problem };
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
  summary: `GitHub Copilot CLI ${COPILOT_EVENT} hook for its ${COPILOT_TOOL} tool`,
  guards: { shell: [COPILOT_TOOL] },
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
