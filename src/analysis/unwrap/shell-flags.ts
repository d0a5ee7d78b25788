/** The option tables of the shells, su, ssh and lldb: shared by unwrapping and the read-only check. */

import type { FlagSpec } from "../flags.js";

/** bash's (and sh's) options; `-c` makes the first operand the script. */
export const SHELL_FLAGS: FlagSpec = {
  short: { c: "command", e: "e", x: "x", v: "v", u: "u", i: "interactive", l: "login", s: "stdin", n: "n", f: "f", h: "h", m: "m", p: "p", r: "r", a: "a", b: "b", B: "B", C: "C", E: "E", H: "H", P: "P", T: "T", k: "k", t: "t" },
  shortValue: { o: "option", O: "shopt" },
  long: { login: "login", norc: "norc", noprofile: "noprofile", posix: "posix", restricted: "restricted", verbose: "verbose", "debugger": "debugger", "dump-strings": "dump-strings", noediting: "noediting", interactive: "interactive", "no-config": "no-config", private: "private" },
  longValue: { rcfile: "rcfile", "init-file": "rcfile", command: "command-string", "init-command": "init-command", emulate: "emulate" },
  stopAtOperand: true,
};

/** su / runuser (without -u) / sg: options as util-linux parses them (anywhere on the line). */
export const SU_FLAGS: FlagSpec = {
  short: { l: "login", m: "preserve", p: "preserve", f: "fast", P: "pty" },
  shortValue: { c: "command", C: "command", s: "shell", g: "group", G: "supp-group", w: "whitelist" },
  long: { login: "login", pty: "pty", "preserve-environment": "preserve", fast: "fast" },
  longValue: { command: "command", "session-command": "command", shell: "shell", group: "group", "supp-group": "supp-group", "whitelist-environment": "whitelist" },
};

/** OpenSSH client options; the first operand is the host, the rest is the remote command. */
export const SSH_FLAGS: FlagSpec = {
  short: { "4": "4", "6": "6", A: "A", a: "a", C: "C", f: "f", G: "G", g: "g", K: "K", k: "k", M: "M", N: "N", n: "n", q: "q", s: "s", T: "T", t: "t", V: "V", v: "v", X: "X", x: "x", Y: "Y", y: "y" },
  shortValue: { B: "B", b: "b", c: "c", D: "D", E: "E", e: "e", F: "F", I: "I", i: "i", J: "J", L: "L", l: "l", m: "m", O: "O", o: "o", p: "p", Q: "Q", R: "R", S: "S", W: "W", w: "w" },
  stopAtOperand: true,
};

/** lldb's driver options (`--one-line` or `-one-line`); `--` starts the program's arguments. */
export const LLDB_FLAGS: FlagSpec = {
  short: { b: "batch", d: "debug", e: "editor", h: "help", x: "no-lldbinit", X: "no-use-colors", w: "wait-for", v: "version", Q: "source-quietly", P: "python-path", r: "repl" },
  shortValue: { o: "one-line", O: "one-line", k: "one-line", s: "source", S: "source", K: "source", a: "arch", c: "core", f: "file", n: "attach-name", p: "attach-pid", l: "script-language", R: "repl-language" },
  long: { batch: "batch", debug: "debug", editor: "editor", help: "help", "no-lldbinit": "no-lldbinit", "local-lldbinit": "local-lldbinit", "no-use-colors": "no-use-colors", "wait-for": "wait-for", version: "version", "source-quietly": "source-quietly", "python-path": "python-path", "print-script-interpreter-info": "python-path", repl: "repl" },
  longValue: {
    "one-line": "one-line", "one-line-before-file": "one-line", "one-line-on-crash": "one-line", source: "source", "source-before-file": "source", "source-on-crash": "source",
    arch: "arch", core: "core", file: "file", "attach-name": "attach-name", "attach-pid": "attach-pid", "script-language": "script-language", "repl-language": "repl-language",
  },
  singleDashLong: true,
};
