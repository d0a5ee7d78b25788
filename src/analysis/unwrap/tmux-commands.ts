/**
 * tmux commands that hold other commands for later: `set-hook NAME 'cmd'`, `bind KEY cmd args`,
 * `confirm-before 'cmd'` and `command-alias` hold tmux commands; `default-command` and
 * `default-shell` are what every new pane runs; a format's `#(cmd)` (`status-right`, `display
 * -p`) runs a shell command each time it is drawn; `source-file /dev/stdin` reads tmux commands.
 * Each tmux command is read as a `tmux …` line of its own, each shell command parsed.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { letters, parseFlags, type FlagSpec } from "../flags.js";
import { stdinFed } from "./stdin-feeds.js";
import { fedText } from "./printed.js";
import { inheritFrom, type Env } from "./types.js";
import { isStdinPath, madeAtRunTime, wordsSource } from "./strings.js";

const spec = (flags: string, valued: string): FlagSpec => ({ short: letters(flags), shortValue: letters(valued), stopAtOperand: true });

const SET_HOOK = spec("agpRuw", "t");
const BIND = spec("nr", "TN");
const CONFIRM = spec("by", "cpt");
const SET_OPTION = spec("aFgopqsuUw", "t");
const DISPLAY = spec("aINpv", "cdt");
const SOURCE = spec("Fnqv", "t");

/** The commands read here, by full name and alias (`display` is display-message, not a prefix of display-popup). */
export const TMUX_HOLDERS: ReadonlySet<string> = new Set(["set-hook", "bind-key", "bind", "confirm-before", "confirm", "set-option", "set", "set-window-option", "setw",
  "display-message", "display", "source-file", "source"]);

/** What one tmux command `args[from..to)` holds for later; false when it holds nothing this module reads. */
export function tmuxHeld(v: CommandView, e: Env, args: readonly string[], [from, to]: [number, number], sub: string): boolean {
  const span = e.span(v.words[0] as Word, v.words[v.words.length - 1] as Word);
  const seg = args.slice(0, to);
  const tmux = (text: string): void => e.nest(`tmux ${text}`, span, inheritFrom(v));
  const shell = (text: string): void => e.nest(text, span, inheritFrom(v));
  const formats = (k0: number): void => {
    for (let k = k0; k < to; k++) for (const cmd of formatCommands(args[k] as string)) shell(cmd);
  };
  switch (sub) {
    case "set-hook": {
      const p = parseFlags(seg, SET_HOOK, from + 1);
      if (p.rest + 1 < to) tmux(args[p.rest + 1] as string);
      return true;
    }
    case "bind-key":
    case "bind": {
      const p = parseFlags(seg, BIND, from + 1);
      if (p.rest + 1 < to) tmux(wordsSource(v.words.slice(p.rest + 1, to)));
      return true;
    }
    case "confirm-before":
    case "confirm": {
      const p = parseFlags(seg, CONFIRM, from + 1);
      if (p.rest < to) tmux(args[p.rest] as string);
      return true;
    }
    case "set-option":
    case "set":
    case "set-window-option":
    case "setw": {
      const p = parseFlags(seg, SET_OPTION, from + 1);
      const option = args[p.rest] ?? "";
      const value = args[p.rest + 1];
      if (value === undefined || p.rest + 1 >= to) return true;
      if (/^default-(?:command|shell)$/.test(option)) shell(value);
      else if (/^command-alias/.test(option)) tmux(value.slice(value.indexOf("=") + 1));
      else formats(p.rest + 1);
      return true;
    }
    case "display-message":
    case "display": {
      formats(parseFlags(seg, DISPLAY, from + 1).rest);
      return true;
    }
    case "source-file":
    case "source": {
      const p = parseFlags(seg, SOURCE, from + 1);
      if (args.slice(p.rest, to).some((f) => isStdinPath(f))) {
        const lines = stdinLines(v);
        for (const line of lines) tmux(line);
        // `curl … | tmux source-file -`: tmux commands from the pipe, unseen.
        if (lines.length === 0 && fedText(v.sc, v.facts) === null && stdinFed(v)) e.out.findings.push({ id: "shell/pipe-to-shell", message: "tmux source-file reads tmux commands (run-shell runs shell commands) from the pipe, unseen; write them to a file, read it, then source that.", start: span[0], end: span[1] });
      }
      // `tmux source-file <(curl …)`: a file made at run time.
      for (let k = p.rest; k < to; k++) {
        const w = v.words[k];
        if (w !== undefined && madeAtRunTime(w)) {
          e.out.findings.push({ id: "shell/dynamic-script", message: `tmux source-file reads tmux commands from '${w.value}', made at run time and unseen; write them to a file, read it, then source that.`, start: span[0], end: span[1] });
        }
      }
      return true;
    }
  }
  return false;
}

/** The shell commands of a format: each `#(cmd)`, parentheses balanced. */
export function formatCommands(format: string): string[] {
  const out: string[] = [];
  for (let i = format.indexOf("#("); i >= 0; i = format.indexOf("#(", i + 2)) {
    let depth = 1;
    let k = i + 2;
    for (; k < format.length && depth > 0; k++) {
      if (format[k] === "(") depth++;
      else if (format[k] === ")") depth--;
    }
    out.push(format.slice(i + 2, depth === 0 ? k - 1 : k));
  }
  return out;
}

/** The lines fed on stdin (printed.ts `fedText`), blank lines and comments apart. */
function stdinLines(v: CommandView): string[] {
  const fed = fedText(v.sc, v.facts);
  return (fed === null ? [] : fed.word.value.split("\n")).filter((l) => l.trim() !== "" && !l.trim().startsWith("#"));
}
