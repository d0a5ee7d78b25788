/**
 * Indexes over a parse's constructs, made in one pass each and cached per Facts, so that "is
 * this command inside that construct" and "which subshell holds it" cost O(1) instead of a walk
 * up the parents (a walk made the analysis quadratic in the nesting depth).
 *
 * Facts lists constructs in pre-order (docs/facts.md), so construct `i` holds exactly the
 * constructs `i..last[i]`.
 */

import type { Construct, Facts } from "../facts/types.js";

export interface ConstructIndex {
  /** Index of each construct's last descendant (itself when it has none). */
  last: Int32Array;
  /** The innermost construct around each construct (itself included) that runs in a subshell, or -1. */
  subshell: Int32Array;
}

const SUBSHELLS: ReadonlySet<string> = new Set(["subshell", "command_substitution", "process_substitution"]);

const cache = new WeakMap<Facts, ConstructIndex>();

export function constructIndex(facts: Facts): ConstructIndex {
  let index = cache.get(facts);
  if (index === undefined) {
    index = build(facts.constructs);
    cache.set(facts, index);
  }
  return index;
}

function build(constructs: readonly Construct[]): ConstructIndex {
  const n = constructs.length;
  const last = new Int32Array(n);
  const subshell = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = constructs[i] as Construct;
    last[i] = i;
    // Pre-order: a parent comes before its children, so its entry is already set.
    const p = c.parent >= 0 && c.parent < i ? c.parent : -1;
    subshell[i] = SUBSHELLS.has(c.type) ? i : p >= 0 ? (subshell[p] as number) : -1;
  }
  for (let i = n - 1; i >= 0; i--) {
    const p = (constructs[i] as Construct).parent;
    if (p >= 0 && p < i && (last[p] as number) < (last[i] as number)) last[p] = last[i] as number;
  }
  return { last, subshell };
}

/** Construct `outer` is `inner` or encloses it (-1, the whole parse, encloses everything). */
export function encloses(index: ConstructIndex, outer: number, inner: number): boolean {
  return outer < 0 || (inner >= outer && inner <= (index.last[outer] as number));
}

/** The innermost construct around `parent` (a command's parent construct) that runs in a subshell, or -1. */
export function subshellAround(index: ConstructIndex, parent: number): number {
  return parent >= 0 && parent < index.subshell.length ? (index.subshell[parent] as number) : -1;
}

/** The first construct starting at or after `at` (constructs come in source order), or constructs.length. */
export function firstFrom(facts: Facts, at: number): number {
  const cs = facts.constructs;
  let lo = 0;
  let hi = cs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cs[mid] as Construct).start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
