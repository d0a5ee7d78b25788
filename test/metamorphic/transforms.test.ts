/**
 * The transformations themselves: they must keep what a line does, or the properties prove
 * nothing. Checked with bash: the quoting helpers read back as the same string, and each
 * transformation of a set of harmless lines (run in a temporary directory) prints what the
 * original prints. The skip rules (S1–S4 in transforms.ts) each have a case that applies and one
 * that is skipped.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extractFacts } from "../../src/facts/index.js";
import { hash32 } from "./corpus.js";
import { ansiQuote, doubleQuote, singleQuote } from "./shell.js";
import { escapeWord, TRANSFORMS } from "./transforms.js";

const dir = mkdtempSync(join(tmpdir(), "shellguard-meta-bash-"));
writeFileSync(join(dir, "notes.txt"), "beta\nalpha\nbeta\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `bash -c script` in the temporary directory; stdout. */
function bash(script: string): string {
  const r = spawnSync("bash", ["-c", script], { cwd: dir, encoding: "utf8", env: { HOME: dir, PATH: "/usr/bin:/bin", LC_ALL: "C" } });
  if (r.status !== 0) throw new Error(`bash failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** A seeded string over the characters quoting must survive. */
function tricky(i: number): string {
  const chars = ["a", "Z", "0", " ", "'", '"', "\\", "$", "`", "!", "*", "?", "~", "#", ";", "&", "|", "(", ")", "{", "}", "<", ">", "\n", "\t", "%", "é"];
  let s = "";
  for (let k = 0, h = hash32(String(i), 5); k < 1 + (h % 12); k++) s += chars[hash32(`${i}:${k}`, 9) % chars.length];
  return s;
}

describe("quoting helpers", () => {
  it("bash reads single-, double- and escaped-quoted strings back unchanged", () => {
    const strings = Array.from({ length: 200 }, (_, i) => tricky(i)).concat(["", "'", "''", "\\", "$HOME", "`id`", "!!"]);
    const script = strings.flatMap((s) => [singleQuote(s), doubleQuote(s)].map((q) => `printf '%s\\0' ${q}`)).join("\n");
    expect(bash(script).split("\0").slice(0, -1)).toEqual(strings.flatMap((s) => [s, s]));
  });

  it("$'…' and backslash escapes keep a plain word", () => {
    const words = ["rm", "-rf", "/tmp/x", "a=b", "x,y:z", "@1%2+3", "--force"];
    const script = words.map((w) => `printf '%s\\0' ${ansiQuote(w)} ${escapeWord(w)}`).join("\n");
    expect(bash(script).split("\0").slice(0, -1)).toEqual(words.flatMap((w) => [w, w]));
  });
});

/** Harmless lines; every transformation of them must print the same. */
const LINES = [
  "printf '%s\\n' alpha beta",
  "echo hello world",
  "cat notes.txt",
  "wc -l notes.txt",
  "sort notes.txt | uniq -c",
  "head -n 1 notes.txt && tail -n 1 notes.txt",
  "tr a-z A-Z < notes.txt",
  "grep -c beta notes.txt",
  "ls",
  "cat <<EOF\nhere $HOME\nEOF",
];

/** Transformations bash cannot run here: they need privilege, a terminal, or a shared lock file. */
const NOT_RUN = new Set(["wrap:sudo", "wrap:sudo -u root", "wrap:sudo env X=1", "wrap:sudo timeout 5", "wrap:sudo --", "wrap:doas",
  "shell-in-shell:sudo bash -c", "wrap:watch -n 1", "wrap:flock /tmp/lock"]);

describe("transformations keep what a line does", () => {
  const cases: Array<{ id: string; line: string; transformed: string }> = [];
  for (const line of LINES) {
    const facts = extractFacts(line);
    for (const t of TRANSFORMS) {
      const transformed = t.apply(line, facts);
      if (transformed !== null && !NOT_RUN.has(t.id)) cases.push({ id: t.id, line, transformed });
    }
  }

  it("every transformation applies to some harmless line", () => {
    const applied = new Set(LINES.flatMap((line) => TRANSFORMS.filter((t) => t.apply(line, extractFacts(line)) !== null).map((t) => t.id)));
    expect(TRANSFORMS.map((t) => t.id).filter((id) => !applied.has(id))).toEqual([]);
  });

  it("bash prints the same for the line and each transformation", () => {
    // One bash runs every case in its own bash; `| cat` waits for background writers (`L &`).
    const run = (lines: string[]): string[] =>
      bash(lines.map((l) => `bash -c ${singleQuote(l)} 2>/dev/null | cat; printf '\\0'`).join("\n")).split("\0").slice(0, -1);
    const before = new Map(LINES.map((l, i) => [l, run(LINES)[i]!.trimEnd()]));
    const after = run(cases.map((c) => c.transformed));
    const differ = cases.map((c, i) => ({ ...c, want: before.get(c.line), got: after[i]!.trimEnd() }))
      // A program not installed under that directory here (/usr/local/bin/cat) cannot be compared.
      .filter((c) => !(c.id.startsWith("abs-path:") && c.got === ""))
      .filter((c) => c.got !== c.want);
    expect(differ).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
  });
});

describe("skip rules", () => {
  const apply = (id: string, line: string): string | null => TRANSFORMS.find((t) => t.id === id)!.apply(line, extractFacts(line));

  it("S1: wrappers need a first command a program could be", () => {
    expect(apply("wrap:sudo", "ls -l | wc -l")).toBe("sudo ls -l | wc -l");
    expect(apply("wrap:sudo", "cd /tmp && ls")).toBeNull();
    expect(apply("wrap:sudo", "X=1 ls")).toBeNull();
    expect(apply("wrap:sudo", "$cmd -rf /")).toBeNull();
    expect(apply("abs-path:/bin", "'rm' x")).toBeNull();
    expect(apply("abs-path:/bin", "rm x")).toBe("/bin/rm x");
  });

  it("S2: a command is joined after a line only if the line can be continued", () => {
    expect(apply("join:L; true", "ls -l")).toBe("ls -l; true");
    for (const line of ["sleep 1 &", "ls;", "ls |", "ls # note", "cat <<EOF\nx\nEOF", "ls \\", "cat >", "ls && ("]) expect(apply("join:L; true", line)).toBeNull();
    expect(apply("join:true; L", "ls # note")).toBe("true; ls # note");
  });

  it("S3: printf ARGS | xargs NAME only for plain arguments", () => {
    expect(apply("wrap:printf|xargs", "rm -rf /tmp/x")).toBe("printf '%s\\n' -rf /tmp/x | xargs rm");
    expect(apply("wrap:printf|xargs", "rm 'a b'")).toBeNull();
    expect(apply("wrap:printf|xargs", "rm x > log")).toBeNull();
  });

  it("S4: bash -c 'exec LINE' only for one simple command", () => {
    expect(apply("shell-in-shell:bash -c exec", "rm -rf /tmp/x")).toBe("bash -c 'exec rm -rf /tmp/x'");
    expect(apply("shell-in-shell:bash -c exec", "ls | wc")).toBeNull();
    expect(apply("shell-in-shell:bash -c exec", "if then fi")).toBeNull();
  });
});
