/**
 * `shellguard agent-hook ...`: shellguard as the veto on coding agents' shell tool.
 *
 *   shellguard agent-hook claude-code [--strict]           Claude Code PreToolUse hook (stdin → stdout)
 *   shellguard agent-hook gemini-cli [--strict] [--ask]    Gemini CLI BeforeTool hook
 *   shellguard agent-hook codex | copilot-cli | cursor | opencode ...   (see registry.ts)
 *   shellguard agent-hook install <agent> [--project|--user]
 *   shellguard agent-hook uninstall <agent> [--project|--user]
 *
 * The CLI hands the arguments after `agent-hook` to runAgentHookCommand, which parses them itself
 * (no yargs on the hook's hot path) and returns the exit code. See docs/agents.md.
 */

import type { AgentDefinition } from "./agent.js";
import { runHook, type AgentAdapter, type HookIO } from "./hook.js";
import { SettingsError } from "./json-file.js";
import { AGENT_CATALOG, AGENTS, agentNamed, isAgentName, type AgentName } from "./registry.js";
import type { Scope } from "./settings.js";

export { claudeSettingsRules, findClaudeProject, isBashRule } from "../config/claude-settings.js";
export type { ClaudeRules, ClaudeScope, ClaudeSettingsFile, ClaudeSettingsRules } from "../config/claude-settings.js";
export { defineAgent, type AgentDefinition, type AgentFlag, type AgentSettings } from "./agent.js";
export { claudeCode, claudeCodeAgent, claudeMode, CLAUDE_MODES, type ClaudeAnswer } from "./claude-code.js";
export { geminiCli, geminiCliAgent, type GeminiAnswer, type GeminiOptions } from "./gemini-cli.js";
export { codex, codexAgent, type CodexAnswer } from "./codex.js";
export { copilotCli, copilotCliAgent, type CopilotAnswer } from "./copilot-cli.js";
export { cursor, cursorAgent, type CursorAnswer } from "./cursor.js";
export { openCode, openCodeAgent, pluginSource, PLUGIN_MARKER, type OpenCodeAnswer } from "./opencode.js";
export { fileCommand, fileRequest, type FileOp } from "./file-tools.js";
export { flatHookSettings, type FlatHookSpec } from "./flat-settings.js";
export { runHook, type AgentAdapter, type HookIO, type HookRequest } from "./hook.js";
export { AGENT_CATALOG, AGENTS, agentNamed, isAgentName, type AgentName } from "./registry.js";
export { isOurEntry, jsonHookSettings, type JsonHookSpec, type Scope, type SettingsChange } from "./settings.js";
export { SettingsError } from "./json-file.js";
export { MAX_PAYLOAD_BYTES } from "./stdin.js";
export { verdictFor, type Verdict } from "./verdict.js";

/** Exit codes: 0 done (a hook always exits 0, its answer is on stdout), 3 error (usage, settings). */
export const AGENT_EXIT = { ok: 0, error: 3 } as const;

/** `a`, `a or b`, `a, b or c`. */
function either(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** Words joined into lines of at most `width` columns, each line indented by `indent`. */
function wrap(text: string, indent: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}

function hookLine(agent: AgentDefinition): string {
  const usage = [agent.name, ...["--strict", ...agent.flags.map((f) => f.flag)].map((f) => `[${f}]`)].join(" ");
  return `  ${usage.padEnd(31)}  ${agent.summary}`;
}

function flagLines(agent: AgentDefinition): string[] {
  return agent.flags.flatMap((f) => [`  ${f.flag.padEnd(10)} (${agent.name}) ${f.help[0] ?? ""}`, ...f.help.slice(1).map((h) => `${" ".repeat(13)}${h}`)]);
}

/** The help text, generated from the catalog. */
function usage(): string {
  const agents = AGENT_CATALOG as readonly AgentDefinition[];
  return `Usage: shellguard agent-hook <command>

Hooks (the agent runs these; they read the hook JSON on stdin and answer on stdout, exit 0):
${agents.map(hookLine).join("\n")}

Setup:
  install <agent> [--project|--user]     add the hook to the agent's settings (default --project)
  uninstall <agent> [--project|--user]   remove it (only shellguard's entry)

${wrap(`<agent> is ${either(agents.map((a) => a.name))}. --project: ${either(agents.map((a) => a.settings.file))} in the working directory; --user: the same under the home directory.`, "  ", 97)}

Options:
  --strict   also answer when no rule or check has an opinion (the mode's fallback ask/deny);
             by default the agent's own permission flow decides those
${agents.flatMap(flagLines).join("\n")}

See docs/agents.md.
`;
}

export const AGENT_HOOK_USAGE = usage();

class UsageError extends Error {
  override readonly name = "UsageError";
}

function flagsOf(args: readonly string[], allowed: readonly string[]): Set<string> {
  const flags = new Set<string>();
  for (const a of args) {
    if (!allowed.includes(a)) {
      throw new UsageError(a.startsWith("-") ? `unknown option ${a}` : `unexpected argument "${a}"`);
    }
    flags.add(a);
  }
  return flags;
}

/** A hook whose own arguments are wrong still answers, and fails closed: deny, in the agent's format. */
function brokenHook(adapter: AgentAdapter, problem: string): AgentAdapter {
  return {
    name: adapter.name,
    parse: () => ({ kind: "malformed", problem: `bad hook arguments: ${problem} (see shellguard agent-hook --help)` }),
    answer: (v) => adapter.answer(v),
  };
}

async function runHookCommand(agent: AgentDefinition, args: readonly string[], io: HookIO): Promise<number> {
  // A stray word is a mistake in how the hook is called, not in its input: a usage error (exit 3).
  const word = args.find((a) => !a.startsWith("-"));
  if (word !== undefined) throw new UsageError(`${agent.name} takes no arguments, only flags: unexpected argument "${word}"`);
  let flags: Set<string>;
  try {
    flags = flagsOf(args, ["--strict", ...agent.flags.map((f) => f.flag)]);
  } catch (error) {
    return runHook(brokenHook(agent.adapter(new Set()), (error as Error).message), io, { strict: false });
  }
  return runHook(agent.adapter(flags), io, { strict: flags.has("--strict") });
}

function runSetup(verb: "install" | "uninstall", args: readonly string[], io: HookIO): number {
  const [name, ...rest] = args;
  if (name === undefined) throw new UsageError(`${verb} needs an agent: ${either(AGENTS)}`);
  if (!isAgentName(name)) throw new UsageError(`unknown agent "${name}": expected ${either(AGENTS)}`);
  const flags = flagsOf(rest, ["--project", "--user"]);
  if (flags.has("--project") && flags.has("--user")) throw new UsageError("use one of --project and --user");
  const scope: Scope = flags.has("--user") ? "user" : "project";
  const { settings } = agentNamed(name as AgentName);
  const change = verb === "install" ? settings.install(scope, io.cwd, io.env) : settings.uninstall(scope, io.cwd, io.env);
  io.stdout.write(change.message + "\n");
  for (const note of change.notes) io.stderr.write(note + "\n");
  return AGENT_EXIT.ok;
}

/**
 * `shellguard agent-hook <argv...>`: `argv` is what follows `agent-hook`. Returns the exit code:
 * hooks always 0 (the decision is in the JSON on stdout); install/uninstall 0, or 3 for a usage
 * error or a settings file that cannot be changed safely (it is then left untouched).
 */
export async function runAgentHookCommand(argv: string[], io: HookIO): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (args.includes("--help") || args.includes("-h")) {
      io.stdout.write(AGENT_HOOK_USAGE);
      return AGENT_EXIT.ok;
    }
    if (isAgentName(command)) return await runHookCommand(agentNamed(command), args, io);
    switch (command) {
      case "install":
      case "uninstall":
        return runSetup(command, args, io);
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(AGENT_HOOK_USAGE);
        return AGENT_EXIT.ok;
      case undefined:
        throw new UsageError(`agent-hook needs a command: ${AGENTS.join(", ")}, install or uninstall`);
      default:
        throw new UsageError(`unknown agent-hook command "${command}"`);
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    if (e instanceof UsageError) {
      io.stderr.write(`shellguard agent-hook: ${e.message}\nRun "shellguard agent-hook --help" for usage.\n`);
    } else if (e instanceof SettingsError) {
      io.stderr.write(`shellguard agent-hook: ${e.message}\n`);
    } else {
      io.stderr.write(`shellguard agent-hook: internal error: ${e.stack ?? e.message}\n`);
    }
    return AGENT_EXIT.error;
  }
}
