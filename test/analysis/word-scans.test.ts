/**
 * A word nested n deep (`echo $(echo $(…))`) holds every level inside it, so any per-command
 * read of a whole word is quadratic in the depth, though each read is a single library call
 * (`lastIndexOf("/")`, a Map lookup hashing a name). Counted, not timed:
 * - characters String#indexOf / lastIndexOf / includes are called on during an analysis;
 * - characters of the views' names (each is hashed by the checks' table lookups);
 * - characters handed to nested parses (`eval $(eval …)` used to grow as the depth to the 5th).
 * Each must grow about 4× for 4× the input (at most 6×; quadratic is 16×). The decisions these
 * shortcuts feed are checked against the plain definitions on generated words.
 */

import { afterEach, describe, expect, it } from "vitest";
import { analyze } from "../../src/analysis/analyze.js";
import { commandName, MAX_VIEW_NAME, viewName } from "../../src/analysis/command.js";
import { AnalysisLimitError, DEFAULT_LIMITS, type AnalysisLimits } from "../../src/analysis/limits.js";
import { options } from "../../src/analysis/test-helpers.js";
import { unwrapFacts } from "../../src/analysis/unwrap/index.js";
import { extractFactsNative } from "../../src/facts/native.js";
import { lastSlash } from "../../src/facts/slashes.js";
import type { Facts, Word } from "../../src/facts/types.js";
import { GENERATORS } from "./generators.js";

const UNLIMITED: AnalysisLimits = { ...DEFAULT_LIMITS, maxChars: Infinity, maxDepth: Infinity, maxNodes: Infinity, maxFormChars: Infinity, budgetMs: Infinity, maxNestedChars: Infinity };

/** Words nested in words: each level's command or argument is the next level. */
const NESTED_WORDS: Readonly<Record<string, (n: number) => string>> = {
  name: (n) => "$(echo ".repeat(n) + "ls" + ")".repeat(n),
  argument: (n) => "echo " + "$(".repeat(n) + "ls" + ")".repeat(n),
  quoted: (n) => "echo " + '"$('.repeat(n) + "ls" + ')"'.repeat(n),
  path: (n) => "echo " + "$(/bin/".repeat(n) + "ls" + ")".repeat(n),
  pathInside: (n) => "echo " + "$(ls /tmp/".repeat(n) + "x" + ")".repeat(n),
  wrapped: (n) => "timeout 5 " + "$(timeout 5 ".repeat(n) + "ls" + ")".repeat(n),
  privileged: (n) => "sudo " + "$(sudo ".repeat(n) + "ls" + ")".repeat(n),
  processSubstitution: (n) => "cat " + "<(cat ".repeat(n) + "f" + ")".repeat(n),
  redirect: (n) => "cat >" + "$(cat >".repeat(n) + "f" + ")".repeat(n),
  assignment: (n) => "a=" + "$(a=".repeat(n) + "1" + ")".repeat(n),
  expansion: (n) => 'echo "' + '${x:-"'.repeat(n) + "y" + '"}'.repeat(n) + '"',
  arithmetic: (n) => "echo " + "$((1+".repeat(n) + "1" + "))".repeat(n),
  backtick: (n) => "echo " + "${x:-".repeat(n) + "`ls`" + "}".repeat(n),
};
const KINDS: Readonly<Record<string, (n: number) => string>> = { ...GENERATORS, ...NESTED_WORDS };

const SCANS = ["indexOf", "lastIndexOf", "includes"] as const;
const originals = new Map(SCANS.map((m) => [m, String.prototype[m]]));
afterEach(() => {
  for (const [m, f] of originals) (String.prototype as unknown as Record<string, unknown>)[m] = f;
});

interface Work {
  scanned: number;
  names: number;
  nested: number;
}

function work(source: string): Work {
  let scanned = 0;
  for (const [m, f] of originals) {
    (String.prototype as unknown as Record<string, unknown>)[m] = function (this: string, ...args: unknown[]) {
      scanned += this.length;
      return (f as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  let nested = -source.length;
  const extract = (s: string, timeoutMs?: number): Facts => {
    nested += s.length;
    return extractFactsNative(s, timeoutMs ?? 60_000);
  };
  try {
    analyze(source, options(false), extract, UNLIMITED);
  } finally {
    for (const [m, f] of originals) (String.prototype as unknown as Record<string, unknown>)[m] = f;
  }
  let names = 0;
  for (const v of unwrapFacts(extractFactsNative(source, 60_000), (s) => extractFactsNative(s, 60_000)).views) names += v.name.length;
  return { scanned, names, nested };
}

const N = 150;
const MAX_GROWTH = 6;

describe("per-level reads of nested words stay linear in the depth", () => {
  it.each(Object.keys(KINDS))("%s", (kind) => {
    const make = KINDS[kind] as (n: number) => string;
    const small = work(make(N));
    const large = work(make(4 * N));
    for (const what of ["scanned", "names", "nested"] as const) {
      // A cd chain's working directory grows with it up to PATH_MAX (then it is unknown): each
      // path compared against it is read whole, a constant bound (analyze.ts MAX_PATH).
      if (what === "scanned" && kind === "cdChain") continue;
      // A few hundred characters is a constant, not a trend.
      if (large[what] < 2_000) continue;
      expect(large[what] / Math.max(small[what], 1), `${what}: ${small[what]} → ${large[what]}`).toBeLessThanOrEqual(MAX_GROWTH);
    }
  });

  it("the counters see a per-level scan of the whole word (the test can fail)", () => {
    const make = NESTED_WORDS.argument as (n: number) => string;
    const scans = (source: string): number => {
      let n = 0;
      for (const c of extractFactsNative(source, 60_000).commands) n += (c.argv[0] as Word).value.length;
      return n;
    };
    expect(scans(make(4 * N)) / scans(make(N))).toBeGreaterThan(MAX_GROWTH);
  });
});

describe("strings run as shell code that hold the next one are bounded, not left to the clock", () => {
  const limitOf = (source: string): string | null => {
    try {
      analyze(source, options(false), (s) => extractFactsNative(s, 60_000), { ...UNLIMITED, maxNestedChars: DEFAULT_LIMITS.maxNestedChars });
      return null;
    } catch (err) {
      if (err instanceof AnalysisLimitError) return err.limit;
      throw err;
    }
  };
  const evalNest = (n: number): string => "eval " + "$(eval ".repeat(n) + "ls" + ")".repeat(n);
  it.each([1, 2, 3])("eval nested %i deep is analysed", (n) => {
    expect(limitOf(evalNest(n))).toBeNull();
  });
  it.each([40, 400])("eval nested %i deep is over maxNestedChars", (n) => {
    expect(limitOf(evalNest(n))).toBe("maxNestedChars");
  });
});

/** commandName before the shortcuts: the definitions the shortcuts must agree with. */
const SYSTEM_DIRS = new Set(["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/opt/homebrew/bin", "/run/current-system/sw/bin"]);
/** Where `..` may be followed: directories only root can change (see command.ts). */
const ROOT_DIRS = new Set(["/", "/bin", "/sbin", "/usr", "/usr/bin", "/usr/sbin", "/usr/local", "/usr/local/bin", "/usr/local/sbin"]);
function plainCommandName(v: string): { name: string; trusted: boolean } {
  const slash = v.lastIndexOf("/");
  if (slash < 0) return { name: v, trusted: true };
  let dir: string | null = v.startsWith("/") ? "/" : null;
  for (const seg of v.slice(0, slash).split("/")) {
    if (dir === null || seg === "" || seg === ".") continue;
    if (seg === "..") dir = ROOT_DIRS.has(dir) ? dir.slice(0, dir.lastIndexOf("/")) || "/" : null;
    else dir = dir === "/" ? `/${seg}` : `${dir}/${seg}`;
  }
  return dir !== null && SYSTEM_DIRS.has(dir) ? { name: v.slice(slash + 1), trusted: true } : { name: v, trusted: false };
}

/** Deterministic words over the characters that matter to a path: `/`, `.`, system directory letters, `$(`. */
function* words(count: number): Generator<string> {
  const parts = ["/", "/", ".", "bin", "usr", "local", "sbin", "s", "$(", ")", "x", "rm", "//", "/.", "$HOME", "/..", "tmp"];
  let seed = 7;
  for (let i = 0; i < count; i++) {
    let w = "";
    const len = 1 + (i % 9);
    for (let k = 0; k < len; k++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      w += parts[seed % parts.length] as string;
    }
    yield w;
  }
}

describe("the shortcuts decide as the plain definitions do", () => {
  const word = (value: string): Word => ({ value, start: 0, end: value.length, quoted: false, glob: false, tilde: false, dynamic: value.includes("$") ? [[0, value.length]] : null });

  it("commandName: system directories by spelling, and everything else (2,000 generated words)", () => {
    const fixed = ["/bin/rm", "/usr//bin/rm", "/usr/./bin/rm", "/usr/bin/./rm", "//bin/rm", "/bin/", "/", "rm", "./rm", "/bin/$(x)", "$(x)/bin/rm", "/usr/bin//rm", "/usr/bin/.//rm", "/opt/homebrew/bin/git", "/bin/../usr/bin/rm", "/tmp/../bin/rm", "/usr/../bin/rm", "/../bin/rm"];
    for (const v of [...fixed, ...words(2000)]) expect(commandName(word(v)), v).toEqual(plainCommandName(v));
  });

  it("lastSlash of every word the native decoder makes is lastIndexOf('/') of its value", () => {
    for (const [kind, make] of Object.entries(NESTED_WORDS)) {
      for (const n of [1, 3, 40]) {
        const facts = extractFactsNative(make(n).replace(/ls/, "/usr/bin/ls"), 60_000);
        for (const c of facts.commands) {
          const all = [...c.argv, ...c.redirects.flatMap((r) => (r.target ? [r.target] : [])), ...c.assignments.flatMap((a) => (a.value ? [a.value] : []))];
          for (const w of all) expect(lastSlash(w), `${kind} ${n}: ${w.value.slice(0, 40)}`).toBe(w.value.lastIndexOf("/"));
        }
      }
    }
  });

  it("viewName clips only long dynamic names, keeping their ends", () => {
    const long = "$(" + "x".repeat(1000) + ")*";
    const clipped = viewName(word(long)).name;
    expect(clipped.length).toBe(MAX_VIEW_NAME);
    expect(clipped.startsWith(long.slice(0, MAX_VIEW_NAME / 2))).toBe(true);
    expect(clipped.endsWith(long.slice(-(MAX_VIEW_NAME / 2 - 1)))).toBe(true);
    for (const v of ["$(ls)", "x".repeat(1000), "/bin/" + "y".repeat(1000)]) expect(viewName(word(v))).toEqual(commandName(word(v)));
  });
});
