import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { compileGlob } from "./glob.js";

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
