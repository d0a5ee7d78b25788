/**
 * A file the line writes, then runs (written.ts): what a printer wrote is the program of whatever
 * runs the file; a file written with text not seen and then run is a dynamic script. Generated:
 * every writer × every separator × every way of running the file × a dangerous and a harmless
 * program per language; writes that do not reach the file run, and files that are data, are not.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const HOME = "deletion/home";
const DYNAMIC = "shell/dynamic-script";

/** Ways of writing the text @@ (no quote, backslash or percent sign of its own) to the file F. */
const WRITERS = ["echo '@@' > F", "echo -e '@@' >F", "printf '@@\\n' > F", "printf '%s\\n' '@@' >| F", "cat > F <<'EOF'\n@@\nEOF\n", "cat <<'EOF' > F\n@@\nEOF\n",
  "echo '@@' | tee F", "echo '@@' | tee -a F >/dev/null", "echo '@@' >> F", ": > F; echo '@@' >> F", "echo '@@' &> F", "tee F <<< '@@'",
  "cp /dev/stdin F <<< '@@'", "install -m 755 /dev/stdin F <<< '@@'", "tee F >/dev/null <<'EOF'\n@@\nEOF\n"];
const SEPARATORS = ["; ", " && ", "\n"];
const fill = (writer: string, text: string, file: string, sep: string, run: string): string =>
  writer.replace("@@", text).replaceAll(" F", ` ${file}`).replaceAll(">F", `>${file}`) + (writer.endsWith("\n") ? "" : sep) + run.replaceAll("./F", file.includes("/") ? file : `./${file}`).replaceAll(" F", ` ${file}`);

/** Per language: the ways a file F is run as its program, a program deleting ~, and a harmless one. */
const LANGUAGES: ReadonlyArray<readonly [runs: readonly string[], dangerous: string, harmless: string]> = [
  [["sh F", "bash F", "bash -x F", "sudo bash F", "env sh F", "source F", ". F", ". ./F", "chmod +x F && ./F", "./F", "nice -n 5 ./F"], "rm -rf ~", "ls -la"],
  [["python3 F", "python3 -u F arg", "sudo python3 F", "python3 -m cProfile -s time F", "python3 -m trace --trace F", "python3 -m pdb F", "python3 -m coverage run --branch F"], "import os; os.system(\"rm -rf ~\")", "print(1)"],
  [["node F", "sudo -E node F"], "require(\"child_process\").execSync(\"rm -rf ~\")", "console.log(1)"],
  [["perl F", "ruby F"], "system(\"rm -rf ~\")", "print 1"],
];
const FILES = ["/tmp/x.sh", "run.sh", "./t"];
/** Commands that run a shell string @ (single-quoted). */
const STRING_RUNNERS = ["sh -c @", "bash -c @", "sudo sh -c @", "eval @", "env bash -c @"];
const squote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

const TABLE: Row[] = [
  ...LANGUAGES.flatMap(([runs, dangerous, harmless]) =>
    WRITERS.flatMap((w) => runs.flatMap((r): Row[] => {
      const file = FILES[(w.length + r.length) % FILES.length] as string;
      const sep = SEPARATORS[w.length % SEPARATORS.length] as string;
      return [[fill(w, dangerous, file, sep, r), [HOME], "has", true], [fill(w, harmless, file, sep, r), [], "none", true]];
    })),
  ),
  // `#!` names the program that runs the file; without one, sh runs it
  ["printf '#!/usr/bin/env python3\\nimport os; os.system(\"rm -rf ~\")\\n' > t; ./t", [HOME], "has", true],
  ["printf '#!/usr/bin/python3 -u\\nimport os; os.system(\"rm -rf ~\")\\n' > t; ./t", [HOME], "has", true],
  ["printf '#!/usr/bin/env -S perl -w\\nsystem(\"rm -rf ~\")\\n' > t; ./t", [HOME], "has", true],
  ["printf '#!/usr/bin/make -f\\nall:\\n\\trm -rf ~\\n' > t; ./t", [DYNAMIC], "has", true],
  // copies keep the text; a write to stderr or a device is no script
  ["echo 'rm -rf ~' > a; cp a b; bash b", [HOME], "has", true],
  ["echo 'rm -rf ~' > a; mv a /tmp/; bash /tmp/a", [HOME], "has", true],
  ["echo 'rm -rf ~' > a; install -m 755 a /usr/local/bin/x; /usr/local/bin/x", [HOME], "has", true],
  // text that cannot be seen: written by anything but a printer, or printed with run-time parts
  ...["base64 -d <<< cm0gLXJmIH4= > F", "xxd -r -p hex > F", "cat > F", "gen > F", "dd of=F", "cmd 2> F", "gen | tee F", "cp <(gen) F", "tee F < \"$IN\""]
    .flatMap((w): Row[] => [[`${w.replaceAll("F", "x.py")}; python3 x.py`, [DYNAMIC], "has", true], [`${w.replaceAll("F", "x.sh")}; bash x.sh`, [DYNAMIC], "has", true]]),
  // printed with run-time parts: a script of run-time words (as `bash -c "$CODE"`); an interpreter's program unseen
  ["echo 'rm -rf \"$HOME\"' > x.sh; bash x.sh", [HOME], "has", true],
  ["echo \"$CODE\" > x.sh; bash x.sh", ["shell/dynamic-command"], "has", true],
  ["printf \"$fmt\" > x.py; python3 x.py", [DYNAMIC], "has", true],
  ["echo \"import $mod\" > x.py; python3 x.py", [DYNAMIC], "has", true],
  ["echo 'rm -rf ~' > a; cp -t /opt a; bash /opt/a", [HOME], "has", true],
  ["echo 'rm -rf ~' > a; tee b < a; sh b", [HOME], "has", true],
  // lines appended build one script: `rm -r` then `-f ~` is two commands
  ["echo 'rm -rf' > x.sh; echo '~' >> x.sh; bash x.sh", [], "none", true],
  ["printf 'rm -rf ' > x.sh; echo '~' >> x.sh; bash x.sh", [HOME], "has", true],
  ["gen > x.sh; echo 'ls' >> x.sh; bash x.sh", [DYNAMIC], "has", true],
  // not run, or run before it was written, or run by PATH; data for a script is not its program
  ...["echo 'rm -rf ~' > notes.txt; cat notes.txt", "bash t.sh; echo 'rm -rf ~' > t.sh", "echo 'rm -rf ~' > a; echo ls > a; bash a",
    "ls > list.txt; python3 proc.py list.txt", "gen > data.json; node app.js data.json", "echo 'rm -rf ~' > a; cp b a; bash a", "tee x.sh < in.sh; bash x.sh",
    "base64 -d <<< eA== > out.bin; ls out.bin", "make > build.log 2>&1; tail build.log", "echo 'rm -rf ~' > x.sh; bash -c 'echo x.sh'",
    "echo 'rm -rf ~' > /dev/null; bash /dev/null"].map((c): Row => [c, [], "none", true]),
  // from stdin, as a module, and from a string run later on the line
  ["echo 'rm -rf ~' > x.sh; bash < x.sh", [HOME], "has", true],
  ["echo 'rm -rf ~' > x.sh; sh -s < ./x.sh", [HOME], "has", true],
  ["echo 'import os; os.system(\"rm -rf ~\")' > x.py; python3 < x.py", [HOME], "has", true],
  ["echo 'rm -rf ~' > x.sh; source /dev/stdin < x.sh", [HOME], "has", true],
  ["echo 'import os; os.system(\"rm -rf ~\")' > tool.py; python3 -m tool", [HOME], "has", true],
  ["mkdir -p pkg; echo 'import os; os.system(\"rm -rf ~\")' > pkg/__main__.py; python3 -m pkg", [HOME], "has", true],
  ["echo 'rm -rf ~' > x.sh; sh -c 'bash x.sh'", [HOME], "has", true],
  ["echo 'rm -rf ~' > x.sh; sudo sh -c \"bash -c './x.sh'\"", [HOME], "has", true],
  ["base64 -d <<< eA== > x.sh; eval 'bash x.sh'", [DYNAMIC], "has", true],
  ["echo 'ls' > tool.py; python3 -m tool", [], "none", true],
  ...["python3 -m cProfile -m tool", "python3 -m trace --count --module tool", "python3 -m coverage run -m tool", "python -m profile -o out -m tool"].flatMap((run): Row[] => [
    [`echo 'import os; os.system("rm -rf ~")' > tool.py; ${run}`, [HOME], "has", true],
    [`echo 'print(1)' > tool.py; ${run}`, [], "none", true],
  ]),
  ["echo 'import os; os.system(\"rm -rf ~\")' > x.py; python3 -m cProfile y.py", [], "none", true],
  ["echo 'print(1)' > x.py; python3 < data.txt", [], "none", true],
  // sponge writes what it is fed; awk's `> "F"` and find's -fprint* write text not read here
  ["echo 'rm -rf ~' | sponge x.sh; sh x.sh", [HOME], "has", true],
  ["printf 'rm -rf ~' | sponge -a x.sh && bash x.sh", [HOME], "has", true],
  ["echo 'ls' | sponge x.sh; sh x.sh", [], "none", true],
  ["gen | sponge x.sh; sh x.sh", [DYNAMIC], "has", true],
  ...["awk 'BEGIN{print \"rm -rf ~\" > \"x.sh\"}'; sh x.sh", "gawk '{ print >> \"x.sh\" }' in; bash ./x.sh", "find . -fprintf x.sh 'rm -rf ~' -quit; sh x.sh",
    "find / -maxdepth 0 -fprint x.sh; . ./x.sh", "find . -fls x.sh; bash x.sh"].map((c): Row => [c, [DYNAMIC], "has", true]),
  ...["awk '{ print > \"out.txt\" }' in; cat out.txt", "awk '$1 > 5' f", "find . -fprint list.txt; wc -l list.txt", "echo x | sponge f.txt; cat f.txt"].map((c): Row => [c, [], "none", true]),
  // the same written file run again is read once
  ["echo 'rm -rf ~' > a; bash a; bash a; sh a", [HOME], "has", true],
  // written by a string a command runs, then run by the line after it
  ...STRING_RUNNERS.flatMap((runner, n) => WRITERS.flatMap((w, k): Row[] => {
    const run = ["bash F", "./F", "python3 F"][(n + k) % 3] as string;
    const [dangerous, harmless] = run === "python3 F" ? ["import os; os.system(\"rm -rf ~\")", "print(1)"] : ["rm -rf ~", "ls -la"];
    const inner = (text: string): string => runner.replace("@", squote(fill(w, text, "x.sh", "; ", "").replace(/; $/, "")));
    return [[`${inner(dangerous)}; ${run.replace("F", "./x.sh")}`, [HOME], "has", true], [`${inner(harmless)} && ${run.replace("F", "./x.sh")}`, runner.startsWith("eval") ? ["shell/eval"] : [], "exact", true]];
  })),
  ["sh -c 'curl -fsSL http://127.0.0.1/i.sh -o i.sh'; bash i.sh", ["shell/pipe-to-shell"], "has", true],
  ["bash -c 'wget -q http://127.0.0.1/i.sh' && . ./i.sh", ["shell/pipe-to-shell"], "has", true],
  ["sh -c 'gen > x.sh'; bash x.sh", [DYNAMIC], "has", true],
  ["x=$(sh -c \"echo 'rm -rf ~' > y\"); . ./y", [HOME], "has", true],
  ...["sh -c \"echo 'rm -rf ~' > notes\"; cat notes", "bash x.sh; sh -c \"echo 'rm -rf ~' > x.sh\"", "sh -c 'bash x; echo \"rm -rf ~\" > x'",
    "sh -c 'curl -o a.txt http://127.0.0.1/a'; cat a.txt", "sh -c \"echo 'rm -rf ~' > a; cp b a\"; bash a"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/written: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
