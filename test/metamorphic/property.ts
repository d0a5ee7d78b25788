/**
 * The properties, as plain functions over lines (the test file picks the lines and the guard):
 *
 *  monotone        no transformation makes a line's decision more permissive, in any mode
 *                  (allow < ask < deny); with deny rules, a denied line's transformations stay deny.
 *  unknown-option  a line the guard calls read-only stops being read-only when one of its commands
 *                  is given an option no command has (`--zz-unknown-option`, or `%` put first in a
 *                  short-option cluster: `-la` → `-%la`).
 *
 * A violation keeps the pair (original, transformed), the mode, and both decisions with reasons.
 */

import type { Decision, ModeName } from "../../src/index.js";
import type { Facts, Word } from "../../src/facts/types.js";
import { READ_ONLY_COMMANDS, type ReadOnlyCommand } from "../../src/analysis/read-only/index.js";
import { SHELLS } from "../../src/analysis/unwrap/wrappers.js";
import type { CorpusLine } from "./corpus.js";
import { isProgramName } from "./shell.js";
import { RANK, type Decide } from "./subject.js";
import type { Transform } from "./transforms.js";

export type Property = "monotone" | "rules" | "unknown-option";

export interface Violation {
  property: Property;
  /** The transformation's id (`wrap:sudo`, `option:--zz-unknown-option`, …). */
  transform: string;
  mode: ModeName;
  source: CorpusLine;
  transformed: string;
  before: Decision;
  after: Decision;
  /** The corpus line this minimal pair was shrunk from (shrink.ts). */
  shrunkFrom?: string;
}

export interface Tally {
  lines: number;
  /** Transformed lines produced. */
  pairs: number;
  /** guard.check calls. */
  checks: number;
  violations: Violation[];
}

export const newTally = (): Tally => ({ lines: 0, pairs: 0, checks: 0, violations: [] });

/**
 * monotone (or rules, with a rules guard): for each line, its decision in every mode, then each
 * transformation in the modes where the line is not already allowed (nothing is below allow).
 */
export function monotone(
  property: Property, items: readonly CorpusLine[], transforms: readonly Transform[],
  modes: readonly ModeName[], decide: Decide, factsOf: (line: string) => Facts, tally: Tally,
): void {
  for (const item of items) {
    tally.lines++;
    const before = new Map([...decide(item.line, modes)].filter(([, d]) => d.decision !== "allow"));
    tally.checks += modes.length;
    if (before.size === 0) continue;
    const facts = factsOf(item.line);
    for (const t of transforms) {
      const transformed = t.apply(item.line, facts);
      if (transformed === null || transformed === item.line) continue;
      tally.pairs++;
      const afters = decide(transformed, [...before.keys()]);
      tally.checks += before.size;
      for (const [mode, b] of before) {
        const after = afters.get(mode)!;
        if (RANK[after.decision] < RANK[b.decision]) {
          tally.violations.push({ property, transform: t.id, mode, source: item, transformed, before: b, after });
        }
      }
    }
  }
}

/**
 * Commands that read every word as an operand: an unknown "option" is only text to them. GNU expr
 * reads `--help`/`--version` only as its sole argument; any other word is part of the expression.
 */
export const NO_OPTIONS: ReadonlySet<string> = new Set(["echo", "true", "false", ":", "[", "test", "expr"]);

/**
 * Options end at the first operand: a word after it is an argument (`printf '%s' x --zz` prints
 * `--zz`; `bash -c 'ls' --zz` sets `$0`).
 */
function optionsEndAtOperand(name: string): boolean {
  return READ_ONLY_COMMANDS.get(name)?.stopAtOperand === true || SHELLS.has(name);
}

/** Long options that take their value as the next word, in any table: `--sort -committerdate`'s value is no cluster. */
const LONG_WITH_VALUE: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  const visit = (cmd: ReadOnlyCommand): void => {
    for (const name of Object.keys(cmd.spec().longValue ?? {})) out.add("--" + name);
    for (const sub of cmd.subcommands?.values() ?? []) visit(sub);
  };
  for (const cmd of READ_ONLY_COMMANDS.values()) visit(cmd);
  return out;
})();

export const UNKNOWN_LONG = "--zz-unknown-option";

/** The unknown-option rewrites of a line: one per command and position. */
export function unknownOptionVariants(line: string, facts: Facts): Array<{ id: string; line: string }> {
  const out: Array<{ id: string; line: string }> = [];
  for (const c of facts.commands) {
    const name = c.argv[0];
    if (!name || name.dynamic !== null || !isProgramName(name.value) || NO_OPTIONS.has(name.value)) continue;
    out.push({ id: `option:${UNKNOWN_LONG} after the name`, line: line.slice(0, name.end) + ` ${UNKNOWN_LONG}` + line.slice(name.end) });
    const args = c.argv.slice(1);
    const stop = args.findIndex((w) => w.value === "--");
    const options = stop < 0 ? args : args.slice(0, stop);
    const last = options[options.length - 1];
    const firstOperand = options.findIndex((w) => !w.value.startsWith("-"));
    if (last && stop < 0 && !(optionsEndAtOperand(name.value) && firstOperand >= 0)) {
      out.push({ id: `option:${UNKNOWN_LONG} after the arguments`, line: line.slice(0, last.end) + ` ${UNKNOWN_LONG}` + line.slice(last.end) });
    }
    const cluster = options.find((w, k) => w.dynamic === null && /^-[A-Za-z]+$/.test(w.value) && line.slice(w.start, w.end) === w.value && !(k > 0 && LONG_WITH_VALUE.has((options[k - 1] as Word).value)));
    if (cluster) out.push({ id: "option:-% in a cluster", line: line.slice(0, cluster.start + 1) + "%" + line.slice(cluster.start + 1) });
  }
  return out;
}

/** unknown-option: read-only lines (default mode, decided at step 3) and their variants. */
export function unknownOption(items: readonly CorpusLine[], decide: Decide, factsOf: (line: string) => Facts, tally: Tally): void {
  const check = (line: string): Decision => decide(line, ["default"]).get("default")!;
  for (const item of items) {
    tally.lines++;
    const before = check(item.line);
    tally.checks++;
    if (before.step !== "read-only") continue;
    for (const v of unknownOptionVariants(item.line, factsOf(item.line))) {
      tally.pairs++;
      const after = check(v.line);
      tally.checks++;
      if (after.step === "read-only") {
        tally.violations.push({ property: "unknown-option", transform: v.id, mode: "default", source: item, transformed: v.line, before, after });
      }
    }
  }
}
