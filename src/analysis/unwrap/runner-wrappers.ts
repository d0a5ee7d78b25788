/**
 * More wrappers (registered beside WRAPPERS in table.ts): small runners that run one command as
 * its argv, under a lock, a retry, a log or a detached session: `run-one`, `cronic`, `lckdo FILE`,
 * `retry`, `grc`, `systemd-cat`, `aa-exec`, `dtach -n SOCK`, `abduco -n NAME`, `ccache`,
 * `tcpserver HOST PORT`; and the job runners that take a shell string with arguments from stdin
 * (`sem`, `rush`, `xe`), as `parallel` does.
 */

import { has, letters, names, parseFlags, type FlagSpec } from "../flags.js";
import { options, simple, WRAPPERS, type Wrapper } from "./wrappers.js";

/** `dtach -n SOCK [options] cmd`, `abduco -c NAME [options] cmd`: a session made to run the command (attach modes run none). */
const session = (modes: RegExp, valued: RegExp): Wrapper => (args) => {
  if (!modes.test(args[1] ?? "") || args.length < 4) return null;
  let k = 3;
  while (k < args.length && (args[k] as string).startsWith("-")) k += valued.test(args[k] as string) ? 2 : 1;
  return k < args.length ? { inner: k, effects: [{ wrapper: args[0] ?? "", kind: "other", what: args[2] as string }] } : null;
};

/**
 * A server (or client) that runs the command with a network connection as its stdin and stdout:
 * `tcpserver 0 4444 sh -i` is a shell for whoever connects (remote-shells.ts). `only`: the flag
 * without which the connection is not the command's input.
 */
function served(spec: () => FlagSpec, skip = 0, only?: string): Wrapper {
  let made: FlagSpec | undefined;
  return (args) => {
    const p = parseFlags(args, (made ??= spec()), 1);
    const inner = Math.min(p.rest + skip, args.length);
    const serves = only === undefined || has(p, only);
    return inner < args.length && serves ? { inner, effects: [{ wrapper: args[0] ?? "", kind: "serves", what: "network" }] } : { inner };
  };
}

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
  // Network servers and clients: the command runs with the connection as its stdin and stdout.
  ["sslserver", served(() => ({ short: letters("qQvdDoOpPhHrR1UXeEsSnN46"), shortValue: letters("cCxBglubtTIi"), stopAtOperand: true }), 2)],
  ["tcpserver", served(() => ({ short: letters("qQvdDoOpPhHrR1UX46"), shortValue: letters("cCxBglubtTI"), stopAtOperand: true }), 2)],
  ["tcpclient", served(() => ({ short: letters("46hHrRdDqQv"), shortValue: letters("ipTltI"), stopAtOperand: true }), 2)],
  ...["tcpsvd", "udpsvd"].map((n): readonly [string, Wrapper] => [n, served(() => ({ short: letters("hEv"), shortValue: letters("cCbul"), stopAtOperand: true }), 2)]),
  ...["s6-tcpserver", "s6-tcpserver4", "s6-tcpserver6"].map((n): readonly [string, Wrapper] => [n, served(() => ({ short: letters("qQvd461U"), shortValue: letters("cCbGgu"), stopAtOperand: true }), 2)]),
  ["s6-tcpclient", served(() => ({ short: letters("qQvd46rRhHDnN"), shortValue: letters("ipkTtl"), stopAtOperand: true }), 2)],
  // Go flags: one dash or two, the value after a space or `=`.
  ["websocketd", served(() => ({ singleDashLong: true, long: names("devconsole", "ssl", "binary", "reverselookup", "sameorigin", "license", "version", "help"), longValue: names("port", "address", "basepath", "cgidir", "staticdir", "dir", "loglevel", "sslcert", "sslkey", "passenv", "origin", "header", "header-ws", "header-http", "maxforks", "closems", "redirport"), stopAtOperand: true }))],
  // ttyd before 1.7 (Ubuntu 22.04's) takes input by default, so -W is not required here.
  ["ttyd", served(() => ({ short: letters("aWOoqB6SRh"), shortValue: letters("piUcHugswtTmIbPCKAdfr"), long: names("url-arg", "writable", "check-origin", "once", "exit-no-conn", "browser", "ipv6", "ssl", "readonly", "help"), longValue: names("port", "interface", "socket-owner", "credential", "auth-header", "uid", "gid", "signal", "cwd", "client-option", "terminal-type", "max-clients", "index", "base-path", "ping-interval", "ssl-cert", "ssl-key", "ssl-ca", "debug", "srv-buf-size"), stopAtOperand: true }))],
  // gotty takes input with -w, `-permit-write`, GOTTY_PERMIT_WRITE or a config file: served whatever its flags.
  ["gotty", served(() => ({ singleDashLong: true, short: { w: "permit-write", r: "random-url", t: "tls" }, shortValue: letters("apc"), long: names("permit-write", "random-url", "tls", "reconnect", "once", "permit-arguments"), longValue: names("address", "port", "credential", "random-url-length", "tls-crt", "tls-key", "tls-ca-crt", "index", "title-format", "reconnect-time", "max-connection", "timeout", "width", "height", "ws-origin", "term", "close-signal", "close-timeout", "config"), stopAtOperand: true }))],
  // `--inetd`: the connection is stdin and stdout (otherwise it is passed as descriptor 3).
  ["systemd-socket-activate", served(() => ({ short: letters("ad"), shortValue: letters("lE"), long: names("accept", "datagram", "seqpacket", "inetd", "now"), longValue: names("listen", "setenv", "fdname"), stopAtOperand: true }), 0, "inetd")],
  // parallel's kin: a shell string run per input line.
  ["sem", parallel],
  ["rush", options(() => ({ short: letters("kedrvVhe"), shortValue: letters("jDdiTOJ"), long: names("keep-order", "dry-run", "verbose", "stop-on-error", "continue", "escape", "immediate-output", "propagate-exit-status"), longValue: names("jobs", "record-delimiter", "field-delimiter", "infile", "out-file", "timeout", "retries", "retry-interval", "delay", "assign", "trim"), stopAtOperand: true }), 0, { shellString: true, argsUnknown: true })],
  ["xe", options(() => ({ short: letters("0FLRnqvpa"), shortValue: letters("fIjNsA"), stopAtOperand: true }), 0, { argsUnknown: true })],
];
