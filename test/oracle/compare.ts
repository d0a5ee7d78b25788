/**
 * Holds shellguard's Facts to what bash did (bash.ts): every external command bash tried to run
 * must be a command of the Facts, or the line must be "could not be analysed" (a parse error in
 * the Facts: the analysis asks). A recorded name is found when some command's argv[0] (after the
 * builtins that run their arguments as a command: `command`, `exec`, `builtin`, `time`, `coproc`)
 * cooks to it. A line whose Facts hold a command only known at run time (a dynamic or glob command
 * name, `eval`, `source`, `.`, `trap`) is not held to names: the analysis treats those as
 * unknowable anyway, and they are counted apart.
 */

import type { Facts, SimpleCommand, Word } from "../../src/facts/types.js";
import type { Attempt } from "./bash.js";

/** Builtins that run their (first non-option) argument as a command. */
const RUNS_ARGUMENT = new Set(["command", "exec", "builtin", "time", "coproc"]);
/** Builtins that run code only known at run time. */
const EVALUATES = new Set(["eval", "source", ".", "trap", "fc", "alias", "enable", "mapfile", "readarray", "complete", "bind"]);

export type Verdict = "seen" | "fail-closed" | "dynamic" | "missed";

export interface LineResult {
  verdict: Verdict;
  /** The attempts the Facts do not show (for "missed"). */
  missed: Attempt[];
}

function isStatic(w: Word): boolean {
  return w.dynamic === null && !w.glob && !w.tilde;
}

/** The words of a command that bash may run as a program name; null when unknowable. */
function commandNames(cmd: SimpleCommand): string[] | null {
  const names: string[] = [];
  for (let i = 0; i < cmd.argv.length; i++) {
    const w = cmd.argv[i] as Word;
    if (!isStatic(w)) return null;
    if (EVALUATES.has(w.value)) return null;
    names.push(w.value);
    if (!RUNS_ARGUMENT.has(w.value)) return names;
    // skip the builtin's options (`command -p`, `exec -a NAME -c`, `time -p`)
    while (i + 1 < cmd.argv.length && (cmd.argv[i + 1] as Word).value.startsWith("-")) {
      const opt = (cmd.argv[++i] as Word).value;
      if (opt === "-a") i++;
      if (opt === "--") break;
    }
  }
  return names;
}

/** The name bash ran the attempt by: argv[0], or the path for an exec with no argv. */
function attemptName(a: Attempt): string {
  return a.argv[0] ?? a.path;
}

export function compareLine(facts: Facts, attempts: readonly Attempt[]): LineResult {
  if (facts.errors.length > 0) return { verdict: "fail-closed", missed: [] };
  const names = new Set<string>();
  let dynamic = false;
  for (const cmd of facts.commands) {
    const n = commandNames(cmd);
    if (n === null) dynamic = true;
    else for (const x of n) names.add(x);
  }
  const missed = attempts.filter((a) => !names.has(attemptName(a)) && !names.has(a.path));
  if (missed.length === 0) return { verdict: "seen", missed };
  return dynamic ? { verdict: "dynamic", missed } : { verdict: "missed", missed };
}
