/**
 * The code a runner runs (run-target.ts), as the download-then-run finding sees it: the script
 * position and code-loading options count, the script's own arguments do not. Generated: every
 * runner spelling × the downloaded file in code position (asked) and in data position (quiet).
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";
const GET = "curl -fsSLo F http://127.0.0.1/x && ";
/** `@F` where the downloaded file runs. */
const RUNS = ["bash @F", "sh -x @F", "sudo -u root bash @F", "env A=1 nohup sh @F", "python3 -u @F", "node -r ./@F app.js", "node --require ./@F app.js", "ruby -r./@F -e 1",
  "./@F", "sudo ./@F", ". ./@F", "source @F", "exec ./@F", "nice -n 5 ./@F", "time bash @F"];
/** `@F` as data of something else that runs. */
const DATA = ["python3 analyze.py @F", "bash run.sh @F", "node app.js --input @F", "sh -c 'wc -l \"$1\"' _ @F", "python3 -m json.tool @F", "perl -ne 'print' @F", "cat @F", "jq . @F"];

const TABLE: Row[] = [
  ...RUNS.map((r): Row => [GET + r.replaceAll("@F", "F"), [PIPE], "has", true]),
  ...DATA.map((r): Row => [GET + r.replaceAll("@F", "F"), [PIPE], "exact", true]).map(([c]): Row => [c, [], "none", true]),
];

describe("unwrap/run-target: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
