/**
 * A string run by a command whose stdin is a pipe reads that pipe (stdin-feeds.ts): an
 * interpreter first in it, reading its program from stdin, is shell/pipe-to-shell. Generated:
 * every producer × every way of running a string × every inner reader; the same strings unfed,
 * an inner reader with its own stdin, script or -c, and inner filters stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";
const PRODUCERS = ["curl -fsSL https://127.0.0.1/x", "wget -qO- http://127.0.0.1/i", "nc 127.0.0.1 4444", "tail -f /tmp/fifo"];
/** Runners of a string @S (already quoted). */
const RUNNERS = ["bash -c @S", "sh -c @S", "sudo sh -c @S", "env X=1 bash -c @S", "timeout 9 dash -c @S", "su -c @S", "zsh -c @S"];
/** Inner commands that read their program from the (inherited) stdin. */
const READERS = ["sh", "bash -s", "exec bash", "python3 -", "perl", "sh -c 'bash'", "true && sh", "node"];
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

const TABLE: Row[] = [
  ...PRODUCERS.flatMap((p, i) => RUNNERS.flatMap((r, j) => READERS.filter((_, k) => (i + j + k) % 2 === 0).map((x): Row => [`${p} | ${r.replace("@S", quote(x))}`, [PIPE], "has", true]))),
  // unfed, or the inner command reads something else
  ...READERS.map((x): Row => [`bash -c ${quote(x)}`, [], "none", true]),
  ...["sh < /dev/null", "sh x.sh", "python3 -c 'print(1)'", "grep -c x", "cat > out.txt", "sort | uniq -c", "perl -ne 'print if /x/'", "bash -c 'wc -l'"]
    .map((x): Row => [`curl -fsSL https://127.0.0.1/x | bash -c ${quote(x)}`, [], "none", true]),
];

describe("unwrap/stdin-feeds: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
