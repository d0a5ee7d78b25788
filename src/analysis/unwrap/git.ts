/**
 * git running shell code: `-c key=cmd`, `!` aliases, `submodule foreach`, `rebase --exec`, `bisect run`,
 * and the programs subcommands run (`clone --upload-pack`, `push --receive-pack`, `difftool -x`).
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values, type FlagSpec } from "../flags.js";
import { GIT_GLOBAL } from "../specs.js";
import { inheritFrom, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { commandWords, runString, wordsSource } from "./strings.js";

export const gitUnwrapper: Unwrapper = { name: "git", commands: ["git"], unwrap: (v, e) => gitStrings(v, e.at, e.span, e.nest, e.out) };

/** git config keys whose value is a shell command git runs (`!` aliases handled apart). */
const GIT_COMMAND_KEYS = /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|pager\..+|gpg(?:\.[a-z0-9]+)?\.program|interactive\.difffilter|sendemail\.(?:sendmailcmd|tocmd|cccmd|headercmd)|gpg\.ssh\.defaultkeycommand|(?:diff|merge)tool\..+\.cmd|filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|credential(?:\..+)?\.helper|uploadpack\.packobjectshook|remote\..+\.(?:receivepack|uploadpack)|(?:ssh|gpg)\.command)$/i;

/**
 * git runs shell code from: `-c key=cmd` for command-valued keys, `-c alias.x='!cmd'` aliases,
 * `submodule foreach CMD`, `rebase --exec CMD`, `bisect run CMD`. An alias without `!` is
 * another git command: `git -c alias.x='reset --hard' x` is `git reset --hard`.
 */
function gitStrings(view: CommandView, at: (w: Word) => [number, number], span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const g = parseFlags(view.args, GIT_GLOBAL, 1);
  const aliases = new Map<string, string>();
  // `git clone -c key=value` / `--config=key=value`: set in the new repository, used by the clone itself.
  const cloneConfig: string[] = [];
  const cloneAt = view.args[g.rest] === "clone" ? g.rest : -1;
  for (let k = cloneAt + 1; cloneAt > 0 && k < view.args.length; k++) {
    const a = view.args[k] as string;
    if ((a === "-c" || a === "--config") && view.args[k + 1] !== undefined) cloneConfig.push(view.args[++k] as string);
    else if (a.startsWith("--config=")) cloneConfig.push(a.slice(9));
  }
  for (const kv of [...values(g, "config"), ...cloneConfig]) {
    const eq = kv.indexOf("=");
    if (eq <= 0) continue;
    const key = kv.slice(0, eq);
    const value = kv.slice(eq + 1);
    const k = view.args.indexOf(kv);
    const w = (view.words[k] ?? view.words[0]) as Word;
    if (/^alias\./i.test(key)) aliases.set(key.slice(6), value);
    else if (GIT_COMMAND_KEYS.test(key) && value !== "") runString(view, { ...w, value: value.replace(/^!/, "") }, at(w), nest, out, `a command from ${key}`);
  }
  if (g.rest >= view.args.length) return;
  const sub = view.args[g.rest] as string;
  const rest = view.args.slice(g.rest + 1);
  const restWords = view.words.slice(g.rest + 1);
  const subWord = view.words[g.rest] as Word;
  const range = span(subWord, view.words[view.words.length - 1] as Word);
  const alias = aliases.get(sub);
  if (alias !== undefined) {
    const prefix = view.args.slice(0, g.rest).filter((_, k) => k === 0 || view.args[k - 1] !== "-c" && view.args[k] !== "-c");
    // The arguments after an alias keep their bounds (`sh -c 'f "$@"' f ARGS`).
    const args = restWords.length > 0 ? [wordsSource(restWords)] : [];
    nest(alias.startsWith("!") ? [alias.slice(1), ...args].join(" ") : [...prefix, alias, ...args].join(" "), range, inheritFrom(view));
    return;
  }
  if (sub === "submodule") {
    const f = rest.indexOf("foreach");
    if (f >= 0) {
      let k = f + 1;
      while (rest[k] === "--recursive" || rest[k] === "-q" || rest[k] === "--quiet") k++;
      if (k < rest.length) nest(commandWords(restWords.slice(k)), range, inheritFrom(view));
    }
  } else if (sub === "rebase") {
    for (let k = 0; k < rest.length; k++) {
      const a = rest[k] as string;
      const cmd = a === "-x" || a === "--exec" ? rest[k + 1] : a.startsWith("--exec=") ? a.slice(7) : a.startsWith("-x") && a.length > 2 ? a.slice(2) : undefined;
      if (cmd !== undefined) nest(cmd, range, inheritFrom(view));
    }
  } else if (sub === "bisect" && rest[0] === "run" && rest.length > 1) {
    nest(commandWords(restWords.slice(1)), range, inheritFrom(view));
  }
  const spec = SUB_COMMAND_OPTIONS[sub];
  if (spec !== undefined) {
    // git's parse-options takes unique prefixes of long options (`--exe` is --exec).
    for (const cmd of values(parseFlags(view.args, spec, g.rest + 1), "runs")) if (cmd !== "") nest(cmd, range, inheritFrom(view));
  }
}

/** Subcommands' options whose value is a program or command git runs through the shell. */
const SUB_COMMAND_OPTIONS: Readonly<Record<string, FlagSpec>> = {
  rebase: { shortValue: { x: "runs", s: "strategy", X: "strategy-option", C: "context" }, longValue: { exec: "runs", onto: "onto", strategy: "strategy", "strategy-option": "strategy-option", whitespace: "whitespace" } },
  clone: { shortValue: { u: "runs", o: "origin", b: "branch", c: "config", j: "jobs" }, longValue: { "upload-pack": "runs", origin: "origin", branch: "branch", config: "config", depth: "depth", reference: "reference", template: "template", "separate-git-dir": "separate-git-dir", jobs: "jobs", filter: "filter" } },
  fetch: { longValue: { "upload-pack": "runs", depth: "depth", deepen: "deepen", "shallow-since": "since", "shallow-exclude": "exclude", refmap: "refmap", jobs: "jobs" } },
  pull: { longValue: { "upload-pack": "runs", depth: "depth", strategy: "strategy", "strategy-option": "strategy-option" } },
  "ls-remote": { longValue: { "upload-pack": "runs", sort: "sort" } },
  "fetch-pack": { longValue: { "upload-pack": "runs", exec: "runs", depth: "depth" } },
  "send-pack": { longValue: { "receive-pack": "runs", exec: "runs", "push-option": "push-option", "force-with-lease": "lease" } },
  push: { longValue: { "receive-pack": "runs", exec: "runs", repo: "repo", "push-option": "push-option", "force-with-lease": "lease" } },
  archive: { shortValue: { o: "output" }, longValue: { exec: "runs", remote: "remote", format: "format", prefix: "prefix", output: "output" } },
  difftool: { shortValue: { x: "runs", t: "tool" }, longValue: { extcmd: "runs", tool: "tool" } },
  mergetool: { shortValue: { t: "tool" }, longValue: { tool: "tool" } },
};
