/**
 * Files a program reads commands from, named on the line: a start-up or configuration file that
 * can run commands (`ssh -F`, `bash --rcfile`, `vim -u`, `tmux -f`, `npm --userconfig`,
 * `APT_CONFIG`, `GIT_CONFIG_GLOBAL`, `mutt -F`, `PHPRC`), a job or script (`crontab FILE`, `at -f`,
 * `expect -f`, `ansible-playbook`, `cmake -P`, `just -f`, `nvim -l`), keys to type (`vim -s`), a
 * debugger's commands (`gdb -x`, `lldb -s`, or its stdin when fed: `… | gdb`), or code a runtime
 * loads first (`node -r`, `ruby -r`, `perl -MFoo`, `emacs -l`, `gawk -i`).
 * A file on disk is the user's own, as the script of `bash x.sh` is. Judged here is a file whose
 * text the line itself makes:
 * - a stream made at run time (`<(curl …)`, `/dev/fd/5`): unseen, shell/dynamic-script;
 * - the command's stdin (`/dev/stdin`): a pipe's unseen text is shell/pipe-to-shell; text written
 *   on the line (a heredoc, `echo … |`) is read as what it is where shellguard reads that
 *   language (shell, crontab lines, tmux commands, ssh's command options, the interpreters'
 *   languages), and is shell/opaque-code where it does not;
 * - a file written earlier on the line: its text read the same way (unseen text:
 *   shell/dynamic-script); one downloaded earlier: shell/pipe-to-shell.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, letters, parseFlags, values, type FlagSpec } from "../flags.js";
import { interpreterOptions } from "./interpreter-options.js";
import { LLDB_FLAGS, SHELL_FLAGS, SSH_FLAGS } from "./shell-flags.js";
import { GDB_FLAGS } from "./debugger-wrappers.js";
import { vimExMode } from "./ex-commands.js";
import { SSH_COMMAND_OPTION } from "./command-strings.js";
import { cronCommand } from "./deferred.js";
import { fedText } from "./printed.js";
import { stdinFed } from "./stdin-feeds.js";
import { isStdinPath, madeAtRunTime, runString, shellQuote, wordFrom } from "./strings.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { runWritten, writtenBefore } from "./written.js";

/** How the text of such a file is read when the line shows it. */
type Language =
  | "shell"
  | "cron"
  | "ssh"
  /** Each line is one of the tool's own commands, read as `run LINE` (quoted as one word unless `raw`). */
  | { each: string; raw?: true }
  /** The whole text is a program, read as `run` fed it on stdin (`node /dev/stdin`). */
  | { program: string }
  /** Not read: known text is shell/opaque-code. */
  | null;

interface FileEntry {
  /** What the file holds, for messages: "its configuration (ProxyCommand runs a command)". */
  what: string;
  language: Language;
  /** Parses the options; `options` are the canonical names whose values are such files. */
  spec?: FlagSpec;
  options?: readonly string[];
  /** Without a spec: the option spellings whose value is such a file (`--userconfig`, `--userconfig=F`). */
  scan?: readonly string[];
  /** Operands that are such files: the first one, or every one. */
  operands?: "first" | "all";
  /** Variables naming such a file (`APT_CONFIG=F apt-get …`). */
  env?: readonly string[];
  /** Its own unwrapper reads a stdin path (a heredoc or a pipe fed to `vim -S /dev/stdin`): left to it. */
  ownsStdin?: true;
  /** Reads stdin when given no operand, unless one of these flags says it does something else (`crontab <<< '…'`, not `crontab -l`). */
  bareStdin?: readonly string[];
  /** What its own unwrapper does with a pipe: `crontab /dev/stdin` piped is deferred.ts'. */
  ownsPipe?: true;
  /** `-` names stdin as an option's value too (`nvim -l -`). */
  dash?: true;
  /** Read only when this holds (`vim -s` names keys outside Ex mode; in it, -s is silent). */
  when?: (view: CommandView) => boolean;
  /** It reads such commands from stdin itself when fed one (`… | gdb`, `gdb < cmds`). */
  readsStdin?: (view: CommandView) => boolean;
  /** The option values are perl module names (`-MFoo::Bar=x`): Foo/Bar.pm under the -I directories or here. */
  modules?: true;
}

const SSH_CONFIG = "its configuration, where ProxyCommand, LocalCommand and Match exec run commands";
const SCP: FlagSpec = { short: letters("346ABCOpqRrTv"), shortValue: letters("cDFiJlosPSX"), stopAtOperand: true };
const SFTP: FlagSpec = { short: letters("46AaCfNpqRrv"), shortValue: letters("BbcDFiJlopPRSsX"), stopAtOperand: true };
/** crontab (cronie, vixie, busybox): -u USER, -c DIR and -n HOST take a value. */
const CRONTAB: FlagSpec = { short: letters("eilrsTV"), shortValue: letters("ucn"), stopAtOperand: true };
const TMUX: FlagSpec = { short: letters("2CDhlNuvV"), shortValue: letters("cfLST"), stopAtOperand: true };
const ssh = (spec: FlagSpec): FileEntry => ({ what: SSH_CONFIG, language: "ssh", spec, options: ["F"] });
const vim: FileEntry = { what: "Ex commands (a vimrc or session), which can run shell commands", language: { each: "vim -c" }, scan: ["-u", "-S"], ownsStdin: true };
/** Keys typed as if at the keyboard: `:!cmd` in them runs, but keys are not Ex lines, so not read. */
const vimKeys: FileEntry = { what: "keys to type, which reach its command line (:!cmd)", language: null, scan: ["-s"], ownsStdin: true, when: (v) => !vimExMode(v.name, v.args) };
const vims: readonly FileEntry[] = [vim, vimKeys];
const nvimLua: FileEntry = { what: "a Lua script, which can run commands (os.execute, vim.fn.system)", language: null, scan: ["-l"], dash: true };
const mutt: FileEntry = { what: "a muttrc, whose backticks and `source cmd|` run commands", language: null, scan: ["-F"] };
const gdbStdin = (v: CommandView): boolean => {
  // In batch mode gdb quits after -x and -ex (stdin is the program's); `-x /dev/stdin` is gdbUnwrapper's.
  const p = parseFlags(v.args, GDB_FLAGS, 1);
  return !has(p, "batch") && !values(p, "command").some(isStdinPath);
};
const npmrc: FileEntry = { what: "its configuration, which names the shell, editor and git it runs", language: null, scan: ["--userconfig", "--globalconfig"], env: ["NPM_CONFIG_USERCONFIG", "npm_config_userconfig", "NPM_CONFIG_GLOBALCONFIG", "npm_config_globalconfig"] };
const apt: FileEntry = { what: "its configuration, whose hooks (APT::Update::Pre-Invoke, DPkg::Post-Invoke) run commands", language: null, scan: ["-c", "--config-file"], env: ["APT_CONFIG"] };
const loads = (runner: string, options: readonly string[]): FileEntry => ({ what: "code it loads before the program", language: { program: `${runner} /dev/stdin` }, spec: interpreterOptions(runner) ?? undefined, options });
const awk = (name: string): FileEntry => ({ what: "awk source it includes", language: { program: `${name} -f /dev/stdin` }, scan: ["-i", "--include"] });

/** The table: command name → where it is told such a file. */
const FILES: Readonly<Record<string, FileEntry | readonly FileEntry[]>> = {
  ssh: ssh(SSH_FLAGS), slogin: ssh(SSH_FLAGS), scp: ssh(SCP), sftp: ssh(SFTP),
  bash: { what: "its start-up file (shell commands)", language: "shell", spec: SHELL_FLAGS, options: ["rcfile"] },
  vim: vims, vi: vims, nvim: [...vims, nvimLua], view: vims, vimdiff: vims, gvim: vims, ex: vims, rvim: vims, evim: vims,
  gdb: { what: "gdb commands, which run shell commands (shell, !)", language: { each: "gdb -batch -ex" }, scan: ["-x", "--command", "-command", "-ix", "--init-command", "-init-command"], ownsStdin: true, readsStdin: gdbStdin },
  lldb: { what: "lldb commands, which run shell commands (platform shell) and Python (script)", language: { each: "lldb --batch -o" }, spec: LLDB_FLAGS, options: ["source"], readsStdin: (v) => !has(parseFlags(v.args, LLDB_FLAGS, 1), "batch") },
  tmux: { what: "tmux commands, which run shell commands (run-shell, if-shell)", language: { each: "tmux", raw: true }, spec: TMUX, options: ["f"] },
  screen: { what: "screen commands, which run programs (screen, exec)", language: null, scan: ["-c"], env: ["SCREENRC"] },
  sqlite3: { what: "dot-commands, which run shell commands (.shell, .system)", language: { each: "sqlite3 :memory:" }, scan: ["-init", "--init"], ownsStdin: true },
  psql: { what: "psql commands, which run shell commands (\\!)", language: { each: "psql -c" }, scan: ["-f", "--file"], env: ["PSQLRC"], ownsStdin: true },
  lftp: { what: "lftp commands, which run shell commands (!)", language: { each: "lftp -c" }, scan: ["-f"], ownsStdin: true },
  // Vixie's (Debian's) and busybox's crontab read the job list from stdin when given no file.
  crontab: { what: "jobs to run later", language: "cron", spec: CRONTAB, options: [], operands: "first", ownsPipe: true, bareStdin: ["e", "i", "l", "r", "T", "V"] },
  at: { what: "a job (shell commands) to run later", language: "shell", scan: ["-f"] },
  batch: { what: "a job (shell commands) to run later", language: "shell", scan: ["-f"] },
  expect: { what: "a Tcl script, whose spawned commands run", language: null, scan: ["-f"], operands: "first" },
  "ansible-playbook": { what: "a playbook, whose tasks run commands", language: null, operands: "all" },
  node: loads("node", ["require", "import", "loader"]),
  ruby: loads("ruby", ["require"]),
  perl: { ...loads("perl", ["use"]), modules: true },
  emacs: { what: "Emacs Lisp it loads", language: null, scan: ["-l", "--load", "-load", "--script", "-script"] },
  gawk: awk("gawk"), awk: awk("awk"),
  php: { what: "a php.ini, whose auto_prepend_file runs code", language: null, scan: ["-c", "--php-ini"], env: ["PHPRC", "PHP_INI_SCAN_DIR"] },
  mutt, neomutt: mutt,
  cmake: { what: "a CMake script, whose execute_process runs commands", language: null, scan: ["-P", "-C"] },
  just: { what: "a justfile, whose recipes are shell commands", language: null, scan: ["-f", "--justfile"], env: ["JUST_JUSTFILE"], dash: true },
  npm: npmrc, pnpm: npmrc,
  apt, "apt-get": apt, "apt-cache": apt, "apt-mark": apt, aptitude: apt,
  git: { what: "its configuration, which names programs it runs (core.pager, core.sshCommand, aliases)", language: null, env: ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"] },
};

export const scriptFileUnwrapper: Unwrapper = {
  name: "script-file",
  commands: Object.keys(FILES),
  also: (v, e) => {
    for (const entry of entriesOf(v.name)) {
      if (entry.when !== undefined && !entry.when(v)) continue;
      for (const w of fileWords(v, entry)) judge(v, e, entry, w);
      if (entry.readsStdin !== undefined && (v.redirects.length > 0 || stdinFed(v)) && entry.readsStdin(v)) stdinFile(v, e, entry);
    }
  },
};

function entriesOf(name: string): readonly FileEntry[] {
  const e = FILES[name];
  return e === undefined ? [] : "what" in e ? [e] : e;
}

/** `command` reads `w` as such a file (sqlite3's `.read FILE`): judged as its option's value would be. */
export function readsFile(view: CommandView, env: Env, command: string, w: Word): void {
  const entry = entriesOf(command)[0];
  if (entry !== undefined) judge(view, env, entry, w);
}

/** Writers whose output is text decoded from their input: a file they write hides what it holds. */
const DECODERS: ReadonlySet<string> = new Set(["base64", "base32", "basenc", "xxd", "uudecode", "openssl", "gpg", "gunzip", "zcat", "gzip", "bzcat", "bzip2", "xzcat", "xz", "zstdcat", "zstd", "rev"]);

/** The words naming such files: option values, operands, and the variables set for the command. */
function fileWords(view: CommandView, entry: FileEntry): Word[] {
  const out: Word[] = [];
  if (entry.spec !== undefined) {
    const wanted = entry.options ?? [];
    const p = parseFlags(view.args, entry.spec, 1, (name, index, offset) => {
      if (wanted.includes(name)) out.push(wordFrom(view.words[index] as Word, offset));
    });
    if (entry.modules === true) return moduleFiles(out, values(p, "include"));
    // Options end at the first operand (`rest`) when the spec says so.
    const operands = p.operands.length > 0 ? p.operands : p.rest < view.args.length ? [p.rest] : [];
    if (entry.operands !== undefined) for (const k of entry.operands === "first" ? operands.slice(0, 1) : operands) out.push(view.words[k] as Word);
    const bare = entry.bareStdin;
    if (bare !== undefined && operands.length === 0 && !bare.some((f) => p.flags.has(f))) out.push({ ...(view.words[0] as Word), value: "-", dynamic: null, quoted: false, glob: false, tilde: false });
  } else if (entry.scan !== undefined || entry.operands !== undefined) {
    const scan = entry.scan ?? [];
    let operands = 0;
    for (let k = 1; k < view.args.length; k++) {
      const a = view.args[k] as string;
      if (a === "--") break;
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(0, eq) : a;
      if (scan.includes(name)) {
        if (eq > 0) out.push(wordFrom(view.words[k] as Word, eq + 1));
        else if (k + 1 < view.words.length) out.push(view.words[++k] as Word);
        continue;
      }
      // `-fFILE`: a short option with its value attached; `-Xf FILE`, `-qAtf FILE`: last of a cluster of flags.
      const short = eq < 0 ? scan.find((s) => s.length === 2 && a.startsWith(s) && a.length > 2) : undefined;
      if (short !== undefined) out.push(wordFrom(view.words[k] as Word, 2));
      else if (/^-[a-zA-Z]{2,}$/.test(a) && scan.includes(`-${a[a.length - 1] as string}`) && k + 1 < view.words.length) out.push(view.words[++k] as Word);
      else if (entry.operands !== undefined && (!a.startsWith("-") || a === "-") && (entry.operands === "all" || operands++ === 0)) out.push(view.words[k] as Word);
    }
  }
  // Variables: set before the command or through env (`git log` with neither costs nothing more).
  if (entry.env !== undefined && (view.sc.assignments.length > 0 || view.wrappers.length > 0)) out.push(...variables(view, entry.env));
  return out;
}

/** Perl's `-MFoo::Bar=x` loads Foo/Bar.pm from an -I directory (or here, as `-I.` would): the files it may be. */
function moduleFiles(modules: readonly Word[], include: readonly string[]): Word[] {
  const out: Word[] = [];
  for (const m of modules) {
    const name = /^-?([\w:']+)/.exec(m.value)?.[1];
    if (name === undefined || m.dynamic !== null) continue;
    const file = `${name.replace(/::|'/g, "/")}.pm`;
    for (const dir of [...include, "."]) out.push({ ...m, value: `${dir.replace(/\/$/, "")}/${file}` });
  }
  return out;
}

/** The values of `names` set for this command: `VAR=F cmd`, or `env VAR=F cmd`. */
export function variables(view: CommandView, names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (const a of view.sc.assignments) if (a.value !== null && names.includes(a.name)) out.push(a.value);
  const first = view.words[0] as Word;
  if (view.wrappers.length === 0 || view.sc.argv[0] === first) return out;
  for (const w of view.sc.argv) {
    if (w.start >= first.start) break;
    const eq = w.value.indexOf("=");
    if (eq > 0 && names.includes(w.value.slice(0, eq))) out.push(wordFrom(w, eq + 1));
  }
  return out;
}

function report(view: CommandView, env: Env, w: Word, id: string, message: string): void {
  const r = env.at(w);
  env.out.findings.push({ id, message, start: r[0], end: r[1] });
}

function judge(view: CommandView, env: Env, entry: FileEntry, w: Word): void {
  if (madeAtRunTime(w)) {
    report(view, env, w, "shell/dynamic-script", `${view.name} reads ${entry.what}, from '${w.value}', which is made at run time and cannot be seen before it runs; write it to a file, read it, then use that.`);
  } else if (isStdinPath(w.value) && (w.value !== "-" || entry.operands !== undefined || entry.dash === true)) {
    if (entry.ownsStdin !== true) stdinFile(view, env, entry);
  } else if (w.dynamic === null) {
    writtenFile(view, env, entry, w);
  }
}

/** The file is the command's stdin: a file redirected in, text on the line, or a pipe. */
function stdinFile(view: CommandView, env: Env, entry: FileEntry): void {
  // A pipe into it is its own unwrapper's (`… | crontab -`: deferred.ts).
  if (entry.ownsPipe === true && view.sc.stage > 0) return;
  for (const r of view.redirects) {
    if ((r.fd === null || r.fd === 0) && r.op === "<" && r.target !== null && r.target.value !== "/dev/null") judge(view, env, entry, r.target);
  }
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) readText(view, env, entry, fed.word, env.at(fed.word));
  else if (stdinFed(view) && entry.ownsPipe !== true) {
    report(view, env, view.words[0] as Word, "shell/pipe-to-shell", `${view.name} reads ${entry.what}, from the pipe, unseen; write it to a file, read it, then use that.`);
  }
}

/** A file the line wrote (its text is read) or downloaded (unseen, from the network) before this command. */
function writtenFile(view: CommandView, env: Env, entry: FileEntry, w: Word): void {
  const file = writtenBefore(env.written, view, w);
  if (file === undefined || file.tree !== undefined) return;
  if (file.download === true) {
    report(view, env, w, "shell/pipe-to-shell", `${view.name} reads ${entry.what}, from '${w.value}', downloaded earlier on this line and unseen; download it, read it, then use it.`);
  } else if (entry.language === "shell") {
    runWritten(view, env, w, "sh");
  } else if (file.word === null) {
    // Made from files on disk (`crontab -l > c`, `sed … tpl > c`, `envsubst`): theirs, like a
    // file on disk. Decoded from text on the line (`base64 -d > c <<< …`): hidden on purpose.
    if (DECODERS.has(file.by.replace(/^'|'.*$/g, ""))) report(view, env, w, "shell/dynamic-script", `${view.name} reads ${entry.what}, from '${w.value}', which ${file.by} decoded earlier on this line into text that cannot be seen; write it out and read it first.`);
  } else {
    // Read once per command name: reading it again reads the same text.
    const read = (file.read ??= new Set());
    if (read.has(view.name)) return;
    read.add(view.name);
    readText(view, env, entry, file.word, env.at(w));
  }
}

/** Text written on the line that the program reads as such a file. */
function readText(view: CommandView, env: Env, entry: FileEntry, text: Word, range: [number, number]): void {
  const lang = entry.language;
  const nestLines = (lines: readonly string[]): void => {
    for (const line of lines) if (line.trim() !== "") env.nest(line, range, inheritFrom(view));
  };
  if (lang === "shell") runString(view, text, range, env.nest, env.out, entry.what);
  else if (lang === "cron") nestLines(text.value.split("\n").map(cronCommand));
  else if (lang === "ssh") nestLines(sshConfigCommands(text.value));
  else if (lang !== null && "each" in lang) {
    const lines = text.value.split("\n").filter((l) => !/^\s*(?:#|$)/.test(l));
    nestLines(lines.map((l) => `${lang.each} ${lang.raw === true ? l : shellQuote(l)}`));
  } else if (lang !== null) {
    let delimiter = "SHELLGUARD_FILE";
    while (text.value.includes(delimiter)) delimiter += "_";
    env.nest(`${lang.program} <<'${delimiter}'\n${text.value}\n${delimiter}\n`, range, inheritFrom(view));
  } else {
    env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} reads ${entry.what}, from text on the line in a language shellguard does not read; write it to a file, read it, then use that.`, start: range[0], end: range[1] });
  }
}

/** The commands of an ssh_config: ProxyCommand, LocalCommand, KnownHostsCommand, RemoteCommand and `Match exec "cmd"`. */
export function sshConfigCommands(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const cmd = SSH_COMMAND_OPTION.exec(line)?.[1]?.trim();
    if (cmd !== undefined && cmd !== "" && !/^none$/i.test(cmd)) out.push(cmd);
    // `Match [!]exec "cmd"` (or an unquoted word), among other criteria.
    for (const m of line.matchAll(/^\s*match\b.*?\s!?exec\s+(?:"([^"]*)"|(\S+))/gi)) out.push((m[1] ?? m[2]) as string);
  }
  return out;
}
