/**
 * The agents shellguard guards, one definition each (agent.ts). `agent-hook <agent>`, `install`,
 * `uninstall` and the help text all read this list: a new agent is its own file plus one line here.
 */

import type { AgentDefinition } from "./agent.js";
import { claudeCodeAgent } from "./claude-code.js";
import { codexAgent } from "./codex.js";
import { copilotCliAgent } from "./copilot-cli.js";
import { cursorAgent } from "./cursor.js";
import { geminiCliAgent } from "./gemini-cli.js";
import { openCodeAgent } from "./opencode.js";

export const AGENT_CATALOG = [claudeCodeAgent, geminiCliAgent, codexAgent, copilotCliAgent, cursorAgent, openCodeAgent] as const;

export type AgentName = (typeof AGENT_CATALOG)[number]["name"];
export const AGENTS: readonly AgentName[] = AGENT_CATALOG.map((a) => a.name);

export function isAgentName(value: unknown): value is AgentName {
  return typeof value === "string" && (AGENTS as readonly string[]).includes(value);
}

export function agentNamed(name: AgentName): AgentDefinition<AgentName> {
  return AGENT_CATALOG.find((a) => a.name === name)!;
}
