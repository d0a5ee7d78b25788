/** Shell code stored to run later: `trap 'cmd' EXIT`, `alias x='cmd'`, `export PROMPT_COMMAND='cmd'`. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { inheritFrom, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { runString } from "./strings.js";

export const trapUnwrapper: Unwrapper = { name: "trap", commands: ["trap"], unwrap: (v, e) => trapString(v, e.at, e.nest, e.out) };
export const aliasUnwrapper: Unwrapper = { name: "alias", commands: ["alias"], unwrap: (v, e) => aliasStrings(v, e.at, e.nest) };
export const promptCommandUnwrapper: Unwrapper = {
  name: "prompt-command",
  commands: ["export", "declare", "typeset", "local", "readonly"],
  unwrap: (v, e) => promptCommand(v, e.at, e.nest),
};

/** `trap 'cmd' SIGNAL...`: the string runs when the signal (or EXIT) arrives. */
function trapString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  let k = 1;
  if (view.args[k] === "--") k++;
  const action = view.words[k];
  // `trap -p`, `trap -l`, `trap SIG` (reset), `trap - SIG` (reset), `trap '' SIG` (ignore).
  if (action === undefined || k + 1 >= view.words.length || action.value === "-" || (action.value.startsWith("-") && k === 1 && action.value !== "--")) return;
  if (action.value === "") return;
  runString(view, action, at(action), nest, out, "a trap handler");
}

/** `alias name='cmd'`: the value is shell code that runs whenever the alias is used. */
function aliasStrings(view: CommandView, at: (w: Word) => [number, number], nest: Nest): void {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const eq = w.value.indexOf("=");
    if (eq <= 0) continue;
    nest(w.value.slice(eq + 1), at(w), inheritFrom(view));
  }
}


/** `export PROMPT_COMMAND='cmd'`: the string runs before every prompt. */
function promptCommand(view: CommandView, at: (w: Word) => [number, number], nest: Nest): void {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (w.value.startsWith("PROMPT_COMMAND=")) nest(w.value.slice(15), at(w), inheritFrom(view));
  }
}
