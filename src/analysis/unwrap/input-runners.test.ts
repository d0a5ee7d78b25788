/** GNU parallel with no command (input-runners.ts): its arguments, and each combination of its sources, are command lines. */

import { describe, it } from "vitest";
import { cases, verify, WRAPPERS, type Row } from "../test-helpers.js";

const RM_HOME = ["dangerous/rm-recursive-force", "deletion/home"];

const FORMS = [
  "parallel ::: 'rm -rf ~'", "parallel ::: ls 'rm -rf ~'", "parallel -j2 ::: 'echo a' 'rm -rf ~'", "parallel --keep-order -j 4 ::: 'rm -rf ~'",
  "parallel ::: rm ::: -rf ::: ~", "parallel ::: 'rm -rf' ::: ~", "parallel :::+ 'rm -rf ~'", "parallel -- ::: 'rm -rf ~'",
  // no command and no arguments: the lines of its stdin
  "parallel <<< 'rm -rf ~'", "parallel -j1 <<EOF\necho a\nrm -rf ~\nEOF",
];

const TABLE: Row[] = [
  ...FORMS.flatMap((c): Row[] => [[c, RM_HOME, "has", true], [c, RM_HOME]]),
  ...WRAPPERS.filter((w) => !w.startsWith("xargs")).map((w): Row => [w.replace("%", "parallel ::: 'rm -rf ~'"), RM_HOME, "has", true]),
  ['parallel ::: "$X"', ["shell/dynamic-script"], "has", true],
  ["parallel ::: a b c d e f g h ::: a b c d e f g h ::: a b", ["shell/opaque-code"], "has", true],
  // a command of its own takes the arguments as its arguments; an argument file is read at run time
  ...["parallel echo ::: a b", "parallel ::: 'echo a' 'echo b'", "parallel gzip ::: *.log", "parallel :::: cmds.txt", "parallel -j4 ::: 'make -C a' 'make -C b'", "parallel <<< 'echo a'"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/input-runners: parallel's argument commands", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
