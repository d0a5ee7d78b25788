/**
 * `shellguard agent-hook ...`: shellguard as the veto on coding agents' shell tool.
 *
 *   shellguard agent-hook claude-code [--strict]           Claude Code PreToolUse hook (stdin → stdout)
 *   shellguard agent-hook gemini-cli [--strict] [--ask]    Gemini CLI BeforeTool hook
 *   shellguard agent-hook install <agent> [--project|--user]
 *   shellguard agent-hook uninstall <agent> [--project|--user]
 *
 * The CLI hands the arguments after `agent-hook` to runAgentHookCommand, which parses them itself
 * (no yargs on the hook's hot path) and returns the exit code. See docs/agents.md.
 */

import { claudeCode } from "./claude-code.js";
import { geminiCli } from "./gemini-cli.js";
import { runHook, type AgentAdapter, type HookIO } from "./hook.js";
import { SettingsError } from "./json-file.js";
import { AGENTS, installHook, isAgentName, uninstallHook, type Scope } from "./install.js";

export { claudeSettingsRules, findClaudeProject, isBashRule } from "../config/claude-settings.js";
export type { ClaudeRules, ClaudeScope, ClaudeSettingsFile, ClaudeSettingsRules } from "../config/claude-settings.js";
export { claudeCode, claudeMode, CLAUDE_MODES, type ClaudeAnswer } from "./claude-code.js";
export { geminiCli, type GeminiAnswer, type GeminiOptions } from "./gemini-cli.js";
export { runHook, type AgentAdapter, type HookIO, type HookRequest } from "./hook.js";
export { HOOK_SPECS, installHook, isOurEntry, settingsPath, uninstallHook, AGENTS, type AgentName, type Scope, type SettingsChange } from "./install.js";
export { SettingsError } from "./json-file.js";
export { MAX_PAYLOAD_BYTES } from "./stdin.js";
export { verdictFor, type Verdict } from "./verdict.js";

/** Exit codes: 0 done (a hook always exits 0, its answer is on stdout), 3 error (usage, settings). */
export const AGENT_EXIT = { ok: 0, error: 3 } as const;

export const AGENT_HOOK_USAGE = `Usage: shellguard agent-hook <command>

Hooks (the agent runs these; they read the hook JSON on stdin and answer on stdout, exit 0):
  claude-code [--strict]           Claude Code PreToolUse hook for the Bash tool
  gemini-cli [--strict] [--ask]    Gemini CLI BeforeTool hook for run_shell_command

Setup:
  install <agent> [--project|--user]     add the hook to the agent's settings (default --project)
  uninstall <agent> [--project|--user]   remove it (only shellguard's entry)

  <agent> is claude-code or gemini-cli. --project: .claude/settings.json or .gemini/settings.json
  in the working directory; --user: the same under the home directory.

Options:
  --strict   also answer when no rule or check has an opinion (the mode's fallback ask/deny);
             by default the agent's own permission flow decides those
  --ask      (gemini-cli) answer "decision": "ask" for a Gemini CLI that supports it;
             by default an ask is answered as a deny that says a person must confirm

See docs/agents.md.
`;

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

async function runHookCommand(name: "claude-code" | "gemini-cli", args: readonly string[], io: HookIO): Promise<number> {
  const allowed = name === "gemini-cli" ? ["--strict", "--ask"] : ["--strict"];
  const base = name === "gemini-cli" ? geminiCli({ ask: false }) : claudeCode;
  let flags: Set<string>;
  try {
    flags = flagsOf(args, allowed);
  } catch (error) {
    return runHook(brokenHook(base, (error as Error).message), io, { strict: false });
  }
  const adapter = name === "gemini-cli" ? geminiCli({ ask: flags.has("--ask") }) : claudeCode;
  return runHook(adapter, io, { strict: flags.has("--strict") });
}

function runSetup(verb: "install" | "uninstall", args: readonly string[], io: HookIO): number {
  const [agent, ...rest] = args;
  if (agent === undefined) throw new UsageError(`${verb} needs an agent: ${AGENTS.join(" or ")}`);
  if (!isAgentName(agent)) throw new UsageError(`unknown agent "${agent}": expected ${AGENTS.join(" or ")}`);
  const flags = flagsOf(rest, ["--project", "--user"]);
  if (flags.has("--project") && flags.has("--user")) throw new UsageError("use one of --project and --user");
  const scope: Scope = flags.has("--user") ? "user" : "project";
  const change = verb === "install" ? installHook(agent, scope, io.cwd, io.env) : uninstallHook(agent, scope, io.cwd, io.env);
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
    switch (command) {
      case "claude-code":
      case "gemini-cli":
        return await runHookCommand(command, args, io);
      case "install":
      case "uninstall":
        return runSetup(command, args, io);
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(AGENT_HOOK_USAGE);
        return AGENT_EXIT.ok;
      case undefined:
        throw new UsageError(`agent-hook needs a command: claude-code, gemini-cli, install or uninstall`);
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
