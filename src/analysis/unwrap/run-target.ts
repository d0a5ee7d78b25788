/**
 * The words of a command that name code it runs: the program or script after runners and their
 * options (`sudo -u x sh F`, `env A=1 nohup ./F`, `python3 -u F args`), and the values of options
 * that load code (`node -r ./F`, `ruby -r ./F`). Arguments after the script are its data:
 * `python3 analyze.py data.csv` runs analyze.py, not data.csv.
 */

import type { Word } from "../../facts/types.js";
import { INTERPRETERS } from "./wrappers.js";

/** Runners whose first operand is another program (not a script path). */
export const PROGRAM_RUNNERS: ReadonlySet<string> = new Set(["exec", "sudo", "doas", "env", "nohup", "nice", "time"]);
/** Runner options whose value is the next word (`sudo -u root`, `nice -n 5`, `time -o log`). */
const RUNNER_VALUED: Readonly<Record<string, RegExp>> = { sudo: /^-[ugCDhprtU]$/, doas: /^-[uC]$/, nice: /^-n$/, env: /^-[uCP]$/, time: /^-[of]$/, exec: /^-a$/ };
/** Options whose value is code loaded before the script (`node -r F`, `ruby -rF`). */
const LOADS = /^(?:-r|--require|--import|--loader|--experimental-loader)$/;
/** Interpreter options whose value is the next word and not code to look at (`python3 -W error`, `-X dev`). */
const VALUED = /^-[WXQIo]$|^--(?:eval|print|input-type|title|env-file)$/;

const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);

/** A runner's words naming code: `[word, isProgram]` pairs (a program needs a path; a script does not). */
export function codeWords(argv: readonly Word[]): Array<[Word, boolean]> {
  const out: Array<[Word, boolean]> = [];
  const first = argv[0];
  if (first === undefined || first.dynamic !== null) return out;
  let runner = base(first.value);
  if (!INTERPRETERS.has(runner) && !PROGRAM_RUNNERS.has(runner) && runner !== "source" && runner !== ".") return out;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k] as Word;
    if (w.dynamic !== null) return out;
    const v = w.value;
    if (v.startsWith("-") && v !== "-") {
      if (RUNNER_VALUED[runner]?.test(v) === true) k++;
      // `sh -c '…'`, `python3 -c '…'`, `python3 -m mod`: no file runs (a string is read in its own parse).
      else if (INTERPRETERS.has(runner) && /^-[a-zA-Z]*[cem]$/.test(v)) return out;
      else if (INTERPRETERS.has(runner) && LOADS.test(v) && argv[k + 1] !== undefined) out.push([argv[++k] as Word, false]);
      else if (INTERPRETERS.has(runner) && /^-r./.test(v)) out.push([{ ...w, value: v.slice(2) }, false]);
      else if (INTERPRETERS.has(runner) && VALUED.test(v)) k++;
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) continue;
    const n = base(v);
    if (PROGRAM_RUNNERS.has(runner) && (PROGRAM_RUNNERS.has(n) || INTERPRETERS.has(n))) {
      runner = n;
      continue;
    }
    out.push([w, PROGRAM_RUNNERS.has(runner)]);
    return out;
  }
  return out;
}
