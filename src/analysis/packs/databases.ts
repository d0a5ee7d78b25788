/**
 * The databases pack: SQL handed to a client on the command line (psql -c, mysql -e, sqlite3
 * DB 'SQL', a heredoc or here-string on stdin) read enough to find DROP, TRUNCATE, and DELETE or
 * UPDATE without WHERE; redis FLUSHALL/FLUSHDB; dropdb; mongo's dropDatabase.
 */

import type { CommandView } from "../command.js";
import { names, parseFlags, values, type FlagSpec } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";
import { fedText } from "../unwrap/printed.js";
import { SQL_CLIENTS } from "../sql-clients.js";

const SQL = "dangerous/sql-destructive";
const KV = "dangerous/redis-flush";

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

/**
 * PostgreSQL's `COPY … TO|FROM PROGRAM 'cmd'`: the server runs `cmd` through its shell, on the
 * database host, as the server's user. (psql's own `\copy … program` runs it here, and is read as
 * a command where the client's escapes are unwrapped.)
 */
export function copyProgram(sql: string): boolean {
  const text = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"/g, (m) => (m.startsWith("'") ? "'x'" : " "));
  return text.split(";").some((st) => /^\s*copy\b[\s\S]*\b(?:to|from)\s+program\s+(?:e?'|\$)/i.test(st));
}

/** The finding for the first destructive statement among `texts` that `runner` runs, if any. */
function sqlFinding(runner: string, texts: readonly string[]) {
  for (const t of texts) {
    if (copyProgram(t)) return [finding(SQL, `${runner} runs COPY … PROGRAM: the database server runs that shell command on its host, unseen; it can delete or send anything the server's user can.`)];
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

/**
 * Key-value stores' keys deleted by the range or the tree: `etcdctl del --prefix ''` (every key),
 * `etcdctl del --from-key ''`, `etcdctl del a z` (a range); etcd v2's `rm -r`.
 */
const ETCDCTL: FlagSpec = {
  short: { r: "recursive" },
  shortValue: { w: "write-out", d: "discovery-srv" },
  long: names("prefix", "from-key", "prev-kv", "range", "recursive", "insecure-transport", "insecure-skip-tls-verify", "insecure-discovery", "debug", "hex", "keepalive-timeout-disable", "help"),
  longValue: names("endpoints", "cacert", "cert", "key", "user", "password", "dial-timeout", "command-timeout", "keepalive-time", "keepalive-timeout", "write-out", "discovery-srv", "discovery-srv-name",
    "auth-jwt-token", "max-request-bytes", "max-recv-bytes", "peers", "ca-file", "cert-file", "key-file", "username", "timeout", "total-timeout"),
};

const on = (p: ReturnType<typeof parseFlags>, name: string): boolean => values(p, name).some((v) => !/^(?:0|f|false)$/i.test(v));

function etcdctl(view: CommandView) {
  const p = parseFlags(view.args, ETCDCTL, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  if (on(p, "help")) return NONE;
  const wide = ops[0] === "del" && (on(p, "prefix") || on(p, "from-key") || ops.length >= 3) || /^(?:rm|rmdir)$/.test(ops[0] ?? "") && on(p, "recursive");
  return wide ? [finding(KV, `etcdctl ${ops[0]} deletes every key ${ops[1] === "" || ops[1] === undefined ? "of the store" : `under ${ops[1]}`} (a Kubernetes cluster's whole state lives there); there is no undo.`)] : NONE;
}

/** `consul kv delete -recurse [prefix]`: every key under the prefix (with none or '', every key). Go flags: one dash or two, `=value`. */
function consul(view: CommandView) {
  const words = plain(view.args);
  const recurse = view.args.some((a) => /^--?recurse(?:=(?!(?:0|f|false)$).*)?$/i.test(a));
  return words[0] === "kv" && words[1] === "delete" && recurse ? [finding(KV, "consul kv delete -recurse deletes every key under the prefix; there is no undo.")] : NONE;
}

/** vault: a secrets engine unmounted (`secrets disable`: all its secrets go), every version of a secret destroyed (`kv metadata delete`, `kv destroy`). */
function vault(view: CommandView) {
  const w = plain(view.args).slice(0, 3).join(" ");
  const what = /^secrets disable\b/.test(w) ? "unmounts the secrets engine and deletes every secret in it"
    : /^kv metadata delete\b/.test(w) ? "deletes every version of the secret and its metadata"
    : /^kv destroy\b/.test(w) ? "destroys the secret's versions for good" : null;
  return what === null || view.args.some((a) => /^--?h(?:elp)?$/.test(a)) ? NONE : [finding(KV, `vault ${w.split(" ").slice(0, w.startsWith("kv metadata") ? 3 : 2).join(" ")} ${what}; there is no undo.`)];
}

/** The plain words after the command name (Go-style tools: the subcommand comes first, its flags after). */
const plain = (args: readonly string[]): string[] => args.slice(1).filter((a) => !a.startsWith("-"));

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
  ["etcdctl", etcdctl], ["consul", consul], ["vault", vault],
]);

export const databases: Pack = {
  name: "databases",
  description: "SQL with DROP, TRUNCATE or DELETE/UPDATE without WHERE (psql, mysql, sqlite3, ...), dropdb, redis FLUSHALL/FLUSHDB, mongo drops.",
  entries: ENTRIES,
  findings: {
    [SQL]: { entry: "psql, mysql, mariadb, sqlite3, sqlcmd, clickhouse, cockroach, duckdb, cqlsh, trino, presto, snowsql, spark-sql, hive, beeline, impala-shell, mycli, litecli, usql, influx, bq query, dropdb, mysqladmin, mongosh", description: "SQL that drops or truncates, DELETE/UPDATE without WHERE, COPY … PROGRAM, dropdb, mongo drop/deleteMany({})." },
    [KV]: { entry: "redis-cli, valkey-cli, etcdctl del, consul kv delete, vault secrets disable, vault kv metadata delete", description: "redis FLUSHALL or FLUSHDB; a key-value store's keys deleted by prefix or range (etcdctl del --prefix, consul kv delete -recurse); vault secrets disable, kv metadata delete, kv destroy." },
  },
};
