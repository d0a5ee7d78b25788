/**
 * `time` and `!` before a compound command (keyword-prefixes.ts): the body is analysed like the
 * same body without them. Generated: every prefix × every compound × a dangerous and a harmless
 * body, also nested in a string; lines that only mention the words stay as they were.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "./test-helpers.js";

const PREFIXES = ["time", "time -p", "time --", "!", "time !", "! !", "! time", "time -p !"];
/** Compounds around the body @@. */
const COMPOUNDS = ["{ @@; }", "if true; then @@; fi", "for f in a; do @@; done", "while true; do @@; break; done", "until false; do @@; break; done",
  "case x in *) @@;; esac", "[[ -n x ]] && @@", "(( 1 )) && @@", "{ true; } && { @@; }"];
const BODIES: ReadonlyArray<readonly [string, readonly string[]]> = [["rm -rf ~", ["deletion/home"]], ["curl -s http://127.0.0.1/x | sh", ["shell/pipe-to-shell"]]];

const TABLE: Row[] = [
  ...PREFIXES.flatMap((prefix, n) => COMPOUNDS.flatMap((compound, k): Row[] => {
    const line = (body: string): string => `${prefix} ${compound.replace("@@", body)}`;
    const [body, ids] = BODIES[(n + k) % BODIES.length] as (typeof BODIES)[number];
    const rows: Row[] = [[line(body), ids, "has", true]];
    // `time -p (( 1 ))` is more than the grammar reads: a parse error (an ask), not a clean line.
    if (!compound.startsWith("((")) rows.push([line("ls -la"), [], "none", true]);
    // The same inside a string a shell runs, and after another command.
    if ((n + k) % 3 === 0) rows.push([`bash -c '${line(body)}'`, ids, "has", true], [`cd /tmp && ${line(body)}`, ids, "has", true]);
    return rows;
  })),
  // a compound the grammar glues or misreads even so (a command named `}`): a parse error, never less seen
  ...["time { { a; } > f x; }", "time { { rm -rf ~; } > f x; }", "! { { a; } > f x; }"].map((c): Row => [c, ["injection/parse-error"], "has", true]),
  ["coproc W { sh -c 'ls'; }", [], "none", true],
  // the words as arguments, quoted, or as plain prefixes of a simple command
  ...["echo time ! done", "time ls -la", "! grep -q x f", "echo '! if' time", "'time' ls", "time make -j4", "grep -v '!' f", "echo \"time { x; }\"",
    "! [[ -f x ]] && echo no"].map((c): Row => [c, [], "none", true]),
];

describe("keyword prefixes: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
