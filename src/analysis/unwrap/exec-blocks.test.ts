/**
 * Exec blocks (exec-blocks.ts): `find -exec ... ;` and `fd -x ...` blocks are commands of their own, `{}` dynamic.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const DYNCMD = "shell/dynamic-command";

const TABLE: Row[] = [
  // find -exec and friends: each block is a command of its own; {} is dynamic
  ["find . -exec rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec rm -rf ~ {} +", [RM, HOME]],
  ["find . -execdir rm -rf ~ \\;", [RM, HOME]],
  ["find . -ok rm -rf ~ \\;", [RM, HOME]],
  ["find . -okdir rm -rf ~ \\;", [RM, HOME]],
  ["find . -name x -exec ls {} \\; -exec rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec sudo rm -rf ~ \\;", [RM, HOME]],
  ["find . -exec sh -c 'rm -rf ~' \\;", [RM, HOME]],
  ["find . -exec bash -c 'rm -rf \"$1\"' _ {} \\;", ["deletion/dynamic-target"]],
  ["fd -x rm -rf ~", [RM, HOME]],
  ["fd --exec-batch rm -rf ~", [RM, HOME]],
  ["fdfind . -X rm -rf ~", [RM, HOME]],
  // a block whose command is {} is a dynamic command name
  ["find . -exec {} \\;", [DYNCMD]],
  // harmless blocks stay harmless
  ["find . -name '*.ts' -exec wc -l {} +", [], "none"],
];

describe("unwrap/exec-blocks: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
