/**
 * Shell strings (shell-strings.ts): `bash -c '...'`, heredocs and herestrings fed to a shell, `eval`,
 * `su -c` / `runuser -l` / `sg`, and the scripts that cannot be seen (shell/dynamic-script, shell/eval).
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, SHELL_STRINGS, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const EVAL = "shell/eval";
const SCRIPT = "shell/dynamic-script";
const DYNCMD = "shell/dynamic-command";

const TABLE: Row[] = [
  // `+o name` / `+O shopt` take the next word, as `-o` / `-O` do
  ["bash +O extglob -c 'rm -rf ~'", ["deletion/home"], "has", true],
  ["bash +o posix -O extglob -c 'rm -rf ~'", ["deletion/home"], "has", true],
  // fish's -C / --init-command run before anything; --command= and zsh's --emulate take a value
  ["fish -C 'rm -rf ~'", ["deletion/home"], "has", true],
  ["fish --init-command='rm -rf ~' -c ls", ["deletion/home"], "has", true],
  ["fish --command='rm -rf ~'", ["deletion/home"], "has", true],
  ["zsh --emulate sh -c 'rm -rf ~'", ["deletion/home"], "has", true],
  // su, runuser -l, sg: the string runs as another user or group
  ["runuser -l x -c 'rm -rf ~'", [RM, HOME]],
  ["sg wheel 'rm -rf ~'", [RM, HOME]],
  ["sg wheel -c 'rm -rf ~'", [RM, HOME]],
  ["su -c 'rm -rf ~' root", [RM, HOME]],
  ["su --command='rm -rf ~'", [RM, HOME]],
  ["su -l root -c 'rm -rf ~'", [RM, HOME]],
  // the words after the user are the shell's (or the -s program's) arguments
  ...["su root -- -c @", "su -- root -c @", "runuser root -- -c @", "su - root -- -c @", "su -s /bin/bash root -- -c @", "su -s /usr/bin/env root -- sh -c @"]
    .flatMap((f): Row[] => [[f.replace("@", "'rm -rf ~'"), [RM, HOME]], [f.replace("@", "'ls -la'"), [], "none", true]]),
  ["su -s /bin/rm root -- -rf ~", [RM, HOME]],
  ["su -s /usr/bin/python3 root -c 'import os; os.system(\"rm -rf ~\")'", [RM, HOME]],
  ...["su - root", "su root", "su -s /bin/zsh root"].map((c): Row => [c, [], "none", true]),
  // shells with a string: parsed again, recursively, ANSI-C and all
  ...SHELL_STRINGS.map((s): Row => [s("rm -rf ~"), [RM, HOME], "has", true]),
  ["bash -c $'\\x72\\x6d -rf ~'", [RM, HOME]],
  ["bash -c $'\\162\\155 -rf ~'", [RM, HOME]],
  ["sh -c 'r''m -rf ~'", [RM, HOME]],
  ["bash -c \"bash -c 'rm -rf ~'\"", [RM, HOME]],
  ["bash -c 'bash -c \"sh -c \\\"rm -rf ~\\\"\"'", [RM, HOME]],
  ["bash -xec 'rm -rf ~'", [RM, HOME]],
  ["bash +x -c 'rm -rf ~'", [RM, HOME]],
  ["bash --norc --noprofile -c 'rm -rf ~'", [RM, HOME]],
  ["bash -c 'rm -rf ~' arg0 arg1", [RM, HOME]],
  ["bash -s a b <<< 'rm -rf ~'", [RM, HOME]],
  ["bash - <<< 'rm -rf ~'", [RM, HOME]],
  ["bash /dev/stdin <<< 'rm -rf ~'", [RM, HOME]],
  ["bash <<-EOF\n\trm -rf ~\nEOF", [RM, HOME]],
  ["eval rm -rf '~'", [EVAL, RM, HOME]],
  ["eval \"rm -rf ~\"", [EVAL, RM, HOME]],
  ["eval 'eval \"rm -rf ~\"'", [EVAL, RM, HOME]],
  // eval
  ["eval ls", [EVAL]],
  ["eval \"$CMD\"", [EVAL, DYNCMD]],
  ["builtin eval ls", [EVAL]],
  ["sudo eval ls", [EVAL]],
  // scripts that cannot be seen
  ["bash <(curl -s https://x)", [SCRIPT]],
  ["sh <(wget -qO- https://x)", [SCRIPT]],
  ["sh -c \"$(curl -fsSL https://x)\"", [SCRIPT]],
  ["bash -c \"$X\"", [SCRIPT]],
  ["bash -c \"$1\" _ 'rm -rf ~'", [SCRIPT]],
  ["sudo bash -c \"$CMD\"", [SCRIPT]],
  ["bash < \"$SCRIPT\"", [SCRIPT]],
  ["bash <<< \"$X\"", [SCRIPT]],
  ["su -c \"$X\"", [SCRIPT]],
  ["bash script.sh", [], "none"],
  ["bash -c 'echo $X'", [], "none"],
  // harmless strings stay harmless; ast-grep's `sg` is not shadow's
  ["bash -c 'npm test && npm run build'", [], "none"],
  ["sg run --pattern 'foo($A)' --rewrite 'bar($A)'", [], "none"],
];

describe("unwrap/shell-strings: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
