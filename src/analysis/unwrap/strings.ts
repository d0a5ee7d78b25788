/** Running a string as shell code: what every family that hands a string to a shell shares. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { inheritFrom, type Nest, type UnwrapResult } from "./types.js";

/** The whole word is one run-time value (`"$X"`, `"$(curl ...)"`): nothing of it can be seen. */
export function wholeDynamic(w: Word): boolean {
  const d = w.dynamic;
  return d !== null && d.length === 1 && (d[0] as [number, number])[0] === 0 && (d[0] as [number, number])[1] === w.value.length;
}

/** `w.value` with each run-time part (`$X`, `$(cmd)`) replaced by `fill(its text)`. */
export function replaceDynamic(w: Word, fill: (text: string) => string): string {
  if (w.dynamic === null) return w.value;
  let out = "";
  let from = 0;
  for (const [s, e] of w.dynamic) {
    out += w.value.slice(from, s) + fill(w.value.slice(s, e));
    from = e;
  }
  return out + w.value.slice(from);
}

/** Parse `w` as shell code run by `view`; a string known only at run time is a finding instead. */
export function runString(view: CommandView, w: Word, range: [number, number], nest: Nest, out: UnwrapResult, what: string, positional?: readonly Word[]): boolean {
  if (wholeDynamic(w)) {
    out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs ${what} that is only known at run time ('${w.value}'); it cannot be checked. Save it to a file and read it first.`, start: range[0], end: range[1] });
    return false;
  }
  const inherit = inheritFrom(view);
  if (positional !== undefined && positional.length > 0) inherit.positional = positional.map((p) => view.facts.source.slice(p.start, p.end));
  nest(w.value, range, inherit);
  return true;
}

/** The word holding an option's value `v` (`-c v`, `-cv`, `--command=v`), trimmed to the value. */
export function valueWord(view: CommandView, v: string): Word | null {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (w.value === v && k > 1 && (view.args[k - 1] as string).startsWith("-")) return w;
  }
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (!w.value.startsWith("-") || !w.value.endsWith(v) || w.value.length === v.length) continue;
    const cut = w.value.length - v.length;
    const spans = w.dynamic?.filter(([s]) => s >= cut).map(([s, e]): [number, number] => [s - cut, e - cut]) ?? [];
    return { ...w, value: v, dynamic: spans.length > 0 ? spans : null };
  }
  return null;
}

/** `w` from character `offset` on (`--rcfile=<(…)` → `<(…)`), its run-time parts kept. */
export function wordFrom(w: Word, offset: number): Word {
  if (offset === 0) return w;
  const spans = w.dynamic?.filter(([s]) => s >= offset).map(([s, e]): [number, number] => [s - offset, e - offset]) ?? [];
  return { ...w, value: w.value.slice(offset), dynamic: spans.length > 0 ? spans : null };
}

/** A descriptor made at run time: `<(cmd)` (as bash passes it, or spelled out as /dev/fd/N). */
const FD_PATH = /^\/(?:dev|proc\/self|proc\/thread-self)\/fd\/(?:[3-9]|\d\d+)$/;

/** A file that is a stream made at run time: `<(curl …)`, `/dev/fd/63`. */
export function madeAtRunTime(w: Word): boolean {
  if (FD_PATH.test(w.value)) return true;
  const d = w.dynamic;
  return d !== null && d.length === 1 && (d[0] as [number, number])[0] === 0 && (d[0] as [number, number])[1] === w.value.length && w.value.startsWith("<(");
}

/** A word as shell source that reads back as it (`rm`, `'a b'`, `'it'\''s'`). */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** Text as a shell word fragment that reads back as exactly it: no tilde or glob is left bare; "" for "". */
export function literalText(s: string): string {
  return s === "" ? "" : /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** A glob pattern as a shell word fragment that globs the same: its wildcards bare, the rest literal. */
export function globText(pattern: string): string {
  return pattern.split(/([*?[\]])/).map((x, i) => (i % 2 === 1 ? x : literalText(x))).join("");
}

/**
 * What git (and tools like it) runs for `CMD ARGS...`: one word is a shell string (`git bisect run
 * 'make && ./t'`), several are an argv whose words keep their bounds (`bisect run sh -c 'rm -rf ~'`).
 */
export function commandWords(words: readonly Word[]): string {
  return words.length === 1 ? (words[0] as Word).value : wordsSource(words);
}

/** Words as shell source that reads back as the same words. */
export function wordsSource(words: readonly Word[]): string {
  return words.map(wordSource).join(" ");
}

/** Unquoted glob characters stay unquoted: `*` in `rm -rf *` is still a glob. */
const SAFE_GLOB = /^[\w@%+=:,./~*?[\]-]+$/;

/** A word as shell source that reads back as one word: literal parts quoted, run-time parts (`$X`, `$(…)`) kept in double quotes. */
function wordSource(w: Word): string {
  const lit = (t: string): string => (t === "" ? "" : w.glob && SAFE_GLOB.test(t) ? t : shellQuote(t));
  if (w.dynamic === null) return w.value === "" ? "''" : lit(w.value);
  let out = "";
  let from = 0;
  for (const [s, e] of w.dynamic) {
    out += lit(w.value.slice(from, s)) + `"${w.value.slice(s, e)}"`;
    from = e;
  }
  return out + lit(w.value.slice(from));
}

/** Script files that are the command's stdin. */
const STDIN_PATHS: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0"]);

/** A script path that is the command's stdin, however spelled (`/dev//stdin`, `/dev/./fd/0`). */
export function isStdinPath(path: string | undefined): boolean {
  if (path === undefined) return false;
  if (STDIN_PATHS.has(path)) return true;
  if (!path.startsWith("/") || !/\/\/|\/\.(?:\/|$)|\/$/.test(path)) return false;
  return STDIN_PATHS.has(path.replace(/\/(?:\.?\/)+/g, "/").replace(/\/\.?$/, ""));
}

/** A shell (or `source`) reading its script from stdin: parse a heredoc or herestring fed to it. */
export function stdinScript(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): boolean {
  let fed = false;
  for (const r of view.redirects) {
    const body = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (body !== null) {
      fed = runString(view, body, at(body), nest, out, "a script") || fed;
    } else if (r.op === "<" && r.target !== null && /^\/dev\/(?:tcp|udp)\//.test(r.target.value)) {
      out.findings.push({ id: "shell/reverse-shell", message: `${view.name} reads its script from the network ('${r.target.value}'): whoever is at the other end runs commands here.`, start: at(r.target)[0], end: at(r.target)[1] });
    } else if (r.op === "<" && r.target?.dynamic) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} reads its script from '${r.target.value}', which cannot be seen before it runs.`, start: at(r.target)[0], end: at(r.target)[1] });
    }
  }
  return fed;
}
