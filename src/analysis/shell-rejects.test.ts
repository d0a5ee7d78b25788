/**
 * Guard mode leaves a `)` typo to the shell (which rejects the whole line before running any of
 * it), and fails closed on every other parse error: real parses through analyze().
 */

import { describe, it } from "vitest";
import { cases, verify, type Row } from "./test-helpers.js";

const PARSE = "injection/parse-error";

const TABLE: Row[] = [
  // a stray `)` on one line: bash, zsh and fish refuse the line, nothing runs
  ["echo )", [], "none", true],
  ["echo ))", [], "none", true],
  ["echo a) b", [], "none", true],
  ["ls -la )", [], "none", true],
  ["git status )", [], "none", true],
  // what tree-sitter did extract is still checked
  ["rm -rf ~ )", ["deletion/home"], "has", true],
  // the agent modes keep the finding
  ["echo )", [PARSE], "has", false],
  // anything a shell could run, or pair the `)` with, fails closed
  ["echo 'unterminated", [PARSE], "has", true],
  ["if true; then", [PARSE], "has", true],
  ["echo $(", [PARSE], "has", true],
  ["rm -rf !(x)", [PARSE], "has", true],
  // an extglob pattern is a glob word (src/facts/bash-reading.ts): nothing to reject, nothing runs
  ["echo @(a )", [], "none", true],
  ["ls; )", [PARSE], "has", true],
  ["echo a\necho )", [PARSE], "has", true],
  ["echo )\nrm -rf build", [PARSE], "has", true],
  ["echo )\r", [PARSE], "has", true],
  ["echo `x` )", [PARSE], "has", true],
  ["case x in a) echo )", [PARSE], "has", true],
];

describe("parse errors the shell rejects", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
