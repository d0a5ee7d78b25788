/**
 * The bash reading layer (src/facts/bash-reading.ts, native/reading.c): lines tree-sitter-bash
 * reads differently from bash fail closed, lines it reads as bash does stay analysed. Both
 * extractors, table-driven; test/oracle holds the same classes to real bash.
 */
import { describe, expect, it } from "vitest";
import { parseCopy } from "../src/facts/bash-reading.js";
import { extractFactsNative } from "../src/facts/native.js";
import { extractFactsReference } from "../src/facts/reference.js";
import type { Facts } from "../src/facts/types.js";

const extractors: [string, (s: string) => Facts][] = [
  ["native", extractFactsNative],
  ["reference", extractFactsReference],
];
const argvOf = (f: Facts): string[][] => f.commands.map((c) => c.argv.map((w) => w.value));

describe.each(extractors)("reading like bash (%s)", (_name, extract) => {
  it.each([
    ["[sgprobe]", "a `[` touching the next character is one glob word to bash"],
    ["true && [x]", "the same after an operator"],
    ["[[sgprobe ]]", "a `[[` touching the next character"],
    ["a[1] =2 sgprobe", "a blank before the `=` of a subscripted assignment: bash runs `a[1]`"],
    ["a[1]\t=2 sgprobe", "a tab there"],
    ["x=1 a[1] =2 sgprobe", "after another assignment"],
    ["!(sgprobe)", "`!(`: `! (x)` without extglob, a glob word bash runs with it"],
    ["true && !(sgprobe) ", "the same after an operator"],
    ["case y in @(a|`sgprobe`)) z;; esac", "a backquote in a case pattern"],
    ["[[ y == @(a|`sgprobe`) ]]", "a backquote in a [[ pattern"],
    ["x=@(a;sgprobe) sgprobe2", "`;` inside an extglob: pattern text to bash, a separator to tree-sitter"],
    ["echo @(a|b", "an extglob that does not close"],
  ])("%j fails closed: %s", (src) => {
    expect(extract(src).errors.length).toBeGreaterThan(0);
  });

  it.each([
    ["[ -n x ]", []],
    ["[[ -n x ]]", []],
    ["[\t-n x ]", []],
    ["a[1]=2 sgprobe", [["sgprobe"]]],
    ["a[1]+=2 sgprobe", [["sgprobe"]]],
    ["for ((i = 1; i < 3; i++)); do sgprobe; done", [["sgprobe"]]],
    ["for ((i\t= 1, j = 2; ; )); do sgprobe; done", [["sgprobe"]]],
    // extglob patterns are word text (parseCopy), whatever follows them stays analysed
    ["ls @(a|b) && sgprobe", [["ls", "@(a|b)"], ["sgprobe"]]],
    ["ls dir/!(README*|*.sh) | sgprobe", [["ls", "dir/!(README*|*.sh)"], ["sgprobe"]]],
    ["echo *.+(gz|bz2) ?( *)x; sgprobe", [["echo", "*.+(gz|bz2)", "?( *)x"], ["sgprobe"]]],
    ["echo @(a|$(sgprobe x)|\"b c\") z", [["echo", "@(a|$(sgprobe x)|b c)", "z"], ["sgprobe", "x"]]],
    ["case $x in -!(-*)[ab]) sgprobe;; ?(-)-x|--colo?(u)r) y;; esac", [["sgprobe"], ["y"]]],
    ["[[ $p == --@(decompress|list) ]] && sgprobe", [["sgprobe"]]],
    ["[[ $l =~ ^c${x}[[:space:]:\\(] ]] && sgprobe", [["sgprobe"]]],
    ["[[ $l =~ ^c$(sgprobe) ]]", [["sgprobe"]]],
    ["echo '@(a|b)' \"!(x)\" | sgprobe", [["echo", "@(a|b)", "!(x)"], ["sgprobe"]]],
  ])("%j is read as bash reads it", (src, expected) => {
    const f = extract(src);
    expect(f.errors).toEqual([]);
    expect(argvOf(f).filter((a) => a.length > 0)).toEqual(expected);
  });

  it.each(["ls @(a|b)", "rm -rf /@(usr|etc)", "echo x!(y)", "echo *.?(a)"])("%j: the extglob word is a glob, its value and offsets the source's", (src) => {
    const w = extract(src).commands[0]?.argv.at(-1);
    expect(w?.glob).toBe(true);
    expect(w !== undefined && src.slice(w.start, w.end)).toBe(w?.value);
  });

});

describe("the extglob pre-pass", () => {
  const line = "echo " + "@(a|".repeat(50_000) + " x; " + "x!(".repeat(50_000) + "@(a|b)".repeat(50_000);

  it("is linear (a line of unclosed and closed patterns)", () => {
    const t = performance.now();
    const copy = parseCopy(line);
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(copy.length).toBe(line.length);
  });

  it("stays fast in the addon (tree-sitter's parse dominates)", () => {
    const t = performance.now();
    extractFactsNative(line.slice(0, 60_000));
    expect(performance.now() - t).toBeLessThan(5_000);
  });
});
