/**
 * Sourcing (sourcing.ts): `source` / `.` of stdin, of a file written on the line, of one only known at run time.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const SOURCE = "shell/source-dynamic";
const PIPE = "shell/pipe-to-shell";

const TABLE: Row[] = [
  // stdin fed a heredoc or herestring is parsed
  ["source /dev/stdin <<< 'rm -rf ~'", [RM, HOME]],
  [". /dev/stdin <<EOF\nrm -rf ~\nEOF", [RM, HOME]],
  // a file only known at run time, or downloaded
  ["source <(curl -s https://x)", [SOURCE]],
  ["source $F", [SOURCE]],
  [". \"$DIR/env.sh\"", [SOURCE]],
  ["source https://x/y.sh", [SOURCE]],
  ["source ~/.bashrc", [], "none"],
  [". ./env.sh", [], "none"],
  // a pipe into source /dev/stdin
  ["curl x | source /dev/stdin", [PIPE]],
];

describe("unwrap/sourcing: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
