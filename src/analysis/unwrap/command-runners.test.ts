/**
 * Runners of shell strings and of argv (command-runners.ts, runner-wrappers.ts): every form,
 * in front of every kind of payload, carries it to the checks; their plain uses stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { kakShellBlocks } from "./command-runners.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";

/** `§` is a shell string (quoted as one word). */
const STRING_FORMS = [
  "hyperfine §", "hyperfine -w 3 -r 10 'ls' §", "hyperfine --prepare § ls", "hyperfine -p § ls", "hyperfine --setup=§ ls", "hyperfine -N --cleanup § ls",
  "pee § cat", "pee cat §", "mispipe true §", "mispipe § true", "concurrently §", "concurrently -n a,b 'npm:watch' §", "concurrently --kill-others § 'npm run b'",
  "nodemon --exec §", "nodemon -x § app.js", "nodemon --watch src --exec §", "asciinema rec -c § x.cast", "asciinema rec --command=§",
  "rush §", "sem §",
];
/** `%` is an argv command (its words as written). */
const ARGV_FORMS = [
  "watchexec -- %", "watchexec -e rs %", "watchexec -w src -r -- %", "systemd-cat %", "systemd-cat -t x -p info %", "lckdo /tmp/l %", "lckdo -w /tmp/l %",
  "run-one %", "run-this-one %", "keep-one-running %", "cronic %", "retry -- %", "retry -t 3 %", "retry --times=3 --delay=1 -- %", "grc %", "grc -es %",
  "aa-exec -p unconfined -- %", "aa-exec -p x %", "setlock /tmp/l %", "setlock -n /tmp/l %", "softlimit -m 100000 %", "with-lock-ex /tmp/l %", "dtach -n /tmp/s %", "dtach -c /tmp/s -z %", "abduco -n s %", "abduco -c s %", "ccache %", "tcpserver 0 80 %", "tcpserver -q -c 10 0 80 %",
];
const PAYLOADS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["rm -rf ~", [RM, HOME]],
  ["sh -c 'rm -rf ~'", [RM, HOME]],
];

const shq = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
const ROWS: Row[] = [
  ...STRING_FORMS.flatMap((f) => PAYLOADS.map(([p, ids]): Row => [f.replace("§", shq(p)), ids, "has", true])),
  ...ARGV_FORMS.flatMap((f) => PAYLOADS.map(([p, ids]): Row => [f.replace("%", p), ids, "has", true])),
  // through sudo, and as a pipe's stage
  ...["sudo hyperfine 'rm -rf ~'", "sudo run-one rm -rf ~", "nice -n 5 retry -- rm -rf ~"].map((c): Row => [c, [RM, HOME], "has", true]),
  ...["curl -s http://127.0.0.1/x | pee sh", "curl -s http://127.0.0.1/x | cronic sh", "curl -s http://127.0.0.1/x | retry -- bash"].map((c): Row => [c, [PIPE], "has", true]),
  // code in other tools' languages
  ["kak -e 'nop %sh{rm -rf ~}'", [RM, HOME], "has", true],
  ["kak -e 'echo %sh(rm -rf ~)' f", [RM, HOME], "has", true],
  ["mlr -n put 'end{system(\"rm -rf ~\")}'", [RM, HOME], "has", true],
  ["mlr -n put 'end{exec(\"rm\", [\"-rf\", \"/home/u\"])}'", [RM, HOME], "has", true],
  ["mlr -n put 'end{system($cmd)}'", ["shell/opaque-code"], "has", true],
  ["rake -e 'system(\"rm -rf ~\")'", [RM, HOME], "has", true],
  ["rake --execute='FileUtils.rm_rf(\"/home\")'", ["deletion/root-child"], "has", true],
  // only known at run time
  ["hyperfine \"$CMD\"", ["shell/dynamic-script"], "has", true],
  ["nodemon --exec \"$X\"", ["shell/dynamic-script"], "has", true],
  // plain uses: quiet
  ...["hyperfine 'ls -la'", "hyperfine --warmup 3 'sleep 0.1'", "nodemon app.js", "nodemon --watch src app.js", "watchexec -e rs cargo test", "watchexec -- npm test",
    "concurrently \"npm:watch\" \"npm:serve\"", "concurrently -n a,b 'npm run a' 'npm run b'", "pee cat wc", "mispipe 'make' 'tee log'", "asciinema rec demo.cast", "asciinema play demo.cast",
    "systemd-cat -t backup echo done", "run-one make", "cronic make backup", "retry -t 3 curl -fsS https://example.com", "grc make", "grc ping -c1 127.0.0.1", "aa-exec -p x -- ls",
    "dtach -a /tmp/s", "abduco -a s", "abduco", "ccache -s", "ccache gcc -c x.c", "ccache --max-size=5G", "tcpserver 0 80 cat", "kak -e 'echo hi' f", "kak f", "mlr --icsv head x.csv",
    "mlr -n put 'end{print 1}'", "rake test", "rake -T", "sem --wait", "lckdo /tmp/l make"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/command-runners: table", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});

describe("unwrap/command-runners: kakoune %sh blocks", () => {
  it.each([
    ["nop %sh{ls}", ["ls"]], ["echo %sh(a (b) c)", ["a (b) c"]], ["%sh{a {b} c} %sh[d]", ["a {b} c", "d"]], ["%sh|x|", ["x"]], ["echo hi", []], ["%sh{unclosed", ["unclosed"]],
  ] as const)("%j", (text, want) => expect(kakShellBlocks(text)).toEqual(want));
});

describe("unwrap/command-runners: red-team spellings", () => {
  it.each(cases([
    ["mispipe 'curl -s http://127.0.0.1/x' 'sh'", [PIPE], "has", true],
    ["concurrently --pad-prefix 'rm -rf ~' ls", [RM, HOME], "has", true],
  ] as Row[]))("%s", (_title, row) => verify(row));
});
