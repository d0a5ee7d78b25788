/**
 * Deletion of critical paths: `/`, home, direct children of `/`, the working directory and its
 * parents, and globs that empty one of those — after path normalisation (`//`, `/./`, `/usr/..`,
 * `$HOME`, `"${HOME}"`, `~`). Also `find <critical> -delete` and deletes whose target is dynamic.
 */

import type { Word } from "../../facts/types.js";
import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, values } from "../flags.js";
import { resolvePath } from "../paths.js";
import { parseFor } from "../specs.js";
import { argsSource, criticalPath, guardedVariables, isFindPlaceholder, judgeTarget, type Guarded } from "./deletion-targets.js";

function targetFindings(view: CommandView, word: Word, recursive: boolean, ctx: CheckContext, guarded: Guarded): FindingDraft[] {
  const j = judgeTarget(word, ctx.paths, guarded);
  if (j === null) return [];
  const range = view.depth === 0 ? { start: word.start, end: word.end } : {};
  if (j.kind === "critical") return [{ id: j.id, message: `${view.name} ${word.value} ${j.message}`, ...range }];
  // Non-recursive deletes of a whole unknown name remove one file at most.
  if (!recursive && !word.glob) return [];
  if (j.kind === "empty-critical") return [{ id: "deletion/dynamic-target", message: `${view.name} ${word.value}: ${j.message}`, ...range }];
  return [{ id: "deletion/dynamic-target", message: `${view.name} ${word.value}: the target is only known at run time; check it first (e.g. [ -n "$DIR" ] && [ -d "$DIR" ], or \${DIR:?}).`, ...range }];
}

function rmLike(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor(view.name, view.args);
  const source = argsSource(view);
  // rmdir only removes empty directories: a run-time target cannot cost data.
  const recursive = view.name === "rm" ? has(p, "recursive") : view.name === "shred";
  const guarded = guardedVariables(view.facts, view.sc.start);
  const out: FindingDraft[] = [];
  for (const i of p.operands) {
    const w = view.words[i] as Word;
    // find's {} are the paths it found: the find check judges its start directories and filters.
    if (source === "find" && isFindPlaceholder(w)) continue;
    const found = targetFindings(view, w, recursive, ctx, guarded);
    for (const f of found) if (view.name !== "rmdir" || f.id !== "deletion/dynamic-target") out.push(f);
  }
  // xargs (stdin) may hand rm `-rf /` or every file in home: assume the worst of what it reads.
  if (view.name !== "rmdir" && out.length === 0 && (source === "stdin" || (source === "fd" && recursive))) {
    const from = source === "stdin" ? "from stdin (xargs), which may hold any path and options such as -rf" : "from fd at run time";
    out.push({ id: "deletion/dynamic-target", message: `${view.name} gets its targets ${from}; check the input list first.` });
  }
  return out;
}

/**
 * `mv / x`, `mv ~ /tmp/old`, `mv /usr/* x`: moving a critical directory (or everything in it)
 * away breaks the system or the account as surely as deleting it. The working directory and
 * its parents are left out: renaming a project, or `mv * ..`, is everyday work.
 */
function mv(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("mv", view.args);
  const ops = p.operands.map((i) => view.words[i] as Word);
  const sources = values(p, "target-directory").length > 0 ? ops : ops.slice(0, -1);
  const out: FindingDraft[] = [];
  for (const w of sources) {
    const r = resolvePath(w, ctx.paths);
    const path = r.globAll ? r.globDir : r.path;
    const c = path !== null ? criticalPath(path, ctx.paths, w.value) : null;
    if (c === null || c.id === "deletion/working-directory") continue;
    const range = view.depth === 0 ? { start: w.start, end: w.end } : {};
    out.push({ id: r.globAll ? "deletion/critical-glob" : c.id, message: `mv ${w.value} would move ${r.globAll ? "everything in " : ""}${c.what} away; move what you mean inside it.`, ...range });
  }
  return out;
}

const FIND_DELETING = new Set(["-delete"]);

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

/** `find <roots> ... -delete` (or `-exec rm`): the roots are what gets emptied. */
function find(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  const deletes = args.some((a) => FIND_DELETING.has(a)) || args.some((a, i) => /^-(?:exec|execdir|ok|okdir)$/.test(a) && /^(?:\S*\/)?(?:rm|shred|unlink)$/.test(args[i + 1] ?? ""));
  if (!deletes) return [];
  const out: FindingDraft[] = [];
  let i = 1;
  while (i < args.length && /^-[HLP]$|^-O\d$|^-D$/.test(args[i] as string)) i += args[i] === "-D" ? 2 : 1;
  const roots: Word[] = [];
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith("-") || a === "(" || a === "!" || a === "\\(") break;
    roots.push(view.words[i] as Word);
  }
  if (roots.length === 0) roots.push({ value: ".", start: view.start, end: view.end, quoted: false, glob: false, tilde: false, dynamic: null });
  const picky = narrowed(args, i);
  for (const w of roots) {
    const r = resolvePath(w, ctx.paths);
    const c = r.path !== null ? criticalPath(r.path, ctx.paths, w.value) : null;
    // `find . -name '*.pyc' -delete`: files picked by name under the working directory.
    const here = r.path !== null && (r.path === ctx.paths.cwd || r.path === ctx.paths.start);
    if (c && !(here && picky)) out.push({ id: "deletion/find-delete", message: `find ${w.value} with -delete would delete files anywhere under ${c.what}; narrow the start directory${here ? " or pick files by name" : ""}.` });
    else if (r.dynamic && judgeTarget(w, ctx.paths, guardedVariables(view.facts, view.sc.start)) !== null) {
      out.push({ id: "deletion/dynamic-target", message: `find ${w.value} with -delete: the start directory is only known at run time; check it first.` });
    }
  }
  return out;
}

export const deletion: CommandCheck = {
  name: "deletion",
  commands: ["rm", "rmdir", "unlink", "shred", "find", "mv"],
  findings: {
    "deletion/root": { description: "Deleting / in any spelling." },
    "deletion/home": { description: "Deleting the home directory (~, $HOME, /home/me)." },
    "deletion/root-child": { description: "Deleting a direct child of / (/usr, /etc, /var, ...)." },
    "deletion/working-directory": { description: "Deleting the working directory or one of its parents (., .., ../..)." },
    "deletion/critical-glob": { description: "A glob that empties a critical directory (*, ./*, /*, ~/*, /var/*)." },
    "deletion/dynamic-target": { description: "A recursive delete whose target becomes critical when a variable is empty (rm -rf \"$DIR\"/), is wholly unknown, or comes from stdin (xargs rm)." },
    "deletion/find-delete": { description: "find <critical dir> -delete or -exec rm (under the working directory: unless it picks files by name, age or size)." },
  },
  check(view, ctx) {
    return view.name === "find" ? find(view, ctx) : view.name === "mv" ? mv(view, ctx) : rmLike(view, ctx);
  },
};
