/**
 * The go command's options that run a program of the caller's choosing: `go test -exec 'prog
 * args'` and `go run -exec prog` run the built binary through it, `-toolexec 'cmd args'` runs
 * every compiler and linker step through it (any build subcommand). The value is a command line
 * (split on blanks), read as one.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { valueWord } from "./strings.js";

export const goExecUnwrapper: Unwrapper = { name: "go-exec", commands: ["go"], unwrap: (v, e) => goExec(v, e) };

const OPTION = /^--?(exec|toolexec)(?:=([^]*))?$/;

function goExec(view: CommandView, env: Env): void {
  const args = view.args;
  for (let k = 2; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "--") break;
    const m = OPTION.exec(a);
    // `go run PKG args`: what follows the package is the program's.
    if (m === null && args[1] === "run" && !a.startsWith("-")) break;
    if (m === null) continue;
    const value = m[2] ?? args[k + 1];
    if (value === undefined || value === "") continue;
    const w: Word = (m[2] !== undefined ? valueWord(view, value) : (view.words[k + 1] as Word | undefined)) ?? (view.words[k] as Word);
    env.nest(value, env.at(w), inheritFrom(view));
    if (m[2] === undefined) k++;
  }
}
