/**
 * One simple command seen through its wrappers (sudo, env, timeout, xargs, ...): the view the
 * checks get, its forms at each level, and the unwrapper its name dispatches to (table.ts).
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import { type CommandView, baseName, commandName, viewName } from "../command.js";
import { AnalysisLimitError, DEFAULT_LIMITS } from "../limits.js";
import { type Level, clipped, formOf, knownLastSegment, valuesFrom, withSpellings } from "./forms.js";
import { KNOWN, KNOWN_NAME_MAX, type Known } from "./table.js";
import type { FindingDraft } from "../check.js";
import { inheritFrom, type Env, type Inherit, type Nest, type Origin, type UnwrapResult } from "./types.js";
import { expandBraces, isPattern, markReplaced, splitEnvString } from "./words.js";
import { commandWords } from "./strings.js";
import { anyWritten, runWrittenProgram, type WrittenFiles } from "./written.js";
import { writtenBuildFile } from "./build-files.js";
import { readsParseStdin, stdinFed } from "./stdin-feeds.js";
import { runnerSpecs } from "./remote-packages.js";

export const NO_ARGS: readonly string[] = [];
/** A package spec with a version or a scope: `rimraf@5`, `@scope/cli`, `@scope/cli@2` (group 1: the name). */
const PACKAGE_SPEC = /^(?:@[^/@\s]+\/)?([^/@\s]+)(?:@[^/\s]*)?$/;
const UPPER = /[A-Z]/;

/** The view of words[from..]; `name` null means "the canonical name of words[from]" (or "" without words). */
export function makeView(sc: SimpleCommand, facts: Facts, origin: Origin, words: readonly Word[], all: readonly string[], from: number,
  known: string | null, knownTrusted: boolean, wrappers: readonly string[], privileged: boolean, argsUnknown: boolean,
  forms: string[], allowForms: number): CommandView {
  const inner = from === 0 ? words : words.slice(from);
  let name = known ?? "";
  let trusted = knownTrusted;
  if (known === null && inner.length > 0) ({ name, trusted } = viewName(inner[0] as Word));
  else if (known === null) trusted = true;
  const range = origin.range;
  return {
    name, trusted, words: inner, args: from === 0 ? all : all.slice(from), redirects: sc.redirects, privileged,
    wrappers, forms, allowForms: allowForms < 0 ? forms.length : allowForms, argsUnknown, sc, facts,
    start: range !== null ? range[0] : sc.start, end: range !== null ? range[1] : sc.end, depth: origin.depth, wrapperOnly: false,
    stdinFed: origin.stdinFed === true && readsParseStdin(sc),
    stdinFile: origin.stdinFile === true && readsParseStdin(sc),
  };
}

function envFor(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest, written: WrittenFiles | undefined): Env {
  return {
    sc, facts, origin, out, nest, unwrapCommand, written,
    at: (w) => origin.range ?? [w.start, w.end],
    span: (a, b) => origin.range ?? [a.start, Math.max(a.end, b.end)],
  };
}

export function unwrapCommand(sc: SimpleCommand, argv: readonly Word[], facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest, written?: WrittenFiles): void {
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
  // Made with its first level (`[]` + push allocates 17 slots; most commands have one level).
  let levels: Level[] = NO_LEVELS;
  let anyPath = false;
  let privLevel = -1;
  let packageSpec = false;

  while (i < words.length) {
    const word = words[i] as Word;
    const form = i === 0 && plain ? source.slice((words[0] as Word).start, (words[words.length - 1] as Word).end) : formOf(words, all, i, source);
    if (forms === null) forms = origin.forms.length === 0 ? [form] : [...origin.forms, form];
    else forms.push(form);
    name = null;
    known = undefined;
    if (word.dynamic !== null || (word.glob && isPattern(word.value))) {
      const what = word.dynamic !== null ? "is only known at run time and could be anything (even rm)" : "is a pattern the shell expands at run time (/???/r? can be /bin/rm)";
      const r = origin.range ?? [word.start, word.end];
      out.findings.push({ id: "shell/dynamic-command", message: `The command name '${clipped(word.value)}' ${what}; write the command out.`, start: r[0], end: r[1] });
      const guess = knownLastSegment(word);
      anyPath ||= guess !== null;
      levels = withLevel(levels, { at: i, name: guess, trusted: false });
      break;
    }
    const spec = packageSpec && word.value.includes("@") ? PACKAGE_SPEC.exec(word.value) : null;
    packageSpec = false;
    if (spec !== null) {
      // `npx rimraf@5`, `bunx @scope/cli@2`: the package's command (its bin) is rimraf, cli.
      name = spec[1] as string;
      trusted = true;
      levels = withLevel(levels, { at: i, name: null, trusted: true });
    } else if (word.value.indexOf("/") < 0) {
      // `RM` runs rm on a case-insensitive file system (macOS, Windows): judge it as rm.
      name = UPPER.test(word.value) ? word.value.toLowerCase() : word.value;
      trusted = true;
      levels = withLevel(levels, i === 0 ? BARE_FIRST : { at: i, name: null, trusted: true });
    } else {
      ({ name, trusted } = commandName(word));
      if (trusted && UPPER.test(name)) name = name.toLowerCase();
      anyPath = true;
      levels = withLevel(levels, { at: i, name: trusted ? name : baseName(name), trusted });
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
    if (hit === null || hit.inner >= args.length) {
      // `xargs sudo`: the command the wrapper runs is among the words read at run time. A runner
      // whose subcommand is no run (`xargs -I _ npm uninstall _`) runs none, unless that word is
      // itself read at run time (`xargs -I _ npm _ …`).
      if (argsUnknown && (hit !== null || firstOperandDynamic(words, all, i))) out.findings.push(unknownWrapped(name, word, origin));
      break;
    }
    // What other families read of the wrapper itself (`nix shell github:u/r -c hello`: the package
    // it fetches; `tmux -f <(…) new cmd`: the file it reads), before it hands over to its command.
    if (known?.also !== undefined && trusted && !hit.shellString) {
      const self = makeView(sc, facts, origin, words, all, i, name, trusted, wrappers, privileged, argsUnknown, forms, allowForms);
      self.wrapperOnly = true;
      for (const read of known.also) read(self, envFor(sc, facts, origin, out, nest, written));
    }
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
    if (hit.alsoInner !== undefined && hit.alsoInner > hit.inner) maybeLater(words, i + hit.alsoInner, facts, origin, { privileged, forms: [...forms], allowForms: privileged ? allowForms : -1, argsUnknown, wrappers, effects }, nest, hit.shellString === true);
    if (hit.replace !== undefined) words = markReplaced(words, i + hit.inner, hit.replace);
    if (hit.shellString) {
      // `sudo -s cmd args`: the words go to the user's shell through -c; read them as shell code.
      if (anyPath) ({ forms, allowForms } = withSpellings(forms, origin, words, levels, privLevel, allowForms));
      const view = makeView(sc, facts, origin, words, all, i, name, trusted, wrappers, privileged, argsUnknown, forms, allowForms);
      view.wrapperOnly = true;
      if (effects.length > 0) view.wrapperEffects = effects;
      out.views.push(view);
      // What other families read of the wrapper itself (`nix-shell URL --run cmd`: the package it fetches).
      if (known?.also !== undefined && trusted) for (const read of known.also) read(view, envFor(sc, facts, origin, out, nest, written));
      const end = Math.min(hit.shellEnd ?? args.length, args.length);
      const a = words[i + hit.inner] as Word;
      const b = words[i + end - 1] as Word;
      // `parallel CMD ::: a`: the string runs with arguments appended at run time.
      const inherit = inheritFrom(view);
      if (hit.argsUnknown === true) inherit.argsUnknown = true;
      // sudo -s escapes its words for the shell, so they keep their bounds; parallel joins them.
      const text = hit.argsUnknown === true ? args.slice(hit.inner, end).join(" ") : commandWords(words.slice(i + hit.inner, i + end));
      nest(text, origin.range ?? [a.start, Math.max(a.end, b.end)], inherit);
      return;
    }
    // `npx github:u/r`, `uvx --from git+https://… x`: a package fetched from a URL runs its scripts.
    if (hit.packageSpec === true) runnerSpecs(name, words, i + 1, i + hit.inner, origin, out);
    i += hit.inner;
    name = null;
    packageSpec = hit.packageSpec === true;
  }

  if (anyPath && forms !== null) ({ forms, allowForms } = withSpellings(forms, origin, words, levels, privLevel, allowForms));
  const view = makeView(sc, facts, origin, words, all, i, name, trusted, wrappers, privileged, argsUnknown, forms ?? origin.forms.slice(), allowForms);
  if (effects.length > 0) view.wrapperEffects = effects;
  // `known` is the entry of `name` (reset each level), so this is the one lookup of the view's name.
  // A longer name is none of KNOWN's: looking it up would hash it whole (a nested word can be the line).
  const entry = name === view.name ? known : view.name.length <= KNOWN_NAME_MAX ? KNOWN.get(view.name) : undefined;
  const special = view.trusted && view.words.length > 0 ? entry?.special : undefined;
  const piped = entry?.piped !== undefined && stdinFed(view) ? entry.piped : undefined;
  const also = view.trusted && view.words.length > 0 ? entry?.also : undefined;
  if (special !== undefined || piped !== undefined || also !== undefined) {
    const env = envFor(sc, facts, origin, out, nest, written);
    if (special !== undefined && special(view, env) === true) view.wrapperOnly = true;
    if (piped !== undefined) piped(view, env);
    if (also !== undefined) for (const read of also) read(view, env);
  }
  if (!view.trusted && view.words.length > 0) readAsBaseName(view, facts, origin, nest);
  // `./x.sh` where the line wrote x.sh: its text is the program.
  if (anyWritten(written) && view.words.length > 0) {
    if ((view.words[0] as Word).value.includes("/")) runWrittenProgram(view, envFor(sc, facts, origin, out, nest, written));
    // `… > Makefile; make`: the tool reads a file the line wrote.
    else if (view.trusted) writtenBuildFile(view, envFor(sc, facts, origin, out, nest, written));
  }
  out.views.push(view);
}

/**
 * The words from `from` on, checked as the command too: the words before them may be values of
 * options the wrapper's table does not know (`ionice --class idle rm -rf ~`). As written in the
 * source (quotes kept), or joined when the wrapper runs them as one shell string.
 */
function maybeLater(words: readonly Word[], from: number, facts: Facts, origin: Origin, inherit: Inherit, nest: Nest, joined: boolean): void {
  const first = words[from];
  const last = words[words.length - 1];
  if (first === undefined || last === undefined) return;
  const text = joined ? words.slice(from).map((w) => w.value).join(" ") : facts.source.slice(first.start, last.end);
  nest(text, origin.range ?? [first.start, last.end], inherit);
}

/**
 * `./venv/bin/python -c …`, `~/.local/bin/sudo rm -rf ~`, `node_modules/.bin/tsx -e …`: a program
 * named by a path is not the system's tool of that name (the view stays an unknown program), but
 * it is also read as that tool, from its words as written: a path never hides what the bare name
 * would show. Only for names a family of unwrapping knows (the checks already take the base name).
 */
function readAsBaseName(view: CommandView, facts: Facts, origin: Origin, nest: Nest): void {
  const first = view.words[0] as Word;
  const last = view.words[view.words.length - 1] as Word;
  if (first.dynamic !== null) return;
  const base = baseName(first.value);
  if (base.length === 0 || base.length > KNOWN_NAME_MAX || !KNOWN.has(base)) return;
  // Its words and its redirects (`./bin/bash <<< '…'`, heredoc bodies to the end of their line).
  const source = facts.source;
  let end = last.end;
  let before = "";
  for (const r of view.sc.redirects) {
    if (r.start < first.start) before += `${source.slice(r.start, r.end)} `;
    else end = Math.max(end, r.end, r.body === null ? 0 : lineEnd(source, r.body.end));
  }
  const rest = end > first.end ? source.slice(first.end, end) : "";
  nest(before + base + rest, origin.range ?? [first.start, last.end], inheritFrom(view));
}

/** The end of the line holding `at` (a heredoc's delimiter line). */
function lineEnd(source: string, at: number): number {
  const nl = source.indexOf("\n", at);
  return nl < 0 ? source.length : nl;
}

const NO_LEVELS = Object.freeze([]) as unknown as Level[];
/** A bare command name first on the line, the usual level: one shared object (Level is never changed). */
const BARE_FIRST: Level = Object.freeze({ at: 0, name: null, trusted: true });

function withLevel(levels: Level[], level: Level): Level[] {
  if (levels === NO_LEVELS) return [level];
  levels.push(level);
  return levels;
}

function firstOperandDynamic(words: readonly Word[], all: readonly string[], i: number): boolean {
  for (let k = i + 1; k < words.length; k++) if (!(all[k] as string).startsWith("-")) return (words[k] as Word).dynamic !== null;
  return false;
}

function unknownWrapped(name: string, word: Word, origin: Origin): FindingDraft {
  const r = origin.range ?? [word.start, word.end];
  return { id: "shell/dynamic-command", message: `The command ${name} runs comes from the words read at run time (xargs reads them from stdin) and could be anything (even rm); write the command out.`, start: r[0], end: r[1] };
}
