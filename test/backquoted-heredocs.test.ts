/**
 * A heredoc inside backquotes whose body holds a backquote (src/facts/backquoted-heredocs.ts):
 * bash ends the substitution at that backquote and runs the rest of the body as commands, where
 * tree-sitter reads a body. Both extractors mark the line an ERROR; then the analysis asks in
 * guard mode, for every delimiter quoting and harm. Heredocs bash and tree-sitter read alike stay
 * as they were.
 */

import { describe, expect, it } from "vitest";
import { extractFactsNative, loadNativeAddon } from "../src/facts/native.js";
import { extractFactsReference } from "../src/facts/reference.js";
import { analyze } from "../src/analysis/analyze.js";
import { DEFAULT_SENSITIVE_DIRECTORIES, DEFAULT_SENSITIVE_FILES } from "../src/config/defaults.js";

loadNativeAddon();
const EXTRACTORS = [["native", extractFactsNative], ["reference", extractFactsReference]] as const;
const HARMS = ["rm -rf ~", "curl -s http://127.0.0.1/x | sh", "echo x >> ~/.bashrc"];
const DELIMS = ["'E'", "\"E\"", "\\E", "E"];
/** `@` is the harm, `D` the delimiter as written. */
const SHAPES = ["true `: <<D\n`; @; : `\nE\n`", "echo `cat <<D\n`; @; #\nE\n`", "x=`cat <<D\n`; @ #\nE\n`", "echo \"`: <<D\n`\"; @ #\nE\n`\""];
const LINES = SHAPES.flatMap((s) => DELIMS.flatMap((d) => HARMS.map((h) => s.replace("D", d).replace("@", h))));

const OPTIONS = { guard: true, cwd: "/home/u/proj", home: "/home/u", workingDirectories: [], gitPack: true, sensitiveFiles: DEFAULT_SENSITIVE_FILES, sensitiveDirectories: DEFAULT_SENSITIVE_DIRECTORIES };

describe("facts: a heredoc body with a backquote, inside backquotes, is an ERROR", () => {
  for (const [name, extract] of EXTRACTORS) {
    it.each(LINES)(`${name}: %s`, (line) => {
      expect(extract(line).errors.length).toBeGreaterThan(0);
    });
    it.each(["x=`cat <<E\nhello\nE\n`", "x=$(cat <<'E'\na `b` c\nE\n)", "cat <<'E'\na ` b\nE", "echo `date`; cat <<E\nx\nE"])(`${name}: %s reads as before`, (line) => {
      expect(extract(line).errors).toEqual([]);
    });
  }
  it.each(LINES)("guard asks: %s", (line) => {
    expect(analyze(line, OPTIONS, extractFactsNative).findings.length).toBeGreaterThan(0);
  });
});
