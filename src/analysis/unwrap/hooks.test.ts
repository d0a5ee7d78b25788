/**
 * Hooks (hooks.ts): shell code stored to run later: `trap`, `alias`, `PROMPT_COMMAND`.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const SCRIPT = "shell/dynamic-script";

const TABLE: Row[] = [
  // the stored string is parsed now
  ["trap 'rm -rf ~' EXIT", [RM, HOME]],
  ["trap -- 'rm -rf ~' INT TERM", [RM, HOME]],
  ["alias ls='rm -rf ~'", [RM, HOME]],
  ["alias a=ls b='rm -rf ~'", [RM, HOME]],
  ["PROMPT_COMMAND='rm -rf ~'", [RM, HOME]],
  ["export PROMPT_COMMAND='rm -rf ~'", [RM, HOME]],
  // a string only known at run time cannot be seen
  ["trap \"$X\" EXIT", [SCRIPT]],
  // harmless ones stay harmless; `trap -` and `trap ''` reset or ignore
  ["alias ll='ls -la'", [], "none"],
  ["trap - EXIT", [], "none"],
  ["trap '' INT", [], "none"],
];

describe("unwrap/hooks: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
