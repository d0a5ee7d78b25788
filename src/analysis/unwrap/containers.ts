/**
 * `docker run -v "$PWD":/src IMAGE rm -rf /src`: a command in a container acts on the host
 * through its bind mounts. The container's command is read with each path under a mount's target
 * written as the host path it is, relative paths in a mounted working directory (`-w`) likewise;
 * paths only in the container stand for run-time values, so only what reaches the host is judged.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { containerRun, mounts, type Mount } from "../container-run.js";
import { values } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { shellQuote } from "./strings.js";
import { engineExec } from "./container-exec.js";

export const containerRunUnwrapper: Unwrapper = { name: "container-run", commands: ["docker", "podman", "nerdctl"], unwrap: (v, e) => containerCommand(v, e) };

/** A path only in the container: a run-time value to the host's checks. */
const CONTAINER_PATH = '"$CONTAINER_PATH"';

function containerCommand(view: CommandView, env: Env): void {
  const args = view.args;
  const run = containerRun(args);
  // `docker exec web rm -rf /`: the command runs in a running container.
  if (run === null && engineExec(view, env)) return;
  if (run === null || run.verb !== "run") return;
  const p = run.p;
  const binds = mounts(p).filter((m) => m.writable && m.target.startsWith("/")).sort((a, b) => b.target.length - a.target.length);
  if (binds.length === 0 || p.rest >= args.length) return;
  const entrypoint = values(p, "entrypoint")[0];
  const command = view.words.slice(p.rest + 1);
  if (command.length === 0 && entrypoint === undefined) return;
  const workdir = values(p, "workdir")[0];
  const hostDir = workdir === undefined ? null : onHost(workdir, binds);
  let mapped = hostDir !== null;
  const words = command.map((w) => {
    if (w.dynamic !== null) return shellQuote(w.value);
    if (!w.value.startsWith("/")) return shellQuote(w.value);
    const host = onHost(w.value, binds);
    mapped ||= host !== null;
    return host ?? CONTAINER_PATH;
  });
  if (!mapped) return;
  const first = (view.words[p.rest] as Word | undefined) ?? (view.words[0] as Word);
  const text = [...(entrypoint !== undefined ? [shellQuote(entrypoint)] : []), ...words].join(" ");
  // The container's working directory: a mounted one is the host's, any other unknown here.
  env.nest(`cd ${hostDir ?? '"$CONTAINER_DIR"'} && ${text}`, env.at(first), inheritFrom(view));
}

/** The host path, as shell source, that the container path `path` is, or null when it is no mount's. */
function onHost(path: string, binds: readonly Mount[]): string | null {
  for (const m of binds) {
    const t = m.target.replace(/\/+$/, "") || "/";
    if (path !== t && !path.startsWith(t === "/" ? "/" : `${t}/`)) continue;
    const rest = path.slice(t.length);
    // `~` and `$HOME`/`$PWD` stay as the shell expands them, in double quotes.
    const source = m.source.replace(/^~(?=\/|$)/, "$HOME");
    return `"${(source + rest).replace(/["\\`]/g, "\\$&")}"`;
  }
  return null;
}
