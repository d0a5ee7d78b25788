/**
 * Side effects hidden in options and builtins, as findings (so guard mode asks too): a wrapper
 * that writes a file or runs a program itself (`time -o FILE`, `strace -o '|cmd'`), an option
 * that runs a program (`bat --pager`, `git -c ...`, `kubectl --kubeconfig`) or writes a sensitive
 * file (`git log --output ~/.bashrc`), an assignment to a variable the shell runs later
 * (`PROMPT_COMMAND`, `PS1`, `BASH_ENV`, `LD_PRELOAD`, in any form: `export`, `printf -v`,
 * `read`), and a variable name whose subscript runs code (`printf -v 'a[$(cmd)]'`).
 */

import type { CommandCheck, FactsCheck, FindingDraft, CheckContext } from "../check.js";
import type { CommandView } from "../command.js";
import type { Facts, Word } from "../../facts/types.js";
import { parseFlags, type FlagSpec } from "../flags.js";
import { READ_ONLY_COMMANDS, verdictOf } from "../read-only/index.js";
import { sensitiveTarget } from "./sensitive-paths.js";
import { replaceDynamic } from "../unwrap/strings.js";

const NONE: FindingDraft[] = [];

/** Variables whose value the shell (or the dynamic loader) runs later: prompts (PS3, select's, is not expanded), startup files, preloads. */
const HOOK = /^(?:PROMPT_COMMAND|PS[0124]|PROMPT|RPROMPT|precmd_functions|preexec_functions|BASH_ENV|ENV|ZDOTDIR|LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH)$/;
/**
 * Of those, the prompt strings: bash expands them (parameters, `$(...)`, backquotes) when it shows
 * them, so a value known as written with no command substitution in it runs nothing
 * (`PS4='+ $BASH_SOURCE:$LINENO: '`). A value from elsewhere (`PS1="$X"`, `read PS1`) may.
 */
const PROMPT = /^(?:PS[0124]|PROMPT|RPROMPT)$/;
const runsWhenExpanded = (literal: string): boolean => literal.includes("$(") || literal.includes("`");

/** Of those, the ones that matter when set for one command only (`BASH_ENV=x bash`, `LD_PRELOAD=x ls`). */
const HOOK_FOR_COMMAND = /^(?:BASH_ENV|ENV|ZDOTDIR|LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH)$/;

/** The variable of `NAME`, `NAME[sub]`, `NAME=value`, `NAME[sub]+=value`. */
function variableOf(word: string): string {
  let end = 0;
  while (end < word.length && /[A-Za-z0-9_]/.test(word[end] as string)) end++;
  return word.slice(0, end);
}

const isNameChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * `$((` at `at` opens arithmetic (not a command substitution) when the paren that closes its
 * inner `(` is directly followed by `)`: bash's own rule, so `$((rm x) )` is still a command.
 */
function arithmeticAt(text: string, at: number): boolean {
  let depth = 2;
  for (let j = at + 3; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 40) depth++;
    else if (c === 41 && --depth === 1) return text.charCodeAt(j + 1) === 41;
  }
  return false;
}

/**
 * A subscript (`name[...]`) with a command substitution or backquote in it: bash runs it when it
 * evaluates the subscript. A `[` not after a name (`[ "$(id -u)" -ne 0 ]`, a bracket expression
 * `'[][(){}]'`) opens no subscript, and `$((...))` is arithmetic, not a command.
 */
export function subscriptRunsCode(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 /* [ */) {
      if (depth > 0 || (i > 0 && isNameChar(text.charCodeAt(i - 1)))) depth++;
    } else if (c === 93 /* ] */) {
      if (depth > 0) depth--;
    } else if (depth > 0 && c === 96 /* ` */) {
      return true;
    } else if (depth > 0 && c === 36 /* $ */ && text.charCodeAt(i + 1) === 40 /* ( */) {
      if (text.charCodeAt(i + 2) !== 40 || !arithmeticAt(text, i)) return true;
      i += 2;
    }
  }
  return false;
}

/**
 * A word's literal text, its dynamic parts (expansions made when the word is read) blanked:
 * `'a[$(cmd)]'` keeps its `$(cmd)`, which bash runs when it evaluates the text as arithmetic;
 * in `"a[$(cmd)]"` cmd runs at once, a command substitution checked like any other.
 */
function literalText(w: Word): string {
  return replaceDynamic(w, (text) => " ".repeat(text.length));
}

const literalSubscriptRunsCode = (w: Word): boolean => subscriptRunsCode(literalText(w));

/** `x='a[$(cmd)]'`, `X='a[$(cmd)]' cmd`, `env X='a[$(cmd)]' cmd`: the value is code for any arithmetic use of x. */
const storedSubscript = (name: string, value: string): FindingDraft => ({
  id: "side-effect/subscript",
  message: `The value '${value}' assigned to ${name} has a subscript with a command in it; bash runs the command wherever ${name} is evaluated as arithmetic (((${name})), $((${name})), [[ $${name} -eq 1 ]], declare -i, an array index).`,
});

const hook = (name: string, how: string): FindingDraft => ({
  id: "side-effect/shell-hook",
  message: `${how} sets ${name}, which the shell or the loader runs later (at the next prompt, shell start or program start); set it in your own startup files if you mean it.`,
});
const subscript = (name: string): FindingDraft => ({
  id: "side-effect/subscript",
  message: `The variable name '${name}' has a subscript with a command in it; bash runs it when it evaluates the subscript.`,
});

/** Option tables of the builtins that take variable names (their operands, or an option's value). */
const READ: FlagSpec = { short: { r: "r", e: "e", s: "s" }, shortValue: { a: "array", d: "d", i: "i", n: "n", N: "n", p: "p", t: "t", u: "u" } };
const MAPFILE: FlagSpec = { short: { t: "t" }, shortValue: { d: "d", n: "n", O: "O", s: "s", u: "u", C: "callback", c: "c" } };
const DECLARE: FlagSpec = { short: { a: "a", A: "A", f: "f", F: "F", g: "g", i: "i", I: "I", l: "l", n: "n", p: "p", r: "r", t: "t", u: "u", x: "x" } };

/** The variable names a builtin assigns (or tests, for `test -v`), with the words they come from. */
function assignedNames(view: CommandView): string[] {
  const a = view.args;
  switch (view.name) {
    case "printf": {
      const p = parseFlags(a, { shortValue: { v: "v" }, stopAtOperand: true }, 1);
      return [...(p.flags.get("v") ?? [])];
    }
    case "read": {
      const p = parseFlags(a, READ, 1);
      return [...(p.flags.get("array") ?? []), ...p.operands.map((i) => a[i] as string)];
    }
    case "mapfile": case "readarray": {
      const p = parseFlags(a, MAPFILE, 1);
      return p.operands.map((i) => a[i] as string);
    }
    case "getopts":
      return a.length > 2 ? [a[2] as string] : [];
    case "export": case "declare": case "typeset": case "local": case "readonly": {
      const p = parseFlags(a, DECLARE, 1);
      return p.operands.map((i) => a[i] as string).filter((o) => o.includes("=") || o.includes("["));
    }
    case "unset":
      return a.slice(1).filter((o) => !o.startsWith("-"));
    case "let":
      // Every argument is an arithmetic expression (`let 'x = a[$(cmd)] + 1'`).
      return a.slice(1);
    case "test": case "[": {
      const out: string[] = [];
      for (let i = 1; i + 1 < a.length; i++) if (a[i] === "-v") out.push(a[i + 1] as string);
      return out;
    }
    default:
      return [];
  }
}

/** Where `NAME[sub]=value`'s name ends: its first `=` outside a subscript; -1 without one. */
function nameEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[") depth++;
    else if (c === "]") depth = Math.max(0, depth - 1);
    else if (c === "=" && depth === 0) return i;
  }
  return -1;
}

/** The literal text (dynamic parts blanked) of `value`, an argument or the tail of one (`-vNAME`). */
function literalOf(view: CommandView, value: string): string {
  const w = view.words.find((x) => x.value.endsWith(value));
  if (w === undefined || w.dynamic === null) return value;
  return literalText(w).slice(w.value.length - value.length);
}

const ASSIGNING = new Set(["printf", "read", "mapfile", "readarray", "getopts", "export", "declare", "typeset", "local", "readonly", "unset", "test", "[", "let"]);
const ENV_WORD = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

function check(view: CommandView, ctx: CheckContext): FindingDraft[] {
  let out: FindingDraft[] | undefined;
  const push = (d: FindingDraft): void => void (out ??= []).push(d);

  for (const e of view.wrapperEffects ?? []) {
    if (e.kind === "writes") push({ id: "side-effect/output-file", message: `${e.wrapper} writes its own output to '${e.what}', besides running the command; drop the option, or write to a file you mean to.` });
    else if (e.kind === "runs") push({ id: "side-effect/runs-program", message: `${e.wrapper} runs '${e.what}' itself, besides the command it wraps.` });
  }

  if (!view.trusted || view.words.length === 0) return out ?? NONE;
  if (ASSIGNING.has(view.name)) {
    for (const n of assignedNames(view)) {
      const literal = literalOf(view, n);
      const eq = view.name === "let" ? -1 : nameEnd(literal);
      if (subscriptRunsCode(eq < 0 ? literal : literal.slice(0, eq))) push(view.name === "let" ? { id: "side-effect/subscript", message: `let evaluates '${n}' as arithmetic; its subscript has a command in it, which bash runs.` } : subscript(n));
      else if (eq >= 0 && subscriptRunsCode(literal.slice(eq + 1))) push(storedSubscript(variableOf(n), n.slice(eq + 1)));
      const v = variableOf(n);
      const inert = PROMPT.test(v) && eq >= 0 && literal === n && !runsWhenExpanded(n.slice(eq + 1));
      if (HOOK.test(v) && !inert && view.name !== "test" && view.name !== "[" && view.name !== "unset") push(hook(v, view.name));
    }
    if (view.name === "mapfile" || view.name === "readarray") {
      const cb = parseFlags(view.args, MAPFILE, 1).flags.get("callback");
      if (cb !== undefined) push({ id: "side-effect/runs-program", message: `${view.name} -C runs '${cb[0] ?? ""}' as shell code for every few lines read.` });
    }
  }

  if (READ_ONLY_COMMANDS.has(view.name)) {
    for (const u of verdictOf(view).unsafe ?? []) {
      if (u.effect === "runs" && !(view.name === "git" && u.option === "-c" && !gitKeyRunsUnseen(u.value))) push({ id: "side-effect/runs-program", message: `${view.name} ${u.option}${u.value ? ` '${u.value}'` : ""} ${u.why}.` });
      else if (u.effect === "network" && u.value !== "") push({ id: "side-effect/sends-file", message: `${view.name} ${u.option} '${u.value}' ${u.why}.` });
      else if (u.effect === "writes" && u.value !== "") {
        const w = wordFor(view, u.value);
        const why = sensitiveTarget(w, ctx);
        if (why !== null) push({ id: "side-effect/output-file", message: `${view.name} ${u.option} writes ${why}.` });
      }
    }
  }
  return out ?? NONE;
}

/**
 * `git -c key=value` keys that make git run or load something unwrapping does not parse: included
 * config files, man/browser commands, transports (protocol.ext.allow, url rewrites), hook
 * directories; and credential helpers, which are parsed but also get the credentials on stdin.
 * The other command-valued keys (core.pager, alias.*) are parsed and checked as commands.
 */
const GIT_UNSEEN_KEY = /^(?:credential(?:\..*)?\.helper|include(?:if\..*)?\.path|man\..*\.(?:cmd|path)|browser\..*\.(?:cmd|path)|web\.browser|help\.browser|protocol\..*|url\..*|core\.hookspath)$/i;

function gitKeyRunsUnseen(kv: string): boolean {
  const eq = kv.indexOf("=");
  return GIT_UNSEEN_KEY.test(eq < 0 ? kv : kv.slice(0, eq));
}

/** A word for an option's value (`--output=~/x` holds `~/x` after the `=`), for path resolution. */
function wordFor(view: CommandView, value: string): Word {
  const exact = view.words.find((w) => w.value === value);
  if (exact !== undefined) return exact;
  const holder = view.words.find((w) => w.value.endsWith(value)) ?? (view.words[0] as Word);
  return { ...holder, value, tilde: value.startsWith("~") && holder.tilde !== false, dynamic: holder.dynamic === null ? null : [[0, value.length]] };
}

const FINDINGS = {
  "side-effect/output-file": { description: "A wrapper writes a file of its own (time -o, strace -o, script FILE), or an option writes a sensitive file." },
  "side-effect/runs-program": { description: "A wrapper or an option runs a program (strace -o '|cmd', bat --pager, git -c, kubectl --kubeconfig, mapfile -C)." },
  "side-effect/shell-hook": { description: "An assignment to a variable the shell or loader runs later (PROMPT_COMMAND, PS1, BASH_ENV, LD_PRELOAD), in any form." },
  "side-effect/subscript": { description: "An array subscript that runs a command when bash evaluates it: a variable name (printf -v 'a[$(cmd)]', test -v, [[ -v ]]), a let expression, or a value stored for later arithmetic (x='a[$(cmd)]')." },
  "side-effect/sends-file": { description: "A network lookup that sends a file's contents as queries (dig -f FILE)." },
} as const;

export const sideEffects: CommandCheck = {
  name: "side-effect",
  commands: "*",
  findings: FINDINGS,
  check,
};

/** `[[ -v 'a[$(cmd)]' ]]` and `[[ 'a[$(cmd)]' -eq 1 ]]`: bash evaluates the subscript (test_command has no simple command). */
const ARITH_TEST = /(?:^|\s)-(?:v|eq|ne|lt|le|gt|ge)\s/;

/**
 * Over a whole parse (so that `BASH_ENV=x bash -c '...'`, whose view only wraps the parsed
 * string, is seen too): assignments to hook variables, alone, before a command or through env;
 * and subscripts evaluated by `[[ ]]`.
 */
function factsCheck(facts: Facts): FindingDraft[] {
  let out: FindingDraft[] | undefined;
  for (const sc of facts.commands) {
    const standalone = sc.argv.length === 0;
    for (const asg of sc.assignments) {
      const name = variableOf(asg.name);
      const inert = PROMPT.test(name) && (asg.value === null || (asg.value.dynamic === null && !runsWhenExpanded(asg.value.value)));
      if (standalone ? HOOK.test(name) && !inert : HOOK_FOR_COMMAND.test(name)) (out ??= []).push({ ...hook(name, `The assignment ${asg.name}=...`), start: asg.start, end: asg.end });
      if (asg.value !== null && literalSubscriptRunsCode(asg.value)) (out ??= []).push({ ...storedSubscript(name, asg.value.value), start: asg.start, end: asg.end });
    }
    // `env LD_PRELOAD=x.so cmd`: variables set through the env wrapper.
    let env = false;
    for (const w of sc.argv) {
      const v = w.value;
      // `env` or `…/env`: most words do not even end in `v`.
      if (v.charCodeAt(v.length - 1) === 118 /* v */ && (v === "env" || v.endsWith("/env"))) env = true;
      else if (env) {
        const m = ENV_WORD.exec(w.value);
        if (m === null) {
          if (!w.value.startsWith("-")) env = false;
        } else {
          if (HOOK_FOR_COMMAND.test(m[1] as string)) (out ??= []).push({ ...hook(m[1] as string, `env ${m[1] as string}=...`), start: w.start, end: w.end });
          if (w.dynamic === null && subscriptRunsCode(w.value.slice(m[0].length))) (out ??= []).push({ ...storedSubscript(m[1] as string, w.value.slice(m[0].length)), start: w.start, end: w.end });
        }
      }
    }
  }
  for (const c of facts.constructs) {
    if (c.type !== "test_command") continue;
    const text = facts.source.slice(c.start, c.end);
    if (ARITH_TEST.test(text) && subscriptRunsCode(text)) (out ??= []).push({ ...subscript(text), start: c.start, end: c.end });
  }
  return out ?? NONE;
}

export const sideEffectsInFacts: FactsCheck = {
  name: "side-effect",
  findings: { "side-effect/shell-hook": FINDINGS["side-effect/shell-hook"], "side-effect/subscript": FINDINGS["side-effect/subscript"] },
  check: factsCheck,
};
