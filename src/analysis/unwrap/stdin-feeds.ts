/**
 * Where a command's stdin comes from, when something on the line writes it: a pipe's later stage,
 * `>( … )`, a coproc, a descriptor, or the stdin of the string it is run in when that was fed
 * (`curl … | bash -c 'sh'`: the inner sh reads the pipe). A shell or interpreter reading its
 * program there runs text the analysis does not see (unwrap/pipes.ts).
 */

import type { Construct, SimpleCommand } from "../../facts/types.js";
import type { CommandView } from "../command.js";

/**
 * A command whose stdin is written by something else on the line, as a pipe's is: the first
 * command of `>( … )` (what is written into it), a `coproc` (what is written to its fd), or one
 * reading a descriptor (`<&3`, `< /dev/fd/3`) set up elsewhere.
 */
export function fedElsewhere(view: CommandView): boolean {
  if (view.wrappers.includes("coproc")) return true;
  for (const r of view.redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === "<&" && r.target !== null && r.target.value !== "-" && r.target.value !== "0") return true;
    if (r.op === "<" && r.target !== null && /^\/(?:dev|proc\/self)\/fd\/(?:[3-9]|\d\d+)$/.test(r.target.value)) return true;
  }
  const facts = view.facts;
  const constructs = facts.constructs;
  for (let c = view.sc.parent; c >= 0; c = (constructs[c] as Construct).parent) {
    const k = constructs[c] as Construct;
    if (k.type === "process_substitution") return facts.source.charCodeAt(k.start) === 62 /* > */;
    if (k.type === "command_substitution" || k.type === "subshell" || k.type === "function_definition") return false;
  }
  return false;
}

/**
 * `cat FILE | RUNNER` as the whole line, which is `RUNNER < FILE`: a file of the user's, read as it
 * is. Only a two-command line with no constructs, `cat` with plain operands and no redirects, and
 * no path through devices or descriptors (`cat //dev/stdin | sh` reads the line's own stdin).
 */
export function catFedLine(view: CommandView): boolean {
  const sc = view.sc;
  const facts = view.facts;
  if (view.depth > 0 || sc.stage !== 1 || facts.commands.length !== 2 || facts.constructs.length > 0) return false;
  if (sc.redirects.some((r) => r.fd === null || r.fd === 0 || r.op.startsWith("<"))) return false;
  const prev = facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === 0);
  if (prev === undefined || prev.argv.length < 2 || prev.argv[0]?.value !== "cat" || prev.argv[0].quoted || prev.assignments.length > 0 || prev.redirects.length > 0) return false;
  return prev.argv.slice(1).every((w) => w.dynamic === null && !w.glob && w.value !== "" && !w.value.startsWith("-") && !SPECIAL_SEGMENT.test(w.value));
}

/** A path through devices, descriptors, /proc or /sys, however spelled (`//dev/stdin`, `../dev/fd/3`, `dev/stdin`). */
const SPECIAL_SEGMENT = /(?:^|\/)(?:dev|proc|sys|fd|stdin)(?:\/|$)/;

/** Whether `view` reads a stdin the line writes: piped, fed elsewhere, or the fed stdin of its string. */
export function stdinFed(view: CommandView): boolean {
  return view.sc.stage > 0 || view.stdinFed === true || fedElsewhere(view);
}

/** A command first in its pipeline with no stdin redirect of its own: it reads the stdin of the parse it is in. */
export function readsParseStdin(sc: SimpleCommand): boolean {
  if (sc.stage > 0) return false;
  for (const r of sc.redirects) if ((r.fd === null || r.fd === 0) && (r.op.startsWith("<") || r.op === "<>")) return false;
  return true;
}
