/**
 * Wrapper commands: how to find the command a wrapper runs. Each entry says where the inner
 * command starts (after the wrapper's own options, parsed by the shared option parser).
 */

import { parseFlags, has, type FlagSpec } from "./flags.js";

export interface WrapperHit {
  /** Index into args where the wrapped command starts; args.length when there is none. */
  inner: number;
  privileged?: boolean;
  /** Arguments reach the inner command from stdin (xargs). */
  argsUnknown?: boolean;
  /** Indexes of leading `NAME=value` operands to skip (env). */
}

type Wrapper = (args: readonly string[]) => WrapperHit | null;

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
  longValue: { unset: "unset", chdir: "chdir", "split-string": "split-string", "default-signal": "default-signal", "ignore-signal": "ignore-signal", "block-signal": "block-signal" },
  stopAtOperand: true,
};

const XARGS: FlagSpec = {
  short: { "0": "null", r: "no-run-if-empty", t: "verbose", p: "interactive", x: "exit", o: "open-tty" },
  shortValue: { a: "arg-file", d: "delimiter", E: "eof", I: "replace", L: "max-lines", n: "max-args", P: "max-procs", s: "max-chars" },
  shortOptional: { e: "eof", i: "replace", l: "max-lines" },
  long: { null: "null", "no-run-if-empty": "no-run-if-empty", verbose: "verbose", interactive: "interactive", exit: "exit", "open-tty": "open-tty", "show-limits": "show-limits" },
  longValue: { "arg-file": "arg-file", delimiter: "delimiter", "max-lines": "max-lines", "max-args": "max-args", "max-procs": "max-procs", "max-chars": "max-chars", "process-slot-var": "process-slot-var" },
  longOptional: { eof: "eof", replace: "replace" },
  stopAtOperand: true,
};

const TIMEOUT: FlagSpec = {
  short: { v: "verbose", f: "foreground", p: "preserve-status" },
  shortValue: { s: "signal", k: "kill-after" },
  long: { verbose: "verbose", foreground: "foreground", "preserve-status": "preserve-status" },
  longValue: { signal: "signal", "kill-after": "kill-after" },
  stopAtOperand: true,
};

/** A wrapper whose options are given by `spec` and whose command is the first operand (+ skip). */
function options(spec: FlagSpec, skip = 0, extra: Partial<WrapperHit> = {}): Wrapper {
  return (args) => {
    const p = parseFlags(args, spec, 1);
    return { inner: Math.min(p.rest + skip, args.length), ...extra };
  };
}

const simple = (extra: Partial<WrapperHit> = {}): Wrapper => () => ({ inner: 1, ...extra });

export const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map<string, Wrapper>([
  ["sudo", (args) => {
    const p = parseFlags(args, SUDO, 1);
    if (has(p, "edit") || has(p, "list") || has(p, "validate") || has(p, "version")) return null;
    return { inner: p.rest, privileged: true };
  }],
  ["doas", options({ short: { n: "n", s: "s" }, shortValue: { u: "user", C: "config", a: "style" }, stopAtOperand: true }, 0, { privileged: true })],
  ["pkexec", options({ longValue: { user: "user" }, long: { "keep-cwd": "keep-cwd", "disable-internal-agent": "d" }, stopAtOperand: true }, 0, { privileged: true })],
  ["runuser", options({ short: { l: "login", m: "preserve", p: "preserve", f: "fast" }, shortValue: { u: "user", g: "group", G: "supp-group", s: "shell", w: "whitelist-environment" }, long: { login: "login" }, longValue: { user: "user", group: "group", shell: "shell" }, stopAtOperand: true }, 0, { privileged: true })],
  ["env", (args) => {
    const p = parseFlags(args, ENV, 1);
    let i = p.rest;
    while (i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i] as string)) i++;
    return { inner: args[i] === "--" ? i + 1 : i };
  }],
  ["command", (args) => {
    const p = parseFlags(args, { short: { p: "p", v: "v", V: "V" }, stopAtOperand: true }, 1);
    return has(p, "v") || has(p, "V") ? null : { inner: p.rest };
  }],
  ["builtin", simple()],
  ["exec", options({ short: { c: "c", l: "l" }, shortValue: { a: "a" }, stopAtOperand: true })],
  ["nice", options({ shortValue: { n: "adjustment" }, longValue: { adjustment: "adjustment" }, stopAtOperand: true })],
  ["nohup", simple()],
  ["time", options({ short: { p: "portable", v: "verbose", q: "quiet" }, shortValue: { f: "format", o: "output" }, stopAtOperand: true })],
  ["timeout", options(TIMEOUT, 1)],
  ["stdbuf", options({ shortValue: { i: "input", o: "output", e: "error" }, longValue: { input: "input", output: "output", error: "error" }, stopAtOperand: true })],
  ["ionice", options({ short: { t: "ignore" }, shortValue: { c: "class", n: "classdata", p: "pid", P: "pgid", u: "uid" }, stopAtOperand: true })],
  ["setsid", options({ short: { c: "ctty", f: "fork", w: "wait" }, stopAtOperand: true })],
  ["chrt", options({ short: { a: "a", b: "b", d: "d", f: "f", i: "i", o: "o", r: "r", R: "R", v: "v", e: "e", m: "m" }, shortValue: { T: "T", P: "P", D: "D" }, stopAtOperand: true }, 1)],
  ["taskset", options({ short: { a: "a", c: "c" }, stopAtOperand: true }, 1)],
  ["unbuffer", simple()],
  ["caffeinate", options({ short: { d: "d", i: "i", m: "m", s: "s", u: "u" }, shortValue: { t: "t", w: "w" }, stopAtOperand: true })],
  ["xargs", (args) => {
    const p = parseFlags(args, XARGS, 1);
    return { inner: p.rest, argsUnknown: true };
  }],
  ["busybox", simple()],
  ["flock", options({ short: { s: "s", x: "x", e: "x", u: "u", n: "n", o: "o", F: "F" }, shortValue: { w: "timeout", E: "conflict-exit-code" }, stopAtOperand: true }, 1)],
]);

/** Shells whose `-c STRING` is parsed again; also the interpreters a pipe into which is a finding. */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "yash"]);
export const INTERPRETERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  "python", "python2", "python3", "perl", "ruby", "node", "php", "lua", "tclsh", "osascript", "pwsh",
]);

export const SHELL_FLAGS: FlagSpec = {
  short: { c: "command", e: "e", x: "x", v: "v", u: "u", i: "interactive", l: "login", s: "stdin", n: "n", f: "f", h: "h", m: "m", p: "p", r: "r", a: "a", b: "b", B: "B", C: "C", E: "E", H: "H", P: "P", T: "T", k: "k", t: "t" },
  shortValue: { o: "option", O: "shopt" },
  long: { login: "login", norc: "norc", noprofile: "noprofile", posix: "posix", restricted: "restricted", verbose: "verbose", "debugger": "debugger", "dump-strings": "dump-strings", noediting: "noediting", interactive: "interactive", "no-config": "no-config", private: "private" },
  longValue: { rcfile: "rcfile", "init-file": "rcfile", command: "command-string", "init-command": "init-command" },
  stopAtOperand: true,
};
