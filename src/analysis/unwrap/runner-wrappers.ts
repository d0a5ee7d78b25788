/**
 * More wrappers (registered beside WRAPPERS in table.ts): small runners that run one command as
 * its argv, under a lock, a retry, a log or a detached session: `run-one`, `cronic`, `lckdo FILE`,
 * `retry`, `grc`, `systemd-cat`, `aa-exec`, `dtach -n SOCK`, `abduco -n NAME`, `ccache`,
 * `tcpserver HOST PORT`; and the job runners that take a shell string with arguments from stdin
 * (`sem`, `rush`, `xe`), as `parallel` does.
 */

import { letters, names } from "../flags.js";
import { options, simple, WRAPPERS, type Wrapper } from "./wrappers.js";

/** `dtach -n SOCK [options] cmd`, `abduco -c NAME [options] cmd`: a session made to run the command (attach modes run none). */
const session = (modes: RegExp, valued: RegExp): Wrapper => (args) => {
  if (!modes.test(args[1] ?? "") || args.length < 4) return null;
  let k = 3;
  while (k < args.length && (args[k] as string).startsWith("-")) k += valued.test(args[k] as string) ? 2 : 1;
  return k < args.length ? { inner: k, effects: [{ wrapper: args[0] ?? "", kind: "other", what: args[2] as string }] } : null;
};

/** `ccache gcc …` runs the compiler; `ccache -s`, `ccache --max-size` are its own commands. */
const ccache: Wrapper = (args) => (args.length > 1 && !(args[1] as string).startsWith("-") ? { inner: 1 } : null);

const parallel = WRAPPERS.get("parallel") as Wrapper;

export const RUNNER_WRAPPERS: ReadonlyArray<readonly [string, Wrapper]> = [
  ...["run-one", "run-this-one", "keep-one-running", "run-one-constantly", "run-one-until-success", "run-one-until-failure"].map((n): readonly [string, Wrapper] => [n, simple()]),
  ["cronic", simple()],
  // daemontools and friends: `setlock [-nNxX] FILE cmd`, `softlimit [-m N …] cmd`, `with-lock-ex FILE cmd`.
  ["setlock", options(() => ({ short: letters("nNxX"), stopAtOperand: true }), 1)],
  ["softlimit", options(() => ({ shortValue: letters("amdsloprfct"), stopAtOperand: true }))],
  ["with-lock-ex", options(() => ({ short: letters("qw"), stopAtOperand: true }), 1)],
  ["lckdo", options(() => ({ short: letters("qw"), shortValue: letters("W"), stopAtOperand: true }), 1)],
  ["retry", options(() => ({ short: letters("vq"), shortValue: letters("tdmDsu"), long: names("verbose", "quiet"), longValue: names("times", "tries", "delay", "sleep", "max", "min", "until", "backoff", "jitter"), stopAtOperand: true }))],
  ["grc", options(() => ({ short: letters("es"), shortValue: letters("c"), long: names("stderr", "stdout", "pty"), longValue: names("config", "colour"), stopAtOperand: true }))],
  ["systemd-cat", options(() => ({ shortValue: letters("tp"), longValue: names("identifier", "priority", "stderr-priority", "level-prefix", "namespace"), stopAtOperand: true }))],
  ["aa-exec", options(() => ({ short: letters("idv"), shortValue: letters("pn"), long: names("immediate", "debug", "verbose"), longValue: names("profile", "namespace"), stopAtOperand: true }))],
  ["dtach", session(/^-[ncA]$/, /^-[er]$/)],
  ["abduco", session(/^-[ncAf]$/, /^-e$/)],
  ["ccache", ccache],
  ["tcpserver", options(() => ({ short: letters("qQvdDoOpPhHrR1UX"), shortValue: letters("cCxBglubt"), stopAtOperand: true }), 2)],
  // parallel's kin: a shell string run per input line.
  ["sem", parallel],
  ["rush", options(() => ({ short: letters("kedrvVhe"), shortValue: letters("jDdiTOJ"), long: names("keep-order", "dry-run", "verbose", "stop-on-error", "continue", "escape", "immediate-output", "propagate-exit-status"), longValue: names("jobs", "record-delimiter", "field-delimiter", "infile", "out-file", "timeout", "retries", "retry-interval", "delay", "assign", "trim"), stopAtOperand: true }), 0, { shellString: true, argsUnknown: true })],
  ["xe", options(() => ({ short: letters("0FLRnqvpa"), shortValue: letters("fIjNsA"), stopAtOperand: true }), 0, { argsUnknown: true })],
];
