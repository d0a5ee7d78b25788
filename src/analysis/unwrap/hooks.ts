/**
 * Shell code stored to run later: `trap 'cmd' EXIT`, `alias x='cmd'`, `export PROMPT_COMMAND='cmd'`,
 * `bind -x '"key":cmd'`, `complete -C 'cmd' name`; and `enable -f lib.so`, which loads a builtin
 * whose code cannot be seen.
 */

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

/** `bind -x '"\C-x":cmd'`: the command runs when the key is pressed. */
export const bindUnwrapper: Unwrapper = {
  name: "bind-x",
  commands: ["bind"],
  unwrap: (v, e) => {
    for (let k = 1; k < v.words.length; k++) {
      const w = v.words[k] as Word;
      const prev = v.args[k - 1] as string;
      if (!/^-[a-zA-Z]*x$/.test(prev)) continue;
      const m = /^\s*(?:"(?:[^"\\]|\\.)*"|[^\s:]+)\s*:\s*([^]*)$/.exec(w.value);
      const code = m?.[1]?.replace(/^"([^]*)"$/, "$1");
      if (code !== undefined) runString(v, { ...w, value: code, dynamic: null }, e.at(w), e.nest, e.out, "a key binding");
    }
  },
};

/** `complete -C 'cmd' name`: the command runs to produce completions. */
export const completeUnwrapper: Unwrapper = {
  name: "complete-command",
  commands: ["complete", "compgen"],
  unwrap: (v, e) => {
    for (let k = 2; k < v.words.length; k++) {
      if (!/^-[a-zA-Z]*C$/.test(v.args[k - 1] as string)) continue;
      const w = v.words[k] as Word;
      runString(v, w, e.at(w), e.nest, e.out, "a completion command");
    }
  },
};

/** `enable -f lib.so name`: loads a builtin from a shared object, code the analysis cannot read. */
export const enableUnwrapper: Unwrapper = {
  name: "enable-f",
  commands: ["enable"],
  unwrap: (v, e) => {
    const k = v.args.findIndex((a, j) => j > 0 && /^-[a-zA-Z]*f$/.test(a));
    const w = v.words[k + 1];
    if (k <= 0 || w === undefined) return;
    const r = e.at(w);
    e.out.findings.push({ id: "shell/opaque-code", message: `enable -f loads a builtin from '${w.value}', native code that cannot be checked; run a program you can read instead.`, start: r[0], end: r[1] });
  },
};
