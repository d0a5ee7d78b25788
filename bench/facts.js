// Facts extraction over every line of the tldr corpus (docs/performance.md):
//   (a) native Facts, decode to JS objects included     (b) the reference extractor
//   (c) web-tree-sitter (WASM) parse + a cursor walk visiting every node, the same lines
//   (d) native parse only (read the string, parse, free the tree): the floor
// Method: a pass runs every line once per method. The methods are interleaved chunk by chunk (500
// lines, in a rotating order), so a change in machine load falls on all four alike and the ratios
// stay meaningful on a busy machine. A pass gives each method's mean µs per line; the figure is the
// median over the passes (after a warm-up pass). RSS growth: one process, after 10k and after 100k
// native calls, each measured after a forced GC.
import path from "node:path";
import { createRequire } from "node:module";
import { getGc, importDist, interleavedPassUs, median, repoRoot, round } from "./lib.js";

async function wasmParser() {
  const { Parser, Language } = await import("web-tree-sitter");
  await Parser.init();
  const require = createRequire(path.join(repoRoot, "package.json"));
  const wasm = path.join(path.dirname(require.resolve("tree-sitter-bash/package.json")), "tree-sitter-bash.wasm");
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
  return (line) => {
    const tree = parser.parse(line);
    const c = tree.walk();
    let nodes = 0;
    for (;;) {
      nodes++;
      if (c.gotoFirstChild()) continue;
      while (!c.gotoNextSibling()) {
        if (!c.gotoParent()) {
          c.delete();
          tree.delete();
          return nodes;
        }
      }
    }
  };
}

function rssGrowthMb(extract, lines) {
  const gc = getGc();
  const settle = () => {
    gc();
    gc();
    return process.memoryUsage().rss;
  };
  let n = 0;
  const run = (upTo) => {
    for (; n < upTo; n++) extract(lines[n % lines.length]);
  };
  run(10_000);
  const at10k = settle();
  run(100_000);
  const at100k = settle();
  return (at100k - at10k) / (1 << 20);
}

export async function benchFacts({ lines, passes = 5, log = () => {} }) {
  const native = await importDist("facts/native.js");
  const reference = await importDist("facts/reference.js");
  native.loadNativeAddon();
  const methods = {
    native: (s) => native.extractFactsNative(s),
    reference: (s) => reference.extractFactsReference(s),
    wasm: await wasmParser(),
    parseOnly: (s) => native.parseOnlyNative(s),
  };
  const rss = rssGrowthMb(methods.native, lines); // first, before the other parsers allocate
  const names = Object.keys(methods);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let pass = 0; pass <= passes; pass++) {
    const us = interleavedPassUs(methods, lines, 500);
    if (pass > 0) for (const n of names) samples[n].push(us[n]); // pass 0 warms up JITs and caches
    log(`facts: pass ${pass}/${passes}`);
  }
  const nativeUs = median(samples.native);
  const referenceUs = median(samples.reference);
  const wasmUs = median(samples.wasm);
  const parseOnlyUs = median(samples.parseOnly);
  return {
    lines: lines.length,
    passes,
    nativeUs: round(nativeUs),
    referenceUs: round(referenceUs),
    wasmUs: round(wasmUs),
    parseOnlyUs: round(parseOnlyUs),
    nativeOverReference: round(nativeUs / referenceUs, 3),
    nativeOverWasm: round(nativeUs / wasmUs, 3),
    nativeOverParseOnly: round(nativeUs / parseOnlyUs, 3),
    rssGrowthMb: round(rss),
    targets: {
      "reference >= 4x native": referenceUs / nativeUs >= 4,
      "wasm >= 1.5x native": wasmUs / nativeUs >= 1.5,
      "native <= 1.5x parseOnly": nativeUs / parseOnlyUs <= 1.5,
      "rss growth < 5 MB": rss < 5,
    },
  };
}

/** Rows for the human table. */
export function factsRows(f) {
  return [
    ["(a) native Facts (incl. JS decode)", `${f.nativeUs} µs`],
    ["(b) reference Facts (node-tree-sitter + TS)", `${f.referenceUs} µs`],
    ["(c) web-tree-sitter WASM parse + walk", `${f.wasmUs} µs`],
    ["(d) native parse only", `${f.parseOnlyUs} µs`],
    ["a/b (target <= 0.25)", `${f.nativeOverReference}  (${round(f.referenceUs / f.nativeUs, 1)}x faster)`],
    ["a/c (target <= 0.667)", `${f.nativeOverWasm}  (${round(f.wasmUs / f.nativeUs, 1)}x faster)`],
    ["a/d (target <= 1.5)", `${f.nativeOverParseOnly}`],
    ["RSS growth 10k -> 100k native calls (target < 5 MB)", `${f.rssGrowthMb} MB`],
  ];
}
