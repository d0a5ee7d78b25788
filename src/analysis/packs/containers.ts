/**
 * The containers pack: docker/podman/nerdctl prunes and removals that delete volumes (data),
 * and containers given the host's root file system.
 */

import type { CommandView } from "../command.js";
import type { CheckContext } from "../check.js";
import { normalise } from "../paths.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { containerRun, engineVerbAt, mounts } from "../container-run.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

const PRUNE: FlagSpec = { short: { a: "all", f: "force" }, long: { all: "all", force: "force", volumes: "volumes" }, longValue: { filter: "filter" } };
const DOWN: FlagSpec = { short: { v: "volumes", t: "timeout" }, long: { volumes: "volumes", "remove-orphans": "remove-orphans" }, longValue: { rmi: "rmi", timeout: "timeout" } };

const msg = (id: string, text: string) => [finding(id, text)];

// As the kernel resolves it: `/./`, `/etc/..` and `//` are / too.
const isRoot = (src: string): boolean => src.startsWith("/") && normalise(src, "/") === "/";

/** `-v /:/host`, `--mount type=bind,source=/,target=/host`: the host root inside, writable. */
function mountsHostRoot(p: ReturnType<typeof parseFlags>): boolean {
  return mounts(p).some((m) => m.writable && isRoot(m.source));
}

/** Host directories whose being writable in a container is the host's: the OS's, and home and the directories holding it. */
const SYSTEM_DIRS = ["/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/root", "/home", "/var", "/var/lib", "/dev", "/sys", "/proc", "/run"];
/** The container engines' API sockets: whoever reaches one starts containers as root on the host. */
const ENGINE_SOCKET = /(?:^|\/)(?:docker|podman|containerd|crio|dockershim)\.sock$/;
/** Capabilities and devices that reach the host's kernel or disks. */
const HOST_CAPS = /^(?:ALL|SYS_ADMIN|SYS_MODULE|SYS_RAWIO|CAP_SYS_ADMIN|CAP_SYS_MODULE|CAP_SYS_RAWIO)$/i;
const HOST_DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|dm-|md|mapper\/|k?mem\b|port\b)/;

/** `$HOME`, `${HOME}`, `~`, `$PWD`, `.` at the start of a mount source, as the shell gives them; null when still unknown. */
function hostPath(src: string, home: string, cwd: string): string | null {
  const s = src.replace(/^(?:~|\$HOME\b|\$\{HOME\})/, home).replace(/^(?:\$PWD\b|\$\{PWD\})/, cwd);
  if (s.includes("$") || s.includes("`")) return null;
  return s.startsWith("/") ? normalise(s, "/") : null;
}

/** Why a container started with these options reaches the host, or null. */
function hostAccess(p: ReturnType<typeof parseFlags>, ctx: CheckContext): string | null {
  if (values(p, "privileged").some((v) => v !== "false")) return "runs privileged (--privileged): it can mount the host's disks and load kernel modules";
  const cap = values(p, "cap-add").find((c) => HOST_CAPS.test(c));
  if (cap !== undefined) return `has the capability ${cap}, which reaches the host's kernel or disks`;
  const device = values(p, "device").find((d) => HOST_DEVICE.test(d.split(":")[0] as string));
  if (device !== undefined) return `is given the host's device ${device.split(":")[0]}`;
  for (const m of mounts(p)) {
    if (ENGINE_SOCKET.test(m.source)) return `is given the container engine's socket (${m.source}): it can start a container with the host's / mounted`;
    const path = m.writable ? hostPath(m.source, ctx.paths.home, ctx.paths.cwd) : null;
    if (path === null || path === "/") continue;
    if (path === ctx.paths.home || ctx.paths.home.startsWith(`${path}/`)) return `mounts your home directory${path === ctx.paths.home ? "" : ` (in ${path})`} writable`;
    if (SYSTEM_DIRS.includes(path)) return `mounts the host's ${path} writable`;
  }
  return null;
}

function docker(view: CommandView, ctx: CheckContext) {
  let sub = view.args.slice(engineVerbAt(view.args));
  if (sub[0] === "container" || sub[0] === "image" || sub[0] === "network" || sub[0] === "builder") sub = sub[0] === "container" && sub[1] === "run" ? sub.slice(1) : sub;
  const [a, b] = [sub[0] ?? "", sub[1] ?? ""];
  const name = view.name;
  if ((a === "system" && b === "prune") || (a === "volume" && b === "prune")) {
    const p = parseFlags(sub, PRUNE, 2);
    if (a === "volume" || has(p, "volumes")) return msg("dangerous/container-volume-delete", `${name} ${a} prune deletes volumes no container uses right now, and the data in them.`);
    return has(p, "all") ? msg("dangerous/container-prune", `${name} system prune -a removes every stopped container and unused image; rebuilding may take long or be impossible.`) : NONE;
  }
  // `podman system reset`: every container, image, volume and pod, gone.
  if (a === "system" && b === "reset" && !sub.some((x) => x === "--help" || x === "-h")) return msg("dangerous/container-volume-delete", `${name} system reset deletes every container, image, pod and volume, and the data in them.`);
  if (a === "image" && b === "prune" && has(parseFlags(sub, PRUNE, 2), "all")) return msg("dangerous/container-prune", `${name} image prune -a removes every image no container uses; rebuilding may take long or be impossible.`);
  if (a === "volume" && (b === "rm" || b === "remove")) return msg("dangerous/container-volume-delete", `${name} volume rm deletes the volumes and the data in them.`);
  if (a === "compose" || name === "docker-compose" || name === "podman-compose") {
    const rest = a === "compose" ? sub.slice(1) : view.args.slice(1);
    const i = rest.indexOf("down");
    if (i >= 0 && has(parseFlags(rest, DOWN, i + 1), "volumes")) return msg("dangerous/container-volume-delete", "compose down -v deletes the project's named volumes and the data in them.");
    return NONE;
  }
  const run = containerRun(view.args);
  if (run !== null) {
    const p = run.p;
    if (mountsHostRoot(p)) return msg("dangerous/container-host-root", `${name} ${a} mounts the host's / writable inside the container; a command there can delete or change anything on the host.`);
    const why = hostAccess(p, ctx);
    if (why !== null) return msg("dangerous/container-host-access", `${name} ${a} starts a container that ${why}; what runs in it can change the host unseen. Give it only what it needs, read-only (:ro).`);
  }
  return NONE;
}

const ENTRIES = new Map<string, Rule>([["docker", docker], ["podman", docker], ["nerdctl", docker], ["docker-compose", docker], ["podman-compose", docker]]);

export const containers: Pack = {
  name: "containers",
  description: "docker/podman system prune -a, image prune -a, volume prune/rm, compose down -v, podman system reset, run -v /:/host, containers that reach the host.",
  entries: ENTRIES,
  findings: {
    "dangerous/container-prune": { entry: "docker system prune, docker image prune", description: "docker/podman system prune -a, image prune -a." },
    "dangerous/container-volume-delete": { entry: "docker volume, docker system prune --volumes, docker compose down -v, podman system reset", description: "Deleting volumes: volume rm/prune, system prune --volumes, compose down -v, podman system reset." },
    "dangerous/container-host-root": { entry: "docker run, docker create", description: "A container with the host's / mounted writable (-v /:/host, --mount source=/)." },
    "dangerous/container-host-access": { entry: "docker run, docker create", description: "A container that reaches the host: --privileged, the engine's socket, host disks or kernel capabilities, home or a system directory mounted writable." },
  },
};
