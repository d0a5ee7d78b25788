import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob, keptSets } from "./glob.js";

// Globs and paths of the shapes sensitive lists use; every pair is compared with picomatch
// (dot: true), the syntax the docs promise. Left out: `!(…)`, over-approximated as `*`, and `[!a]`,
// which picomatch reads as the set {!, a} and we read as the shell does: any character but `a`.
const GLOBS = [
  "*.pem", ".env*", "id_*", "?x", "a?c", "[abc]x", "[^a-c]*", "[[:digit:]]*", "x[a-]",
  "{a,b}c", "{a,b{c,d}}x", "file{1..3}", "{x..z}", ".config/{gh,hub}", "a\\*b",
  "@(a|b)c", "?(a)b", "*(ab)", "+(ab|c)", "@(a*)*(a*)b",
  "**", "**/b", "a/**", "a/**/b", "**/.ssh/*", "/etc/**", "/home/*/.cache", "a**b", "a/*/c", "*/",
];
const PATHS = [
  "a", "b", "c", "x", "ax", "bx", "dx", "1x", "x-", "xa", "abc", "ac", "acc", "ab", "abab", "ababc",
  "cab", "ccc", "bc", "bcx", "bdx", "aax", "abx", "file1", "file3", "file4", "y", ".env", ".env.local",
  "env", "id_rsa", "id_ed25519.pub", "key.pem", ".pem", "a.pem", "a*b", "axb", "a/b", "a/x/b", "a/x/y/b",
  "x/y/b", "b/a", ".config/gh", ".config/hub", ".config/git", "home/u/.ssh/id_rsa", ".ssh/config",
  "/etc", "/etc/passwd", "/etc/ssh/sshd_config", "/home/u/.cache", "/home/u/v/.cache", "axxb",
  "ax/xb", "a/b/c", "a/bb/c", "a/", "aab", "aaaab", "b/", "a/b/",
];

describe("compileGlob agrees with picomatch (dot: true)", () => {
  for (const g of GLOBS) {
    it(g, () => {
      const ours = compileGlob(g);
      const theirs = picomatch.makeRe(g, { dot: true });
      const differ = PATHS.filter((p) => ours.test(p) !== theirs.test(p)).map((p) => `${p}: ours ${ours.test(p)}`);
      expect(differ).toEqual([]);
    });
  }
});

describe("compileGlob", () => {
  it.each([
    ["!(x)", "y", true], ["[!a]x", "bx", true], ["[!a]x", "ax", false], ["[!a]x", "/x", false], ["!(x)", "a/b", false], ["a[", "a[", true], ["{a", "{a", true], ["a}", "a}", true],
    ["{a,b", "{a,b", true], ["(x|y)", "(x|y)", true], ["[]a]", "]", true], ["\\[x]", "[x]", true],
  ])("%s on %s is %s", (g, p, want) => {
    expect(compileGlob(g).test(p)).toBe(want);
  });

  it("is linear where a backtracking matcher explodes", () => {
    // Each of these took seconds to minutes as a picomatch regular expression on the long path.
    const evil = ["@(a*)*(a*)*(a*)*(a*)b", "*a*a*a*a*a*a*a*a*a*a*b", "+(+(a))b", "**/**/**/**/**/**/**/**/x"];
    const long = `${"a".repeat(5000)}c`;
    const slashes = `${"a/".repeat(2500)}c`;
    for (const g of evil) {
      const m = compileGlob(g);
      expect(m.test(long)).toBe(false);
      expect(m.test(slashes)).toBe(false);
    }
  });
});

// The automaton is read as a DFA built on demand and kept between tests (a few hundred sets at
// most, then forgotten and rebuilt): answers must not depend on what earlier inputs built.
describe("compileGlob's DFA cache", () => {
  /**
   * `*`, `?`, `[ab]` and literals as a regular expression: an independent oracle for that subset
   * (no `**`, a globstar; like the automaton, it reads UTF-16 code units, so `?` is half of 😀).
   */
  const asRegExp = (g: string): RegExp => new RegExp(`^${g.replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")}$`);
  /** A small deterministic generator (no Math.random: a failure reproduces). */
  const lcg = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it("agrees with a regular expression on generated globs and paths, tested in any order", () => {
    const next = lcg(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const differ: string[] = [];
    for (let n = 0; n < 200; n++) {
      const g = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(["a", "b", "*", "?", "[ab]", "/", "é"])).join("").replace(/\*+/g, "*");
      const ours = compileGlob(g);
      const oracle = asRegExp(g);
      for (let k = 0; k < 60; k++) {
        const p = Array.from({ length: Math.floor(next() * 8) }, () => pick(["a", "b", "c", "/", "é", "😀"])).join("");
        if (ours.test(p) !== oracle.test(p)) differ.push(`${g} on ${p}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it("stays right past the cap on remembered sets, and after it", () => {
    // `*a` and eleven `?`: the sets remember which of the last twelve characters were `a`, 4,096
    // of them on inputs of a and b: the DFA is forgotten and rebuilt many times over.
    const g = `*a${"?".repeat(11)}`;
    const ours = compileGlob(g);
    const oracle = asRegExp(g);
    const next = lcg(11);
    const differ: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const p = Array.from({ length: 12 + Math.floor(next() * 20) }, () => (next() < 0.5 ? "a" : "b")).join("");
      if (ours.test(p) !== oracle.test(p)) differ.push(p);
    }
    expect(differ).toEqual([]);
    // And the same answers asked again, after everything the loop built and forgot.
    expect(ours.test(`a${"b".repeat(11)}`)).toBe(true);
    expect(ours.test(`b${"b".repeat(11)}`)).toBe(false);
  });
});

describe("compileGlob's DFAs all together", () => {
  it("keep a bounded number of sets, and answer the same once the bound is reached", () => {
    // Forty automata driven to their own cap would keep ~10,000 sets: past 4,096 the rest are used
    // and dropped. Answers before and after must agree with the oracle.
    const globs = Array.from({ length: 40 }, (_, k) => `*${"ab"[k % 2]}${"?".repeat(11)}`);
    const oracles = globs.map((g) => new RegExp(`^${g.replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")}$`));
    const automata = globs.map(compileGlob);
    let seed = 3;
    const next = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const differ: string[] = [];
    let most = 0;
    for (let round = 0; round < 400; round++) {
      const p = Array.from({ length: 12 + Math.floor(next() * 12) }, () => (next() < 0.5 ? "a" : "b")).join("");
      for (let k = 0; k < automata.length; k++) if ((automata[k] as ReturnType<typeof compileGlob>).test(p) !== (oracles[k] as RegExp).test(p)) differ.push(`${globs[k]} on ${p}`);
      most = Math.max(most, keptSets());
    }
    expect(differ).toEqual([]);
    expect(most).toBe(4096);
  });
});
