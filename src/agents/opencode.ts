/**
 * OpenCode: a plugin (`tool.execute.before`) that asks `shellguard agent-hook opencode` about each
 * bash, read, write and edit call and throws to block it. Followed: opencode.ai/docs/plugins
 * (plugins in `.opencode/plugins/` and `~/.config/opencode/plugins/`, loaded at startup).
 *
 * Input (stdin, sent by the plugin): { "hook_event_name": "tool.execute.before", "tool": "bash",
 *   "sessionID", "callID", "args": { "command", "workdir"?, "description"? } | { "filePath", ... }, "cwd" }
 * Answer (stdout, exit 0), or nothing: { "decision": "deny", "reason": "..." } — the plugin throws
 * an Error with the reason, which OpenCode shows to the model as the tool's failure.
 *
 * A plugin cannot prompt, so an ask is always answered as a deny that says a person must confirm.
 * The plugin fails closed: when shellguard cannot be run, exits non-zero or answers something
 * that is not JSON, the call is blocked. install writes the plugin file; uninstall removes it
 * only when it is shellguard's (it starts with PLUGIN_MARKER).
 */

import { existsSync, readFileSync, rmSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { describe, isObject } from "../config/json-value.js";
import { defineAgent } from "./agent.js";
import { fileRequest } from "./file-tools.js";
import { payloadCwd, type AgentAdapter, type HookRequest } from "./hook.js";
import { SettingsError } from "./json-file.js";
import { writeTextFile } from "./text-file.js";
import { onPath, type Scope, type SettingsChange } from "./settings.js";
import { askAsDeny, type Verdict } from "./verdict.js";
import type { Env } from "../config/env.js";
import { homeDir } from "../facts/home.js";

export const OPENCODE_SHELL_TOOL = "bash";
export const OPENCODE_READ_TOOLS = ["read"] as const;
export const OPENCODE_WRITE_TOOLS = ["write", "edit"] as const;
const COMMAND = "shellguard agent-hook opencode";
export const PLUGIN_MARKER = "// shellguard: installed by `shellguard agent-hook install opencode`";

export interface OpenCodeAnswer {
  decision: "deny";
  reason: string;
}

export const openCode: AgentAdapter = {
  name: "opencode",
  parse(payload, io): HookRequest {
    const tool = payload.tool;
    if (typeof tool !== "string") return { kind: "malformed", problem: `"tool" must be a string, not ${describe(tool)}` };
    const args = payload.args;
    const base = payloadCwd(payload.cwd, io);
    if (typeof base !== "string") return { kind: "malformed", problem: base.problem };
    const guarded = tool === OPENCODE_SHELL_TOOL || (OPENCODE_READ_TOOLS as readonly string[]).includes(tool) || (OPENCODE_WRITE_TOOLS as readonly string[]).includes(tool);
    if (!guarded) return { kind: "ignore" };
    if (!isObject(args)) return { kind: "malformed", problem: `"args" must be an object, not ${describe(args)}` };
    if (tool !== OPENCODE_SHELL_TOOL) {
      return fileRequest((OPENCODE_READ_TOOLS as readonly string[]).includes(tool) ? "read" : "write", args.filePath, "args.filePath", base, false, tool);
    }
    const command = args.command;
    if (typeof command !== "string") return { kind: "malformed", problem: `"args.command" must be a string, not ${describe(command)}` };
    const workdir = args.workdir;
    if (workdir !== undefined && workdir !== null && typeof workdir !== "string") return { kind: "malformed", problem: `"args.workdir" must be a string, not ${describe(workdir)}` };
    return { kind: "check", command, cwd: workdir ? resolve(base, workdir) : base };
  },
  answer(verdict: Verdict): OpenCodeAnswer | null {
    if (verdict.decision === "allow") return null;
    return { decision: "deny", reason: (verdict.decision === "ask" ? askAsDeny(verdict) : verdict).reason };
  },
};

/** The plugin OpenCode loads: plain ESM JavaScript, no dependencies, so it runs under Bun or Node. */
export function pluginSource(command = COMMAND): string {
  return `${PLUGIN_MARKER}; remove it with \`shellguard agent-hook uninstall opencode\`.
// Before each bash, read, write and edit call, asks shellguard and throws to block the call.
// Fails closed: if shellguard cannot be run or gives no usable answer, the call is blocked.
import { spawn } from "node:child_process";

const COMMAND = ${JSON.stringify(command)};
const GUARDED = new Set(${JSON.stringify([OPENCODE_SHELL_TOOL, ...OPENCODE_READ_TOOLS, ...OPENCODE_WRITE_TOOLS])});
const TIMEOUT_MS = 60000;

function run(payload, cwd) {
  return new Promise((done) => {
    let child;
    try {
      child = spawn(COMMAND, { cwd, shell: true, stdio: ["pipe", "pipe", "pipe"] });
    } catch (error) {
      return done({ error: String(error) });
    }
    const out = [];
    const err = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => err.push(b));
    child.on("error", (e) => { clearTimeout(timer); done({ error: e.message }); });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

export const ShellguardPlugin = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    if (!GUARDED.has(input.tool)) return;
    const failed = (why) => new Error("shellguard: could not check this call (" + why + "), so it is blocked: the guard fails closed.");
    const payload = { hook_event_name: "tool.execute.before", tool: input.tool, sessionID: input.sessionID, callID: input.callID, args: output.args, cwd: directory };
    const r = await run(payload, directory);
    if (r.error !== undefined) throw failed(r.error);
    if (r.code !== 0) throw failed(COMMAND + " exited with " + (r.code ?? r.signal) + ": " + (r.stderr.trim().split("\\n")[0] || "no message"));
    const text = r.stdout.trim();
    if (text === "") return;
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw failed("its answer is not JSON");
    }
    if (answer && answer.decision === "deny") throw new Error(String(answer.reason));
  },
});
`;
}

function pluginPath(scope: Scope, cwd: string, env: Env): string {
  if (scope === "project") return join(resolve(cwd), ".opencode", "plugins", "shellguard.js");
  const config = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(homeDir(env), ".config");
  return join(config, "opencode", "plugins", "shellguard.js");
}

function ours(path: string): boolean | null {
  if (!existsSync(path)) return null;
  try {
    return readFileSync(path, "utf8").startsWith(PLUGIN_MARKER);
  } catch (error) {
    throw new SettingsError(path, `cannot be read (${(error as Error).message})`);
  }
}

function install(scope: Scope, cwd: string, env: Env): SettingsChange {
  const path = pluginPath(scope, cwd, env);
  const state = ours(path);
  if (state === false) throw new SettingsError(path, "exists and is not shellguard's plugin; shellguard leaves it as it is");
  if (state === true) return { file: path, changed: false, message: `Already installed: the shellguard plugin for OpenCode is ${path}; nothing changed.`, notes: [] };
  writeTextFile(path, pluginSource());
  const notes = ["note: OpenCode loads plugins at startup; restart it."];
  if (!onPath("shellguard", env)) {
    notes.push(`note: "shellguard" is not on PATH here; until it is on OpenCode's PATH the plugin blocks every bash, read, write and edit call (it fails closed). Install it globally (npm install -g shellguard).`);
  }
  return { file: path, changed: true, message: `Installed the shellguard plugin for OpenCode: ${path} (tool.execute.before, command ${JSON.stringify(COMMAND)}).`, notes };
}

function uninstall(scope: Scope, cwd: string, env: Env): SettingsChange {
  const path = pluginPath(scope, cwd, env);
  const state = ours(path);
  if (state !== true) return { file: path, changed: false, message: `Nothing to remove: no shellguard plugin for OpenCode at ${path}.`, notes: [] };
  try {
    rmSync(path);
  } catch (error) {
    throw new SettingsError(path, `cannot be removed (${(error as Error).message})`);
  }
  return { file: path, changed: true, message: `Removed the shellguard plugin for OpenCode: ${path}.`, notes: [] };
}

export const openCodeAgent = defineAgent({
  name: "opencode",
  title: "OpenCode",
  summary: "OpenCode plugin (tool.execute.before) for bash, read, write, edit",
  guards: { shell: [OPENCODE_SHELL_TOOL], read: OPENCODE_READ_TOOLS, write: OPENCODE_WRITE_TOOLS },
  flags: [],
  sample: (command, cwd) => ({ hook_event_name: "tool.execute.before", tool: OPENCODE_SHELL_TOOL, args: { command }, cwd }),
  adapter: () => openCode,
  settings: {
    file: ".opencode/plugins/shellguard.js",
    path: pluginPath,
    install,
    uninstall,
  },
});
