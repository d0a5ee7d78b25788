/**
 * find as a deleter: `-delete`, or `-exec` of rm, shred, unlink, truncate or `chmod 000`, empties
 * (or locks out) what it finds under its start directories; judged by those directories, unless
 * it picks files by name, age or size under the working directory. Read by the deletion check,
 * and by write-targets (what a command writes).
 */

import type { Word } from "../../facts/types.js";
import type { CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { resolvePath } from "../paths.js";
import { criticalPath, guardedVariables, judgeTarget } from "./deletion-targets.js";

const FIND_DELETING = new Set(["-delete"]);

/** What find's -exec runs that deletes, empties or locks out what it finds. */
const FIND_EXEC_HARM = /^(?:\S*\/)?(?:rm|shred|unlink|truncate|rimraf)$/;
function execHarms(args: readonly string[], i: number): boolean {
  const cmd = args[i + 1] ?? "";
  if (FIND_EXEC_HARM.test(cmd)) return true;
  // `-exec chmod 000 {} +`: nobody may read or enter what it found.
  return /^(?:\S*\/)?chmod$/.test(cmd) && args.slice(i + 2, i + 5).some(isLockOutMode);
}

/** A mode that takes every permission away (`000`, `0`, `a=`, `ugo-rwx`). */
export function isLockOutMode(mode: string): boolean {
  return /^0*$/.test(mode) && mode.length > 0 || /^(?:a|ugo|)=$/.test(mode) || /^(?:a|ugo)?-r?w?x?$/.test(mode) && mode.includes("r") && mode.includes("x");
}

/**
 * Tests that pick some entries out of a tree (`-name '*.o'`, `-mtime +30`, `-empty`): a find
 * under the working directory that deletes only those is a clean-up, not the directory emptied.
 * `-type`, `-mindepth` and the like pick nearly everything, so they do not count.
 */
const NARROWING = /^-(?:i?name|i?path|i?wholename|i?regex|i?lname|newer\w*|[acm](?:time|min)|size|empty|perm|user|group|nouser|nogroup|links|inum|samefile|uid|gid|used)$/;

/** Every match must pass a narrowing test: one is present, not negated, and no -o offers a way round it. */
function narrowed(args: readonly string[], from: number): boolean {
  let found = false;
  for (let k = from; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "-o" || a === "-or" || a === ",") return false;
    if (/^-(?:exec|execdir|ok|okdir)$/.test(a)) {
      while (k < args.length && args[k] !== ";" && args[k] !== "+") k++;
      continue;
    }
    if (NARROWING.test(a) && args[k - 1] !== "!" && args[k - 1] !== "-not") found = true;
  }
  return found;
}

/** How find deletes, empties or locks out what it finds (`-delete`, `-exec rm`), as written; null when it does not. */
export function findDeletes(args: readonly string[]): string | null {
  const deleting = args.find((a) => FIND_DELETING.has(a));
  const exec = deleting === undefined ? args.findIndex((a, i) => /^-(?:exec|execdir|ok|okdir)$/.test(a) && execHarms(args, i)) : -1;
  if (deleting === undefined && exec < 0) return null;
  return deleting ?? `${args[exec]} ${args[exec + 1] ?? ""}`.trim();
}

/** find's start directories (`.` when none is given), and the index its expression starts at. */
export function findRoots(view: CommandView): { roots: Word[]; expression: number } {
  const args = view.args;
  let i = 1;
  while (i < args.length && /^-[HLP]$|^-O\d$|^-D$/.test(args[i] as string)) i += args[i] === "-D" ? 2 : 1;
  const roots: Word[] = [];
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith("-") || a === "(" || a === "!" || a === "\\(") break;
    roots.push(view.words[i] as Word);
  }
  if (roots.length === 0) roots.push({ value: ".", start: view.start, end: view.end, quoted: false, glob: false, tilde: false, dynamic: null });
  return { roots, expression: i };
}

/** `find <roots> ... -delete` (or `-exec rm`): the roots are what gets emptied. */
export function find(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  // Named as written: `-delete`, or the command `-exec` runs (`-exec rm`).
  const how = findDeletes(args);
  if (how === null) return [];
  const out: FindingDraft[] = [];
  const { roots, expression: i } = findRoots(view);
  const picky = narrowed(args, i);
  for (const w of roots) {
    const r = resolvePath(w, ctx.paths);
    const c = r.path !== null ? criticalPath(r.path, ctx.paths, w.value) : null;
    // `find . -name '*.pyc' -delete`: files picked by name under the working directory.
    const here = r.path !== null && (r.path === ctx.paths.cwd || r.path === ctx.paths.start);
    if (c && !(here && picky)) out.push({ id: "deletion/find-delete", message: `find ${w.value} with ${how} would delete files anywhere under ${c.what}; narrow the start directory${here ? " or pick files by name" : ""}.` });
    else if (r.dynamic && judgeTarget(w, ctx.paths, guardedVariables(view.facts, view.sc.start)) !== null) {
      out.push({ id: "deletion/dynamic-target", message: `find ${w.value} with ${how}: the start directory is only known at run time; check it first.` });
    }
  }
  return out;
}
