/**
 * Code run later or elsewhere: `tmux new -d 'cmd'`, `screen -dm cmd`, `at now <<< 'cmd'`,
 * `echo 'cmd' | at now`, `… | crontab -`, `expect -c '…'`. The code is parsed when it is on the
 * line (tmux and screen are wrappers, at's heredoc is its script); when it is not (a pipe, Tcl)
 * it is a finding.
 */

import { TMUX_HOLDERS, tmuxHeld } from "./tmux-commands.js";
import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, letters, parseFlags, type FlagSpec } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { commandWords, shellQuote, stdinScript } from "./strings.js";
import { printedBy } from "./printed.js";
import type { Wrapper, WrapperHit } from "./wrappers.js";

/** tmux commands that take a shell command as their trailing operands, with their value options. */
const TMUX_SHELL_COMMANDS: ReadonlyMap<string, string> = new Map([
  ...["new-session", "new"].map((n): [string, string] => [n, "cefnstxyF"]),
  ...["new-window", "neww"].map((n): [string, string] => [n, "cenFt"]),
  ...["split-window", "splitw"].map((n): [string, string] => [n, "celFpt"]),
  ...["respawn-pane", "respawnp", "respawn-window", "respawnw"].map((n): [string, string] => [n, "cet"]),
  ...["run-shell", "run"].map((n): [string, string] => [n, "cdt"]),
  ...["display-popup", "popup"].map((n): [string, string] => [n, "bcdehsStTwxy"]),
  ...["pipe-pane", "pipep"].map((n): [string, string] => [n, "t"]),
  ...["if-shell", "if"].map((n): [string, string] => [n, "t"]),
]);

const TMUX_GLOBAL: FlagSpec = { short: letters("2CDhlNuvV"), shortValue: letters("cfLST"), stopAtOperand: true };

/** tmux's full names of the commands above: a unique prefix of one is that command (`new-sess`, `run-sh`). */
const TMUX_LONG_NAMES = [...TMUX_SHELL_COMMANDS.keys()].filter((n) => n.includes("-"));

/** The canonical name of a tmux command as written (alias, full name or prefix), or the word itself. */
function tmuxName(word: string): string {
  if (TMUX_SHELL_COMMANDS.has(word) || word === "send-keys" || word === "send" || TMUX_HOLDERS.has(word)) return word;
  if (word.length < 3 || !/^[a-z-]+$/.test(word)) return word;
  // A prefix of several is an error to tmux: reading it as the first runs nothing it would not.
  return TMUX_LONG_NAMES.find((n) => n.startsWith(word)) ?? ("send-keys".startsWith(word) ? "send-keys" : word);
}

/** tmux's commands on one line, split at `;` words (`tmux ls \; new -d 'cmd'`): [from, to) of each. */
function tmuxSegments(args: readonly string[], from: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = from;
  for (let k = from; k < args.length; k++) {
    if (args[k] !== ";") continue;
    if (k > start) out.push([start, k]);
    start = k + 1;
  }
  if (start < args.length) out.push([start, args.length]);
  return out;
}

/** One tmux command's shell command: [first, end) of its words, or null. */
function tmuxShell(args: readonly string[], [from, to]: [number, number]): [number, number] | null {
  const sub = tmuxName(args[from] as string);
  const valued = TMUX_SHELL_COMMANDS.get(sub);
  if (valued === undefined) return null;
  const all = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const spec: FlagSpec = { short: letters([...all].filter((l) => !valued.includes(l)).join("")), shortValue: letters(valued), stopAtOperand: true };
  const p = parseFlags(args.slice(0, to), spec, from + 1);
  if (p.rest >= to) return null;
  // if-shell's first operand alone is the shell command (the others are tmux commands).
  return [p.rest, sub === "if-shell" || sub === "if" ? p.rest + 1 : to];
}

/**
 * `tmux [-c cmd] SUBCOMMAND [opts] [shell-command]`: the command is run by the default shell. A
 * wrapper for one such command; several commands (`\;`) or if-shell are read by tmuxUnwrapper.
 */
export const tmuxWrapper: Wrapper = (args) => {
  const g = parseFlags(args, TMUX_GLOBAL, 1);
  const c = g.flags.get("c")?.[0];
  if (c !== undefined) {
    const k = args.indexOf(c, 1);
    if (k > 0) return { inner: k, shellString: true, shellEnd: k + 1 };
  }
  const segments = tmuxSegments(args, g.rest);
  const first = segments[0];
  if (segments.length !== 1 || first === undefined || /^if(?:-shell)?$/.test(tmuxName(args[first[0]] as string))) return null;
  const shell = tmuxShell(args, first);
  return shell === null ? null : { inner: shell[0], shellString: true, shellEnd: shell[1] };
};

const SCREEN: FlagSpec = {
  short: letters("aAdDfimOqrRUxlw"),
  shortValue: letters("ceEhpsStTX"),
  long: { version: "version", help: "help" },
  longValue: { Logfile: "Logfile" },
  stopAtOperand: true,
};

/** `screen [-dmS name] cmd args`: the command runs in a new (possibly detached) session. */
export const screenWrapper: Wrapper = (args): WrapperHit | null => {
  if (args.some((a, k) => k > 0 && /^-(?:ls|list|wipe|r|R|x|X|Q)$/.test(a))) return null;
  const p = parseFlags(args, SCREEN, 1);
  return p.rest < args.length && !has(p, "X") ? { inner: p.rest } : null;
};

/** Key names tmux sends as keys rather than text (`Enter`, `C-m`, `Escape`, ...). */
const TMUX_KEY = /^(?:Enter|KPEnter|Escape|Tab|BSpace|Space|Up|Down|Left|Right|Home|End|[CMS]-.+|\^.)$/;

/**
 * `tmux send-keys -t pane 'cmd' Enter`, `screen -X stuff 'cmd\n'`: text typed into a session's
 * shell is the same as running it there; it is parsed.
 */
export const typedKeysUnwrapper: Unwrapper = {
  name: "typed-keys",
  commands: ["tmux", "screen"],
  unwrap: (v, e) => {
    if (v.name === "tmux") return tmuxCommands(v, e);
    const x = v.args.indexOf("-X");
    if (x < 0) return;
    const span = e.span(v.words[0] as Word, v.words[v.words.length - 1] as Word);
    screenCommand(v.args.slice(x + 1), (code) => e.nest(code, span, inheritFrom(v)), 0);
  },
};

/** A window's fd pattern before exec's command (`exec !.. cmd`, `exec .!. cmd`). */
const FD_PATTERN = /^[.!:|]+$/;
/** Options of screen's own `screen` command that take a value. */
const SCREEN_VALUE = /^-(?:t|T|h|fn|ln|Ln|M|O)$/;

/**
 * One screen command sent with `-X`: `stuff TEXT` types TEXT into the window's shell; `exec
 * [fdpat] cmd args` and `screen [opts] cmd args` run a program; `eval 'cmd' …` runs each string as
 * a screen command. `run` gets the shell code each means.
 */
function screenCommand(words: readonly string[], run: (code: string) => void, depth: number): void {
  const [verb, ...rest] = words;
  if (verb === "stuff" && rest[0] !== undefined) run(rest[0].replace(/(?:\\[nr]|\^M)/g, "\n"));
  else if (verb === "exec" || verb === "screen") {
    let k = 0;
    if (verb === "exec" && FD_PATTERN.test(rest[0] ?? "")) k++;
    while (verb === "screen" && (rest[k] ?? "").startsWith("-")) k += SCREEN_VALUE.test(rest[k] as string) ? 2 : 1;
    if (k < rest.length) run(rest.slice(k).map(shellQuote).join(" "));
  } else if (verb === "eval" && depth < 4) {
    for (const line of rest) screenCommand(screenWords(line), run, depth + 1);
  }
}

/** A screen command line's words: blanks split them, quotes group them (and are removed). */
function screenWords(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

/** Each command of a tmux line: keys typed, shell commands run, and if-shell's tmux commands read as tmux lines. */
function tmuxCommands(v: CommandView, e: Env): void {
  const args = v.args;
  const span = e.span(v.words[0] as Word, v.words[v.words.length - 1] as Word);
  for (const seg of tmuxSegments(args, parseFlags(args, TMUX_GLOBAL, 1).rest)) {
    const sub = tmuxName(args[seg[0]] as string);
    if (sub === "send-keys" || sub === "send") {
      const p = parseFlags(args.slice(0, seg[1]), { short: letters("FHKlMRX"), shortValue: letters("Nct"), stopAtOperand: true }, seg[0] + 1);
      const text = args.slice(p.rest, seg[1]).filter((a) => !TMUX_KEY.test(a));
      if (text.length > 0) e.nest(text.join(" "), span, inheritFrom(v));
      continue;
    }
    if (tmuxHeld(v, e, args, seg, sub)) continue;
    const shell = tmuxShell(args, seg);
    if (shell === null) continue;
    // tmux runs one word through the shell, several as an argv (`tmux new sh -c 'cmd'`).
    e.nest(commandWords(v.words.slice(shell[0], shell[1])), span, inheritFrom(v));
    // `if-shell COND 'tmux command' ['tmux command']`: each is a tmux command line of its own.
    if (sub === "if-shell" || sub === "if") for (const then of args.slice(shell[1], seg[1])) e.nest(`tmux ${then}`, span, inheritFrom(v));
  }
}

/** `at TIME <<< 'cmd'`, `batch <<EOF`: the script is stdin; piped in, it is unseen. */
export const atUnwrapper: Unwrapper = {
  name: "at",
  commands: ["at", "batch"],
  unwrap: (v, e) => {
    if (v.args.some((a, k) => k > 0 && /^-[a-zA-Z]*[lrcd]$/.test(a))) return;
    stdinScript(v, e.at, e.nest, e.out);
  },
  piped: (v, e) => pipedCode(v, e, v.args.some((a, k) => k > 0 && /^-[a-zA-Z]*f/.test(a)) ? null : "at"),
};

/** `… | crontab -`: the crontab's lines are read from the pipe; a literal one is parsed. */
export const crontabUnwrapper: Unwrapper = {
  name: "crontab",
  commands: ["crontab"],
  piped: (v, e) => pipedCode(v, e, v.args.some((a, k) => k > 0 && (a === "-" || !a.startsWith("-"))) || v.args.length === 1 ? "crontab" : null),
};

/** `expect -c 'spawn …'` runs Tcl, which the analysis does not read; from a pipe it is unseen. */
export const expectUnwrapper: Unwrapper = {
  name: "expect",
  commands: ["expect"],
  unwrap: (v, e) => {
    for (let k = 1; k < v.words.length; k++) {
      if (v.args[k] !== "-c") continue;
      const w = (v.words[k + 1] ?? v.words[k]) as Word;
      e.out.findings.push({ id: "shell/opaque-code", message: `expect -c runs a Tcl program ('${w.value.slice(0, 60)}'), whose spawned commands are not analysed; run the commands directly.`, start: e.at(w)[0], end: e.at(w)[1] });
      return;
    }
  },
  piped: (v, e) => pipedCode(v, e, v.args.length === 1 || v.args[1] === "-" ? "expect" : null),
};

/**
 * What a runner reads from a pipe: the previous stage's literal text (`echo 'cmd' | at now`) is
 * parsed as its code; anything else is a pipe-to-shell finding.
 */
function pipedCode(view: CommandView, env: Env, runner: "at" | "crontab" | "expect" | null): void {
  if (runner === null || view.sc.stage <= 0) return;
  const text = runner === "expect" ? null : groupText(view, runner === "crontab");
  if (text !== null) {
    const code = runner === "crontab" ? text.split("\n").map(cronCommand).filter((c) => c !== "").join("\n") : text;
    env.nest(code, env.at(view.words[0] as Word), inheritFrom(view));
    return;
  }
  const first = view.words[0] as Word;
  env.out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.name} runs whatever the previous command prints, later and unseen; write the job out and read it first.`, start: env.at(first)[0], end: env.at(first)[1] });
}

/** Commands that only pass on or reorder the lines of `crontab -l` (no program of theirs runs). */
const LINE_FILTERS: ReadonlySet<string> = new Set(["grep", "sort", "uniq", "head", "tail", "cat"]);

/**
 * What the pipeline before `view` prints, when all of it is text written on the line: `echo 'cmd'
 * |`, `(echo a; printf b) |`; for crontab also the user's own jobs, `(crontab -l; echo '0 5 * * *
 * job') |`, `{ crontab -l | grep -v x; printf …; } |` (unseen, but not new). Anything else in the
 * group (a download, a file, a filter that can run a program) leaves the text unseen: null.
 */
function groupText(view: CommandView, crontab: boolean): string | null {
  const sc = view.sc;
  const facts = view.facts;
  // Every command before this one in its pipeline, and all inside their groups (nested pipelines too).
  let start = sc.start;
  for (const c of facts.commands) {
    if (c.pipeline !== sc.pipeline || c.stage < 0 || c.stage >= sc.stage) continue;
    start = Math.min(start, c.start);
    for (let p = c.parent; p >= 0; p = (facts.constructs[p] as (typeof facts.constructs)[number]).parent) {
      const k = facts.constructs[p] as (typeof facts.constructs)[number];
      if (k.end > sc.start) break;
      start = Math.min(start, k.start);
    }
  }
  const group = facts.commands.filter((c) => c.start >= start && c.end <= sc.start);
  if (group.length === 0) return null;
  let text = "";
  for (const c of group) {
    const argv = c.argv.map((w) => (w.dynamic === null ? w.value : null));
    if (argv.includes(null)) return null;
    const [name, ...args] = argv as string[];
    if (crontab && name === "crontab" && args.includes("-l") && args.every((a, k) => a === "-l" || a === "-u" || args[k - 1] === "-u")) continue;
    if (crontab && name !== undefined && LINE_FILTERS.has(name) && c.stage > 0 && args.every((a) => a.startsWith("-") || name === "grep")) continue;
    const printed = printedBy(c, facts, null);
    if (printed === null || !printed.exact) return null;
    text += printed.newline === true || group.length > 1 ? `${printed.word.value}\n` : printed.word.value;
  }
  return text;
}

/** The command of a crontab line: after five time fields or an `@reboot`-style nickname. */
export function cronCommand(line: string): string {
  const t = line.trim();
  if (t === "" || t.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(t)) return "";
  const m = /^(?:@\w+|(?:\S+\s+){4}\S+)\s+([^]*)$/.exec(t);
  const command = m?.[1] ?? t;
  // cron ends the command at the first `%` not escaped with `\` (the rest is its stdin), and
  // turns `\%` into `%`: `rm -rf ~%` runs `rm -rf ~`.
  const cut = /(?:^|[^\\])%/.exec(command);
  const head = cut === null ? command : command.slice(0, cut.index + (cut[0].length - 1));
  return head.replace(/\\%/g, "%");
}
