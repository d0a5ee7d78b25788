/**
 * Shells given a string: `bash -c '...'`, a heredoc or herestring fed to a shell, `eval ...`,
 * and `su -c '...'` / `runuser -l u -c` / `sg group '...'` (the string runs as someone else).
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { inheritFrom, type Env, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { runWritten, stdinWritten } from "./written.js";
import { isStdinPath, runString, shellQuote, stdinScript, valueWord } from "./strings.js";
import { SHELLS } from "./wrappers.js";
import { SHELL_FLAGS, SU_FLAGS } from "./shell-flags.js";

export const shellUnwrapper: Unwrapper = { name: "shell-string", commands: [...SHELLS], unwrap: (v, e) => shellString(v, e.at, e.nest, e.out, e) };
export const evalUnwrapper: Unwrapper = { name: "eval", commands: ["eval"], unwrap: (v, e) => evalString(v, e.span, e.nest, e.out) };
export const suUnwrapper: Unwrapper = { name: "su-string", commands: ["su", "runuser", "sg"], unwrap: (v, e) => suString(v, e.at, e.nest, e.out) };

/** fish's options: -c and -C (--init-command) take code; -C is not bash's noclobber here. */
const FISH_FLAGS: FlagSpec = {
  // -c as a flag, as for bash: the script is the first operand (`fish -c 'cmd' arg`).
  short: { c: "command", i: "interactive", l: "login", N: "no-config", n: "no-execute", P: "private", v: "version", h: "help" },
  shortValue: { C: "init-command", d: "debug", o: "debug-output", f: "features", p: "profile" },
  long: { interactive: "interactive", login: "login", "no-config": "no-config", "no-execute": "no-execute", private: "private", version: "version", help: "help", "print-rusage-self": "rusage", "print-debug-categories": "categories" },
  longValue: { command: "command-string", "init-command": "init-command", debug: "debug", "debug-output": "debug-output", features: "features", profile: "profile", "profile-startup": "profile", "debug-stack-frames": "frames" },
  stopAtOperand: true,
};

/** `bash -c STRING`: parse STRING again. Returns true when the view only wraps what it parsed. */
export function shellString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult, env?: Env): boolean {
  // `+o opt` / `+x`: bash's "unset option" spelling; not an operand.
  const keep: number[] = [];
  for (let k = 0; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (k > 0 && a.startsWith("+")) continue;
    // `+o name`, `+O shopt`: the option's name is the next word.
    if (k > 1 && (view.args[k - 1] === "+o" || view.args[k - 1] === "+O")) continue;
    keep.push(k);
  }
  const args = keep.map((k) => view.args[k] as string);
  const p = parseFlags(args, view.name === "fish" ? FISH_FLAGS : SHELL_FLAGS, 1);
  // fish -C / --init-command runs before anything else, -c or not.
  for (const init of values(p, "init-command")) {
    const w = valueWord(view, init);
    if (w !== null) runString(view, { ...w, value: init }, at(w), nest, out, "an init command");
  }
  const longCommand = p.flags.get("command-string");
  if (longCommand !== undefined || has(p, "command")) {
    const k = longCommand !== undefined ? view.args.findIndex((a, j) => j > 0 && a === longCommand[0]) : keep[p.rest] ?? -1;
    // `--command=STRING`: the string is the end of that word.
    const attached = longCommand !== undefined && k <= 0 ? valueWord(view, longCommand[0] as string) : null;
    if (attached !== null) return runString(view, attached, at(attached), nest, out, "a script");
    const w = view.words[k] as Word | undefined;
    if (w === undefined || k <= 0) {
      // `… | xargs sh -c`: the script is the first word xargs reads.
      if (view.argsUnknown) {
        const first = view.words[0] as Word;
        out.findings.push({ id: "shell/pipe-to-shell", message: `${view.name} -c takes its script from the input xargs reads, unseen; write the script out.`, start: at(first)[0], end: at(first)[1] });
      }
      return false;
    }
    // `sh -c 'SCRIPT' NAME ARG…`: the words after NAME are the script's $1….
    return runString(view, w, at(w), nest, out, "a script", view.words.slice(k + 2));
  }
  const operand = p.rest < args.length ? keep[p.rest] : undefined;
  if (operand !== undefined && !has(p, "stdin") && !isStdinPath(view.args[operand] as string)) {
    const w = view.words[operand] as Word;
    if (w.dynamic && /^[<>]\(/.test(w.value)) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs a script produced by '${w.value}', which cannot be seen before it runs. Download it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
    }
    // `echo 'cmd' > x.sh; bash x.sh`: the line wrote the script; its text is read.
    if (env !== undefined) runWritten(view, env, w, view.name);
    return false;
  }
  // No -c and no script file: the script is stdin. A heredoc or herestring is read here.
  if (env !== undefined) stdinWritten(view, env, view.name);
  return stdinScript(view, at, nest, out);
}

function evalString(view: CommandView, span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const first = view.words[0] as Word;
  const r = span(first, first);
  out.findings.push({ id: "shell/eval", message: "eval runs its arguments as shell code assembled at run time; run the command directly instead.", start: r[0], end: r[1] });
  if (view.words.length > 1) {
    nest(view.args.slice(1).join(" "), span(view.words[1] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
  }
}

const AST_GREP: ReadonlySet<string> = new Set(["run", "scan", "test", "new", "lsp", "completions", "help"]);

/**
 * `su [-] [user] -c 'cmd'`, `runuser -l user -c 'cmd'` (runuser -u is a plain wrapper), `sg group
 * [-c] 'cmd'`: the string runs as another user or group. Returns true when a string was parsed.
 */
function suString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): boolean {
  // `sg` is also ast-grep (`sg run --pattern ...`, `sg -p ...`); shadow's sg takes only `-` and `-c`.
  if (view.name === "sg" && (AST_GREP.has(view.args[1] as string) || view.args.some((a, k) => k > 0 && a.startsWith("-") && a !== "-" && a !== "-c"))) return false;
  const p = parseFlags(view.args, SU_FLAGS, 1);
  // The view itself runs as someone else: privileged, allow rules may match only up to here.
  view.privileged = true;
  const c = values(p, "command")[0];
  // `-s PROG`: the "shell" su runs; a program that is not a shell reads the words as its own.
  const shell = values(p, "shell")[0];
  const program = shell !== undefined && !SHELLS.has(shell.slice(shell.lastIndexOf("/") + 1)) ? shell : null;
  const ops = p.operands.filter((o) => view.args[o] !== "-");
  if (c !== undefined) {
    const w = valueWord(view, c);
    if (w === null) return false;
    // `su -s /usr/bin/python3 root -c CODE`: the program is given `-c CODE`.
    if (program !== null && view.name !== "sg") {
      nest(`${shellQuote(program)} -c ${view.facts.source.slice(w.start, w.end)}`, at(w), inheritFrom(view));
      return true;
    }
    return runString(view, w, at(w), nest, out, "a command string");
  }
  // sg group 'cmd': the command after the group goes to /bin/sh -c.
  if (view.name === "sg") {
    const cmd = ops[1];
    if (cmd !== undefined) return runString(view, view.words[cmd] as Word, at(view.words[cmd] as Word), nest, out, "a command string");
    return false;
  }
  // `su root -- -c 'cmd'`, `su -s /bin/rm root -- -rf ~`: the words after the user are the
  // shell's (or the program's) arguments.
  const rest = ops.slice(1).map((o) => view.words[o] as Word);
  if (rest.length === 0) return false;
  const first = rest[0] as Word;
  const last = rest[rest.length - 1] as Word;
  nest(`${program !== null ? shellQuote(program) : "sh"} ${view.facts.source.slice(first.start, last.end)}`, [at(first)[0], at(last)[1]], inheritFrom(view));
  return true;
}
