/** Helpers for the lint tests: build dist once, spawn test/lint/run-lint.mjs in a sandboxed environment. */

import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig } from "../../src/config/types.js";
import { DEFAULTS } from "../../src/config/index.js";
import type { LintSettings } from "../../src/lint/lint-file.js";
import { sandbox as makeSandbox, type Sandbox } from "../sandbox.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const RUN_LINT = join(ROOT, "test", "lint", "run-lint.mjs");
export const FIXTURE = join(ROOT, "test", "lint", "fixtures", "repo");

export type { Sandbox } from "../sandbox.js";

/** A temp directory with its own HOME and XDG_CONFIG_HOME (~/.config), so no real user config is read. */
export const sandbox = (): Sandbox => makeSandbox("lint", true);

/**
 * stderr without the analysis' one-line notice that the native addon is not built (then the
 * reference parser, which gives the same results, is used; seen while the addon is rebuilt).
 */
export function quiet(stderr: string): string {
  return stderr.replace(/^shellguard: native addon unavailable.*\n/gm, "");
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runLint(sb: Sandbox, args: string[], opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): RunResult {
  const r = spawnSync(process.execPath, [RUN_LINT, ...args], {
    cwd: opts.cwd ?? FIXTURE,
    env: { ...sb.env, ...opts.env },
    input: opts.input ?? "",
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: quiet(r.stderr) };
}

/** The same, asynchronously (for runs that take a while). */
export function runLintAsync(sb: Sandbox, args: string[], opts: { cwd?: string } = {}): Promise<RunResult> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [RUN_LINT, ...args], { cwd: opts.cwd ?? FIXTURE, env: sb.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("close", (code) => res({ code: code ?? -1, stdout, stderr: quiet(stderr) }));
  });
}

export function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

/** Lint settings over the built-in defaults, with overrides. */
export function settings(overrides: Partial<ResolvedConfig> = {}): LintSettings {
  const config: ResolvedConfig = { ...structuredClone(DEFAULTS as ResolvedConfig), ...overrides };
  return {
    config,
    analysis: {
      guard: true,
      cwd: "/work/project",
      home: "/home/user",
      workingDirectories: [],
      sensitiveFiles: config.sensitiveFiles,
      sensitiveDirectories: config.sensitiveDirectories,
      gitPack: config.gitPack,
    },
  };
}
