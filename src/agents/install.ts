/**
 * `agent-hook install|uninstall <agent> [--project|--user]`: add or remove shellguard's hook entry
 * in the agent's settings file, and nothing else.
 *
 *   Claude Code  .claude/settings.json  ~/.claude/settings.json
 *     { "hooks": { "PreToolUse": [ { "matcher": "Bash",
 *         "hooks": [ { "type": "command", "command": "shellguard agent-hook claude-code" } ] } ] } }
 *   Gemini CLI   .gemini/settings.json  ~/.gemini/settings.json
 *     { "hooks": { "BeforeTool": [ { "matcher": "run_shell_command",
 *         "hooks": [ { "type": "command", "command": "shellguard agent-hook gemini-cli", "name": "shellguard", ... } ] } ] } }
 *
 * Install is idempotent: an entry whose command runs `shellguard agent-hook <agent>` (with any
 * path or flags) anywhere in the event's list means "already installed". Uninstall removes only
 * such entries, then any group or list that only they had made non-empty. A settings file that
 * is not a JSON object (or whose `hooks` is malformed) is an error, and the file is left as it is.
 */

import { accessSync, constants } from "node:fs";
import { homedir } from "node:os";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { isObject } from "../config/json-value.js";
import { readJsonFile, SettingsError, writeJsonFile, type JsonFile } from "./json-file.js";

export const AGENTS = ["claude-code", "gemini-cli"] as const;
export type AgentName = (typeof AGENTS)[number];
export type Scope = "project" | "user";

export interface AgentHookSpec {
  agent: AgentName;
  title: string;
  /** The settings directory, in the project and in the home directory. */
  dir: string;
  event: string;
  matcher: string;
  command: string;
  /** The hook entry written. */
  entry: Record<string, unknown>;
}

export const HOOK_SPECS: Readonly<Record<AgentName, Readonly<AgentHookSpec>>> = {
  "claude-code": {
    agent: "claude-code",
    title: "Claude Code",
    dir: ".claude",
    event: "PreToolUse",
    matcher: "Bash",
    command: "shellguard agent-hook claude-code",
    entry: { type: "command", command: "shellguard agent-hook claude-code" },
  },
  "gemini-cli": {
    agent: "gemini-cli",
    title: "Gemini CLI",
    dir: ".gemini",
    event: "BeforeTool",
    matcher: "run_shell_command",
    command: "shellguard agent-hook gemini-cli",
    entry: {
      type: "command",
      command: "shellguard agent-hook gemini-cli",
      name: "shellguard",
      description: "shellguard: stop dangerous shell commands before they run",
    },
  },
};

export function isAgentName(value: unknown): value is AgentName {
  return typeof value === "string" && (AGENTS as readonly string[]).includes(value);
}

function home(env: NodeJS.ProcessEnv): string {
  return env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
}

/** The settings file for an agent and scope: `<cwd>/.claude/settings.json`, `~/.gemini/settings.json`, ... */
export function settingsPath(agent: AgentName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv): string {
  const base = scope === "user" ? home(env) : resolve(cwd);
  return join(base, HOOK_SPECS[agent].dir, "settings.json");
}

/** Whether a hook entry is shellguard's for this agent (any path to shellguard, any flags). */
export function isOurEntry(entry: unknown, agent: AgentName): boolean {
  if (!isObject(entry) || typeof entry.command !== "string") return false;
  const re = new RegExp(String.raw`(?:^|[\s/\\"'])shellguard(?:\.js|\.cmd)?["']?\s+agent-hook\s+${agent}(?:["'\s]|$)`);
  return re.test(entry.command);
}

export interface SettingsChange {
  file: string;
  changed: boolean;
  /** What happened, one line (printed on stdout). */
  message: string;
  /** Things the person should know (printed on stderr). */
  notes: string[];
}

function hooksOf(file: JsonFile, spec: AgentHookSpec): { hooks: Record<string, unknown> | undefined; list: unknown[] | undefined } {
  const hooks = file.value.hooks;
  if (hooks === undefined) return { hooks: undefined, list: undefined };
  if (!isObject(hooks)) throw new SettingsError(file.path, `"hooks" must be an object`);
  const list = hooks[spec.event];
  if (list === undefined) return { hooks, list: undefined };
  if (!Array.isArray(list)) throw new SettingsError(file.path, `"hooks.${spec.event}" must be an array`);
  return { hooks, list };
}

function groupsWithOurs(list: readonly unknown[], agent: AgentName): unknown[] {
  return list.filter((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isOurEntry(h, agent)));
}

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    for (const candidate of process.platform === "win32" ? [`${name}.cmd`, `${name}.exe`, name] : [name]) {
      try {
        accessSync(join(dir, candidate), constants.X_OK);
        return true;
      } catch {
        // not here
      }
    }
  }
  return false;
}

function installNotes(spec: AgentHookSpec, file: JsonFile, scope: Scope, env: NodeJS.ProcessEnv): string[] {
  const notes: string[] = [];
  if (!onPath("shellguard", env)) {
    notes.push(
      `note: "shellguard" is not on PATH here; ${spec.title} runs "${spec.command}" through the shell, and a hook that cannot start does not block anything. Install it globally (npm install -g shellguard).`,
    );
  }
  if (spec.agent === "gemini-cli") {
    const v = file.value;
    const off = (isObject(v.hooksConfig) && v.hooksConfig.enabled === false) || (isObject(v.hooks) && v.hooks.enabled === false);
    if (off) notes.push(`note: hooks are turned off in ${file.path} (hooksConfig.enabled or hooks.enabled is false); Gemini CLI will not run the hook until they are on.`);
    if (scope === "project") notes.push("note: Gemini CLI runs project hooks only in a trusted folder.");
  }
  return notes;
}

/** Add shellguard's hook entry, unless it is there already. Throws SettingsError. */
export function installHook(agent: AgentName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv): SettingsChange {
  const spec = HOOK_SPECS[agent];
  const path = settingsPath(agent, scope, cwd, env);
  const file = readJsonFile(path);
  const { hooks, list } = hooksOf(file, spec);
  const where = `hooks.${spec.event}`;
  const existing = list ? groupsWithOurs(list, agent) : [];
  if (existing.length > 0) {
    const g = existing[0] as Record<string, unknown>;
    const matcher = typeof g.matcher === "string" ? `, matcher ${JSON.stringify(g.matcher)}` : "";
    return { file: path, changed: false, message: `Already installed: the shellguard hook for ${spec.title} is in ${path} (${where}${matcher}); nothing changed.`, notes: [] };
  }
  const group = { matcher: spec.matcher, hooks: [{ ...spec.entry }] };
  const nextHooks = hooks ?? {};
  nextHooks[spec.event] = [...(list ?? []), group];
  file.value.hooks = nextHooks;
  writeJsonFile(file);
  return {
    file: path,
    changed: true,
    message: `Installed the shellguard hook for ${spec.title} in ${path}: ${where}, matcher ${JSON.stringify(spec.matcher)}, command ${JSON.stringify(spec.command)}.`,
    notes: installNotes(spec, file, scope, env),
  };
}

/** Remove shellguard's hook entries (only those). Throws SettingsError. */
export function uninstallHook(agent: AgentName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv): SettingsChange {
  const spec = HOOK_SPECS[agent];
  const path = settingsPath(agent, scope, cwd, env);
  const nothing: SettingsChange = { file: path, changed: false, message: `Nothing to remove: no shellguard hook for ${spec.title} in ${path}.`, notes: [] };
  const file = readJsonFile(path);
  if (!file.exists) return nothing;
  const { hooks, list } = hooksOf(file, spec);
  if (!hooks || !list) return nothing;
  let removed = 0;
  const kept: unknown[] = [];
  for (const group of list) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      kept.push(group);
      continue;
    }
    const rest = group.hooks.filter((h) => !isOurEntry(h, agent));
    const gone = group.hooks.length - rest.length;
    removed += gone;
    if (gone === 0) kept.push(group);
    else if (rest.length > 0) kept.push({ ...group, hooks: rest });
  }
  if (removed === 0) return nothing;
  if (kept.length > 0) hooks[spec.event] = kept;
  else delete hooks[spec.event];
  if (Object.keys(hooks).length === 0) delete file.value.hooks;
  writeJsonFile(file);
  return {
    file: path,
    changed: true,
    message: `Removed the shellguard hook for ${spec.title} from ${path} (${removed} ${removed === 1 ? "entry" : "entries"} in hooks.${spec.event}).`,
    notes: [],
  };
}
