/**
 * GNU make given makefile text on its command line or stdin: `make --eval='all:; cmd'`, `make -E
 * 'x:=$(shell cmd)'`, `echo 'all:; cmd' | make -f -`, `make 'X:=$(shell cmd)'`, `make SHELL=prog`.
 * Recipes, `$(shell …)` and `!=` run shell code: each is parsed as shell code like `sh -c`;
 * what make evaluates again (`$(eval …)`, `$(file …)`, `load`, guile) is shell/opaque-code.
 * Running the project's Makefile is not this: that file is on disk, for anyone to read.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { letters, names, parseFlags, values, type FlagSpec } from "../flags.js";
import type { Env, Unwrapper } from "./types.js";
import { fedText } from "./printed.js";
import { isStdinPath, runString, valueWord } from "./strings.js";

export const makeUnwrapper: Unwrapper = { name: "make-eval", commands: ["make", "gmake"], unwrap: (v, e) => makeCode(v, e) };

/** GNU make's options (getopt_long: a unique prefix of a long one is that one, `--ev=` is `--eval=`). */
const MAKE_FLAGS: FlagSpec = {
  short: letters("bBdehikLnpqrRsStvw"),
  shortValue: { C: "directory", E: "eval", f: "file", I: "include-dir", o: "old-file", W: "what-if" },
  shortOptional: { j: "jobs", l: "load-average", O: "output-sync" },
  long: names("always-make", "environment-overrides", "help", "ignore-errors", "keep-going", "check-symlink-times", "just-print", "dry-run", "recon", "print-data-base", "question",
    "no-builtin-rules", "no-builtin-variables", "silent", "quiet", "no-silent", "stop", "no-keep-going", "touch", "trace", "version", "print-directory", "no-print-directory", "warn-undefined-variables"),
  longValue: { ...names("directory", "eval", "file", "include-dir", "old-file", "what-if", "new-file", "jobserver-style", "jobserver-fds", "jobserver-auth"), makefile: "file", "assume-old": "old-file", "assume-new": "what-if" },
  longOptional: names("debug", "jobs", "load-average", "max-load", "output-sync", "shuffle"),
};
/** `NAME=value`, `NAME:=value`: a variable set on the command line. */
const VARIABLE = /^([A-Za-z_.][\w.]*)\s*(?::{1,3}|\+|\?|!)?=([^]*)$/;

function makeCode(view: CommandView, env: Env): void {
  const args = view.args;
  const p = parseFlags(args, MAKE_FLAGS, 1);
  for (const value of values(p, "eval")) {
    const w = valueWord(view, value);
    if (w !== null) makefileText(view, env, w);
  }
  if (values(p, "file").some((f) => isStdinPath(f))) stdinMakefile(view, env);
  for (const k of p.operands) {
    const m = VARIABLE.exec(args[k] as string);
    if (m !== null) variable(view, env, view.words[k] as Word, m[1] as string, m[2] as string, (args[k] as string).includes("!="));
  }
}

/** `make 'X:=$(shell cmd)'`, `make SHELL=prog`: the shell recipes run with, or code in a value. */
function variable(view: CommandView, env: Env, w: Word, name: string, value: string, bang: boolean): void {
  if (name === "SHELL" || name === "MAKESHELL" || name === ".SHELLFLAGS") {
    // Each recipe runs as `$(SHELL) $(.SHELLFLAGS) 'recipe'`: `SHELL=/bin/rm .SHELLFLAGS='-rf /'`.
    if (name === ".SHELLFLAGS" && view.args.some((a) => /^(?:SHELL|MAKESHELL)\s*:*=/.test(a))) return;
    const shell = name === ".SHELLFLAGS" ? "/bin/sh" : value;
    const flags = name === ".SHELLFLAGS" ? value : shellFlags(view.args) ?? "-c";
    runString(view, { ...w, value: `${shell} ${flags} recipe` }, env.at(w), env.nest, env.out, "the shell every recipe runs with (SHELL=)");
    return;
  }
  // `make CC='cmd;'`: the implicit rules (and most makefiles) run these as the start of a recipe.
  if (RECIPE_PROGRAMS.has(name) && !bang) {
    runString(view, { ...w, value: `${value} recipe` }, env.at(w), env.nest, env.out, `the program recipes run as $(${name})`);
    return;
  }
  if (bang) runString(view, { ...w, value }, env.at(w), env.nest, env.out, "a command (!=)");
  else makefileText(view, env, { ...w, value: `${name}=${value}`, dynamic: null });
}

/** Variables whose value the implicit rules run as a program (`$(CC) -c -o x.o x.c`, `$(RM) f`). */
const RECIPE_PROGRAMS: ReadonlySet<string> = new Set(["CC", "CXX", "CPP", "FC", "F77", "PC", "LD", "AR", "AS", "LEX", "YACC", "RM", "INSTALL", "STRIP", "RANLIB", "NM", "OBJCOPY", "OBJDUMP", "MAKEINFO", "PKG_CONFIG"]);

/** `.SHELLFLAGS=…` given on the line (the last one). */
function shellFlags(args: readonly string[]): string | null {
  let flags: string | null = null;
  for (const a of args) {
    const m = /^\.SHELLFLAGS\s*:*=([^]*)$/.exec(a);
    if (m !== null) flags = m[1] as string;
  }
  return flags;
}

function stdinMakefile(view: CommandView, env: Env): void {
  const fed = fedText(view.sc, view.facts);
  if (fed !== null) return makefileText(view, env, fed.word);
  const file = view.redirects.find((r) => r.op === "<" && r.target?.dynamic);
  if (file?.target) unseen(view, env, file.target, `reads its makefile from '${file.target.value}', which cannot be seen before it runs`);
  else if (view.sc.stage > 0 && !view.redirects.some((r) => r.op.startsWith("<"))) unseen(view, env, view.words[0] as Word, "reads its makefile from the pipe, unseen");
}

function unseen(view: CommandView, env: Env, w: Word, what: string): void {
  const r = env.at(w);
  env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} ${what}; save the makefile, read it, then run make -f on it.`, start: r[0], end: r[1] });
}

/** Functions and directives that evaluate text again or load code: not followed. */
const OPAQUE = /\$[({](?:eval|file|guile|call)\s|^\s*-?(?:load|guile)\s/m;

/** The shell code in makefile text: recipe lines, `target: ; recipe`, `!=` and `$(shell …)`. */
export function makefileText(view: CommandView, env: Env, text: Word): void {
  const r = env.at(text);
  const code = shellCode(text.value);
  if (OPAQUE.test(text.value)) env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} evaluates makefile text that makes more text to evaluate ($(eval …), $(file …), load), which the analysis does not follow; put it in a Makefile and read it first.`, start: r[0], end: r[1] });
  for (const c of code) runString(view, { ...text, value: c, dynamic: null }, r, env.nest, env.out, "a makefile's shell command");
}

/** Shell commands a makefile runs (make's own `$(VAR)` references are left for the shell to see as `$(…)`). */
export function shellCode(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replace(/\\\n/g, " ").split("\n")) {
    // A recipe line: after the tab, make's prefixes `@`, `-`, `+`.
    if (line.startsWith("\t")) out.push(line.slice(1).replace(/^[@+-]+/, ""));
    else {
      const bang = /^[^:=#]*?!=([^]*)$/.exec(line);
      if (bang !== null) out.push((bang[1] as string).trimStart());
      // `target: prereqs ; recipe` (not an assignment `x := y`, `x ::= y`).
      const rule = /^[^=#;]*?[^:]:(?![:=])[^=;#]*;([^]*)$/.exec(line);
      if (rule !== null) out.push((rule[1] as string).replace(/^\s*[@+-]*\s*/, ""));
    }
    out.push(...shellCalls(line));
  }
  return out.filter((c) => c.trim() !== "");
}

/** `$(shell cmd)` and `${shell cmd}`, parentheses balanced. */
function shellCalls(line: string): string[] {
  const out: string[] = [];
  const re = /\$([({])shell\s/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) {
    const open = m[1] as string;
    const close = open === "(" ? ")" : "}";
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < line.length && depth > 0; i++) {
      if (line[i] === open) depth++;
      else if (line[i] === close) depth--;
    }
    out.push(line.slice(start, depth === 0 ? i - 1 : i));
  }
  return out;
}
