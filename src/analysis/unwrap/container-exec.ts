/**
 * A command run in a running container or pod: `docker exec web rm -rf /`, `docker compose exec
 * db psql -c 'DROP DATABASE app'`, `kubectl exec db-0 -- redis-cli FLUSHALL`, `kubectl debug node/x -- cmd`. Like `ssh host cmd`,
 * it acts on another machine's files and services: the command is read as it is written (its
 * words, as the outer shell passes them, are its argv).
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { engineVerbAt } from "../container-run.js";
import { parseFlags, type FlagSpec } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";

/** `docker|podman|nerdctl exec` options (the container is the first operand). */
const EXEC: FlagSpec = {
  short: { d: "detach", i: "interactive", t: "tty", T: "no-tty" },
  shortValue: { e: "env", u: "user", w: "workdir" },
  long: { detach: "detach", interactive: "interactive", tty: "tty", privileged: "privileged", latest: "latest", "no-TTY": "no-tty" },
  longValue: { env: "env", "env-file": "env-file", user: "user", workdir: "workdir", "detach-keys": "detach-keys", index: "index", preserve_fds: "fds", "preserve-fds": "fds" },
  stopAtOperand: true,
};
/** `docker compose` options before its subcommand. */
const COMPOSE: FlagSpec = {
  short: {},
  shortValue: { f: "file", p: "project" },
  long: { "dry-run": "dry-run", "all-resources": "all", compatibility: "compat" },
  longValue: { file: "file", "project-name": "project", profile: "profile", "env-file": "env-file", "project-directory": "dir", ansi: "ansi", parallel: "parallel", progress: "progress" },
  stopAtOperand: true,
};
/** kubectl's options before and after `exec` (the pod, then `--`, then the command). */
const KUBECTL_EXEC: FlagSpec = {
  short: { i: "stdin", t: "tty", q: "quiet" },
  shortValue: { c: "container", n: "namespace", f: "filename" },
  long: { stdin: "stdin", tty: "tty", quiet: "quiet" },
  longValue: { container: "container", namespace: "namespace", context: "context", cluster: "cluster", kubeconfig: "kubeconfig", user: "user", server: "server", filename: "filename", "pod-running-timeout": "timeout", token: "token", as: "as", "as-group": "as-group", "request-timeout": "timeout" },
};

export const kubectlExecUnwrapper: Unwrapper = { name: "kubectl-exec", commands: ["kubectl", "oc"], unwrap: (v, e) => kubectlExec(v, e) };
export const composeExecUnwrapper: Unwrapper = { name: "compose-exec", commands: ["docker-compose", "podman-compose"], unwrap: (v, e) => composeExec(v, e, 1) };

/** `docker [globals] exec …`, `docker [globals] container exec …`, `docker compose … exec …`; false when it is none. */
export function engineExec(view: CommandView, env: Env): boolean {
  const args = view.args;
  let at = engineVerbAt(args);
  if (args[at] === "container" && args[at + 1] === "exec") at++;
  if (args[at] === "compose") return composeExec(view, env, at + 1);
  if (args[at] !== "exec") return false;
  const p = parseFlags(args, EXEC, at + 1);
  run(view, env, p.rest + 1);
  return true;
}

function composeExec(view: CommandView, env: Env, from: number): boolean {
  const args = view.args;
  const at = parseFlags(args, COMPOSE, from).rest;
  if (args[at] !== "exec" && args[at] !== "run") return false;
  const p = parseFlags(args, { ...EXEC, long: { ...EXEC.long, rm: "rm", "service-ports": "sp", "no-deps": "no-deps", build: "build" }, longValue: { ...EXEC.longValue, name: "name", entrypoint: "entrypoint", volume: "volume", publish: "publish" } }, at + 1);
  run(view, env, p.rest + 1);
  return true;
}

function kubectlExec(view: CommandView, env: Env): void {
  const args = view.args;
  // `kubectl debug node/x -it --image=busybox -- chroot /host cmd`: the command runs in a pod on the node.
  const d = args.indexOf("debug");
  const debugDash = d > 0 ? args.indexOf("--", d + 1) : -1;
  if (debugDash > 0) return run(view, env, debugDash + 1);
  const k = args.indexOf("exec");
  if (k < 1) return;
  // The command follows `--` (the form kubectl asks for), else the words after the pod.
  const dash = args.indexOf("--", k + 1);
  run(view, env, dash > 0 ? dash + 1 : parseFlags(args, { ...KUBECTL_EXEC, stopAtOperand: true }, k + 1).rest + 1);
}

/** The words from `from` on are a command: read it as written. */
function run(view: CommandView, env: Env, from: number): void {
  const words = view.words;
  if (from >= words.length) return;
  const first = words[from] as Word;
  const last = words[words.length - 1] as Word;
  env.nest(view.facts.source.slice(first.start, last.end), [env.at(first)[0], env.at(last)[1]], inheritFrom(view));
}
