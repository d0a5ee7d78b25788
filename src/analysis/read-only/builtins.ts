/**
 * Read-only tables: shell builtins. A builtin that assigns (`printf -v`, `read`, `declare x=1`),
 * runs its arguments (`jobs -x`) or evaluates an array subscript (`test -v 'a[$(cmd)]'`: bash
 * evaluates the subscript, command substitutions included) is not read-only.
 */

import type { ParsedFlags } from "../flags.js";
import { command, operandValues, type ReadOnlyCommand } from "./model.js";

/** A name with an array subscript: bash evaluates the subscript as arithmetic, `$(...)` included. */
export function hasSubscript(name: string): boolean {
  return name.includes("[");
}

const echo = command({ why: "Prints its arguments; every argument is printed (echo has no option that does more).", anyArgs: true, example: "echo hi" });
const printf = command({
  why: "Prints a format; -v assigns the result to a variable (and evaluates a subscript), so it is unsafe.",
  accepts: "--help --version",
  unsafe: { "-v:": ["state", "assigns the output to a variable"] },
  stopAtOperand: true,
  example: "printf '%s\\n' x",
});

/** `test -v 'a[...]'` / `[ -v ... ]`: a subscript is evaluated; anything else is a pure test. */
const testArgs = (a: readonly string[]): boolean => {
  // A variable may expand to -v, or to a name with a subscript.
  const maybe = (x: string, what: (y: string) => boolean): boolean => what(x) || x.includes("$");
  for (let i = 1; i < a.length; i++) if (maybe(a[i] as string, (x) => x === "-v") && maybe(a[i + 1] ?? "", hasSubscript)) return false;
  return true;
};
const test = command({ why: "Evaluates a condition; every argument is an operand. `-v NAME[...]` evaluates the subscript.", anyArgs: true, args: testArgs, example: "test -f x" });
const bracket = command({ why: "`[ ... ]`, the same as test.", anyArgs: true, args: testArgs, example: "[ -f x ]" });

const type = command({ why: "Says how a name would be interpreted.", accepts: "-afpPt", example: "type ls" });
const commandV = command({
  why: "`command -v/-V NAME` only looks a name up (with a command to run, unwrapping sees through it).",
  accepts: "-pvV",
  args: (a) => a.some((x, i) => i > 0 && /^-[pvV]*[vV][pvV]*$/.test(x)),
  example: "command -v ls",
});
const cd = command({ why: "Changes the shell's directory (later relative paths follow it).", accepts: "-LPe@", example: "cd /tmp" });
const pushd = command({ why: "Changes directory through the stack.", accepts: "-n " + "-0123456789", example: "pushd /tmp" });
const popd = command({ why: "Changes directory through the stack.", accepts: "-n " + "-0123456789" });
const dirs = command({ why: "Prints the directory stack (-c clears it).", accepts: "-lpv " + "-0123456789", unsafe: { "-c": ["state", "clears the directory stack"] } });
const jobs = command({ why: "Lists jobs. `jobs -x cmd` runs cmd (unwrapping sees through it).", accepts: "-lnprs", unsafe: { "-x": ["unwrapped", "runs a command"] } });
const history = command({
  why: "Prints the history; only with no argument or a count (every option changes or writes the history).",
  anyArgs: true,
  args: (a) => a.length === 1 || (a.length === 2 && /^\d+$/.test(a[1] as string)),
  example: "history 20",
});
const help = command({ why: "Prints help on builtins.", accepts: "-dms", example: "help cd" });
const trueFalse = command({ why: "Does nothing.", anyArgs: true });
const pwd = command({ why: "Prints the working directory.", accepts: "-LP --help --version" });

/** declare/typeset/local: read-only only when printing (`-p`, `-f`, `-F`), never with `NAME=value`. */
const printOnly = (letters: string) => (a: readonly string[], p: ParsedFlags): boolean => {
  const ops = operandValues(a, p);
  if (ops.some((o) => o.includes("=") || hasSubscript(o))) return false;
  return ops.length === 0 || [...letters].some((c) => p.flags.has("-" + c));
};
const declare = command({ why: "Prints variables or functions (-p, -f, -F); any other use sets attributes or values.", accepts: "-pfF", args: printOnly("pfF"), example: "declare -p HOME" });
const exportB = command({ why: "Prints exported variables (`export` or `export -p`); with names it exports them.", accepts: "-p", args: printOnly(""), example: "export -p" });
const readonly = command({ why: "Prints read-only variables (`readonly -p`); with names it changes them.", accepts: "-p", args: printOnly(""), example: "readonly -p" });

export const BUILTINS: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [
  ["echo", echo], ["printf", printf], ["test", test], ["[", bracket], ["type", type], ["command", commandV],
  ["cd", cd], ["pushd", pushd], ["popd", popd], ["dirs", dirs], ["jobs", jobs], ["history", history], ["help", help],
  ["true", trueFalse], ["false", trueFalse], ["pwd", pwd],
  ["declare", declare], ["typeset", declare], ["local", declare], ["export", exportB], ["readonly", readonly],
];
