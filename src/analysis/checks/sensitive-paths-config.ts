/**
 * Configuration commands that change what runs later, as writes to the file they edit:
 * `git config --global core.pager ...` (any scope, keys whose value is a program or where one
 * is found), `npm config set ...` (~/.npmrc: registry, script-shell, ...), `pip config set`
 * (pip.conf: index-url, ...), and `ssh-keygen -f`
 * generating over a key.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { parseFlags, values, type FlagSpec } from "../flags.js";
import { gitSubcommand } from "../specs.js";

/** git keys whose value runs as a program, or chooses what runs (hooks, includes, remotes). */
const PROGRAM_KEY = /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|hookspath|askpass|gitproxy|attributesfile|excludesfile)|credential(?:\..*)?\.helper|diff\..*\.(?:textconv|command)|diff\.external|difftool\..*\.cmd|merge\..*\.driver|mergetool\..*\.cmd|filter\..*\.(?:clean|smudge|process)|alias\..*|gpg(?:\..*)?\.program|sequence\.editor|include\.path|includeif\..*\.path|url\..*\.(?:insteadof|pushinsteadof)|remote\..*\.(?:url|pushurl|uploadpack|receivepack)|pager\..*|web\.browser|browser\..*\.cmd|man\..*\.cmd|uploadpack\.packobjectshook|protocol\..*\.allow|safe\.directory|init\.templatedir|interactive\.difffilter|ssh\.variant|http\..*proxy|core\.sshcommand)$/;

const GIT_CONFIG: FlagSpec = {
  long: { global: "global", system: "system", local: "local", worktree: "worktree", add: "add", "replace-all": "replace-all", list: "list", get: "get", "get-all": "get-all", "get-regexp": "get-regexp", unset: "unset", "unset-all": "unset-all", edit: "edit", "show-origin": "show-origin", "name-only": "name-only", null: "null", bool: "bool", int: "int", path: "path", all: "all" },
  shortValue: { f: "file" },
  short: { l: "list", e: "edit", z: "null" },
  longValue: { file: "file", blob: "blob", type: "type", default: "default", comment: "comment", value: "value" },
};

const READS = new Set(["list", "get", "get-all", "get-regexp", "show-origin"]);

/** The file `git config` writes, as a word to check, when it sets a program-valued key. */
function gitConfig(view: CommandView): Word[] {
  const sub = gitSubcommand(view.args);
  if (sub === null || sub[0] !== "config") return [];
  // `git config set [--global] KEY VALUE` (git 2.46+) and the classic `git config [--global] KEY VALUE`.
  const modern = sub[1] === "set" || sub[1] === "unset";
  const p = parseFlags(sub, GIT_CONFIG, modern ? 2 : 1);
  if ([...p.flags.keys()].some((f) => READS.has(f) || f === "edit")) return [];
  const ops = p.operands.map((i) => sub[i] as string);
  const key = (ops[0] ?? "").toLowerCase();
  if (!PROGRAM_KEY.test(key) || (ops.length < 2 && !modern && !p.flags.has("unset"))) return [];
  const file = values(p, "file")[0] ?? (p.flags.has("system") ? "/etc/gitconfig" : p.flags.has("global") ? "~/.gitconfig" : ".git/config");
  return [synthetic(view, file)];
}

const NPM_LOCATION: FlagSpec = { long: { global: "global", json: "json" }, shortValue: { L: "location" }, short: { g: "global" }, longValue: { location: "location", userconfig: "userconfig", globalconfig: "globalconfig" } };

/** Package-manager settings that change nothing about what is fetched or run. */
const HARMLESS_NPM_KEY = /^(?:save-exact|save-prefix|save|save-dev|save-optional|save-peer|init[.-](?:author[.-](?:name|email|url)|license|version|type)|loglevel|fund|audit|audit-level|progress|color|engine-strict|package-lock|update-notifier|sign-git-tag|sign-git-commit|message|tag-version-prefix|fetch-retries|fetch-retry-(?:factor|mintimeout|maxtimeout)|fetch-timeout|maxsockets|prefer-offline|prefer-online|offline|legacy-peer-deps|strict-peer-dependencies|strict-peer-deps|auto-install-peers|save-workspace-protocol|link-workspace-packages|shamefully-hoist|node-linker|lockfile|unicode|long|parseable|json|depth|diff-(?:unified|ignore-all-space|no-prefix|text)|format-package-lock|editorconfig|enableTelemetry|enableProgressBars|enableColors|defaultSemverRangePrefix|nodeLinker|enableGlobalCache|compressionLevel)$/;

/** The keys of `K V`, `K=V` pairs (npm 7+ takes several); none is no key known harmless. */
function settingKeys(pairs: readonly string[]): string[] {
  const keys: string[] = [];
  for (let i = 0; i < pairs.length; i += (pairs[i] as string).includes("=") ? 1 : 2) keys.push((pairs[i] as string).split("=")[0] as string);
  return keys.length > 0 ? keys : [""];
}

/** `npm config set K V`, `npm set K V`, `pnpm config set`, `yarn config set`: the rc file they write. */
function packageManagerConfig(view: CommandView): Word[] {
  const args = view.args;
  const p = parseFlags(args, NPM_LOCATION, 1);
  const ops = p.operands.map((i) => args[i] as string);
  const sets = (ops[0] === "config" && (ops[1] === "set" || ops[1] === "delete" || ops[1] === "edit")) || (view.name !== "yarn" && (ops[0] === "set" || ops[0] === "c" && ops[1] === "set"));
  if (!sets) return [];
  // `npm config set save-exact true`: keys that only shape output or lockfiles; any other may
  // choose where code comes from or what runs it (registry, script-shell, yarnPath, ...).
  if (ops[1] !== "edit" && settingKeys(ops.slice(ops[0] === "set" ? 1 : 2)).every((k) => HARMLESS_NPM_KEY.test(k))) return [];
  const location = values(p, "location")[0] ?? (p.flags.has("global") ? "global" : "user");
  const file = values(p, "userconfig")[0] ?? (location === "project" ? ".npmrc" : location === "global" ? "/etc/npmrc" : view.name === "yarn" ? "~/.yarnrc.yml" : "~/.npmrc");
  return [synthetic(view, file)];
}

const PIP_CONFIG: FlagSpec = { long: { global: "global", user: "user", site: "site", isolated: "isolated", quiet: "quiet", verbose: "verbose" }, short: { q: "quiet", v: "verbose" }, longValue: { editor: "editor", "config-file": "config-file" } };
/** pip settings that change nothing about where packages come from or what runs. */
const HARMLESS_PIP_KEY = /^[\w-]+\.(?:timeout|retries|disable-pip-version-check|no-cache-dir|cache-dir|progress-bar|quiet|verbose|no-color|require-virtualenv|root-user-action|no-input|log)$/;

/** `pip config set KEY VALUE` (also `unset`, `edit`): the pip.conf it writes (index-url chooses where packages come from). */
function pipConfig(view: CommandView): Word[] {
  const p = parseFlags(view.args, PIP_CONFIG, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  if (ops[0] !== "config" || !/^(?:set|unset|edit)$/.test(ops[1] ?? "")) return [];
  if (ops[1] !== "edit" && HARMLESS_PIP_KEY.test(ops[2] ?? "")) return [];
  const file = values(p, "config-file")[0] ?? (p.flags.has("global") ? "/etc/pip.conf" : p.flags.has("site") ? "pip.conf" : "~/.config/pip/pip.conf");
  return [synthetic(view, file)];
}

/** `python3 -m pip config set …`: pip run as a module. */
function pythonModulePip(view: CommandView): Word[] {
  const m = view.args.indexOf("-m");
  if (m < 1 || view.args[m + 1] !== "pip" || view.args.slice(1, m).some((a) => !a.startsWith("-"))) return [];
  return pipConfig({ ...view, args: ["pip", ...view.args.slice(m + 2)], words: [view.words[0] as Word, ...view.words.slice(m + 2)] });
}

/** `ssh-keygen [-t type] -f FILE` generates (overwriting after a prompt `-y` answers); -l/-y/-F/-R/-e only read. */
function sshKeygen(view: CommandView): Word[] {
  if (view.args.some((a) => /^-[A-Za-z]*[lyFBeDQk]/.test(a) && !a.startsWith("--"))) return [];
  const i = view.args.findIndex((a) => a === "-f" || /^-f./.test(a));
  if (i < 0) return [];
  const a = view.args[i] as string;
  return a === "-f" ? (view.words[i + 1] ? [view.words[i + 1] as Word] : []) : [{ ...(view.words[i] as Word), value: a.slice(2), tilde: a.startsWith("-f~"), dynamic: null }];
}

function synthetic(view: CommandView, value: string): Word {
  return { value, start: view.start, end: view.end, quoted: false, glob: false, tilde: value.startsWith("~"), dynamic: null };
}

export const CONFIG_WRITERS: Readonly<Record<string, (view: CommandView) => Word[]>> = {
  git: gitConfig, npm: packageManagerConfig, pnpm: packageManagerConfig, yarn: packageManagerConfig, "ssh-keygen": sshKeygen, pip: pipConfig, pip3: pipConfig, python: pythonModulePip, python3: pythonModulePip,
};
