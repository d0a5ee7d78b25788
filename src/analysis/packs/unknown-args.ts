/**
 * A command a pack names, with arguments read from stdin (`printf 0 | xargs init`, `xargs git`):
 * the pack's rule sees only the words on the line, but the words xargs appends could be the
 * dangerous ones (`init 0`, `git push --force`). Assume they could, unless the pack says no word
 * appended can matter (`xargs git add`: git's subcommand is already named and is none the git pack
 * judges). A rule that already judges stdin itself (`xargs rm`) has its own finding first.
 */

import type { CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { argsSource } from "../checks/deletion-targets.js";
import { unknownFrom } from "../open-forms.js";
import type { PackName } from "./types.js";

export const UNKNOWN_ARGUMENTS = "dangerous/unknown-arguments";

/** Whether no words appended to the view's known ones can make the pack's rule for it fire. */
export type Settled = (view: CommandView, ctx: CheckContext) => boolean;

/** The view cut where its unknown words start (`xargs -I{} git {}` → `git`). */
function knownPart(view: CommandView): CommandView {
  const k = unknownFrom(view);
  return k >= view.words.length ? view : { ...view, words: view.words.slice(0, k), args: view.args.slice(0, k) };
}

/**
 * The finding for a view whose pack rules found nothing, when its arguments come from stdin and
 * some pack that names it cannot rule them out; null otherwise.
 */
export function unknownArgumentsFinding(view: CommandView, ctx: CheckContext, packs: ReadonlyArray<{ pack: PackName; settled: Settled | undefined }>): FindingDraft | null {
  if (packs.length === 0 || argsSource(view) !== "stdin") return null;
  const known = knownPart(view);
  const open = packs.filter((p) => p.settled === undefined || !p.settled(known, ctx));
  if (open.length === 0) return null;
  const names = open.map((p) => p.pack).join(" and ");
  return {
    id: UNKNOWN_ARGUMENTS,
    message: `${view.name} gets arguments from stdin (xargs), unseen; the ${names} pack judges ${view.name} by its arguments, and these could be the dangerous ones. Write them out, or check the input first.`,
  };
}
