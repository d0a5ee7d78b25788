/**
 * More wrappers (the WRAPPERS table's kin, registered beside it in table.ts): process tools that
 * run a command under other limits or credentials (setpriv, prlimit, chpst, cgexec, sshpass,
 * ssh-agent, dbus-launch, rlwrap, entr, xterm -e, schroot, bwrap) and the project runners that
 * run a command in a tool's environment (`uv run`, `poetry run`, `bundle exec`, `nix-shell --run`).
 * Each reads its options with its own table; an option a table lacks cannot hide the command
 * (unknown-options.ts).
 */

import { has, parseFlags, type FlagSpec } from "../flags.js";
import { alsoAfter, options, other, type Wrapper } from "./wrappers.js";

const letters = (s: string): Record<string, string> => Object.fromEntries([...s].map((c) => [c, c]));
const names = (...n: string[]): Record<string, string> => Object.fromEntries(n.map((x) => [x, x]));

/**
 * `TOOL SUB [options] [--] cmd args`: the command a project runner runs in its environment.
 * `tools`: operands before `--` name tools, not the command (`mise x node@20 -- cmd`).
 */
function runner(subs: readonly string[], spec: FlagSpec, tools = false): Wrapper {
  return (args) => {
    const at = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
    if (at < 0 || !subs.includes(args[at] as string)) return null;
    const p = parseFlags(args, spec, at + 1);
    const dashes = tools ? args.indexOf("--", at + 1) : -1;
    const inner = dashes > 0 ? dashes + 1 : args[p.rest] === "--" ? p.rest + 1 : p.rest;
    // The tool may first install or sync its environment: never read-only.
    return inner < args.length ? { inner, effects: [{ wrapper: args[0] ?? "", kind: "other", what: args[at] as string }], ...alsoAfter(args, p, spec) } : null;
  };
}

/** `TOOL ... --run 'cmd'` / `-c cmd args`: a shell string, or (nix develop -c) the words as a command. */
const nixShell: Wrapper = (args) => {
  const k = args.findIndex((a) => a === "--run" || a === "--command");
  return k > 0 && k + 1 < args.length ? { inner: k + 1, shellString: true, shellEnd: k + 2, effects: [{ wrapper: "nix-shell", kind: "other", what: "environment" }] } : null;
};
const nixDevelop: Wrapper = (args) => {
  if (!["develop", "shell"].includes(args[1] ?? "")) return null;
  const k = args.findIndex((a) => a === "-c" || a === "--command");
  return k > 0 && k + 1 < args.length ? { inner: k + 1, effects: [{ wrapper: "nix", kind: "other", what: "environment" }] } : null;
};

/** `xterm [options] -e cmd args`: -e is the last option, the command is every word after it. */
const xterm: Wrapper = (args) => {
  const k = args.indexOf("-e");
  return k > 0 && k + 1 < args.length ? { inner: k + 1 } : null;
};

/** `entr [-acdnprsz] utility args`; with -s the utility is a shell command string. */
const ENTR: FlagSpec = { short: letters("acdnprsz"), stopAtOperand: true };
const entr: Wrapper = (args) => {
  const p = parseFlags(args, ENTR, 1);
  if (p.rest >= args.length) return null;
  return has(p, "s") ? { inner: p.rest, shellString: true, shellEnd: p.rest + 1 } : { inner: p.rest, ...alsoAfter(args, p, ENTR) };
};

/** bubblewrap: options take zero, one or two words (`--bind SRC DEST`); the command follows them. */
const BWRAP_TWO = /^--(?:bind|bind-try|dev-bind|dev-bind-try|ro-bind|ro-bind-try|symlink|setenv|bind-data|ro-bind-data|file|chmod|overlay-src)$/;
const BWRAP_ONE = /^--(?:args|userns|userns2|pidns|uid|gid|hostname|chdir|unsetenv|lock-file|sync-fd|remount-ro|proc|dev|tmpfs|mqueue|dir|seccomp|add-seccomp-fd|exec-label|file-label|block-fd|userns-block-fd|info-fd|json-status-fd|cap-add|cap-drop|perms|size|overlay|tmp-overlay|ro-overlay|argv0)$/;
const bwrap: Wrapper = (args) => {
  let k = 1;
  while (k < args.length && (args[k] as string).startsWith("--")) {
    const a = args[k] as string;
    if (a === "--") return { inner: k + 1 < args.length ? k + 1 : args.length };
    k += BWRAP_TWO.test(a) ? 3 : BWRAP_ONE.test(a) ? 2 : 1;
  }
  return k < args.length ? { inner: k } : null;
};

export const TOOL_WRAPPERS: ReadonlyArray<readonly [string, Wrapper]> = [
  ["setpriv", options(() => ({ short: letters("d"), long: names("clear-groups", "keep-groups", "init-groups", "nnp", "no-new-privs", "reset-env", "dump"), longValue: names("reuid", "regid", "ruid", "euid", "rgid", "egid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule"), stopAtOperand: true }), 0, { privileged: true })],
  ["prlimit", options(() => ({ short: letters("h"), shortValue: letters("po"), long: names("noheadings", "raw", "verbose"), longValue: names("pid", "output"), longOptional: names("as", "core", "cpu", "data", "fsize", "locks", "memlock", "msgqueue", "nice", "nofile", "nproc", "rss", "rtprio", "rttime", "sigpending", "stack"), shortOptional: letters("ACdefilmnqrstuvxy"), stopAtOperand: true }))],
  ["chpst", options(() => ({ short: letters("vP012"), shortValue: { ...letters("uUbendloLmdofpcrt"), "/": "/" }, stopAtOperand: true }), 0, {}, { "/": other, e: other })],
  ["cgexec", options(() => ({ shortValue: letters("g"), long: names("sticky"), stopAtOperand: true }))],
  ["sshpass", options(() => ({ short: letters("ev"), shortValue: letters("pfdP"), stopAtOperand: true }))],
  ["ssh-agent", options(() => ({ short: letters("cdDks"), shortValue: letters("aEPtO"), stopAtOperand: true }))],
  ["dbus-launch", options(() => ({ long: names("sh-syntax", "csh-syntax", "auto-syntax", "binary-syntax", "close-stderr", "exit-with-session", "exit-with-x11", "version", "help"), longValue: names("config-file", "autolaunch"), stopAtOperand: true }))],
  ["rlwrap", options(() => ({ short: letters("AcEimnNorRSvW"), shortValue: letters("abCDefFgHlpPqstwz"), stopAtOperand: true }))],
  ["schroot", options(() => ({ short: letters("lipqv"), shortValue: letters("cdnu"), long: names("list", "info", "config", "location", "quiet", "verbose", "preserve-environment", "automatic-session", "begin-session", "recover-session", "run-session", "end-session", "all", "all-chroots", "all-sessions", "all-source-chroots"), longValue: names("chroot", "directory", "user", "session-name", "option"), stopAtOperand: true }), 0, { privileged: true })],
  ["bwrap", bwrap],
  ["entr", entr],
  ["xterm", xterm],
  ["nix-shell", nixShell],
  ["nix", nixDevelop],
  ["uv", runner(["run"], { short: letters("q"), shortValue: letters("p"), long: names("no-project", "isolated", "no-sync", "frozen", "locked", "all-extras", "no-dev", "active", "offline", "quiet", "verbose", "script", "module", "gui-script", "exact"), longValue: names("with", "with-requirements", "with-editable", "python", "project", "directory", "env-file", "group", "extra", "package", "index", "default-index", "index-url", "extra-index-url", "only-group", "no-group", "cache-dir", "config-file"), stopAtOperand: true })],
  ["poetry", runner(["run"], { short: letters("qvn"), shortValue: letters("CP"), long: names("quiet", "verbose", "no-interaction", "no-ansi", "no-plugins", "no-cache"), longValue: names("directory", "project"), stopAtOperand: true })],
  ["pipenv", runner(["run"], { long: names("system", "verbose", "quiet"), longValue: names("python"), stopAtOperand: true })],
  ["pdm", runner(["run"], { short: letters("lgvq"), shortValue: letters("pr"), long: names("list", "global", "verbose", "quiet", "skip", "json"), longValue: names("project", "venv"), stopAtOperand: true })],
  ["bundle", runner(["exec"], { long: names("keep-file-descriptors", "gemfile"), stopAtOperand: true })],
  ["pyenv", runner(["exec"], { stopAtOperand: true })],
  ["rbenv", runner(["exec"], { stopAtOperand: true })],
  ["conda", runner(["run"], { short: letters("v"), shortValue: letters("np"), long: names("no-capture-output", "live-stream", "verbose", "dev", "debug-wrapper-scripts"), longValue: names("name", "prefix", "cwd"), stopAtOperand: true })],
  ["mamba", runner(["run"], { short: letters("v"), shortValue: letters("np"), long: names("no-capture-output", "live-stream", "verbose"), longValue: names("name", "prefix", "cwd"), stopAtOperand: true })],
  ["micromamba", runner(["run"], { short: letters("v"), shortValue: letters("np"), long: names("no-capture-output", "live-stream"), longValue: names("name", "prefix", "cwd"), stopAtOperand: true })],
  ["mise", runner(["exec", "x"], { short: letters("qv"), shortValue: letters("jC"), long: names("quiet", "verbose", "raw", "yes"), longValue: names("jobs", "cd", "env"), stopAtOperand: true }, true)],
  ["direnv", (args) => (args[1] === "exec" && args.length > 3 ? { inner: 3, effects: [{ wrapper: "direnv", kind: "other", what: ".envrc" }] } : null)],
  ["doppler", runner(["run"], { shortValue: letters("pc"), long: names("preserve-env", "watch", "forward-signals", "mount-template", "silent", "no-check-version"), longValue: names("project", "config", "command", "fallback", "mount", "mount-format", "name-transformer", "token"), stopAtOperand: true })],
  ["op", runner(["run"], { long: names("no-masking"), longValue: names("env-file", "account", "environment"), stopAtOperand: true })],
];
