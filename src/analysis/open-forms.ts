/**
 * The forms of a command that reads more arguments at run time: `xargs git` runs git with words
 * from stdin, so the rules must see `git` followed by anything (`git push` among them). Each form is
 * cut where the unknown words start: at the end, or at the first word filled in at run time
 * (`xargs -I{} git {}` → `git`). A command that would take the program to run from those words
 * (`xargs sudo`, `xargs sh -c`) could be any command: its forms include "" (matches every deny rule).
 *
 * Only arguments from stdin (xargs, parallel) count: `find -exec cmd {}` fills in paths under the
 * roots it names, which the rules see as written.
 */

import type { Word } from "../facts/types.js";
import type { CommandView } from "./command.js";
import { argsSource } from "./checks/deletion-targets.js";
import { KNOWN } from "./unwrap/table.js";
import { SHELLS } from "./unwrap/wrappers.js";

/** A shell option cluster holding `c` (`-c`, `-ec`, `-xc`): the script is the next word. */
const SHELL_C = /^-[A-Za-z]*c[A-Za-z]*$/;

/** GNU parallel's input sources after its command (`::: a b`, `:::: file`): their words are appended at run time. */
const PARALLEL_SOURCES: ReadonlySet<string> = new Set([":::", "::::", ":::+", "::::+"]);

/**
 * A word xargs fills in wholly from stdin (`-I{}`'s replace string): dynamic from end to end, and
 * no expansion of the shell's (`$TOOL`, `$(…)`), which is judged as a dynamic name anywhere.
 */
function filledFromStdin(w: Word): boolean {
  const d = w.dynamic;
  return d !== null && d.length === 1 && d[0]![0] === 0 && d[0]![1] === w.value.length && !/[$`]/.test(w.value);
}

/**
 * Where the words known only at run time start in `view.words`: the name itself when xargs fills
 * it in, else the first dynamic argument, else parallel's first input source, else the end.
 */
export function unknownFrom(view: CommandView): number {
  const words = view.words;
  if (words.length > 0 && filledFromStdin(words[0]!)) return 0;
  const parallel = view.wrappers.includes("parallel");
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    if (w.dynamic !== null || (parallel && PARALLEL_SOURCES.has(w.value))) return k;
  }
  return words.length;
}

/** The fixed part of each form (same order as `view.forms`), then "" when any command could run; undefined when no argument is unknown. */
export function openForms(view: CommandView): string[] | undefined {
  if (argsSource(view) !== "stdin") return undefined;
  return cutAt(view, unknownFrom(view), true);
}

/** The open forms of a command that could be any program: every deny and ask rule matches "". */
const ANY_COMMAND: readonly string[] = Object.freeze([""]);

/**
 * A program chosen at run time by the shell's own expansions: a name known only then (`$CMD -rf
 * x`, `sudo $CMD`, `"$EDITOR" f`) or a shell whose script is (`bash -c "$S"`) could be any
 * program, so every deny and ask rule matches it. A path whose directory alone is dynamic
 * (`$HOME/bin/rm`) still names its program. Run-time ARGUMENTS of a named program (`git $X`) are
 * not opened: the words on the line are what rules see (docs/engine.md). O(words): no form is
 * rebuilt, so nested words stay linear.
 */
export function dynamicOpenForms(view: CommandView): string[] | undefined {
  const words = view.words;
  if (words.length === 0) return undefined;
  let k = words[0]!.dynamic === null || staticBasename(words[0]!) ? 1 : 0;
  while (k < words.length && words[k]!.dynamic === null) k++;
  // A wrapper's command is unwrapped into a view of its own, which is judged by its own words.
  if (k >= words.length || !runsUnknownCommand(view, k, false)) return undefined;
  return ANY_COMMAND as string[];
}

/** A `/` follows the word's last dynamic span (read from there on only, so nested words stay linear). */
function staticBasename(w: Word): boolean {
  const spans = w.dynamic!;
  const value = w.value;
  for (let i = spans[spans.length - 1]![1]; i < value.length; i++) if (value.charCodeAt(i) === 47) return true;
  return false;
}

function cutAt(view: CommandView, known: number, wrappers: boolean): string[] {
  const args = view.args;
  const tail = known >= args.length ? "" : (known === 0 ? "" : " ") + args.slice(known).join(" ");
  const out = view.forms.map((f) => (tail !== "" && f.endsWith(tail) ? f.slice(0, f.length - tail.length).trimEnd() : f));
  if (runsUnknownCommand(view, known, wrappers)) out.push("");
  return out;
}

/**
 * Does the program this one runs come from the unknown words? The name itself is unknown, a
 * wrapper ran out of words (`xargs sudo`, `xargs env`, `xargs timeout 5`), or a shell has no
 * script among the known words (`xargs sh -c`, `xargs -I{} bash -c {}`).
 */
function runsUnknownCommand(view: CommandView, known: number, wrappers: boolean): boolean {
  if (known === 0) return true;
  const name = view.name;
  if (view.wrapperOnly) return false;
  if (KNOWN.get(name)?.wrapper !== undefined) return wrappers;
  if (!SHELLS.has(name)) return false;
  const args = view.args;
  for (let k = 1; k < known; k++) {
    const a = args[k]!;
    if (SHELL_C.test(a)) return k + 1 >= known;
    // A script file named before the unknown words: what it runs is not on the line either way.
    if (!a.startsWith("-") && !a.startsWith("+")) return false;
  }
  return true;
}
