/**
 * Still more wrappers (registered beside WRAPPERS in table.ts), found by issue 15's second
 * red-team pass: each ran `rm -rf ~` unseen. Privilege droppers of container images (`gosu`,
 * `su-exec`, `setuidgid`), init shims (`tini`, `dumb-init`), terminals that run a command
 * (`gnome-terminal --`, `konsole -e`, `alacritty -e`, `kitty`, …; xterm-style `-e 'a string'` is a
 * shell string), namespaces and sessions (`podman unshare`, `ip netns exec`, `capsh -- -c`,
 * `openvt`, `logsave`, `daemonize`, `mpirun`), environment loaders (`cross-env`, `dotenv`,
 * `dotenvx run`, `envdir`, `chamber exec`, `sops exec-env`, `summon`) and version managers
 * (`asdf exec`, `nvm exec`, `hatch`/`rye`/`devbox`/`pixi run`); `cmake -E env|time|chdir`.
 */

import { letters, names, parseFlags, type FlagSpec } from "../flags.js";
import { alsoAfter, ASSIGNMENT, options, type Wrapper } from "./wrappers.js";

/**
 * `TOOL SUB [options] [--] cmd args` (`skip` operands after the options are the tool's: `nvm exec
 * 18 cmd`; with `tools`, every operand before `--` is: `chamber exec svc1 svc2 -- cmd`).
 */
function sub(subs: readonly string[], spec: FlagSpec, skip = 0, tools = false): Wrapper {
  return (args) => {
    const at = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
    if (at < 0 || !subs.includes(args[at] as string)) return null;
    const p = parseFlags(args, spec, at + 1);
    const dashes = args.indexOf("--", at + 1);
    const inner = dashes > 0 && (tools || dashes <= p.rest) ? dashes + 1 : Math.min(p.rest + skip, args.length);
    return inner < args.length ? { inner, ...alsoAfter(args, p, spec) } : null;
  };
}

/**
 * A terminal emulator's command: after `--`, or after its execute option (`-e`, `-x`, `--command`).
 * One word after `-e` holding a blank is a command line the terminal hands to a shell.
 */
function terminal(execute: readonly string[]): Wrapper {
  return (args) => {
    for (let k = 1; k < args.length; k++) {
      const a = args[k] as string;
      if (a === "--" || execute.includes(a)) {
        if (k + 1 >= args.length) return null;
        const one = k + 2 === args.length && /\s/.test(args[k + 1] as string);
        return one && a !== "--" ? { inner: k + 1, shellString: true, shellEnd: k + 2 } : { inner: k + 1 };
      }
    }
    return null;
  };
}

/** `capsh [options] -- -c 'cmd'`: the words after `--` are bash's. */
const capsh: Wrapper = (args) => {
  const k = args.indexOf("--");
  return k > 0 && args[k + 1] === "-c" && k + 2 < args.length ? { inner: k + 2, shellString: true, shellEnd: k + 3, privileged: true } : null;
};

/** `cross-env A=1 B=2 cmd`, `envdir DIR cmd`-style loaders: variables, then the command. */
const crossEnv: Wrapper = (args) => {
  let k = 1;
  while (k < args.length && ASSIGNMENT.test(args[k] as string)) k++;
  return k < args.length ? { inner: k } : null;
};

/** `sops exec-env FILE 'cmd'`, `sops exec-file FILE 'cmd {}'`: a shell string run with the secrets. */
const sops: Wrapper = (args) => {
  const at = args.findIndex((a) => a === "exec-env" || a === "exec-file");
  if (at < 0) return null;
  const p = parseFlags(args, { long: names("background", "no-fifo", "pristine", "same-process"), longValue: names("user", "filename", "output-type", "input-type", "env"), stopAtOperand: true }, at + 1);
  const cmd = p.rest + 1;
  return cmd < args.length ? { inner: cmd, shellString: true, shellEnd: cmd + 1 } : null;
};

/** `ip [-n NS] netns exec NAME cmd`: the command runs in a network namespace (as root). */
const ip: Wrapper = (args) => {
  const k = args.indexOf("netns");
  return k > 0 && args[k + 1] === "exec" && k + 3 < args.length ? { inner: k + 3, privileged: true } : null;
};

/** `cmake -E env [NAME=VALUE…] [--unset=NAME] [--] cmd`, `cmake -E time cmd`, `cmake -E chdir DIR cmd`. */
const cmake: Wrapper = (args) => {
  if (args[1] !== "-E") return null;
  let k = 3;
  if (args[2] === "time") k = 3;
  else if (args[2] === "chdir") k = 4;
  else if (args[2] === "env") {
    while (k < args.length && (ASSIGNMENT.test(args[k] as string) || /^--(?:unset|modify)=/.test(args[k] as string))) k++;
    if (args[k] === "--") k++;
  } else return null;
  // `cmake -E chdir DIR cmd`: the command runs in DIR.
  return k < args.length ? { inner: k, ...(args[2] === "chdir" && args[3] !== undefined ? { effects: [{ wrapper: "cmake", kind: "chdir" as const, what: args[3] }] } : {}) } : null;
};

export const SESSION_WRAPPERS: ReadonlyArray<readonly [string, Wrapper]> = [
  ["cmake", cmake],
  ["gosu", options(() => ({ stopAtOperand: true }), 1, { privileged: true })],
  ["su-exec", options(() => ({ stopAtOperand: true }), 1, { privileged: true })],
  ["setuidgid", options(() => ({ stopAtOperand: true }), 1, { privileged: true })],
  ["capsh", capsh],
  ["tini", options(() => ({ short: letters("svgwlh"), shortValue: letters("pe"), stopAtOperand: true }))],
  ["dumb-init", options(() => ({ short: letters("cvVh"), shortValue: letters("r"), long: names("single-child", "verbose", "version", "help"), longValue: names("rewrite"), stopAtOperand: true }))],
  ["gnome-terminal", terminal(["-x", "--execute", "-e", "--command"])],
  ["mate-terminal", terminal(["-x", "--execute", "-e", "--command"])],
  ["xfce4-terminal", terminal(["-x", "--execute", "-e", "--command"])],
  ["terminator", terminal(["-x", "--execute", "-e", "--command"])],
  ["tilix", terminal(["-x", "--execute", "-e", "--command"])],
  ["konsole", terminal(["-e"])],
  ["alacritty", terminal(["-e", "--command"])],
  ["urxvt", terminal(["-e"])],
  ["rxvt", terminal(["-e"])],
  ["st", terminal(["-e"])],
  ["lxterminal", terminal(["-e", "--command"])],
  // kitty and foot run their operands as the command, after options that may take a value.
  ["kitty", options(() => ({ short: letters("1"), shortValue: letters("cdoT"), long: names("hold", "detach", "single-instance", "dump-commands", "replay-commands", "start-as-fullscreen"), longValue: names("class", "name", "title", "config", "override", "directory", "session", "listen-on", "start-as", "instance-group", "watcher", "logo", "os-window-tag", "wait-for-single-instance-window-close"), stopAtOperand: true }))],
  ["foot", options(() => ({ short: letters("HsvFmLh"), shortValue: letters("cotTaWwDdlp"), long: names("hold", "server", "maximized", "fullscreen", "login-shell", "version", "help"), longValue: names("config", "override", "font", "term", "title", "app-id", "window-size-pixels", "window-size-chars", "working-directory", "log-level", "log-colorize", "pty"), stopAtOperand: true }))],
  ["wezterm", sub(["start"], { long: names("no-auto-connect", "always-new-process"), longValue: names("cwd", "class", "workspace", "position", "domain"), stopAtOperand: true })],
  ["podman", sub(["unshare"], { long: names("rootless-netns", "rootless-cni"), stopAtOperand: true })],
  ["buildah", sub(["unshare"], { shortValue: letters("m"), longValue: names("mount"), stopAtOperand: true })],
  ["ip", ip],
  ["openvt", options(() => ({ short: letters("sluwfv"), shortValue: letters("c"), long: names("switch", "login", "user", "wait", "force", "verbose", "help"), longValue: names("console"), stopAtOperand: true }))],
  ["logsave", options(() => ({ short: letters("asv"), stopAtOperand: true }), 1)],
  ["daemonize", options(() => ({ short: letters("av"), shortValue: { ...letters("ceoplu"), E: "E" }, stopAtOperand: true }))],
  ["mpirun", options(() => ({ short: letters("qv"), shortValue: { n: "np", H: "host", c: "np" }, long: names("oversubscribe", "allow-run-as-root", "quiet", "verbose", "bind-to-core"), longValue: names("np", "host", "hostfile", "machinefile", "map-by", "bind-to", "rank-by", "mca", "x", "wdir", "prefix"), singleDashLong: true, stopAtOperand: true }))],
  ["mpiexec", options(() => ({ short: letters("qv"), shortValue: { n: "np", H: "host", c: "np" }, long: names("oversubscribe", "allow-run-as-root", "quiet", "verbose"), longValue: names("np", "host", "hostfile", "machinefile", "map-by", "bind-to", "wdir", "prefix"), singleDashLong: true, stopAtOperand: true }))],
  ["cross-env", crossEnv],
  ["dotenv", options(() => ({ short: letters("c"), shortValue: letters("ev"), long: names("debug", "quiet", "override"), stopAtOperand: true }))],
  ["dotenvx", sub(["run"], { shortValue: letters("fe"), long: names("overload", "quiet", "verbose", "debug", "strict", "ignore"), longValue: names("env-file", "env", "convention", "env-keys-file"), stopAtOperand: true })],
  ["envdir", options(() => ({ stopAtOperand: true }), 1)],
  ["chamber", sub(["exec"], { long: names("strict", "pristine"), longValue: names("strict-value", "backend"), stopAtOperand: true }, 0, true)],
  ["sops", sops],
  ["summon", options(() => ({ short: letters("a"), shortValue: letters("pfD"), long: names("all-provider-versions", "ignore-all", "up"), longValue: names("provider", "yaml", "environment", "ignore", "fetch"), stopAtOperand: true }))],
  ["asdf", sub(["exec"], { stopAtOperand: true })],
  ["hatch", sub(["run"], { shortValue: letters("e"), longValue: names("env"), stopAtOperand: true })],
  ["rye", sub(["run"], { short: letters("lv"), long: names("list", "verbose", "quiet"), longValue: names("pyproject"), stopAtOperand: true })],
  ["devbox", sub(["run"], { shortValue: letters("ec"), long: names("quiet", "pure"), longValue: names("env", "config", "env-file"), stopAtOperand: true })],
  ["pixi", sub(["run", "exec"], { long: names("frozen", "locked", "clean-env", "force-reinstall"), longValue: names("environment", "manifest-path", "spec"), stopAtOperand: true })],
  ["nq", options(() => ({ short: letters("ctq"), stopAtOperand: true }))],
  ["tsp", options(() => ({ short: letters("nfgB"), shortValue: letters("LDNE"), stopAtOperand: true }))],
  ["pueue", sub(["add"], { short: letters("eibpq"), shortValue: letters("awdgl"), long: names("escape", "immediate", "stashed", "print-task-id", "follow", "priority"), longValue: names("after", "working-directory", "delay", "group", "label", "priority"), stopAtOperand: true })],
];
