/**
 * Tools that hand their arguments, or an option's value, to a shell: `watch 'cmd'` (sh -c),
 * `ssh host 'cmd'` (the remote shell), `man -P 'cmd'` (the pager).
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { letters, names, parseFlags, values, type FlagSpec } from "../flags.js";
import { inheritFrom, type Nest, type UnwrapResult, type Unwrapper } from "./types.js";
import { commandWords, runString, valueWord } from "./strings.js";
import { WATCH_FLAGS } from "./wrappers.js";
import { SSH_FLAGS } from "./shell-flags.js";
import { ifValues } from "./unknown-options.js";
import { NPX_FLAGS } from "./tool-wrappers.js";

export const watchUnwrapper: Unwrapper = { name: "watch", commands: ["watch"], unwrap: (v, e) => watchString(v, e.span, e.nest) };
export const sshUnwrapper: Unwrapper = { name: "ssh", commands: ["ssh", "autossh"], unwrap: (v, e) => sshString(v, e.at, e.span, e.nest, e.out) };
/** `mosh [options] [--] host [--] cmd args`: the command runs on the host (an argv, not a string); `--ssh=CMD` runs here. */
export const moshUnwrapper: Unwrapper = { name: "mosh", commands: ["mosh"], unwrap: (v, e) => moshString(v, e.at, e.span, e.nest, e.out) };
/** `script --command='cmd'` and `-qc'cmd'`: attached, so not a wrapped word (wrappers.ts reads `-c cmd`). */
export const scriptUnwrapper: Unwrapper = { name: "script-command", commands: ["script"], unwrap: (v, e) => optionString(v, /^--comm?(?:a(?:n(?:d)?)?)?=([^]*)$|^-[a-zA-Z]*c([^]+)$/, e.at, e.nest, e.out) };
/** `npx -c 'cmd'`, `npm exec --call='cmd'`: the string runs in a shell with the packages' bins on PATH. */
export const npmCallUnwrapper: Unwrapper = {
  name: "npm-call",
  commands: ["npx", "npm"],
  unwrap: (v, e) => {
    scriptShell(v, e.at, e.nest, e.out);
    let from = 1;
    if (v.name === "npm") {
      from = v.args.findIndex((a, k) => k > 0 && !a.startsWith("-")) + 1;
      if (from <= 0 || !["exec", "x"].includes(v.args[from - 1] as string)) return;
    }
    // npx's own options end at the package's command: `npx eslint -c cfg` is eslint's -c.
    for (const cmd of values(parseFlags(v.args, NPX_FLAGS, from), "call")) {
      const w = valueWord(v, cmd);
      if (w !== null) runString(v, { ...w, value: cmd }, e.at(w), e.nest, e.out, "a command string (--call)");
    }
  },
};
/** `--script-shell=prog` (any npm command, before `--`): the program every script runs through. */
function scriptShell(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (a === "--") return;
    if (a !== "--script-shell" && !a.startsWith("--script-shell=")) continue;
    const w = a.includes("=") ? valueWord(view, a.slice(a.indexOf("=") + 1)) : view.words[k + 1];
    if (w !== null && w !== undefined) runString(view, w, at(w), nest, out, "the shell scripts run through (--script-shell)");
  }
}

/** `doppler run --command 'cmd'`, `infisical run --command='cmd'`: the string runs in a shell with the secrets set. */
export const secretsCommandUnwrapper: Unwrapper = {
  name: "secrets-command",
  commands: ["doppler", "infisical"],
  unwrap: (v, e) => {
    if (v.args.findIndex((a, k) => k > 0 && !a.startsWith("-")) !== v.args.indexOf("run")) return;
    optionString(v, /^--command(?:=([^]*))?$/, e.at, e.nest, e.out);
  },
};

export const manUnwrapper: Unwrapper = { name: "man-pager", commands: ["man"], unwrap: (v, e) => optionString(v, /^-P(.*)$|^--pager(?:=(.*))?$/, e.at, e.nest, e.out) };

/** `watch 'cmd args'` runs its arguments through `sh -c`. */
function watchString(view: CommandView, span: (a: Word, b: Word) => [number, number], nest: Nest): void {
  const p = parseFlags(view.args, WATCH_FLAGS, 1);
  if (p.rest >= view.args.length) return;
  // An option the table does not know may have taken the first word: the string may start after it.
  const later = ifValues(view.args, p, WATCH_FLAGS);
  const from = later !== null && later.rest < view.args.length ? [p.rest, later.rest] : [p.rest];
  for (const k of from) nest(view.args.slice(k).join(" "), span(view.words[k] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
}

/** A command string given as an option's value (`man -P 'cmd'`, `--pager=cmd`), run through a shell. */
export function optionString(view: CommandView, option: RegExp, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  for (let k = 1; k < view.args.length; k++) {
    const m = option.exec(view.args[k] as string);
    if (m === null) continue;
    const attached = m[1] || m[2];
    const w = attached ? valueWord(view, attached) : view.words[k + 1] ?? null;
    if (w !== null && w !== undefined) runString(view, w, at(w), nest, out, "a command string");
  }
}

/** `ssh host 'cmd'`: the words after the host are joined and run by the remote shell. */
function sshString(view: CommandView, at: (w: Word) => [number, number], span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  // autossh takes ssh's options, but for its own `-M PORT` (ssh's -M takes none).
  const spec = view.name === "autossh" ? AUTOSSH_FLAGS : SSH_FLAGS;
  const p = parseFlags(view.args, spec, 1);
  // ssh reads options after the host too (`ssh host -t cmd`); the command starts after them.
  const after = p.rest < view.args.length ? parseFlags(view.args, spec, p.rest + 1) : null;
  const cmd = after !== null ? after.rest : view.args.length;
  sshOptions(view, after !== null ? [...values(p, "o"), ...values(after, "o")] : values(p, "o"), at, nest, out);
  if (cmd >= view.args.length) return;
  nest(view.args.slice(cmd).join(" "), span(view.words[cmd] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
}

const AUTOSSH_FLAGS: FlagSpec = { ...SSH_FLAGS, short: Object.fromEntries(Object.entries(SSH_FLAGS.short ?? {}).filter(([k]) => k !== "M")), shortValue: { ...SSH_FLAGS.shortValue, M: "monitor" } };

const MOSH_FLAGS: FlagSpec = {
  short: letters("46an"),
  shortValue: { p: "port" },
  long: names("no-init", "local", "no-ssh-pty", "fast-local", "help", "version"),
  longValue: names("ssh", "server", "client", "predict", "predict-overwrite", "family", "port", "bind-server", "experimental-remote-ip"),
  stopAtOperand: true,
};

function moshString(view: CommandView, at: (w: Word) => [number, number], span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const args = view.args;
  const p = parseFlags(args, MOSH_FLAGS, 1);
  // `--ssh='ssh -p 2222'` runs here; `--server=CMD` runs on the host, through ssh: both shell code.
  for (const value of [...values(p, "ssh"), ...values(p, "server")]) {
    const w = valueWord(view, value);
    if (w !== null) runString(view, { ...w, value }, at(w), nest, out, "a command mosh runs (--ssh, --server)");
  }
  let host = p.rest;
  if (args[host] === "--") host++;
  const cmd = args[host + 1] === "--" ? host + 2 : host + 1;
  if (cmd >= args.length) return;
  // mosh-server runs the words as an argv (no remote shell joins them, unlike ssh).
  nest(commandWords(view.words.slice(cmd)), span(view.words[cmd] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
}

/** ssh options whose value is a command ssh runs locally (or, RemoteCommand, on the host). */
export const SSH_COMMAND_OPTION = /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*(?:=\s*|\s+)([^]*)$/i;

/** `-o ProxyCommand='cmd'` (ssh, scp, sftp, and `-o 'ProxyCommand cmd'`): the value is shell code. */
export function sshOptions(view: CommandView, options: readonly string[], at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  for (const o of options) {
    const m = SSH_COMMAND_OPTION.exec(o);
    const cmd = m?.[1];
    if (cmd === undefined || cmd === "" || /^none$/i.test(cmd)) continue;
    const w = valueWord(view, o);
    if (w !== null) runString(view, { ...w, value: cmd, dynamic: null }, at(w), nest, out, "a command from an ssh option");
  }
}
