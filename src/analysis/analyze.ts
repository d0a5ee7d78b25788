/**
 * analyze(): Facts → unwrapped commands → the six checks → what the engine needs
 * (AnalyzedCommand per leaf command, safety findings, read-only, acceptEdits' verdict).
 * The extractor is a parameter: src/analysis/index.ts binds the default (native) one, and tests
 * pass the reference extractor explicitly.
 */

import type { Facts, Word } from "../facts/types.js";
import type { Finding } from "./types.js";
import type { CheckContext, FactsCheck, FindingDraft } from "./check.js";
import { baseName, type CommandView } from "./command.js";
import { checksFor, FACTS_CHECKS } from "./checks/index.js";
import { isReadOnly } from "./checks/read-only.js";
import { writeTargets } from "./checks/write-targets.js";
import { isWriteRedirect } from "./checks/dangerous.js";
import { isInside, resolvePath } from "./paths.js";
import { dynamicOpenForms, openForms } from "./open-forms.js";
import { parseFor } from "./specs.js";
import { unwrapFacts } from "./unwrap/index.js";
import type { Quiet } from "./unwrap/types.js";
import { AnalysisLimitError, checkChars, checkShape, Deadline, DEFAULT_LIMITS, type AnalysisLimits } from "./limits.js";
import type { AnalyzedCommand, Analysis, AnalysisOptions } from "./types.js";
import { readLine } from "./dialects/index.js";
import { withoutKeywordPrefixes } from "./keyword-prefixes.js";
import { withRedirectSubstitutions } from "./redirect-substitutions.js";
import { viewContexts } from "./moves.js";

const contexts = new WeakMap<AnalysisOptions, CheckContext>();
/** The last one handed out (one strong reference): most callers analyse with one options object. */
let lastContext: CheckContext | undefined;

/** The checks' context, made once per options object (a guard reuses its options). */
function contextFor(options: AnalysisOptions): CheckContext {
  const last = lastContext;
  if (last !== undefined && last.options === options && last.paths.cwd === options.cwd && last.paths.home === options.home) return last;
  let ctx = contexts.get(options);
  if (ctx === undefined || ctx.paths.cwd !== options.cwd || ctx.paths.home !== options.home) {
    ctx = { options, paths: { cwd: options.cwd, home: options.home } };
    contexts.set(options, ctx);
  }
  lastContext = ctx;
  return ctx;
}

/** A Facts extractor; `timeoutMs` bounds one parse (an extractor may ignore it). */
export type Extract = (source: string, timeoutMs?: number) => Facts;

/**
 * Throws AnalysisLimitError for a line over `limits` (too long, too deep, too many nodes, or over
 * the time budget): the engine's fail-safe makes that "could not be analysed", never an allow.
 */
export function analyze(line: string, options: AnalysisOptions, extract: Extract, limits: AnalysisLimits = DEFAULT_LIMITS): Analysis {
  const deadline = new Deadline(limits.budgetMs);
  checkChars(line, limits);
  // Every parse, nested strings' too, gets what is left of the budget; a parser that runs out
  // returns an error-only parse, which the check after it turns into AnalysisLimitError.
  const maxNested = limits.maxNestedChars ?? (DEFAULT_LIMITS.maxNestedChars as number);
  let nestedChars = 0;
  const within = (s: string): Facts => {
    deadline.check();
    // +1: an empty string is still a parse.
    nestedChars += s.length + 1;
    if (nestedChars > maxNested) {
      throw new AnalysisLimitError("maxNestedChars", `the strings the line runs as shell code add up to more than ${maxNested} characters (each is parsed again for every command that runs it), the limit`);
    }
    const budget = deadline.remaining();
    return readable(s, (text) => extract(text, budget));
  };
  // A zsh or fish line is read in its dialect: `source` is what the offsets refer to.
  const read = readLine(line, options.dialect ?? "bash", (text) => readable(text, (again) => extract(again, limits.budgetMs)));
  const { source, facts } = read;
  // A parser out of time returns an error-only parse; one that was merely slow is caught by the
  // loops' ticks and the check at the end (reading the clock costs more than most lines' checks).
  if (facts.errors.length > 0) deadline.check();
  checkShape(facts, limits);
  const ctx = contextFor(options);
  const { views, findings: unwrapDrafts, parses } = unwrapFacts(facts, within);
  const shellDrafts = read.findings.length > 0 ? [...read.findings, ...unwrapDrafts] : unwrapDrafts;
  const findings: Finding[] = [];
  // One finding per id and place from all the parses with guessed values (find's paths give
  // ~/id_rsa, ~/*/id_rsa and ~/.*/id_rsa for one -exec block): made on the first such finding.
  let guessedSeen: Set<string> | null = null;
  const repeatsGuess = (id: string, start: number, end: number): boolean => {
    const key = `${id}\n${start}\n${end}`;
    if ((guessedSeen ??= new Set()).has(key)) return true;
    guessedSeen.add(key);
    return false;
  };

  for (let k = 0; k < shellDrafts.length; k++) {
    const d = shellDrafts[k] as FindingDraft;
    const start = d.start ?? 0;
    const end = d.end ?? source.length;
    findings.push({ id: d.id, check: "shell", message: d.message, command: source.slice(start, end), start, end });
  }
  // Each view's context after the line's cds and its wrappers' directories (null: none moves).
  const contexts = viewContexts(views, ctx);
  // The checks over a whole parse see an untrusted view under its base name too (`./bin/curl` as curl).
  const lineViews = underBaseNames(views);
  const contextOf = contexts === null ? undefined : contextLookup(lineViews, contexts, ctx);
  for (let q = 0; q < parses.length; q++) {
    const p = parses[q] as (typeof parses)[number];
    if (q > 0) {
      checkShape(p.facts, limits);
      deadline.check();
    }
    for (let c = 0; c < FACTS_CHECKS.length; c++) {
      const check = FACTS_CHECKS[c] as FactsCheck;
      if (q > 0 && check.perLine === true) continue;
      const drafts = check.check(p.facts, ctx, lineViews, contextOf);
      for (let k = 0; k < drafts.length; k++) {
        const d = drafts[k] as FindingDraft;
        if (p.speculative !== undefined && p.speculative(d.id)) continue;
        // A finding inside a nested string points at the string in the checked line.
        const start = p.range !== null ? p.range[0] : d.start ?? 0;
        const end = p.range !== null ? p.range[1] : d.end ?? source.length;
        if (p.speculative !== undefined && repeatsGuess(d.id, start, end)) continue;
        findings.push({ id: d.id, check: check.name, message: d.message, command: source.slice(start, end), start, end });
      }
    }
  }

  // Sized up front: `[]` + push allocates 16 slots, and trimming an array afterwards costs more.
  let size = 0;
  for (let v = 0; v < views.length; v++) if (isCommand(views[v] as CommandView)) size++;
  const commands: AnalyzedCommand[] = new Array<AnalyzedCommand>(size);
  let nCommands = 0;
  // Per view: read-only (computed once; acceptEdits' verdict reuses it).
  const readOnlyViews: boolean[] = new Array<boolean>(views.length);
  let wrappersSpoil = false;
  let formChars = 0;
  // Views parsed again with guessed values (known-values.ts): their quiet findings are dropped.
  const guessed = speculativeFacts(parses);
  for (let v = 0; v < views.length; v++) {
    deadline.tick();
    const view = views[v] as CommandView;
    const vctx = contexts === null ? ctx : (contexts[v] as CheckContext);
    const ro = isReadOnly(view, vctx.paths);
    readOnlyViews[v] = ro;
    if (view.wrapperOnly) {
      // `PAGER=x bash -c 'git log'`: what the wrapper sets up can spoil what it runs.
      if (!ro) wrappersSpoil = true;
      // `bash -c 'echo x' >> ~/.bashrc`: the line's shell opens the wrapper's redirects, whatever
      // runs inside; they are checked as a bare `: >> ~/.bashrc` would be.
      if (view.redirects.length === 0) continue;
    }
    // An untrusted view is checked under its base name (`./rm` as rm: underBaseNames), a wrapper alone as `:`.
    const named = !view.wrapperOnly ? (lineViews[v] as CommandView) : view.name === ":" ? view : { ...view, name: ":", args: [":"], words: view.words.slice(0, 1) };
    const checks = checksFor(named.name, view.redirects.length > 0);
    let text: string | null = null;
    for (let k = 0; k < checks.length; k++) {
      const check = checks[k] as (typeof checks)[number];
      const drafts = check.check(named, vctx);
      for (let j = 0; j < drafts.length; j++) {
        const d = drafts[j] as FindingDraft;
        const start = d.start ?? view.start;
        const end = d.end ?? view.end;
        const quiet = guessed?.get(view.facts);
        if (quiet !== undefined && (quiet(d.id) || repeatsGuess(d.id, start, end))) continue;
        text ??= view.facts.source.slice(view.sc.start, view.sc.end);
        findings.push({ id: d.id, check: check.name, message: d.message, command: text, start, end });
      }
    }
    if (!isCommand(view)) continue;
    for (let k = 0; k < view.forms.length; k++) formChars += (view.forms[k] as string).length;
    if (formChars > limits.maxFormChars) {
      throw new AnalysisLimitError("maxFormChars", `the line's commands add up to more than ${limits.maxFormChars} characters (each holds what is nested in it), the limit`);
    }
    const open = view.argsUnknown ? openForms(view) : dynamicOpenForms(view);
    commands[nCommands++] = {
      // view.args is made per view (never shared unless empty), so it can be handed over.
      argv: view.args.length > 0 ? (view.args as string[]) : [],
      forms: view.forms,
      allowForms: view.allowForms,
      // Always set (undefined for nearly every command): one object shape.
      openForms: open,
      privileged: view.privileged,
      readOnly: ro,
      start: view.start,
      end: view.end,
      depth: view.depth,
    };
  }
  if (findings.length > 1) findings.sort((a, b) => a.start - b.start || a.end - b.end);
  let readOnly = findings.length === 0 && !wrappersSpoil;
  for (let k = 0; readOnly && k < commands.length; k++) readOnly = (commands[k] as AnalyzedCommand).readOnly;
  deadline.check();
  return new Result(source, facts, commands, findings.length > 1 ? boundFindings(dedupe(findings)) : findings, readOnly, views, readOnlyViews, ctx);
}

/** A parse of `text` as the checks read it: `time`/`!` prefixes blanked, redirect-only substitutions given their command. */
function readable(text: string, parse: (source: string) => Facts): Facts {
  return withRedirectSubstitutions(withoutKeywordPrefixes(parse(text), parse), parse);
}

/** `views` with each untrusted one named by its base name, as the command checks see it (the same array when all are trusted). */
function underBaseNames(views: readonly CommandView[]): readonly CommandView[] {
  let out: CommandView[] | null = null;
  for (let v = 0; v < views.length; v++) {
    const view = views[v] as CommandView;
    if (view.trusted || view.wrapperOnly) continue;
    const base = baseName(view.name);
    if (base === view.name) continue;
    out ??= views.slice();
    out[v] = { ...view, name: base };
  }
  return out ?? views;
}

/** A view's context for the checks over a whole parse (made only when a view moves). */
function contextLookup(views: readonly CommandView[], contexts: readonly CheckContext[], ctx: CheckContext): (view: CommandView) => CheckContext {
  const byView = new Map<CommandView, CheckContext>();
  for (let v = 0; v < views.length; v++) byView.set(views[v] as CommandView, contexts[v] as CheckContext);
  return (view) => byView.get(view) ?? ctx;
}

/** The Facts of the parses made with guessed values, or null when there are none (nearly always). */
function speculativeFacts(parses: ReturnType<typeof unwrapFacts>["parses"]): Map<Facts, Quiet> | null {
  let out: Map<Facts, Quiet> | null = null;
  for (let q = 1; q < parses.length; q++) {
    const p = parses[q] as (typeof parses)[number];
    if (p.speculative !== undefined) (out ??= new Map()).set(p.facts, p.speculative);
  }
  return out;
}

/** A view the engine sees as a command: not a wrapper of a parsed string, not an empty line. */
function isCommand(view: CommandView): boolean {
  return !view.wrapperOnly && (view.words.length > 0 || view.sc.redirects.length > 0 || view.sc.assignments.length > 0);
}

/** An Analysis whose acceptEdits verdict is computed on first use (only acceptEdits and dontAsk ask). */
class Result implements Analysis {
  #edits: boolean | undefined;
  readonly #views: readonly CommandView[];
  readonly #viewsReadOnly: readonly boolean[];
  readonly #ctx: CheckContext;

  constructor(
    public source: string,
    public facts: Facts,
    public commands: AnalyzedCommand[],
    public findings: Finding[],
    public readOnly: boolean,
    views: readonly CommandView[],
    viewsReadOnly: readonly boolean[],
    ctx: CheckContext,
  ) {
    this.#views = views;
    this.#viewsReadOnly = viewsReadOnly;
    this.#ctx = ctx;
  }

  get editsInsideWorkdirs(): boolean {
    return (this.#edits ??= editsInside(this.#views, this.#viewsReadOnly, this.#ctx));
  }

  toJSON(): Analysis {
    return { source: this.source, facts: this.facts, commands: this.commands, findings: this.findings, readOnly: this.readOnly, editsInsideWorkdirs: this.editsInsideWorkdirs };
  }
}

/** Findings of one id listed one by one; past that, one summary finding counts the rest. */
export const MAX_FINDINGS_PER_ID = 20;

/**
 * The list stays short whatever the line: a line of 4,000 `$(` makes 4,000 findings of one id,
 * which no person reads and every consumer (reasons, hook output, JSON) would carry.
 */
function boundFindings(findings: Finding[]): Finding[] {
  const count = new Map<string, number>();
  let over = false;
  for (let k = 0; k < findings.length; k++) {
    const id = (findings[k] as Finding).id;
    const n = (count.get(id) ?? 0) + 1;
    count.set(id, n);
    // One past the cap stays as it is: a summary in its place would save nothing (and a
    // check's own summary, like injection's 21st, is kept).
    if (n > MAX_FINDINGS_PER_ID + 1) over = true;
  }
  if (!over) return findings;
  const seen = new Map<string, number>();
  const out: Finding[] = [];
  for (let k = 0; k < findings.length; k++) {
    const f = findings[k] as Finding;
    const n = (seen.get(f.id) ?? 0) + 1;
    seen.set(f.id, n);
    if (n <= MAX_FINDINGS_PER_ID) out.push(f);
    else if (n === MAX_FINDINGS_PER_ID + 1) {
      const more = (count.get(f.id) as number) - MAX_FINDINGS_PER_ID;
      out.push({ ...f, message: `${more} more ${f.id} finding${more > 1 ? "s" : ""} like the ones before, from here on (not listed one by one).`, end: lastEnd(findings, f.id, k) });
    }
  }
  return out;
}

/** The furthest end of the findings of `id` from index `from` on (what a summary finding covers). */
function lastEnd(findings: readonly Finding[], id: string, from: number): number {
  let end = 0;
  for (let k = from; k < findings.length; k++) {
    const f = findings[k] as Finding;
    if (f.id === id && f.end > end) end = f.end;
  }
  return end;
}

/**
 * Drops repeats (same id, range and message). `findings` is sorted by range, so repeats sit in one
 * run of equal ranges: most runs are one finding long and need no key (a line nested thousands
 * deep has a finding per level, each its own range).
 */
function dedupe(findings: Finding[]): Finding[] {
  const out: Finding[] = [];
  for (let a = 0; a < findings.length; ) {
    const first = findings[a] as Finding;
    let b = a + 1;
    while (b < findings.length && (findings[b] as Finding).start === first.start && (findings[b] as Finding).end === first.end) b++;
    if (b - a === 1) out.push(first);
    else {
      const seen = new Set<string>();
      for (let k = a; k < b; k++) {
        const f = findings[k] as Finding;
        const key = `${f.id}\n${f.message}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(f);
        }
      }
    }
    a = b;
  }
  return out;
}

const EDIT_COMMANDS = new Set(["mkdir", "touch", "rm", "rmdir", "mv", "cp", "sed"]);

/** acceptEdits: every command is read-only or a filesystem edit whose every path is inside a working directory. */
function editsInside(views: readonly CommandView[], readOnly: readonly boolean[], ctx: CheckContext): boolean {
  const inside = (w: Word): boolean => {
    const r = resolvePath(w, ctx.paths);
    const path = r.path ?? null;
    return path !== null && !r.dynamic && (isInside(path, ctx.options.cwd) || ctx.options.workingDirectories.some((root) => isInside(path, root)));
  };
  let edits = 0;
  for (let k = 0; k < views.length; k++) {
    const v = views[k] as CommandView;
    if (v.wrapperOnly || readOnly[k] === true) continue;
    if (!v.trusted || v.privileged || v.argsUnknown || !EDIT_COMMANDS.has(v.name)) return false;
    const p = parseFor(v.name, v.args);
    // Sources too: `cp /etc/hosts ./x` reads outside and is not an edit inside.
    const paths = [...p.operands.map((i) => v.words[i] as Word), ...writeTargets(v)];
    const skip = v.name === "sed" ? 1 : 0;
    if (!paths.slice(skip).every(inside)) return false;
    for (const r of v.redirects) if (isWriteRedirect(r.op, r.target) && !inside(r.target as Word)) return false;
    edits++;
  }
  return edits > 0;
}
