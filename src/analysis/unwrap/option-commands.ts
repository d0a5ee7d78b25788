/**
 * Commands hidden in another tool's options: `scp -S prog`, `rsync -e 'cmd'`, `tar --to-command`,
 * `tar --checkpoint-action=exec=cmd`, `tar -I prog`, `zip -TT cmd`, `vim -c ':!cmd'`. Each value is
 * parsed as shell code like `sh -c`; the tools' plain uses (`tar xzf a.tgz`, `vim notes.txt`) have
 * no such option and cost one scan of their words.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values } from "../flags.js";
import type { Nest, UnwrapResult, Unwrapper } from "./types.js";
import { optionString, sshOptions } from "./command-strings.js";
import { runString, valueWord } from "./strings.js";

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
  },
};

/** rsync `-e 'cmd'` / `--rsh=cmd`: the remote shell it runs (locally, with the host appended). */
export const rsyncUnwrapper: Unwrapper = {
  name: "rsync-shell",
  commands: ["rsync"],
  unwrap: (v, e) => {
    optionString(v, RSYNC_RSH, e.at, e.nest, e.out);
    for (let k = 1; k < v.args.length; k++) {
      const m = RSYNC_RSH.exec(v.args[k] as string);
      const value = m === null ? undefined : (m[1] || m[2]) ?? v.args[k + 1];
      if (value !== undefined) localProgram(v, value, e.at, e.out, "-e");
    }
  },
};

const RSYNC_RSH = /^-e(.+)$|^-e$|^--rsh(?:=(.*))?$/;

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

/** tar options whose value is a program or shell command tar runs. */
const TAR_COMMAND = /^--(?:to-command|use-compress-program|info-script|new-volume-script|rsh-command)(?:=([^]*))?$|^-I([^]*)$|^-F([^]*)$/;

export const tarUnwrapper: Unwrapper = { name: "tar-command", commands: ["tar", "gtar"], unwrap: (v, e) => tarCommands(v, e.at, e.nest, e.out) };

function tarCommands(view: CommandView, at: At, nest: Nest, out: UnwrapResult): void {
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (!a.startsWith("-")) continue;
    if (a === "--") break;
    const exec = /^--checkpoint-action=(?:exec|command)=([^]*)$/.exec(a);
    const m = exec ?? TAR_COMMAND.exec(a);
    if (m === null) continue;
    const attached = exec !== null ? exec[1] : m[1] ?? (m[2] || m[3] || undefined);
    if (attached !== undefined && attached !== "") valueCode(view, attached, at, nest, out, `a command (${a.split("=")[0]})`);
    else if (k + 1 < view.args.length) valueCode(view, view.args[k + 1] as string, at, nest, out, `a command (${a})`);
  }
}

/** zip `-TT cmd` / `--unzip-command cmd`: the command that tests the archive. */
export const zipUnwrapper: Unwrapper = {
  name: "zip-test-command",
  commands: ["zip"],
  unwrap: (v, e) => optionString(v, /^-TT(.+)$|^-TT$|^--unzip-command(?:=(.*))?$/, e.at, e.nest, e.out),
};

/** vim and its kin: `-c CMD`, `+CMD`, `--cmd CMD` run Ex commands; `:!cmd` is a shell command. */
export const vimUnwrapper: Unwrapper = {
  name: "vim-ex-command",
  commands: ["vim", "vi", "nvim", "view", "vimdiff", "gvim", "ex", "rvim", "evim"],
  unwrap: (v, e) => vimCommands(v, e.at, e.nest, e.out),
};

/** An Ex command that runs shell code it does not show as `!cmd`: `:call system(...)`, `:terminal`, `:py`, ... */
const EX_OPAQUE = /^(?:(?:call|exe(?:cute)?|echo|let)\b.*\b(?:system|systemlist|jobstart|termopen|libcall)\s*\(|ter(?:minal)?\b|sh(?:ell)?\b|py(?:thon)?3?\b|pyx?\b|lua\b|perl\b|ruby\b|rub\b)/;

function vimCommands(view: CommandView, at: At, nest: Nest, out: UnwrapResult): void {
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    const next = view.words[k + 1];
    let ex: Word | null = null;
    if ((a === "-c" || a === "--cmd") && next !== undefined) ex = next;
    else if (a.startsWith("+") && a.length > 1) ex = { ...(view.words[k] as Word), value: a.slice(1) };
    if (ex === null) continue;
    // Ex commands separated by `|` (a `!` command takes the rest of the line, bars included).
    const text = ex.value.replace(/^[\s:]+/, "");
    // `:!cmd`, a filter `:%!cmd`, `:r !cmd`, `:w !cmd`: the rest of the line is a shell command.
    const bang = /^(?:[%\d,.$]*|r(?:ead)?\s*|w(?:rite)?\s*)!([^]*)$/.exec(text);
    if (bang !== null) runString(view, { ...ex, value: bang[1] as string, dynamic: null }, at(ex), nest, out, "a shell command (:!)");
    else if (EX_OPAQUE.test(text)) {
      const r = at(ex);
      out.findings.push({ id: "shell/opaque-code", message: `${view.name} runs the Ex command '${text}', which can run shell code the analysis does not read; run the shell command directly.`, start: r[0], end: r[1] });
    }
  }
}

/** An option's value that is shell code: parsed, or a finding when only known at run time. */
function valueCode(view: CommandView, value: string, at: At, nest: Nest, out: UnwrapResult, what: string): void {
  const w = valueWord(view, value) ?? (view.words[0] as Word);
  runString(view, { ...w, value }, at(w), nest, out, what);
}
