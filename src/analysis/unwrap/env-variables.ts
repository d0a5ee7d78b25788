/**
 * Environment variables a program reads as code, set on the line (`VAR=… cmd`, `export VAR=…`,
 * `env VAR=… cmd`). Each kind is read as what it becomes:
 * - a shell command the program runs (`GIT_SSH_COMMAND`, `EDITOR`, `PAGER`, `LESSOPEN`, ...);
 * - options for a tool that can run commands (`TAR_OPTIONS`, `LESS`, `PERL5OPT`, `RUBYOPT`, git's
 *   `GIT_CONFIG_PARAMETERS` and `GIT_CONFIG_KEY_n`/`VALUE_n`): read as that tool's command line;
 * - a file name the shell expands before it reads the file (`BASH_ENV`, `ENV`: `$(cmd)` runs).
 * Setting BASH_ENV, ENV or LD_PRELOAD at all is side-effect/shell-hook (checks/side-effects.ts).
 */

import type { Word } from "../../facts/types.js";
import type { Nest, Origin, UnwrapResult } from "./types.js";
import { lessShellCommand } from "./option-commands.js";
import { shellQuote } from "./strings.js";

/** Variables whose value a later program runs as a shell command (git, rsync, ssh, pagers, editors). */
const COMMANDS: ReadonlySet<string> = new Set([
  "GIT_SSH_COMMAND", "GIT_SSH", "GIT_PROXY_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_EXTERNAL_DIFF",
  "RSYNC_RSH", "RSYNC_CONNECT_PROG", "EDITOR", "VISUAL", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "SYSTEMD_EDITOR", "SUDO_ASKPASS", "SUDO_EDITOR", "CVS_RSH", "BROWSER",
  "KUBE_EDITOR", "GH_PAGER", "GH_EDITOR", "GH_BROWSER", "FCEDIT", "SVN_EDITOR", "HGEDITOR", "CVSEDITOR", "LESSCLOSE", "LESSOPEN",
  "PSQL_PAGER", "PSQL_EDITOR", "BAT_PAGER", "DELTA_PAGER", "AWS_PAGER", "KUBECTL_EXTERNAL_DIFF", "RUSTC_WRAPPER", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL",
  "npm_config_editor", "NPM_CONFIG_EDITOR", "npm_config_browser", "NPM_CONFIG_BROWSER",
]);

/** Variables holding a tool's options: the value is read as that tool's arguments. */
const OPTIONS: Readonly<Record<string, string>> = { TAR_OPTIONS: "tar", PERL5OPT: "perl", ZIPOPT: "zip", ZIP: "zip", MANOPT: "man", NODE_OPTIONS: "node", RUBYOPT: "ruby" };

/**
 * Variables the shell expands before it uses them (`$(cmd)` in them runs): a file it reads
 * (`BASH_ENV`, `ENV`), or a prompt (`PS4` under `bash -x`, `PS0`-`PS2` in an interactive shell).
 */
const EXPANDED_FILES: ReadonlySet<string> = new Set(["BASH_ENV", "ENV", "PS0", "PS1", "PS2", "PS4"]);

/** `BASH_FUNC_name%%=() { body }` (set through env): bash defines the function from it at start. */
const EXPORTED_FUNCTION = /^BASH_FUNC_.+(?:%%|\(\))$/;

/** Whether `name` is read by this module: one Set lookup, or a few prefix tests, per assignment. */
export function isCodeVariable(name: string): boolean {
  return COMMANDS.has(name) || OPTIONS[name] !== undefined || EXPANDED_FILES.has(name) || name === "LESS" || name === "VIMINIT" || name === "EXINIT" || name.startsWith("GIT_CONFIG_") || name.startsWith("BASH_FUNC_");
}

export interface Assigned {
  name: string;
  value: string;
  /** The whole value is only known at run time (`VAR="$X"`). */
  unknown: boolean;
  /** The word holding the value (for the range when the line itself is reported). */
  word: Word;
}


/**
 * What the assignments of one command make programs run. `rest`: the command they apply to, as
 * source text (`git y` for `GIT_CONFIG_PARAMETERS=… git y`), or null for `export`.
 */
export function codeVariables(assigned: readonly Assigned[], rest: string | null, origin: Origin, out: UnwrapResult, nest: Nest): void {
  const config: string[] = [];
  const keys = new Map<string, { key?: string; value?: string }>();
  for (const a of assigned) {
    const r = origin.range ?? [a.word.start, a.word.end];
    const { name, value } = a;
    if (COMMANDS.has(name)) {
      if (a.unknown) out.findings.push({ id: "shell/dynamic-script", message: `${name} is set to '${value}', only known at run time; the program it is handed to runs it unchecked.`, start: r[0], end: r[1] });
      // LESSOPEN='|cmd %s', '||cmd %s', '|-cmd %s': the command after the pipe marks.
      else if (value !== "") nest(name === "LESSOPEN" ? value.replace(/^\|\|?-?/, "") : value, r, null);
    } else if (name === "VIMINIT" || name === "EXINIT") {
      // Ex commands vim (or ex, vi) runs at start, as `-c` would: `VIMINIT=':!cmd' vim`.
      if (a.unknown) out.findings.push({ id: "shell/dynamic-script", message: `${name} is set to '${value}', only known at run time; vim runs it as Ex commands unchecked.`, start: r[0], end: r[1] });
      else if (value.trim() !== "") nest(`vim -c ${shellQuote(value)}`, r, null);
    } else if (name === "LESS") {
      // less's options: `+cmd` runs at start; a `$` ends an option's string.
      for (const m of value.matchAll(/(?:^|\s)\+\+?([^$]*)/g)) {
        const shell = lessShellCommand(m[1] as string);
        if (shell !== undefined) nest(shell, r, null);
      }
    } else if (OPTIONS[name] !== undefined) {
      // perl, node and ruby split their variable at blanks only; tar, zip and man read backslash
      // escapes as the shell does. `-e 1`: the options alone, no program.
      const words = name === "PERL5OPT" || name === "NODE_OPTIONS" || name === "RUBYOPT" ? `${value.trim().split(/\s+/).map(shellQuote).join(" ")} -e 1` : value;
      if (value.trim() !== "") nest(`${OPTIONS[name]} ${words}`, r, null);
    } else if (EXPANDED_FILES.has(name)) {
      if (/[$`]/.test(value)) nest(`: ${value}`, r, null);
    } else if (EXPORTED_FUNCTION.test(name)) {
      // The body runs whenever a bash started with it calls the function (it may shadow `ls`).
      if (a.unknown) out.findings.push({ id: "shell/dynamic-script", message: `${name} defines a function from '${value}', only known at run time; bash runs it unchecked.`, start: r[0], end: r[1] });
      else nest(value.replace(/^\s*\(\s*\)\s*/, ""), r, null);
    } else if (name === "GIT_CONFIG_PARAMETERS") {
      // `'key'='value' 'key2'='value2'`, each part quoted as the shell would.
      for (const m of value.matchAll(/'(?:[^'\\]|\\.)*'(?:='(?:[^'\\]|\\.)*')?/g)) config.push(m[0]);
    }
    else {
      const m = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/.exec(name);
      if (m === null) continue;
      const entry = keys.get(m[2] as string) ?? {};
      if (m[1] === "KEY") entry.key = value;
      else entry.value = value;
      keys.set(m[2] as string, entry);
    }
  }
  for (const { key, value } of keys.values()) if (key !== undefined) config.push(shellQuote(`${key}=${value ?? ""}`));
  if (config.length === 0) return;
  // git reads these as `git -c` settings: the command it runs, with them.
  const at = origin.range ?? [assigned[0]?.word.start ?? 0, assigned[assigned.length - 1]?.word.end ?? 0];
  const tail = rest !== null && /^\s*git\b/.test(rest) ? rest.replace(/^\s*git\b/, "") : " status";
  nest(`git ${config.map((c) => `-c ${c}`).join(" ")}${tail}`, at, null);
}
