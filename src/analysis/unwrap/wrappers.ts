/**
 * Wrapper commands: how to find the command a wrapper runs. Each entry says where the inner
 * command starts (after the wrapper's own options, parsed by the shared option parser).
 */

import { parseFlags, has, values, type FlagSpec, type ParsedFlags } from "../flags.js";
import { ifValues } from "./unknown-options.js";
import { screenWrapper, tmuxWrapper } from "./deferred.js";
import { AWKS, READ_INTERPRETERS } from "../interpreters/index.js";
import { OTHER_LANGUAGE_NAMES } from "./interpreter-options.js";

/**
 * What a wrapper does itself, apart from running its command: it writes a file (`time -o FILE`,
 * `script ... FILE`), runs a program (`strace -o '|cmd'`, `env -P DIR`), or does something else
 * (an option not known to be harmless, a lock file). Any of them spoils read-only; the first two
 * are findings (side-effect/*).
 */
export interface WrapperEffect {
  wrapper: string;
  /**
   * `serves`: the command's stdin and stdout are a network connection (tcpserver, ttyd); `chdir`:
   * it runs in the directory `what` (`env -C DIR`, `sudo -D DIR`), where its relative paths point.
   */
  kind: "writes" | "runs" | "serves" | "chdir" | "other";
  /** The file, the program, or the option. */
  what: string;
}

export interface WrapperHit {
  /** Index into args where the wrapped command starts; args.length when there is none. */
  inner: number;
  privileged?: boolean;
  /** Arguments reach the inner command from stdin (xargs). */
  argsUnknown?: boolean;
  /** Words of the inner command holding this string are filled in at run time (`xargs -I{}`). */
  replace?: string;
  /** The words from `inner` on are joined and run as shell code (`sudo -s`, `flock f -c`, `script -c`). */
  shellString?: boolean;
  /** With shellString: the shell code ends before this index (`script -c 'cmd' FILE`). */
  shellEnd?: number;
  /**
   * Where the command starts if the options the table does not know took values (`ionice
   * --class idle rm`: `rm`, not `idle`): the words from there are checked as a command too.
   */
  alsoInner?: number;
  /** The inner command is a package run by its spec (`npx rimraf@5`, `@scope/cli@2`): named by its bin. */
  packageSpec?: boolean;
  effects?: WrapperEffect[];
}

export type Wrapper = (args: readonly string[]) => WrapperHit | null;

const SUDO: FlagSpec = {
  short: { A: "askpass", b: "background", E: "preserve-env", H: "set-home", k: "reset", K: "remove", n: "non-interactive", P: "preserve-groups", S: "stdin", i: "login", s: "shell", l: "list", v: "validate", V: "version", e: "edit", N: "no-update" },
  shortValue: { u: "user", g: "group", C: "close-from", D: "chdir", h: "host", p: "prompt", r: "role", t: "type", U: "other-user", T: "timeout", R: "chroot" },
  long: { "askpass": "askpass", "background": "background", "login": "login", "shell": "shell", "non-interactive": "non-interactive", "preserve-groups": "preserve-groups", "stdin": "stdin", "edit": "edit", "list": "list", "reset-timestamp": "reset", "remove-timestamp": "remove", "set-home": "set-home", "validate": "validate", "version": "version", "help": "help" },
  longValue: { user: "user", group: "group", "close-from": "close-from", chdir: "chdir", host: "host", prompt: "prompt", role: "role", type: "type", "other-user": "other-user", "command-timeout": "timeout", chroot: "chroot" },
  longOptional: { "preserve-env": "preserve-env" },
  stopAtOperand: true,
};

const ENV: FlagSpec = {
  short: { i: "ignore-environment", "0": "null", v: "debug" },
  shortValue: { u: "unset", C: "chdir", S: "split-string", P: "path" },
  long: { "ignore-environment": "ignore-environment", null: "null", debug: "debug" },
  longValue: { unset: "unset", chdir: "chdir", "split-string": "split-string" },
  // coreutils: `--default-signal[=SIG]`: a value only after `=`.
  longOptional: { "default-signal": "default-signal", "ignore-signal": "ignore-signal", "block-signal": "block-signal" },
  stopAtOperand: true,
};

const XARGS: FlagSpec = {
  short: { "0": "null", r: "no-run-if-empty", t: "verbose", p: "interactive", x: "exit", o: "open-tty" },
  shortValue: { a: "arg-file", d: "delimiter", E: "eof", I: "replace", L: "max-lines", n: "max-args", P: "max-procs", s: "max-chars" },
  shortOptional: { e: "eof", i: "replace", l: "max-lines" },
  long: { null: "null", "no-run-if-empty": "no-run-if-empty", verbose: "verbose", interactive: "interactive", exit: "exit", "open-tty": "open-tty", "show-limits": "show-limits" },
  longValue: { "arg-file": "arg-file", delimiter: "delimiter", "max-args": "max-args", "max-procs": "max-procs", "max-chars": "max-chars", "process-slot-var": "process-slot-var" },
  // GNU xargs: `--max-lines[=N]`, `--eof[=E]`, `--replace[=R]` take a value only after `=`.
  longOptional: { eof: "eof", replace: "replace", "max-lines": "max-lines" },
  stopAtOperand: true,
};

const RUNUSER_SPEC: FlagSpec = { short: { l: "login", m: "preserve", p: "preserve", f: "fast" }, shortValue: { u: "user", g: "group", G: "supp-group", s: "shell", w: "whitelist-environment" }, long: { login: "login" }, longValue: { user: "user", group: "group", shell: "shell" }, stopAtOperand: true };

const FLOCK: FlagSpec = { short: { s: "s", x: "x", e: "x", u: "u", n: "n", o: "o", F: "F" }, shortValue: { w: "timeout", E: "conflict-exit-code" }, long: { shared: "s", exclusive: "x", unlock: "u", nonblock: "n", "close": "o", "no-fork": "F", verbose: "verbose" }, longValue: { timeout: "timeout", wait: "timeout", "conflict-exit-code": "conflict-exit-code" }, stopAtOperand: true };

export const PARALLEL: FlagSpec = {
  short: { k: "keep-order", v: "verbose", q: "quote", u: "ungroup", g: "group", "0": "null", X: "xargs", m: "m", r: "no-run-if-empty", t: "verbose" },
  shortValue: { j: "jobs", P: "jobs", S: "sshlogin", a: "arg-file", d: "delimiter", E: "eof", I: "replace", n: "max-args", N: "max-replace-args", L: "max-lines", C: "colsep", l: "max-lines" },
  long: { "keep-order": "keep-order", verbose: "verbose", quote: "quote", ungroup: "ungroup", group: "group", null: "null", bar: "bar", progress: "progress", eta: "eta", "dry-run": "dry-run", "line-buffer": "line-buffer", "halt-on-error": "halt", pipe: "pipe", "no-notice": "no-notice" },
  longValue: { jobs: "jobs", sshlogin: "sshlogin", "arg-file": "arg-file", delimiter: "delimiter", "max-args": "max-args", colsep: "colsep", joblog: "joblog", results: "results", tmpdir: "tmpdir", timeout: "timeout", halt: "halt", delay: "delay", retries: "retries", workdir: "workdir", env: "env", "max-procs": "jobs", block: "block", load: "load", memfree: "memfree", sshloginfile: "sshloginfile", transferfile: "transferfile", return: "return", basefile: "basefile", tagstring: "tagstring", shebang: "shebang", "max-lines": "max-lines", "max-replace-args": "max-replace-args" },
  stopAtOperand: true,
};

const TIMEOUT: FlagSpec = {
  short: { v: "verbose", f: "foreground", p: "preserve-status" },
  shortValue: { s: "signal", k: "kill-after" },
  long: { verbose: "verbose", foreground: "foreground", "preserve-status": "preserve-status" },
  longValue: { signal: "signal", "kill-after": "kill-after" },
  stopAtOperand: true,
};

/** `{ alsoInner }` for a wrapper whose command is its first operand, when unknown options may have taken values. */
export function alsoAfter(args: readonly string[], p: ParsedFlags, spec: FlagSpec): Partial<WrapperHit> {
  const later = ifValues(args, p, spec);
  return later !== null && later.rest < args.length ? { alsoInner: later.rest } : {};
}

/** Effects of a wrapper's own options: `unsafe` maps a canonical option to what it does. */
export function effectsOf(args: readonly string[], p: ParsedFlags, unsafe: Readonly<Record<string, Effect>> = {}): WrapperEffect[] | undefined {
  const wrapper = args[0] ?? "";
  let out: WrapperEffect[] | undefined;
  for (const u of p.unknown) (out ??= []).push({ wrapper, kind: "other", what: u });
  for (const [name, kind] of Object.entries(unsafe)) {
    for (const v of values(p, name)) {
      const k = kind(v);
      if (k !== null) (out ??= []).push({ wrapper, kind: k, what: v });
    }
  }
  return out;
}

/** What an option's value makes a wrapper do (null: nothing, as for `-o /dev/null`). */
export type Effect = (value: string) => WrapperEffect["kind"] | null;

/** `-o FILE` of time, ltrace; strace's `-o '|cmd'` (and `!cmd`) pipes the trace into a command. */
export const output: Effect = (v) => (v.startsWith("|") || v.startsWith("!") ? "runs" : v === "/dev/null" ? null : "writes");
export const runs: Effect = () => "runs";
export const other: Effect = () => "other";
export const chdir: Effect = () => "chdir";

/**
 * A wrapper whose options are given by `spec` and whose command is the first operand (+ skip).
 * The spec is made on first use: a check's start builds the whole table and meets one wrapper
 * at most.
 */
export function options(spec: () => FlagSpec, skip = 0, extra: Partial<WrapperHit> = {}, unsafe: Readonly<Record<string, Effect>> = {}): Wrapper {
  let made: FlagSpec | undefined;
  return (args) => {
    const p = parseFlags(args, (made ??= spec()), 1);
    const effects = effectsOf(args, p, unsafe);
    const inner = Math.min(p.rest + skip, args.length);
    const later = ifValues(args, p, made);
    return { inner, ...extra, ...(effects ? { effects } : {}), ...(later !== null && later.rest + skip < args.length ? { alsoInner: later.rest + skip } : {}) };
  };
}


const RUNUSER = options(() => RUNUSER_SPEC, 0, { privileged: true });

/** fakeroot: `-s FILE` saves the fake environment, `-l`/`--faked` load a library or run a daemon. */
const FAKEROOT: FlagSpec = { short: { u: "u", h: "h", v: "v" }, shortValue: { l: "lib", i: "load", s: "save", b: "fd-base" }, long: { "unknown-is-real": "u", help: "h", version: "v" }, longValue: { lib: "lib", faked: "faked", "fd-base": "fd-base" }, stopAtOperand: true };

/** watch (procps): the interval and display options; `-x` runs the command without `sh -c`. */
export const WATCH_FLAGS: FlagSpec = {
  short: { b: "b", e: "e", g: "g", t: "t", x: "exec", c: "color", C: "no-color", d: "d", p: "p", r: "r", w: "w" },
  shortValue: { n: "interval", q: "q" },
  long: { beep: "b", errexit: "e", chgexit: "g", "no-title": "t", exec: "exec", color: "color", "no-color": "no-color", precise: "p", "no-rerun": "r", "no-wrap": "w" },
  longValue: { interval: "interval", equexit: "q" },
  longOptional: { differences: "d" },
  stopAtOperand: true,
};

/** Words `sh -c` reads back as the same words: no quoting, expansion, operator or assignment. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+,.:/-]+$/;

/**
 * `watch CMD ARGS` joins its words and runs them with `sh -c` (unwrap.ts parses that string). When
 * every word is plain the string is those words, so it is read as a wrapper: the inner command keeps
 * the line's redirects (`watch bash <<< 'rm -rf /'` feeds bash). `watch -x` runs the words directly.
 */
const watch: Wrapper = (args) => {
  const p = parseFlags(args, WATCH_FLAGS, 1);
  if (p.rest >= args.length) return null;
  if (!has(p, "exec") && !args.slice(p.rest).every((a) => PLAIN_WORD.test(a))) return null;
  const effects = effectsOf(args, p);
  return { inner: p.rest, ...(effects ? { effects } : {}), ...alsoAfter(args, p, WATCH_FLAGS) };
};

/**
 * systemd-run / run0: the command runs as a transient unit of the system manager (as root unless
 * --user or --uid names another user); -H/-M run it on another host or container, timers later.
 */
const SYSTEMD_RUN: FlagSpec = {
  short: { G: "collect", P: "pipe", q: "quiet", r: "remain", t: "pty", d: "same-dir", S: "shell", h: "help" },
  shortValue: { u: "unit", p: "property", E: "setenv", H: "host", M: "machine" },
  long: { user: "user", system: "system", scope: "scope", pty: "pty", pipe: "pipe", quiet: "quiet", collect: "collect", wait: "wait", "same-dir": "same-dir", "no-block": "no-block", "no-ask-password": "no-ask-password", "remain-after-exit": "remain", "send-sighup": "send-sighup", "expand-environment": "expand-environment", shell: "shell", help: "help", version: "version" },
  longValue: {
    unit: "unit", property: "property", description: "description", slice: "slice", "slice-inherit": "slice", setenv: "setenv", "working-directory": "working-directory", uid: "uid", gid: "gid", nice: "nice", "service-type": "service-type", host: "host", machine: "machine",
    "on-active": "timer", "on-boot": "timer", "on-startup": "timer", "on-unit-active": "timer", "on-unit-inactive": "timer", "on-calendar": "timer", "on-clock-change": "timer", "on-timezone-change": "timer", "timer-property": "timer", "path-property": "timer", "socket-property": "timer",
  },
  stopAtOperand: true,
};
const systemdRun: Wrapper = (args) => {
  const p = parseFlags(args, SYSTEMD_RUN, 1);
  if (p.rest >= args.length) return null;
  const effects = effectsOf(args, p, { host: other, machine: other, timer: other, "working-directory": chdir });
  const privileged = !has(p, "user") && values(p, "uid").length === 0;
  return { inner: p.rest, privileged, ...(effects ? { effects } : {}), ...alsoAfter(args, p, SYSTEMD_RUN) };
};

/** run0 (systemd's sudo): `-u`/`--user` names the target user here; it always elevates. */
const RUN0: FlagSpec = {
  short: { h: "help", V: "version", i: "via-shell" },
  shortValue: { u: "user", g: "group", D: "chdir" },
  long: { help: "help", version: "version", "no-ask-password": "no-ask-password", "slice-inherit": "slice", "via-shell": "via-shell", pty: "pty", pipe: "pipe" },
  longValue: { user: "user", group: "group", chdir: "chdir", unit: "unit", property: "property", description: "description", slice: "slice", nice: "nice", setenv: "setenv", background: "background", "shell-prompt-prefix": "prompt", machine: "machine", "area": "area" },
  stopAtOperand: true,
};
const run0 = options(() => RUN0, 0, { privileged: true }, { machine: other, chdir });

/** firejail: every option is one word (`--private`, `--profile=FILE`); the command is the first operand. */
const firejail: Wrapper = (args) => {
  let i = 1;
  while (i < args.length && (args[i] as string).startsWith("-")) {
    if (args[i] === "--") { i++; break; }
    i++;
  }
  return i < args.length ? { inner: i } : null;
};

/** `NAME=value`: a variable set for the command that follows. */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export const simple = (extra: Partial<WrapperHit> = {}): Wrapper => () => ({ inner: 1, ...extra });

export const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map<string, Wrapper>([
  ["sudo", (args) => {
    const p = parseFlags(args, SUDO, 1);
    if (has(p, "edit") || has(p, "list") || has(p, "validate") || has(p, "version")) return null;
    // -s/-i hand the command to the target user's shell through -c: read it as shell code.
    // `sudo VAR=value cmd`: variables for the command come before it.
    let inner = p.rest;
    while (inner < args.length && ASSIGNMENT.test(args[inner] as string)) inner++;
    const effects = effectsOf(args, p, { chdir });
    return { inner, privileged: true, shellString: has(p, "shell") || has(p, "login"), ...(effects ? { effects } : {}), ...alsoAfter(args, p, SUDO) };
  }],
  ["doas", options(() => ({ short: { n: "n", s: "s" }, shortValue: { u: "user", C: "config", a: "style" }, stopAtOperand: true }), 0, { privileged: true })],
  ["pkexec", options(() => ({ longValue: { user: "user" }, long: { "keep-cwd": "keep-cwd", "disable-internal-agent": "d" }, stopAtOperand: true }), 0, { privileged: true })],
  // `runuser -u user cmd` wraps a command; without -u it is su (unwrap.ts reads its -c string).
  ["runuser", (args) => (args.some((a) => a === "-u" || a.startsWith("--user")) ? RUNUSER(args) : null)],
  ["coproc", (args) => {
    // `coproc cmd args`, `coproc { cmd; }`, `coproc NAME { cmd; }` (tree-sitter reads the braces as words).
    let i = 1;
    if (args[2] === "{" && args[1] !== "{") i = 2;
    if (args[i] === "{") i++;
    return { inner: i };
  }],
  ["chroot", options(() => ({ longValue: { userspec: "userspec", groups: "groups" }, long: { "skip-chdir": "skip-chdir" }, stopAtOperand: true }), 1)],
  ["unshare", options(() => ({ short: { m: "m", u: "u", i: "i", n: "n", p: "p", U: "U", C: "C", T: "T", f: "fork", r: "map-root-user", c: "map-current-user" }, shortValue: { S: "setuid", G: "setgid", R: "root", w: "wd" }, long: { fork: "fork", "map-root-user": "map-root-user", "map-current-user": "map-current-user", "map-auto": "map-auto" }, longOptional: { mount: "m", uts: "u", ipc: "i", net: "n", pid: "p", user: "U", cgroup: "C", time: "T", "kill-child": "kill-child", "mount-proc": "mount-proc", "mount-binfmt": "mount-binfmt" }, longValue: { setuid: "setuid", setgid: "setgid", root: "root", wd: "wd", propagation: "propagation", setgroups: "setgroups", "map-user": "map-user", "map-group": "map-group", "map-users": "map-users", "map-groups": "map-groups", monotonic: "monotonic", boottime: "boottime", "load-interp": "load-interp" }, stopAtOperand: true }), 0, { privileged: true }, { wd: chdir })],
  ["nsenter", options(() => ({ short: { a: "all", F: "no-fork", Z: "follow-context" }, shortValue: { t: "target", S: "setuid", G: "setgid", r: "root", w: "wd" }, shortOptional: { m: "m", u: "u", i: "i", n: "n", p: "p", U: "U", C: "C", T: "T" }, long: { all: "all", "no-fork": "no-fork", "preserve-credentials": "pc" }, longValue: { target: "target", setuid: "setuid", setgid: "setgid", root: "root", wd: "wd" }, longOptional: { mount: "m", uts: "u", ipc: "i", net: "n", pid: "p", user: "U", cgroup: "C", time: "T" }, stopAtOperand: true }), 0, { privileged: true }, { wd: chdir })],
  ["strace", options(() => ({ short: { f: "f", F: "F", c: "c", C: "C", i: "i", q: "q", r: "r", t: "t", T: "T", v: "v", x: "x", y: "y", w: "w", z: "z", Z: "Z", k: "k", d: "d", D: "D", n: "n" }, shortValue: { e: "expr", o: "output", p: "pid", s: "strsize", u: "user", E: "env", a: "column", b: "detach-on", I: "interruptible", O: "overhead", P: "path", S: "sortby", X: "const-print-style", U: "columns" }, longValue: { output: "output", trace: "expr", signal: "expr", status: "expr", user: "user", env: "env" }, stopAtOperand: true }), 0, {}, { output, env: runs, pid: other, user: other })],
  ["ltrace", options(() => ({ short: { b: "b", c: "c", C: "C", f: "f", h: "h", i: "i", L: "L", r: "r", S: "S", t: "t", T: "T", V: "V", w: "w" }, shortValue: { a: "a", A: "A", D: "D", e: "e", F: "F", l: "l", n: "n", o: "output", p: "pid", s: "s", u: "user", x: "x" }, longValue: { output: "output", library: "l", config: "F" }, stopAtOperand: true }), 0, {}, { output, pid: other, user: other })],
  ["proxychains", options(() => ({ short: { q: "q" }, shortValue: { f: "f" }, stopAtOperand: true }))],
  ["proxychains4", options(() => ({ short: { q: "q" }, shortValue: { f: "f" }, stopAtOperand: true }))],
  ["torsocks", options(() => ({ short: { d: "d", i: "i", q: "q" }, shortValue: { u: "u", p: "p", a: "a", P: "P" }, stopAtOperand: true }))],
  ["nocache", simple()],
  ["catchsegv", simple()],
  ["dbus-run-session", options(() => ({ longValue: { "config-file": "c", "dbus-daemon": "d" }, stopAtOperand: true }), 0, {}, { c: runs, d: runs })],
  ["script", (args) => {
    // `script -c 'cmd' [file]` runs the string through a shell; without -c it opens a shell.
    const p = parseFlags(args, { short: { a: "a", e: "e", f: "f", q: "q", E: "E" }, shortValue: { c: "command", t: "timing", T: "timing", I: "log-in", O: "log-out", B: "log-io", m: "mode", o: "output-limit" }, longValue: { command: "command", timing: "timing", "log-in": "log-in", "log-out": "log-out", "log-io": "log-io", "logging-format": "mode", "output-limit": "output-limit", echo: "echo" }, long: { append: "a", "return": "e", flush: "f", quiet: "q", force: "force" } }, 1);
    const c = values(p, "command")[0];
    if (c === undefined) return null;
    const k = args.indexOf(c, 1);
    if (k <= 0) return null;
    // The typescript file (default ./typescript) and the timing and log files are written.
    const wrapper = args[0] ?? "script";
    const files = [args[p.operands[0] ?? -1] ?? "typescript", ...["timing", "log-in", "log-out", "log-io"].flatMap((n) => values(p, n))];
    const effects: WrapperEffect[] = files.filter((f) => f !== "/dev/null").map((what) => ({ wrapper, kind: "writes", what }));
    for (const u of p.unknown) effects.push({ wrapper, kind: "other", what: u });
    return { inner: k, shellString: true, shellEnd: k + 1, ...(effects.length > 0 ? { effects } : {}) };
  }],
  ["env", (args) => {
    const p = parseFlags(args, ENV, 1);
    let i = p.rest;
    // A lone `-` is `-i` (an empty environment).
    if (args[i] === "-") i++;
    while (i < args.length && ASSIGNMENT.test(args[i] as string)) i++;
    // BSD env -P DIR: the command is looked up in DIR, so it need not be the system tool.
    const effects = effectsOf(args, p, { path: runs, chdir });
    const later = i === p.rest ? ifValues(args, p, ENV) : null;
    return { inner: args[i] === "--" ? i + 1 : i, ...(effects ? { effects } : {}), ...(later !== null && later.rest < args.length ? { alsoInner: later.rest } : {}) };
  }],
  ["command", (args) => {
    const p = parseFlags(args, { short: { p: "p", v: "v", V: "V" }, stopAtOperand: true }, 1);
    return has(p, "v") || has(p, "V") ? null : { inner: p.rest };
  }],
  ["builtin", simple()],
  ["exec", options(() => ({ short: { c: "c", l: "l" }, shortValue: { a: "a" }, stopAtOperand: true }))],
  ["nice", options(() => ({ shortValue: { n: "adjustment" }, longValue: { adjustment: "adjustment" }, stopAtOperand: true }))],
  // nohup appends the output to ./nohup.out (or ~/nohup.out) when stdout is a terminal.
  ["nohup", (args) => ({ inner: args[1] === "--" ? 2 : 1, effects: [{ wrapper: args[0] ?? "nohup", kind: "other", what: "nohup.out" }] })],
  // GNU time: -o/--output FILE writes the timing there.
  ["time", options(() => ({ short: { p: "portable", v: "verbose", q: "quiet", a: "append" }, shortValue: { f: "format", o: "output" }, long: { portable: "portable", verbose: "verbose", quiet: "quiet", append: "append" }, longValue: { format: "format", output: "output" }, stopAtOperand: true }), 0, {}, { output })],
  ["timeout", options(() => TIMEOUT, 1)],
  ["stdbuf", options(() => ({ shortValue: { i: "input", o: "output", e: "error" }, longValue: { input: "input", output: "output", error: "error" }, stopAtOperand: true }))],
  ["ionice", options(() => ({ short: { t: "ignore" }, shortValue: { c: "class", n: "classdata", p: "pid", P: "pgid", u: "uid" }, stopAtOperand: true }))],
  ["setsid", options(() => ({ short: { c: "ctty", f: "fork", w: "wait" }, stopAtOperand: true }))],
  ["chrt", options(() => ({ short: { a: "a", b: "b", d: "d", f: "f", i: "i", o: "o", r: "r", R: "R", v: "v", e: "e", m: "m" }, shortValue: { T: "T", P: "P", D: "D" }, stopAtOperand: true }), 1)],
  ["taskset", options(() => ({ short: { a: "a", c: "c" }, stopAtOperand: true }), 1)],
  // expect's unbuffer: `-p` reads the command's stdin from the pipeline.
  ["unbuffer", options(() => ({ short: { p: "p" }, stopAtOperand: true }))],
  ["fakeroot", options(() => FAKEROOT, 0, {}, { save: output, lib: runs, faked: runs })],
  ["watch", watch],
  // moreutils: chronic hides the output unless the command fails; ifne runs it when stdin is not empty.
  ["chronic", options(() => ({ short: { e: "e", v: "v" }, stopAtOperand: true }))],
  ["ifne", options(() => ({ short: { n: "n" }, stopAtOperand: true }))],
  ["eatmydata", simple()],
  ["systemd-run", systemdRun],
  ["run0", run0],
  ["firejail", firejail],
  ["numactl", options(() => ({ short: { a: "all", l: "localalloc", s: "show", H: "hardware" }, shortValue: { i: "interleave", p: "preferred", m: "membind", N: "cpunodebind", C: "physcpubind", P: "preferred-many", b: "balancing" }, long: { all: "all", localalloc: "localalloc", show: "show", hardware: "hardware", balancing: "balancing" }, longValue: { interleave: "interleave", preferred: "preferred", membind: "membind", cpunodebind: "cpunodebind", physcpubind: "physcpubind", "preferred-many": "preferred-many", weighted: "weighted" }, stopAtOperand: true }))],
  ["xvfb-run", options(() => ({ short: { a: "auto-servernum", h: "help" }, shortValue: { e: "error-file", f: "auth-file", n: "server-num", p: "xauth-protocol", s: "server-args", w: "wait" }, long: { "auto-servernum": "auto-servernum", "auto-display": "auto-display", help: "help" }, longValue: { "error-file": "error-file", "auth-file": "auth-file", "server-num": "server-num", "xauth-protocol": "xauth-protocol", "server-args": "server-args", wait: "wait" }, stopAtOperand: true }), 0, {}, { "error-file": output, "auth-file": output, "server-args": other })],
  ["caffeinate", options(() => ({ short: { d: "d", i: "i", m: "m", s: "s", u: "u" }, shortValue: { t: "t", w: "w" }, stopAtOperand: true }))],
  ["xargs", (args) => {
    const p = parseFlags(args, XARGS, 1);
    const replace = values(p, "replace")[0];
    const effects = effectsOf(args, p, { "process-slot-var": other });
    return { inner: p.rest, argsUnknown: true, ...(replace !== undefined ? { replace: replace || "{}" } : {}), ...(effects ? { effects } : {}), ...alsoAfter(args, p, XARGS) };
  }],
  // `jobs -x cmd args` runs cmd (job specs in args replaced by process group ids).
  ["jobs", (args) => {
    const p = parseFlags(args, { short: { l: "l", n: "n", p: "p", r: "r", s: "s", x: "x" }, stopAtOperand: true }, 1);
    return has(p, "x") ? { inner: p.rest } : null;
  }],
  ["busybox", simple()],
  // A session that runs a command, attached or not: `tmux new -d 'cmd'`, `screen -dm cmd`.
  ["tmux", (args) => tmuxWrapper(args)],
  ["screen", (args) => screenWrapper(args)],
  ["toybox", simple()],
  // GNU parallel: the command and its `::: args` are joined and run by a shell, once per input.
  ["parallel", (args) => {
    const p = parseFlags(args, PARALLEL, 1);
    // `parallel ::: 'cmd a' 'cmd b'`: no command, the arguments are the command lines (input-runners.ts).
    if (/^::::?\+?$/.test(args[p.rest] ?? "")) return null;
    const effects = effectsOf(args, p, { joblog: output, results: output, tmpdir: other, sshlogin: runs, sshloginfile: runs, transferfile: other, return: other, basefile: other, workdir: other, env: other, shebang: other });
    return { inner: p.rest, argsUnknown: true, shellString: true, ...(effects ? { effects } : {}), ...alsoAfter(args, p, PARALLEL) };
  }],
  ["flock", (args) => {
    // `flock [opts] FILE cmd args`, or `flock [opts] FILE -c 'cmd'` (a shell string).
    const p = parseFlags(args, FLOCK, 1);
    // The lock file is created when missing.
    const lock: WrapperEffect[] = [{ wrapper: args[0] ?? "flock", kind: "other", what: args[p.rest] ?? "" }];
    if (p.rest + 1 < args.length && (args[p.rest + 1] === "-c" || args[p.rest + 1] === "--command")) return { inner: p.rest + 2, shellString: true, effects: lock };
    // An unknown option may have taken the word before the lock file: the command may be one later.
    const later = ifValues(args, p, FLOCK);
    return { inner: Math.min(p.rest + 1, args.length), effects: lock, ...(later !== null && later.rest + 1 < args.length ? { alsoInner: later.rest + 1 } : {}) };
  }],
]);

/** Shells whose `-c STRING` is parsed again; also the interpreters a pipe into which is a finding. */
/**
 * Shells whose `-c` strings and scripts are read as shell code. The Korn, Almquist and POSIX
 * relatives read as sh; csh and tcsh differ in their own syntax, which the grammar then fails to
 * read (a parse error, never less seen), not in simple commands.
 */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "yash", "ksh93", "ksh2020", "pdksh", "oksh", "loksh",
  "posh", "osh", "lksh", "bash5", "csh", "tcsh", "bsd-csh"]);
export const INTERPRETERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  "python", "python2", "python3", "perl", "ruby", "node", "php", "lua", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit", "tclsh", "osascript", "pwsh", "powershell",
  // languages whose code is not read: their inline code and a pipe into them are findings
  ...OTHER_LANGUAGE_NAMES,
  // python3.12, pypy3, nodejs, perl5.36, ruby3.1, php8.2, ...: every name whose code is read
  ...READ_INTERPRETERS.filter((n) => !AWKS.includes(n)),
]);
