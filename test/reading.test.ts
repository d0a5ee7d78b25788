/**
 * The bash reading layer (src/facts/bash-reading.ts, native/reading.c): lines tree-sitter-bash
 * reads differently from bash fail closed, lines it reads as bash does stay analysed. Both
 * extractors, table-driven; test/oracle holds the same classes to real bash.
 */
import { describe, expect, it } from "vitest";
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
  ])("%j is read as bash reads it", (src, expected) => {
    const f = extract(src);
    expect(f.errors).toEqual([]);
    expect(argvOf(f).filter((a) => a.length > 0)).toEqual(expected);
  });
});
