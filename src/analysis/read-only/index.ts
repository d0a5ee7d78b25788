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
import { judge, READ_ONLY, takesAnyArguments, type ReadOnlyCommand, type Verdict } from "./model.js";
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

/** find and fd: their -exec/-x blocks are commands of their own (unwrap.ts makes views of them). */
const EXECUTING: ReadonlySet<string> = new Set(["find", "fd", "fdfind"]);
const FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const FD_EXEC: ReadonlySet<string> = new Set(["-x", "--exec", "-X", "--exec-batch"]);
/** fd's exec option in a cluster or with its value attached (`-Hx rm`, `-xrm`, `--exec=rm`). */
const FD_EXEC_ATTACHED = /^-[HIsiglLpaFu01q]*[xX].|^--exec(?:-batch)?=/;

/**
 * The argv with each exec block cut to the option and the command's name (`-exec grep -l x {} +`
 * → `-exec grep`), found as unwrap.ts finds them: the words up to `;` (find: or `+`) are the
 * command's, not find's. The option stays, so the verdict still names it as running a command.
 */
function withoutExecBlocks(name: string, args: readonly string[]): { args: string[]; blocks: number } {
  const isFind = name === "find";
  const out: string[] = [];
  let blocks = 0;
  for (let k = 0; k < args.length; k++) {
    const a = args[k] as string;
    out.push(a);
    if (k === 0) continue;
    const separate = isFind ? FIND_EXEC.has(a) : FD_EXEC.has(a) || /^-[HIsiglLpaFu01q]*[xX]$/.test(a);
    if (!separate && (isFind || !FD_EXEC_ATTACHED.test(a))) continue;
    let end = k + 1;
    while (end < args.length && args[end] !== ";" && !(isFind && args[end] === "+")) end++;
    if (separate && k + 1 < end) out.push(args[k + 1] as string);
    blocks++;
    k = end;
  }
  return { args: out, blocks };
}

/**
 * `find . -name x -exec grep -l foo {} +`: besides reading, find only runs commands that are
 * judged as commands of the line (read-only when they are), so find itself is read-only when
 * every option that runs something is one of the exec blocks unwrapping sees — not a spelling it
 * does not (`--exec=x`), and with no -delete, -fprint FILE or unknown primary.
 */
function executingVerdict(cmd: ReadOnlyCommand, view: CommandView): Verdict {
  const { args, blocks } = withoutExecBlocks(view.name, view.args);
  const v = judge(cmd, args);
  if (v.readOnly || v.onlyUnsafe !== true || v.unsafe === undefined) return v;
  for (const u of v.unsafe) if (u.effect !== "unwrapped") return v;
  return v.unsafe.length === blocks ? READ_ONLY : v;
}

/**
 * Verdicts are asked for twice per view, one right after the other (read-only, then the
 * side-effect check): the last one is kept (a WeakMap entry per view cost more than most verdicts).
 */
let lastView: CommandView | null = null;
let lastVerdict: Verdict = NOT_LISTED;

/** The read-only verdict of a command's own words (not its redirects, environment or wrappers). */
export function verdictOf(view: CommandView): Verdict {
  if (view === lastView) return lastVerdict;
  const v = computeVerdict(view);
  lastView = view;
  lastVerdict = v;
  return v;
}

function computeVerdict(view: CommandView): Verdict {
  if (view.name === SED) return sedIsReadOnly(view) && !view.argsUnknown ? { readOnly: true } : { readOnly: false, culprit: "sed" };
  const cmd = READ_ONLY_COMMANDS.get(view.name);
  if (cmd === undefined) return NOT_LISTED;
  // Judged even when not read-only for another reason: the unsafe options given on the line are
  // findings of their own (`xargs man -Hbrowser`, `xargs kubectl --kubeconfig x`).
  const judged = view.name === "python" || view.name === "python3" ? pythonVerdict(view.args) : EXECUTING.has(view.name) ? executingVerdict(cmd, view) : judge(cmd, view.args);
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
