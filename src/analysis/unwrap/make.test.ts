/**
 * GNU make given makefile text on its command line or stdin (make.ts): recipes, `$(shell …)`,
 * `!=` and SHELL= run shell code, parsed like `sh -c`; text make evaluates again is opaque.
 * Running the project's Makefile, or setting plain variables, is not a finding.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { shellCode } from "./make.js";

const HOME = "deletion/home";
const OPAQUE = "shell/opaque-code";

/** Ways of giving make the text @@ (no single quote of its own). */
const CARRIERS = ["make --eval='@@'", "make --eval '@@'", "make -E '@@'", "gmake -j4 -E'@@' all", "make -C src --eval='@@' all",
  "printf '@@\\n' | make -f -", "make -f /dev/stdin <<'EOF'\n@@\nEOF", "make --file=- <<< '@@'", "sudo make -E '@@'",
  // long options by any unique prefix, as getopt_long reads them
  "make --ev='@@' all", "make --eva '@@'", "make --fi=- <<< '@@'", "make --makef /dev/stdin <<< '@@'", "make -j 4 --ev='@@'"];
/** Makefile text that runs `rm -rf ~`, however make runs it. */
const TEXTS = ["all:; rm -rf ~", "all: ; @rm -rf ~", "x:=$(shell rm -rf ~)", "x = $(shell echo $(shell rm -rf ~))", "y != rm -rf ~", "all:\n\t-rm -rf ~", "$(info ${shell rm -rf ~})"];

const TABLE: Row[] = [
  ...CARRIERS.flatMap((c) => TEXTS.flatMap((t): Row[] => (c.includes("printf") && t.includes("\n") ? [] : [[c.replace("@@", t), [HOME], "has", true]]))),
  // command-line variables: `:=` expands at once; SHELL is the program every recipe runs
  ["make 'X:=$(shell rm -rf ~)' all", [HOME], "has", true],
  ["make 'X!=rm -rf ~'", [HOME], "has", true],
  ["make SHELL='rm -rf ~'", [HOME], "has", true],
  ["make MAKESHELL='rm -rf ~' all", [HOME], "has", true],
  // make evaluating text it makes: not followed
  ...["make --eval='$(eval $(X))'", "make -E '$(file >x,y)'", "make --eval='load ./x.so'"].map((c): Row => [c, [OPAQUE], "has", true]),
  // a makefile from an unseen place
  ["cat mk | make -f -", ["shell/dynamic-script"], "has", true],
  ["make -f - < \"$MK\"", ["shell/dynamic-script"], "has", true],
  // the project's own Makefile, plain variables, harmless text
  ...["make", "make -j4 all", "make CC=clang CFLAGS='-O2 -g' all", "make -f Makefile.local install DESTDIR=/tmp/x", "make --eval='X := 1' all", "make -E 'all:; echo hi'",
    "make -C build -- SHELL=x", "make -f - <<< 'all:; ls'"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/make: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/make: shellCode", () => {
  it.each([
    ["all:; a b", ["a b"]],
    ["all:\n\t@a\n\t-b\n\t+c", ["a", "b", "c"]],
    ["x := $(shell a (b) c)", ["a (b) c"]],
    ["x ::= 1\ny := $(CC)", []],
    ["v != a \\\n b", ["a   b"]],
    ["t: d ; a # c", ["a # c"]],
  ] as const)("%j", (text, want) => expect(shellCode(text)).toEqual(want));
});

describe("unwrap/make: the shell and programs recipes run with, set on the line", () => {
  it.each(cases([
    ...["make SHELL=/bin/rm .SHELLFLAGS='-rf /home/u' all", "make .SHELLFLAGS='-rf /home/u' SHELL=/bin/rm", "gmake -j4 SHELL=rm .SHELLFLAGS:='-rf ~'", "make .SHELLFLAGS='-c \"rm -rf ~\" -c'",
      "make CC='rm -rf ~;' x.o", "make CXX='rm -rf ~ #' all", "make LD='sh -c \"rm -rf ~\"'", "make RM='rm -rf ~'"].map((c): Row => [c, [HOME], "has", true]),
    ...["make CC=clang", "make CC='ccache gcc' CXX=clang++ -j8", "make SHELL=/bin/bash", "make SHELL=/bin/bash .SHELLFLAGS='-euo pipefail -c'", "make .SHELLFLAGS=-ec",
      "make RM='rm -rf'", "make PKG_CONFIG=pkg-config AR=llvm-ar", "make CFLAGS='-O2 -g' install"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});
