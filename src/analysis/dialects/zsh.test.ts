/**
 * The zsh front end through the real analyze(), with both extractors (the native addon and the
 * reference): what zsh runs is seen (a zsh spelling finds at least what its bash spelling finds),
 * what cannot be followed fails closed, and everyday zsh lines stay clean.
 */

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { extractFactsReference } from "../../facts/reference.js";
import { extractFactsNative } from "../../facts/native.js";
import { nativeAvailable } from "../../facts/index.js";
import { analyze, type Extract } from "../analyze.js";
import { options } from "../test-helpers.js";
import type { Dialect } from "./index.js";

const EXTRACTORS: Array<[string, Extract]> = [["reference", extractFactsReference]];
if (nativeAvailable()) EXTRACTORS.push(["native", (s, t) => extractFactsNative(s, t)]);

const GUARD = options(true);
const ZSH = options(true, { dialect: "zsh" });

function ids(line: string, dialect: Dialect, extract: Extract): string[] {
  return [...new Set(analyze(line, dialect === "zsh" ? ZSH : GUARD, extract).findings.map((f) => f.id))].sort();
}

const has = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

/** Commands guard mode stops, with what stops them. */
const DANGEROUS = ["rm -rf ~", "rm -rf /", "chmod -R 777 /", "git push --force origin main", "mkfs.ext4 /dev/sda1", "dd if=/dev/zero of=/dev/sda"];

/** Ways zsh runs `cmd` that the bash grammar reads as another command. */
const RUNS: Array<(cmd: string) => string> = [
  (c) => `noglob ${c}`,
  (c) => `nocorrect ${c}`,
  (c) => `- ${c}`,
  (c) => `repeat 1 ${c}`,
  (c) => `repeat $n ${c}`,
  (c) => `=${c}`,
  (c) => `noglob nocorrect ${c}`,
  (c) => `builtin noglob ${c}`,
  (c) => `exec nocorrect ${c}`,
  (c) => `command - ${c}`,
  (c) => `time noglob ${c}`,
  (c) => `coproc nocorrect ${c}`,
  (c) => `FOO=1 noglob ${c}`,
  (c) => `nocorrect =${c}`,
  (c) => `${c} &!`,
  (c) => `${c} &|`,
  (c) => `true &! ${c}`,
  (c) => `echo hi # ; ${c}`,
  (c) => `# \n${c}`,
  (c) => `{ ${c} }`,
  (c) => `ls $(noglob ${c})`,
  (c) => `echo "$(nocorrect ${c})"`,
  (c) => `if true; then noglob ${c}; fi`,
  (c) => `ls | noglob ${c}`,
];

describe.each(EXTRACTORS)("zsh front end (%s parser)", (_name, extract) => {
  describe("sees what zsh runs: each form x each dangerous command finds what bash finds", () => {
    const rows = RUNS.flatMap((form) => DANGEROUS.map((cmd) => [form(cmd), cmd] as const));
    it.each(rows)("%s", (line, cmd) => {
      const bash = ids(cmd, "bash", extract);
      expect(bash.length).toBeGreaterThan(0);
      expect(ids(line, "zsh", extract)).toEqual(expect.arrayContaining(bash));
    });
  });

  describe("clobber redirects write like >", () => {
    const ops = [">!", ">|", ">>!", ">>|", ">&!", ">&|", "&>!", "&>|", "&>>!", "2>!"];
    const rows = ops.flatMap((op) => [`echo x ${op} ~/.zshrc`, `echo x ${op}~/.zshrc`].map((line) => [line, op] as const));
    it.each(rows)("%s", (line, op) => {
      const plain = line.replace(op, op.replace(/[!|]$/, ""));
      const bash = ids(plain, "bash", extract);
      expect(bash).toContain("sensitive-path/file");
      expect(ids(line, "zsh", extract)).toEqual(expect.arrayContaining(bash));
      expect(ids(line, "zsh", extract)).not.toContain("injection/parse-error");
    });
  });

  const FINDINGS: Array<[string, string]> = [
    ["rm -rf =ls", "shell/unsupported-syntax"],
    ["cat secret > =ls", "shell/unsupported-syntax"],
    ["ls *(e:'rm -rf ~':)", "shell/opaque-code"],
    ["ls *(+rmall)", "shell/opaque-code"],
    ["r", "shell/unsupported-syntax"],
    ["r rm", "shell/unsupported-syntax"],
    ["fc -e - rm", "shell/unsupported-syntax"],
    ["fc", "shell/unsupported-syntax"],
    ["sched +0:01 rm -rf ~", "shell/opaque-code"],
    ["emulate sh -c 'rm -rf ~'", "shell/opaque-code"],
    ["zpty w 'rm -rf ~'", "shell/opaque-code"],
    ["zstyle -e ':x' y 'rm -rf ~'", "shell/opaque-code"],
    ["zmodload ./evil", "shell/opaque-code"],
    ["autoload -Uz /tmp/x/ls", "shell/opaque-code"],
    ["hash ls=/bin/rm", "shell/unsupported-syntax"],
    ["functions[ls]='rm -rf ~'", "shell/unsupported-syntax"],
    ["aliases[ls]='rm -rf ~'", "shell/unsupported-syntax"],
    ["commands[ls]=/bin/rm", "shell/unsupported-syntax"],
    ["rm -rf $=dir", "deletion/dynamic-target"],
    ["rm -rf ${~dir}", "deletion/dynamic-target"],
    ["cat =(rm -rf ~)", "deletion/home"],
    // what the bash grammar cannot read fails closed
    ["echo ${(f)\"$(cat x)\"}", "injection/parse-error"],
    ["{ rm x } always { echo y }", "injection/parse-error"],
    ["foreach x (a b) rm $x; end", "injection/parse-error"],
    ["for x (a b) rm $x", "injection/parse-error"],
    ["if [[ -f x ]] { rm x; }", "injection/parse-error"],
    ["repeat 3 do rm x; done", "shell/unsupported-syntax"],
    ["repeat 3; do rm x; done", "shell/unsupported-syntax"],
    // a # that is a comment or a word depending on interactive_comments, with lines after it read differently either way
    ...["#\\\nrm -rf ~", "# <<E\nrm -rf ~\nE", "# it's\nrm -rf ~\n'", "# (x\nrm -rf ~\n)", "# `\nrm -rf ~\n`"].flatMap((tail) =>
      ["echo hi ", "ls ", "true; "].map((head): [string, string] => [head + tail, "shell/unsupported-syntax"])),
  ];
  describe("fails closed on what it cannot follow", () => {
    it.each(FINDINGS)("%s", (line, id) => {
      expect(ids(line, "zsh", extract)).toContain(id);
    });
  });

  const CLEAN = [
    "ls",
    "# install\nnpm ci",
    "echo hi # a comment\nls",
    "git status",
    "for f in *.txt; do echo $f; done",
    "print -r -- $PATH",
    "echo x >| out.txt",
    "sleep 1 &!",
    "ls *.txt(N)",
    "ls **/*.ts(.om[1,3])",
    "diff =(ls) =(ls -a)",
    "cat <<< hi",
    "echo $(( 1 + 2 ))",
    "echo $x:h",
    "f() { ls }",
    "echo 'noglob rm -rf ~' \"a &! b\"",
    "echo noglob =",
    "[[ $a == b ]] && echo same",
    "cat <<'EOF'\n# x &! >! =rm\nEOF",
    "noglob echo *",
    "ls -la # list",
    "git log --format='%h %s' -n 3",
  ];
  describe("everyday zsh lines stay clean", () => {
    it.each(CLEAN)("%s", (line) => {
      expect(ids(line, "zsh", extract)).toEqual([]);
    });
  });

  it("keeps offsets: a finding points into the line as typed", () => {
    const line = "noglob nocorrect rm -rf ~ &!";
    const a = analyze(line, ZSH, extract);
    expect(a.source).toBe(line);
    const home = a.findings.find((f) => f.id === "deletion/home");
    expect(home).toBeDefined();
    expect(line.slice(home!.start, home!.end)).toMatch(/rm -rf ~|~/);
    expect(a.commands.map((c) => c.argv)).toEqual([["rm", "-rf", "~"]]);
  });

  it("bash lines are not read as zsh", () => {
    expect(ids("noglob rm -rf ~", "bash", extract)).not.toContain("deletion/home");
    expect(ids("echo hi # ; rm -rf ~", "bash", extract)).toEqual([]);
  });
});

describe.runIf(has("zsh"))("the zsh lines in these tables are zsh (zsh -n)", () => {
  const lines = [...RUNS.map((f) => f("rm -rf ~")), ...FINDINGS_SYNTAX(), "ls *.txt(N)", "ls **/*.ts(.om[1,3])", "diff =(ls) =(ls -a)", "f() { ls }", "sleep 1 &!", "echo x >! f", "echo x >>! f", "echo x &>! f"];
  it.each(lines)("%s", (line) => {
    const r = spawnSync("zsh", ["-f", "-n"], { input: `${line}\n`, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  });
});

/** The fail-closed table's lines that are valid zsh (the rest are there because zsh reads them and bash does not). */
function FINDINGS_SYNTAX(): string[] {
  return ["{ rm x } always { echo y }", "foreach x (a b)\nrm $x\nend", "for x (a b) rm $x", "if [[ -f x ]] { rm x; }", "repeat 3 do rm x; done", "repeat 3; do rm x; done", "ls *(e:'rm -rf ~':)", "rm -rf $=dir", "rm -rf ${~dir}"];
}
