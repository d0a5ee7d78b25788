/**
 * git (git.ts): `-c key=cmd`, `!` aliases, `submodule foreach`, `rebase --exec`, `bisect run`.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

const TABLE: Row[] = [
  // every place git runs shell code from
  ["git -c alias.x='!rm -rf ~' x", [RM, HOME]],
  ["git -c core.pager='rm -rf ~' log", [RM, HOME]],
  ["git -c core.sshCommand='rm -rf ~' fetch", [RM, HOME]],
  ["git -c diff.external='rm -rf ~' diff", [RM, HOME]],
  ["git submodule foreach 'rm -rf ~'", [RM, HOME]],
  ["git submodule foreach --recursive rm -rf '~'", [RM, HOME]],
  ["git rebase -x 'rm -rf ~' main", [RM, HOME]],
  ["git rebase --exec='rm -rf ~' main", [RM, HOME]],
  ["git bisect run rm -rf ~", [RM, HOME]],
  // other config keys are not commands
  ["git -c color.ui=always log", [], "none"],
  ["git -c core.pager=less log", [], "none"],
];

describe("unwrap/git: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
