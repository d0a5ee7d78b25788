/**
 * Debuggers that run a program (the WRAPPERS table's kin, registered beside it in table.ts):
 * `valgrind [OPTIONS] PROG ARGS` and `gdb --args PROG ARGS`. What their own options do is an
 * effect: log files written, `--db-command` and gdb's `-ex`/`-x` commands run.
 */

import { has, parseFlags, type FlagSpec } from "../flags.js";
import { effectsOf, other, output, runs, type Wrapper, type WrapperEffect } from "./wrappers.js";

/** valgrind: options are one word (`--tool=memcheck`); log files are written, --db-command runs a program. */
const VALGRIND_QUIET = /^(?:-[qvh]|--(?:tool|leak-check|show-leak-kinds|track-origins|error-exitcode|num-callers|trace-children|show-reachable|errors-for-leak-kinds|quiet|verbose|suppressions|track-fds|read-var-info|read-inline-info|undef-value-errors|demangle|time-stamp|max-stackframe|main-stacksize|fair-sched|smc-check|expensive-definedness-checks|keep-stacktraces|freelist-vol|workaround-gcc296-bugs|child-silent-after-fork|sigill-diagnostics|show-below-main|fullpath-after|error-limit|exit-on-first-error)(?:=.*)?)$/;
const valgrind: Wrapper = (args) => {
  const wrapper = args[0] ?? "valgrind";
  let effects: WrapperEffect[] | undefined;
  let i = 1;
  for (; i < args.length && (args[i] as string).startsWith("-"); i++) {
    const a = args[i] as string;
    if (a === "--") { i++; break; }
    const log = /^--(?:log-file|xml-file)=(.*)$/.exec(a);
    if (log !== null) {
      const kind = output(log[1] as string);
      if (kind !== null) (effects ??= []).push({ wrapper, kind, what: log[1] as string });
    } else if (/^--db-command=/.test(a)) (effects ??= []).push({ wrapper, kind: "runs", what: a.slice(a.indexOf("=") + 1) });
    else if (!VALGRIND_QUIET.test(a)) (effects ??= []).push({ wrapper, kind: "other", what: a });
  }
  return i < args.length ? { inner: i, ...(effects ? { effects } : {}) } : null;
};

/** gdb's options (getopt_long_only): also read by option-commands.ts and script-files.ts for its -ex and -x commands. */
export const GDB_FLAGS: FlagSpec = {
  short: { q: "quiet", n: "nx" },
  shortValue: { x: "command", p: "pid", c: "core", d: "directory", s: "symbols", e: "exec", b: "baud", l: "timeout", i: "interpreter", D: "data-directory" },
  long: { args: "args", batch: "batch", quiet: "quiet", silent: "quiet", q: "quiet", nx: "nx", nh: "nh", tui: "tui", "return-child-result": "return-child-result", readnow: "readnow", "readnever": "readnever", write: "write", statistics: "statistics", version: "version", help: "help", configuration: "configuration", "batch-silent": "batch" },
  longValue: { ex: "eval", "eval-command": "eval", iex: "eval", "init-eval-command": "eval", x: "command", command: "command", ix: "command", "init-command": "command", pid: "pid", core: "core", directory: "directory", cd: "directory", symbols: "symbols", se: "symbols", exec: "exec", tty: "tty", "data-directory": "data-directory", interpreter: "interpreter", ui: "interpreter" },
  stopAtOperand: true,
  singleDashLong: true,
};
/** gdb commands that only run, inspect or leave the program (anything else may be `shell …`). */
const GDB_PLAIN = /^(?:r|run|start|c|continue|bt|backtrace(?: full)?|where|info .*|thread apply all bt(?: full)?|q|quit|kill)$/;
/** gdb runs the program only with `--args PROG ARGS`; `-ex`/`-x` give it commands (`shell …` runs any). */
const gdb: Wrapper = (args) => {
  const p = parseFlags(args, GDB_FLAGS, 1);
  if (!has(p, "args") || p.rest >= args.length) return null;
  const effects = effectsOf(args, p, { eval: (v) => (GDB_PLAIN.test(v.trim()) ? null : "runs"), command: runs, pid: other, write: other, tty: other });
  return { inner: p.rest, ...(effects ? { effects } : {}) };
};

export const DEBUGGER_WRAPPERS: ReadonlyArray<readonly [string, Wrapper]> = [
  ["valgrind", valgrind],
  ["gdb", gdb],
];
