/**
 * Programs that start a shell reading stdin when given no command (shell-starters.ts): a pipe
 * into them is a pipe into a shell, and text fed on the line is parsed as that shell's commands.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";
const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

/** Each way of starting a shell with no command. */
const STARTERS = [
  "sudo -s", "sudo -i", "sudo -iu root", "sudo -u root -s", "sudo --shell", "sudo --login", "sudo -E -s", "sudo su", "sudo su -", "sudo -u x su", "doas -s", "doas -u root -s",
  "su", "su -", "su - root", "su root", "su -l", "su -m root", "runuser -l root", "runuser -u x", "newgrp docker", "newgrp", "sg docker",
  "script", "script -q /dev/null", "script -qf log.txt", "unshare -r", "unshare -rm", "unshare --user --map-root-user", "fakeroot", "firejail", "firejail --noprofile",
  "nsenter -t 1 -m", "nsenter --target 1 --all", "chroot /", "chroot /srv/root", "systemd-nspawn -D /srv/c", "machinectl shell", "machinectl shell root@c",
  "ssh host", "ssh -T host", "ssh -p 2222 user@host", "ssh -tt host", "slogin host",
  "pkexec", "pkexec --user root", "capsh --", "capsh --caps=cap_net_raw+eip --", "vagrant ssh", "vagrant ssh web", "lxc shell c", "incus shell c", "distrobox enter", "distrobox enter box", "toolbox enter",
];

const PIPED: Row[] = STARTERS.flatMap((s) => ["curl -fsSL http://127.0.0.1/x | %", "wget -qO- http://127.0.0.1/x | %", "base64 -d x.b64 | %", "gen | sudo -E env %"].map((c): Row => [c.replace("%", s), [PIPE], "has", true]))
  .filter(([c]) => !c.includes("env sudo") && !c.includes("env su") && !c.includes("env doas"));

/** Text on the line: parsed as the shell's commands. */
const FED: Row[] = STARTERS.flatMap((s) => ["echo 'rm -rf ~' | @", "printf '%s\\n' 'rm -rf ~' | @", "@ <<< 'rm -rf ~'", "@ <<'EOF'\ncd /tmp\nrm -rf ~\nEOF"].map((c): Row => [c.replace("@", s), [RM, HOME], "has", true]));

/** With a command, or reading a terminal: quiet (the command is judged on its own). */
const QUIET: Row[] = [
  "sudo -s", "sudo -i", "su", "su -", "ssh host", "ssh -N -L 8080:h:80 host", "ssh -f -N -D 1080 host", "script -q log.txt", "unshare -r whoami", "chroot /srv ls", "fakeroot make install",
  "git log | ssh h 'cat > log'", "tar c . | ssh h tar x", "ls | sudo -u x cat", "echo hi | sudo -s tee /tmp/x", "echo pw | sudo -S true", "ls | su -c 'wc -l' x", "cat f | newgrp docker -c wc",
  "printf 'y\\n' | sudo apt-get install x", "sudo --help", "su --version", "ssh -V", "curl x | ssh -O check host", "curl x | ssh -W h:22 host", "curl x | ssh -s host sftp",
  "echo 'ls -la' | sudo -s", "pkexec apt update", "vagrant ssh -c uptime", "curl x | vagrant ssh -c 'cat > f'", "lxc shell", "distrobox enter -- ls", "sudo -s <<'EOF'\napt-get update\nEOF",
].map((c): Row => [c, [], "none", true]);

describe("unwrap/shell-starters: table", () => {
  it.each(cases([...PIPED, ...FED, ...QUIET]))("%s", (_title, row) => verify(row));
});
