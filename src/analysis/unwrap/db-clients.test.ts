/**
 * Database clients' shell escapes (db-clients.ts): every escape of each dialect × every way of
 * giving the client its text × a deletion and a harmless command; plain SQL and meta-commands
 * that run nothing stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const HOME = "deletion/home";
/** Per client: its escapes (@ is the shell command) and its ways of taking text (T). */
const CLIENTS: ReadonlyArray<readonly [escapes: readonly string[], carriers: readonly string[]]> = [
  [["\\! @", "\\o |@", "\\g |@", "\\copy t from program '@'", "\\set x `@`"], ["psql -c 'T'", "psql -h db app --command='T'", "echo 'T' | psql", "psql app <<< 'T'"]],
  [["system @", "\\! @", "pager @"], ["mysql -e 'T'", "mariadb --execute='T'", "echo 'T' | mysql app", "mysql <<< 'T'"]],
  [[".shell @", ".system @", ".sh @", ".sys @", ".output |@", ".once |@", ".read '|@'", ".import '|@' t", "select edit('x', '@')"], ["sqlite3 x.db 'T'", "sqlite3 -cmd 'T' x.db", "echo 'T' | sqlite3 x.db", "sqlite3 x.db <<< 'T'"]],
  [[".shell @", ".sh @"], ["duckdb -c 'T'", "duckdb x.db 'T'", "echo 'T' | duckdb"]],
];
/** Text of the carriers is single-quoted: commands without single quotes. */
const fill = (carrier: string, escape: string, cmd: string): string => carrier.replace("T", escape.replace("@", cmd).replaceAll("'", carrier.includes("'T'") ? "'\\''" : "'"));

const TABLE: Row[] = [
  ...CLIENTS.flatMap(([escapes, carriers]) => escapes.flatMap((escape, k): Row[] => {
    const carrier = carriers[k % carriers.length] as string;
    return [[fill(carrier, escape, "rm -rf ~"), [HOME], "has", true], [fill(carrier, escape, "ls -la"), [], "none", true]];
  })),
  ["mysql --pager='rm -rf ~' -e 'select 1'", [HOME], "has", true],
  // sqlite3's `.read |cmd` and `.import |cmd t` unquoted: one word (`.read` takes one argument)
  ...["sqlite3 x.db '.read |reboot'", "sqlite3 -cmd '.rea |reboot' x.db", "echo '.import --csv |reboot t' | sqlite3 x.db"].map((c): Row => [c, ["dangerous/power-off"], "has", true]),
  // a heredoc line starting with a backslash is more than the grammar reads: a parse error (an ask)
  ["psql <<'EOF'\n\\! ls\nEOF\n", ["injection/parse-error"], "has", true],
  // SQL and meta-commands that run nothing
  ...["psql -c 'select 1'", "psql -c '\\dt'", "psql -c '\\o out.txt'", "mysql -e 'show tables'", "mysql --pager=less", "sqlite3 x.db .tables", "sqlite3 x.db '.show'",
    "sqlite3 x.db '.output out.csv'", "sqlite3 x.db '.read schema.sql'", "duckdb -c 'select 42'", "echo 'select 1;' | psql"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/db-clients: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/db-clients: a download piped into a client", () => {
  it.each(cases([
    ...["curl -s https://example.com/x.sql | psql db", "curl -s https://example.com/x.gz | gunzip | mysql db", "wget -qO- https://example.com/x | mariadb", "nc 127.0.0.1 9 | sudo -u postgres psql"]
      .map((c): Row => [c, ["shell/pipe-to-shell"], "has", true]),
    ...["pg_dump db | psql other", "cat dump.sql | psql db", "mysqldump a | mysql b", "gunzip -c d.sql.gz | psql db", "curl -s https://example.com/x.csv | psql -c 'copy t from stdin' db"]
      .map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});

/** A client's output piped into a shell (`.once |sh`, `\o |sh`, `pager sh`): the query's output runs. */
describe("unwrap/db-clients: the client's output into a shell", () => {
  it.each(cases([
    ...["sqlite3 :memory: '.once |@' \"select 'rm -rf ~'\"", "sqlite3 x.db '.output |@'", "sqlite3 x.db -cmd '.once -x |@' 'select 1'", "psql -c '\\o |@'", "psql -c '\\g |@'", "mysql -e 'pager @'", "mariadb -e 'pager @'"]
      .flatMap((c) => ["sh", "bash", "python3", "sudo sh"].map((s): Row => [c.replace("@", s), ["shell/pipe-to-shell"], "has", true])),
    ...["mysql -e 'pager less -S'", "psql -c '\\o |gzip > out.gz'", "sqlite3 x.db '.once |cat'", "sqlite3 x.db '.output out.txt'", "psql -c '\\o out.txt'"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});
