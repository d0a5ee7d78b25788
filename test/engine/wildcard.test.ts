/**
 * The linear wildcard matcher against a reference: the former RegExp translation (exact seed
 * semantics, fine on short inputs), over random patterns and forms from a small alphabet that
 * hits every case (stars, escapes, blanks before a trailing star, newlines). Then the work bound:
 * steps are counted, not timed.
 */

import { describe, expect, it } from "vitest";
import { compileRule } from "../../src/engine/rules.js";
import { compileWildcard, wildcardMatch, wildcardMatchFromWords, type WorkCounter } from "../../src/engine/wildcard.js";

/** The reference: the wildcard as a regular expression (what rules.ts did before). */
function referenceRegExp(pattern: string): RegExp {
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts: string[] = [];
  let literal = "";
  let endsWithStar = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const next = pattern[i + 1];
    endsWithStar = false;
    if (c === "\\" && (next === "\\" || next === "*")) {
      literal += next;
      i++;
    } else if (c === "*") {
      parts.push(esc(literal), ".*");
      literal = "";
      endsWithStar = true;
    } else literal += c;
  }
  parts.push(esc(literal));
  const full = parts.join("");
  if (!endsWithStar) return new RegExp(`^(?:${full})$`, "s");
  const base = parts.slice(0, -2).join("").trimEnd();
  return new RegExp(`^(?:${full}|${base})$`, "s");
}

/** A seeded generator, so a failure is reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PATTERN_ALPHABET = ["a", "b", " ", "*", "*", "\\", "\\*", "\\\\", ".", "\n", "\t", "("];
const TEXT_ALPHABET = ["a", "b", " ", "*", "\\", ".", "\n", "\t", "("];

function pick(r: () => number, alphabet: readonly string[], max: number): string {
  let out = "";
  const n = Math.floor(r() * (max + 1));
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(r() * alphabet.length)]!;
  return out;
}

describe("wildcard matching", () => {
  it("agrees with the reference on 20,000 random pattern × text pairs", () => {
    const r = rng(11);
    let matches = 0;
    for (let k = 0; k < 20_000; k++) {
      const pattern = pick(r, PATTERN_ALPHABET, 7);
      const w = compileWildcard(pattern);
      const re = referenceRegExp(pattern);
      // Texts built from the pattern's own literals match often; random ones mostly do not.
      const literalish = pattern.replace(/\\(.)/g, "$1").replace(/\*/g, () => pick(r, TEXT_ALPHABET, 2));
      for (const text of [pick(r, TEXT_ALPHABET, 8), literalish, literalish.trimEnd()]) {
        const got = wildcardMatch(w, text);
        if (got !== re.test(text)) expect({ pattern, text, got }).toEqual({ pattern, text, got: re.test(text) });
        if (got) matches++;
      }
    }
    // The generator must exercise both outcomes.
    expect(matches).toBeGreaterThan(5_000);
  });

  it("from any word: agrees with the reference tried on every word's tail", () => {
    const r = rng(23);
    let matches = 0;
    for (let k = 0; k < 10_000; k++) {
      const pattern = pick(r, PATTERN_ALPHABET, 6);
      const w = compileWildcard(pattern);
      const re = referenceRegExp(pattern);
      const text = pick(r, ["a", "b", " ", "*", "\\"], 10);
      const tails = [0, ...[...text].flatMap((c, i) => (c === " " ? [i + 1] : []))].map((i) => text.slice(i));
      const want = tails.some((t) => re.test(t));
      if (wildcardMatchFromWords(w, text) !== want) expect({ pattern, text, got: !want }).toEqual({ pattern, text, got: want });
      if (want) matches++;
    }
    expect(matches).toBeGreaterThan(500);
  });

  it.each([
    ["git *", "git", true],
    ["git  *", "git", true],
    ["git **", "git", false],
    ["a* *", "ab", true],
    ["a* *", "a", true],
    ["a* *x", "a", false],
    ["git *", "gitx", false],
    ["\\*", "*", true],
    ["a\\\\*", "a\\bc", true],
    ["a\\b*", "a\\bc", true],
    ["*x", "x", true],
    ["x*y*z", "xyyz", true],
    ["x*y*z", "xzy", false],
  ] as const)("%j vs %j → %s", (pattern, text, expected) => {
    expect(wildcardMatch(compileWildcard(pattern), text)).toBe(expected);
    expect(referenceRegExp(pattern).test(text)).toBe(expected);
  });

  it("stays within |pattern| × |text| steps on pathological input", () => {
    const text = "ls -la " + "some/long/path/".repeat(400);
    for (const pattern of ["*".repeat(12) + "X", "*a*a*a*a*a*a*a*a*a*a*a*a*X", "*" + "a*".repeat(200) + "X", "* *".repeat(300)]) {
      const w = compileWildcard(pattern);
      const work: WorkCounter = { steps: 0 };
      expect(wildcardMatch(w, text, work)).toBe(false);
      expect(work.steps).toBeLessThanOrEqual(2 * (pattern.length + 2) * (text.length + 1));
    }
  });

  it("from any word: within |pattern| × |text| steps too", () => {
    const text = "a ".repeat(3_000) + "b";
    for (const pattern of ["a a a a a a a a c", "a *a *a *a *c", "*".repeat(12) + "X"]) {
      const work: WorkCounter = { steps: 0 };
      expect(wildcardMatchFromWords(compileWildcard(pattern), text, work)).toBe(false);
      expect(work.steps).toBeLessThanOrEqual(2 * (pattern.length + 2) * (text.length + 1));
    }
  });

  it("grows linearly in the text for a fixed pattern", () => {
    const w = compileWildcard("*".repeat(12) + "X");
    const steps = (n: number): number => {
      const work: WorkCounter = { steps: 0 };
      wildcardMatch(w, "ls -la " + "p/".repeat(n), work);
      return work.steps;
    };
    const small = steps(1_000);
    const large = steps(8_000);
    expect(large / small).toBeLessThan(9);
    expect(large / small).toBeGreaterThan(7);
  });

  it("a deny rule `************X` in a config: `ls -la some/long/path` is decided, not denied", async () => {
    const { createGuard } = await import("../../src/index.js");
    const guard = createGuard({ cwd: "/", env: { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" }, config: { rules: { deny: ["************X", "*a*a*a*a*a*a*a*a*a*a*a*a*X"] } } });
    const command = "ls -la " + "some/long/path/".repeat(500);
    expect(guard.check(command, { mode: "bypass" }).decision).toBe("allow");
    expect(guard.check(command + "X", { mode: "bypass" })).toMatchObject({ decision: "deny", rule: "************X" });
  });

  it("a deny rule `************X` against a long command is decided at once", () => {
    const rule = compileRule("************X");
    expect(rule.kind).toBe("wildcard");
    expect(rule.test("ls -la " + "some/long/path/".repeat(2_000))).toBe(false);
    expect(rule.test("ls -la " + "some/long/path/".repeat(2_000) + "X")).toBe(true);
  });
});
