/**
 * Tools with a command language of their own in which one command runs the shell: ed's `!cmd`,
 * `r !cmd`, `w !cmd`, `e !cmd` (and an operand `!cmd`); dc's `!cmd`; m4's `syscmd(…)` and
 * `esyscmd(…)`; the `!cmd` of lftp, ftp and sftp batches (lftp's `source -e cmd` too). Their
 * commands come in an option (`dc -e`, `lftp -c`), a heredoc, a here-string or what a printer
 * pipes in; each shell command found is parsed like `sh -c`. Commands only known at run time,
 * and a pipe whose text the line does not show, are findings.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values, type FlagSpec } from "../flags.js";
import type { Env, Unwrapper } from "./types.js";
import { fedText } from "./printed.js";
import { isStdinPath, runString, valueWord, wholeDynamic } from "./strings.js";
import { pipeToShell } from "./input-runners.js";

/** A shell command found in a tool's command text, or `null` for code that runs one unseen. */
type Escape = string | null;
type Reader = (text: string) => Escape[];

/** ed: address, command letter, rest. An address is numbers, `. $ , ; % + -`, marks and /re/ or ?re?. */
const ED_LINE = /^((?:[\d.$,;%+\-\s^]|'[a-z]|\/(?:[^/\\]|\\.)*(?:\/|$)|\?(?:[^?\\]|\\.)*(?:\?|$))*)([^]?)([^]*)$/;

/** ed's (and red's) shell commands, line by line; text after `a`, `i`, `c` is skipped up to `.`. */
export function edEscapes(text: string): Escape[] {
  const out: Escape[] = [];
  let inText = false;
  for (const line of text.split("\n")) {
    if (inText) {
      if (line === ".") inText = false;
      continue;
    }
    inText = edCommand(line, out);
  }
  return out;
}

/** One ed command line; true when it starts input text (`a`, `i`, `c`). */
function edCommand(line: string, out: Escape[]): boolean {
  const m = ED_LINE.exec(line) as RegExpExecArray;
  const cmd = m[2] as string;
  const rest = m[3] as string;
  if (cmd === "!") out.push(rest);
  else if ("rwWeE".includes(cmd) && cmd !== "") {
    // `w !cmd`, `wq` (q is a suffix), `r !cmd`, `e !cmd`.
    const arg = rest.replace(/^q?\s*/, "");
    if (arg.startsWith("!")) out.push(arg.slice(1));
  } else if ("gvGV".includes(cmd) && cmd !== "" && rest !== "") {
    // `g/re/cmd`: the command list runs per matching line (GNU ed refuses `!` there; others may not).
    const delim = rest[0] as string;
    let k = 1;
    while (k < rest.length && rest[k] !== delim) k += rest[k] === "\\" ? 2 : 1;
    if (k < rest.length) edCommand(rest.slice(k + 1), out);
  } else if ("aic".includes(cmd) && cmd !== "") return /^[lnp]*\s*$/.test(rest);
  return false;
}

/** dc: `!` runs the rest of the line (inside a `[string]`, up to its end), except `!<`, `!=`, `!>`. */
export function dcEscapes(text: string): Escape[] {
  const out: Escape[] = [];
  for (const line of text.split("\n")) {
    let depth = 0;
    for (let k = 0; k < line.length; k++) {
      const c = line[k] as string;
      // A register name follows `s l S L < > = : ;` (`s#` stores in register `#`): it is not a command.
      if ("slSL<>=:;".includes(c) && depth === 0) {
        k++;
        continue;
      }
      if (c === "[") depth++;
      else if (c === "]") depth = Math.max(0, depth - 1);
      else if (c === "#" && depth === 0) break;
      else if (c === "!" && !"<=>".includes(line[k + 1] ?? "<")) {
        let end = line.length;
        if (depth > 0) {
          // A string run later by `x`: its command ends with the string.
          for (let d = depth, j = k + 1; j < line.length; j++) {
            if (line[j] === "[") d++;
            else if (line[j] === "]" && --d < depth) {
              end = j;
              break;
            }
          }
        }
        out.push(line.slice(k + 1, end));
        if (depth === 0) break;
        k = end;
        depth--;
      }
    }
  }
  return out;
}

/** syscmd by name, or any builtin reached by a name built at run time (`indir`, `builtin`). */
const M4_CALL = /\b(?:m4_)?(?:e?syscmd|indir|builtin)\b/g;

/** m4: the argument of each `syscmd(…)`/`esyscmd(…)` (one layer of m4 quotes taken off); a mention without a call (`defn(\`syscmd')`) is unseen code. */
export function m4Escapes(text: string): Escape[] {
  const out: Escape[] = [];
  for (const m of text.matchAll(M4_CALL)) {
    const open = (m.index as number) + m[0].length;
    if (text[open] !== "(" || !m[0].endsWith("syscmd")) {
      out.push(null);
      continue;
    }
    // The call ends at the `)` that balances its `(`, outside m4 quotes (`…').
    let depth = 0;
    let quote = 0;
    let end = -1;
    for (let k = open; k < text.length && end < 0; k++) {
      const c = text[k];
      if (c === "`") quote++;
      else if (c === "'" && quote > 0) quote--;
      else if (quote === 0 && c === "(") depth++;
      else if (quote === 0 && c === ")" && --depth === 0) end = k;
    }
    if (end < 0) {
      out.push(null);
      continue;
    }
    const arg = text.slice(open + 1, end).trim();
    out.push(arg.startsWith("`") && arg.endsWith("'") ? arg.slice(1, -1) : arg);
  }
  return out;
}

/**
 * lftp, ftp and sftp batches: a command starting with `!` runs the rest of its line. lftp
 * separates commands with `;`, `&&`, `||` and runs `source -e cmd`'s output as commands.
 */
export function bangEscapes(text: string): Escape[] {
  const out: Escape[] = [];
  for (const line of text.split("\n")) {
    // Command starts: the line's, and after lftp's separators (quotes are not tracked: a `;` in a
    // quoted argument only adds a start, which sees more, never less).
    const starts = [0];
    for (const m of line.matchAll(/;|&&|\|\|/g)) starts.push((m.index as number) + m[0].length);
    for (const s of starts) {
      // sftp batch lines may be prefixed with `-` (ignore errors) or `@` (no echo).
      const cmd = line.slice(s).replace(/^[\s@-]*/, "");
      if (cmd.startsWith("!")) {
        out.push(cmd.slice(1));
        break;
      }
      const source = /^source\s+(?:-\w+\s+)*-e\s+([^;]*)/.exec(cmd);
      if (source !== null) out.push(source[1] as string);
      // sftp's `lls ARGS` runs `ls ARGS` through the shell.
      const lls = /^lls\b([^]*)$/.exec(cmd);
      if (lls !== null && /[^\w\s./~*?=-]/.test(lls[1] as string)) out.push(`ls${lls[1] as string}`);
      // ftp: a local file named `|cmd` is a pipe to that command (`get f |cmd`, `ls . "|cmd"`).
      const piped = /(?:^|\s)"?\|([^"\n]+)/.exec(cmd);
      if (piped !== null && s === 0 && !/^\S*\|/.test(cmd)) out.push(piped[1] as string);
    }
  }
  return out;
}

/** lftp: `!cmd` and `source -e cmd` as above, and any command's output piped to a local shell command (`ls | cmd`). */
export function lftpEscapes(text: string): Escape[] {
  const out = bangEscapes(text);
  for (const line of text.split("\n")) {
    if (/^\s*!/.test(line)) continue;
    // Outside quotes, `|` ends the lftp command; the rest of the command is shell.
    let quote = "";
    for (let k = 0; k < line.length; k++) {
      const c = line[k] as string;
      if (quote !== "") {
        if (c === quote) quote = "";
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "|" && line[k + 1] !== "|" && line[k - 1] !== "|") {
        out.push(line.slice(k + 1).split(/;|&&|\|\|/)[0] as string);
        break;
      }
    }
    // Commands that run other commands (`alias`, `eval`, `repeat`, `queue`) with a `!` in them: read as code.
    if (/^\s*(?:alias|eval|repeat|queue|at)\b[^]*!/.test(line)) out.push(null);
  }
  return out;
}

interface Language {
  /** What the tool's commands read like. */
  read: Reader;
  /** Its options whose values are commands (canonical names in `spec`). */
  spec?: FlagSpec;
  commandOptions?: readonly string[];
  /** An operand that is a command: ed's file operand `!cmd` reads a command's output. */
  bangOperand?: boolean;
  /** Reads commands from stdin when fed one (ftp, ed); false: only with an option saying so (sftp -b -). */
  stdin: (view: CommandView, p: ReturnType<typeof parseFlags> | null) => boolean;
}

const ALWAYS = (): boolean => true;

const DC_SPEC: FlagSpec = { short: { h: "help", V: "version" }, shortValue: { e: "expression", f: "file" }, long: { help: "help", version: "version" }, longValue: { expression: "expression", file: "file" } };
const LFTP_SPEC: FlagSpec = { short: { d: "debug", v: "version", h: "help" }, shortValue: { e: "commands", c: "commands", p: "port", u: "user", f: "file" }, long: { norc: "norc", "env-password": "env-password", help: "help", version: "version", debug: "debug" }, longValue: { rcfile: "rcfile", user: "user", port: "port" } };
/** m4's `-D NAME=BODY`: the body runs where NAME is expanded, so it is read as m4 too. */
const M4_SPEC: FlagSpec = {
  short: { E: "E", e: "e", G: "G", g: "g", P: "P", Q: "Q", s: "s", i: "i" },
  shortValue: { D: "define", U: "undefine", I: "include", d: "debug", l: "arglength", o: "error-output", t: "trace", F: "freeze", R: "reload", L: "nesting-limit", B: "B", H: "H", N: "N", S: "S", T: "T" },
  long: Object.fromEntries(["fatal-warnings", "prefix-builtins", "quiet", "silent", "synclines", "traditional", "interactive", "gnu", "help", "version"].map((n) => [n, n])),
  longValue: { define: "define", undefine: "undefine", include: "include", trace: "trace", "error-output": "error-output", "freeze-state": "freeze", "reload-state": "reload", "nesting-limit": "nesting-limit", "arglength": "arglength", debugfile: "debugfile" },
};

const SFTP_SPEC: FlagSpec = {
  short: { "4": "4", "6": "6", A: "A", a: "a", C: "C", f: "f", N: "N", p: "p", q: "q", r: "r", v: "v" },
  shortValue: { B: "B", b: "batch", c: "c", D: "D", F: "F", i: "i", J: "J", l: "l", o: "o", P: "P", R: "R", S: "S", s: "s", X: "X" },
};

const LANGUAGES: Readonly<Record<string, Language>> = {
  ed: { read: edEscapes, bangOperand: true, stdin: ALWAYS },
  red: { read: edEscapes, stdin: ALWAYS },
  dc: { read: dcEscapes, spec: DC_SPEC, commandOptions: ["expression"], stdin: ALWAYS },
  m4: { read: m4Escapes, spec: M4_SPEC, commandOptions: ["define"], stdin: ALWAYS },
  lftp: { read: lftpEscapes, spec: LFTP_SPEC, commandOptions: ["commands"], stdin: ALWAYS },
  ftp: { read: bangEscapes, stdin: ALWAYS },
  sftp: { read: bangEscapes, spec: SFTP_SPEC, stdin: (_v, p) => p !== null && values(p, "batch").some((f) => f === "-" || isStdinPath(f)) },
};

/** Each command text the line shows the tool: command options, a `!` operand, then what stdin is fed. */
function texts(view: CommandView, lang: Language, p: ReturnType<typeof parseFlags> | null): Word[] {
  const out: Word[] = [];
  const first = view.words[0] as Word;
  if (p !== null) for (const name of lang.commandOptions ?? []) for (const v of values(p, name)) out.push(valueWord(view, v) ?? { ...first, value: v, dynamic: null });
  if (lang.bangOperand === true) for (let k = 1; k < view.words.length; k++) if ((view.args[k] as string).startsWith("!")) out.push(view.words[k] as Word);
  if (lang.stdin(view, p)) {
    const fed = fedText(view.sc, view.facts);
    if (fed !== null) out.push(fed.word);
  }
  return out;
}

function languageOf(view: CommandView): [Language, ReturnType<typeof parseFlags> | null] {
  const lang = LANGUAGES[view.name] as Language;
  return [lang, lang.spec === undefined ? null : parseFlags(view.args, lang.spec, 1)];
}

function runLanguage(view: CommandView, env: Env): void {
  const [lang, p] = languageOf(view);
  for (const w of texts(view, lang, p)) {
    if (wholeDynamic(w)) {
      runString(view, w, env.at(w), env.nest, env.out, "commands");
      continue;
    }
    for (const cmd of lang.read(w.value)) {
      if (cmd === null) {
        const r = env.at(w);
        env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} is given a way to run shell commands it builds itself, which the analysis does not read; run the shell command directly.`, start: r[0], end: r[1] });
      } else if (cmd.trim() !== "") runString(view, { ...w, value: cmd, dynamic: null }, env.at(w), env.nest, env.out, `a shell command (${view.name} !)`);
    }
  }
}

export const commandLanguageUnwrapper: Unwrapper = {
  name: "command-language",
  commands: Object.keys(LANGUAGES).filter((n) => n !== "sftp"),
  unwrap: (v, e) => runLanguage(v, e),
  piped: (v, e) => {
    const [lang, p] = languageOf(v);
    // Commands from a pipe the line does not show (`curl … | ed`) run unseen, like a pipe to sh.
    if (v.sc.stage > 0 && lang.stdin(v, p) && fedText(v.sc, v.facts) === null && !(p !== null && (lang.commandOptions ?? []).some((n) => values(p, n).length > 0))) {
      pipeToShell(v, e, "runs the commands it reads, shell commands included");
    }
  },
};

/** sftp's batch file read from stdin (`sftp -b - host`): scpUnwrapper owns the name and calls this. */
export function sftpBatch(view: CommandView, env: Env): void {
  runLanguage(view, env);
}

/** sftp reading a batch from a pipe the line does not show. */
export function sftpPiped(view: CommandView, env: Env): void {
  const [lang, p] = languageOf(view);
  if (view.sc.stage > 0 && lang.stdin(view, p) && fedText(view.sc, view.facts) === null) pipeToShell(view, env, "runs the batch it reads, shell commands included");
}
