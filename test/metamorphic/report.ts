/**
 * Violations grouped as classes — property × transformation × cause, the cause being the pair of
 * engine steps that decided (`check → read-only`: the checks saw danger in the line, the rewrite
 * was taken for read-only) — with the shortest pairs of each class as its examples.
 */

import type { Violation } from "./property.js";

export interface ViolationClass {
  key: string;
  count: number;
  modes: string[];
  /** The shortest pairs, shortest original first. */
  examples: Violation[];
}

export function classKey(v: Violation): string {
  return `${v.property} | ${v.transform} | ${v.before.step} → ${v.after.step}`;
}

export function classify(violations: readonly Violation[], examples = 3, minimal: (v: Violation) => Violation = (v) => v): ViolationClass[] {
  const groups = new Map<string, Violation[]>();
  for (const v of violations) {
    const key = classKey(v);
    const list = groups.get(key);
    if (list) list.push(v);
    else groups.set(key, [v]);
  }
  return [...groups].map(([key, list]) => {
    const seen = new Set<string>();
    const shortest = [...list]
      .sort((a, b) => a.source.line.length - b.source.line.length || a.transformed.length - b.transformed.length)
      .filter((v) => !seen.has(v.source.line) && Boolean(seen.add(v.source.line)))
      .slice(0, examples)
      .map(minimal);
    return { key, count: list.length, modes: [...new Set(list.map((v) => v.mode))], examples: shortest };
  }).sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
}

const show = (s: string): string => JSON.stringify(s.length > 160 ? s.slice(0, 159) + "…" : s);

/** One violation as the minimal pair: both lines, the mode, both decisions and their reasons. */
export function formatViolation(v: Violation): string {
  return [
    `  ${v.source.corpus}:${v.source.n} [${v.mode}]${v.shrunkFrom !== undefined ? ` shrunk from ${show(v.shrunkFrom)}` : ""}`,
    `    original    ${show(v.source.line)}`,
    `      → ${v.before.decision} (${v.before.step}): ${v.before.reason}`,
    `    transformed ${show(v.transformed)}`,
    `      → ${v.after.decision} (${v.after.step}): ${v.after.reason}`,
  ].join("\n");
}

export function formatClasses(classes: readonly ViolationClass[]): string {
  return classes.map((c) => `${c.key}  (${c.count} pairs; modes ${c.modes.join(", ")})\n${c.examples.map(formatViolation).join("\n")}`).join("\n\n");
}
