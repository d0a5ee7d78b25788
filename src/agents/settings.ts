/**
 * `agent-hook install|uninstall <agent> [--project|--user]` for agents whose settings file is JSON
 * with a `hooks.<event>` list of matcher groups (Claude Code, Gemini CLI, and Codex's hooks.json
 * after them): add or remove shellguard's hook entry, and nothing else.
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

import { accessSync, constants, rmSync } from "node:fs";
import { homeDir } from "../facts/home.js";
import { delimiter, join, resolve } from "node:path";
import { isObject } from "../config/json-value.js";
import { readJsonFile, SettingsError, writeJsonFile, type JsonFile } from "./json-file.js";

import type { AgentSettings } from "./agent.js";
import type { Env } from "../config/env.js";

export type Scope = "project" | "user";

/** A `hooks.<event>` entry in a JSON settings file. */
export interface JsonHookSpec {
  /** The agent's command-line name: the entry runs `shellguard agent-hook <agent>`. */
  agent: string;
  title: string;
  /** The settings directory, in the project and in the home directory. */
  dir: string;
  /** The file in it; default `settings.json`. */
  fileName?: string;
  event: string;
  matcher: string;
  command: string;
  /** The hook entry written. */
  entry: Record<string, unknown>;
  /** What the person should know after an install (hooks turned off, a trust prompt, ...). */
  notes?(file: JsonFile, scope: Scope): string[];
  /** A hooks-only file (Codex's hooks.json): left empty by uninstall, it is removed. */
  removeWhenEmpty?: boolean;
}

/** The settings file for a scope: `<cwd>/.claude/settings.json`, `~/.gemini/settings.json`, ... */
function settingsPath(spec: JsonHookSpec, scope: Scope, cwd: string, env: Env): string {
  const base = scope === "user" ? homeDir(env) : resolve(cwd);
  return join(base, spec.dir, spec.fileName ?? "settings.json");
}

/** Whether a hook entry is shellguard's for this agent (any path to shellguard, any flags). */
export function isOurEntry(entry: unknown, agent: string, field = "command"): boolean {
  if (!isObject(entry)) return false;
  const command = entry[field];
  if (typeof command !== "string") return false;
  const re = new RegExp(String.raw`(?:^|[\s/\\"'])shellguard(?:\.js|\.cmd)?["']?\s+agent-hook\s+${agent}(?:["'\s]|$)`);
  return re.test(command);
}

export interface SettingsChange {
  file: string;
  changed: boolean;
  /** What happened, one line (printed on stdout). */
  message: string;
  /** Things the person should know (printed on stderr). */
  notes: string[];
}

function hooksOf(file: JsonFile, spec: JsonHookSpec): { hooks: Record<string, unknown> | undefined; list: unknown[] | undefined } {
  const hooks = file.value.hooks;
  if (hooks === undefined) return { hooks: undefined, list: undefined };
  if (!isObject(hooks)) throw new SettingsError(file.path, `"hooks" must be an object`);
  const list = hooks[spec.event];
  if (list === undefined) return { hooks, list: undefined };
  if (!Array.isArray(list)) throw new SettingsError(file.path, `"hooks.${spec.event}" must be an array`);
  return { hooks, list };
}

function groupsWithOurs(list: readonly unknown[], agent: string): unknown[] {
  return list.filter((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isOurEntry(h, agent)));
}

export function onPath(name: string, env: Env): boolean {
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

export function installNotes(spec: Pick<JsonHookSpec, "title" | "command" | "notes">, file: JsonFile, scope: Scope, env: Env): string[] {
  const notes: string[] = [];
  if (!onPath("shellguard", env)) {
    notes.push(
      `note: "shellguard" is not on PATH here; ${spec.title} runs "${spec.command}" through the shell, and a hook that cannot start does not block anything. Install it globally (npm install -g shellguard).`,
    );
  }
  if (spec.notes) notes.push(...spec.notes(file, scope));
  return notes;
}

/** Add shellguard's hook entry, unless it is there already. Throws SettingsError. */
function installHook(spec: JsonHookSpec, scope: Scope, cwd: string, env: Env): SettingsChange {
  const agent = spec.agent;
  const path = settingsPath(spec, scope, cwd, env);
  const file = readJsonFile(path);
  const { hooks, list } = hooksOf(file, spec);
  const where = `hooks.${spec.event}`;
  const existing = list ? groupsWithOurs(list, agent) : [];
  if (existing.length > 0) {
    const g = existing[0] as Record<string, unknown>;
    // An older install's group (matcher "Bash") that holds only shellguard's entry gets the
    // current matcher, so the file tools added since are guarded too.
    const onlyOurs = Array.isArray(g.hooks) && g.hooks.every((h) => isOurEntry(h, agent));
    if (onlyOurs && typeof g.matcher === "string" && g.matcher !== spec.matcher) {
      const before = g.matcher;
      g.matcher = spec.matcher;
      writeJsonFile(file);
      return {
        file: path,
        changed: true,
        message: `Updated the shellguard hook for ${spec.title} in ${path}: ${where}, matcher ${JSON.stringify(before)} → ${JSON.stringify(spec.matcher)}.`,
        notes: [],
      };
    }
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

function removeFile(path: string): void {
  try {
    rmSync(path);
  } catch (error) {
    throw new SettingsError(path, `cannot be removed (${(error as Error).message.split("\n")[0]})`);
  }
}

/** Remove shellguard's hook entries (only those). Throws SettingsError. */
function uninstallHook(spec: JsonHookSpec, scope: Scope, cwd: string, env: Env): SettingsChange {
  const agent = spec.agent;
  const path = settingsPath(spec, scope, cwd, env);
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
  if (spec.removeWhenEmpty && Object.keys(file.value).length === 0) removeFile(path);
  else writeJsonFile(file);
  return {
    file: path,
    changed: true,
    message: `Removed the shellguard hook for ${spec.title} from ${path} (${removed} ${removed === 1 ? "entry" : "entries"} in hooks.${spec.event}).`,
    notes: [],
  };
}

/** The settings half of an agent definition, for a JSON file with a `hooks.<event>` list. */
export function jsonHookSettings(spec: JsonHookSpec): AgentSettings {
  return {
    file: `${spec.dir}/${spec.fileName ?? "settings.json"}`,
    path: (scope, cwd, env) => settingsPath(spec, scope, cwd, env),
    install: (scope, cwd, env) => installHook(spec, scope, cwd, env),
    uninstall: (scope, cwd, env) => uninstallHook(spec, scope, cwd, env),
  };
}
