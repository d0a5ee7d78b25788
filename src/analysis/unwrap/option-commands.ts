/**
 * Commands hidden in another tool's options: `scp -S prog`, `rsync -e 'cmd'`, `tar --to-command`,
 * `tar --checkpoint-action=exec=cmd`, `tar -I prog`, `zip -TT cmd`, `vim -c ':!cmd'`. Each value is
 * parsed as shell code like `sh -c`; the tools' plain uses (`tar xzf a.tgz`, `vim notes.txt`) have
 * no such option and cost one scan of their words.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values, type ParsedFlags } from "../flags.js";
import { inheritFrom, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { GDB_FLAGS } from "./debugger-wrappers.js";
import { optionString, sshOptions } from "./command-strings.js";
import { parseFor } from "../specs.js";
import { isStdinPath, runString, shellQuote, valueWord } from "./strings.js";
import { LLDB_FLAGS } from "./shell-flags.js";
import { fedText } from "./printed.js";
import { tarArgs, tarOptions } from "./tar-options.js";
import { readEx, vimExMode } from "./ex-commands.js";
import { sftpBatch, sftpPiped } from "./command-languages.js";

type At = (w: Word) => [number, number];

/** scp/sftp: `-S program` is the transport run instead of ssh; `-o` takes ssh's options. */
const SCP_FLAGS = {
  short: { "3": "3", "4": "4", "6": "6", A: "A", B: "B", C: "C", O: "O", p: "p", q: "q", R: "R", r: "r", T: "T", v: "v", a: "a", f: "f", N: "N" },
  shortValue: { c: "c", D: "D", F: "F", i: "i", J: "J", l: "l", o: "o", P: "P", S: "S", X: "X", b: "b", s: "s", R: "R" },
};

export const scpUnwrapper: Unwrapper = {
  name: "scp-transport",
  commands: ["scp", "sftp"],
  unwrap: (v, e) => {
    const p = parseFlags(v.args, SCP_FLAGS, 1);
    sshOptions(v, values(p, "o"), e.at, e.nest, e.out);
    for (const prog of values(p, "S")) {
      valueCode(v, prog, e.at, e.nest, e.out, "a transport program (-S)");
      localProgram(v, prog, e.at, e.out, "-S");
    }
    // `-D program`: a local SFTP server run in place of the connection.
    for (const prog of values(p, "D")) {
      valueCode(v, prog, e.at, e.nest, e.out, "a local sftp server (-D)");
      localProgram(v, prog, e.at, e.out, "-D");
    }
    // `sftp -b - host <<EOF … !cmd … EOF`: a batch's `!` lines run the shell.
    if (v.name === "sftp") sftpBatch(v, e);
  },
  piped: (v, e) => {
    if (v.name === "sftp") sftpPiped(v, e);
  },
};

/** rsync `-e 'cmd'` / `--rsh=cmd`: the remote shell it runs (locally, with the host appended). */
export const rsyncUnwrapper: Unwrapper = {
  name: "rsync-shell",
  commands: ["rsync"],
  unwrap: (v, e) => {
    // rsync's own table (popt): `-e cmd`, `-ecmd`, `-avze cmd`, `--rsh=cmd`, `--rs=cmd`; and
    // `--rsync-path='cmd'`, run by the remote shell in place of rsync, as `ssh host 'cmd'` is.
    const p = parseFor("rsync", v.args);
    const word = (value: string): Word => valueWord(v, value) ?? v.words.find((x, k) => k > 0 && x.value === value) ?? (v.words[0] as Word);
    for (const value of values(p, "rsh")) {
      const w = word(value);
      runString(v, { ...w, value }, e.at(w), e.nest, e.out, "a command string");
      localProgram(v, value, e.at, e.out, "-e");
    }
    for (const value of values(p, "rsync-path")) {
      const w = word(value);
      runString(v, { ...w, value }, e.at(w), e.nest, e.out, "the remote command (--rsync-path)");
    }
  },
};

/**
 * The program an option runs in place of ssh (`scp -S prog`, `rsync -e prog`): a bare name or an
 * absolute path is a tool; a relative path (`./evil`, `bin/x`) or a run-time value names a
 * program from the working tree or the environment (often one just written) that the line
 * does not show. Its parse is checked too; this says that the program itself is unknown.
 */
function localProgram(view: CommandView, value: string, at: At, out: UnwrapResult, option: string): void {
  const prog = value.trim().split(/\s+/)[0] ?? "";
  if (prog === "" || (!/\$|`/.test(prog) && (!prog.includes("/") || prog.startsWith("/")))) return;
  const w = valueWord(view, value) ?? (view.words[0] as Word);
  const r = at(w);
  out.findings.push({ id: "side-effect/runs-program", message: `${view.name} ${option} '${value}' runs ${prog} in place of ssh: a program named by a relative path or a run-time value, which the analysis does not see. Run it directly if you mean to.`, start: r[0], end: r[1] });
}

export const tarUnwrapper: Unwrapper = { name: "tar-command", commands: ["tar", "gtar"], unwrap: (v, e) => tarCommands(v, e.at, e.nest, e.out) };

/** The programs and commands tar runs: `--to-command`, `-I`, `--checkpoint-action=exec=`, ... however spelled. */
function tarCommands(view: CommandView, at: At, nest: Nest, out: UnwrapResult): void {
  // Most tar lines name none: one cheap look before the parse.
  if (!view.args.some((a, k) => k > 0 && (a.startsWith("--") || /[IF]/.test(a)))) return;
  const args = tarArgs(view.args);
  const spec = tarOptions();
  const p = parseFlags(args, spec, 1);
  const seen = new Set<string>();
  const run = (value: string, what: string): void => {
    if (value === "" || seen.has(value)) return;
    seen.add(value);
    // An old-style value (`tar xIf PROG a.tar`) follows a word without a dash: found by value.
    const w = valueWord(view, value) ?? view.words.find((x, k) => k > 0 && x.value === value) ?? (view.words[0] as Word);
    runString(view, { ...w, value }, at(w), nest, out, what);
  };
  const found = (q: ParsedFlags): void => {
    for (const value of values(q, "runs")) run(value, "a command tar runs");
    for (const action of values(q, "checkpoint-action")) {
      const exec = /^(?:exec|command)=([^]*)$/.exec(action);
      if (exec !== null) run(exec[1] as string, "a command (--checkpoint-action)");
    }
  };
  found(p);
  // Each option word read alone too: an option the table lacks, or lists as taking a value when
  // this tar's does not, must not hide the next one (`--xattrs --to-command=…`).
  for (let k = 1; k < args.length; k++) if ((args[k] as string).startsWith("-")) found(parseFlags([args[0] as string, args[k] as string, args[k + 1] ?? ""], spec, 1));
}

/** zip `-TT cmd` / `--unzip-command cmd`: the command that tests the archive. */
export const zipUnwrapper: Unwrapper = {
  name: "zip-test-command",
  commands: ["zip"],
  unwrap: (v, e) => optionString(v, ZIP_TEST_COMMAND, e.at, e.nest, e.out),
};

/** A long option and its abbreviations down to `min` letters (zip, like getopt, takes `--unzip-com`). */
function longOrPrefix(name: string, min: number): string {
  return `--${name.slice(0, min)}${[...name.slice(min)].reduceRight((rest, c) => `(?:${c.replace(/[-.]/g, "\\$&")}${rest})?`, "")}`;
}

const ZIP_TEST_COMMAND = new RegExp(`^-TT=?(.+)$|^-TT$|^${longOrPrefix("unzip-command", 3)}(?:=([^]*))?$`);

/** vim and its kin: `-c CMD`, `+CMD`, `--cmd CMD` run Ex commands; `:!cmd` is a shell command. */
export const vimUnwrapper: Unwrapper = {
  name: "vim-ex-command",
  commands: ["vim", "vi", "nvim", "view", "vimdiff", "gvim", "ex", "rvim", "evim"],
  unwrap: (v, e) => vimCommands(v, e.at, e.nest, e.out),
};


function vimCommands(view: CommandView, at: At, nest: Nest, out: UnwrapResult): void {
  // Ex mode (`ex`, `vim -e`, `-es`) reads its commands from stdin; `-S`/`-u FILE` source a file
  // of them, and outside Ex mode `-s FILE` types the file's keys.
  const exMode = vimExMode(view.name, view.args);
  let stdin: "ex" | "keys" | null = exMode ? "ex" : null;
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if ((a === "-S" || a === "-u" || (a === "-s" && !exMode)) && isStdinPath(view.args[k + 1])) stdin = a === "-s" ? "keys" : "ex";
  }
  if (stdin !== null) vimStdin(view, stdin, at, nest, out);
  const lines: Word[] = [];
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    const next = view.words[k + 1];
    let ex: Word | null = null;
    // `-c CMD`, and `-c` last in a bundle of flags (`-esc CMD`, `-nc CMD`: vim reads one letter at a time).
    const bundled = VIM_BUNDLE.exec(a);
    if ((a === "--cmd" || (bundled !== null && bundled[1] === "")) && next !== undefined) ex = next;
    // `-c{command}`: vim takes the rest of the word too.
    else if (bundled !== null && bundled[1] !== "") ex = valueWord(view, bundled[1] as string);
    else if (a.startsWith("+") && a.length > 1) ex = { ...(view.words[k] as Word), value: a.slice(1) };
    if (ex !== null) lines.push(ex);
  }
  // The buffer holds text from a command or the network: `vim URL`, `:r !curl …`, `:r https://…`.
  const unseen = view.args.some((a, k) => k > 0 && NETRW_URL.test(a)) || lines.some((w) => FILLS_BUFFER.test(w.value));
  for (const ex of lines) exLine(view, ex, at, nest, out, unseen);
}

/** `-c`, alone or after flags in one word (`-esc`, `-Nc`), and what follows it in the word. */
const VIM_BUNDLE = /^-[A-Za-z]*?c(.*)$/s;
const NETRW_URL = /^(?:https?|ftp|scp|sftp|rsync|dav|fetch):\/\//;
/** `:r !cmd`, `:r URL`, `:e URL`, `:Nread URL`: the buffer is text the line does not show. */
const FILLS_BUFFER = /(?:^|[|:\s])(?:r(?:e(?:a(?:d)?)?)?\s*!|(?:r(?:e(?:a(?:d)?)?)?|e(?:d(?:i(?:t)?)?)?|Nread)\s+(?:https?|ftp|scp|sftp|rsync|dav|fetch):\/\/)/;

/**
 * One line of Ex commands: its `:!` shell commands parsed, code it runs otherwise a finding. A
 * command fed the buffer (`:w !sh`, `:%!sh`) when the buffer is unseen text reads it as a pipe.
 */
function exLine(view: CommandView, ex: Word, at: At, nest: Nest, out: UnwrapResult, unseen: boolean): void {
  for (const run of readEx(ex.value)) {
    if (run.kind === "shell" && run.buffer && unseen) nest(run.text, at(ex), { ...inheritFrom(view), stdinFed: true });
    else if (run.kind === "shell") runString(view, { ...ex, value: run.text, dynamic: null }, at(ex), nest, out, "a shell command (:!)");
    else {
      const r = at(ex);
      out.findings.push({ id: "shell/opaque-code", message: `${view.name} runs the Ex command '${run.text}', which can run shell code the analysis does not read; run the shell command directly.`, start: r[0], end: r[1] });
    }
  }
}

/** Ex commands (or typed keys) vim reads from stdin: a heredoc, a here-string or what the stage before prints. */
function vimStdin(view: CommandView, what: "ex" | "keys", at: At, nest: Nest, out: UnwrapResult): void {
  const fed = fedText(view.sc, view.facts);
  const texts = fed === null ? [] : [fed.word];
  if (view.sc.stage > 0 && fed === null) {
    const r = at(view.words[0] as Word);
    out.findings.push({ id: "shell/pipe-to-shell", message: `${view.name} reads ${what === "ex" ? "Ex commands" : "keys"} from the pipe, which can run shell commands unseen; write them out with -c instead.`, start: r[0], end: r[1] });
  }
  for (const w of texts) {
    if (what === "keys") {
      // Typed keys: `:` opens the command line, `!` filters through a shell, `Q` enters Ex mode.
      if (/[:!Q]/.test(w.value)) {
        const r = at(w);
        out.findings.push({ id: "shell/opaque-code", message: `${view.name} types keys from stdin that reach its command line, which the analysis does not read; give the commands with -c instead.`, start: r[0], end: r[1] });
      }
      continue;
    }
    const unseen = FILLS_BUFFER.test(w.value);
    for (const line of w.value.split("\n")) exLine(view, { ...w, value: line }, at, nest, out, unseen);
  }
}

/** An option's value that is shell code: parsed, or a finding when only known at run time. */
function valueCode(view: CommandView, value: string, at: At, nest: Nest, out: UnwrapResult, what: string): void {
  const w = valueWord(view, value) ?? (view.words[0] as Word);
  runString(view, { ...w, value }, at(w), nest, out, what);
}

/**
 * less `+cmd` / `++cmd`: less commands run at start, of which `!cmd` runs a shell command and
 * `|Xcmd` pipes to one (X is a mark). Text after the first `!` is read as shell: a search for a
 * pattern with `!` in it is read too, rather than a command missed.
 */
export const lessUnwrapper: Unwrapper = {
  name: "less-command",
  commands: ["less"],
  unwrap: (v, e) => {
    for (let k = 1; k < v.args.length; k++) {
      const a = v.args[k] as string;
      if (a === "--") break;
      if (!a.startsWith("+")) continue;
      const shell = lessShellCommand(a.replace(/^\+\+?/, ""));
      if (shell === undefined) continue;
      const w = valueWord(v, shell) ?? (v.words[k] as Word);
      runString(v, { ...w, value: shell }, e.at(w), e.nest, e.out, "a shell command (less !)");
    }
  },
};

/** The shell command a less command string runs (`!cmd`, `|Xcmd`), if any. */
export function lessShellCommand(cmd: string): string | undefined {
  const m = /!([^]*)$|\|.([^]*)$/.exec(cmd);
  const shell = m === null ? undefined : m[1] ?? m[2];
  return shell === undefined || shell.trim() === "" ? undefined : shell;
}

/** A gdb command that runs a shell command (`shell cmd`, `!cmd`, the shell end of `pipe`), or code gdb does not show. */
const GDB_SHELL = /^\s*(?:she(?:ll?)?\s|!)([^]*)$|^\s*(?:pipe\s|\|)[^|]*\|([^]*)$/;
const GDB_OPAQUE = /^\s*(?:py(?:thon)?(?:-interactive)?|pi|gu(?:ile)?|source|so)\b/;

/** gdb -ex/-iex commands (getopt_long_only: one dash or two, abbreviated); `--args` is a wrapper (wrappers.ts). */
export const gdbUnwrapper: Unwrapper = {
  name: "gdb-command",
  commands: ["gdb", "gdb-multiarch", "cgdb"],
  unwrap: (v, e) => {
    const p = parseFlags(v.args, GDB_FLAGS, 1);
    for (const cmd of values(p, "eval")) gdbCommand(v, valueWord(v, cmd) ?? (v.words[0] as Word), cmd, e.at, e.nest, e.out);
    // `-x /dev/stdin`: a command file fed on the line, read line by line.
    if (!values(p, "command").some((f) => isStdinPath(f))) return;
    const fed = fedText(v.sc, v.facts);
    const texts = fed === null ? [] : [fed.word];
    if (v.sc.stage > 0 && fed === null) {
      const r = e.at(v.words[0] as Word);
      e.out.findings.push({ id: "shell/pipe-to-shell", message: `${v.name} reads its commands from the pipe, which can run shell commands unseen; give them with -ex instead.`, start: r[0], end: r[1] });
    }
    for (const w of texts) for (const line of w.value.split("\n")) gdbCommand(v, w, line, e.at, e.nest, e.out);
  },
};

function gdbCommand(v: CommandView, w: Word, cmd: string, at: At, nest: Nest, out: UnwrapResult): void {
  const m = GDB_SHELL.exec(cmd);
  const shell = m === null ? undefined : m[1] ?? m[2];
  if (shell !== undefined && shell.trim() !== "") runString(v, { ...w, value: shell, dynamic: null }, at(w), nest, out, "a shell command (gdb -ex)");
  else if (GDB_OPAQUE.test(cmd)) {
    const r = at(w);
    out.findings.push({ id: "shell/opaque-code", message: `${v.name} runs the command '${cmd.trim()}', which runs code the analysis does not read; run what it runs directly.`, start: r[0], end: r[1] });
  }
}

/** lldb's `platform shell CMD` (any prefix: `pla sh`) and its alias `shell`; `-h -- CMD` has options first. */
const LLDB_SHELL = /^\s*(?:pla(?:t(?:f(?:o(?:r(?:m)?)?)?)?)?\s+sh(?:e(?:l(?:l)?)?)?|shell)(?:\s+([^]*))?$/;
/** `script CODE` (`scr`, `-l python --`): Python, or another script language. */
const LLDB_SCRIPT = /^\s*scr(?:i(?:p(?:t)?)?)?(?:\s+(?:(?:-l|--language)\s+(\S+)\s+)?(?:--\s+)?([^]*))?$/;

/** lldb `-o`/`-O`/`-k` one-line commands (files of them, `-s`/`-S`/`-K`, are script-files.ts'). */
export const lldbUnwrapper: Unwrapper = {
  name: "lldb-command",
  commands: ["lldb"],
  unwrap: (v, e) => {
    for (const cmd of values(parseFlags(v.args, LLDB_FLAGS, 1), "one-line")) lldbCommand(v, valueWord(v, cmd) ?? (v.words[0] as Word), cmd, e.at, e.nest, e.out);
  },
};

function lldbCommand(v: CommandView, w: Word, cmd: string, at: At, nest: Nest, out: UnwrapResult): void {
  const sh = LLDB_SHELL.exec(cmd);
  if (sh !== null) {
    // Raw input: options, when given, end at `--`.
    const rest = sh[1] ?? "";
    const end = /^\s*-/.test(rest) ? /(?:^|\s)--(?:\s|$)/.exec(rest) : undefined;
    const shell = end === undefined ? rest : end === null ? "" : rest.slice(end.index + end[0].length);
    if (shell.trim() !== "") runString(v, { ...w, value: shell, dynamic: null }, at(w), nest, out, "a shell command (lldb platform shell)");
    return;
  }
  const py = LLDB_SCRIPT.exec(cmd);
  if (py === null) return;
  const [, lang, code = ""] = py;
  if (code.trim() !== "" && (lang === undefined || /^python/i.test(lang))) nest(`python3 -c ${shellQuote(code)}`, at(w), inheritFrom(v));
  else {
    const r = at(w);
    out.findings.push({ id: "shell/opaque-code", message: `${v.name} runs the command '${cmd.trim()}', which runs script code the analysis does not read; run what it runs directly.`, start: r[0], end: r[1] });
  }
}
