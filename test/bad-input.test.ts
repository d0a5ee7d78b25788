/**
 * Hostile input: every case returns Facts (problems reported as errors) within bounded time and
 * without crashing, and the addon is safe under several worker_threads at once.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { extractFactsNative, loadNativeAddon } from "../src/facts/native.js";
import type { Facts } from "../src/facts/types.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const N = 10_000;

/**
 * Extracts and checks the result is well-formed Facts. The parse budget is 2 s of CPU by default
 * (`budgetMs` raises it where a test needs the full parse of a big input on a slow machine); `ms`
 * bounds the wall time of the whole call.
 */
/**
 * Extracts under a bound on CPU time, not wall time (the addon's parse budget counts CPU time too):
 * a loaded machine stretches the wall clock, not the work done.
 */
function timed(source: string, { ms = 8000, budgetMs }: { ms?: number; budgetMs?: number } = {}): Facts {
  const t0 = process.cpuUsage();
  const f = extractFactsNative(source, budgetMs);
  const cpu = process.cpuUsage(t0);
  const took = (cpu.user + cpu.system) / 1000;
  expect(took, `took ${took.toFixed(0)} ms of CPU`).toBeLessThan(ms);
  expect(f.source).toBe(source);
  const inRange = (x: { start: number; end: number }): boolean => x.start >= 0 && x.start <= x.end && x.end <= source.length;
  const bad = [...f.commands, ...f.constructs, ...f.errors].filter((x) => !inRange(x));
  expect(bad).toEqual([]);
  return f;
}

describe("bad input", () => {
  it("empty and whitespace-only input", () => {
    expect(timed("")).toEqual({ source: "", commands: [], constructs: [], errors: [] });
    expect(timed(" \t\n\n  ")).toEqual({ source: " \t\n\n  ", commands: [], constructs: [], errors: [] });
    // CR is no blank to bash: a line holding one runs the command named "\r"
    expect(timed(" \t\n\r\n  ").commands.map((c) => c.argv.map((w) => w.value))).toEqual([["\r"]]);
  });

  it("a 1 MB command", () => {
    const src = "rm " + "abcdefgh ".repeat(116_509);
    expect(src.length).toBeGreaterThan(1 << 20);
    const f = timed(src, { ms: 60_000, budgetMs: 60_000 });
    expect(f.errors).toEqual([]);
    expect(f.commands.length).toBe(1);
    expect(f.commands[0]?.argv.length).toBe(116_510);
    expect(f.commands[0]?.argv[116_509]).toMatchObject({ value: "abcdefgh", start: src.length - 9, end: src.length - 1 });
    const one = "echo " + "x".repeat(1 << 20);
    expect(timed(one).commands[0]?.argv[1]?.value.length).toBe(1 << 20);
  });

  it(`${N}-deep $( $( ... ) ) nesting`, () => {
    const src = "echo " + "$( ".repeat(N) + "rm -rf /" + " )".repeat(N);
    const f = timed(src);
    expect(f.commands.length).toBe(N + 1);
    expect(f.constructs.length).toBe(N);
    expect(f.constructs[N - 1]?.parent).toBe(N - 2);
    const inner = f.commands[N];
    expect(inner?.argv.map((w) => w.value)).toEqual(["rm", "-rf", "/"]);
    expect(inner?.parent).toBe(N - 1);
    expect(f.errors).toEqual([]);
  });

  it(`${N}-deep (((( ... )))) and subshell nesting`, () => {
    const arith = timed("((" + "(".repeat(N) + "1" + ")".repeat(N) + "))");
    expect(arith.commands).toEqual([]);
    const sub = timed("( ".repeat(N) + "rm x" + " )".repeat(N));
    expect(sub.commands.length).toBe(1);
  });

  it(`${N}-deep { { ... }; } nesting with a redirect at every level`, () => {
    const src = "{ ".repeat(N) + "rm x; " + "} > f; ".repeat(N);
    const f = timed(src);
    expect(f.errors).toEqual([]);
    expect(f.commands.length).toBe(1);
    expect(f.commands[0]?.parent).toBe(N - 1);
    expect(f.commands[0]?.redirects.length).toBe(N);
    const broken = timed("{ ".repeat(N) + "x; " + "} ".repeat(N)); // `}` needs a `;` before it
    expect(broken.errors.length).toBeGreaterThan(0);
  });

  it(`a redirect hiding ${N * 10} argv words; ${N}-deep groups in the background or redirected with stray words`, () => {
    const words = timed("rm > f " + "-rf / ".repeat(N * 5));
    expect(words.errors).toEqual([]);
    expect(words.commands[0]?.argv.length).toBe(N * 10 + 1);
    expect(words.commands[0]?.redirects.map((r) => r.target?.value)).toEqual(["f"]);
    const bg = timed("{ ".repeat(N) + "a; " + "} & b; ".repeat(N));
    expect(bg.commands.filter((c) => c.background).length).toBe(N);
    const stray = timed("{ ".repeat(N) + "rm x; " + "} > f y; ".repeat(N));
    expect(stray.commands.length).toBe(1);
    expect(stray.errors.length).toBe(N);
    expect(stray.errors.every((e) => e.type === "ERROR" && stray.source.slice(e.start, e.end) === "y")).toBe(true);
  });

  it("NUL bytes", () => {
    const f = timed("echo a\0b; r\0m -rf /\0");
    expect(f.commands[0]?.argv[1]?.value).toBe("a\0b");
    expect(timed("\0\0\0").source).toBe("\0\0\0");
    expect(timed("$'\\0' \"\0\" '\0'").source.length).toBe(13);
  });

  it("lone surrogates and astral characters", () => {
    const f = timed("echo \uD800 x\uDC00y '\uD83D' \"\uDE00$x\" 😀");
    expect(f.commands[0]?.argv.map((w) => w.value)).toEqual(["echo", "\uD800", "x\uDC00y", "\uD83D", "\uDE00$x", "😀"]);
    expect(timed("\uDFFF\uD800").source).toBe("\uDFFF\uD800");
  });

  it("input that keeps tree-sitter's error recovery busy is cut off by the parse budget", () => {
    // On this machine `<<` x 10,000 takes about 2 s of parsing; either way the call is bounded.
    const f = timed("<<".repeat(N));
    expect(f.errors.length).toBeGreaterThan(0);
  });

  it("a parse over its time budget yields one ERROR covering the input", () => {
    const src = "echo " + "$( ".repeat(2000) + "x" + " )".repeat(2000);
    const f = extractFactsNative(src, 0);
    expect(f.commands).toEqual([]);
    expect(f.errors).toEqual([{ type: "ERROR", start: 0, end: src.length }]);
  });

  it("long runs of operators and junk", () => {
    for (const unit of ["|", ";", "&&", "<<", "'", "\\", "$(", "${", "`", "((", "[[", "<(", "\n", "\r", "\0", "EOF\n"]) {
      timed(unit.repeat(2000));
    }
    const heredocs = timed(Array.from({ length: 2000 }, (_, i) => `cat <<E${i}`).join(" | ") + "\n");
    expect(heredocs.commands.length).toBeGreaterThan(0);
  });
});

describe("worker_threads", () => {
  it("4 workers extracting at once agree with the main thread", async () => {
    const corpus = path.resolve(repoRoot, "test/fixtures/corpus/tldr-commands.txt");
    const hard = fs.readFileSync(path.join(repoRoot, "test/fixtures/hard-cases.txt"), "utf8")
      .split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as string);
    const lines = fs.readFileSync(corpus, "utf8").split("\n").slice(0, 3000);
    const inputs = [...hard, ...lines, "echo " + "$( ".repeat(2000) + "x" + " )".repeat(2000)];

    // The raw crossing (records + values) is what a worker would decode; compare it exactly.
    const addon = loadNativeAddon();
    let out: Int32Array = new Int32Array(256);
    const expected = inputs.map((s) => {
      let r = addon.extract(s, out);
      if (typeof r !== "string") [out, r] = r;
      return [Array.from(out.subarray(0, out[0])), r] as const;
    });

    const code = `
      const { parentPort, workerData } = require("node:worker_threads");
      const addon = require(workerData.nodeGypBuild)(workerData.root);
      let out = new Int32Array(256);
      const results = [];
      for (let pass = 0; pass < 3; pass++) {
        results.length = 0;
        for (const s of workerData.inputs) {
          let r = addon.extract(s, out);
          if (typeof r !== "string") { out = r[0]; r = r[1]; }
          results.push([Array.from(out.subarray(0, out[0])), r]);
        }
      }
      parentPort.postMessage(results);`;
    const nodeGypBuild = path.join(repoRoot, "node_modules/node-gyp-build");
    const run = (): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const w = new Worker(code, { eval: true, workerData: { root: repoRoot, inputs, nodeGypBuild } });
        w.once("message", resolve);
        w.once("error", reject);
      });
    const workers = [run(), run(), run(), run()];
    // keep the main thread extracting while the workers run
    for (const s of inputs.slice(0, 1000)) extractFactsNative(s);
    const results = await Promise.all(workers);
    for (const r of results) expect(r).toEqual(expected.map(([a, b]) => [a, b]));
  });
});
