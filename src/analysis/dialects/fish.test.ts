/**
 * The fish front end through the real analyze(), with both extractors: every command fish would
 * run is seen (a fish spelling finds at least what the bash spelling of the command finds), what
 * the translation cannot show fails closed, and everyday fish lines stay clean.
 */

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { extractFactsReference } from "../../facts/reference.js";
import { extractFactsNative } from "../../facts/native.js";
import { nativeAvailable } from "../../facts/index.js";
import { analyze, type Extract } from "../analyze.js";
import { options } from "../test-helpers.js";

const EXTRACTORS: Array<[string, Extract]> = [["reference", extractFactsReference]];
if (nativeAvailable()) EXTRACTORS.push(["native", (s, t) => extractFactsNative(s, t)]);

const BASH = options(true);
const FISH = options(true, { dialect: "fish" });

function ids(line: string, fish: boolean, extract: Extract): string[] {
  return [...new Set(analyze(line, fish ? FISH : BASH, extract).findings.map((f) => f.id))].sort();
}

const has = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

const DANGEROUS = ["rm -rf ~", "chmod -R 777 /", "git push --force origin main", "dd if=/dev/zero of=/dev/sda"];

/** Ways fish runs `cmd`. */
const RUNS: Array<(cmd: string) => string> = [
  (c) => c,
  (c) => `true; and ${c}`,
  (c) => `false; or ${c}`,
  (c) => `not ${c}`,
  (c) => `true && ${c}`,
  (c) => `false || ${c}`,
  (c) => `begin; ${c}; end`,
  (c) => `begin\n${c}\nend`,
  (c) => `echo (${c})`,
  (c) => `echo "$(${c})"`,
  (c) => `set -x VAR (${c})`,
  (c) => `if test -f x; ${c}; end`,
  (c) => `if test -f x; echo; else if true; ${c}; end`,
  (c) => `while true; ${c}; end`,
  (c) => `for f in a b; ${c}; end`,
  (c) => `function f; ${c}; end`,
  (c) => `switch $x; case a; ${c}; end`,
  (c) => `echo a\n${c}`,
  (c) => `ls &| ${c}`,
  // fish's escapes outside quotes stand for characters: \x72m is rm
  (c) => c.replace(/^(\w)/, (m) => `\\x${m.charCodeAt(0).toString(16)}`),
  (c) => c.replace(/^(\w)/, (m) => `\\${m.charCodeAt(0).toString(8)}`),
  (c) => c.replace(/^(\w)/, (m) => `\\u${m.charCodeAt(0).toString(16).padStart(4, "0")}`),
];

describe.each(EXTRACTORS)("fish front end (%s parser)", (_name, extract) => {
  describe("sees what fish runs: each form x each dangerous command finds what bash finds", () => {
    const rows = RUNS.flatMap((form) => DANGEROUS.map((cmd) => [form(cmd), cmd] as const));
    it.each(rows)("%s", (line, cmd) => {
      const bash = ids(cmd, false, extract);
      expect(bash.length).toBeGreaterThan(0);
      expect(ids(line, true, extract)).toEqual(expect.arrayContaining(bash));
    });
  });

  const FINDINGS: Array<[string, string]> = [
    ["bind \\cx 'rm -rf ~'", "shell/opaque-code"],
    ["complete -c foo -n 'rm -rf ~'", "shell/opaque-code"],
    ["complete -c foo -a '(rm -rf ~)'", "shell/opaque-code"],
    ["alias ls 'rm -rf ~'", "shell/unsupported-syntax"],
    ["curl -s https://x | source", "shell/pipe-to-shell"],
    ["source - < x.fish", "shell/pipe-to-shell"],
  ];
  describe("fails closed on what it cannot follow", () => {
    it.each(FINDINGS)("%s", (line, id) => {
      expect(ids(line, true, extract)).toContain(id);
    });
  });

  const CLEAN = [
    "ls",
    "git status",
    "set -x PATH $PATH ~/bin",
    "ls (pwd)",
    "if test -f x; echo y; end",
    "for f in *.txt; echo $f; end",
    "echo $argv[1]",
    "test -d x; and echo yes; or echo no",
    "begin; ls; end | wc -l",
    "echo 'it\\'s' \\n",
    "bind -e \\cx",
    "source ~/.config/fish/config.fish",
  ];
  describe("everyday fish lines stay clean", () => {
    it.each(CLEAN)("%s", (line) => {
      expect(ids(line, true, extract)).toEqual([]);
    });
  });
});

describe.runIf(has("fish"))("the fish lines in these tables are fish (fish -n)", () => {
  const lines = [...RUNS.map((f) => f("rm -rf ~")), "bind \\cx 'rm -rf ~'", "alias ls 'rm -rf ~'", "set -x PATH $PATH ~/bin", "ls (pwd)", "if test -f x; echo y; end"];
  it.each(lines)("%s", (line) => {
    const r = spawnSync("fish", ["--no-config", "-n", "-c", line], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  });
});
