/**
 * More wrappers (the WRAPPERS table's kin, registered beside it in table.ts): process tools that
 * run a command under other limits or credentials (setpriv, prlimit, chpst, cgexec, sshpass,
 * ssh-agent, dbus-launch, rlwrap, entr, xterm -e, schroot, bwrap) and the project runners that
 * run a command in a tool's environment (`uv run`, `poetry run`, `bundle exec`, `nix-shell --run`),
 * the package runners (`npx`, `npm exec`, `pnpm dlx`, `bunx`, `uvx`, `pipx run`: a package's
 * command, or any command on PATH), profilers and personality changers (`perf stat`, `setarch`,
 * `faketime`, `cpulimit`) and the host and container bridges (`flatpak-spawn --host`,
 * `distrobox-host-exec`, `toolbox run`, `proot`, `fakechroot`, `systemd-nspawn`, `machinectl shell`,
 * `lxc-attach --`, `guix shell --`), and more runners (`nvm exec`, `fnm exec`, `volta run`,
 * `foreman run`, `honcho run`, `torify`, `trickle`, `srun`, `envchain`).
 * Each reads its options with its own table; an option a table lacks cannot hide the command
 * (unknown-options.ts).
 */

import { has, letters, names, parseFlags, type FlagSpec } from "../flags.js";
import { alsoAfter, options, other, type Wrapper, type WrapperEffect } from "./wrappers.js";


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
    // `xargs uv run`: a runner with no command of its own runs what xargs reads (inner past the end).
    return inner < args.length ? { inner, effects: [{ wrapper: args[0] ?? "", kind: "other", what: args[at] as string }], ...alsoAfter(args, p, spec) } : { inner: args.length };
  };
}

/** The options npx and `npm exec` share (`-c`/`--call` is a shell string: command-strings.ts). */
export const NPX_FLAGS: FlagSpec = {
  short: { y: "yes", q: "quiet" },
  shortValue: { p: "package", c: "call", w: "workspace" },
  long: { yes: "yes", no: "no", quiet: "quiet", workspaces: "workspaces", "include-workspace-root": "iwr", "ignore-existing": "ignore-existing" },
  longValue: { package: "package", call: "call", workspace: "workspace", prefix: "prefix", registry: "registry", cache: "cache", userconfig: "userconfig", shell: "shell" },
  stopAtOperand: true,
};

/** A package runner: it may fetch the package before running it (never read-only), and names it by its spec. */
function fetching(wrapper: Wrapper, name: string): Wrapper {
  return (args) => {
    const hit = wrapper(args);
    if (hit === null || hit.inner >= args.length) return hit;
    return { ...hit, packageSpec: true, effects: hit.effects?.some((e) => e.kind === "other") === true ? hit.effects : [...(hit.effects ?? []), { wrapper: name, kind: "other", what: "package" }] };
  };
}

/**
 * A runner whose command is a shell string in some modes: `pnpm --shell-mode exec 'cmd'` (`-c`),
 * `yarn exec 'cmd'` and `bun exec 'cmd'` (their own portable shells run it).
 */
function shellMode(wrapper: Wrapper, when: (args: readonly string[], inner: number) => boolean): Wrapper {
  return (args) => {
    const hit = wrapper(args);
    if (hit === null || hit.inner >= args.length || !when(args, hit.inner)) return hit;
    const { packageSpec: _spec, ...rest } = hit;
    return { ...rest, shellString: true };
  };
}
const subIs = (sub: string) => (args: readonly string[], inner: number): boolean => args.slice(1, inner).find((a) => !a.startsWith("-")) === sub;
/** `--shell-mode`, or `-c` alone or in a bundle of flags (`-rc`). */
const pnpmShellMode = (a: string): boolean => a === "--shell-mode" || (/^-[a-zA-Z]+$/.test(a) && a.includes("c"));

/** `aws-vault exec PROFILE [options] [--] cmd args`: the command runs with the profile's credentials. */
const AWS_VAULT: FlagSpec = { short: letters("jn"), shortValue: letters("dt"), long: names("json", "no-session", "server", "ec2-server", "ecs-server", "lazy", "stdout", "debug"), longValue: names("duration", "mfa-token", "region", "prompt", "backend", "keychain", "config"), stopAtOperand: true };
const awsVault: Wrapper = (args) => {
  const at = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
  if (at < 0 || args[at] !== "exec") return null;
  const p = parseFlags(args, AWS_VAULT, at + 1);
  // The profile, then options again, then the command (after `--` when given).
  const after = p.rest + 1 < args.length ? parseFlags(args, AWS_VAULT, p.rest + 1).rest : args.length;
  const inner = args[after] === "--" ? after + 1 : after;
  return inner < args.length ? { inner, effects: [{ wrapper: "aws-vault", kind: "other", what: "credentials" }] } : { inner: args.length };
};

/** `perf SUB [options] [--] cmd` (and `perf trace record`, `perf sched record`, ...): the profiled command. */
const PERF_RUNS = new Set(["stat", "record", "trace", "ftrace", "c2c", "kmem", "kvm", "lock", "mem", "sched", "timechart", "iostat"]);
const PERF: FlagSpec = {
  short: letters("aAgnqvsBdiNPRTxSKl"),
  shortValue: letters("eptuoCrGFcmIDjbLMzYWE"),
  long: names("all-cpus", "no-inherit", "scale", "verbose", "quiet", "null", "per-socket", "per-core", "per-thread", "per-node", "topdown", "smi-cost", "metric-only", "no-aggr", "raw-counter", "summary", "no-buildid", "no-buildid-cache", "timestamp", "data", "sample-cpu", "all-user", "all-kernel", "append", "no-samples", "stat", "no-bpf-event", "sched", "syscalls", "no-syscalls", "failure", "comm", "duration"),
  longValue: names("event", "pid", "tid", "uid", "output", "cpu", "repeat", "cgroup", "freq", "count", "mmap-pages", "interval-print", "delay", "field-separator", "metrics", "call-graph", "filter", "post", "pre", "output-dir", "clockid", "affinity", "max-size", "switch-output", "user-regs", "intr-regs", "expr", "max-stack", "duration", "type", "tracer", "func", "sort"),
  stopAtOperand: true,
};
const perf: Wrapper = (args) => {
  let at = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
  if (at < 0 || !PERF_RUNS.has(args[at] as string)) return null;
  if (args[at] !== "stat" && args[at] !== "record" && args[at + 1] === "record") at++;
  const p = parseFlags(args, PERF, at + 1);
  const inner = args[p.rest] === "--" ? p.rest + 1 : p.rest;
  // All but a plain `perf stat` write a data file (perf.data, -o FILE).
  const writes = args[at] !== "stat" || has(p, "o") || has(p, "output");
  return inner < args.length ? { inner, ...(writes ? { effects: [{ wrapper: "perf", kind: "other", what: "perf.data" }] } : {}), ...alsoAfter(args, p, PERF) } : null;
};

/** `setarch ARCH [options] cmd` (or `linux64 [options] cmd`): options also before ARCH. */
const SETARCH: FlagSpec = {
  short: letters("3BFILRSTXZvhV"),
  long: names("3gb", "4gb", "32bit", "fdpic-funcptrs", "short-inode", "addr-compat-layout", "addr-no-randomize", "whole-seconds", "sticky-timeouts", "read-implies-exec", "mmap-page-zero", "uname-2.6", "verbose", "list", "help", "version"),
  stopAtOperand: true,
};
const setarch: Wrapper = (args) => {
  const arch = parseFlags(args, SETARCH, 1);
  if (arch.rest >= args.length) return null;
  const p = parseFlags(args, SETARCH, arch.rest + 1);
  return { inner: args[p.rest] === "--" ? p.rest + 1 : p.rest, ...alsoAfter(args, p, SETARCH) };
};
const SETARCH_ALIASES = ["linux32", "linux64", "i386", "x86_64", "uname26"] as const;

/** `toolbox run [-c NAME] [-d DISTRO] [-r RELEASE] cmd`, `distrobox enter NAME -- cmd`. */
const TOOLBOX: FlagSpec = { shortValue: letters("cdr"), long: names("assumeyes", "verbose"), longValue: names("container", "distro", "release", "log-level"), stopAtOperand: true };
const distrobox: Wrapper = (args) => {
  const k = args.indexOf("--");
  return (args[1] === "enter" || args[0] === "distrobox-enter") && k > 0 && k + 1 < args.length ? { inner: k + 1, effects: [{ wrapper: "distrobox", kind: "other", what: "container" }] } : null;
};

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
  if (k <= 0 || k + 1 >= args.length) return null;
  // `xterm -e 'cmd args'`: one word holding a blank is a command line xterm hands to a shell.
  return k + 2 === args.length && /\s/.test(args[k + 1] as string) ? { inner: k + 1, shellString: true, shellEnd: k + 2 } : { inner: k + 1 };
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
  // `--chdir DIR`: the command runs there (its relative paths point there).
  let effects: WrapperEffect[] | undefined;
  while (k < args.length && (args[k] as string).startsWith("--")) {
    const a = args[k] as string;
    if (a === "--") return { inner: k + 1 < args.length ? k + 1 : args.length, ...(effects ? { effects } : {}) };
    if (a === "--chdir" && args[k + 1] !== undefined) effects = [{ wrapper: "bwrap", kind: "chdir", what: args[k + 1] as string }];
    k += BWRAP_TWO.test(a) ? 3 : BWRAP_ONE.test(a) ? 2 : 1;
  }
  return k < args.length ? { inner: k, ...(effects ? { effects } : {}) } : null;
};

/**
 * `machinectl [options] shell [options] [USER@]MACHINE PATH [ARGS]`: PATH runs in the machine, as
 * root unless `--uid` says otherwise (`.host` is this machine). Without PATH it is a login shell
 * (shell-starters.ts).
 */
const MACHINECTL: FlagSpec = { short: letters("qlah"), shortValue: { E: "setenv", M: "machine", H: "host", p: "property", s: "signal", o: "output", n: "lines" }, long: names("quiet", "no-pager", "no-legend", "no-ask-password", "all", "full", "value", "help", "version"), longValue: names("uid", "setenv", "machine", "host", "property", "signal", "output", "lines", "kill-whom"), stopAtOperand: true };
const machinectl: Wrapper = (args) => {
  const at = parseFlags(args, MACHINECTL, 1).rest;
  if (args[at] !== "shell") return null;
  const p = parseFlags(args, MACHINECTL, at + 1);
  const path = p.rest + 1;
  return path < args.length ? { inner: path, privileged: true, effects: [{ wrapper: "machinectl", kind: "other", what: args[p.rest] ?? "machine" }] } : null;
};

/** `nvm exec|run [--silent] [--lts[=NAME]] [VERSION] cmd`: the version is optional, and read only when it looks like one. */
const NVM_VERSION = /^(?:v?\d[\w.]*|node|stable|unstable|iojs|system|default|lts\/.+)$/;
const NVM: FlagSpec = { long: names("silent"), longOptional: names("lts"), stopAtOperand: true };
const nvm: Wrapper = (args) => {
  const at = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
  if (at < 0 || (args[at] !== "exec" && args[at] !== "run")) return null;
  const p = parseFlags(args, NVM, at + 1);
  const inner = NVM_VERSION.test(args[p.rest] ?? "") ? p.rest + 1 : p.rest;
  // `nvm run [VERSION] script.js` runs node on the script: seen as the script run, as before.
  return inner < args.length ? { inner } : null;
};

/** `TOOL [options] -- cmd`: the command comes only after `--` (`lxc-attach -n c -- cmd`, `guix shell pkgs -- cmd`). */
function afterDashes(what: string, first?: string): Wrapper {
  return (args) => {
    if (first !== undefined && args[1] !== first) return null;
    const k = args.indexOf("--");
    return k > 0 && k + 1 < args.length ? { inner: k + 1, effects: [{ wrapper: args[0] ?? "", kind: "other", what }] } : null;
  };
}

export const TOOL_WRAPPERS: ReadonlyArray<readonly [string, Wrapper]> = [
  ["setpriv", options(() => ({ short: letters("d"), long: names("clear-groups", "keep-groups", "init-groups", "nnp", "no-new-privs", "reset-env", "dump"), longValue: names("reuid", "regid", "ruid", "euid", "rgid", "egid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule"), stopAtOperand: true }), 0, { privileged: true })],
  ["prlimit", options(() => ({ short: letters("h"), shortValue: letters("po"), long: names("noheadings", "raw", "verbose"), longValue: names("pid", "output"), longOptional: names("as", "core", "cpu", "data", "fsize", "locks", "memlock", "msgqueue", "nice", "nofile", "nproc", "rss", "rtprio", "rttime", "sigpending", "stack"), shortOptional: letters("ACdefilmnqrstuvxy"), stopAtOperand: true }))],
  ["chpst", options(() => ({ short: letters("vP012"), shortValue: { ...letters("uUbendloLmdofpcrt"), "/": "/" }, stopAtOperand: true }), 0, {}, { "/": other, e: other })],
  ["cgexec", options(() => ({ shortValue: letters("g"), long: names("sticky"), stopAtOperand: true }))],
  ["sshpass", options(() => ({ short: letters("ev"), shortValue: letters("pfdP"), stopAtOperand: true }))],
  ["ssh-agent", options(() => ({ short: letters("cdDks"), shortValue: letters("aEPtO"), stopAtOperand: true }))],
  ["dbus-launch", options(() => ({ long: names("sh-syntax", "csh-syntax", "auto-syntax", "binary-syntax", "close-stderr", "exit-with-session", "exit-with-x11", "version", "help"), longValue: names("config-file", "autolaunch"), stopAtOperand: true }))],
  // -a, -m and -p take a value only when attached (`-a`, `-aPassword:`); the next word is the command.
  ["rlwrap", options(() => ({ short: letters("AchiIUnNorRvW"), shortValue: letters("bCDefFgHlMOPqsStwz"), shortOptional: letters("amp"), long: names("always-readline", "complete-filenames", "case-insensitive", "history-no-dupes", "no-children", "no-warnings", "one-shot", "remember", "renice", "version", "polling", "ansi-colour-aware", "mirror-arguments"), longValue: names("break-chars", "command-name", "extra-char-after-completion", "file", "history-format", "forget-matching", "history-filename", "logfile", "multi-line-ext", "pass-sigint-as-sigterm", "pre-given", "quote-characters", "histsize", "substitute-prompt", "set-term-name", "wait-before-prompt", "filter"), longOptional: names("multi-line", "prompt-colour"), stopAtOperand: true }))],
  ["schroot", options(() => ({ short: letters("lipqv"), shortValue: letters("cdnu"), long: names("list", "info", "config", "location", "quiet", "verbose", "preserve-environment", "automatic-session", "begin-session", "recover-session", "run-session", "end-session", "all", "all-chroots", "all-sessions", "all-source-chroots"), longValue: names("chroot", "directory", "user", "session-name", "option"), stopAtOperand: true }), 0, { privileged: true })],
  ["bwrap", bwrap],
  ["entr", entr],
  ["xterm", xterm],
  ["nix-shell", nixShell],
  ["nix", nixDevelop],
  // `uv run --with git+https://… x`, `uv run https://…/script.py`: what it fetches is a package spec (remote-packages.ts).
  ["uv", fetching(runner(["run"], { short: letters("q"), shortValue: letters("p"), long: names("no-project", "isolated", "no-sync", "frozen", "locked", "all-extras", "no-dev", "active", "offline", "quiet", "verbose", "script", "module", "gui-script", "exact"), longValue: names("with", "with-requirements", "with-editable", "python", "project", "directory", "env-file", "group", "extra", "package", "index", "default-index", "index-url", "extra-index-url", "only-group", "no-group", "cache-dir", "config-file"), stopAtOperand: true }), "uv")],
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
  ["infisical", runner(["run"], { long: names("silent", "watch", "include-imports", "recursive", "expand"), longValue: names("command", "env", "projectId", "path", "token", "domain", "tags", "watch-interval"), stopAtOperand: true })],
  ["aws-vault", awsVault],
  ["op", runner(["run"], { long: names("no-masking"), longValue: names("env-file", "account", "environment"), stopAtOperand: true })],
  ["npx", fetching(options(() => NPX_FLAGS), "npx")],
  ["npm", fetching(runner(["exec", "x"], NPX_FLAGS), "npm")],
  ["pnpm", shellMode(fetching(runner(["exec", "dlx"], { short: letters("rc"), shortValue: letters("C"), long: names("recursive", "parallel", "shell-mode", "no-reporter-hide-prefix", "silent", "stream"), longValue: names("dir", "filter", "package", "workspace-concurrency", "resume-from", "report-summary"), stopAtOperand: true }), "pnpm"), (args, inner) => subIs("exec")(args, inner) && args.slice(1, inner).some(pnpmShellMode))],
  ["yarn", shellMode(fetching(runner(["exec", "dlx"], { short: letters("q"), shortValue: letters("p"), long: names("quiet"), longValue: names("package", "cwd"), stopAtOperand: true }), "yarn"), subIs("exec"))],
  ["bunx", fetching(options(() => ({ long: names("bun", "silent", "verbose", "no-install"), longValue: names("package"), shortValue: letters("p"), stopAtOperand: true })), "bunx")],
  ["bun", shellMode(fetching(runner(["x", "exec"], { long: names("bun", "silent", "verbose", "no-install"), longValue: names("package"), shortValue: letters("p"), stopAtOperand: true }), "bun"), subIs("exec"))],
  ["uvx", fetching(options(() => ({ short: letters("q"), long: names("isolated", "offline", "quiet", "verbose", "no-cache"), longValue: names("from", "with", "with-requirements", "with-editable", "python", "index", "index-url", "extra-index-url", "cache-dir"), shortValue: letters("p"), stopAtOperand: true })), "uvx")],
  ["pipx", fetching(runner(["run"], { long: names("no-cache", "verbose", "quiet", "system-site-packages"), longValue: names("spec", "python", "index-url", "pip-args"), stopAtOperand: true }), "pipx")],
  ["perf", perf],
  ["setarch", setarch],
  ...SETARCH_ALIASES.map((n): readonly [string, Wrapper] => [n, options(() => SETARCH)]),
  ["faketime", options(() => ({ short: letters("f"), shortValue: letters("mp"), long: names("exclude-monotonic"), longValue: names("date-prog"), stopAtOperand: true }), 1)],
  ["cpulimit", options(() => ({ short: letters("zivqkrmb"), shortValue: letters("lpePc"), long: names("lazy", "include-children", "verbose", "quiet", "kill", "restore", "monitor-forks", "background", "help"), longValue: names("limit", "pid", "exe", "path", "cpu", "signal"), stopAtOperand: true }))],
  // Holding off shutdown and sleep while the command runs is no read.
  ["systemd-inhibit", options(() => ({ long: names("list", "no-pager", "no-legend", "no-ask-password", "help", "version"), longValue: names("what", "who", "why", "mode"), stopAtOperand: true }), 0, { effects: [{ wrapper: "systemd-inhibit", kind: "other", what: "inhibitor lock" }] })],
  ["flatpak-spawn", options(() => ({ long: names("host", "sandbox", "watch-bus", "expose-pids", "share-pids", "latest-version", "no-network", "clear-env", "verbose", "help"), longValue: names("env", "unset-env", "forward-fd", "directory", "sandbox-expose", "sandbox-expose-ro", "sandbox-flag", "app-path", "usr-path"), stopAtOperand: true }), 0, { privileged: true })],
  ["distrobox-host-exec", options(() => ({ short: letters("hVd"), long: names("help", "version", "yes"), stopAtOperand: true }))],
  ["distrobox", distrobox],
  ["distrobox-enter", distrobox],
  ["toolbox", runner(["run"], TOOLBOX)],
  ["fakechroot", options(() => ({ short: letters("shv"), shortValue: letters("ldecb"), long: names("use-system-libs", "help", "version"), longValue: names("lib", "elfloader", "environment", "config-dir", "bindir"), stopAtOperand: true }))],
  ["systemd-nspawn", options(() => ({ short: letters("bqxaPnUh"), shortValue: { D: "directory", i: "image", M: "machine", u: "user", E: "setenv", p: "port", Z: "selinux-context", L: "selinux-apifs-context", S: "slice", n: "network-veth" }, long: names("boot", "quiet", "ephemeral", "as-pid2", "pipe", "network-veth", "private-network", "read-only", "keep-unit", "register", "help", "version", "no-pager"), longValue: names("directory", "image", "machine", "user", "setenv", "port", "bind", "bind-ro", "tmpfs", "overlay", "overlay-ro", "chdir", "uuid", "slice", "property", "private-users", "capability", "drop-capability", "resolv-conf", "timezone", "link-journal", "network-interface", "network-bridge", "network-zone", "settings", "console", "pivot-root", "template", "volatile", "hostname", "kill-signal", "notify-ready", "oci-bundle", "rlimit", "cpu-affinity", "personality", "system-call-filter", "load-credential", "set-credential", "register", "private-users-ownership", "inaccessible", "suppress-sync"), stopAtOperand: true }), 0, { privileged: true })],
  ["machinectl", machinectl],
  ["fnm", runner(["exec"], { long: names("using-file", "corepack-enabled"), longValue: names("using", "log-level", "arch", "version-file-strategy", "resolve-engines", "fnm-dir", "node-dist-mirror"), stopAtOperand: true })],
  ["volta", runner(["run"], { long: names("bundled-npm", "no-yarn", "verbose", "quiet"), longValue: names("node", "npm", "yarn", "pnpm", "env"), stopAtOperand: true })],
  ["foreman", runner(["run"], { shortValue: letters("edf"), longValue: names("env", "root", "procfile", "app-root"), stopAtOperand: true })],
  ["honcho", runner(["run"], { shortValue: letters("edf"), longValue: names("env", "app-root", "procfile"), stopAtOperand: true })],
  ["torify", options(() => ({ short: letters("hv"), long: names("help", "version"), stopAtOperand: true }))],
  ["trickle", options(() => ({ short: letters("hvVs"), shortValue: letters("duwtlnLP"), stopAtOperand: true }))],
  ["srun", options(() => ({ short: letters("hvQEIkKlOsuVXZ"), shortValue: { A: "account", b: "begin", c: "cpus-per-task", d: "dependency", D: "chdir", e: "error", i: "input", J: "job-name", L: "licenses", m: "distribution", n: "ntasks", N: "nodes", o: "output", p: "partition", q: "qos", t: "time", T: "threads", w: "nodelist", W: "wait", x: "exclude", C: "constraint", G: "gpus" }, long: names("exclusive", "overcommit", "pty", "unbuffered", "verbose", "quiet", "label", "no-kill", "kill-on-bad-exit", "x11"), longValue: names("account", "begin", "cpus-per-task", "dependency", "chdir", "error", "input", "job-name", "licenses", "distribution", "ntasks", "nodes", "output", "partition", "qos", "time", "threads", "nodelist", "wait", "exclude", "constraint", "gpus", "mem", "mem-per-cpu", "mem-per-gpu", "gres", "export", "mpi", "reservation", "cpu-bind", "ntasks-per-node", "gpus-per-node", "container", "comment", "signal", "het-group"), stopAtOperand: true }))],
  ["envchain", options(() => ({ long: names("noecho", "noprompt"), stopAtOperand: true }), 1)],
  ["lxc-attach", afterDashes("container")],
  ["guix", afterDashes("environment", "shell")],
  ["nvm", nvm],
  ["proot", options(() => ({ short: letters("0lRS"), shortValue: letters("rbmwqkvi"), long: names("link2symlink", "kill-on-exit", "help", "version"), longValue: names("rootfs", "bind", "mount", "pwd", "cwd", "qemu", "kernel-release", "verbose"), stopAtOperand: true }))],
];
