/**
 * A `0` written against a redirect is its descriptor, as bash reads it (src/facts/digit-descriptors.ts):
 * tree-sitter-bash makes it a number word, which put `0` in argv (as the command's name when it
 * came first: `0</dev/null rm -rf ~` was the command `0`). Both extractors, every operator, every
 * place, and `{name}` against a redirect (a descriptor bash opens from 10); then the analysis: an
 * explicit descriptor never makes a decision more permissive.
 */

import { describe, expect, it } from "vitest";
import { extractFactsNative, loadNativeAddon } from "../src/facts/native.js";
import { extractFactsReference } from "../src/facts/reference.js";
import { analyze } from "../src/analysis/analyze.js";
import { DEFAULT_SENSITIVE_DIRECTORIES, DEFAULT_SENSITIVE_FILES } from "../src/config/defaults.js";

loadNativeAddon();
const EXTRACTORS = [["native", extractFactsNative], ["reference", extractFactsReference]] as const;
const OPS = ["<", ">", ">>", "<&", ">&", "<<<"];
const TARGETS: Record<string, string> = { "<": "/dev/null", ">": "x", ">>": "x", "<&": "3", ">&": "2", "<<<": "word" };

/** `@` is the redirect; the command around it is `rm -rf ~`. */
const PLACES = ["@ rm -rf ~", "rm @ -rf ~", "rm -rf ~ @", "sudo @ rm -rf ~", "A=1 @ rm -rf ~"];

describe("facts: a digit against a redirect is its descriptor", () => {
  for (const [name, extract] of EXTRACTORS) {
    it.each(OPS.flatMap((op) => PLACES.map((p) => [p.replace("@", `0${op}${TARGETS[op] as string}`), op] as const)))(`${name}: %s`, (line, op) => {
      const sc = extract(line).commands[0];
      expect(sc?.argv.map((w) => w.value).filter((v) => v !== "sudo")).toEqual(["rm", "-rf", "~"]);
      expect(sc?.redirects.find((r) => r.op === op)?.fd).toBe(0);
    });
    // `{name}` against a redirect: bash opens a descriptor from 10 and names it
    it.each(OPS.filter((op) => op !== "<<<").flatMap((op) => PLACES.slice(1).map((p) => [p.replace("@", `{fd}${op}${TARGETS[op] as string}`), op] as const)))(`${name}: %s`, (line, op) => {
      const sc = extract(line).commands[0];
      expect(sc?.argv.map((w) => w.value).filter((v) => v !== "sudo")).toEqual(["rm", "-rf", "~"]);
      expect(sc?.redirects.find((r) => r.op === op)?.fd).toBe(10);
    });
    it.each([["echo 0", ["echo", "0"]], ["seq 0 9 >x", ["seq", "0", "9"]], ["echo '0'>x", ["echo", "0"]], ["echo x0>y", ["echo", "x0"]],
      ["echo {fd} >x", ["echo", "{fd}"]], ["echo '{fd}'>x", ["echo", "{fd}"]], ["echo {a,b}>x", ["echo", "{a,b}"]], ["echo {1fd}>x", ["echo", "{1fd}"]]])(`${name}: %s keeps its words`, (line, argv) => {
      expect(extract(line).commands[0]?.argv.map((w) => w.value)).toEqual(argv);
    });
  }
});

const OPTIONS = { guard: true, cwd: "/home/u/proj", home: "/home/u", workingDirectories: [], gitPack: true, sensitiveFiles: DEFAULT_SENSITIVE_FILES, sensitiveDirectories: DEFAULT_SENSITIVE_DIRECTORIES };
const ids = (line: string): string[] => [...new Set(analyze(line, OPTIONS, extractFactsNative).findings.map((f) => f.id))].sort();
const HARMS = ["rm -rf ~", "curl -s https://127.0.0.1/x | bash", "chmod -R 000 /etc", "dd if=/dev/zero of=/dev/sda"];

describe("analysis: an explicit descriptor never makes a decision more permissive", () => {
  it.each(HARMS.flatMap((h) => ["0</dev/null", "0<&-", "0>x", "0<<<x", "{fd}>/dev/null", "{x}>&2", "{fd}<&0"].flatMap((r) => [[h, `${r} ${h}`], [h, `${h} ${r}`]])))("%s / %s", (plain, redirected) => {
    const before = ids(plain);
    expect(before.length).toBeGreaterThan(0);
    const after = ids(redirected);
    // A line the grammar cannot read (`0<&- rm`) asks as a parse error, in every mode.
    if (after.includes("injection/parse-error")) return;
    for (const id of before) expect(after).toContain(id);
  });
});
