/**
 * `agent-hook install|uninstall` for agents whose hooks file is `{ "version": 1, "hooks": {
 * "<event>": [ <entry>, ... ] } }` — a flat list of entries per event, no matcher groups:
 *
 *   Cursor       .cursor/hooks.json            { "command": "shellguard agent-hook cursor" }
 *   Copilot CLI  .github/hooks/shellguard.json { "type": "command", "bash": "shellguard agent-hook copilot-cli", ... }
 *
 * Same contract as settings.ts: install adds shellguard's entry to each event that lacks one and
 * changes nothing else; uninstall removes only shellguard's entries (recognised by the command in
 * `field`, any path or flags), then any list or `hooks` object they alone filled. A file left
 * holding nothing but `version` is removed, so install + uninstall on a missing file leaves none.
 */

import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { isObject } from "../config/json-value.js";
import type { AgentSettings } from "./agent.js";
import { readJsonFile, SettingsError, writeJsonFile, type JsonFile } from "./json-file.js";
import { installNotes, isOurEntry, type Scope, type SettingsChange } from "./settings.js";
import type { Env } from "../config/env.js";
import { homeDir } from "../facts/home.js";

export interface FlatHookSpec {
  agent: string;
  title: string;
  /** The hooks file relative to the project directory: `.cursor/hooks.json`. */
  projectFile: string;
  /** The hooks file relative to the home directory; null: the agent reads none (`--user` is refused). */
  userFile: string | null;
  /** The events shellguard's entry is added to. */
  events: readonly string[];
  /** The entry's field that holds the command (`command`, Copilot's `bash`). */
  field: string;
  command: string;
  entry(event: string): Record<string, unknown>;
  notes?(file: JsonFile, scope: Scope): string[];
}

function pathFor(spec: FlatHookSpec, scope: Scope, cwd: string, env: Env): string {
  if (scope === "project") return join(resolve(cwd), spec.projectFile);
  if (spec.userFile === null) {
    throw new SettingsError(`~/${spec.projectFile}`, `${spec.title} reads hooks from the repository only (${spec.projectFile}); install with --project`);
  }
  return join(homeDir(env), spec.userFile);
}

function hooksObject(file: JsonFile): Record<string, unknown> | undefined {
  const hooks = file.value.hooks;
  if (hooks !== undefined && !isObject(hooks)) throw new SettingsError(file.path, `"hooks" must be an object`);
  return hooks;
}

function listOf(file: JsonFile, hooks: Record<string, unknown> | undefined, event: string): unknown[] | undefined {
  const list = hooks?.[event];
  if (list !== undefined && !Array.isArray(list)) throw new SettingsError(file.path, `"hooks.${event}" must be an array`);
  return list;
}

function install(spec: FlatHookSpec, scope: Scope, cwd: string, env: Env): SettingsChange {
  const path = pathFor(spec, scope, cwd, env);
  const file = readJsonFile(path);
  const hooks = hooksObject(file) ?? {};
  const added: string[] = [];
  for (const event of spec.events) {
    const list = listOf(file, hooks, event) ?? [];
    if (list.some((e) => isOurEntry(e, spec.agent, spec.field))) continue;
    hooks[event] = [...list, spec.entry(event)];
    added.push(event);
  }
  if (added.length === 0) {
    return { file: path, changed: false, message: `Already installed: the shellguard hook for ${spec.title} is in ${path}; nothing changed.`, notes: [] };
  }
  // A new file gets the version the agents require; an existing file's keys are left as they are.
  if (!file.exists) file.value = { version: 1, ...file.value };
  file.value.hooks = hooks;
  writeJsonFile(file);
  return {
    file: path,
    changed: true,
    message: `Installed the shellguard hook for ${spec.title} in ${path}: ${added.map((e) => `hooks.${e}`).join(", ")}, command ${JSON.stringify(spec.command)}.`,
    notes: installNotes(spec, file, scope, env),
  };
}

function uninstall(spec: FlatHookSpec, scope: Scope, cwd: string, env: Env): SettingsChange {
  const path = pathFor(spec, scope, cwd, env);
  const nothing: SettingsChange = { file: path, changed: false, message: `Nothing to remove: no shellguard hook for ${spec.title} in ${path}.`, notes: [] };
  const file = readJsonFile(path);
  const hooks = file.exists ? hooksObject(file) : undefined;
  if (!hooks) return nothing;
  let removed = 0;
  for (const event of Object.keys(hooks)) {
    const list = listOf(file, hooks, event);
    if (!list) continue;
    const kept = list.filter((e) => !isOurEntry(e, spec.agent, spec.field));
    if (kept.length === list.length) continue;
    removed += list.length - kept.length;
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (removed === 0) return nothing;
  if (Object.keys(hooks).length === 0) delete file.value.hooks;
  const onlyVersion = Object.keys(file.value).every((k) => k === "version");
  if (onlyVersion) {
    try {
      rmSync(path);
    } catch (error) {
      throw new SettingsError(path, `cannot be removed (${(error as Error).message})`);
    }
  } else {
    writeJsonFile(file);
  }
  return {
    file: path,
    changed: true,
    message: `Removed the shellguard hook for ${spec.title} from ${path} (${removed} ${removed === 1 ? "entry" : "entries"})${onlyVersion ? "; the file held nothing else and is deleted" : ""}.`,
    notes: [],
  };
}

/** The settings half of an agent definition, for a versioned hooks file with flat event lists. */
export function flatHookSettings(spec: FlatHookSpec): AgentSettings {
  return {
    file: spec.projectFile,
    path: (scope, cwd, env) => pathFor(spec, scope, cwd, env),
    install: (scope, cwd, env) => install(spec, scope, cwd, env),
    uninstall: (scope, cwd, env) => uninstall(spec, scope, cwd, env),
  };
}
