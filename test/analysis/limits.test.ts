/**
 * The analysis bounds (src/analysis/limits.ts): each one, crossed by generated members of its
 * class, throws AnalysisLimitError naming it; just under it, the line is analysed. Through the
 * library the error is "could not be analysed": ask, deny in dontAsk and explore, never an allow.
 */

import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analysis/analyze.js";
import { AnalysisLimitError, DEFAULT_LIMITS, type AnalysisLimits } from "../../src/analysis/limits.js";
import { options, shq } from "../../src/analysis/test-helpers.js";
import { Guard } from "../../src/engine/guard.js";
import { MODES } from "../../src/engine/types.js";
import { extractFactsNative } from "../../src/facts/native.js";
import { GENERATORS } from "./generators.js";

/** Small bounds so the members stay small; no time budget unless a test sets one. */
const SMALL: AnalysisLimits = { maxChars: 20_000, maxDepth: 40, maxNodes: 400, maxWrappers: DEFAULT_LIMITS.maxWrappers, maxFormChars: 200_000, budgetMs: Infinity };

function limitHit(source: string, limits: AnalysisLimits = SMALL): string | null {
  try {
    analyze(source, options(false), (s, t) => extractFactsNative(s, t === undefined || !Number.isFinite(t) ? 60_000 : t), limits);
    return null;
  } catch (e) {
    if (e instanceof AnalysisLimitError) return e.limit;
    throw e;
  }
}

const gen = (name: string, n: number): string => (GENERATORS[name] as (n: number) => string)(n);

/** The kinds whose size is a nesting depth, and how many constructs one level adds. */
const NESTING = ["cmdsub", "cmdsubCommand", "procsub", "subshell", "group", "if", "for", "while", "cFor", "case", "function", "expansion", "mixed"];

describe("maxDepth: constructs nested inside one another", () => {
  it.each(NESTING)("%s", (name) => {
    expect(limitHit(gen(name, SMALL.maxDepth + 1))).toBe("maxDepth");
    // Just under (some kinds nest two constructs per level, `$(echo $(` one).
    expect(limitHit(gen(name, Math.floor(SMALL.maxDepth / 2)))).toBeNull();
  });
});

describe("maxNodes: many commands and constructs side by side", () => {
  it.each(["pipeline", "semicolons", "and", "substitutions", "cdInSubshells", "bashC", "wrappers"])("%s", (name) => {
    expect(limitHit(gen(name, SMALL.maxNodes + 1))).toBe("maxNodes");
    expect(limitHit(gen(name, Math.floor(SMALL.maxNodes / 4)))).toBeNull();
  });
});

describe("maxChars: a long line is not parsed at all", () => {
  it.each(["words", "heredocs", "redirects"])("%s", (name) => {
    let n = 100;
    while (gen(name, n).length <= SMALL.maxChars) n *= 2;
    expect(limitHit(gen(name, n))).toBe("maxChars");
  });
});

describe("maxWrappers: a command seen through a chain of wrappers", () => {
  it.each(["timeout 5 ", "nice ", "env A=1 ", "sudo ", "command ", "nohup "])("%s× n", (wrapper) => {
    expect(limitHit(wrapper.repeat(DEFAULT_LIMITS.maxWrappers) + "rm x")).toBeNull();
    expect(limitHit(wrapper.repeat(DEFAULT_LIMITS.maxWrappers + 1) + "rm x")).toBe("maxWrappers");
  });
});

describe("maxFormChars: commands whose texts hold what is nested in them", () => {
  it("find with many -exec blocks", () => {
    expect(limitHit(gen("findExec", 300))).toBe("maxFormChars");
    expect(limitHit(gen("findExec", 20))).toBeNull();
  });
});

/** Every way of handing shell code to a shell as a string, each a level of shell-in-shell nesting. */
const SHELL_STRINGS: Record<string, (inner: string) => string> = {
  "bash -c": (s) => `bash -c ${shq(s)}`,
  "sh -c": (s) => `sh -c ${shq(s)}`,
  "zsh -c": (s) => `zsh -c ${shq(s)}`,
  eval: (s) => `eval ${shq(s)}`,
  "su -c": (s) => `su -c ${shq(s)}`,
  "sudo sh -c": (s) => `sudo sh -c ${shq(s)}`,
  "ssh host": (s) => `ssh host ${shq(s)}`,
};

describe("maxShellDepth: shell code nested in strings", () => {
  const depth = DEFAULT_LIMITS.maxShellDepth;
  const nest = (wrap: (s: string) => string, n: number, inner: string): string => {
    let s = inner;
    for (let i = 0; i < n; i++) s = wrap(s);
    return s;
  };
  it.each(Object.keys(SHELL_STRINGS))("%s", (name) => {
    const wrap = SHELL_STRINGS[name] as (s: string) => string;
    expect(limitHit(nest(wrap, depth, "ls"))).toBeNull();
    expect(limitHit(nest(wrap, depth + 1, "ls"))).toBe("maxShellDepth");
  });
  it("mixed spellings count together", () => {
    const wraps = Object.values(SHELL_STRINGS);
    let s = "ls";
    for (let i = 0; i <= depth; i++) s = (wraps[i % wraps.length] as (s: string) => string)(s);
    expect(limitHit(s)).toBe("maxShellDepth");
  });
});

describe("budgetMs: the time budget", () => {
  it("a spent budget stops the analysis", () => {
    expect(limitHit("ls -la", { ...SMALL, budgetMs: 0 })).toBe("budgetMs");
    expect(limitHit("ls -la", { ...SMALL, budgetMs: 60_000 })).toBeNull();
  });
});

describe("through the library: could not be analysed, never an allow", () => {
  const guard = new Guard({ cwd: "/", env: { HOME: "/nonexistent-home" }, reload: false });
  const shellDeep = Array.from({ length: DEFAULT_LIMITS.maxShellDepth }).reduce<string>((s) => `bash -c ${shq(s)}`, "bash -c 'rm -rf ~'");
  const members = { deep: gen("cmdsub", DEFAULT_LIMITS.maxDepth + 1), shellDeep, wide: Array.from({ length: DEFAULT_LIMITS.maxNodes + 1 }, () => "ls").join(";"), long: "ls " + "x".repeat(DEFAULT_LIMITS.maxChars) };
  for (const [what, line] of Object.entries(members)) {
    it.each([...MODES])(`${what}, mode %s`, (mode) => {
      const d = guard.check(line, { mode });
      expect(d.decision).toBe(mode === "dontAsk" || mode === "explore" ? "deny" : "ask");
      expect(d.findings.map((f) => f.id)).toEqual(["internal/analysis-failed"]);
      expect(d.reason).toMatch(/could not be analysed \((the line|shell code is nested)/);
    });
  }
});

describe("maxShellDepth through the library: bypass asks, deny rules still apply", () => {
  const deep = Array.from({ length: DEFAULT_LIMITS.maxShellDepth + 1 }).reduce<string>((s) => `bash -c ${shq(s)}`, "rm notes.txt");
  it("bypass asks (an ordinary finding would be ignored there)", () => {
    const guard = new Guard({ cwd: "/", env: { HOME: "/nonexistent-home" }, reload: false });
    const d = guard.check(deep, { mode: "bypass" });
    expect(d.decision).toBe("ask");
    expect(d.findings.map((f) => f.id)).toEqual(["internal/analysis-failed"]);
  });
  it("a deny rule on the text still denies", () => {
    const guard = new Guard({ cwd: "/", env: { HOME: "/nonexistent-home" }, reload: false, config: { rules: { deny: ["bash:*"] } } });
    expect(guard.check(deep, { mode: "bypass" }).decision).toBe("deny");
  });
});
