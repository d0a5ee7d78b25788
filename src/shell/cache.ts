/**
 * The cached hook script: `shellguard hook <shell> --cached` writes the hook into the cache
 * directory (`$XDG_CACHE_HOME/shellguard/hook.<shell>`), so that the rc line sources a file and
 * starts no Node.js at shell start:
 *
 *   . "${XDG_CACHE_HOME:-$HOME/.cache}/shellguard/hook.bash" 2>/dev/null || eval "$(shellguard hook bash --cached)"
 *
 * The cached copy checks, with shell builtins only (`-x`, `-e`, `-nt`), that the Node.js and the
 * installation it names are still there and not newer than itself; otherwise it runs shellguard
 * once to regenerate itself and loads the fresh hook. npm gives installed files a fixed mtime, so
 * the package's directory (new at each install) is among the stamps, next to its files
 * (rewritten by each build).
 */

import { existsSync, mkdirSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HookShell } from "./protocol.js";
import { fishQuote, shQuote } from "./hook.js";

export const HOOK_CACHE_FILE: Record<HookShell, string> = { bash: "hook.bash", zsh: "hook.zsh", fish: "hook.fish" };

/** The rc line of each shell that loads the cached hook (and makes it the first time). */
export const RC_LINES: Record<HookShell, string> = {
  bash: `. "\${XDG_CACHE_HOME:-$HOME/.cache}/shellguard/hook.bash" 2>/dev/null || eval "$(shellguard hook bash --cached)"`,
  zsh: `. "\${XDG_CACHE_HOME:-$HOME/.cache}/shellguard/hook.zsh" 2>/dev/null || eval "$(shellguard hook zsh --cached)"`,
  fish: `source (string replace -r '^$' ~/.cache -- "$XDG_CACHE_HOME")/shellguard/hook.fish 2>/dev/null; or shellguard hook fish --cached | source`,
};

/**
 * Paths whose change means the cached hook is stale: this module and the worker (rewritten by a
 * build), and the package's directory (made anew by each npm install). Not dist/bundle/, where
 * the CLI writes its code cache at run time.
 */
export function installationStamps(worker: readonly string[]): string[] {
  const self = fileURLToPath(import.meta.url);
  const script = worker.find((w) => /\.(c|m)?js$/.test(w));
  const root = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
  const stamps = [self, ...(script ? [script] : []), ...(existsSync(join(root, "package.json")) ? [root] : [])];
  return [...new Set(stamps)].filter((p) => existsSync(p));
}

export interface CacheGuard {
  /** Absolute path of the cached file. */
  file: string;
  /** Executables that must still exist (the Node.js the hook runs). */
  executables: readonly string[];
  /** Paths that must exist and not be newer than the cached file. */
  stamps: readonly string[];
  /** argv of the shellguard that regenerates it (tried first; then `shellguard` from PATH). */
  bin: readonly string[];
}

/** The cached copy: the hook behind a freshness test, regenerating itself when stale. */
export function wrapCached(shell: HookShell, script: string, g: CacheGuard): string {
  const header = `# shellguard hook for ${shell}, cached by "shellguard hook ${shell} --cached" (regenerated when shellguard changes).\n`;
  if (shell === "fish") {
    const q = fishQuote;
    const tests = [...g.executables.map((e) => `test -x ${q(e)}`), ...g.stamps.map((s) => `test -e ${q(s)}; and not test ${q(s)} -nt ${q(g.file)}`)];
    const regen = `begin; command ${g.bin.map(q).join(" ")} hook fish --cached 2>/dev/null; or command shellguard hook fish --cached; end | source`;
    return `${header}if ${tests.join("; and ")}\n${script}\nelse\n    ${regen}\nend\ntrue\n`;
  }
  const q = shQuote;
  const tests = [...g.executables.map((e) => `-x ${q(e)}`), ...g.stamps.map((s) => `-e ${q(s)} && ! ${q(s)} -nt ${q(g.file)}`)];
  const regen = `eval "$(command ${g.bin.map(q).join(" ")} hook ${shell} --cached 2>/dev/null || command shellguard hook ${shell} --cached)"`;
  return `${header}if [[ ${tests.join(" && ")} ]]; then\n${script}\nelse\n  ${regen}\nfi\ntrue\n`;
}

/**
 * Write the cached copy atomically (a half-written file is never sourced). Its mtime is at least
 * every stamp's, so a stamp dated in the future does not make every shell start regenerate it.
 * Returns false when the cache cannot be written (the printed hook still works).
 */
export function writeCached(file: string, text: string, stamps: readonly string[]): boolean {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
    writeFileSync(tmp, text, { mode: 0o600 });
    const newest = Math.max(Date.now(), ...stamps.map((s) => statSync(s).mtimeMs));
    if (newest > Date.now()) utimesSync(tmp, new Date(), new Date(newest + 1000));
    renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}
