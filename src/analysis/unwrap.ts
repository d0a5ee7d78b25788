/**
 * Turns Facts into CommandViews: every simple command seen through its wrappers (sudo, env,
 * xargs, find -exec, ...) and into the strings given to shells (`bash -c '...'`, `eval`, heredocs
 * fed to a shell), parsed again up to a bounded depth. Also reports the shell-level findings
 * (eval, pipe into a shell, unseen scripts, dynamic command names).
 */

import type { Facts, SimpleCommand, Word } from "../facts/types.js";
import { type CommandView, commandName, joinForm } from "./command.js";
import { parseFlags, has } from "./flags.js";
import { INTERPRETERS, SHELL_FLAGS, SHELLS, WRAPPERS } from "./wrappers.js";
import type { FindingDraft } from "./check.js";

export const MAX_DEPTH = 5;

export interface UnwrapResult {
  views: CommandView[];
  findings: FindingDraft[];
  /** Every parse made: the line itself, then each nested string, with the top-level range it maps to. */
  parses: Array<{ facts: Facts; depth: number; range: [number, number] | null }>;
}

type Extract = (source: string) => Facts;

interface Origin {
  depth: number;
  /** Range in the top-level source every command of a nested parse maps to. */
  range: [number, number] | null;
}

const DYNAMIC_WORD = (start: number, end: number, value: string): Word => ({
  value, start, end, quoted: false, glob: false, tilde: false, dynamic: [[0, value.length]],
});

export function unwrapFacts(facts: Facts, extract: Extract): UnwrapResult {
  const out: UnwrapResult = { views: [], findings: [], parses: [] };
  // Nested parses are queued, not recursed into: depth is bounded and the stack stays flat.
  const queue: Array<{ facts: Facts; origin: Origin }> = [{ facts, origin: { depth: 0, range: null } }];
  for (let q = 0; q < queue.length; q++) {
    const { facts: f, origin } = queue[q] as { facts: Facts; origin: Origin };
    out.parses.push({ facts: f, depth: origin.depth, range: origin.range });
    for (const sc of f.commands) {
      if (sc.argv.length === 0) {
        out.views.push(makeView(sc, f, origin, sc.argv, 0, [], false, false, []));
        continue;
      }
      unwrapCommand(sc, f, origin, out, (src, range) => {
        if (origin.depth + 1 > MAX_DEPTH) {
          out.findings.push({ id: "shell/nesting-too-deep", message: `Shell-in-shell nesting deeper than ${MAX_DEPTH} levels cannot be analysed; run the inner command directly.`, start: range[0], end: range[1] });
          return;
        }
        queue.push({ facts: extract(src), origin: { depth: origin.depth + 1, range: origin.range ?? range } });
      });
    }
  }
  return out;
}

function makeView(sc: SimpleCommand, facts: Facts, origin: Origin, words: readonly Word[], from: number,
  wrappers: string[], privileged: boolean, argsUnknown: boolean, forms: string[], allowForms?: number): CommandView {
  const inner = words.slice(from);
  const { name, trusted } = inner.length > 0 ? commandName(inner[0] as Word) : { name: "", trusted: true };
  const range = origin.range ?? [sc.start, sc.end];
  return {
    name, trusted, words: inner, args: inner.map((w) => w.value), redirects: sc.redirects, privileged,
    wrappers, forms, allowForms: allowForms ?? forms.length, argsUnknown, sc, facts,
    text: facts.source.slice(sc.start, sc.end), start: range[0], end: range[1], depth: origin.depth, wrapperOnly: false,
  };
}

function unwrapCommand(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult,
  nest: (source: string, range: [number, number]) => void): void {
  let words: readonly Word[] = sc.argv;
  let i = 0;
  const wrappers: string[] = [];
  const forms: string[] = [];
  let privileged = false;
  let allowForms = -1;
  let argsUnknown = false;
  const at = (w: Word): [number, number] => origin.range ?? [w.start, w.end];

  while (i < words.length) {
    const word = words[i] as Word;
    forms.push(joinForm(words, i));
    if (word.dynamic) {
      out.findings.push({ id: "shell/dynamic-command", message: `The command name '${word.value}' is only known at run time and could be anything (even rm); write the command out.`, start: at(word)[0], end: at(word)[1] });
      break;
    }
    const { name, trusted } = commandName(word);
    if (trusted && name === "env") words = splitEnvString(words, i);
    const args = words.slice(i).map((w) => w.value);
    const wrapper = trusted ? WRAPPERS.get(name) : undefined;
    if (wrapper !== undefined) {
      const hit = wrapper(args);
      if (hit !== null && hit.inner < args.length) {
        wrappers.push(name);
        if (hit.privileged && !privileged) {
          privileged = true;
          allowForms = forms.length;
        }
        argsUnknown ||= hit.argsUnknown === true;
        i += hit.inner;
        continue;
      }
    }
    if (trusted && (name === "su") && privilegedShellString(words, i, args, at, nest)) {
      privileged = true;
      allowForms = allowForms < 0 ? forms.length : allowForms;
      out.views.push({ ...makeView(sc, facts, origin, words, i, wrappers, privileged, argsUnknown, forms, allowForms), wrapperOnly: true });
      return;
    }
    break;
  }

  const view = makeView(sc, facts, origin, words, i, wrappers, privileged, argsUnknown, forms, allowForms < 0 ? forms.length : allowForms);
  if (view.trusted && SHELLS.has(view.name) && shellString(view, words, i, at, nest, out)) view.wrapperOnly = true;
  if (view.trusted && view.name === "eval") evalString(view, at, nest, out);
  if (view.trusted && (view.name === "source" || view.name === ".")) sourceFile(view, at, out);
  if (view.trusted && view.name === "find") findExec(view, sc, facts, origin, out);
  if (view.trusted && view.name === "watch") watchString(view, words, i, nest);
  pipeIntoInterpreter(view, at, out);
  out.views.push(view);
}

/** `env -S 'a b'` (or `-Sa b`, `--split-string=...`) splits its string into words: make them real words. */
function splitEnvString(words: readonly Word[], i: number): readonly Word[] {
  for (let k = i + 1; k < words.length; k++) {
    const a = (words[k] as Word).value;
    let raw: string | undefined;
    let next = k + 1;
    if (a === "-S" || a === "--split-string") {
      raw = words[k + 1]?.value;
      next = k + 2;
    } else if (/^-[^-]*S/.test(a) && !a.startsWith("--")) {
      raw = a.slice(a.indexOf("S") + 1) || words[k + 1]?.value;
      if (a.endsWith("S")) next = k + 2;
    } else if (a.startsWith("--split-string=")) {
      raw = a.slice("--split-string=".length);
    } else if (!a.startsWith("-")) {
      return words;
    }
    if (raw === undefined) continue;
    const w = words[k] as Word;
    const split = raw.split(/\s+/).filter(Boolean).map((v): Word => ({ ...w, value: v, dynamic: w.dynamic && v.includes("$") ? [[0, v.length]] : null }));
    return [...words.slice(0, k), ...split, ...words.slice(next)];
  }
  return words;
}

/** `su [-] [user] -c 'cmd'`: the string runs as another user. */
function privilegedShellString(words: readonly Word[], i: number, args: readonly string[],
  at: (w: Word) => [number, number], nest: (s: string, r: [number, number]) => void): boolean {
  const p = parseFlags(args, { short: { l: "login", m: "preserve", p: "preserve", f: "fast", P: "pty" }, shortValue: { c: "command", s: "shell", g: "group", G: "supp-group", w: "whitelist" }, long: { login: "login", pty: "pty" }, longValue: { command: "command", "session-command": "command", shell: "shell", group: "group" } }, 1);
  const c = p.flags.get("command");
  if (c === undefined) return false;
  const idx = args.findIndex((a, k) => k > 0 && (a === c[0]));
  const w = words[i + Math.max(idx, 0)] as Word;
  nest(c[0] as string, at(w));
  return true;
}

/** `bash -c STRING`: parse STRING again. Returns true when the view only wraps what it parsed. */
function shellString(view: CommandView, words: readonly Word[], i: number, at: (w: Word) => [number, number],
  nest: (s: string, r: [number, number]) => void, out: UnwrapResult): boolean {
  // `+o opt` / `+x`: bash's "unset option" spelling; not an operand.
  const args = view.args.filter((a, k) => !(k > 0 && a.startsWith("+")) && !(k > 1 && view.args[k - 1] === "+o"));
  const p = parseFlags(args, SHELL_FLAGS, 1);
  const longCommand = p.flags.get("command-string");
  const script = longCommand !== undefined ? longCommand[0] : has(p, "command") ? args[p.rest] : undefined;
  if (script !== undefined) {
    const w = words.find((x, k) => k > i && x.value === script) ?? view.words[0] as Word;
    if (w.dynamic && w.dynamic.length === 1 && (w.dynamic[0] as [number, number])[0] === 0 && (w.dynamic[0] as [number, number])[1] === w.value.length) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs a script that is only known at run time ('${w.value}'); it cannot be checked. Save it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
      return false;
    }
    nest(script, at(w));
    return true;
  }
  const operand = p.rest < args.length ? args[p.rest] : undefined;
  if (operand !== undefined) {
    const w = words.find((x, k) => k > i && x.value === operand);
    if (w?.dynamic && /^[<>]\(/.test(w.value)) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs a script produced by '${w.value}', which cannot be seen before it runs. Download it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
    }
    return false;
  }
  // No -c and no script file: the script is stdin. A heredoc or herestring is read here.
  let fed = false;
  for (const r of view.redirects) {
    const body = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (body !== null) {
      nest(body.value, at(body));
      fed = true;
    } else if (r.op === "<" && r.target?.dynamic) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} reads its script from '${r.target.value}', which cannot be seen before it runs.`, start: at(r.target)[0], end: at(r.target)[1] });
    }
  }
  return fed;
}

function evalString(view: CommandView, at: (w: Word) => [number, number], nest: (s: string, r: [number, number]) => void, out: UnwrapResult): void {
  const first = view.words[0] as Word;
  out.findings.push({ id: "shell/eval", message: "eval runs its arguments as shell code assembled at run time; run the command directly instead.", start: at(first)[0], end: at(first)[1] });
  if (view.words.length > 1) {
    const last = view.words[view.words.length - 1] as Word;
    nest(view.args.slice(1).join(" "), origin2(at, view.words[1] as Word, last));
  }
}

function origin2(at: (w: Word) => [number, number], a: Word, b: Word): [number, number] {
  const ra = at(a);
  const rb = at(b);
  return [ra[0], Math.max(ra[1], rb[1])];
}

function sourceFile(view: CommandView, at: (w: Word) => [number, number], out: UnwrapResult): void {
  const file = view.words[1];
  if (file === undefined) return;
  if (file.dynamic || /^(?:https?|ftp):/.test(file.value)) {
    out.findings.push({ id: "shell/source-dynamic", message: `'${view.name} ${file.value}' runs code from a file that is only known at run time; source a file you can read first.`, start: at(file)[0], end: at(file)[1] });
  }
}

/** `find ... -exec cmd {} ;`: each -exec/-execdir/-ok/-okdir command becomes a view of its own. */
function findExec(view: CommandView, sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult): void {
  const w = view.words;
  for (let k = 1; k < w.length; k++) {
    const a = (w[k] as Word).value;
    if (a !== "-exec" && a !== "-execdir" && a !== "-ok" && a !== "-okdir") continue;
    let end = k + 1;
    while (end < w.length && (w[end] as Word).value !== ";" && (w[end] as Word).value !== "+") end++;
    const inner = w.slice(k + 1, end).map((x) => (x.value.includes("{}") ? DYNAMIC_WORD(x.start, x.end, x.value) : x));
    if (inner.length > 0) {
      const nested: SimpleCommand = { ...sc, argv: inner, redirects: [] };
      const forms = [...view.forms, joinForm(inner, 0)];
      unwrapCommand(nested, facts, origin, out, () => undefined);
      const last = out.views[out.views.length - 1] as CommandView;
      last.forms = [...forms.slice(0, -1), ...last.forms];
      last.allowForms = view.privileged ? view.allowForms : last.allowForms + forms.length - 1;
      last.privileged ||= view.privileged;
      last.argsUnknown = true;
    }
    k = end;
  }
}

/** `watch 'cmd args'` runs its arguments through `sh -c`. */
function watchString(view: CommandView, words: readonly Word[], i: number, nest: (s: string, r: [number, number]) => void): void {
  const p = parseFlags(view.args, { short: { b: "b", e: "e", g: "g", t: "t", x: "exec", c: "color", d: "d", p: "p", r: "r" }, shortValue: { n: "interval", q: "q" }, longValue: { interval: "interval" }, long: { exec: "exec", differences: "d", beep: "b" }, longOptional: { differences: "d" }, stopAtOperand: true }, 1);
  if (p.rest >= view.args.length) return;
  const first = words[i + p.rest] as Word;
  const last = words[words.length - 1] as Word;
  nest(view.args.slice(p.rest).join(" "), [first.start, last.end]);
}

/** `curl ... | sh`: a shell or interpreter reading its program from a pipe. */
function pipeIntoInterpreter(view: CommandView, at: (w: Word) => [number, number], out: UnwrapResult): void {
  if (view.sc.stage <= 0 || !INTERPRETERS.has(view.name)) return;
  const p = parseFlags(view.args, SHELLS.has(view.name) ? SHELL_FLAGS : { stopAtOperand: true }, 1);
  const readsStdin = !has(p, "command") && !p.flags.has("command-string") && (p.rest >= view.args.length || view.args[p.rest] === "-" || has(p, "stdin"));
  if (!readsStdin) return;
  const first = view.words[0] as Word;
  out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.name} runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: at(first)[0], end: at(first)[1] });
}
