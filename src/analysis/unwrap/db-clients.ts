/**
 * Database clients' own ways of running a shell command, in the text they run (`-c`/`-e`, a
 * heredoc, a here-string, what a printer pipes in): psql `\! cmd`, `\o |cmd`, `\g |cmd`,
 * `\copy … from program 'cmd'` and backticks in a meta-command; mysql `system cmd`, `\! cmd`,
 * `pager cmd` and `--pager=cmd`; sqlite3 and duckdb `.shell`/`.system` (any prefix of two letters
 * or more: sqlite3 takes `.sh`), `.output |cmd`, `.once |cmd`, `.read '|cmd'`, `.read |cmd` (one word unquoted), `.import '|cmd'`
 * and `edit(text, 'cmd')`. Each command is parsed as shell code.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values } from "../flags.js";
import { SQL_CLIENTS } from "../sql-clients.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { fedText } from "./printed.js";
import { valueWord } from "./strings.js";

type Dialect = "psql" | "mysql" | "dot";

/** Per dialect, patterns whose first group is a shell command (matched per line). */
const ESCAPES: Readonly<Record<Dialect, readonly RegExp[]>> = {
  psql: [/^\s*\\!\s*(\S[^\n]*)$/, /^\s*\\(?:o|out|g|gx)\s+\|\s*([^\n]+)$/, /\\copy\b[^\n]*?\bprogram\s+'([^']*)'/i, /^\s*\\[a-z]+\b[^\n`]*`([^`]+)`/],
  mysql: [/^\s*(?:system|\\!)\s+([^\n;]+)/i, /^\s*(?:pager|\\P)\s+([^\n;]+)/i],
  dot: [/^\s*\.(?:sh(?:e(?:ll?)?)?|sy(?:s(?:t(?:em?)?)?)?)\s+([^\n]+)$/, /^\s*\.(?:output|once)\s+(?:-\w+\s+)*['"]?\|\s*([^'"\n]+)['"]?\s*$/, /^\s*\.(?:read|import)\s+['"]\|\s*([^'"\n]+)['"]/, /^\s*\.rea(?:d)?\s+\|(\S+)\s*$/, /^\s*\.import\s+(?:--?\w+\s+)*\|(\S+)\s/, /\bedit\s*\([^,)]*,\s*'([^']*)'\s*\)/i],
};

/**
 * The escapes that pipe the client's output into the command (`\o |cmd`, `pager cmd`, `.once
 * |cmd`): a shell there runs the query's output (`.once |sh` then `select 'rm -rf ~'`).
 */
const FED: ReadonlySet<RegExp> = new Set([ESCAPES.psql[1], ESCAPES.mysql[1], ESCAPES.dot[1]] as RegExp[]);

/** The shell commands `text` runs in `dialect` (one fed the client's output is written `cat | cmd`, as it runs). */
export function clientEscapes(dialect: Dialect, text: string): string[] {
  const out: string[] = [];
  if (!/[\\.!`]|system|pager|edit/i.test(text)) return out;
  for (const line of text.split(/\n|;(?=\s*[.\\])/)) {
    for (const re of ESCAPES[dialect]) {
      const m = re.exec(line);
      const cmd = m === null ? "" : (m[1] as string).trim();
      if (cmd !== "") out.push(FED.has(re) ? `cat | ${cmd}` : cmd);
    }
  }
  return out;
}

export const dbClientUnwrapper: Unwrapper = {
  name: "db-client-escapes",
  commands: ["psql", "mysql", "mariadb", "duckdb"],
  unwrap: (v, e) => clientCommands(v, e),
  piped: (v, e) => networkScript(v, e),
};

/** Programs whose output comes from the network. */
const FETCHERS: ReadonlySet<string> = new Set(["curl", "wget", "http", "https", "xh", "nc", "ncat", "netcat", "socat", "aria2c"]);

/**
 * `curl -s URL | psql db`: a script from the network, whose `\!` (psql) or `system` (mysql) lines
 * run shell commands, unseen. A dump piped in from the line's own tools (`pg_dump a | psql b`,
 * `gunzip -c d.gz | mysql`) is the user's data and stays quiet.
 */
function networkScript(view: CommandView, env: Env): void {
  const sc = view.sc;
  if (sc.stage <= 0 || view.args.some((a) => /^-[a-zA-Z]*[ce]$|^--(?:command|execute)/.test(a))) return;
  const fetched = view.facts.commands.some((c) => c.pipeline === sc.pipeline && c.stage >= 0 && c.stage < sc.stage && FETCHERS.has(c.argv[0]?.value ?? ""));
  if (!fetched) return;
  const r = env.at(view.words[0] as Word);
  env.out.findings.push({ id: "shell/pipe-to-shell", message: `Piping a download into ${view.name} runs its script unseen, and its ${view.name === "psql" ? "\\!" : "system"} lines run shell commands; download it, read it, then run it.`, start: r[0], end: r[1] });
}

function clientCommands(view: CommandView, env: Env): void {
  const dialect: Dialect = view.name === "psql" ? "psql" : view.name === "duckdb" ? "dot" : "mysql";
  const client = SQL_CLIENTS[view.name === "mariadb" ? "mysql" : view.name] as (typeof SQL_CLIENTS)[string];
  const p = parseFlags(view.args, client.spec, 1);
  const texts: Array<[string, Word]> = [];
  const first = view.words[0] as Word;
  for (const s of values(p, "sql")) texts.push([s, valueWord(view, s) ?? first]);
  if (client.sqlOperands !== undefined) for (const k of p.operands.slice(client.sqlOperands)) texts.push([view.args[k] as string, view.words[k] as Word]);
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) texts.push([fed.word.value, fed.word]);
  for (const [text, w] of texts) for (const cmd of clientEscapes(dialect, text)) env.nest(cmd, env.at(w), inheritFrom(view));
  // `mysql --pager='cmd'`: every result is piped through it.
  for (const pager of values(p, "pager")) env.nest(pager, env.at(valueWord(view, pager) ?? first), inheritFrom(view));
}
