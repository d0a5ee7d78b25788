/**
 * Near-linear analysis, proven by counting work, not by the clock: every construct kind is
 * generated at size n and 4n, and the reads the analysis makes of the Facts (each construct and
 * command object, counted through a Proxy) and the text of its findings must grow about 4×, not
 * 16×. (Commands' forms hold what is nested in them, so their total is quadratic in the depth by
 * nature: the limit maxFormChars bounds it, see limits.test.ts.) The limits are lifted here so the sizes measure the algorithm; the limits themselves
 * are tested in limits.test.ts.
 */

import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analysis/analyze.js";
import { DEFAULT_LIMITS, type AnalysisLimits } from "../../src/analysis/limits.js";
import { options } from "../../src/analysis/test-helpers.js";
import { extractFactsNative } from "../../src/facts/native.js";
import type { Facts } from "../../src/facts/types.js";
import { GENERATORS } from "./generators.js";

const UNLIMITED: AnalysisLimits = { ...DEFAULT_LIMITS, maxChars: Infinity, maxDepth: Infinity, maxNodes: Infinity, maxFormChars: Infinity, budgetMs: Infinity };

/** Facts whose construct and command objects count every property read. */
function counted(facts: Facts, counter: { reads: number }): Facts {
  const watch = <T extends object>(o: T): T =>
    new Proxy(o, {
      get(target, key, receiver) {
        counter.reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  return { ...facts, constructs: watch(facts.constructs.map(watch)), commands: watch(facts.commands.map(watch)) };
}

interface Work {
  reads: number;
  /** Characters of the finding messages handed back. */
  output: number;
}

function work(source: string, guard: boolean): Work {
  const counter = { reads: 0 };
  const extract = (s: string): Facts => counted(extractFactsNative(s, 60_000), counter);
  const a = analyze(source, options(guard), extract, UNLIMITED);
  let output = 0;
  for (const f of a.findings) output += f.message.length;
  return { reads: counter.reads, output };
}

const N = 150;
/** Growth allowed for 4× the input: linear is 4, quadratic 16; the slack covers constant terms. */
const MAX_GROWTH = 6;

describe("analysis work grows linearly with the input", () => {
  for (const guard of [false, true]) {
    describe(guard ? "guard mode" : "default mode", () => {
      it.each(Object.keys(GENERATORS))("%s", (name) => {
        const make = GENERATORS[name] as (n: number) => string;
        const small = work(make(N), guard);
        const large = work(make(4 * N), guard);
        const reads = large.reads / Math.max(small.reads, 1);
        const output = large.output / Math.max(small.output, 1);
        expect(reads, `Facts reads ${small.reads} → ${large.reads}`).toBeLessThanOrEqual(MAX_GROWTH);
        expect(output, `output chars ${small.output} → ${large.output}`).toBeLessThanOrEqual(MAX_GROWTH);
      });
    });
  }

  it("the counter sees a quadratic walk (the test can fail)", () => {
    // What injection used to do: for every command, walk up every construct's parents.
    const quadratic = (source: string): number => {
      const counter = { reads: 0 };
      const f = counted(extractFactsNative(source), counter);
      for (let i = 0; i < f.constructs.length; i++) {
        for (const c of f.commands) for (let p = c.parent; p >= 0 && p !== i; p = f.constructs[p]?.parent ?? -1);
      }
      return counter.reads;
    };
    const make = GENERATORS.cmdsub as (n: number) => string;
    expect(quadratic(make(4 * 40)) / quadratic(make(40))).toBeGreaterThan(MAX_GROWTH);
  });
});

describe("findings stay few however long the line", () => {
  it.each(Object.keys(GENERATORS))("%s", (name) => {
    const make = GENERATORS[name] as (n: number) => string;
    const a = analyze(make(4 * N), options(false), (s) => extractFactsNative(s, 60_000), UNLIMITED);
    const perId = new Map<string, number>();
    for (const f of a.findings) perId.set(f.id, (perId.get(f.id) ?? 0) + 1);
    // 20 listed one by one, plus one summary.
    for (const [id, n] of perId) expect(n, id).toBeLessThanOrEqual(21);
  });
});
