/**
 * One coding agent, as shellguard knows it: everything `agent-hook <name>` and
 * `agent-hook install|uninstall <name>` need, in one object. Each agent is one file that exports
 * its definition (claude-code.ts, gemini-cli.ts); registry.ts lists them, and the CLI dispatches
 * from that list, so adding an agent is that file, one line in the registry, and its tests.
 */

import type { AgentAdapter } from "./hook.js";
import type { Scope, SettingsChange } from "./settings.js";
import type { Env } from "../config/env.js";

/** A hook flag of one agent beyond the shared `--strict`. */
export interface AgentFlag {
  flag: `--${string}`;
  /** Its help, one line per entry (the first follows the flag, the rest are indented under it). */
  help: readonly string[];
}

/** Where and how the hook is registered with the agent. */
export interface AgentSettings {
  /** The file (relative to the project directory and to the home directory) named in help text. */
  file: string;
  path(scope: Scope, cwd: string, env: Env): string;
  /** Add shellguard's hook, unless it is there already. Throws SettingsError, leaving the file as it was. */
  install(scope: Scope, cwd: string, env: Env): SettingsChange;
  /** Remove shellguard's hook entries (only those). Throws SettingsError. */
  uninstall(scope: Scope, cwd: string, env: Env): SettingsChange;
}

export interface AgentDefinition<Name extends string = string> {
  /** `claude-code`: the command-line name, `agent-hook <name>`. */
  readonly name: Name;
  /** `Claude Code`: the name in messages. */
  readonly title: string;
  /** One line for `agent-hook --help`: which hook, for which tool. */
  readonly summary: string;
  /**
   * The agent's tools (or hook events) this hook guards, by the agent's own names (`Bash`,
   * `run_shell_command`): shell tools, and file tools judged like a shell read or write.
   */
  readonly guards: { readonly shell: readonly string[]; readonly read?: readonly string[]; readonly write?: readonly string[] };
  readonly flags: readonly AgentFlag[];
  /** The payload the agent sends for its shell tool running `command` in `cwd` (doctor's canary). */
  sample(command: string, cwd: string): Record<string, unknown>;
  /** The payload parser and answer format for one run, given the flags it was started with. */
  adapter(flags: ReadonlySet<string>): AgentAdapter;
  readonly settings: AgentSettings;
}

/** Keeps the literal name type, so the registry can derive the union of agent names. */
export function defineAgent<const Name extends string>(definition: AgentDefinition<Name>): AgentDefinition<Name> {
  return definition;
}
