// Shared helpers for the benchmark sections (bench/<section>.js).
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The tldr corpus, kept in the repository as test material (test/fixtures/corpus). */
export function loadCorpus() {
  const file = path.resolve(repoRoot, "test/fixtures/corpus/tldr-commands.txt");
  if (!fs.existsSync(file)) throw new Error(`corpus not found: ${file}`);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return { file, lines };
}

/** Imports a compiled module from dist/ (the benchmark measures what ships). */
export async function importDist(rel) {
  const file = path.join(repoRoot, "dist", rel);
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build:ts\` first`);
  return import(pathToFileURL(file).href);
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Mean µs per line of one whole pass of `fn` over `lines`. */
export function passUs(fn, lines) {
  const t0 = performance.now();
  for (let i = 0; i < lines.length; i++) fn(lines[i]);
  return ((performance.now() - t0) * 1000) / lines.length;
}

/**
 * One pass of every method in `methods` ({name: fn}) over `lines`, interleaved chunk by chunk in a
 * rotating order; returns {name: mean µs per line}. A young-generation GC runs (untimed) before
 * each chunk, so a method pays for collecting its own garbage only, not the previous method's.
 */
export function interleavedPassUs(methods, lines, chunk) {
  const gc = getGc();
  const names = Object.keys(methods);
  const ms = Object.fromEntries(names.map((n) => [n, 0]));
  for (let at = 0, k = 0; at < lines.length; at += chunk, k++) {
    const end = Math.min(at + chunk, lines.length);
    for (let j = 0; j < names.length; j++) {
      const name = names[(k + j) % names.length];
      const fn = methods[name];
      gc({ type: "minor" });
      const t0 = performance.now();
      for (let i = at; i < end; i++) fn(lines[i]);
      ms[name] += performance.now() - t0;
    }
  }
  return Object.fromEntries(names.map((n) => [n, (ms[n] * 1000) / lines.length]));
}

/** A callable gc() even without --expose-gc on the command line. */
export function getGc() {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
}

export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
