/**
 * The CLI side of the shell hook, for src/cli/main.ts's DELEGATED table (each parses its own
 * arguments and loads nothing else):
 *
 *   shellguard hook <bash|zsh|fish>   print the integration to eval / source
 *   shellguard off | on               explain that these belong to the hook (the hook defines a
 *                                     `shellguard` shell function that handles them in-session)
 */

import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { defaultWorker, HOOK_SHELLS, hookScript, type HookShell } from "./hook.js";
import { HOOK_CACHE_FILE, installationStamps, RC_LINES, wrapCached, writeCached } from "./cache.js";
import type { Env } from "../config/env.js";

export interface HookIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Env;
  cwd: string;
}

const EXIT_USAGE = 3;

const HOOK_HELP = `Usage: shellguard hook <bash|zsh|fish> [--cached]

Prints the shell integration: every command line you submit is checked before it runs.
With --cached it is also written to $XDG_CACHE_HOME/shellguard/hook.<shell>, which the rc line
sources, so a new shell starts no Node.js (the cached copy regenerates itself when shellguard
changes):
  bash  ~/.bashrc                   ${RC_LINES.bash}
  zsh   ~/.zshrc                    ${RC_LINES.zsh}
  fish  ~/.config/fish/config.fish  ${RC_LINES.fish}
Without the cache: eval "$(shellguard hook bash)", eval "$(shellguard hook zsh)", shellguard hook fish | source.
In the shell: "shellguard off" / "shellguard on" for the session, or SHELLGUARD=off.
See docs/shell.md.
`;

/**
 * How the hook runs shellguard: this Node.js and this package's bin/shellguard.cjs (absolute, so
 * neither PATH nor the `#!/usr/bin/env node` line matter at run time).
 */
export function shellguardCommand(): string[] {
  const bin = fileURLToPath(new URL("../../bin/shellguard.cjs", import.meta.url));
  if (existsSync(bin)) return [process.execPath, realpathSync(bin)];
  const self = process.argv[1];
  if (self && existsSync(self)) return [process.execPath, realpathSync(self)];
  return ["shellguard"];
}

/** shell.mode and shell.onError of the config here, as the hook's starting values. */
async function shellSettings(io: HookIo): Promise<{ mode?: string; onError?: "allow" | "deny" }> {
  try {
    const { loadConfig } = await import("../config/index.js");
    const config = loadConfig({ cwd: io.cwd, env: io.env });
    return { mode: config.shell.mode, onError: config.shell.onError };
  } catch {
    // A broken config is reported by the first check; the hook starts with the defaults.
    return {};
  }
}

/** `shellguard hook <shell>`: returns the exit code. */
export async function runHookCommand(args: readonly string[], io: HookIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(HOOK_HELP);
    return 0;
  }
  const cached = args.includes("--cached");
  const rest = args.filter((a) => a !== "--cached");
  const shell = rest[0];
  if (rest.length !== 1 || shell === undefined || !(HOOK_SHELLS as readonly string[]).includes(shell)) {
    io.stderr.write(`shellguard: hook takes one shell: bash, zsh or fish (got ${args.length ? args.map((a) => JSON.stringify(a)).join(" ") : "nothing"}).\nRun "shellguard hook --help" for usage.\n`);
    return EXIT_USAGE;
  }
  const settings = await shellSettings(io);
  const bin = shellguardCommand();
  const worker = defaultWorker();
  const script = hookScript(shell as HookShell, { bin, worker, ...settings });
  if (cached) {
    const { userCacheDir } = await import("../config/paths.js");
    const file = join(userCacheDir(io.env), HOOK_CACHE_FILE[shell as HookShell]);
    const stamps = installationStamps(worker);
    const guard = { file, executables: [process.execPath], stamps, bin };
    if (!writeCached(file, wrapCached(shell as HookShell, script, guard), stamps)) {
      io.stderr.write(`shellguard: could not write ${file}; the hook is loaded but not cached\n`);
    }
  }
  io.stdout.write(script);
  return 0;
}

/** `shellguard off` / `shellguard on` run as a program: the hook is not loaded in this shell. */
export function runOnOffCommand(which: "on" | "off", args: readonly string[], io: HookIo): number {
  const off = /^(off|0|false|no)$/i.test(io.env.SHELLGUARD ?? "");
  io.stderr.write(
    [
      `shellguard: "shellguard ${which}" switches the shell hook ${which} for the current shell session, but no shellguard hook is loaded in this shell${off ? " (SHELLGUARD=off is set here)" : ""}.`,
      `  Load it: eval "$(shellguard hook bash)" in ~/.bashrc, eval "$(shellguard hook zsh)" in ~/.zshrc, or shellguard hook fish | source in config.fish.`,
      `  Without the hook, SHELLGUARD=off in the environment turns it off. See docs/shell.md.`,
      "",
    ].join("\n"),
  );
  return args.length > 0 ? EXIT_USAGE : 1;
}
