/**
 * Minimal pairs: an example violation's original line loses argument words, one at a time, for as
 * long as the same rewrite of the shorter line still violates the property in the same mode. Only
 * the few printed examples are shrunk, and the work is bounded (MAX_STEPS removals tried).
 */

import type { Facts } from "../../src/facts/types.js";
import type { Violation } from "./property.js";
import { RANK, type Decide } from "./subject.js";
import type { Transform } from "./transforms.js";

const MAX_STEPS = 200;

export function shrink(v: Violation, transforms: readonly Transform[], decide: Decide, factsOf: (line: string) => Facts): Violation {
  const t = transforms.find((x) => x.id === v.transform);
  if (!t || v.property === "unknown-option") return v;
  let best = v;
  let steps = 0;
  for (let progress = true; progress && steps < MAX_STEPS; ) {
    progress = false;
    const line = best.source.line;
    // Last word first: trailing arguments are the likeliest to be noise.
    const words = factsOf(line).commands.flatMap((c) => c.argv.slice(1)).sort((a, b) => b.start - a.start);
    for (const w of words) {
      if (++steps > MAX_STEPS) break;
      // The word and the blanks before it (not a backslash before them: `\ ` is a word).
      let from = w.start;
      while (from > 0 && (line[from - 1] === " " || line[from - 1] === "\t") && line[from - 2] !== "\\") from--;
      const shorter = line.slice(0, from) + line.slice(w.end);
      const transformed = t.apply(shorter, factsOf(shorter));
      if (transformed === null) continue;
      const before = decide(shorter, [v.mode]).get(v.mode)!;
      const after = decide(transformed, [v.mode]).get(v.mode)!;
      if (RANK[after.decision] < RANK[before.decision]) {
        best = { ...best, source: { ...best.source, line: shorter }, transformed, before, after, shrunkFrom: v.source.line };
        progress = true;
        break;
      }
    }
  }
  return best;
}
