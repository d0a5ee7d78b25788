/**
 * Where a command's relative paths resolve: after the line's `cd`/`pushd`/`popd` (confined to
 * their subshell or substitution), and inside the directory a wrapper runs its command in
 * (`env -C DIR`, `sudo -D DIR`).
 */

import type { Facts, Word } from "../facts/types.js";
import type { CheckContext } from "./check.js";
import type { CommandView } from "./command.js";
import { resolvePath, UNKNOWN_CWD } from "./paths.js";
import type { WrapperEffect } from "./unwrap/wrappers.js";
import { constructIndex, encloses, subshellAround, type ConstructIndex } from "./tree.js";

/** PATH_MAX on Linux. */
const MAX_PATH = 4096;

/** A cd's effect: the construct (subshell, substitution) it is confined to, -1 for the whole parse. */
export interface Move {
  scope: number;
  ctx: CheckContext;
}

/**
 * The cds that still reach the next view of one parse, outermost scope first. Views come in
 * pre-order per parse, so once a view is outside a cd's scope no later one is inside it: a cd
 * is popped once, and each view costs O(1) amortised (a backwards scan per view was quadratic).
 */
export interface Moves {
  facts: Facts | null;
  index: ConstructIndex | null;
  stack: Move[];
}

/** A new parse (a nested string's views come after its line's): cds do not cross parses. */
export function startParse(moves: Moves, facts: Facts): void {
  moves.facts = facts;
  moves.index = constructIndex(facts);
  moves.stack.length = 0;
}

/** The context of the last cd that reaches `view` (same parse, and inside the cd's subshell if any). */
export function contextAfterMoves(moves: Moves, view: CommandView, ctx: CheckContext): CheckContext {
  if (moves.facts !== view.facts) {
    startParse(moves, view.facts);
    return ctx;
  }
  const stack = moves.stack;
  const index = moves.index as ConstructIndex;
  while (stack.length > 0 && !encloses(index, (stack[stack.length - 1] as Move).scope, view.sc.parent)) stack.pop();
  return stack.length > 0 ? (stack[stack.length - 1] as Move).ctx : ctx;
}

const movesDirectory = (view: CommandView): boolean => view.trusted && (view.name === "cd" || view.name === "pushd" || view.name === "popd");

/**
 * Each view's context (its index's), after the line's cds before it and inside the directories
 * its wrappers run it in; null when no view moves (nearly every line): every view has `ctx`.
 * `cd DIR && rm -rf usr`: relative paths after a cd resolve against DIR (per parse, in order; a
 * cd inside ( ... ) or $( ... ) only moves the commands inside it).
 */
export function viewContexts(views: readonly CommandView[], ctx: CheckContext): CheckContext[] | null {
  let any = false;
  for (let k = 0; k < views.length && !any; k++) any = movesDirectory(views[k] as CommandView) || (views[k] as CommandView).wrapperEffects !== undefined;
  if (!any) return null;
  const out = new Array<CheckContext>(views.length);
  let moves: Moves | null = null;
  for (let k = 0; k < views.length; k++) {
    const view = views[k] as CommandView;
    const moved = moves === null ? ctx : contextAfterMoves(moves, view, ctx);
    // `env -C / rm -rf etc`: a wrapper that runs its command elsewhere moves its relative paths.
    const vctx = view.wrapperEffects === undefined ? moved : wrapperDirectory(view.wrapperEffects, moved);
    out[k] = vctx;
    if (movesDirectory(view)) {
      moves ??= { facts: null, index: null, stack: [] };
      if (moves.facts !== view.facts) startParse(moves, view.facts);
      moves.stack.push({ scope: subshellAround(moves.index as ConstructIndex, view.sc.parent), ctx: changeDirectory(view, vctx) });
    }
  }
  return out;
}

/** The context inside each directory a wrapper on the way runs its command in, in order. */
export function wrapperDirectory(effects: readonly WrapperEffect[], ctx: CheckContext): CheckContext {
  let out = ctx;
  for (const e of effects) {
    if (e.kind !== "chdir") continue;
    // The option's value as a word: `~` and `~/x` are home; a run-time value is no known directory.
    const word: Word = { value: e.what, start: 0, end: 0, quoted: false, glob: false, tilde: e.what === "~" || e.what.startsWith("~/"), dynamic: null };
    out = inDirectory(/[$`]/.test(e.what) ? UNKNOWN_CWD : resolvePath(word, out.paths).path ?? UNKNOWN_CWD, out);
  }
  return out;
}

/** The context of commands run in `cwd`. */
export function inDirectory(cwd: string, ctx: CheckContext): CheckContext {
  // `cd a && cd a && ...`: a directory past the system's longest path is no directory to check
  // paths against, and carrying it made each later path O(line) (quadratic in all).
  return { options: ctx.options, paths: { cwd: cwd.length > MAX_PATH ? UNKNOWN_CWD : cwd, home: ctx.paths.home, start: ctx.paths.start ?? ctx.options.cwd } };
}

/** The context after `cd DIR` / `pushd DIR` / `popd`: DIR when it is known, else UNKNOWN_CWD. */
export function changeDirectory(view: CommandView, ctx: CheckContext): CheckContext {
  let k = 1;
  while (k < view.args.length && /^-[LPe@]+$/.test(view.args[k] as string)) k++;
  if (view.args[k] === "--") k++;
  const target = view.words[k];
  let cwd: string;
  if (view.name === "popd" || target === undefined && view.name === "pushd") cwd = UNKNOWN_CWD;
  else if (target === undefined) cwd = ctx.paths.home;
  else if (target.value === "-") cwd = UNKNOWN_CWD;
  else cwd = resolvePath(target, ctx.paths).path ?? UNKNOWN_CWD;
  return inDirectory(cwd, ctx);
}
