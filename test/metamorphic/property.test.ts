/**
 * The harness itself: the properties report what they should (so a green run means something),
 * the unknown-option variants are the ones documented, and violations group into classes.
 */

import { describe, expect, it } from "vitest";
import type { Decision, ModeName } from "../../src/index.js";
import { extractFacts } from "../../src/facts/index.js";
import type { CorpusLine } from "./corpus.js";
import { monotone, newTally, unknownOption, unknownOptionVariants } from "./property.js";
import { classify, formatViolation } from "./report.js";
import { shrink } from "./shrink.js";
import type { Decide } from "./subject.js";
import { TRANSFORMS } from "./transforms.js";

const decision = (command: string, mode: ModeName, d: Decision["decision"], step: Decision["step"]): Decision =>
  ({ command, mode, decision: d, reason: `${d} by ${step}`, step, safety: false, findings: [], rule: null, suggestions: [] });

/** A guard that asks about exactly the lines given, and calls everything else read-only. */
const asksAbout = (lines: readonly string[]): Decide => (command, modes) =>
  new Map(modes.map((m) => [m, lines.includes(command) ? decision(command, m, "ask", "check") : decision(command, m, "allow", "read-only")]));

const items = (...lines: string[]): CorpusLine[] => lines.map((line, i) => ({ corpus: "test", n: i + 1, line }));

describe("monotone", () => {
  it("reports every rewrite that is allowed where the line was asked, in each mode", () => {
    const tally = newTally();
    monotone("monotone", items("rm -rf /tmp/x"), TRANSFORMS, ["default", "guard"], asksAbout(["rm -rf /tmp/x"]), extractFacts, tally);
    expect(tally.pairs).toBeGreaterThan(40);
    expect(tally.violations).toHaveLength(tally.pairs * 2);
    const sudo = tally.violations.find((v) => v.transform === "wrap:sudo")!;
    expect(sudo).toMatchObject({ transformed: "sudo rm -rf /tmp/x", before: { decision: "ask" }, after: { decision: "allow" } });
    expect(formatViolation(sudo)).toContain('original    "rm -rf /tmp/x"');
    expect(formatViolation(sudo)).toContain("→ allow (read-only)");
  });

  it("reports nothing when every rewrite is decided as strictly", () => {
    const tally = newTally();
    const strict: Decide = (command, modes) => new Map(modes.map((m) => [m, decision(command, m, "ask", "check")]));
    monotone("monotone", items("rm -rf /tmp/x", "ls"), TRANSFORMS, ["default"], strict, extractFacts, tally);
    expect(tally.pairs).toBeGreaterThan(80);
    expect(tally.violations).toEqual([]);
  });

  it("skips a line already allowed: nothing is more permissive than allow", () => {
    const tally = newTally();
    monotone("monotone", items("ls"), TRANSFORMS, ["default"], asksAbout([]), extractFacts, tally);
    expect(tally.pairs).toBe(0);
  });
});

describe("unknown-option", () => {
  it("adds the option after each command's name, after its arguments, and into a cluster", () => {
    expect(unknownOptionVariants("ls -la src | wc -l", extractFacts("ls -la src | wc -l")).map((v) => v.line)).toEqual([
      "ls --zz-unknown-option -la src | wc -l",
      "ls -la src --zz-unknown-option | wc -l",
      "ls -%la src | wc -l",
      "ls -la src | wc --zz-unknown-option -l",
      "ls -la src | wc -l --zz-unknown-option",
      "ls -la src | wc -%l",
    ]);
  });

  it("never after `--`, and not for commands that take no options", () => {
    expect(unknownOptionVariants("git log -- src", extractFacts("git log -- src")).map((v) => v.id)).toEqual(["option:--zz-unknown-option after the name"]);
    expect(unknownOptionVariants("echo -n hi", extractFacts("echo -n hi"))).toEqual([]);
  });

  it("reports a variant still decided read-only", () => {
    const tally = newTally();
    unknownOption(items("df -h"), asksAbout([]), extractFacts, tally);
    expect(tally.violations.map((v) => v.transformed)).toEqual(["df --zz-unknown-option -h", "df -h --zz-unknown-option", "df -%h"]);
  });
});

describe("classes", () => {
  it("group by property, rewrite and the deciding steps, shortest pairs first", () => {
    const tally = newTally();
    monotone("monotone", items("rm -rf /tmp/x", "rm x"), TRANSFORMS, ["default", "guard"], asksAbout(["rm -rf /tmp/x", "rm x"]), extractFacts, tally);
    const sudo = classify(tally.violations).find((c) => c.key === "monotone | wrap:sudo | check → read-only")!;
    expect(sudo.count).toBe(4);
    expect(sudo.modes).toEqual(["default", "guard"]);
    expect(sudo.examples.map((v) => v.source.line)).toEqual(["rm x", "rm -rf /tmp/x"]);
  });
});

describe("minimal pairs", () => {
  it("drop argument words while the same rewrite still violates in the same mode", () => {
    // Asks about any line running rm, unless sudo runs it: every `sudo` rewrite violates.
    const decide: Decide = (command, modes) => new Map(modes.map((m) => [m,
      /\brm\b/.test(command) && !command.includes("sudo") ? decision(command, m, "ask", "check") : decision(command, m, "allow", "mode")]));
    const tally = newTally();
    monotone("monotone", items("rm -rf /tmp/x && ls -l"), TRANSFORMS.filter((t) => t.id === "wrap:sudo"), ["default"], decide, extractFacts, tally);
    const v = shrink(tally.violations[0]!, TRANSFORMS, decide, extractFacts);
    expect(v).toMatchObject({ transformed: "sudo rm && ls", shrunkFrom: "rm -rf /tmp/x && ls -l", source: { line: "rm && ls" } });
    expect(formatViolation(v)).toContain('shrunk from "rm -rf /tmp/x && ls -l"');
  });
});
