/**
 * `docker|podman|nerdctl run` as both the containers pack and unwrapping read it: the engine's
 * global options, `run`'s options, and the host directories bind-mounted into the container.
 */

import { parseFlags, values, type FlagSpec, type ParsedFlags } from "./flags.js";

/** docker's global options (before the subcommand). */
export const GLOBAL: FlagSpec = { short: { D: "debug", v: "version" }, shortValue: { H: "host", c: "context", l: "log-level" }, long: { debug: "debug", tls: "tls", tlsverify: "tlsverify", version: "version", help: "help" }, longValue: { host: "host", context: "context", config: "config", "log-level": "log-level", tlscacert: "tlscacert", tlscert: "tlscert", tlskey: "tlskey" }, stopAtOperand: true };
export const RUN: FlagSpec = { short: { d: "detach", i: "interactive", t: "tty", P: "publish-all", q: "quiet" }, shortValue: { v: "volume", e: "env", p: "publish", w: "workdir", u: "user", h: "hostname", m: "memory", l: "label", a: "attach", c: "cpu-shares" }, long: { rm: "rm", detach: "detach", interactive: "interactive", tty: "tty", privileged: "privileged", init: "init", "read-only": "read-only" }, longValue: { volume: "volume", mount: "mount", env: "env", name: "name", network: "network", entrypoint: "entrypoint", workdir: "workdir", user: "user", publish: "publish", platform: "platform", pid: "pid", "env-file": "env-file", label: "label", hostname: "hostname", memory: "memory", gpus: "gpus", device: "device", "cap-add": "cap-add", "security-opt": "security-opt",
  cpus: "cpus", "memory-swap": "memory-swap", "shm-size": "shm-size", ulimit: "ulimit", "add-host": "add-host", dns: "dns", restart: "restart", "log-driver": "log-driver", "log-opt": "log-opt",
  tmpfs: "tmpfs", cidfile: "cidfile", cgroupns: "cgroupns", ipc: "ipc", uts: "uts", userns: "userns", runtime: "runtime", "stop-signal": "stop-signal", "stop-timeout": "stop-timeout",
  "health-cmd": "health-cmd", pull: "pull", "volumes-from": "volumes-from", expose: "expose", link: "link", "network-alias": "network-alias", "group-add": "group-add", "cap-drop": "cap-drop",
  sysctl: "sysctl", "label-file": "label-file", "cpuset-cpus": "cpuset-cpus", "pids-limit": "pids-limit", "detach-keys": "detach-keys", "cgroup-parent": "cgroup-parent", arch: "arch", os: "os" }, stopAtOperand: true };

export interface Mount {
  /** The host side as written. */
  source: string;
  /** Where it appears in the container. */
  target: string;
  writable: boolean;
}

/** Bind mounts: `-v SRC:DST[:opts]`, `--mount type=bind,source=SRC,…[,readonly]`. */
export function mounts(p: ReturnType<typeof parseFlags>): Mount[] {
  const out: Mount[] = [];
  for (const v of values(p, "volume")) {
    const parts = v.split(":");
    if (parts.length >= 2) out.push({ source: parts[0] as string, target: parts[1] as string, writable: !(parts[2] ?? "").split(",").includes("ro") });
  }
  for (const m of values(p, "mount")) {
    const src = /(?:^|,)(?:source|src)=([^,]*)/.exec(m)?.[1];
    const dst = /(?:^|,)(?:target|destination|dst)=([^,]*)/.exec(m)?.[1] ?? "";
    if (src !== undefined) out.push({ source: src, target: dst, writable: !/(?:^|,)(?:readonly|ro)(?:=(?:true|1))?(?:,|$)/.test(m) });
  }
  return out;
}


export interface ContainerRun {
  verb: "run" | "create";
  /** Index of the verb in the command's words. */
  at: number;
  p: ParsedFlags;
}

const RUNS = new WeakMap<readonly string[], ContainerRun | null>();
const VERBS = new WeakMap<readonly string[], number>();

/**
 * Where `docker [global options]`'s subcommand is (an index into args), parsed once per command:
 * the containers pack and the run and exec unwrappers all read it.
 */
export function engineVerbAt(args: readonly string[]): number {
  let at = VERBS.get(args);
  if (at === undefined) {
    at = parseFlags(args, GLOBAL, 1).rest;
    VERBS.set(args, at);
  }
  return at;
}

/**
 * `docker [global options] run|create …` (and `container run`): its options, parsed once per
 * command although both the containers pack and unwrapping read them. Null for other subcommands.
 */
export function containerRun(args: readonly string[]): ContainerRun | null {
  let run = RUNS.get(args);
  if (run === undefined) {
    let at = engineVerbAt(args);
    if (args[at] === "container" && args[at + 1] === "run") at++;
    const verb = args[at];
    run = verb === "run" || verb === "create" ? { verb, at, p: parseFlags(args, RUN, at + 1) } : null;
    RUNS.set(args, run);
  }
  return run;
}
