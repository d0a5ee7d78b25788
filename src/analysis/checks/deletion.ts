/**
 * Deletion of critical paths: `/`, home, direct children of `/`, the working directory and its
 * parents, and globs that empty one of those — after path normalisation (`//`, `/./`, `/usr/..`,
 * `$HOME`, `"${HOME}"`, `~`). Also `find <critical> -delete` and deletes whose target is dynamic.
 */

import type { Word } from "../../facts/types.js";
import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, values } from "../flags.js";
import { isInside, resolvePath, UNKNOWN_CWD, type PathContext } from "../paths.js";
import { parseFor } from "../specs.js";

type Critical = { id: string; what: string } | null;

/** Why deleting `path` (or everything in it) is catastrophic, or null. */
export function criticalPath(path: string, ctx: PathContext): Critical {
  if (path === "/") return { id: "deletion/root", what: "the root directory /" };
  if (path === ctx.home) return { id: "deletion/home", what: `your home directory (${path})` };
  if (path !== "/" && isInside(UNKNOWN_CWD, path)) return { id: "deletion/working-directory", what: "the directory a cd went to (only known at run time), or a parent of it" };
  if (/^\/[^/]+$/.test(path)) return { id: "deletion/root-child", what: `the top-level directory ${path}` };
  if (isInside(ctx.cwd, path) || (ctx.start !== undefined && isInside(ctx.start, path))) {
    const here = path === ctx.cwd || path === ctx.start;
    return { id: "deletion/working-directory", what: here ? `the working directory (${path})` : `${path}, a parent of the working directory` };
  }
  return null;
}

function targetFindings(view: CommandView, word: Word, recursive: boolean, ctx: CheckContext): FindingDraft[] {
  const r = resolvePath(word, ctx.paths);
  const range = view.depth === 0 ? { start: word.start, end: word.end } : {};
  if (r.path !== null && !r.globAll) {
    const c = criticalPath(r.path, ctx.paths);
    if (c) return [{ id: c.id, message: `${view.name} ${word.value} would delete ${c.what}; name what you mean to delete inside it.`, ...range }];
  }
  if (r.globAll && r.globDir !== null) {
    const c = criticalPath(r.globDir, ctx.paths);
    if (c) return [{ id: "deletion/critical-glob", message: `${view.name} ${word.value} would delete everything in ${c.what}; list the files you mean.`, ...range }];
  }
  if (r.dynamic && (recursive || r.globAll)) {
    return [{ id: "deletion/dynamic-target", message: `${view.name} ${word.value}: the target is only known at run time and may expand to / or your home (an empty variable makes "$DIR/" into "/"); check it, e.g. \${DIR:?}.`, ...range }];
  }
  return [];
}

function rmLike(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor(view.name, view.args);
  const recursive = view.name === "rm" ? has(p, "recursive") : view.name !== "unlink";
  const out: FindingDraft[] = [];
  for (const i of p.operands) out.push(...targetFindings(view, view.words[i] as Word, recursive, ctx));
  // xargs and fd -x append their input to the operands written; find -exec fills in {}.
  if (view.argsUnknown && recursive && out.length === 0) {
    out.push({ id: "deletion/dynamic-target", message: `${view.name} gets its targets at run time (from xargs or find); check the input list first.` });
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
    const c = path !== null ? criticalPath(path, ctx.paths) : null;
    if (c === null || c.id === "deletion/working-directory") continue;
    const range = view.depth === 0 ? { start: w.start, end: w.end } : {};
    out.push({ id: r.globAll ? "deletion/critical-glob" : c.id, message: `mv ${w.value} would move ${r.globAll ? "everything in " : ""}${c.what} away; move what you mean inside it.`, ...range });
  }
  return out;
}

const FIND_DELETING = new Set(["-delete"]);

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
  for (const w of roots) {
    const r = resolvePath(w, ctx.paths);
    const c = r.path !== null ? criticalPath(r.path, ctx.paths) : null;
    if (c) out.push({ id: "deletion/find-delete", message: `find ${w.value} with -delete would delete files anywhere under ${c.what}; narrow the start directory.` });
    else if (r.dynamic) out.push({ id: "deletion/dynamic-target", message: `find ${w.value} with -delete: the start directory is only known at run time; check it first.` });
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
    "deletion/dynamic-target": { description: "A recursive delete whose target is only known at run time (rm -rf \"$DIR\"/)." },
    "deletion/find-delete": { description: "find <critical dir> -delete or -exec rm." },
  },
  check(view, ctx) {
    return view.name === "find" ? find(view, ctx) : view.name === "mv" ? mv(view, ctx) : rmLike(view, ctx);
  },
};
