/**
 * `shellguard hook <bash|zsh|fish>`: the integration a person evals in their shell's rc file.
 * The scripts live in src/shell/scripts/ (see build-scripts.mjs); this fills in how to run
 * shellguard (for the one-shot fallback and the `shellguard` function) and the worker.
 */

import { existsSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeMode } from "../engine/modes.js";
import type { HookShell } from "./protocol.js";
import { BASH_HOOK, FISH_CLIENT, FISH_HOOK, ZSH_HOOK } from "./scripts.generated.js";

export type { HookShell } from "./protocol.js";
export { HOOK_SHELLS } from "./protocol.js";

export interface HookOptions {
  /**
   * How to run shellguard: the argv prefix, e.g. `[process.execPath, "/abs/bin/shellguard.cjs"]`,
   * or a string of words split on whitespace (`"node /abs/bin/shellguard.cjs"`, `"shellguard"`).
   * Used for the one-shot `check` fallback and by the `shellguard` shell function.
   */
  bin: string | readonly string[];
  /**
   * How to run the worker (default: this Node.js and dist/shell/worker.js next to this module).
   * Started once per shell session, it reads the worker protocol on stdin.
   */
  worker?: string | readonly string[];
  /**
   * The config's shell.mode and shell.onError when the hook is generated. They are only the
   * starting values: every answer from the worker carries the current ones (the worker re-reads
   * the config when it changes). The mode is used by the one-shot fallback, onError when neither
   * the worker nor the fallback can answer. Defaults: guard, allow.
   */
  mode?: string;
  onError?: "allow" | "deny";
}

/**
 * The worker command for this installation: this Node.js running dist/shell/worker.js (found
 * from dist/shell/, or from dist/bundle/ when this code runs inside the CLI bundle).
 */
export function defaultWorker(): string[] {
  const here = fileURLToPath(new URL("./worker.js", import.meta.url));
  const shellDir = fileURLToPath(new URL("../shell/worker.js", import.meta.url));
  const worker = basename(dirname(here)) === "shell" || !existsSync(shellDir) ? here : shellDir;
  return [process.execPath, worker];
}

function words(v: string | readonly string[]): string[] {
  const list = typeof v === "string" ? v.trim().split(/\s+/) : [...v];
  if (list.length === 0 || list.some((w) => w === "")) throw new Error("shellguard hook: an empty command");
  return list;
}

/** POSIX single quotes (bash, zsh). */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** fish single quotes: only \ and ' are special. */
export function fishQuote(s: string): string {
  return `'${s.replace(/[\\']/g, (c) => "\\" + c)}'`;
}

function checkedMode(mode: string | undefined): string {
  return normalizeMode(mode ?? "guard");
}

const TEMPLATES: Record<HookShell, string> = { bash: BASH_HOOK, zsh: ZSH_HOOK, fish: FISH_HOOK };

/** The hook script for a shell, ready to eval (`eval "$(shellguard hook bash)"`). */
export function hookScript(shell: HookShell, opts: HookOptions): string {
  const template = TEMPLATES[shell];
  if (template === undefined) throw new Error(`shellguard hook: unknown shell "${String(shell)}" (bash, zsh or fish)`);
  const quote = shell === "fish" ? fishQuote : shQuote;
  const list = (v: string[]) => v.map(quote).join(" ");
  const values: Record<string, string> = {
    "@BIN@": list(words(opts.bin)),
    "@WORKER@": list(words(opts.worker ?? defaultWorker())),
    "@MODE@": quote(checkedMode(opts.mode)),
    "@ON_ERROR@": quote(opts.onError === "deny" ? "deny" : "allow"),
    "@CLIENT@": quote(FISH_CLIENT),
  };
  return template.replace(/@(BIN|WORKER|MODE|ON_ERROR|CLIENT)@/g, (m) => values[m]!);
}
