/**
 * Metamorphic properties over the whole corpus (issue 11 item 8, issue 12): rewriting a line in a
 * way that keeps what it runs — wrapping it, running it through a shell, spelling a command by path,
 * quoting or escaping a word, joining a harmless command — never makes the decision more
 * permissive, in any of the six modes; with deny rules a denied line's rewrites stay denied; and an
 * unknown option never keeps a read-only command read-only. See README.md in this directory.
 *
 * `npm test` runs the first property on a seeded sample (2% of the tldr corpus, 20% of the dangerous
 * sample, every hard case; SHELLGUARD_PROPERTIES_SHARE=0.1 sets the tldr share, the others follow),
 * the rules property on 20% of all lines plus generated ones, the unknown-option one on every line;
 * SHELLGUARD_FULL_PROPERTIES=1 runs every line. SHELLGUARD_DIST=/path/to/dist tests another build.
 * Every violation is written, grouped into classes, to the report file named in the output.
 */

import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extractFacts } from "../../src/facts/index.js";
import { loadCorpus, sample, type CorpusLine } from "./corpus.js";
import { KNOWN_VIOLATIONS } from "./known-violations.js";
import { monotone, newTally, unknownOption, type Tally, type Violation } from "./property.js";
import { classify, formatClasses } from "./report.js";
import { shrink } from "./shrink.js";
import { loadLibrary, makeDecider, sandbox, SUBJECT, type Decide } from "./subject.js";
import { TRANSFORMS } from "./transforms.js";

const FULL = process.env.SHELLGUARD_FULL_PROPERTIES === "1";
/** The share of tldr lines `npm test` runs (the other corpora run whole). */
const SHARE = FULL ? 1 : Number(process.env.SHELLGUARD_PROPERTIES_SHARE ?? 0.02);
/** The dangerous sample is the likelier source of violations: ten times the share. */
const SHARES: Readonly<Record<string, number>> = { tldr: SHARE, dangerous: Math.min(1, SHARE * 10), hard: 1 };
const SEED = 11;
const RULES = ["touch:*", "git push:*", "cat:*"];
/** Generated members of the rules class, whatever the sample holds. */
const RULE_SEEDS = ["touch notes.txt", "git push origin main", "git push --force", "cat README.md", "cat notes.txt | wc -l", "ls && touch x"];

const lib = await loadLibrary();
const box = sandbox();
const all = loadCorpus();
const chosen = Object.entries(SHARES).flatMap(([corpus, share]) => sample(all.filter((l) => l.corpus === corpus), share, SEED));
const reportFile = join(tmpdir(), `shellguard-metamorphic-${process.pid}.txt`);
const reports: string[] = [];
/** Known classes with no violation in a property's full run (the lead removes one stale in all three). */
const stale: string[] = [];
afterAll(() => {
  box.dispose();
  const counts = new Map<string, number>();
  for (const name of stale) counts.set(name, (counts.get(name) ?? 0) + 1);
  const gone = [...counts].filter(([, n]) => n === 3).map(([name]) => name);
  if (gone.length > 0) console.log(`KNOWN_VIOLATIONS entries with no violation left (remove them): ${gone.join("; ")}`);
});

/** Prints the summary, writes the report; the failure message, or "" when every violation is known. */
function verdict(name: string, tally: Tally, ms: number, decide: Decide): string {
  const unknown = tally.violations.filter((v) => !KNOWN_VIOLATIONS.some((k) => k.matches(v)));
  const known = KNOWN_VIOLATIONS.map((k) => [k.name, tally.violations.filter((v) => k.matches(v)).length] as const)
    .filter(([, n]) => n > 0).map(([name, n]) => `${name}: ${n}`);
  if (FULL) stale.push(...KNOWN_VIOLATIONS.filter((k) => !tally.violations.some((v) => k.matches(v))).map((k) => k.name));
  const summary = `${name} [${SUBJECT}]: ${tally.lines} lines, ${tally.pairs} pairs, ${tally.checks} checks in ${Math.round(ms)} ms; ` +
    `${tally.violations.length} violations (${unknown.length} not known)${known.length ? `; known: ${known.join(", ")}` : ""}`;
  console.log(summary);
  const minimal = (v: Violation): Violation => shrink(v, TRANSFORMS, decide, factsOf);
  reports.push(`${summary}\n\n${formatClasses(classify(tally.violations, Number(process.env.SHELLGUARD_PROPERTIES_EXAMPLES ?? 3), minimal))}\n`);
  writeFileSync(reportFile, reports.join("\n\n"));
  if (unknown.length === 0) return "";
  return `${unknown.length} violations in no KNOWN_VIOLATIONS class (all of them in ${reportFile}):\n\n${formatClasses(classify(unknown, 3, minimal).slice(0, 12))}`;
}

const factsCache = new Map<string, ReturnType<typeof extractFacts>>();
const factsOf = (line: string): ReturnType<typeof extractFacts> => {
  let f = factsCache.get(line);
  if (!f) factsCache.set(line, (f = extractFacts(line)));
  return f;
};

describe.skipIf(all.length === 0)(`metamorphic properties (${FULL ? "every line" : `seeded sample: ${SHARE} of tldr, ${SHARES.dangerous} of the dangerous sample, every hard case`})`, () => {
  it("no transformation makes a decision more permissive, in any mode", () => {
    const t0 = performance.now();
    const tally = newTally();
    const decide = makeDecider(lib, box);
    monotone("monotone", chosen, TRANSFORMS, lib.MODES, decide, factsOf, tally);
    expect(tally.pairs).toBeGreaterThan(1000);
    const failure = verdict("monotone", tally, performance.now() - t0, decide);
    expect(failure === "", failure).toBe(true);
  }, 600_000);

  it("with deny rules on harmless commands, every transformation of a denied line stays deny", () => {
    const t0 = performance.now();
    const decide = makeDecider(lib, box, RULES);
    const seeds: CorpusLine[] = RULE_SEEDS.map((line, i) => ({ corpus: "generated", n: i + 1, line }));
    const denied = [...seeds, ...sample(all, SHARES.dangerous!, SEED)].filter((l) => decide(l.line, ["default"]).get("default")!.decision === "deny");
    const tally = newTally();
    monotone("rules", denied, TRANSFORMS, lib.MODES, decide, factsOf, tally);
    expect(denied.length).toBeGreaterThan(RULE_SEEDS.length);
    const failure = verdict(`rules ${JSON.stringify(RULES)}`, tally, performance.now() - t0, decide);
    expect(failure === "", failure).toBe(true);
  }, 600_000);

  it("an unknown option never keeps a read-only command read-only", () => {
    const t0 = performance.now();
    const tally = newTally();
    const decide = makeDecider(lib, box);
    unknownOption(all, decide, factsOf, tally);
    expect(tally.pairs).toBeGreaterThan(100);
    const failure = verdict("unknown-option", tally, performance.now() - t0, decide);
    expect(failure === "", failure).toBe(true);
  }, 600_000);
});
