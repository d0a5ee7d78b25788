/**
 * Turns Facts into CommandViews: every simple command seen through its wrappers (sudo, env,
 * xargs, find -exec, ...) and into the strings given to shells (`bash -c '...'`, `eval`, `su -c`,
 * `trap`, `alias`, git aliases, heredocs fed to a shell), parsed again up to a bounded depth.
 * A nested parse inherits the wrapper state of the command that runs it: `sudo bash -c 'ls'`
 * gives a privileged `ls` whose forms start with `sudo bash -c ls`. Also reports the shell-level
 * findings (eval, pipe into a shell, unseen scripts, dynamic command names).
 */

import type { Facts, SimpleCommand, Word } from "../facts/types.js";
import { type CommandView, baseName, commandName } from "./command.js";
import { splitEnvString as envWords } from "./env-split.js";
import { parseFlags, has, values } from "./flags.js";
import { GIT_GLOBAL } from "./specs.js";
import { INTERPRETERS, SHELL_FLAGS, SHELLS, SSH_FLAGS, SU_FLAGS, WRAPPERS, type Wrapper, type WrapperEffect } from "./wrappers.js";
import type { FindingDraft } from "./check.js";
import { AnalysisLimitError, DEFAULT_LIMITS } from "./limits.js";

export const MAX_DEPTH = 5;

export interface UnwrapResult {
  views: CommandView[];
  findings: FindingDraft[];
  /** Every parse made: the line itself, then each nested string, with the top-level range it maps to. */
  parses: ReadonlyArray<{ facts: Facts; depth: number; range: [number, number] | null }>;
}

interface Parse {
  facts: Facts;
  depth: number;
  range: [number, number] | null;
  origin: Origin;
}

type Extract = (source: string) => Facts;

/** The wrapper state a command starts from (empty at top level; the runner's for a nested parse). */
interface Inherit {
  privileged: boolean;
  /** Forms of the command that runs this one, outermost first (prefixed to its own). */
  forms: readonly string[];
  /** Limit on allowForms set by a privilege wrapper on the way, -1 when none. */
  allowForms: number;
  argsUnknown: boolean;
  wrappers: readonly string[];
  /** What the wrappers on the way do themselves (`time -o FILE`). */
  effects: readonly WrapperEffect[];
}

interface Origin extends Inherit {
  depth: number;
  /** Range in the top-level source every command of a nested parse maps to. */
  range: [number, number] | null;
}

/** Queue a string to be parsed as shell code; `inherit` null means "same state as this parse". */
type Nest = (source: string, range: [number, number], inherit: Inherit | null) => void;

const NO_EFFECTS: readonly WrapperEffect[] = [];
const TOP: Origin = { depth: 0, range: null, privileged: false, forms: [], allowForms: -1, argsUnknown: false, wrappers: [], effects: NO_EFFECTS };

const DYNAMIC_WORD = (start: number, end: number, value: string): Word => ({
  value, start, end, quoted: false, glob: false, tilde: false, dynamic: [[0, value.length]],
});

export function unwrapFacts(facts: Facts, extract: Extract): UnwrapResult {
  // Nested parses are queued, not recursed into: depth is bounded and the stack stays flat.
  // The queue is also the list of parses handed back.
  const queue: Parse[] = [{ facts, depth: 0, range: null, origin: TOP }];
  const out: UnwrapResult = { views: [], findings: [], parses: queue };
  let origin = TOP;
  const nest: Nest = (src, range, inherit) => {
    if (origin.depth + 1 > MAX_DEPTH) {
      out.findings.push({ id: "shell/nesting-too-deep", message: `Shell-in-shell nesting deeper than ${MAX_DEPTH} levels cannot be analysed; run the inner command directly.`, start: range[0], end: range[1] });
      return;
    }
    const from = inherit ?? origin;
    const nested: Origin = { depth: origin.depth + 1, range: origin.range ?? range, privileged: from.privileged, forms: from.forms, allowForms: from.allowForms, argsUnknown: false, wrappers: from.wrappers, effects: from.effects };
    queue.push({ facts: extract(src), depth: nested.depth, range: nested.range, origin: nested });
  };
  for (let q = 0; q < queue.length; q++) {
    const parse = queue[q] as Parse;
    const f = parse.facts;
    origin = parse.origin;
    const commands = f.commands;
    for (let c = 0; c < commands.length; c++) {
      const sc = commands[c] as SimpleCommand;
      hiddenSubstitutions(sc, f, origin, nest);
      if (sc.argv.length === 0) {
        out.views.push(makeView(sc, f, origin, sc.argv, NO_ARGS, 0, "", true, origin.wrappers, origin.privileged, false, origin.forms.slice(), origin.allowForms));
        continue;
      }
      unwrapCommand(sc, sc.argv, f, origin, out, nest);
    }
  }
  return out;
}

const NO_ARGS: readonly string[] = [];

/** The view of words[from..]; `name` null means "the canonical name of words[from]" (or "" without words). */
function makeView(sc: SimpleCommand, facts: Facts, origin: Origin, words: readonly Word[], all: readonly string[], from: number,
  known: string | null, knownTrusted: boolean, wrappers: readonly string[], privileged: boolean, argsUnknown: boolean,
  forms: string[], allowForms: number): CommandView {
  const inner = from === 0 ? words : words.slice(from);
  let name = known ?? "";
  let trusted = knownTrusted;
  if (known === null && inner.length > 0) ({ name, trusted } = commandName(inner[0] as Word));
  else if (known === null) trusted = true;
  const range = origin.range;
  return {
    name, trusted, words: inner, args: from === 0 ? all : all.slice(from), redirects: sc.redirects, privileged,
    wrappers, forms, allowForms: allowForms < 0 ? forms.length : allowForms, argsUnknown, sc, facts,
    start: range !== null ? range[0] : sc.start, end: range !== null ? range[1] : sc.end, depth: origin.depth, wrapperOnly: false,
  };
}

/** What a string run by `view` inherits: its privilege, forms and wrappers. */
function inheritFrom(view: CommandView): Inherit {
  return { privileged: view.privileged, forms: view.forms, allowForms: view.privileged ? view.allowForms : -1, argsUnknown: false, wrappers: view.wrappers, effects: view.wrapperEffects ?? NO_EFFECTS };
}

/** What inspecting a special command needs (made only for the few commands that are special). */
interface Env {
  sc: SimpleCommand;
  facts: Facts;
  origin: Origin;
  out: UnwrapResult;
  nest: Nest;
  /** Range to report for a word: the word's, or the nested string's in the top-level source. */
  at: (w: Word) => [number, number];
  span: (a: Word, b: Word) => [number, number];
}

function envFor(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest): Env {
  return {
    sc, facts, origin, out, nest,
    at: (w) => origin.range ?? [w.start, w.end],
    span: (a, b) => origin.range ?? [a.start, Math.max(a.end, b.end)],
  };
}

/** Returns true when the view only wraps what was parsed from it (`bash -c '...'`). */
type Special = (view: CommandView, env: Env) => boolean | void;

/** Commands that run code from their arguments, dispatched by (canonical) name. */
const SPECIAL: ReadonlyMap<string, Special> = new Map<string, Special>([
  ...[...SHELLS].map((n): [string, Special] => [n, (v, e) => shellString(v, e.at, e.nest, e.out)]),
  ...["su", "runuser", "sg"].map((n): [string, Special] => [n, (v, e) => suString(v, e.at, e.nest, e.out)]),
  ["eval", (v, e) => evalString(v, e.span, e.nest, e.out)],
  ["source", (v, e) => sourceFile(v, e.at, e.nest, e.out)],
  [".", (v, e) => sourceFile(v, e.at, e.nest, e.out)],
  ...["find", "fd", "fdfind"].map((n): [string, Special] => [n, (v, e) => execBlocks(v, e.sc, e.facts, e.origin, e.out, e.nest)]),
  ["watch", (v, e) => watchString(v, e.span, e.nest)],
  ["trap", (v, e) => trapString(v, e.at, e.nest, e.out)],
  ["alias", (v, e) => aliasStrings(v, e.at, e.nest)],
  ...["export", "declare", "typeset", "local", "readonly"].map((n): [string, Special] => [n, (v, e) => promptCommand(v, e.at, e.nest)]),
  ["git", (v, e) => gitStrings(v, e.at, e.span, e.nest, e.out)],
  ["ssh", (v, e) => sshString(v, e.span, e.nest)],
  ["man", (v, e) => optionString(v, /^-P(.*)$|^--pager(?:=(.*))?$/, e.at, e.nest, e.out)],
  ...[...INTERPRETERS].filter((n) => !SHELLS.has(n)).map((n): [string, Special] => [n, (v, e) => interpreterCode(v, e.at, e.out)]),
]);

/** What unwrapping does with a name (a wrapper, special handling): one lookup per command. */
interface Known {
  wrapper: Wrapper | undefined;
  special: Special | undefined;
}
const KNOWN: ReadonlyMap<string, Known> = new Map<string, Known>(
  [...new Set([...WRAPPERS.keys(), ...SPECIAL.keys()])].map((n) => [n, { wrapper: WRAPPERS.get(n), special: SPECIAL.get(n) }]),
);

/** The option that takes inline code, per interpreter family. */
const CODE_OPTION: Readonly<Record<string, RegExp>> = { python: /^-[A-Za-z]*c$/, perl: /^-[A-Za-z]*[eE]$/, ruby: /^-[A-Za-z]*e$/, node: /^(?:-[A-Za-z]*[ep]|--eval|--print)$/, php: /^-[A-Za-z]*r$/, lua: /^-[A-Za-z]*e$/ };

/**
 * `python3 -c "$(curl ...)"`, `perl -e "$CODE"`, `node <(curl ...)`: an interpreter running code
 * that cannot be seen before it runs (its own code strings are not analysed here).
 */
function interpreterCode(view: CommandView, at: (w: Word) => [number, number], out: UnwrapResult): void {
  const family = /^python/.test(view.name) ? "python" : view.name;
  const code = CODE_OPTION[family];
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const inline = code !== undefined && code.test(view.args[k - 1] as string) && k > 1;
    if ((inline && wholeDynamic(w)) || (w.dynamic !== null && /^<\(/.test(w.value))) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs code from '${w.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
      return;
    }
    if (!w.value.startsWith("-") && !inline) return;
  }
}

function unwrapCommand(sc: SimpleCommand, argv: readonly Word[], facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest): void {
  // One pass over the words: their values, whether one has braces to expand, and whether all are
  // written plainly one space apart (then the first form is a slice of the source).
  const source = facts.source;
  let all = new Array<string>(argv.length);
  let braces = false;
  let plain = true;
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k] as Word;
    const v = w.value;
    all[k] = v;
    if (w.glob && w.dynamic === null && v.includes("{")) braces = true;
    if (plain) plain = v.length === w.end - w.start && (k === 0 || (w.start === (argv[k - 1] as Word).end + 1 && source.charCodeAt(w.start - 1) === 32));
  }
  let words: readonly Word[] = argv;
  if (braces) {
    words = expandBraces(argv);
    all = valuesFrom(words, 0);
    plain = false;
  }
  let i = 0;
  // Copied on the first wrapper only: most commands have none.
  let wrappers: readonly string[] = origin.wrappers;
  let effects = origin.effects;
  // Made with its first form: an array literal is allocated at its size, `[]` + push at 16.
  let forms: string[] | null = null;
  let privileged = origin.privileged;
  let allowForms = origin.allowForms;
  let argsUnknown = origin.argsUnknown;
  // The canonical name of words[i] once known (null: not looked at), and whether it is the system tool.
  let name: string | null = null;
  let trusted = true;
  let known: Known | undefined;
  // Each wrapper level's command word, for the spellings of its forms (only when one is a path).
  const levels: Level[] = [];
  let anyPath = false;
  let privLevel = -1;

  while (i < words.length) {
    const word = words[i] as Word;
    const form = i === 0 && plain ? source.slice((words[0] as Word).start, (words[words.length - 1] as Word).end) : formOf(words, all, i, source);
    if (forms === null) forms = origin.forms.length === 0 ? [form] : [...origin.forms, form];
    else forms.push(form);
    name = null;
    if (word.dynamic !== null || (word.glob && isPattern(word.value))) {
      const what = word.dynamic !== null ? "is only known at run time and could be anything (even rm)" : "is a pattern the shell expands at run time (/???/r? can be /bin/rm)";
      const r = origin.range ?? [word.start, word.end];
      out.findings.push({ id: "shell/dynamic-command", message: `The command name '${clipped(word.value)}' ${what}; write the command out.`, start: r[0], end: r[1] });
      const guess = knownLastSegment(word);
      anyPath ||= guess !== null;
      levels.push({ at: i, name: guess, trusted: false });
      break;
    }
    if (word.value.indexOf("/") < 0) {
      name = word.value;
      trusted = true;
      levels.push({ at: i, name: null, trusted: true });
    } else {
      ({ name, trusted } = commandName(word));
      anyPath = true;
      levels.push({ at: i, name: trusted ? name : baseName(name), trusted });
      if (!trusted) break;
    }
    if (name === "env") {
      const split = splitEnvString(words, i);
      if (split !== words) {
        words = split;
        all = valuesFrom(words, 0);
      }
    }
    known = KNOWN.get(name);
    const wrapper = known?.wrapper;
    if (wrapper === undefined) break;
    const args = i === 0 ? all : all.slice(i);
    const hit = wrapper(args);
    if (hit === null || hit.inner >= args.length) break;
    // Each level copies the words after it: a chain of thousands would be quadratic.
    if (wrappers.length >= DEFAULT_LIMITS.maxWrappers) throw new AnalysisLimitError("maxWrappers", `a command is wrapped more than ${DEFAULT_LIMITS.maxWrappers} times, the limit`);
    wrappers = [...wrappers, name];
    if (hit.effects !== undefined) effects = [...effects, ...hit.effects];
    if (hit.privileged && !privileged) {
      privileged = true;
      allowForms = forms.length;
      privLevel = levels.length - 1;
    }
    argsUnknown ||= hit.argsUnknown === true;
    if (hit.replace !== undefined) words = markReplaced(words, i + hit.inner, hit.replace);
    if (hit.shellString) {
      // `sudo -s cmd args`: the words go to the user's shell through -c; read them as shell code.
      if (anyPath) ({ forms, allowForms } = withSpellings(forms, origin, words, levels, privLevel, allowForms));
      const view = makeView(sc, facts, origin, words, all, i, name, trusted, wrappers, privileged, argsUnknown, forms, allowForms);
      view.wrapperOnly = true;
      if (effects.length > 0) view.wrapperEffects = effects;
      out.views.push(view);
      const end = Math.min(hit.shellEnd ?? args.length, args.length);
      const a = words[i + hit.inner] as Word;
      const b = words[i + end - 1] as Word;
      nest(args.slice(hit.inner, end).join(" "), origin.range ?? [a.start, Math.max(a.end, b.end)], inheritFrom(view));
      return;
    }
    i += hit.inner;
    name = null;
  }

  if (anyPath && forms !== null) ({ forms, allowForms } = withSpellings(forms, origin, words, levels, privLevel, allowForms));
  const view = makeView(sc, facts, origin, words, all, i, name, trusted, wrappers, privileged, argsUnknown, forms ?? origin.forms.slice(), allowForms);
  if (effects.length > 0) view.wrapperEffects = effects;
  const special = view.trusted && view.words.length > 0 ? (name === view.name ? known : KNOWN.get(view.name))?.special : undefined;
  const piped = view.sc.stage > 0 && INTERPRETERS.has(view.name);
  if (special !== undefined || piped) {
    const env = envFor(sc, facts, origin, out, nest);
    if (special !== undefined && special(view, env) === true) view.wrapperOnly = true;
    if (piped) pipeIntoInterpreter(view, env.at, nest, out);
  }
  out.views.push(view);
}

/** A wrapper level's command word: its index, and its name when written as a path (else null). */
interface Level {
  at: number;
  name: string | null;
  /** The path is a system directory's: the name is the same program. */
  trusted: boolean;
}

/** `$HOME/bin/rm`, `/???/rm`: the path is only known at run time, its last segment is not. */
function knownLastSegment(word: Word): string | null {
  const slash = word.value.lastIndexOf("/");
  const tail = word.value.slice(slash + 1);
  if (slash < 0 || tail === "" || (word.glob && /[*?[]/.test(tail))) return null;
  return word.dynamic === null || word.dynamic.every(([, end]) => end <= slash) ? tail : null;
}

/**
 * A rule names a program, so each level's form is also spelled with every command word (from that
 * level in) by its name: `/usr/bin/timeout 5 /bin/rm x` also gives `timeout 5 rm x` and `rm x`.
 * A system path is the program itself, so that spelling follows its level's form and allow rules
 * may match it. A name taken from any other path (`./rm`, `/opt/x/rm`) is only what the program
 * is likely to be: those spellings go last, past `allowForms`, for deny and ask rules only.
 * `own` holds `origin.forms` then one form per level.
 */
function withSpellings(own: string[], origin: Origin, words: readonly Word[], levels: readonly Level[], privLevel: number,
  allowForms: number): { forms: string[]; allowForms: number } {
  const base = origin.forms.length;
  const forms = own.slice(0, base);
  const guesses: string[] = [];
  for (let j = 0; j < levels.length; j++) {
    const written = own[base + j] as string;
    forms.push(written);
    const system = spelling(words, levels, j, false);
    if (system !== written) forms.push(system);
    const guess = spelling(words, levels, j, true);
    if (guess !== system) guesses.push(guess);
    if (j === privLevel) allowForms = forms.length;
  }
  if (guesses.length === 0) return { forms, allowForms };
  return { forms: forms.concat(guesses), allowForms: allowForms < 0 ? forms.length : allowForms };
}

/** Level `j`'s words joined by one space, its command words by name (untrusted paths too if `guess`). */
function spelling(words: readonly Word[], levels: readonly Level[], j: number, guess: boolean): string {
  let s = "";
  let next = j;
  const from = (levels[j] as Level).at;
  for (let k = from; k < words.length; k++) {
    let v = (words[k] as Word).value;
    const level = levels[next];
    if (level !== undefined && level.at === k) {
      next++;
      if (level.name !== null && level.name !== "" && (level.trusted || guess)) v = level.name;
    }
    s += (k > from ? " " : "") + v;
  }
  return s;
}

/** A word quoted in a message: bounded, so that a line nested n deep makes O(n) text, not O(n²). */
function clipped(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The normalised text from word `from` on: cooked words joined by one space. When the words are
 * written plainly (cooking removed nothing: value as long as its source) one space apart, that
 * is a slice of the source; otherwise it is built by `+` (V8 keeps a rope until it is read).
 */
function formOf(words: readonly Word[], all: readonly string[], from: number, source: string): string {
  const last = words.length - 1;
  if (from > last) return "";
  let prev = words[from] as Word;
  let plain = prev.value.length === prev.end - prev.start;
  for (let k = from + 1; plain && k <= last; k++) {
    const w = words[k] as Word;
    plain = w.value.length === w.end - w.start && w.start === prev.end + 1 && source.charCodeAt(prev.end) === 32;
    prev = w;
  }
  return plain ? source.slice((words[from] as Word).start, prev.end) : formFrom(all, from);
}

function formFrom(all: readonly string[], from: number): string {
  let s = from < all.length ? (all[from] as string) : "";
  for (let k = from + 1; k < all.length; k++) s = s + " " + (all[k] as string);
  return s;
}

/** The cooked values of `words` from index `from` on. */
function valuesFrom(words: readonly Word[], from: number): string[] {
  const out: string[] = new Array<string>(words.length - from);
  for (let k = from; k < words.length; k++) out[k - from] = (words[k] as Word).value;
  return out;
}

/** `xargs -I{} cmd {}`: the words holding the replace string are filled in at run time. */
function markReplaced(words: readonly Word[], from: number, replace: string): readonly Word[] {
  if (replace === "") return words;
  return words.map((w, k) => (k >= from && w.value.includes(replace) ? DYNAMIC_WORD(w.start, w.end, w.value) : w));
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
    // A string env would refuse is kept as one word known only at run time: fail closed.
    const pieces = envWords(raw) ?? [{ value: raw, dynamic: true }];
    const split = pieces.map((p): Word => ({ ...w, value: p.value, dynamic: p.dynamic || (w.dynamic !== null && p.value.includes("$")) ? [[0, p.value.length]] : null }));
    return [...words.slice(0, k), ...split, ...words.slice(next)];
  }
  return words;
}

/** The whole word is one run-time value (`"$X"`, `"$(curl ...)"`): nothing of it can be seen. */
function wholeDynamic(w: Word): boolean {
  const d = w.dynamic;
  return d !== null && d.length === 1 && (d[0] as [number, number])[0] === 0 && (d[0] as [number, number])[1] === w.value.length;
}

/** Parse `w` as shell code run by `view`; a string known only at run time is a finding instead. */
function runString(view: CommandView, w: Word, range: [number, number], nest: Nest, out: UnwrapResult, what: string): boolean {
  if (wholeDynamic(w)) {
    out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs ${what} that is only known at run time ('${w.value}'); it cannot be checked. Save it to a file and read it first.`, start: range[0], end: range[1] });
    return false;
  }
  nest(w.value, range, inheritFrom(view));
  return true;
}

const AST_GREP: ReadonlySet<string> = new Set(["run", "scan", "test", "new", "lsp", "completions", "help"]);

/**
 * `su [-] [user] -c 'cmd'`, `runuser -l user -c 'cmd'` (runuser -u is a plain wrapper), `sg group
 * [-c] 'cmd'`: the string runs as another user or group. Returns true when a string was parsed.
 */
function suString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): boolean {
  // `sg` is also ast-grep (`sg run --pattern ...`, `sg -p ...`); shadow's sg takes only `-` and `-c`.
  if (view.name === "sg" && (AST_GREP.has(view.args[1] as string) || view.args.some((a, k) => k > 0 && a.startsWith("-") && a !== "-" && a !== "-c"))) return false;
  const p = parseFlags(view.args, SU_FLAGS, 1);
  // The view itself runs as someone else: privileged, allow rules may match only up to here.
  view.privileged = true;
  const c = values(p, "command")[0];
  if (c !== undefined) {
    const w = valueWord(view, c);
    return w !== null && runString(view, w, at(w), nest, out, "a command string");
  }
  // sg group 'cmd': the command after the group goes to /bin/sh -c.
  if (view.name === "sg") {
    const ops = p.operands.filter((o) => view.args[o] !== "-");
    const cmd = ops[1];
    if (cmd !== undefined) return runString(view, view.words[cmd] as Word, at(view.words[cmd] as Word), nest, out, "a command string");
  }
  return false;
}

/** The word holding an option's value `v` (`-c v`, `-cv`, `--command=v`), trimmed to the value. */
function valueWord(view: CommandView, v: string): Word | null {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (w.value === v && k > 1 && (view.args[k - 1] as string).startsWith("-")) return w;
  }
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (!w.value.startsWith("-") || !w.value.endsWith(v) || w.value.length === v.length) continue;
    const cut = w.value.length - v.length;
    const spans = w.dynamic?.filter(([s]) => s >= cut).map(([s, e]): [number, number] => [s - cut, e - cut]) ?? [];
    return { ...w, value: v, dynamic: spans.length > 0 ? spans : null };
  }
  return null;
}

/** `bash -c STRING`: parse STRING again. Returns true when the view only wraps what it parsed. */
function shellString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): boolean {
  // `+o opt` / `+x`: bash's "unset option" spelling; not an operand.
  const keep: number[] = [];
  for (let k = 0; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (k > 0 && a.startsWith("+")) continue;
    if (k > 1 && view.args[k - 1] === "+o") continue;
    keep.push(k);
  }
  const args = keep.map((k) => view.args[k] as string);
  const p = parseFlags(args, SHELL_FLAGS, 1);
  const longCommand = p.flags.get("command-string");
  if (longCommand !== undefined || has(p, "command")) {
    const k = longCommand !== undefined ? view.args.findIndex((a, j) => j > 0 && a === longCommand[0]) : keep[p.rest] ?? -1;
    const w = view.words[k] as Word | undefined;
    if (w === undefined || k <= 0) return false;
    return runString(view, w, at(w), nest, out, "a script");
  }
  const operand = p.rest < args.length ? keep[p.rest] : undefined;
  if (operand !== undefined && !has(p, "stdin") && !STDIN_PATHS.has(view.args[operand] as string)) {
    const w = view.words[operand] as Word;
    if (w.dynamic && /^[<>]\(/.test(w.value)) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs a script produced by '${w.value}', which cannot be seen before it runs. Download it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
    }
    return false;
  }
  // No -c and no script file: the script is stdin. A heredoc or herestring is read here.
  return stdinScript(view, at, nest, out);
}

/** Script files that are the command's stdin. */
const STDIN_PATHS: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/** A shell (or `source`) reading its script from stdin: parse a heredoc or herestring fed to it. */
function stdinScript(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): boolean {
  let fed = false;
  for (const r of view.redirects) {
    const body = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (body !== null) {
      fed = runString(view, body, at(body), nest, out, "a script") || fed;
    } else if (r.op === "<" && r.target?.dynamic) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} reads its script from '${r.target.value}', which cannot be seen before it runs.`, start: at(r.target)[0], end: at(r.target)[1] });
    }
  }
  return fed;
}

function evalString(view: CommandView, span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const first = view.words[0] as Word;
  const r = span(first, first);
  out.findings.push({ id: "shell/eval", message: "eval runs its arguments as shell code assembled at run time; run the command directly instead.", start: r[0], end: r[1] });
  if (view.words.length > 1) {
    nest(view.args.slice(1).join(" "), span(view.words[1] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
  }
}

function sourceFile(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const file = view.words[1];
  if (file === undefined) return;
  if (STDIN_PATHS.has(file.value)) {
    // `source /dev/stdin <<< '...'` runs the herestring; `curl ... | source /dev/stdin` the download.
    if (view.sc.stage > 0) {
      out.findings.push({ id: "shell/pipe-to-shell", message: `'${view.name} ${file.value}' runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: at(file)[0], end: at(file)[1] });
    }
    stdinScript(view, at, nest, out);
    return;
  }
  if (file.dynamic || /^(?:https?|ftp):/.test(file.value)) {
    out.findings.push({ id: "shell/source-dynamic", message: `'${view.name} ${file.value}' runs code from a file that is only known at run time; source a file you can read first.`, start: at(file)[0], end: at(file)[1] });
  }
}

const FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const FD_EXEC: ReadonlySet<string> = new Set(["-x", "--exec", "-X", "--exec-batch"]);
/** fd's placeholders: `{}`, `{/}`, `{//}`, `{.}`, `{/.}`. */
const FD_PLACEHOLDER = /\{(?:|\/|\/\/|\.|\/\.)\}/;

/**
 * `find ... -exec cmd {} ;` and `fd ... -x cmd`: each command becomes a view of its own, seen
 * through wrappers and shell strings like any other, with the file names ({}) dynamic.
 */
function execBlocks(view: CommandView, sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest): void {
  const w = view.words;
  const isFind = view.name === "find";
  const starts = isFind ? FIND_EXEC : FD_EXEC;
  const placeholder = isFind ? (v: string) => v.includes("{}") : (v: string) => FD_PLACEHOLDER.test(v);
  for (let k = 1; k < w.length; k++) {
    const a = (w[k] as Word).value;
    const attached = starts.has(a) ? "" : isFind ? null : fdExecAttached(a);
    if (attached === null) continue;
    let end = k + 1;
    while (end < w.length && (w[end] as Word).value !== ";" && !(isFind && (w[end] as Word).value === "+")) end++;
    const words = attached === "" ? w.slice(k + 1, end) : [{ ...(w[k] as Word), value: attached }, ...w.slice(k + 1, end)];
    const inner = words.map((x) => (placeholder(x.value) ? DYNAMIC_WORD(x.start, x.end, x.value) : x));
    if (inner.length > 0) {
      const execOrigin: Origin = { ...origin, ...inheritFrom(view), argsUnknown: true, wrappers: [...view.wrappers, view.name] };
      unwrapCommand({ ...sc, argv: inner, redirects: [] }, inner, facts, execOrigin, out, nest);
    }
    k = end;
  }
}

/**
 * fd's exec option spelled in a cluster or with its value attached: `-Hx rm`, `-xrm`, `--exec=rm`.
 * Returns the attached command word ("" when the command starts at the next word), or null.
 */
function fdExecAttached(a: string): string | null {
  const m = /^-[HIsiglLpaFu01q]*[xX](.*)$|^--exec(?:-batch)?=(.+)$/.exec(a);
  return m === null ? null : (m[1] ?? m[2] ?? "");
}

/** `watch 'cmd args'` runs its arguments through `sh -c`. */
function watchString(view: CommandView, span: (a: Word, b: Word) => [number, number], nest: Nest): void {
  const p = parseFlags(view.args, { short: { b: "b", e: "e", g: "g", t: "t", x: "exec", c: "color", d: "d", p: "p", r: "r" }, shortValue: { n: "interval", q: "q" }, longValue: { interval: "interval" }, long: { exec: "exec", differences: "d", beep: "b" }, longOptional: { differences: "d" }, stopAtOperand: true }, 1);
  if (p.rest >= view.args.length) return;
  nest(view.args.slice(p.rest).join(" "), span(view.words[p.rest] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
}

/** `trap 'cmd' SIGNAL...`: the string runs when the signal (or EXIT) arrives. */
function trapString(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  let k = 1;
  if (view.args[k] === "--") k++;
  const action = view.words[k];
  // `trap -p`, `trap -l`, `trap SIG` (reset), `trap - SIG` (reset), `trap '' SIG` (ignore).
  if (action === undefined || k + 1 >= view.words.length || action.value === "-" || (action.value.startsWith("-") && k === 1 && action.value !== "--")) return;
  if (action.value === "") return;
  runString(view, action, at(action), nest, out, "a trap handler");
}

/** `alias name='cmd'`: the value is shell code that runs whenever the alias is used. */
function aliasStrings(view: CommandView, at: (w: Word) => [number, number], nest: Nest): void {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const eq = w.value.indexOf("=");
    if (eq <= 0) continue;
    nest(w.value.slice(eq + 1), at(w), inheritFrom(view));
  }
}


/** `export PROMPT_COMMAND='cmd'`: the string runs before every prompt. */
function promptCommand(view: CommandView, at: (w: Word) => [number, number], nest: Nest): void {
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (w.value.startsWith("PROMPT_COMMAND=")) nest(w.value.slice(15), at(w), inheritFrom(view));
  }
}

/** git config keys whose value is a shell command git runs (`!` aliases handled apart). */
const GIT_COMMAND_KEYS = /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|pager\..+|gpg(?:\.[a-z0-9]+)?\.program|(?:diff|merge)tool\..+\.cmd|filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|credential(?:\..+)?\.helper|uploadpack\.packobjectshook|remote\..+\.(?:receivepack|uploadpack)|(?:ssh|gpg)\.command)$/i;

/**
 * git runs shell code from: `-c key=cmd` for command-valued keys, `-c alias.x='!cmd'` aliases,
 * `submodule foreach CMD`, `rebase --exec CMD`, `bisect run CMD`. An alias without `!` is
 * another git command: `git -c alias.x='reset --hard' x` is `git reset --hard`.
 */
function gitStrings(view: CommandView, at: (w: Word) => [number, number], span: (a: Word, b: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  const g = parseFlags(view.args, GIT_GLOBAL, 1);
  const aliases = new Map<string, string>();
  for (const kv of values(g, "config")) {
    const eq = kv.indexOf("=");
    if (eq <= 0) continue;
    const key = kv.slice(0, eq);
    const value = kv.slice(eq + 1);
    const k = view.args.indexOf(kv);
    const w = (view.words[k] ?? view.words[0]) as Word;
    if (/^alias\./i.test(key)) aliases.set(key.slice(6), value);
    else if (GIT_COMMAND_KEYS.test(key) && value !== "") runString(view, { ...w, value: value.replace(/^!/, "") }, at(w), nest, out, `a command from ${key}`);
  }
  if (g.rest >= view.args.length) return;
  const sub = view.args[g.rest] as string;
  const rest = view.args.slice(g.rest + 1);
  const subWord = view.words[g.rest] as Word;
  const range = span(subWord, view.words[view.words.length - 1] as Word);
  const alias = aliases.get(sub);
  if (alias !== undefined) {
    const prefix = view.args.slice(0, g.rest).filter((_, k) => k === 0 || view.args[k - 1] !== "-c" && view.args[k] !== "-c");
    nest(alias.startsWith("!") ? [alias.slice(1), ...rest].join(" ") : [...prefix, alias, ...rest].join(" "), range, inheritFrom(view));
    return;
  }
  if (sub === "submodule") {
    const f = rest.indexOf("foreach");
    if (f >= 0) {
      let k = f + 1;
      while (rest[k] === "--recursive" || rest[k] === "-q" || rest[k] === "--quiet") k++;
      if (k < rest.length) nest(rest.slice(k).join(" "), range, inheritFrom(view));
    }
  } else if (sub === "rebase") {
    for (let k = 0; k < rest.length; k++) {
      const a = rest[k] as string;
      const cmd = a === "-x" || a === "--exec" ? rest[k + 1] : a.startsWith("--exec=") ? a.slice(7) : a.startsWith("-x") && a.length > 2 ? a.slice(2) : undefined;
      if (cmd !== undefined) nest(cmd, range, inheritFrom(view));
    }
  } else if (sub === "bisect" && rest[0] === "run" && rest.length > 1) {
    nest(rest.slice(1).join(" "), range, inheritFrom(view));
  }
}

/** A command string given as an option's value (`man -P 'cmd'`, `--pager=cmd`), run through a shell. */
function optionString(view: CommandView, option: RegExp, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  for (let k = 1; k < view.args.length; k++) {
    const m = option.exec(view.args[k] as string);
    if (m === null) continue;
    const attached = m[1] || m[2];
    const w = attached ? valueWord(view, attached) : view.words[k + 1] ?? null;
    if (w !== null && w !== undefined) runString(view, w, at(w), nest, out, "a command string");
  }
}

/** `ssh host 'cmd'`: the words after the host are joined and run by the remote shell. */
function sshString(view: CommandView, span: (a: Word, b: Word) => [number, number], nest: Nest): void {
  const p = parseFlags(view.args, SSH_FLAGS, 1);
  // ssh reads options after the host too (`ssh host -t cmd`); the command starts after them.
  const cmd = p.rest < view.args.length ? parseFlags(view.args, SSH_FLAGS, p.rest + 1).rest : view.args.length;
  if (cmd >= view.args.length) return;
  nest(view.args.slice(cmd).join(" "), span(view.words[cmd] as Word, view.words[view.words.length - 1] as Word), inheritFrom(view));
}

/** `curl ... | sh`: a shell or interpreter reading its program from a pipe. */
function pipeIntoInterpreter(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult): void {
  if (view.sc.stage <= 0 || !INTERPRETERS.has(view.name)) return;
  const p = parseFlags(view.args, SHELLS.has(view.name) ? SHELL_FLAGS : { stopAtOperand: true }, 1);
  const readsStdin = !has(p, "command") && !p.flags.has("command-string") && (p.rest >= view.args.length || STDIN_PATHS.has(view.args[p.rest] as string) || has(p, "stdin"));
  if (!readsStdin) return;
  // A fixed script piped in (`echo 'ls' | sh`) is parsed and seen like `sh -c 'ls'`.
  if (SHELLS.has(view.name) && pipedScript(view, at, nest)) return;
  // A literal piped into python, node, ...: as visible as `python3 -c 'print(1)'`.
  if (!SHELLS.has(view.name) && pipedLiteral(view)) return;
  const first = view.words[0] as Word;
  out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.name} runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: at(first)[0], end: at(first)[1] });
}

/**
 * What a shell reads from a pipe, when the previous stage prints text written on the line:
 * `echo 'cmd' | sh`, `printf 'cmd' | bash`, `cat <<EOF | bash`. It is parsed, so its commands
 * are seen. Returns true only when that text is exactly what the shell reads: plain `echo` (no
 * -e, no backslashes) or `cat` of a heredoc/herestring, nothing dynamic. printf's format and
 * echo -e's escapes are not interpreted here, so those stay a pipe-to-shell finding.
 */
function pipedScript(view: CommandView, at: (w: Word) => [number, number], nest: Nest): boolean {
  const sc = view.sc;
  const prev = view.facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  const first = prev?.argv[0];
  if (prev === undefined || first === undefined || first.dynamic !== null) return false;
  const name = first.value;
  let text: Word | null = null;
  let exact = false;
  if (name === "echo" || name === "printf") {
    const flags = name === "echo" && /^-[neE]+$/.test(prev.argv[1]?.value ?? "") ? 1 : 0;
    const words = prev.argv.slice(1 + flags);
    if (words.length === 0) return false;
    text = { ...(words[0] as Word), value: words.map((w) => w.value).join(" "), dynamic: null };
    exact = name === "echo" && (flags === 0 || prev.argv[1]?.value === "-n") && words.every((w) => w.dynamic === null && !w.value.includes("\\"));
  } else if (name === "cat" && prev.argv.length === 1) {
    for (const r of prev.redirects) {
      if (r.op === "<<<") text = r.target;
      else if ((r.op === "<<" || r.op === "<<-") && r.body !== null) text = r.body;
    }
    exact = text !== null && text.dynamic === null;
  }
  if (text === null) return false;
  nest(text.value, at(text), inheritFrom(view));
  return exact;
}

/** The previous stage prints only text written on the line: `echo 'print(1)'`, `cat <<'EOF'`. */
function pipedLiteral(view: CommandView): boolean {
  const sc = view.sc;
  const prev = view.facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  const name = prev?.argv[0];
  if (prev === undefined || name === undefined || name.dynamic !== null || prev.argv.some((w) => w.dynamic !== null)) return false;
  if (name.value === "echo" || name.value === "printf") return prev.argv.length > 1 && prev.redirects.length === 0;
  return name.value === "cat" && prev.argv.length === 1 && prev.redirects.some((r) => (r.op === "<<<" && r.target?.dynamic === null) || ((r.op === "<<" || r.op === "<<-") && r.body !== null && r.body.dynamic === null));
}

/**
 * Command substitutions tree-sitter leaves as text: backticks inside `${...}` and inside an
 * unquoted heredoc body. Bash runs them; each is parsed again (backticks included, so default
 * mode still reports the substitution as a construct).
 */
function hiddenSubstitutions(sc: SimpleCommand, facts: Facts, origin: Origin, nest: Nest): void {
  const argv = sc.argv;
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k] as Word;
    if (w.dynamic !== null) expansionBackticks(w, facts, origin, nest);
  }
  const assignments = sc.assignments;
  for (let k = 0; k < assignments.length; k++) {
    const a = assignments[k] as SimpleCommand["assignments"][number];
    if (a.value === null) continue;
    if (a.value.dynamic !== null) expansionBackticks(a.value, facts, origin, nest);
    // PROMPT_COMMAND='cmd' runs before every prompt.
    if (a.name === "PROMPT_COMMAND") nest(a.value.value, origin.range ?? [a.start, a.end], null);
  }
  const redirects = sc.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as SimpleCommand["redirects"][number];
    if (r.target !== null && r.target.dynamic !== null) expansionBackticks(r.target, facts, origin, nest);
    const body = r.body;
    if (body !== null && !body.quoted && backtickIn(facts, body.start, body.end)) {
      const text = facts.source.slice(body.start, body.end);
      if (text.includes("`")) for (const s of backticks(text)) nest(s, origin.range ?? [body.start, body.end], null);
    }
  }
}

/** Per parse: backticks before each offset (null: none in the line, the common case). */
const backtickCounts = new WeakMap<Facts, Int32Array | null>();

/**
 * Whether the source holds a backtick in [start, end): O(1) after one pass over the line.
 * Scanning each word instead was quadratic in a line nested n deep (each level's word holds
 * the levels inside it). The `${` spans looked into are source text, so the source range holds
 * every backtick they do.
 */
function backtickIn(facts: Facts, start: number, end: number): boolean {
  let counts = backtickCounts.get(facts);
  if (counts === undefined) {
    const src = facts.source;
    counts = null;
    if (src.indexOf("`") >= 0) {
      counts = new Int32Array(src.length + 1);
      for (let k = 0; k < src.length; k++) counts[k + 1] = (counts[k] as number) + (src.charCodeAt(k) === 96 ? 1 : 0);
    }
    backtickCounts.set(facts, counts);
  }
  return counts !== null && (counts[Math.min(end, counts.length - 1)] as number) > (counts[Math.max(0, start)] as number);
}

function expansionBackticks(w: Word, facts: Facts, origin: Origin, nest: Nest): void {
  if (!backtickIn(facts, w.start, w.end)) return;
  for (const [s, e] of w.dynamic as Array<[number, number]>) {
    if (w.value.charCodeAt(s) !== 36 /* $ */ || w.value.charCodeAt(s + 1) !== 123 /* { */) continue;
    const text = w.value.slice(s, e);
    if (text.includes("`")) for (const b of backticks(text)) nest(b, origin.range ?? [w.start, w.end], null);
  }
}

/** The `` `...` `` segments of a text (backslash escapes skipped); an unclosed one runs to the end. */
function backticks(text: string): string[] {
  const out: string[] = [];
  let open = -1;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 92 /* \ */) k++;
    else if (c === 96 /* ` */) {
      if (open < 0) open = k;
      else {
        out.push(text.slice(open, k + 1));
        open = -1;
      }
    }
  }
  if (open >= 0) out.push(text.slice(open));
  return out;
}

/** A glob that matches file names: `*`, `?`, or a bracket expression `[...]` (a lone `[` is the test command). */
function isPattern(v: string): boolean {
  return /[*?]|\[[^\]]+\]/.test(v);
}

const BRACE_LIMIT = 64;

/**
 * Brace expansion, as bash does it before anything else: `{rm,-rf,~}` is three words, `r{m,}`
 * two. Words are expanded in place (capped at BRACE_LIMIT results each); `{}` and `{a}` stay.
 */
function expandBraces(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    if (!(w.glob && w.dynamic === null && w.value.includes("{"))) {
      out.push(w);
      continue;
    }
    const values = expandBrace(w.value, 0);
    if (values.length === 1 && values[0] === w.value) out.push(w);
    else for (const v of values) out.push({ ...w, value: v, tilde: v.startsWith("~"), glob: /[*?[]/.test(v) });
  }
  return out;
}

function expandBrace(s: string, depth: number): string[] {
  if (depth > 8) return [s];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c !== "{") continue;
    let level = 0;
    let j = i;
    const commas: number[] = [];
    for (; j < s.length; j++) {
      const d = s[j];
      if (d === "\\") j++;
      else if (d === "{") level++;
      else if (d === "}" && --level === 0) break;
      else if (d === "," && level === 1) commas.push(j);
    }
    if (j >= s.length) return [s];
    const body = s.slice(i + 1, j);
    let alts: string[] | null = null;
    if (commas.length > 0) {
      alts = [];
      let from = i + 1;
      for (const k of commas) {
        alts.push(s.slice(from, k));
        from = k + 1;
      }
      alts.push(s.slice(from, j));
    } else {
      alts = sequence(body);
    }
    if (alts === null) continue;
    const pre = s.slice(0, i);
    const post = s.slice(j + 1);
    const out: string[] = [];
    for (const a of alts) {
      for (const r of expandBrace(pre + a + post, depth + 1)) {
        out.push(r);
        if (out.length >= BRACE_LIMIT) return out;
      }
    }
    return out;
  }
  return [s];
}

/** `{1..5}`, `{a..e}`, `{10..1..2}`. */
function sequence(body: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (m === null) return null;
  const [a, b] = [m[1] as string, m[2] as string];
  const numeric = /\d/.test(a) && /\d/.test(b);
  if (!numeric && (/\d/.test(a) || /\d/.test(b))) return null;
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)));
  const out: string[] = [];
  for (let k = from; from <= to ? k <= to : k >= to; k += from <= to ? step : -step) {
    out.push(numeric ? String(k) : String.fromCharCode(k));
    if (out.length >= BRACE_LIMIT) break;
  }
  return out;
}

