/**
 * The read-only list: every command name with its table, dispatched by name like the checks.
 * One module per family declares its commands; this joins them and judges a command's argv.
 */

import type { CommandView } from "../command.js";
import type { Word } from "../../facts/types.js";
import { sedIsReadOnly } from "../checks/sed.js";
import { BUILTINS } from "./builtins.js";
import { CONTAINERS } from "./containers.js";
import { COREUTILS } from "./coreutils.js";
import { git } from "./git.js";
import { judge, takesAnyArguments, type ReadOnlyCommand, type Verdict } from "./model.js";
import { PACKAGES, pip, python } from "./packages.js";
import { SEARCH } from "./search.js";
import { SYSTEM } from "./system.js";

export type { ReadOnlyCommand, UnsafeUse, Verdict } from "./model.js";
export { judge, takesAnyArguments };

/** Families in the order the docs list them. */
export const FAMILIES: ReadonlyArray<{ title: string; commands: ReadonlyArray<readonly [string, ReadOnlyCommand]> }> = [
  { title: "Files and text (coreutils and friends)", commands: COREUTILS },
  { title: "Search, pagers and viewers", commands: SEARCH },
  { title: "System information, documentation, binaries, network lookups", commands: SYSTEM },
  { title: "Shell builtins", commands: BUILTINS },
  { title: "git", commands: [["git", git]] },
  { title: "Containers", commands: CONTAINERS },
  { title: "Packages and runtimes", commands: [...PACKAGES, ["python", python], ["python3", python]] },
];

export const READ_ONLY_COMMANDS: ReadonlyMap<string, ReadOnlyCommand> = new Map(FAMILIES.flatMap((f) => f.commands));

/** Commands whose read-only verdict comes from elsewhere: sed's script parser. */
const SED = "sed";

const NOT_LISTED: Verdict = { readOnly: false };

/** `python -m pip ...`: pip's verdict on `pip ...`. */
function pythonVerdict(args: readonly string[]): Verdict {
  if (args[1] === "-m" && args[2] === "pip") return judge(pip, args.slice(2));
  return judge(python, args);
}

/**
 * A word arbitrary text may replace at run time (a variable at its start, an unquoted glob that
 * can match a file named `-o`): it could become any option.
 */
function couldBeAnOption(w: Word): boolean {
  if (w.dynamic !== null && (w.dynamic[0] as [number, number])[0] === 0) return true;
  return w.glob && !w.quoted && /^[*?[]/.test(w.value);
}

/** Verdicts are asked for twice per view (read-only, then the side-effect check): computed once. */
const cache = new WeakMap<CommandView, Verdict>();

/** The read-only verdict of a command's own words (not its redirects, environment or wrappers). */
export function verdictOf(view: CommandView): Verdict {
  let v = cache.get(view);
  if (v === undefined) cache.set(view, (v = computeVerdict(view)));
  return v;
}

function computeVerdict(view: CommandView): Verdict {
  if (view.name === SED) return sedIsReadOnly(view) && !view.argsUnknown ? { readOnly: true } : { readOnly: false, culprit: "sed" };
  const cmd = READ_ONLY_COMMANDS.get(view.name);
  if (cmd === undefined) return NOT_LISTED;
  // Judged even when not read-only for another reason: the unsafe options given on the line are
  // findings of their own (`xargs man -Hbrowser`, `xargs kubectl --kubeconfig x`).
  const judged = view.name === "python" || view.name === "python3" ? pythonVerdict(view.args) : judge(cmd, view.args);
  const notReadOnly = (culprit: string): Verdict => ({ readOnly: false, culprit, ...(judged.unsafe ? { unsafe: judged.unsafe } : {}) });
  if (view.argsUnknown && !takesAnyArguments(cmd)) return notReadOnly("arguments from stdin");
  if (!takesAnyArguments(cmd) && !cmd.anyArgs) {
    // Arguments from a variable or glob could be any option (an operands-only command's own
    // condition looks at them: `test "$X" ...`).
    const words = view.words;
    for (let k = 1; k < words.length; k++) {
      const w = words[k] as Word;
      if (w.value === "--" && w.dynamic === null) break;
      if (couldBeAnOption(w)) return notReadOnly(w.value);
      // printf's format, a subcommand: options end at the first operand.
      if (cmd.stopAtOperand && !w.value.startsWith("-")) break;
    }
  }
  return judged;
}
