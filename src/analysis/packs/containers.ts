/**
 * The containers pack: docker/podman/nerdctl prunes and removals that delete volumes (data),
 * and containers given the host's root file system.
 */

import type { CommandView } from "../command.js";
import { normalise } from "../paths.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

/** docker's global options (before the subcommand). */
const GLOBAL: FlagSpec = { short: { D: "debug", v: "version" }, shortValue: { H: "host", c: "context", l: "log-level" }, long: { debug: "debug", tls: "tls", tlsverify: "tlsverify", version: "version", help: "help" }, longValue: { host: "host", context: "context", config: "config", "log-level": "log-level", tlscacert: "tlscacert", tlscert: "tlscert", tlskey: "tlskey" }, stopAtOperand: true };
const PRUNE: FlagSpec = { short: { a: "all", f: "force" }, long: { all: "all", force: "force", volumes: "volumes" }, longValue: { filter: "filter" } };
const DOWN: FlagSpec = { short: { v: "volumes", t: "timeout" }, long: { volumes: "volumes", "remove-orphans": "remove-orphans" }, longValue: { rmi: "rmi", timeout: "timeout" } };
const RUN: FlagSpec = { short: { d: "detach", i: "interactive", t: "tty", P: "publish-all", q: "quiet" }, shortValue: { v: "volume", e: "env", p: "publish", w: "workdir", u: "user", h: "hostname", m: "memory", l: "label", a: "attach", c: "cpu-shares" }, long: { rm: "rm", detach: "detach", interactive: "interactive", tty: "tty", privileged: "privileged", init: "init", "read-only": "read-only" }, longValue: { volume: "volume", mount: "mount", env: "env", name: "name", network: "network", entrypoint: "entrypoint", workdir: "workdir", user: "user", publish: "publish", platform: "platform", pid: "pid", "env-file": "env-file", label: "label", hostname: "hostname", memory: "memory", gpus: "gpus", device: "device", "cap-add": "cap-add", "security-opt": "security-opt" }, stopAtOperand: true };

const msg = (id: string, text: string) => [finding(id, text)];

/** `-v /:/host`, `--mount type=bind,source=/,target=/host`: the host root inside, writable. */
function mountsHostRoot(p: ReturnType<typeof parseFlags>): boolean {
  // As the kernel resolves it: `/./`, `/etc/..` and `//` are / too.
  const root = (src: string) => src.startsWith("/") && normalise(src, "/") === "/";
  return values(p, "volume").some((v) => root(v.split(":")[0] as string) && !/:ro$/.test(v))
    || values(p, "mount").some((m) => {
      const src = /(?:^|,)(?:source|src)=([^,]*)/.exec(m)?.[1];
      return src !== undefined && root(src) && !/(?:^|,)(?:readonly|ro)(?:=true)?(?:,|$)/.test(m);
    });
}

function docker(view: CommandView) {
  const g = parseFlags(view.args, GLOBAL, 1);
  let sub = view.args.slice(g.rest);
  if (sub[0] === "container" || sub[0] === "image" || sub[0] === "network" || sub[0] === "builder") sub = sub[0] === "container" && sub[1] === "run" ? sub.slice(1) : sub;
  const [a, b] = [sub[0] ?? "", sub[1] ?? ""];
  const name = view.name;
  if ((a === "system" && b === "prune") || (a === "volume" && b === "prune")) {
    const p = parseFlags(sub, PRUNE, 2);
    if (a === "volume" || has(p, "volumes")) return msg("dangerous/container-volume-delete", `${name} ${a} prune deletes volumes no container uses right now, and the data in them.`);
    return has(p, "all") ? msg("dangerous/container-prune", `${name} system prune -a removes every stopped container and unused image; rebuilding may take long or be impossible.`) : NONE;
  }
  if (a === "volume" && (b === "rm" || b === "remove")) return msg("dangerous/container-volume-delete", `${name} volume rm deletes the volumes and the data in them.`);
  if (a === "compose" || name === "docker-compose" || name === "podman-compose") {
    const rest = a === "compose" ? sub.slice(1) : view.args.slice(1);
    const i = rest.indexOf("down");
    if (i >= 0 && has(parseFlags(rest, DOWN, i + 1), "volumes")) return msg("dangerous/container-volume-delete", "compose down -v deletes the project's named volumes and the data in them.");
    return NONE;
  }
  if (a === "run" || a === "create") {
    if (mountsHostRoot(parseFlags(sub, RUN, 1))) return msg("dangerous/container-host-root", `${name} ${a} mounts the host's / writable inside the container; a command there can delete or change anything on the host.`);
  }
  return NONE;
}

const ENTRIES = new Map<string, Rule>([["docker", docker], ["podman", docker], ["nerdctl", docker], ["docker-compose", docker], ["podman-compose", docker]]);

export const containers: Pack = {
  name: "containers",
  description: "docker/podman system prune -a, volume prune/rm, compose down -v, run -v /:/host.",
  entries: ENTRIES,
  findings: {
    "dangerous/container-prune": { entry: "docker system prune", description: "docker/podman system prune -a." },
    "dangerous/container-volume-delete": { entry: "docker volume, docker system prune --volumes, docker compose down -v", description: "Deleting volumes: volume rm/prune, system prune --volumes, compose down -v." },
    "dangerous/container-host-root": { entry: "docker run, docker create", description: "A container with the host's / mounted writable (-v /:/host, --mount source=/)." },
  },
};
