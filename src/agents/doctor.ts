/**
 * `shellguard doctor`: is the guard actually active? For bash, zsh, fish and every agent in the
 * catalog: installed (the rc line, the settings entry or plugin), where, and active — the
 * configured command starts from the PATH this process has (the one the agent inherits) and
 * answers a canary (`rm -rf ~`, never run) with a veto. Plus the config files in force (validity,
 * trust, warnings), the parser in use and the Node.js version. Each problem comes with its fix.
 */

import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AGENT_CATALOG } from "./registry.js";
import type { AgentDefinition } from "./agent.js";
import { onPath, type Scope } from "./settings.js";
import type { Env } from "../config/env.js";
import type { LogSettings } from "../config/types.js";
import { homeDir } from "../facts/home.js";

export type Status = "ok" | "off" | "warn" | "broken";

export interface DoctorCheck {
  area: "shell" | "agent" | "config" | "parser" | "node";
  name: string;
  status: Status;
  /** Where it is (a file), when it is somewhere. */
  where?: string;
  detail: string;
  /** What to do about a warn or broken status. */
  fix?: string;
}

export interface DoctorReport {
  ok: boolean;
  checks: DoctorCheck[];
}

export interface DoctorOptions {
  cwd: string;
  env: Env;
  /** How long a canary may take. */
  timeoutMs?: number;
}

/** The canary: a command every mode vetoes or asks about; it is only ever a string in a payload. */
export const CANARY = "rm -rf ~";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `command` through the shell, as agents run hooks: `payload` on stdin. */
function runShell(command: string, payload: string, cwd: string, env: Env, timeoutMs: number): Promise<Run> {
  return new Promise((done) => {
    const child = spawn("/bin/sh", ["-c", command], { cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e) => {
      clearTimeout(timer);
      done({ code: null, stdout: "", stderr: e.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(payload);
  });
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

const SHELLS = [
  { name: "bash", files: (h: string) => [join(h, ".bashrc"), join(h, ".bash_profile"), join(h, ".profile")] },
  { name: "zsh", files: (h: string, env: Env) => [join(env.ZDOTDIR && isAbsolute(env.ZDOTDIR) ? env.ZDOTDIR : h, ".zshrc")] },
  { name: "fish", files: (h: string, env: Env) => [join(env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(h, ".config"), "fish", "config.fish")] },
] as const;

/** The rc file that loads the shell hook (an uncommented `shellguard hook <shell>` line), if any. */
function rcWithHook(shell: string, files: readonly string[]): string | null {
  const line = new RegExp(String.raw`^[^#\n]*\bshellguard(?:\.cjs|\.js)?["']?\s+hook\s+${shell}\b`, "m");
  for (const file of files) {
    try {
      if (line.test(readFileSync(file, "utf8"))) return file;
    } catch {
      // no such file
    }
  }
  return null;
}

async function shellChecks(opts: Required<DoctorOptions>): Promise<DoctorCheck[]> {
  const h = homeDir(opts.env);
  const checks: DoctorCheck[] = [];
  for (const shell of SHELLS) {
    const files = shell.files(h, opts.env);
    const rc = rcWithHook(shell.name, files);
    if (rc === null) {
      checks.push({ area: "shell", name: shell.name, status: "off", detail: `not installed (no "shellguard hook ${shell.name}" line in ${files.join(", ")})` });
      continue;
    }
    const script = await runShell(`shellguard hook ${shell.name}`, "", opts.cwd, opts.env, opts.timeoutMs);
    if (script.code === 0 && script.stdout.trim() !== "") {
      checks.push({ area: "shell", name: shell.name, status: "ok", where: rc, detail: "active: the rc line loads the hook and shellguard answers" });
    } else {
      checks.push({
        area: "shell",
        name: shell.name,
        status: "broken",
        where: rc,
        detail: `installed but not active: "shellguard hook ${shell.name}" failed (${script.code === 127 ? "shellguard is not on PATH" : firstLine(script.stderr) || `exit ${script.code}`})`,
        fix: "install shellguard on the PATH your shell starts with (npm install -g shellguard), then open a new shell",
      });
    }
  }
  return checks;
}

/** The configured hook command in an agent's file: the string that runs `shellguard agent-hook <name>`. */
export function configuredCommand(text: string, agent: string): string | null {
  const literal = new RegExp(String.raw`"((?:[^"\\\n]|\\.)*\bagent-hook\s+${agent}(?:[^"\\\n]|\\.)*)"`);
  const m = literal.exec(text);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return null;
  }
}

/** A veto in the agent's answer: some field says deny or ask (the canary is never allowed). */
function vetoes(stdout: string): boolean {
  try {
    return /"(?:deny|ask)"/.test(JSON.stringify(JSON.parse(stdout)));
  } catch {
    return false;
  }
}

async function agentCheck(agent: AgentDefinition, scope: Scope, opts: Required<DoctorOptions>): Promise<DoctorCheck> {
  const name = `${agent.name} (${scope})`;
  let path: string;
  try {
    path = agent.settings.path(scope, opts.cwd, opts.env);
  } catch {
    return { area: "agent", name, status: "off", detail: `no ${scope} hooks for ${agent.title}` };
  }
  if (!existsSync(path)) return { area: "agent", name, status: "off", detail: `not installed (no ${path})` };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return { area: "agent", name, status: "broken", where: path, detail: `cannot be read (${(error as Error).message})`, fix: "fix the file's permissions" };
  }
  const command = configuredCommand(text, agent.name);
  if (command === null) return { area: "agent", name, status: "off", where: path, detail: "not installed (no shellguard entry)" };
  if (path.endsWith(".json")) {
    try {
      JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch (error) {
      return { area: "agent", name, status: "broken", where: path, detail: `not valid JSON (${(error as Error).message}): ${agent.title} cannot read the hook`, fix: `fix the JSON in ${path}` };
    }
  }
  const payload = JSON.stringify(agent.sample(CANARY, opts.cwd));
  const run = await runShell(command, payload, opts.cwd, opts.env, opts.timeoutMs);
  const fix = `install shellguard on ${agent.title}'s PATH (npm install -g shellguard), or run "shellguard agent-hook install ${agent.name}${scope === "user" ? " --user" : ""}" again`;
  if (run.code === 127) return { area: "agent", name, status: "broken", where: path, detail: `installed but not active: "${command}" does not start (not on PATH)`, fix };
  if (run.code !== 0) return { area: "agent", name, status: "broken", where: path, detail: `installed but not active: "${command}" exited ${run.code ?? "on a signal"}: ${firstLine(run.stderr)}`, fix };
  if (!vetoes(run.stdout)) {
    return { area: "agent", name, status: "broken", where: path, detail: `installed but the canary "${CANARY}" was not vetoed (answer: ${firstLine(run.stdout) || "nothing"})`, fix: "check the config (shellguard explain \"rm -rf ~\") and the hook command's flags" };
  }
  return { area: "agent", name, status: "ok", where: path, detail: `active: "${command}" vetoes the canary "${CANARY}"` };
}

async function configChecks(opts: Required<DoctorOptions>): Promise<DoctorCheck[]> {
  const { loadConfig } = await import("../config/load.js");
  try {
    const config = loadConfig({ cwd: opts.cwd, env: opts.env });
    const checks: DoctorCheck[] = config.files.map((f) => ({
      area: "config" as const,
      name: f.kind,
      status: f.ignored ? ("warn" as const) : ("ok" as const),
      where: f.path,
      detail: f.ignored ? "ignored: does not load (see the warning)" : f.trusted ? "in force, trusted" : "in force, untrusted (it may only tighten)",
      ...(f.ignored ? { fix: "fix the file" } : {}),
    }));
    if (config.files.length === 0) checks.push({ area: "config", name: "files", status: "ok", detail: "none: the built-in defaults" });
    checks.push({ area: "config", name: "mode", status: "ok", detail: `${config.mode} (shell hook: ${config.shell.mode})` });
    checks.push(logCheck(config.log));
    for (const w of config.warnings) checks.push({ area: "config", name: "warning", status: "warn", detail: w, fix: "see docs/config.md; shellguard trust <file> trusts a project config" });
    return checks;
  } catch (error) {
    const e = error as Error & { file?: string };
    return [{ area: "config", name: "error", status: "broken", ...(e.file ? { where: e.file } : {}), detail: e.message.split("\n")[0] ?? String(e), fix: "fix the config file; every hook denies (fails closed) until it loads" }];
  }
}

/** The audit log: off, or where it goes and whether this user can write there (the file, or the nearest directory that exists, since the rest is made on the first write). */
function logCheck(log: LogSettings | null): DoctorCheck {
  if (log === null) return { area: "config", name: "log", status: "ok", detail: "off (log: in the user config turns the audit log on, docs/audit.md)" };
  let target = log.file;
  while (!existsSync(target) && dirname(target) !== target) target = dirname(target);
  try {
    accessSync(target, constants.W_OK);
    // A file where a directory must be made (`notes.txt/decisions.jsonl`) cannot hold the log.
    if (target !== log.file && !statSync(target).isDirectory()) throw new Error("not a directory");
    return { area: "config", name: "log", status: "ok", where: log.file, detail: `on: ${log.level === "all" ? "every decision" : "asks and denies"}` };
  } catch {
    return { area: "config", name: "log", status: "warn", where: log.file, detail: `on, but ${target} cannot hold it: decisions are made, not logged`, fix: "point log.file in the user config at a writable place" };
  }
}

async function parserCheck(): Promise<DoctorCheck> {
  const facts = await import("../facts/index.js");
  if (facts.nativeAvailable()) {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
    const local = existsSync(join(root, "build", "Release", "shellguard.node"));
    return { area: "parser", name: "parser", status: "ok", detail: local ? "native addon (local build)" : "native addon (prebuild)" };
  }
  try {
    await facts.ready();
    return { area: "parser", name: "parser", status: "warn", detail: `WebAssembly fallback (native addon: ${facts.nativeUnavailableReason()})`, fix: "reinstall shellguard on a supported platform for the faster native parser" };
  } catch (error) {
    return { area: "parser", name: "parser", status: "broken", detail: (error as Error).message, fix: "reinstall shellguard" };
  }
}

/** Every check; `ok` is false when any is broken. */
export async function diagnose(options: DoctorOptions): Promise<DoctorReport> {
  const opts: Required<DoctorOptions> = { timeoutMs: 20_000, ...options, cwd: resolve(options.cwd) };
  const agents = await Promise.all(AGENT_CATALOG.flatMap((a) => (["project", "user"] as const).map((scope) => agentCheck(a as AgentDefinition, scope, opts))));
  const checks: DoctorCheck[] = [
    ...(await shellChecks(opts)),
    ...agents,
    ...(await configChecks(opts)),
    await parserCheck(),
    {
      area: "node",
      name: "node",
      status: "ok",
      detail: `Node.js ${process.version}; shellguard ${onPath("shellguard", opts.env) ? "is" : "is not"} on PATH`,
    },
  ];
  return { ok: checks.every((c) => c.status !== "broken"), checks };
}
