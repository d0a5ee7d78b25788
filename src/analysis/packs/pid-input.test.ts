/**
 * xargs kill fed process ids (pid-input.ts): settled, so no dangerous/unknown-arguments. Generated:
 * every id printer × every filter between × every kill spelling; any other producer, a printer
 * that adds names or a separator of the caller's, and a filter that can change words stay asked.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const UNKNOWN = "dangerous/unknown-arguments";
const PRINTERS = ["pgrep -f vite", "pgrep -u $USER -x node", "pidof node", "lsof -ti :3000", "lsof -t -i tcp:8080", "lsof -nti:5173 2>/dev/null"];
const FILTERS = ["", " | head -1", " | sort -u", " | grep -v 1234", " | tail -n 2 | uniq"];
const KILLS = ["xargs kill", "xargs -r kill -9", "xargs kill -TERM", "xargs --no-run-if-empty kill -s INT", "xargs -n1 kill"];

const TABLE: Row[] = [
  ...PRINTERS.flatMap((p, i) => FILTERS.map((f, j): Row => [`${p}${f} | ${KILLS[(i + j) % KILLS.length] as string}`, [], "none", true])),
  // not process ids only, or words a filter could change
  ...[
    "cat pids | xargs kill", "echo -1 | xargs kill", "pgrep -l node | xargs kill", "pgrep -a node | xargs kill", "pgrep -d ' -1 ' node | xargs kill",
    "pidof -S ' -1 ' node | xargs kill", "lsof -i :3000 | xargs kill", "lsof -ti :3000 | tr 1 - | xargs kill", "lsof -ti :3000 | sed s/^/-/ | xargs kill",
    "pgrep node | awk '{print -1}' | xargs kill", "pgrep node | xargs pkill", "{ pgrep node; echo -1; } | xargs kill", "pgrep \"$p\" | xargs kill",
  ].map((c): Row => [c, [UNKNOWN], "has", true]),
  // the words on the line are still judged
  ["pgrep node | xargs kill -- -1", ["dangerous/kill-broad"], "has", true],
];

describe("packs/pid-input: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
