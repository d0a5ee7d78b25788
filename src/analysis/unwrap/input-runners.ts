/**
 * Tools that run what a pipe feeds them, though they are not shells: `… | parallel` (each line
 * is a command), `… | sqlite3` (`.shell`/`.system` dot-commands), `… | awk '{system($0)}'` (the
 * input handed to system()). Fed from a pipe, that is a pipe to a shell. sqlite3's own
 * `.shell cmd` argument is parsed as code.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags } from "../flags.js";
import { PARALLEL } from "./wrappers.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { isStdinPath, runString } from "./strings.js";
import { fedText, joined } from "./printed.js";
import { clientEscapes } from "./db-clients.js";
import { readsFile } from "./script-files.js";

export function pipeToShell(view: CommandView, env: Env, how: string): void {
  const first = view.words[0] as Word;
  const r = env.at(first);
  env.out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.name} ${how}, unseen; save it to a file, read it, then run it.`, start: r[0], end: r[1] });
}

/** `… | parallel` with no command of its own runs each input line as a command. */
export const parallelUnwrapper: Unwrapper = {
  name: "parallel-input",
  commands: ["parallel"],
  unwrap: (v, e) => argumentCommands(v, e),
  piped: (v, e) => {
    if (v.sc.stage > 0 && v.args.every((a, k) => k === 0 || a.startsWith("-") || /^\d+$/.test(a))) pipeToShell(v, e, "runs each line it reads as a command");
  },
};

const SQLITE: Parameters<typeof parseFlags>[1] = {
  singleDashLong: true,
  long: Object.fromEntries(["ascii", "bail", "batch", "box", "column", "csv", "echo", "header", "noheader", "html", "interactive", "json", "line", "list", "markdown", "memtrace", "nofollow", "readonly", "safe", "stats", "table", "version", "help", "quote", "tabs", "append", "deserialize", "A"].map((n) => [n, n])),
  longValue: Object.fromEntries(["cmd", "init", "separator", "newline", "nullvalue", "lookaside", "pagecache", "mmap", "maxsize", "vfs", "zip", "heap"].map((n) => [n, n])),
};


export const sqliteUnwrapper: Unwrapper = {
  name: "sqlite-shell",
  commands: ["sqlite3"],
  unwrap: (v, e) => {
    const p = parseFlags(v.args, SQLITE, 1);
    const sql = [...p.operands.slice(1), ...(p.flags.get("cmd") ?? []).map((c) => v.args.indexOf(c))];
    for (const k of sql) {
      const w = v.words[k] as Word | undefined;
      if (w === undefined) continue;
      for (const cmd of clientEscapes("dot", w.value)) runString(v, { ...w, value: cmd, dynamic: null }, e.at(w), e.nest, e.out, "a .shell command");
      dotReads(v, e, w);
    }
    // `.shell` read from a heredoc, a here-string or what a printer pipes in.
    const fed = fedText(v.sc, v.facts);
    if (fed !== null) for (const cmd of clientEscapes("dot", fed.word.value)) e.nest(cmd, e.at(fed.word), inheritFrom(v));
    if (fed !== null) dotReads(v, e, fed.word);
  },
  piped: (v, e) => {
    const p = parseFlags(v.args, SQLITE, 1);
    // Text printed on the line is read (its .shell commands are parsed); anything else is unseen.
    if (v.sc.stage > 0 && p.operands.length <= 1 && !p.flags.has("safe") && fedText(v.sc, v.facts)?.exact !== true) pipeToShell(v, e, "runs what it reads, .shell commands included");
  },
};

/** `.read FILE` (`.rea`, quoted or not); `.read '|cmd'` is a command (db-clients.ts). */
const DOT_READ = /^\s*\.rea(?:d)?\s+(?:'([^'|][^']*)'|"([^"|][^"]*)"|([^\s'"|]\S*))\s*$/gm;

/** The files sqlite3 reads dot-commands from in `text`: judged as an `-init` file is (script-files.ts). */
function dotReads(view: CommandView, env: Env, text: Word): void {
  if (text.dynamic !== null || !text.value.includes(".rea")) return;
  for (const m of text.value.matchAll(DOT_READ)) readsFile(view, env, "sqlite3", { ...text, value: (m[1] ?? m[2] ?? m[3]) as string });
}

/** An awk program that hands its input to a shell: `system($0)`, `print | "sh"`, `$0 | getline`. */
const AWK_RUNS_INPUT = /\bsystem\s*\(\s*(?!"[^"]*"\s*\))|\|\s*&?\s*getline|print[^;}]*\|\s*"?\s*(?:sh|bash)\b|print[^;}]*\|\s*[^"\s]/;

export const awkUnwrapper: Unwrapper = {
  name: "awk-input",
  commands: ["awk", "gawk", "mawk", "nawk", "busybox-awk"],
  piped: (v, e) => {
    if (v.sc.stage <= 0) return;
    // `curl … | awk -f /dev/stdin`: the program itself comes down the pipe.
    const stdinProgram = v.args.some((a, k) => /^-[fE]$|^--(?:file|exec)$/.test(a) && isStdinPath(v.args[k + 1] as string));
    if (stdinProgram && fedText(v.sc, v.facts)?.exact !== true) return pipeToShell(v, e, "runs the awk program it reads");
    const program = v.args.slice(1).find((a, k, rest) => !a.startsWith("-") && !/^-[fvF]$/.test(rest[k - 1] ?? ""));
    if (program !== undefined && AWK_RUNS_INPUT.test(program)) pipeToShell(v, e, "hands what it reads to a shell (system(), | getline)");
  },
};

/** Most command lines `parallel ::: … ::: …` is read as (one per combination of its sources). */
const MAX_COMBINATIONS = 64;
const SOURCE = /^::::?\+?$/;

/**
 * `parallel ::: 'rm -rf ~' ls`, `parallel ::: rm ::: -rf ::: ~`: with no command of its own,
 * parallel runs each combination of its `:::` sources' arguments, joined by blanks, as a shell
 * command line (with no arguments either, each line of its stdin: `parallel <<< 'cmd'`). Each is
 * parsed; an argument file (`::::`) is read at run time (unseen, like a script on disk), and more
 * combinations than are read is opaque code.
 */
function argumentCommands(view: CommandView, env: Env): void {
  const args = view.args;
  const at = parseFlags(args, PARALLEL, 1).rest;
  // No command and no arguments: the command lines are read from stdin (`parallel <<< 'cmd'`).
  if (at >= args.length && view.sc.stage <= 0) {
    const fed = fedText(view.sc, view.facts);
    if (fed !== null) env.nest(fed.word.value, env.at(fed.word), inheritFrom(view));
    return;
  }
  if (!SOURCE.test(args[at] ?? "")) return;
  const sources: Word[][] = [];
  for (let k = at; k < args.length; k++) {
    if (SOURCE.test(args[k] as string)) sources.push([]);
    else (sources[sources.length - 1] as Word[]).push(view.words[k] as Word);
  }
  let lines: Word[][] = [[]];
  for (const s of sources) {
    if (s.length === 0) continue;
    if (lines.length * s.length > MAX_COMBINATIONS) {
      const first = view.words[0] as Word;
      env.out.findings.push({ id: "shell/opaque-code", message: `parallel runs every combination of its arguments as a command line, more than the ${MAX_COMBINATIONS} that are read; write the commands out.`, start: env.at(first)[0], end: env.at(first)[1] });
      return;
    }
    lines = lines.flatMap((l) => s.map((w) => [...l, w]));
  }
  for (const l of lines) {
    if (l.length === 0) continue;
    const first = l[0] as Word;
    const last = l[l.length - 1] as Word;
    runString(view, joined(l), env.span(first, last), env.nest, env.out, "a command line (an argument of parallel, which has no command of its own)");
  }
}
