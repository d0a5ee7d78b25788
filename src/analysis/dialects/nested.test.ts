/**
 * zsh and fish scripts in strings (`zsh -c '…'`, `fish -c '…'`), in lines of every dialect: a
 * script in its shell's own syntax fails closed, since unwrapping reads it as bash; one that
 * means the same in bash is left to unwrapping.
 */

import { describe, expect, it } from "vitest";
import { extractFactsReference } from "../../facts/reference.js";
import { analyze } from "../analyze.js";
import { options } from "../test-helpers.js";
import { DIALECTS } from "./index.js";

const UNSUPPORTED = "shell/unsupported-syntax";

const SCRIPTS: Array<[line: string, flagged: boolean]> = [
  ["zsh -c 'noglob rm -rf ~'", true],
  ["zsh -c '=rm -rf /'", true],
  ["sudo zsh -c 'echo hi # ; rm -rf ~'", true],
  ["/bin/zsh -lc 'repeat 1 rm -rf ~'", true],
  ["env X=1 zsh -f -c 'rm -rf =ls'", true],
  ["fish -c '\\x72m -rf ~'", true],
  ["fish -c 'true; and rm -rf ~'", true],
  ["fish --command 'echo (rm -rf ~)'", true],
  ["zsh -c 'ls -la'", false],
  ["fish -c 'ls -la'", false],
  ["zsh -c \"$SCRIPT\"", false],
  ["echo zsh -c hello", false],
  ["zsh script.zsh", false],
];

describe.each(DIALECTS.filter((d) => d !== "fish"))("%s line", (dialect) => {
  const opts = options(true, { dialect });
  it.each(SCRIPTS)("%s", (line, flagged) => {
    const found = analyze(line, opts, extractFactsReference).findings.some((f) => f.id === UNSUPPORTED);
    expect(found).toBe(flagged);
  });
});

describe("fish line", () => {
  const opts = options(true, { dialect: "fish" });
  it.each(SCRIPTS.filter(([l]) => !l.includes('"')))("%s", (line, flagged) => {
    const found = analyze(line, opts, extractFactsReference).findings.some((f) => f.id === UNSUPPORTED);
    expect(found).toBe(flagged);
  });
});
