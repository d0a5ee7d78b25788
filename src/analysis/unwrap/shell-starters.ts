/**
 * Programs that start a shell when given no command, and that shell reads its commands from
 * stdin: `sudo -s`, `sudo -i`, `su`, `doas -s`, `runuser -l u`, `newgrp g`, `sg g`, `script`,
 * `unshare`, `fakeroot`, `firejail`, `nsenter`, `chroot DIR`, `systemd-nspawn`, `machinectl
 * shell`, and `ssh host` (the remote shell, judged as if it ran here, as `ssh host cmd` is).
 * Fed by a pipe, `curl … | sudo -s` is `curl … | sh`; fed text on the line (`sudo -s <<'EOF'`,
 * `echo 'cmd' | su`) the text is parsed as the shell's commands.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, letters, parseFlags, type FlagSpec } from "../flags.js";
import { SSH_FLAGS } from "./shell-flags.js";
import { fedText } from "./printed.js";
import { stdinFed } from "./stdin-feeds.js";
import { catFeeds } from "./written.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";

/** Whether `args` (the program's own words) start a shell that reads stdin. */
type Starts = (args: readonly string[]) => boolean;

const HELP = /^(?:-[hV]|--help|--version|-v)$/;
/** No word but options (and their values): the program runs no command of its own. */
const onlyOptions = (spec: FlagSpec, operands = 0): Starts => (args) => {
  if (args.some((a) => HELP.test(a))) return false;
  const p = parseFlags(args, spec, 1);
  return p.rest >= args.length - operands && p.operands.length <= operands;
};

const SUDO: FlagSpec = { short: letters("AbEeHiKklnPSsV"), shortValue: letters("CDghprTUu"), long: { shell: "s", login: "i", "preserve-env": "E", "non-interactive": "n", stdin: "S" }, longValue: { user: "u", group: "g", chdir: "D", prompt: "p", "close-from": "C" }, stopAtOperand: true };
const SU: FlagSpec = { short: letters("lmpfP"), shortValue: { s: "shell", g: "group", G: "group", w: "w" }, long: { login: "l", pty: "P", "preserve-environment": "p" }, longValue: { shell: "shell", group: "group", "supp-group": "group", "whitelist-environment": "w" }, stopAtOperand: true };

const STARTERS: Readonly<Record<string, Starts>> = {
  // `sudo -s`, `sudo -i`, `sudo -iu root`: no command left (a command is unwrapped as the command).
  sudo: (args) => {
    const p = parseFlags(args, SUDO, 1);
    return (has(p, "s") || has(p, "i")) && p.rest >= args.length;
  },
  doas: (args) => {
    const p = parseFlags(args, { short: letters("Lns"), shortValue: letters("Cu"), stopAtOperand: true }, 1);
    return has(p, "s") && p.rest >= args.length;
  },
  // `su`, `su -`, `su root`, `su - root`: with no -c, the user's login shell (su's -c is su-strings').
  su: (args) => !args.some((a) => /^-(?:c|-command|-session-command)/.test(a) || a === "-C") && onlyOptions(SU, 2)(args.filter((a) => a !== "-")),
  runuser: (args) => !args.some((a) => /^-(?:c|-command|-session-command)/.test(a)) && onlyOptions(SU, 2)(args.filter((a) => a !== "-")),
  newgrp: (args) => args.length <= 3,
  sg: (args) => args.length <= 2,
  // `script [file]`: the shell it records reads stdin (with -c it runs that command instead).
  script: (args) => !args.some((a) => /^-[a-zA-Z]*c|^--command/.test(a)) && onlyOptions({ short: letters("aeEfqrTt"), shortValue: letters("IOBmTc"), long: { append: "a", quiet: "q", flush: "f", "return": "e", force: "F" }, longValue: { log: "l", "log-in": "l", "log-out": "l", "log-io": "l", "log-timing": "l", "logging-format": "f", timing: "t", "output-limit": "o", echo: "e" }, stopAtOperand: true }, 1)(args),
  unshare: onlyOptions({ short: letters("mUipnuCTrcf"), long: { mount: "m", uts: "u", ipc: "i", net: "n", pid: "p", user: "U", cgroup: "C", time: "T", fork: "f", "map-root-user": "r", "map-current-user": "c", "mount-proc": "mp", "kill-child": "k" }, longValue: { propagation: "p", setgroups: "s", "map-user": "mu", "map-group": "mg", "map-users": "mu", "map-groups": "mg", "root": "root", wd: "wd", "setuid": "S", "setgid": "G" }, stopAtOperand: true }),
  fakeroot: onlyOptions({ short: letters("u"), shortValue: letters("lsi"), long: { unknown: "u" }, longValue: { lib: "l", faked: "f" }, stopAtOperand: true }),
  firejail: (args) => args.slice(1).every((a) => a.startsWith("-")) && !args.some((a) => HELP.test(a)),
  nsenter: onlyOptions({ short: letters("amuinpUCTFrwZ"), shortValue: letters("tSGRW"), long: { all: "a", "no-fork": "F", "preserve-credentials": "pc" }, longValue: { target: "t", setuid: "S", setgid: "G", root: "R", wd: "W", mount: "m", uts: "u", ipc: "i", net: "n", pid: "p", user: "U", cgroup: "C", time: "T" }, stopAtOperand: true }),
  // `chroot DIR`: runs `$SHELL -i` inside.
  chroot: onlyOptions({ longValue: { userspec: "u", groups: "g" }, long: { "skip-chdir": "s" }, stopAtOperand: true }, 1),
  "systemd-nspawn": (args) => args.slice(1).every((a) => a.startsWith("-") || /^-[DMu]$/.test(args[args.indexOf(a) - 1] ?? "")) && !args.some((a) => HELP.test(a)),
  machinectl: (args) => {
    const k = args.findIndex((a, j) => j > 0 && !a.startsWith("-"));
    return k > 0 && args[k] === "shell" && args.length <= k + 2;
  },
  // `pkexec` alone: a root shell.
  pkexec: (args) => args.slice(1).every((a, k, rest) => a.startsWith("-") || rest[k - 1] === "--user") && !args.some((a) => HELP.test(a)),
  // `capsh --` (and `capsh --caps=… --`): bash with what follows, nothing following.
  capsh: (args) => args[args.length - 1] === "--",
  // `vagrant ssh [name]`, `lxc shell c`, `incus shell c`, `distrobox enter [name]`, `toolbox enter`: a shell in the machine or container.
  vagrant: (args) => args[1] === "ssh" && !args.some((a) => a === "-c" || a.startsWith("--command")) && args.length <= 3,
  lxc: (args) => args[1] === "shell" && args.length <= 3,
  incus: (args) => args[1] === "shell" && args.length <= 3,
  distrobox: (args) => args[1] === "enter" && !args.includes("--") && args.slice(2).filter((a) => !a.startsWith("-")).length <= 1,
  toolbox: (args) => args[1] === "enter" && args.length <= 3,
  // `ssh host` with no remote command (and no -N, -W, -O, -s): the remote login shell reads stdin.
  ssh: (args) => {
    const p = parseFlags(args, SSH_FLAGS, 1);
    if (has(p, "N") || has(p, "W") || has(p, "O") || has(p, "s") || has(p, "G") || has(p, "V") || p.rest >= args.length) return false;
    const after = parseFlags(args, SSH_FLAGS, p.rest + 1);
    return after.rest >= args.length && !has(after, "N");
  },
};
/** Their shell runs as another user (root unless told otherwise). */
const PRIVILEGED: ReadonlySet<string> = new Set(["sudo", "doas", "su", "runuser", "pkexec"]);

/** The names startsShell knows. */
export const SHELL_STARTERS: readonly string[] = [...Object.keys(STARTERS), "slogin"];

export const shellStarterUnwrapper: Unwrapper = {
  name: "shell-starter",
  commands: SHELL_STARTERS,
  also: (v, e) => started(v, e),
};

/** Whether the command starts a shell that reads stdin (`sudo -s`, `su`, `ssh host`). */
export function startsShell(view: CommandView): boolean {
  const starts = STARTERS[view.name === "slogin" ? "ssh" : view.name];
  return starts !== undefined && starts(view.args);
}

function started(view: CommandView, env: Env): void {
  if (!startsShell(view)) return;
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) {
    // `echo 'cmd' | su`, `sudo -s <<'EOF' … EOF`: the shell's commands are on the line.
    const inherit = inheritFrom(view);
    if (PRIVILEGED.has(view.name)) inherit.privileged = true;
    env.nest(fed.word.value, env.at(fed.word), inherit);
    // A heredoc's expansions are the shell's own; a pipe's inexact text is unseen.
    if (fed.exact || view.sc.stage === 0) return;
  } else if (!stdinFed(view) || catFeeds(view, env) || view.stdinFile === true) return;
  const first = view.words[0] as Word;
  const r = env.at(first);
  env.out.findings.push({ id: "shell/pipe-to-shell", message: `${view.name} with no command starts a shell that runs whatever it is fed${view.sc.stage > 0 ? " by the pipe" : ""}, unseen; save it to a file, read it, then run it.`, start: r[0], end: r[1] });
}
