/** A shell or interpreter reading its program from a pipe: `curl ... | sh`, `echo 'cmd' | bash`. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, parseFlags } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { catFeeds } from "./written.js";
import { printedBefore } from "./printed.js";
import { isStdinPath } from "./strings.js";
import { INTERPRETERS, SHELLS } from "./wrappers.js";
import { SHELL_FLAGS } from "./shell-flags.js";
import { languageOf } from "../interpreters/index.js";

export const pipeUnwrapper: Unwrapper = { name: "pipe", commands: [...INTERPRETERS], piped: (v, e) => pipeIntoInterpreter(v, e) };

/** `curl ... | sh`: a shell or interpreter reading its program from a pipe. */
function pipeIntoInterpreter(view: CommandView, env: Env): void {
  const { at, nest, out } = env;
  // Called for a pipe's later stage, and for a command fed from `>( … )`, a coproc or a descriptor.
  if (!readsProgramFromStdin(view)) return;
  // Text written on the line (`echo 'ls' | sh`, `printf 'print(1)' | python3`) is the program: a
  // shell's is parsed like `sh -c 'ls'`, an interpreter's read as its code (unwrap/interpreters.ts).
  // Only text printed exactly as read needs no finding: printf's other conversions are not run here.
  const piped = view.sc.stage > 0;
  const printed = piped ? printedBefore(view) : null;
  if (printed !== null && SHELLS.has(view.name)) nest(printed.word.value, at(printed.word), inheritFrom(view));
  if (printed?.exact === true) return;
  // `cat deploy.sh | bash`, `… | ssh host bash -s`: a file of the user's, as `bash < deploy.sh` reads it.
  if (printed === null && (piped ? catFeeds(view, env) : view.stdinFile === true)) return;
  const first = view.words[0] as Word;
  const what = piped ? `Piping into ${view.name} runs whatever the previous command prints` : `${view.name} here reads its program from what the line writes into it (a pipe into the string it runs in, >( … ), a coproc or a descriptor), and runs it`;
  out.findings.push({ id: "shell/pipe-to-shell", message: `${what}, unseen; save it to a file, read it, then run it.`, start: at(first)[0], end: at(first)[1] });
}

/** Whether a shell or interpreter reads its program from stdin: no command string, no script (or `-`, `/dev/stdin`). */
export function readsProgramFromStdin(view: CommandView): boolean {
  if (!INTERPRETERS.has(view.name)) return false;
  const p = parseFlags(view.args, SHELLS.has(view.name) ? SHELL_FLAGS : { stopAtOperand: true }, 1);
  return !has(p, "command") && !p.flags.has("command-string") && (p.rest >= view.args.length || isStdinPath(view.args[p.rest] as string) || has(p, "stdin") || stdinConsole(view));
}

/** `python3 -m code`, `-m asyncio`, `php -- ARGS`: consoles and programs read from stdin. */
function stdinConsole(view: CommandView): boolean {
  const lang = languageOf(view.name)?.name;
  if (lang === "php") return view.args[1] === "--";
  return lang === "python" && PYTHON_CONSOLE.test(view.args.slice(1).join(" "));
}
const PYTHON_CONSOLE = /(?:^|\s)-[A-Za-z]*m\s*(?:code|asyncio)(?:\s|$)/;
