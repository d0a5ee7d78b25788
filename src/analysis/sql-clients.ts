/**
 * Database clients' option tables: the options that carry SQL (named "sql") and, for sqlite3 and
 * duckdb, the operands after the database. Read by the databases pack (destructive SQL) and by
 * unwrap/db-clients.ts (the clients' shell escapes).
 */

import type { FlagSpec } from "./flags.js";

/** Each client's options that carry SQL, and (for sqlite3) the operands after the database. */
export const SQL_CLIENTS: Readonly<Record<string, { spec: FlagSpec; sqlOperands?: number }>> = {
  psql: { spec: { short: { X: "X", q: "quiet", t: "t", A: "A", x: "x", a: "a", e: "e", E: "E", n: "n", s: "s", S: "S", w: "w", W: "W", "1": "single" }, shortValue: { c: "sql", d: "dbname", f: "file", h: "host", p: "port", U: "username", v: "variable", o: "output", F: "F", R: "R", P: "pset", T: "T", L: "L" }, long: { quiet: "quiet", "no-psqlrc": "X", "single-transaction": "single" }, longValue: { command: "sql", dbname: "dbname", file: "file", host: "host", port: "port", username: "username", variable: "variable", set: "variable", output: "output", pset: "pset", "log-file": "L" } } },
  mysql: { spec: { short: { B: "batch", N: "N", s: "silent", v: "verbose", t: "table", f: "force", n: "n", q: "q", r: "raw", X: "xml", H: "html", E: "vertical" }, shortValue: { e: "sql", h: "host", P: "port", u: "user", D: "database", S: "socket" }, shortOptional: { p: "password" }, long: { batch: "batch", force: "force", silent: "silent", verbose: "verbose", raw: "raw", vertical: "vertical" }, longValue: { execute: "sql", pager: "pager", host: "host", port: "port", user: "user", database: "database", socket: "socket", "defaults-file": "defaults-file", protocol: "protocol", "init-command": "sql" }, longOptional: { password: "password" } } },
  sqlite3: { spec: { singleDashLong: true, long: { bail: "bail", batch: "batch", csv: "csv", json: "json", line: "line", list: "list", header: "header", noheader: "noheader", readonly: "readonly", echo: "echo", box: "box", table: "table", markdown: "markdown", column: "column", html: "html", interactive: "interactive", safe: "safe", memtrace: "memtrace", stats: "stats", version: "version", help: "help" }, longValue: { cmd: "sql", separator: "separator", newline: "newline", nullvalue: "nullvalue", init: "init", vfs: "vfs", mmap: "mmap" } }, sqlOperands: 1 },
  clickhouse: { spec: { shortValue: { q: "sql", h: "host", u: "user", d: "database" }, longValue: { query: "sql", host: "host", user: "user", database: "database", password: "password" } } },
  "clickhouse-client": { spec: { shortValue: { q: "sql", h: "host", u: "user", d: "database" }, longValue: { query: "sql", host: "host", user: "user", database: "database", password: "password" } } },
  sqlcmd: { spec: { shortValue: { Q: "sql", q: "sql", S: "server", U: "user", P: "password", d: "database", i: "input" } } },
  cockroach: { spec: { shortValue: { e: "sql" }, longValue: { execute: "sql", url: "url", host: "host", database: "database", user: "user" } } },
  duckdb: { spec: { singleDashLong: true, long: { readonly: "readonly", csv: "csv", json: "json" }, longValue: { c: "sql", cmd: "sql", s: "sql" } }, sqlOperands: 1 },
};
