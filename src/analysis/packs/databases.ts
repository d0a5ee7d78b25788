/**
 * The databases pack: SQL handed to a client on the command line (psql -c, mysql -e, sqlite3
 * DB 'SQL', a heredoc or here-string on stdin) read enough to find DROP, TRUNCATE, and DELETE or
 * UPDATE without WHERE; redis FLUSHALL/FLUSHDB; dropdb; mongo's dropDatabase.
 */

import type { CommandView } from "../command.js";
import { parseFlags, values, type FlagSpec } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";
import { fedText } from "../unwrap/printed.js";
import { SQL_CLIENTS } from "../sql-clients.js";

const SQL = "dangerous/sql-destructive";

/** A WHERE that every row passes (`WHERE 1=1`, `WHERE true`, `WHERE 1`), alone or first before AND/OR-free ends. */
const TAUTOLOGY = /\bwhere\s+\(?\s*(?:(\d+)\s*=\s*\1|true|1|not\s+false|(\w+)\s*=\s*\2)\s*\)?\s*(?:$|\b(?:or|order|limit|returning)\b)/i;

/**
 * The destructive statement in `sql`, or null. Strings, quoted identifiers and comments are
 * blanked first so `select 'drop table x'` stays quiet; statements are split on `;`.
 */
export function destructiveSql(sql: string): string | null {
  const text = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, " ");
  for (const raw of text.split(";")) {
    const s = raw.trim().replace(/\s+/g, " ");
    const m = /^(?:with\b[\s\S]*?\)\s*)?(drop|truncate|delete|update)\b/i.exec(s);
    if (!m) continue;
    const verb = (m[1] as string).toLowerCase();
    if (verb === "drop" && /^drop (?:database|schema|table|user|role|owned|index|view|materialized view|function|extension|tablespace|collection|keyspace|columnfamily|measurement|series|retention policy)\b/i.test(s)) return s.split(" ").slice(0, 3).join(" ").toUpperCase();
    if (verb === "truncate") return "TRUNCATE";
    if ((verb === "delete" || verb === "update") && (!/\bwhere\b/i.test(s) || TAUTOLOGY.test(s))) return `${verb.toUpperCase()} without WHERE`;
  }
  return null;
}


function sqlClient(view: CommandView) {
  const client = SQL_CLIENTS[view.name === "mariadb" ? "mysql" : view.name === "clickhouse" ? "clickhouse" : view.name];
  if (client === undefined) return NONE;
  const p = parseFlags(view.args, client.spec, 1);
  const texts = [...values(p, "sql")];
  if (client.sqlOperands !== undefined) for (const i of p.operands.slice(client.sqlOperands)) texts.push(view.args[i] as string);
  // What it reads on stdin (a heredoc, a here-string, what `echo`/`printf` pipe into it) it runs.
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) texts.push(fed.word.value);
  return sqlFinding(view.name, texts);
}

/** The finding for the first destructive statement among `texts` that `runner` runs, if any. */
function sqlFinding(runner: string, texts: readonly string[]) {
  for (const t of texts) {
    const hit = destructiveSql(t);
    if (hit !== null) return [finding(SQL, `${runner} runs ${hit}, which deletes data for good; back it up, or add a WHERE clause.`)];
  }
  return NONE;
}

/** `bq query 'SQL'` (BigQuery): the operands after `query` are the SQL; bq's flags take `=` values or none. */
const BQ: FlagSpec = { longValue: { project_id: "project", dataset_id: "dataset", location: "location", format: "format", max_rows: "max_rows", parameter: "parameter", destination_table: "destination", job_id: "job", label: "label", api: "api" } };

function bq(view: CommandView) {
  const p = parseFlags(view.args, BQ, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  return ops[0] === "query" ? sqlFinding("bq query", ops.slice(1)) : NONE;
}

function redis(view: CommandView) {
  const words = view.args.slice(1).filter((a) => !a.startsWith("-"));
  // Commands fed on stdin, one per line (`echo FLUSHALL | redis-cli`).
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) words.push(...fed.word.value.split(/\s+/));
  const cmd = words.find((w) => /^(?:flushall|flushdb)$/i.test(w));
  return cmd ? [finding("dangerous/redis-flush", `redis-cli ${cmd.toUpperCase()} deletes every key${/all/i.test(cmd) ? " of every database" : " of the database"}.`)] : NONE;
}

function dropdb(view: CommandView) {
  return view.args.some((a) => /^(?:--help|-\?|--version|-V)$/.test(a)) ? NONE : [finding(SQL, `${view.name} deletes a whole database.`)];
}

function mongo(view: CommandView) {
  const evals = view.args.flatMap((a, i) => (a === "--eval" ? [view.args[i + 1] ?? ""] : a.startsWith("--eval=") ? [a.slice(7)] : []));
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) evals.push(fed.word.value);
  return evals.some((e) => /\.(?:dropDatabase|drop)\s*\(|\.deleteMany\s*\(\s*\{\s*\}\s*\)|\.remove\s*\(\s*\{\s*\}\s*\)/.test(e))
    ? [finding(SQL, `${view.name} --eval drops a database or collection, or deletes every document.`)]
    : NONE;
}

const ENTRIES = new Map<string, Rule>([
  ...Object.keys(SQL_CLIENTS).map((n): [string, Rule] => [n, sqlClient]),
  ["mariadb", sqlClient],
  ["redis-cli", redis], ["valkey-cli", redis],
  ["dropdb", dropdb], ["mysqladmin", (view) => view.args.some((a) => /^drop$/i.test(a)) ? dropdb(view) : NONE],
  ["mongosh", mongo], ["mongo", mongo], ["bq", bq],
]);

export const databases: Pack = {
  name: "databases",
  description: "SQL with DROP, TRUNCATE or DELETE/UPDATE without WHERE (psql, mysql, sqlite3, ...), dropdb, redis FLUSHALL/FLUSHDB, mongo drops.",
  entries: ENTRIES,
  findings: {
    [SQL]: { entry: "psql, mysql, mariadb, sqlite3, sqlcmd, clickhouse, cockroach, duckdb, cqlsh, trino, presto, snowsql, spark-sql, hive, beeline, impala-shell, mycli, litecli, usql, influx, bq query, dropdb, mysqladmin, mongosh", description: "SQL that drops or truncates, DELETE/UPDATE without WHERE, dropdb, mongo drop/deleteMany({})." },
    "dangerous/redis-flush": { entry: "redis-cli, valkey-cli", description: "redis FLUSHALL or FLUSHDB." },
  },
};
