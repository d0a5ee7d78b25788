/** A shell or interpreter reading its program from a pipe: `curl ... | sh`, `echo 'cmd' | bash`. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, parseFlags } from "../flags.js";
import { inheritFrom, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { STDIN_PATHS } from "./strings.js";
import { INTERPRETERS, SHELL_FLAGS, SHELLS } from "./wrappers.js";

export const pipeUnwrapper: Unwrapper = { name: "pipe", commands: [...INTERPRETERS], piped: (v, e) => pipeIntoInterpreter(v, e.at, e.nest, e.out) };

/** `curl ... | sh`: a shell or interpreter reading its program from a pipe. */
function pipeIntoInterpreter(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  if (view.sc.stage <= 0 || !INTERPRETERS.has(view.name)) return;
  const p = parseFlags(view.args, SHELLS.has(view.name) ? SHELL_FLAGS : { stopAtOperand: true }, 1);
  const readsStdin = !has(p, "command") && !p.flags.has("command-string") && (p.rest >= view.args.length || STDIN_PATHS.has(view.args[p.rest] as string) || has(p, "stdin"));
  if (!readsStdin) return;
  // A fixed script piped in (`echo 'ls' | sh`) is parsed and seen like `sh -c 'ls'`.
  if (SHELLS.has(view.name) && pipedScript(view, at, nest)) return;
  // A literal piped into python, node, ...: as visible as `python3 -c 'print(1)'`.
  if (!SHELLS.has(view.name) && pipedLiteral(view)) return;
  const first = view.words[0] as Word;
  out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.name} runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: at(first)[0], end: at(first)[1] });
}

/**
 * What a shell reads from a pipe, when the previous stage prints text written on the line:
 * `echo 'cmd' | sh`, `printf 'cmd' | bash`, `cat <<EOF | bash`. It is parsed, so its commands
 * are seen. Returns true only when that text is exactly what the shell reads: plain `echo` (no
 * -e, no backslashes) or `cat` of a heredoc/herestring, nothing dynamic. printf's format and
 * echo -e's escapes are not interpreted here, so those stay a pipe-to-shell finding.
 */
/** The previous stage prints only text written on the line: `echo 'print(1)'`, `cat <<'EOF'`. */
function pipedLiteral(view: CommandView): boolean {
  const sc = view.sc;
  const prev = view.facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  const name = prev?.argv[0];
  if (prev === undefined || name === undefined || name.dynamic !== null || prev.argv.some((w) => w.dynamic !== null)) return false;
  if (name.value === "echo" || name.value === "printf") return prev.argv.length > 1 && prev.redirects.length === 0;
  return name.value === "cat" && prev.argv.length === 1 && prev.redirects.some((r) => (r.op === "<<<" && r.target?.dynamic === null) || ((r.op === "<<" || r.op === "<<-") && r.body !== null && r.body.dynamic === null));
}

function pipedScript(view: CommandView, at: (w: Word) => [number, number], nest: Nest): boolean {
  const sc = view.sc;
  const prev = view.facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  const first = prev?.argv[0];
  if (prev === undefined || first === undefined || first.dynamic !== null) return false;
  const name = first.value;
  let text: Word | null = null;
  let exact = false;
  if (name === "echo" || name === "printf") {
    const flags = name === "echo" && /^-[neE]+$/.test(prev.argv[1]?.value ?? "") ? 1 : 0;
    const words = prev.argv.slice(1 + flags);
    if (words.length === 0) return false;
    text = { ...(words[0] as Word), value: words.map((w) => w.value).join(" "), dynamic: null };
    exact = name === "echo" && (flags === 0 || prev.argv[1]?.value === "-n") && words.every((w) => w.dynamic === null && !w.value.includes("\\"));
  } else if (name === "cat" && prev.argv.length === 1) {
    for (const r of prev.redirects) {
      if (r.op === "<<<") text = r.target;
      else if ((r.op === "<<" || r.op === "<<-") && r.body !== null) text = r.body;
    }
    exact = text !== null && text.dynamic === null;
  }
  if (text === null) return false;
  nest(text.value, at(text), inheritFrom(view));
  return exact;
}
