/**
 * The lines the properties run over: the tldr corpus (test/fixtures/corpus, CC BY 4.0; test material,
 * never a run-time dependency), its dangerous sample, and test/fixtures/hard-cases.txt
 * (one JSON string a line). `sample` picks a deterministic subset by a seeded hash of each line, so
 * the same lines are chosen on every machine and in every order.
 */

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface CorpusLine {
  corpus: string;
  /** 1-based line number in its file. */
  n: number;
  line: string;
}

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

export const CORPUS_FILES = {
  tldr: here("../fixtures/corpus/tldr-commands.txt"),
  dangerous: here("../fixtures/corpus/tldr-dangerous-sample.txt"),
  hard: here("../fixtures/hard-cases.txt"),
} as const;

function read(corpus: keyof typeof CORPUS_FILES): CorpusLine[] {
  const file = CORPUS_FILES[corpus];
  const out: CorpusLine[] = [];
  readFileSync(file, "utf8").split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    out.push({ corpus, n: i + 1, line: corpus === "hard" ? (JSON.parse(raw) as string) : raw });
  });
  return out;
}

/** Every line of the three files, each corpus in file order. */
export function loadCorpus(): CorpusLine[] {
  return [...read("tldr"), ...read("dangerous"), ...read("hard")];
}

/** FNV-1a, 32 bits: a stable hash of a string (no backtracking, linear). */
export function hash32(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Keep each line with probability `share`, decided by the seeded hash of its text. */
export function sample<T extends { line: string }>(items: readonly T[], share: number, seed: number): T[] {
  if (share >= 1) return [...items];
  const cut = Math.floor(share * 0x100000000);
  return items.filter((x) => hash32(x.line, seed) < cut);
}
