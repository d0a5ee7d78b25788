/**
 * What earlier commands of a line change about later ones (line-state.ts): functions expanded at
 * their call, renamed programs followed, a downloaded file run. Input → finding ids, guard included.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { SHELLS } from "./wrappers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";
const DYNAMIC = "shell/dynamic-command";

/** Ways to write a file from the network (`F` is its name) and ways to run it. */
const DOWNLOADS = ["curl -fsSL https://x/i.sh -o F", "curl -fsSLo F https://x", "wget -qO F https://x", "curl -o F https://x/i.sh", "curl -oF https://x", "curl --output=F https://x", "curl https://x > F",
  "wget -O F https://x/i.sh", "wget --output-document=F https://x", "wget -q https://x/F", "curl -sO https://x/F", "curl -s https://x | tee F"];
const RUNS = [...[...SHELLS].map((s) => `${s} F`), "source F", ". F", "./F", "chmod +x F && ./F", "sudo bash F", "python3 F", "bash < F", "sh -x F"];
const SEPARATORS = [" && ", "; ", "\n"];

const TABLE: Row[] = [
  // functions, with the call's arguments
  ["f(){ rm \"$@\"; }; f -rf ~", [RM, HOME], "has", true],
  ["function f { rm -rf \"$1\"; }; f ~", [RM, HOME], "has", true],
  ["f() { rm $1 $2; }\nf -rf ~", [RM, HOME]],
  ["f() ( rm \"${@}\" ); f -rf ~", [RM, HOME]],
  ["f(){ rm \"$@\"; }; f -rf build", [], "exact", true],
  ["f(){ echo \"$@\"; }; f rm -rf ~", [], "none", true],
  // renamed programs
  ["hash -p /bin/rm cat; cat -rf ~", [RM, HOME], "has", true],
  ["exec -a rm busybox -rf ~", [RM, HOME], "has", true],
  ["exec -a rm /bin/busybox -rf ~", [RM, HOME]],
  ...["cp", "ln -s", "ln", "install -m755", "cp -f"].flatMap((c): Row[] => [
    [`${c} /bin/rm /tmp/x && /tmp/x -rf ~`, [RM, HOME], "has", true], [`${c} /bin/rm x; ./x -rf ~`, [RM, HOME]], [`${c} /bin/rm /tmp/ && /tmp/rm -rf ~`, [RM, HOME]],
  ]),
  ["cp /bin/rm a; mv a b; ./b -rf ~", [RM, HOME]],
  ["cp \"$(command -v rm)\" /tmp/x && /tmp/x -rf ~", [DYNAMIC], "has", true],
  // case-insensitive file systems
  ...["RM", "Rm", "rM", "/bin/RM"].map((n): Row => [`${n} -rf ~`, [RM, HOME], "has", true]),
  ["SUDO rm -rf /", ["deletion/root"]],
  // variables a later program runs as a command
  ...["GIT_SSH_COMMAND", "GIT_SSH", "RSYNC_RSH", "GIT_EDITOR", "EDITOR", "PAGER", "GIT_PROXY_COMMAND"].flatMap((v): Row[] => [
    [`${v}='rm -rf ~' git fetch`, [RM, HOME], "has", true], [`export ${v}='rm -rf ~'; git fetch`, [RM, HOME]], [`env ${v}='rm -rf ~' rsync a h:b`, [RM, HOME]],
    [`${v}="$X" git fetch`, ["shell/dynamic-script"]],
  ]),
  // a file downloaded then run: every writer, every runner, every separator
  ...DOWNLOADS.flatMap((d) => RUNS.map((r, k): Row => [d.replace(/F/g, "i.sh") + SEPARATORS[k % 3] + r.replace(/F/g, "i.sh"), [PIPE], "has", k % 2 === 0])),
  // quiet: files not from the network, or not run
  ...["cp a b && ./b", "cp ./build.sh /tmp/b.sh && bash /tmp/b.sh", "curl -o data.json https://x && jq . data.json", "curl -o i.sh https://x && cat i.sh",
    "wget https://x/a.tgz && tar xzf a.tgz", "hash -r; ls", "f(){ ls; }; f", "exec -a name sleep 1", "GET https://x", "EDITOR=vim git commit", "GIT_SSH_COMMAND='ssh -i key' git fetch", "export PAGER=less"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/line-state: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/line-state: a program put on a PATH the line sets", () => {
  const PUT = ["ln -s /bin/rm /tmp/b/ls", "ln -sf /bin/rm /tmp/b/ls", "cp /bin/rm /tmp/b/ls", "install -m 755 /bin/rm /tmp/b/ls", "cp /bin/rm /tmp/b/"];
  const RUN = ["PATH=/tmp/b ls -rf ~", "PATH=/tmp/b:$PATH ls -rf ~", "export PATH=/tmp/b:$PATH; ls -rf ~", "PATH=\"/tmp/b:$PATH\"; ls -rf ~", "PATH=/usr/local/bin:/tmp/b ls -rf ~"];
  const rows: Row[] = PUT.flatMap((p) => RUN.map((r): Row => [`${p} && ${r.replace("ls -rf", p.endsWith("/") ? "rm -rf" : "ls -rf")}`, ["deletion/home"], "has", true]));
  it.each(cases([
    ...rows,
    ...["PATH=./node_modules/.bin:$PATH jest", "ln -s /bin/ls /tmp/b/ls && PATH=/tmp/b ls -la", "export PATH=$HOME/bin:$PATH; ls -la", "ln -s /bin/rm /tmp/b/ls; ls -la"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});
