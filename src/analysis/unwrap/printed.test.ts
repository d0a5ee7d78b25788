/**
 * Text printed into a shell or interpreter (printed.ts, read by pipes.ts and interpreters.ts): what
 * `echo`, `printf` and `cat <<EOF` print is the program of the stage after them. Generated: every
 * printer × every consumer reading stdin × a dangerous and a harmless program; a language that is
 * not read is shell/opaque-code whatever it is given; printed text that cannot be reproduced is
 * still a pipe to a shell.
 */

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { formatted, unescape } from "./printed.js";

const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";
const OPAQUE = "shell/opaque-code";

/** Ways of printing the text @@ (which has no quote, backslash or percent sign of its own) into `| C`. */
const PRINTERS = ["echo '@@' | C", "echo -n '@@' | C", "echo -e '@@\\n' | C", "echo -ne '@@' | C", "printf '@@\\n' | C", "printf '%s\\n' '@@' | C", "printf -- '%b' '@@\\n' | C",
  "printf '%s' '@@' | C", "cat <<'EOF' | C\n@@\nEOF", "cat <<< '@@' | C"];
const fill = (printer: string, text: string, consumer: string): string => printer.replace("@@", text).replace("| C", `| ${consumer}`);

/** Per language: the consumers that read their program from stdin, a program deleting ~, and a harmless one. */
const LANGUAGES: ReadonlyArray<readonly [consumers: readonly string[], dangerous: string, harmless: string]> = [
  [["sh", "bash", "bash -s", "bash /dev/stdin", "sudo bash", "zsh -", "env bash"], "rm -rf ~", "ls -la"],
  [["python3", "python3 -", "python3 /dev/stdin", "python3 -u -", "sudo python3", "python3 -i script.py"], "import os; os.system(\"rm -rf ~\")", "print(1)"],
  [["node", "node -", "nice node"], "require(\"child_process\").execSync(\"rm -rf ~\")", "console.log(1)"],
  [["perl", "perl -", "perl -w"], "system(\"rm -rf ~\")", "print 1"],
  [["ruby", "ruby -"], "system(\"rm -rf ~\")", "puts 1"],
  [["php", "php -a"], "<?php system(\"rm -rf ~\");", "<?php echo 1;"],
];

/** Languages whose code is not read: any program they are given is opaque. */
const NOT_READ = ["lua", "lua -", "luajit", "lua5.4 -", "tclsh", "pwsh -Command -", "pwsh -NoProfile -File -", "powershell -c -"];

const TABLE: Row[] = [
  ...LANGUAGES.flatMap(([consumers, dangerous, harmless]) =>
    PRINTERS.flatMap((p) => consumers.flatMap((c): Row[] => [
      [fill(p, dangerous, c), [HOME], "has", true],
      [fill(p, harmless, c), [], "none", true],
    ])),
  ),
  ...NOT_READ.flatMap((c) => PRINTERS.map((p): Row => [fill(p, "print(1)", c), [OPAQUE], "has", true])),
  ...NOT_READ.map((c): Row => [`${c} <<'EOF'\nos.execute("rm -rf ~")\nEOF`, [OPAQUE], "has", true]),
  // php -a reads statements without the opening tag; php alone needs one
  ["echo 'system(\"rm -rf ~\");' | php -a", [HOME], "has", true],
  ["echo 'system(\"rm -rf ~\") is text without a tag' | php", [], "none", true],
  // Windows PowerShell's first operand is a command; pwsh's a script file; any dash starts a parameter
  ["powershell 'Remove-Item -Recurse ~'", [OPAQUE], "has", true],
  ...["pwsh \u2013c 'Remove-Item ~'", "pwsh \u2014Command 'Remove-Item ~'", "pwsh /c 'Remove-Item ~'", "pwsh /Comm x"].map((c): Row => [c, [OPAQUE], "has", true]),
  ...["powershell ./build.ps1", "pwsh ./build.ps1", "pwsh /tmp/x.ps1", "pwsh -File /opt/x.ps1", "lua script.lua <<< 'x'", "tclsh x.tcl", "echo hi | lua script.lua"].map((c): Row => [c, [], "none", true]),
  // what is printed is read, escapes and %s included; text that cannot be reproduced stays unseen
  ["echo -e 'r\\x6d -rf ~' | sh", [HOME], "has", true],
  ["printf '%s -rf ~' rm | sh", [HOME], "has", true],
  ["printf '\\162m -rf ~' | sh", [HOME], "has", true],
  ["printf '%d' 1 | python3", [PIPE], "has", true],
  ["echo 'a\\nb' | python3", [PIPE], "has", true],
  ["echo -e 'print(1)\\c' | python3", [PIPE], "has", true],
  ["echo \"$CODE\" | python3", [PIPE], "has", true],
  ["echo 'print(1)' >&2 | python3", [PIPE], "has", true],
  ["printf -v x 'rm -rf ~' | sh", [PIPE], "has", true],
  // a printer's escapes read as bash reads them: octal of printf's format (`\0120` is \n then 0),
  // `\47` only for printf, `\'` kept by %b and echo -e; brace expansion is not reproduced
  ["printf '#\\0120;import os;os.system(\"rm -rf ~\")\\n' | python3", [HOME], "has", true],
  ["echo -e \"x='a\\47';import os;os.system(\\\"rm -rf ~\\\")#'\" | python3", [HOME], "has", true],
  ["printf '%b\\n' \"x='a\\\\'';import os;os.system(\\\"rm -rf ~\\\")#'\" | python3", [HOME], "has", true],
  ["echo 'import os;'{,'#'}'os.system(\"rm -rf ~\");' | python3", [PIPE], "has", true],
  // stdin however named; versioned interpreters; consoles and `php --` reading stdin
  ...["python3 /dev//stdin", "python3 /dev/./stdin", "python3 /proc/thread-self/fd/0", "python3.12", "pypy3", "python3 -m code", "python3 -m asyncio", "python3 -Im code"]
    .map((c): Row => [`echo 'import os; os.system("rm -rf ~")' | ${c}`, [HOME], "has", true]),
  ...["perl5.36", "perl5.36.0", "ruby3.1"].map((c): Row => [`echo 'system("rm -rf ~")' | ${c}`, [HOME], "has", true]),
  ...["php8.2", "php -- foo"].map((c): Row => [`echo '<?php system("rm -rf ~");' | ${c}`, [HOME], "has", true]),
  ...["python3.12", "nodejs", "pypy3", "perl5.36", "php8.2 --", "python3 -m code"].map((c): Row => [`/bin/echo x | ${c}`, [PIPE], "has", true]),
  // a program from a command or a later redirect, or a printer redefined on the line, is unseen
  ["python3 < <(echo 'import os; os.system(\"rm -rf ~\")')", ["shell/dynamic-script"], "has", true],
  ["node < \"$F\"", ["shell/dynamic-script"], "has", true],
  ["cat <<<'print(1)' < <(echo x) | python3", [PIPE], "has", true],
  ["cat <<<'print(1)' < /tmp/e.py | python3", [PIPE], "has", true],
  ["echo() { printf '%s\\n' x; }; echo 'print(1)' | python3", [PIPE], "has", true],
  ["alias echo=cowsay; echo 'print(1)' | python3", [PIPE], "has", true],
  ["python3 < script.py", [], "none", true],
  ["python3 -m code", [], "none", true],
  // data piped into a script is not the program
  ...["echo hi | python3 script.py", "cat data | node app.js", "printf 'a\\n' | perl -ne 'print'", "echo '{}' | python3 -m json.tool"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/printed: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

/** Escapes as bash's own printf and echo read them, byte for byte (bash is the oracle). */
const ESCAPES = ["\\n", "\\t", "\\\\", "\\'", "\\\"", "\\?", "\\47", "\\047", "\\0120", "\\0", "\\1", "\\101", "\\1011", "\\x41", "\\x4", "\\x", "\\xZ",
  "\\u0041", "\\u", "\\e", "\\E", "\\z", "\\a\\b\\f\\v\\r", "a\\", "\\8"];

describe("unwrap/printed: escapes read as bash reads them", () => {
  const bash = (script: string, arg: string): string => {
    const r = spawnSync("bash", ["-c", script, "bash", arg], { encoding: "latin1" });
    expect(r.status).toBe(0);
    return r.stdout;
  };
  it.each(ESCAPES)("%s", (e) => {
    expect(formatted(e, []), "printf FORMAT").toBe(bash('printf "$1"', e));
    expect(unescape(e, "b"), "printf %b").toBe(bash('printf %b "$1"', e));
    expect(unescape(e, "echo"), "echo -e").toBe(bash('echo -ne "$1"', e));
  });
});
