/**
 * Shared fixtures for the analysis tests: the real analyze() over real parses (the reference
 * extractor, passed explicitly), with the built-in sensitive lists and a fixed cwd and home.
 * Kept free of vitest imports (it is compiled with src/): a table row is verified by `verify`,
 * which throws with both id lists on a mismatch.
 */

import { extractFactsReference } from "../facts/reference.js";
import { DEFAULT_SENSITIVE_DIRECTORIES, DEFAULT_SENSITIVE_FILES } from "../config/defaults.js";
import { analyze } from "./analyze.js";
import type { Analysis, AnalysisOptions } from "./types.js";

export const HOME = "/home/u";
export const CWD = "/home/u/proj";

export function options(guard = false, extra: Partial<AnalysisOptions> = {}): AnalysisOptions {
  return {
    guard,
    cwd: CWD,
    home: HOME,
    workingDirectories: [],
    sensitiveFiles: DEFAULT_SENSITIVE_FILES,
    sensitiveDirectories: DEFAULT_SENSITIVE_DIRECTORIES,
    gitPack: true,
    ...extra,
  };
}

const DEFAULT_OPTIONS = options(false);
const GUARD_OPTIONS = options(true);

export function run(cmd: string, guard = false): Analysis {
  return analyze(cmd, guard ? GUARD_OPTIONS : DEFAULT_OPTIONS, extractFactsReference);
}

/** The distinct finding ids of a command, sorted. */
export function ids(cmd: string, guard = false): string[] {
  return [...new Set(run(cmd, guard).findings.map((f) => f.id))].sort();
}

/**
 * One table row: the input and the finding ids expected. `has` rows pass when every listed id
 * is among the findings (other checks may add their own); `exact` rows when the ids are exactly
 * these (`[]`: clean). `guard` runs it in guard mode.
 */
export type Row =
  | readonly [cmd: string, expected: readonly string[]]
  | readonly [cmd: string, expected: readonly string[], how: "exact" | "has" | "none", guard?: boolean];

/**
 * Checks one row; throws on a mismatch. Default matching is `has` for a non-empty list and
 * `exact` for `[]`. With `prefix`, an `exact` row only looks at ids starting with it (the check's
 * own), so `[]` means "this check says nothing"; `none` means no check says anything at all.
 */
export function verify(row: Row, prefix?: string): void {
  const [cmd, expected, how, guard] = row;
  const all = ids(cmd, guard === true);
  const mine = prefix === undefined ? all : all.filter((id) => id.startsWith(prefix));
  const mode = how ?? (expected.length === 0 ? "exact" : "has");
  const want = [...expected].sort();
  const ok = mode === "none" ? all.length === 0
    : mode === "exact" ? sameList(mine, want)
    : want.every((id) => all.includes(id));
  if (!ok) throw new Error(`${JSON.stringify(cmd)}${guard === true ? " (guard)" : ""}: expected ${mode} ${JSON.stringify(want)}, got ${JSON.stringify(all)}`);
}

/** Rows as `it.each` wants them: the command as the title. */
export function cases(rows: readonly Row[]): Array<[string, Row]> {
  return rows.map((r) => [r[0].length > 100 ? r[0].slice(0, 50) + " ... " + r[0].slice(-40) : r[0], r]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Every spelling of a command name that must still name it (for `name` = rm: `'rm'`, `\rm`, ...). */
export function nameSpellings(name: string): string[] {
  const hex = [...name].map((c) => "\\x" + c.charCodeAt(0).toString(16)).join("");
  const oct = [...name].map((c) => "\\" + c.charCodeAt(0).toString(8)).join("");
  const mid = Math.max(1, Math.floor(name.length / 2));
  return [
    name,
    `'${name}'`,
    `"${name}"`,
    `\\${name}`,
    `${name.slice(0, mid)}\\${name.slice(mid)}`,
    `${name.slice(0, mid)}''${name.slice(mid)}`,
    `${name.slice(0, mid)}""${name.slice(mid)}`,
    `$'${hex}'`,
    `$'${oct}'`,
    `/bin/${name}`,
    `/usr/bin/${name}`,
    `//bin//${name}`,
    `/usr/local/bin/${name}`,
    `./${name}`,
    `bin/${name}`,
  ];
}

/** Wrappers the inner command must be seen through; `%` is the inner command. */
export const WRAPPERS: readonly string[] = [
  "sudo %",
  "sudo -u x %",
  "sudo -E %",
  "sudo -- %",
  "sudo -u x -E -- %",
  "sudo -iu root %",
  "doas %",
  "doas -u root %",
  "env %",
  "env A=1 B=2 %",
  "env -i %",
  "env -i PATH=/bin %",
  "env -u X %",
  "env -- %",
  "command %",
  "command -p %",
  "builtin %",
  "exec %",
  "exec -a name %",
  "nice %",
  "nice -n 5 %",
  "nice -5 %",
  "nohup %",
  "time %",
  "time -p %",
  "timeout 5 %",
  "timeout -s KILL 5 %",
  "timeout --signal=KILL -k 1 5s %",
  "stdbuf -o0 %",
  "stdbuf -oL -eL %",
  "ionice -c3 %",
  "ionice -c 2 -n 7 %",
  "setsid %",
  "setsid -f %",
  "busybox %",
  "xargs %",
  "xargs -0 %",
  "xargs -n 1 -P 4 %",
  "xargs -I{} %",
  "chrt -i 0 %",
  "taskset -c 1 %",
  "flock /tmp/l %",
  "pkexec %",
  "runuser -u x -- %",
  "unbuffer %",
  "sudo env A=1 nice -n 5 timeout 5 %",
  "nohup sudo -u x env -i %",
  "A=1 sudo %",
];

/** Places a dangerous command can hide: `%` is the command. */
export const CONTEXTS: readonly string[] = [
  "%",
  "true && %",
  "false || %",
  "true; %",
  "% & wait",
  "echo hi | %",
  "% | cat",
  "( % )",
  "{ %; }",
  "for i in 1 2; do %; done",
  "while true; do %; break; done",
  "until false; do %; done",
  "if true; then %; fi",
  "if false; then :; else %; fi",
  "case x in x) %;; esac",
  "f() { %; }; f",
  "function g { %; }",
  "echo $(%)",
  "echo `%`",
  "cat <(%)",
  "x=$(%)",
  "echo ok\n%",
  "# just a comment\n%",
  Array.from({ length: 60 }, (_, i) => `echo ${i}`).join("; ") + "; %",
  Array.from({ length: 60 }, (_, i) => `ls -l d${i}`).join("\n") + "\n%",
  "! %",
  "time %",
  "[ -d x ] && %",
];

/** `'...'` quoting (a `'` inside becomes `'\''`). */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `"..."` quoting (`\ " $ \`` escaped). */
export function dq(s: string): string {
  return `"${s.replace(/[\\"$`]/g, (c) => "\\" + c)}"`;
}

/** `$'...'` with every character as a `\xHH` escape. */
export function ansiC(s: string): string {
  return `$'${[...s].map((c) => "\\x" + c.charCodeAt(0).toString(16).padStart(2, "0")).join("")}'`;
}

/** Ways to hand a command to another shell as a string. */
export const SHELL_STRINGS: ReadonlyArray<(c: string) => string> = [
  (c) => `bash -c ${shq(c)}`,
  (c) => `sh -c ${dq(c)}`,
  (c) => `zsh -c ${shq(c)}`,
  (c) => `dash -c ${shq(c)} arg0`,
  (c) => `bash -lc ${shq(c)}`,
  (c) => `bash -e -x -c ${shq(c)}`,
  (c) => `bash -o pipefail -c ${shq(c)}`,
  (c) => `/bin/bash -c ${shq(c)}`,
  (c) => `bash -c ${ansiC(c)}`,
  (c) => `sh -c ${ansiC(c)}`,
  (c) => `bash -c ${dq("bash -c " + shq(c))}`,
  (c) => `sh -c ${shq("sh -c " + shq("bash -c " + shq(c)))}`,
  (c) => `bash <<'EOF'\n${c}\nEOF`,
  (c) => `bash <<EOF\n${c}\nEOF`,
  (c) => `sh <<< ${shq(c)}`,
  (c) => `eval ${shq(c)}`,
  (c) => `eval ${c}`,
  (c) => `su -c ${shq(c)}`,
  (c) => `su - root -c ${shq(c)}`,
  (c) => `sudo sh -c ${shq(c)}`,
  (c) => `sudo -s ${shq(c)}`,
  (c) => `find . -maxdepth 0 -exec sh -c ${shq(c)} \\;`,
  (c) => `echo x | xargs -I{} bash -c ${shq(c)}`,
  (c) => `trap ${shq(c)} EXIT`,
  (c) => `alias ll=${shq(c)}`,
  (c) => `watch ${shq(c)}`,
  (c) => `ssh host ${shq(c)}`,
  (c) => `flock /tmp/lock -c ${shq(c)}`,
  (c) => `script -qc ${shq(c)} /dev/null`,
  (c) => `git -c alias.x=${shq("!" + c)} x`,
  (c) => `echo "\${x:-\`${c}\`}"`,
  (c) => `cat <<EOF\n\`${c}\`\nEOF`,
];

/**
 * Every disguise of `cmd` an attacker might try: its name spelled differently, behind each
 * wrapper, in each context (guard mode: the construct alone is no finding there), and handed to
 * a shell as a string. Each row expects `expected` among the findings.
 */
export function disguises(cmd: string, expected: readonly string[]): Row[] {
  const space = cmd.indexOf(" ");
  const name = space < 0 ? cmd : cmd.slice(0, space);
  const rest = space < 0 ? "" : cmd.slice(space);
  const rows: Row[] = [];
  for (const n of nameSpellings(name)) rows.push([n + rest, expected, "has"]);
  for (const w of WRAPPERS) rows.push([w.replace("%", cmd), expected, "has"]);
  for (const c of CONTEXTS) rows.push([c.replace("%", cmd), expected, "has", true]);
  for (const s of SHELL_STRINGS) rows.push([s(cmd), expected, "has", true]);
  return rows;
}

/** A read-only table row: the input, whether the whole line is read-only, and guard mode. */
export type ReadOnlyRow = readonly [cmd: string, readOnly: boolean, guard?: boolean];

export function verifyReadOnly(row: ReadOnlyRow): void {
  const [cmd, expected, guard] = row;
  const a = run(cmd, guard === true);
  if (a.readOnly !== expected) {
    const detail = a.commands.map((c) => `${c.forms[c.forms.length - 1] ?? ""}:${c.readOnly}`).join(", ");
    throw new Error(`${JSON.stringify(cmd)}${guard === true ? " (guard)" : ""}: expected readOnly ${expected}, got ${a.readOnly} [${detail}] findings ${JSON.stringify(a.findings.map((f) => f.id))}`);
  }
}
