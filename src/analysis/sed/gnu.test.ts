/**
 * Differential test against the real GNU sed: seeds of real sed scripts and thousands of
 * deterministic mutations of them. GNU sed only ever runs them with `--sandbox` on an empty
 * input in a temp dir with a temp HOME, so nothing is executed or written: an empty input
 * means only the compile step runs, and --sandbox rejects e/r/w there.
 *
 * For every script:
 * - we say it compiles and it has no e/r/w → GNU compiles it (or fails in a step we leave to
 *   GNU on purpose: regex syntax, y lengths, `v` versions — see DIVERGENCES);
 * - we say it compiles and it has an e/r/w command → GNU's sandbox rejects it;
 * - we say it does not compile → GNU rejects it too (never "compiles fine").
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseSed, type SedParse } from "./parse.js";

const gnu = spawnSync("sed", ["--version"], { encoding: "utf8" });
const HAVE_GNU_SED = gnu.status === 0 && gnu.stdout.includes("GNU sed");

const dir = mkdtempSync(join(tmpdir(), "shellguard-sed-"));
const home = join(dir, "home");
const empty = join(dir, "empty.txt");
writeFileSync(empty, "");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = "ok" | "sandbox" | "error";

function runGnu(pieces: readonly string[]): { outcome: Outcome; stderr: string } {
  const args = ["--sandbox", "-n", ...pieces.flatMap((p) => ["-e", p]), empty];
  const r = spawnSync("sed", args, { cwd: dir, env: { HOME: home, PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" }, encoding: "utf8", timeout: 5000 });
  const stderr = r.stderr ?? "";
  if (r.status === 0) return { outcome: "ok", stderr };
  return { outcome: stderr.includes("e/r/w commands disabled in sandbox mode") ? "sandbox" : "error", stderr };
}

/** GNU errors we leave to GNU: the script then fails to run at all, which is harmless. */
const DIVERGENCES = [
  /strings for `y' command are different lengths/, // y lengths after escapes: not counted here
  /expected newer version of sed/, // `v 9.9`: any version is accepted here
  /recursive escaping after \\c not allowed/,
  // regex and replacement syntax is GNU's regcomp, not ours
  /Invalid|Unmatched|Trailing backslash|invalid reference|No previous regular expression|Regular expression too big|Premature end/,
  /cannot specify modifiers on empty regexp|character class syntax is/,
];

const needsSandbox = (p: SedParse): boolean => p.commands.some((c) => "erRwW".includes(c.name) || (c.name === "s" && /[ew]/.test(c.flags ?? "")));

const SEEDS: readonly string[] = [
  "p", "1d;$d", "/^#/d", "/^$/d", "/^\\s*$/d", "s/a/b/", "s/a/b/g", "s|/usr/local|/opt|g", "s,^\\./,,", "s/\\.[^.]*$//",
  "s/^[ \t]*//;s/[ \t]*$//", "$!N;P;D", "1!G;h;$!d", "$!N;$!D", "N;P;D", "n;d", "0~3d", "1~3d", "2q", "$=", "$d",
  "/re/{p;q}", "/x/!d", "{p;q}", "/start/,/end/{//!d}", "/START/,/END/{/START/!{/END/!p}}", "3,${p}",
  ":a;N;$!ba;s/\\n/,/g", ":a;s/\\B[0-9]\\{3\\}\\>/,&/;ta", "$!{h;d;};x;G", "/foo/{p;b};/bar/p", "0,/foo/s//bar/",
  "s/a/b/3g", "/x/I,+2d", "1,~4d", "s/\\x1b\\[[0-9;]*m//g", "s/[[:space:]]\\+/ /g", "s/[\"\\\\]/\\\\&/g",
  "s/\\(.*\\)foo/\\1bar/", "y/abcdefghijklmnopqrstuvwxyz/ABCDEFGHIJKLMNOPQRSTUVWXYZ/", "/^#/!s/foo/bar/", "l", "l 0",
  "$a\\", "1i\\#!/bin/sh", "/pattern/a\\\ntext\\\nmore", "a hello", "c\\\nreplaced", "=", "F;z", "s/x/y/;T;s/y/z/",
  "/^Package: /{s///;h};/^Status: .* installed/{x;p}", "s/^Version: //p", "s/[/]/x/", "s/[^]/]/x/", "\\%a/b%p",
  "y,a\\,b,x\\,y,", "/a/,/b/!{/c/d}", "2{p;q}", "#n\np", "v 4.2", "b end;p;:end", ":top\n/x/{s/x/y/;b top}",
  "e date", "1e id", "s/.*/id/e", "w out.txt", "s/x/y/w log.txt", "r /etc/hostname", "R other.txt", "W first.txt",
  "w /dev/stdout", "s/a/b/gpw /dev/stderr", "t;e echo hi", ":a;w x.txt", "v;e true",
];

const ALPHABET = [";", "\n", " ", "{", "}", "!", "#", "/", "\\", "[", "]", ":", "e", "w", "r", "p", "b", "t", "s", "y", "a", "i",
  "c", "q", "1", "0", "$", ",", "~", "+", "g", "I", "M", "^", ".", "=", "&", "x", "v", "l", "T", "W", "R", "F", "z", "N", "D", "P",
  "n", "d", "h", "G", "\t", "|", "é"];

function mutants(count: number): string[][] {
  let seed = 12345;
  const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
  const pick = <T,>(xs: readonly T[]): T => xs[rnd(xs.length)] as T;
  const out: string[][] = SEEDS.map((s) => [s]);
  while (out.length < count) {
    let s = pick(SEEDS);
    const edits = 1 + rnd(3);
    for (let e = 0; e < edits; e++) {
      const at = rnd(s.length + 1);
      switch (rnd(5)) {
        case 0: s = s.slice(0, at) + pick(ALPHABET) + s.slice(at); break;
        case 1: s = s.slice(0, at) + s.slice(at + 1); break;
        case 2: s = s.slice(0, at) + pick(ALPHABET) + s.slice(at + 1); break;
        case 3: s = s + pick([";", "\n", " ", "}"]) + pick(SEEDS); break;
        default: s = s.slice(0, at) + s.slice(rnd(s.length + 1)) ; break;
      }
    }
    const nl = s.indexOf("\n");
    out.push(nl >= 0 && rnd(3) === 0 ? [s.slice(0, nl), s.slice(nl + 1)] : [s]);
  }
  return out;
}

describe.skipIf(!HAVE_GNU_SED)("sed parser vs GNU sed (--sandbox, empty input)", () => {
  it("agrees on seeds and mutations", () => {
    const scripts = mutants(1500);
    const problems: string[] = [];
    const counts = { same: 0, divergent: 0 };
    for (const pieces of scripts) {
      const ours = parseSed(pieces);
      const { outcome, stderr } = runGnu(pieces);
      const label = `${JSON.stringify(pieces)}: ours ${ours.error ?? (needsSandbox(ours) ? "e/r/w" : "ok")}, GNU ${outcome} ${stderr.trim()}`;
      if (ours.error !== null) {
        if (outcome === "ok") problems.push(label);
        else counts.same++;
      } else if (needsSandbox(ours)) {
        if (outcome === "sandbox") counts.same++;
        else if (outcome === "error" && DIVERGENCES.some((d) => d.test(stderr))) counts.divergent++;
        else problems.push(label);
      } else if (outcome === "ok") counts.same++;
      else if (outcome === "error" && DIVERGENCES.some((d) => d.test(stderr))) counts.divergent++;
      else problems.push(label);
    }
    expect(problems).toEqual([]);
    expect(counts.same).toBeGreaterThan(scripts.length * 0.9);
  }, 120_000);

  it("--sandbox only covers the -e pieces after it, as the sed check assumes", () => {
    const before = join(dir, "before.txt");
    const after = join(dir, "after.txt");
    spawnSync("sed", ["-n", "-e", `w ${before}`, "--sandbox", empty], { cwd: dir, env: { HOME: home, PATH: "/usr/bin:/bin" } });
    const r = spawnSync("sed", ["-n", "--sandbox", "-e", `w ${after}`, empty], { cwd: dir, env: { HOME: home, PATH: "/usr/bin:/bin" }, encoding: "utf8" });
    expect(existsSync(before)).toBe(true);
    expect(existsSync(after)).toBe(false);
    expect(r.stderr).toContain("disabled in sandbox mode");
  });
});
