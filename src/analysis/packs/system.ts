/**
 * The system pack: powering the machine off, signalling every process, emptying the crontab,
 * flushing the firewall, stopping remote access. Each is one word away from locking the user
 * (or the agent) out of the machine.
 */

import { baseName, type CommandView } from "../command.js";
import { has, letters, parseFlags } from "../flags.js";
import { isKillSignal, signalOf } from "../specs.js";
import { killsBroadly } from "./core.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";
import { pidsOnStdin } from "./pid-input.js";

const HELP = /^(?:-h|--help|-V|--version)$/;
const asksHelp = (args: readonly string[]): boolean => args.some((a, i) => i > 0 && HELP.test(a));

/** shutdown/reboot/poweroff/halt; not `shutdown -c` (cancel) or `-k` (only warns), not `--help`. */
function power(view: CommandView) {
  // `shutdown -h` halts: only the long spelling asks for help here.
  // `-w` / `--wtmp-only` only writes the wtmp record.
  if (view.args.some((a) => a === "--help" || a === "--version" || a === "--wtmp-only" || (view.name !== "shutdown" && /^-[A-Za-z]*w/.test(a) && !a.startsWith("--")))) return NONE;
  if (view.name === "shutdown" && view.args.some((a) => /^-[A-Za-z]*[ck]/.test(a) && !a.startsWith("--"))) return NONE;
  return [finding("dangerous/power-off", `${view.name} stops or restarts the machine, ending every session and job on it; ask first.`)];
}

/** `init 0` / `telinit 6`: runlevels 0 (halt) and 6 (reboot); 1/S drop to single user. */
function init(view: CommandView) {
  const level = view.args[1] ?? "";
  return /^[016sS]$/.test(level) ? [finding("dangerous/power-off", `${view.name} ${level} halts, reboots or drops the machine to single-user mode.`)] : NONE;
}

const SYSTEMCTL: FlagSpecLike = { short: { q: "quiet", f: "force", i: "i", a: "all", l: "full", r: "recursive" }, shortValue: { t: "type", p: "property", s: "signal", H: "host", M: "machine", n: "lines", o: "output" }, long: { user: "user", system: "system", global: "global", now: "now", force: "force", quiet: "quiet", "no-block": "no-block", "no-wall": "no-wall", all: "all", runtime: "runtime", "dry-run": "dry-run" }, longValue: { type: "type", state: "state", property: "property", signal: "signal", host: "host", machine: "machine", root: "root", "job-mode": "job-mode", "kill-whom": "kill-whom", message: "message", when: "when" } };
type FlagSpecLike = Parameters<typeof parseFlags>[1];

const POWER_VERBS = new Set(["poweroff", "reboot", "halt", "kexec", "soft-reboot", "rescue", "emergency", "hibernate", "suspend", "hybrid-sleep", "suspend-then-hibernate"]);
const SERVICE_VERBS = new Set(["stop", "disable", "mask", "kill", "isolate"]);
/** Units whose loss cuts remote access or networking. */
const LIFELINE = /^(?:sshd?|openssh(?:-server)?|ssh\.socket|sshd\.socket|network(?:ing)?|NetworkManager|systemd-networkd|dbus|systemd-logind|getty@.*)(?:\.service)?$/;

function systemctl(view: CommandView) {
  const p = parseFlags(view.args, SYSTEMCTL, 1);
  if (has(p, "dry-run") || asksHelp(view.args)) return NONE;
  const ops = p.operands.map((i) => view.args[i] as string);
  const verb = ops[0] ?? "";
  if (POWER_VERBS.has(verb)) return [finding("dangerous/power-off", `systemctl ${verb} stops, restarts or suspends the machine; ask first.`)];
  if (verb === "isolate" && ops.slice(1).some((u) => /^(?:rescue|emergency|poweroff|reboot|halt)(?:\.target)?$/.test(u))) {
    return [finding("dangerous/power-off", `systemctl isolate ${ops[1]} stops almost every service.`)];
  }
  if (SERVICE_VERBS.has(verb) && verb !== "isolate" && ops.slice(1).some((u) => LIFELINE.test(u))) {
    return [finding("dangerous/service-stop", `systemctl ${verb} of ${ops.slice(1).join(" ")} can cut off remote access or networking to this machine.`)];
  }
  return NONE;
}

/**
 * A network interface taken down, or networking switched off: `ip link set eth0 down`, `ifconfig
 * eth0 down`, `ifdown -a`, `nmcli networking off`, `nmcli device disconnect eth0`. Over ssh, the
 * session that would bring it back goes with it. Interfaces that carry no session (loopback,
 * bridges and veths of containers, tunnels, CAN buses) stay quiet. `takes`: what one tool takes
 * down, as the message names it, or null.
 */
function networkDown(takes: (args: readonly string[]) => string | null): Rule {
  return (view) => {
    const what = takes(view.args);
    return what === null ? NONE : [finding("dangerous/service-stop", `${what} takes networking down: over ssh, the session that would bring it back goes with it.`)];
  };
}

/** Interfaces no remote session runs over. */
const LOCAL_IF = /^(?:lo|can\d+|vcan\d+|docker\d+|br-\w+|veth\w*|virbr\d+(?:-nic)?|vnet\d+|tun\d+|tap\d+|wg\d+|vboxnet\d+|vmnet\d+|cni\d+|flannel\.\d+|cali\w+|dummy\d+|kube-\w+|lxcbr\d+|lxdbr\d+|podman\d+|zt\w+|tailscale\d+)$/;
/** Connection names of VPNs and tunnels (`nmcli connection down work-vpn`). */
const TUNNEL_NAME = /vpn|wireguard|openvpn|tailscale|zerotier|^(?:wg|tun|tap)\d*$/i;
/** nmcli's objects and verbs, by any prefix it accepts (`n`, `net`; `d`, `dev`; `c`, `con`, `conn`). */
const prefixOf = (word: string, min: number) => (w: string): boolean => w.length >= min && word.startsWith(w);
const NMCLI: FlagSpecLike = { short: { t: "terse", p: "pretty", a: "ask", s: "show-secrets", o: "overview", v: "version", h: "help" }, shortValue: { m: "mode", c: "colors", e: "escape", f: "fields", g: "get-values", w: "wait" }, long: { terse: "terse", pretty: "pretty", ask: "ask", "show-secrets": "show-secrets", overview: "overview", version: "version", help: "help", offline: "offline" }, longValue: { mode: "mode", colors: "colors", escape: "escape", fields: "fields", "get-values": "get-values", wait: "wait" } };
const IP: FlagSpecLike = { short: letters("46BMDsdrhaocjtkV0"), shortValue: { f: "family", n: "netns", b: "batch", l: "loops", R: "rc" }, long: { details: "details", stats: "stats", brief: "brief", json: "json", pretty: "pretty", oneline: "oneline", resolve: "resolve", all: "all", color: "color", force: "force", "no-nh": "no-nh", echo: "echo" }, longValue: { family: "family", netns: "netns", batch: "batch", loops: "loops", rcvbuf: "rcvbuf" }, singleDashLong: true };

/**
 * `ip link set DEV down`, `ip link delete DEV`, `ip addr flush|del … dev DEV`, `ip route del|flush
 * default` (objects and verbs by any prefix ip accepts); not in another namespace (`ip -n ns1`).
 */
function ipDown(args: readonly string[]): string | null {
  const p = parseFlags(args, IP, 1);
  if (has(p, "netns")) return null;
  const ops = p.operands.map((i) => args[i] as string);
  const [object = "", verb = ""] = ops;
  if (prefixOf("route", 1)(object)) {
    // The default route (or every route) gone: only hosts on the local network still reach it.
    const removes = prefixOf("delete", 1)(verb) || prefixOf("flush", 1)(verb);
    return removes && ops.slice(2).some((o, i, rest) => DEFAULT_ROUTE.test(o) || (o === "table" && rest[i + 1] === "main")) ? `ip route ${verb} ${ops.slice(2).join(" ")}` : null;
  }
  // `dev` may be left out where a device is all there is (`ip link set eth0 down`, `ip a flush eth0`).
  const devAt = ops.indexOf("dev");
  const named = devAt >= 0 ? ops[devAt + 1] : undefined;
  const dev = named ?? ops[2];
  const remote = (d: string | undefined): d is string => d !== undefined && !LOCAL_IF.test(d);
  if (prefixOf("link", 1)(object)) {
    if (prefixOf("set", 1)(verb) && ops.includes("down") && remote(dev)) return `ip link set ${dev} down`;
    return prefixOf("delete", 1)(verb) && remote(dev) ? `ip link delete ${dev}` : null;
  }
  // `ip addr flush eth0`, `ip a del 10.0.0.5/24 dev eth0`: the addresses a session reaches it by.
  if (!prefixOf("address", 1)(object)) return null;
  if (prefixOf("flush", 1)(verb) && remote(dev)) return `ip address flush dev ${dev}`;
  return prefixOf("delete", 1)(verb) && remote(named) ? `ip address delete … dev ${named}` : null;
}
const DEFAULT_ROUTE = /^(?:default|all|0\/0|0\.0\.0\.0\/0|::\/0)$/;

/** `networkctl down DEV…` (systemd-networkd). */
function networkctlDown(args: readonly string[]): string | null {
  const ops = args.slice(1).filter((a) => !a.startsWith("-"));
  return ops[0] === "down" && ops.slice(1).some((d) => !LOCAL_IF.test(d)) ? `networkctl down ${ops.slice(1).join(" ")}` : null;
}

/** `dhclient -r` / `-x`, `dhcpcd -k` / `-x`: the lease released, the address with it. */
function dhcpRelease(args: readonly string[]): string | null {
  const release = baseName(args[0] as string) === "dhcpcd" ? /^-[A-Za-z]*[kx]/ : /^-[rx]$/;
  const flag = args.find((a, i) => i > 0 && !a.startsWith("--") && release.test(a));
  const devs = args.slice(1).filter((a) => !a.startsWith("-"));
  return flag !== undefined && (devs.length === 0 || devs.some((d) => !LOCAL_IF.test(d))) ? `${baseName(args[0] as string)} ${flag}` : null;
}

/** `ifconfig DEV [inet …] down`. */
function ifconfigDown(args: readonly string[]): string | null {
  const ops = args.slice(1).filter((a) => !a.startsWith("-"));
  return ops.length > 1 && ops.includes("down") && !LOCAL_IF.test(ops[0] as string) ? `ifconfig ${ops[0] as string} down` : null;
}

/** `ifdown DEV…`, `ifdown -a`. */
function ifdownDown(args: readonly string[]): string | null {
  const all = args.some((a) => a === "-a" || a === "--all");
  return all || args.slice(1).some((o) => !o.startsWith("-") && !LOCAL_IF.test(o)) ? `ifdown ${args.slice(1).join(" ")}` : null;
}

/** `nmcli networking off`, `nmcli device disconnect|down DEV`, `nmcli connection down X`, by any prefix, after nmcli's options. */
function nmcliDown(args: readonly string[]): string | null {
  const p = parseFlags(args, NMCLI, 1);
  const ops = p.operands.map((i) => args[i] as string);
  const [object = "", verb = ""] = ops;
  if (prefixOf("networking", 1)(object) && verb === "off") return "nmcli networking off";
  const targets = ops.slice(2).filter((o) => o !== "id" && o !== "uuid" && o !== "path" && o !== "ifname");
  if (prefixOf("device", 1)(object) && (prefixOf("disconnect", 1)(verb) || prefixOf("down", 2)(verb)) && targets.some((t) => !LOCAL_IF.test(t))) return `nmcli device ${verb}`;
  // A VPN or tunnel connection is not the link a session came in by.
  if (prefixOf("connection", 1)(object) && prefixOf("down", 2)(verb) && !targets.every((t) => LOCAL_IF.test(t) || TUNNEL_NAME.test(t))) return `nmcli connection ${verb}`;
  return null;
}

/** `service ssh stop`. */
function service(view: CommandView) {
  const [unit, verb] = [view.args[1] ?? "", view.args[2] ?? ""];
  return LIFELINE.test(unit) && /^(?:stop|disable)$/.test(verb) ? [finding("dangerous/service-stop", `service ${unit} ${verb} can cut off remote access or networking to this machine.`)] : NONE;
}

/** kill/pkill/killall beyond one process with any signal (SIGKILL is core's dangerous/kill-force). */
function kill(view: CommandView) {
  if (isKillSignal(signalOf(view.args, view.name)) || view.args.some((a) => /^-(?:l|L|-list|-table)$/.test(a))) return NONE;
  // A process group (`kill -- -PGID`) with SIGTERM is ordinary job control: only -1 and init count.
  const broad = view.name === "kill" ? killsEveryone(view.args) : view.name === "killall5" || killsBroadly(view);
  return broad
    ? [finding("dangerous/kill-broad", `${view.name} signals every process, init, or processes chosen only by user; name the process.`)]
    : NONE;
}

/** `kill -1`-style targets after the signal: -1 (every process) or 1 (init). */
function killsEveryone(args: readonly string[]): boolean {
  let signal = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") return args.slice(i + 1).some((x) => x === "-1" || x === "1");
    if (a === "-s" || a === "-n") { i++; signal = true; continue; }
    if (a.startsWith("-") && !signal) { signal = true; continue; }
    if (a === "-1" || a === "1") return true;
  }
  return false;
}

function crontab(view: CommandView) {
  // -r removes the whole crontab (-i only asks first on some systems).
  return view.args.some((a, i) => i > 0 && /^-[A-Za-z]*r/.test(a) && !a.startsWith("--"))
    ? [finding("dangerous/crontab-remove", "crontab -r deletes every scheduled job of the user with no backup; save it first (crontab -l > file).")]
    : NONE;
}

/** iptables/ip6tables -F, -X, -P ... DROP with nothing allowed; nft flush ruleset; ufw disable/reset. */
function firewall(view: CommandView) {
  const args = view.args;
  if (asksHelp(args)) return NONE;
  if (view.name === "nft") {
    const words = args.slice(1).filter((a) => !a.startsWith("-"));
    return words[0] === "flush" && words[1] === "ruleset" || words.join(" ").includes("flush ruleset")
      ? [finding("dangerous/firewall-flush", "nft flush ruleset removes every firewall rule, opening (or, with a drop policy, closing) the machine.")]
      : NONE;
  }
  if (view.name === "ufw") return /^(?:disable|reset)$/.test(args[1] ?? "") ? [finding("dangerous/firewall-flush", `ufw ${args[1]} turns the firewall off or drops its rules.`)] : NONE;
  const flush = args.some((a, i) => i > 0 && (/^-[A-Za-z]*[FX]$/.test(a) && !a.startsWith("--") || /^--(?:flush|delete-chain)$/.test(a)));
  const dropPolicy = args.some((a, i) => (a === "-P" || a === "--policy") && /^DROP$/i.test(args[i + 2] ?? ""));
  return flush || dropPolicy
    ? [finding("dangerous/firewall-flush", `${view.name} ${flush ? "flushes firewall rules" : "sets a DROP policy"}, which can open the machine or lock everyone (you included) out.`)]
    : NONE;
}

/**
 * `shellguard trust` (a project config may then loosen the policy) and `shellguard agent-hook
 * uninstall` (the agent's commands go unchecked): the guard's own policy turned down from inside
 * the session it guards.
 */
function guardChange(view: CommandView) {
  const words = view.args.slice(1).filter((a) => !a.startsWith("-"));
  if (asksHelp(view.args)) return NONE;
  if (words[0] === "trust") return [finding("dangerous/guard-change", "shellguard trust lets a project config loosen the policy (allow rules, mode, packs off); read the config, then trust it yourself.")];
  if (words[0] === "agent-hook" && (words[1] === "uninstall" || words[1] === "remove")) {
    return [finding("dangerous/guard-change", `shellguard agent-hook uninstall takes the guard out of ${words[2] ?? "an agent"}, whose commands then run unchecked; remove it yourself if you mean to.`)];
  }
  return NONE;
}

const ENTRIES = new Map<string, Rule>([
  ["shellguard", guardChange],
  ["shutdown", power], ["reboot", power], ["poweroff", power], ["halt", power],
  ["init", init], ["telinit", init],
  ["systemctl", systemctl], ["service", service],
  ["kill", kill], ["pkill", kill], ["killall", kill], ["killall5", kill],
  ["crontab", crontab],
  ["ip", networkDown(ipDown)], ["ifconfig", networkDown(ifconfigDown)], ["ifdown", networkDown(ifdownDown)], ["nmcli", networkDown(nmcliDown)],
  ["networkctl", networkDown(networkctlDown)], ["dhclient", networkDown(dhcpRelease)], ["dhcpcd", networkDown(dhcpRelease)],
  ["iptables", firewall], ["ip6tables", firewall], ["iptables-nft", firewall], ["iptables-legacy", firewall], ["nft", firewall], ["ufw", firewall],
]);

export const system: Pack = {
  name: "system",
  description: "Power off or reboot, signals to every process, crontab -r, firewall flushes, stopping sshd or networking, turning shellguard itself down.",
  entries: ENTRIES,
  settled: new Map([["kill", pidsOnStdin]]),
  findings: {
    "dangerous/power-off": { entry: "shutdown, reboot, poweroff, halt, init, telinit, systemctl", description: "Powering off, rebooting, suspending or isolating the machine." },
    "dangerous/kill-broad": { entry: "kill, pkill, killall, killall5", description: "Any signal to every process (-1), init, a process group, or processes chosen only by user." },
    "dangerous/fork-bomb": { entry: "function definitions", description: "A function that calls itself twice in the background (:(){ :|:& };:)." },
    "dangerous/crontab-remove": { entry: "crontab", description: "crontab -r." },
    "dangerous/firewall-flush": { entry: "iptables, ip6tables, nft, ufw", description: "Flushing firewall rules, a DROP policy, ufw disable/reset." },
    "dangerous/service-stop": { entry: "systemctl, service, ip link, ifconfig, ifdown, nmcli", description: "Stopping, disabling or masking sshd, networking, dbus or logind; taking a network interface or networking down." },
    "dangerous/guard-change": { entry: "shellguard", description: "shellguard trust of a project config, or agent-hook uninstall." },
  },
};
