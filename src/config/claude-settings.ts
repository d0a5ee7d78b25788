/**
 * The `import: ["claude-settings"]` rule source: the `Bash` permission rules of the Claude Code
 * settings files that apply to a working directory, so Claude Code and shellguard share one rule
 * set.
 *
 *   ~/.claude/settings.json                  user
 *   <project>/.claude/settings.json          project (shared, usually committed)
 *   <project>/.claude/settings.local.json    local (personal, usually not committed)
 *
 * `<project>` is the nearest directory, from the cwd upward, that has a `.claude/` directory; the
 * home directory itself is not a project (its `.claude/` holds the user settings). Only
 * `permissions.allow`, `.ask` and `.deny` are read; `Bash` and `Bash(...)` entries are kept as
 * written (shellguard's rule syntax accepts the wrapper), everything else (`Read(...)`,
 * `WebFetch`, non-strings) is counted in `ignored`.
 *
 * A settings file that is not valid JSON, or whose `permissions` lists have the wrong type, is
 * never silently empty. The user's own file is a ConfigError naming it; a project or local file
 * (both sit in the project, and may come with the repository, like an untrusted project config) is
 * skipped with a warning: a planted broken file must not switch the guard off, and the user's
 * rules stay in force.
 */

import { readFileSync, realpathSync, statSync } from "node:fs";
import { homeDir } from "../facts/home.js";
import { dirname, join, resolve } from "node:path";
import { ConfigError } from "./errors.js";
import { isObject } from "./json-value.js";
import type { Env } from "./env.js";

export type ClaudeScope = "user" | "project" | "local";

export interface ClaudeRules {
  allow: string[];
  ask: string[];
  deny: string[];
}

export interface ClaudeSettingsFile {
  path: string;
  scope: ClaudeScope;
  rules: ClaudeRules;
  ignored: number;
}

export interface ClaudeSettingsRules {
  /** The Bash rules of every file, in the order user, project, local. */
  rules: ClaudeRules;
  /** Entries that are not Bash rules (other tools, malformed entries). */
  ignored: number;
  /** The files read (those that exist), in that order. */
  files: string[];
  /**
   * The same per file, with its scope, for callers that treat them differently: the project file
   * is written by whoever wrote the repository, like an untrusted project config.
   */
  byFile: ClaudeSettingsFile[];
  /** Project and local files skipped because they could not be read, one line each. */
  warnings: string[];
}

const LISTS = ["allow", "ask", "deny"] as const;

/** `Bash`, `Bash()` or `Bash(...)`, surrounding whitespace allowed. */
export function isBashRule(entry: unknown): entry is string {
  if (typeof entry !== "string") return false;
  const s = entry.trim();
  return s === "Bash" || (s.startsWith("Bash(") && s.endsWith(")"));
}

function isDir(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The nearest directory from `cwd` upward with a `.claude/` directory, not the home directory; or null. */
export function findClaudeProject(cwd: string, env: Env = process.env): string | null {
  const home = realOrSelf(resolve(homeDir(env)));
  let dir = resolve(cwd);
  while (true) {
    if (realOrSelf(dir) !== home && isDir(join(dir, ".claude"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function readSettings(path: string, scope: ClaudeScope): ClaudeSettingsFile | null {
  let text: string;
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st || !st.isFile()) return null;
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(path, "", `cannot be read (${(error as Error).message.split("\n")[0]})`, { cause: error });
  }
  const file: ClaudeSettingsFile = { path, scope, rules: { allow: [], ask: [], deny: [] }, ignored: 0 };
  if (text.replace(/^\uFEFF/, "").trim() === "") return file;
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ConfigError(path, "", `is not valid JSON (${(error as Error).message.split("\n")[0]}); it is read for import: ["claude-settings"]`, { cause: error });
  }
  if (!isObject(value)) throw new ConfigError(path, "", "must hold a JSON object (Claude Code settings)");
  const permissions = value.permissions;
  if (permissions === undefined) return file;
  if (!isObject(permissions)) throw new ConfigError(path, "permissions", "must be an object");
  for (const list of LISTS) {
    const entries = permissions[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) throw new ConfigError(path, `permissions.${list}`, "must be an array");
    for (const entry of entries) {
      if (isBashRule(entry)) file.rules[list].push(entry);
      else file.ignored++;
    }
  }
  return file;
}

/** The warning for a project or local settings file that does not load. */
function brokenWarning(error: ConfigError): string {
  const problem = error.keyPath ? `${error.keyPath}: ${error.problem}` : error.problem;
  return `${error.file}: ignored: ${problem} (a project's Claude settings that do not load are skipped for import: ["claude-settings"]; fix the file to apply its rules)`;
}

/**
 * The Bash permission rules of the Claude Code settings that apply to `cwd`. Throws ConfigError
 * for a broken user file only.
 */
export function claudeSettingsRules(cwd: string, env: Env = process.env): ClaudeSettingsRules {
  const candidates: [string, ClaudeScope][] = [[join(homeDir(env), ".claude", "settings.json"), "user"]];
  const project = findClaudeProject(cwd, env);
  if (project) {
    candidates.push([join(project, ".claude", "settings.json"), "project"]);
    candidates.push([join(project, ".claude", "settings.local.json"), "local"]);
  }
  const out: ClaudeSettingsRules = { rules: { allow: [], ask: [], deny: [] }, ignored: 0, files: [], byFile: [], warnings: [] };
  const seen = new Set<string>();
  for (const [path, scope] of candidates) {
    const real = realOrSelf(path);
    if (seen.has(real)) continue;
    seen.add(real);
    let file: ClaudeSettingsFile | null;
    try {
      file = readSettings(path, scope);
    } catch (error) {
      if (scope === "user" || !(error instanceof ConfigError)) throw error;
      out.warnings.push(brokenWarning(error));
      continue;
    }
    if (!file) continue;
    out.files.push(path);
    out.byFile.push(file);
    out.ignored += file.ignored;
    for (const list of LISTS) out.rules[list].push(...file.rules[list]);
  }
  return out;
}
