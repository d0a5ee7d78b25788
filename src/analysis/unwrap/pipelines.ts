/** The stages of each pipeline of a parse, indexed once per Facts (a lookup per stage was quadratic in a long pipeline). */

import type { Facts, SimpleCommand } from "../../facts/types.js";

const cache = new WeakMap<Facts, Map<number, SimpleCommand[]>>();
const NONE: readonly SimpleCommand[] = [];

/** The stages of pipeline `pipeline` of `facts`, in order (empty for -1 or an unknown ordinal). */
export function stagesOf(facts: Facts, pipeline: number): readonly SimpleCommand[] {
  if (pipeline < 0) return NONE;
  let index = cache.get(facts);
  if (index === undefined) {
    index = new Map();
    for (const c of facts.commands) {
      if (c.pipeline < 0 || c.stage < 0) continue;
      const list = index.get(c.pipeline);
      if (list === undefined) index.set(c.pipeline, [c]);
      else list.push(c);
    }
    for (const list of index.values()) list.sort((a, b) => a.stage - b.stage);
    cache.set(facts, index);
  }
  return index.get(pipeline) ?? NONE;
}

/** The stage before `sc` in its pipeline, or undefined. */
export function stageBefore(facts: Facts, sc: SimpleCommand): SimpleCommand | undefined {
  return sc.stage > 0 ? stagesOf(facts, sc.pipeline).find((c) => c.stage === sc.stage - 1) : undefined;
}
