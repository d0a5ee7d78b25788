/**
 * Commands hidden in a tool's settings or in options that name a program: Mercurial's
 * `--config hooks.X=cmd` (and ui.ssh, pager, editor, merge tools, shell aliases, extensions),
 * `hg clone -e cmd`; apt's `-o APT::Update::Pre-Invoke::=cmd` and the other Invoke hooks;
 * dpkg's `--pre-invoke`/`--post-invoke`/`--status-logger`; Subversion's tunnels and helper
 * commands; rpm's `%(cmd)` macros in `--eval`/`--define` and `--pipe cmd`; tcpdump's `-z`; and
 * the shell an `ansible` ad-hoc command runs (`-m shell -a cmd`, the default `command` module,
 * `-m file -a 'path=… state=absent'`). Each command is parsed like `sh -c`; code in another
 * language (a `python:` hook, an extension file, `%{lua:…}`) is unseen code.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values, type FlagSpec } from "../flags.js";
import type { Env, Unwrapper } from "./types.js";
import { runString, shellQuote, valueWord } from "./strings.js";

/** Each value of an option spelled `name VALUE`, `name=VALUE` or (short) `-xVALUE`, with its word. */
function optionValues(view: CommandView, long: readonly string[], short: readonly string[] = []): Word[] {
  const out: Word[] = [];
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (a === "--") break;
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (long.includes(name) || short.includes(name)) {
      if (eq > 0) out.push(valueWord(view, a.slice(eq + 1)) ?? (view.words[k] as Word));
      else if (k + 1 < view.words.length) out.push(view.words[++k] as Word);
    } else for (const s of short) if (a.startsWith(s) && a.length > s.length && eq < 0) out.push(valueWord(view, a.slice(s.length)) ?? (view.words[k] as Word));
  }
  return out;
}

function opaque(view: CommandView, env: Env, w: Word, what: string): void {
  const r = env.at(w);
  env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} ${what}, code the analysis does not read; run it directly if you mean to.`, start: r[0], end: r[1] });
}

function code(view: CommandView, env: Env, w: Word, value: string, what: string): void {
  if (value.trim() === "") return;
  // The word's run-time parts stay run-time when the value is the whole word.
  const word = value === w.value ? w : { ...w, value, dynamic: null };
  runString(view, word, env.at(w), env.nest, env.out, what);
}

/** hg setting keys whose value is a shell command. */
const HG_COMMAND = /^(?:hooks\.|ui\.(?:ssh|editor)$|pager\.pager$|(?:merge|diff)-tools\..+\.executable$|extdiff\.cmd\.)/;
/** hg settings whose value is appended to a tool's command line, run through the shell: the key of that tool's program. */
function hgArgsOf(key: string): string | null {
  const tool = /^((?:merge|diff)-tools\..+)\.(?:args|diffargs)$/.exec(key);
  if (tool !== null) return `${tool[1] as string}.executable`;
  const ext = /^extdiff\.opts\.(.+)$/.exec(key);
  return ext === null ? null : `extdiff.cmd.${ext[1] as string}`;
}
/** hg's own placeholders in a tool's arguments (quoted file names when run). */
const HG_VARS = /\$(?:base|local|other|output|parent[12]?|child|root|plabel[12]|clabel|phash[12]|chash|label(?:local|other|base))\b/g;
/** hg subcommands (and their prefixes hg accepts) where `-e` is `--edit`; in every other, `-e` is `--ssh`. */
const HG_EDIT = /^(?:com(?:m(?:i(?:t)?)?)?|ci|tag?|bac(?:k(?:o(?:u(?:t)?)?)?)?|gra(?:f(?:t)?)?|imp(?:o(?:r(?:t)?)?)?|patch|reb(?:a(?:s(?:e)?)?)?|histedit|amend|uncommit|fetch)$/;
/** hg's global options that take a value, in every spelling (long options may be abbreviated). */
const HG_GLOBAL_VALUE = /^(?:-R|--rep(?:o(?:s(?:i(?:t(?:o(?:r(?:y)?)?)?)?)?)?)?|--cwd|--con(?:f(?:i(?:g)?)?)?|--encoding|--encodingmode|--col(?:o(?:r)?)?|--pag(?:e(?:r)?)?)$/;

function hgCommands(view: CommandView, env: Env): void {
  const settings = new Map<string, string>();
  const words = optionValues(view, ["--config", "--conf", "--confi"]);
  for (const w of words) {
    const eq = w.value.indexOf("=");
    if (eq > 0) settings.set(w.value.slice(0, eq).trim(), w.value.slice(eq + 1));
  }
  for (const w of words) {
    const eq = w.value.indexOf("=");
    if (eq < 0) continue;
    const key = w.value.slice(0, eq).trim();
    const value = w.value.slice(eq + 1);
    const program = hgArgsOf(key);
    // `merge-tools.x.args`, `extdiff.opts.x`: run as `PROGRAM ARGS` (`sh` + `-c '…'` is a shell string).
    if (program !== null) code(view, env, w, `${(settings.get(program) ?? "").trim() || "tool"} ${value.replace(HG_VARS, "f")}`, `a tool's arguments (--config ${key})`);
    else if (key.startsWith("hooks.") && value.trimStart().startsWith("python:")) opaque(view, env, w, `runs the Python hook '${value.trim()}'`);
    else if (HG_COMMAND.test(key)) code(view, env, w, value, `a command (--config ${key})`);
    // `alias.x=!cmd` is a shell alias; `extensions.x=PATH` loads Python code (an empty value or `!` names a bundled one, or turns it off).
    else if (key.startsWith("alias.") && value.trimStart().startsWith("!")) code(view, env, w, value.trimStart().slice(1), `a shell alias (--config ${key})`);
    else if (key.startsWith("extensions.") && value.trim() !== "" && !value.trim().startsWith("!")) opaque(view, env, w, `loads the extension '${value.trim()}'`);
  }
  const sub = view.args.find((a, k) => k > 0 && !a.startsWith("-") && !HG_GLOBAL_VALUE.test(view.args[k - 1] as string));
  for (const w of optionValues(view, ["--ssh", "--ss"], sub !== undefined && HG_EDIT.test(sub) ? [] : ["-e"])) code(view, env, w, w.value, "an ssh command (-e)");
}

/** apt's hooks run through `sh -c`: `APT::Update::Pre-Invoke`, `DPkg::Post-Invoke`, `DPkg::Pre-Install-Pkgs` (and `::`-list items). */
const APT_HOOK = /(?:^|::)(?:(?:Pre|Post)-Invoke(?:-Success)?|Pre-Install-Pkgs)(?:::[^=]*)?$/i;
/** apt settings that name a program it runs. */
const APT_PROGRAM = /(?:^|::)Proxy-Auto-Detect$|^Dir::Bin::/i;

function aptCommands(view: CommandView, env: Env): void {
  // A configuration file (`-c F`, `APT_CONFIG=F`) the line makes is script-files.ts'.
  const words: Word[] = [];
  for (let k = 1; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (a === "--") break;
    // `-o K=V`, `-oK=V`, `--option K=V`, `--option=K=V`, `-qyo K=V` (flags before it take no value).
    // `-o=K=V` too; long options match in any case (`--Option`).
    const joined = /^-[a-bd-su-z]*o=?(.+)$/i.exec(a);
    const lower = a.toLowerCase();
    if (lower === "--option" || /^-[a-bd-su-z]*o$/i.test(a)) {
      if (k + 1 < view.words.length) words.push(view.words[++k] as Word);
    } else if (lower.startsWith("--option=")) words.push(valueWord(view, a.slice(9)) ?? (view.words[k] as Word));
    else if (joined !== null && !a.startsWith("--")) words.push(valueWord(view, joined[1] as string) ?? (view.words[k] as Word));
  }
  for (const w of words) {
    const eq = w.value.indexOf("=");
    if (eq < 0) continue;
    const key = w.value.slice(0, eq).trim();
    const value = w.value.slice(eq + 1);
    if (APT_HOOK.test(key) || APT_PROGRAM.test(key)) code(view, env, w, value, `a command (-o ${key})`);
    // `DPkg::Options::=--post-invoke=cmd`: handed to dpkg, which runs it.
    const dpkg = /^DPkg::Options(?:::[^=]*)?$/i.test(key) ? /^--(?:pre-invoke|post-invoke|status-logger)=([^]*)$/.exec(value.trim()) : null;
    if (dpkg !== null) code(view, env, w, dpkg[1] as string, "a dpkg command (-o DPkg::Options)");
  }
}

function dpkgCommands(view: CommandView, env: Env): void {
  for (const w of optionValues(view, ["--pre-invoke", "--post-invoke", "--status-logger"])) code(view, env, w, w.value, "a command (--pre-invoke)");
}

/** svn's `--config-option FILE:SECTION:OPTION=VALUE`: tunnels and helper commands. */
const SVN_COMMAND = /^[^:]*:(?:tunnels:[^=]*|helpers:(?:editor-cmd|diff-cmd|diff3-cmd|merge-tool-cmd))$/;

function svnCommands(view: CommandView, env: Env): void {
  for (const w of optionValues(view, ["--config-option"])) {
    const eq = w.value.indexOf("=");
    if (eq < 0 || !SVN_COMMAND.test(w.value.slice(0, eq).trim())) continue;
    // A tunnel's `$VAR ` prefix names the variable that overrides the command: the rest is the default.
    code(view, env, w, w.value.slice(eq + 1).replace(/^\s*\$\w+\s+/, ""), "a command (--config-option)");
  }
  for (const w of optionValues(view, ["--editor-cmd", "--diff-cmd", "--diff3-cmd"])) code(view, env, w, w.value, "a helper command");
}

/** rpm's macros: `%(cmd)` runs the shell (to its balancing `)`); `%{lua:…}` runs Lua. */
export function rpmShellMacros(text: string): Array<string | null> {
  const out: Array<string | null> = [];
  for (let k = text.indexOf("%"); k >= 0; k = text.indexOf("%", k + 1)) {
    if (text[k + 1] === "%") {
      k++;
      continue;
    }
    if (text.startsWith("{lua:", k + 1)) out.push(null);
    if (text[k + 1] !== "(") continue;
    let depth = 0;
    let end = -1;
    for (let j = k + 1; j < text.length && end < 0; j++) {
      if (text[j] === "(") depth++;
      else if (text[j] === ")" && --depth === 0) end = j;
    }
    const cmd = end < 0 ? null : text.slice(k + 2, end);
    out.push(cmd);
    // Macros inside are expanded before the shell runs it (`%(%c ~)`): what runs is not all shown.
    if (cmd !== null && /%[{(\w]/.test(cmd)) out.push(null);
    if (end > 0) k = end;
  }
  // `%{expand:…}` expands its result again: `%%(` becomes `%(`.
  if (text.includes("%{expand:") && text.includes("%%")) out.push(...rpmShellMacros(text.replace(/%%/g, "%")));
  return out;
}

function rpmCommands(view: CommandView, env: Env): void {
  for (const w of optionValues(view, ["--eval", "--define", "--predefine", "-E", "-D"], ["-E", "-D"])) {
    for (const cmd of rpmShellMacros(w.value)) {
      if (cmd === null) opaque(view, env, w, `expands '${w.value}', which runs code`);
      else code(view, env, w, cmd, "a macro's shell command (%(…))");
    }
  }
  for (const w of optionValues(view, ["--pipe"])) code(view, env, w, w.value, "a command (--pipe)");
}

const TCPDUMP: FlagSpec = {
  short: Object.fromEntries([..."aAbdDefhHIJKlLnNOpStuUvxXY#"].map((c) => [c, c])),
  shortValue: Object.fromEntries([..."BcCEFGijmMQrsTVwWyzZ"].map((c) => [c, c])),
  longValue: { "relinquish-privileges": "Z", "time-stamp-type": "j", "time-stamp-precision": "precision", "print-sampling": "print-sampling", "micro": "micro" },
  long: { "list-interfaces": "D", "list-time-stamp-types": "J", "no-promiscuous-mode": "p", immediate: "immediate", "monitor-mode": "I", nano: "nano", number: "#", version: "version", help: "help", "no-optimize": "O", "lengths": "lengths", print: "print", count: "count" },
};

/** tcpdump `-z cmd`: run on each capture file it rotates out (`cmd file`). */
function tcpdumpCommands(view: CommandView, env: Env): void {
  for (const v of values(parseFlags(view.args, TCPDUMP, 1), "z")) {
    const w = valueWord(view, v) ?? (view.words[0] as Word);
    code(view, env, w, v, "a command on each capture file (-z)");
    if (/\$|`/.test(v) || (v.includes("/") && !v.startsWith("/"))) {
      const r = env.at(w);
      env.out.findings.push({ id: "side-effect/runs-program", message: `tcpdump -z '${v}' runs a program named by a relative path or a run-time value on each capture file, which the analysis does not see. Run it directly if you mean to.`, start: r[0], end: r[1] });
    }
  }
}

const ANSIBLE: FlagSpec = {
  short: Object.fromEntries([..."bCDkKov"].map((c) => [c, c])),
  shortValue: { m: "module", a: "args", i: "inventory", u: "user", f: "forks", B: "background", P: "poll", e: "extra-vars", l: "limit", M: "module-path", t: "tree", T: "timeout", c: "connection" },
  long: Object.fromEntries(["become", "check", "diff", "ask-pass", "ask-become-pass", "one-line", "verbose", "list-hosts", "playbook-dir", "ask-vault-password", "syntax-check", "version", "help"].map((n) => [n, n])),
  longValue: {
    "module-name": "module", args: "args", inventory: "inventory", "inventory-file": "inventory", user: "user", forks: "forks", background: "background", poll: "poll", "extra-vars": "extra-vars",
    limit: "limit", "module-path": "module-path", tree: "tree", timeout: "timeout", connection: "connection", "become-method": "become-method", "become-user": "become-user", "private-key": "private-key",
    "key-file": "private-key", "vault-id": "vault-id", "vault-password-file": "vault-password-file", "ssh-common-args": "ssh-args", "ssh-extra-args": "ssh-args", "sftp-extra-args": "ssh-args", "scp-extra-args": "ssh-args", "task-timeout": "task-timeout",
  },
};

/** `ansible HOSTS -a cmd`: the command (and shell, raw) modules run `-a` as a command on each host. */
function ansibleCommands(view: CommandView, env: Env): void {
  const p = parseFlags(view.args, ANSIBLE, 1);
  const modules = values(p, "module");
  const module = (modules[modules.length - 1] ?? "command").replace(/^ansible\.(?:builtin|legacy)\./, "");
  // argparse takes `-a=VALUE` as the value `VALUE`.
  for (const a of values(p, "args").map((x) => x.replace(/^=/, ""))) {
    const w = valueWord(view, a) ?? (view.words[0] as Word);
    if (module === "shell" || module === "command" || module === "raw") code(view, env, w, a, `a command (-m ${module})`);
    else if (module === "file") {
      // `-m file -a 'path=P state=absent'` removes P, recursively (ansible takes the quotes off a value).
      const kv = new Map([...a.matchAll(/(?:^|\s)(\w+)=("[^"]*"|'[^']*'|\S+)/g)].map((m) => [m[1] as string, (m[2] as string).replace(/^(["'])([^]*)\1$/, "$2")]));
      if (kv.get("state") !== "absent") continue;
      for (const key of ["path", "dest", "name"]) {
        const path = kv.get(key);
        if (path !== undefined) code(view, env, w, `rm -rf -- ${/^~[\w.-]*(?:\/[\w@%+=:,./-]*)?$/.test(path) ? path : shellQuote(path)}`, "a deletion (-m file state=absent)");
      }
    }
    // Jinja templates are rendered before the command runs: what runs is not what is shown.
    if ((module === "shell" || module === "command" || module === "raw") && /\{\{|\{%/.test(a)) opaque(view, env, w, "renders a template into the command");
  }
}

const CONFIG_COMMANDS: Readonly<Record<string, (view: CommandView, env: Env) => void>> = {
  hg: hgCommands, chg: hgCommands,
  apt: aptCommands, "apt-get": aptCommands, "apt-cache": aptCommands, "apt-mark": aptCommands, aptitude: aptCommands,
  dpkg: dpkgCommands,
  svn: svnCommands,
  rpm: rpmCommands, rpmbuild: rpmCommands, rpmspec: rpmCommands,
  tcpdump: tcpdumpCommands,
  ansible: ansibleCommands,
};

export const configCommandUnwrapper: Unwrapper = {
  name: "config-command",
  commands: Object.keys(CONFIG_COMMANDS),
  unwrap: (v, e) => (CONFIG_COMMANDS[v.name] as (view: CommandView, env: Env) => void)(v, e),
};
