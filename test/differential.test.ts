/**
 * The native addon, the reference extractor (node tree-sitter) and the WebAssembly fallback
 * (web-tree-sitter with the grammar's .wasm, walked by the reference code) must produce deep-equal
 * Facts (docs/facts.md) on every line of the tldr corpus and on the hand-written hard cases.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { extractFactsNative } from "../src/facts/native.js";
import { extractFactsReference, extractFactsWith, type TSParser } from "../src/facts/reference.js";
import { loadWasmParser } from "../src/facts/wasm.js";
import { blankLikeCases, continuationCases, extglobCases, heredocCases, mutate, rng, wordShapeCases } from "./oracle/mutate.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The tldr corpus, kept in the repository as test material (CC BY 4.0, see its NOTICE). */
const corpusFile = path.resolve(repoRoot, "test/fixtures/corpus/tldr-commands.txt");
const hardCasesFile = path.join(repoRoot, "test/fixtures/hard-cases.txt");

let wasm: TSParser;
beforeAll(async () => {
  wasm = await loadWasmParser();
});

/** The path and both values of the first field where a and b differ, or null. */
function firstDifference(a: unknown, b: unknown, at = "facts", other = "reference"): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const d = firstDifference(a[i], b[i], `${at}[${i}]`, other);
        if (d !== null) return d;
      }
      return `${at}.length: native ${a.length}, ${other} ${b.length}`;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`, other);
      if (d !== null) return d;
    }
  }
  const show = (v: unknown): string => (JSON.stringify(v) ?? String(v)).slice(0, 300);
  return `${at}: native ${show(a)}, ${other} ${show(b)}`;
}

/**
 * Compares every input; fails listing the first few differing lines with their first difference.
 * Yields to the event loop between chunks so a slow machine never starves vitest's worker RPC.
 */
async function compareAll(label: string, inputs: string[]): Promise<void> {
  const failures: string[] = [];
  let count = 0;
  for (let i = 0; i < inputs.length; i++) {
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    const source = inputs[i] as string;
    const native = extractFactsNative(source);
    const d = firstDifference(native, extractFactsReference(source)) ?? firstDifference(native, extractFactsWith(wasm, source), "facts", "wasm");
    if (d === null) continue;
    count++;
    if (failures.length < 10) failures.push(`${label}:${i + 1} ${JSON.stringify(source)}\n    ${d}`);
  }
  expect(count, `${count} of ${inputs.length} inputs differ:\n${failures.join("\n")}`).toBe(0);
}

describe("native vs reference vs WebAssembly", () => {
  it("agree on every hard case", async () => {
    const lines = fs.readFileSync(hardCasesFile, "utf8").split("\n").filter((l) => l.trim() !== "");
    const inputs = lines.map((l) => JSON.parse(l) as string);
    expect(inputs.length).toBeGreaterThanOrEqual(80);
    await compareAll("hard-cases.txt", inputs);
  });

  it("agree on every line of the tldr corpus", async () => {
    const lines = fs.readFileSync(corpusFile, "utf8").split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    expect(lines.length).toBeGreaterThan(20_000);
    await compareAll("tldr-commands.txt", lines);
  });

  it("agree on every generated member of the classes where tree-sitter and bash disagree (test/oracle)", async () => {
    await compareAll("classes", [...blankLikeCases(), ...continuationCases(), ...heredocCases(), ...wordShapeCases(), ...extglobCases()]);
  });

  it("agree on seeded random mutations of corpus lines", async () => {
    const lines = fs.readFileSync(corpusFile, "utf8").split("\n").filter((l) => l !== "");
    const r = rng(11);
    const inputs: string[] = [];
    for (let i = 0; i < 4000; i++) inputs.push(mutate(lines[Math.floor(r() * lines.length)] as string, lines[Math.floor(r() * lines.length)] as string, r));
    await compareAll("mutations", inputs);
  });

  it("agree on every prefix of a few hard cases (truncated, half-parsed input)", async () => {
    const samples = [
      "cat <<EOF | bash\nrm -rf $x \\$y\nEOF\n",
      "A=1 B=(x y) export C=~/d; { a \"b $(c 'd')\" e\\\nf; } > g 2>&1 &",
      "echo $'\\x72\\u00e9\\U0001F600' \"${a:-$(b)}\" <(c) `d` $((e+1))",
    ];
    const inputs: string[] = [];
    for (const s of samples) for (let i = 0; i <= s.length; i++) inputs.push(s.slice(0, i));
    await compareAll("prefixes", inputs);
  });
});
