/**
 * Lint one file: extract its shell snippets, analyse each (guard analysis: constructs such as
 * `$(...)` or loops are analysed inside, not reported themselves), add deny/ask rule hits and
 * configured dangerous patterns, map every finding back to the file, apply severities and
 * suppression directives.
 */

import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { analyze, DEFAULT_LIMITS, type AnalysisLimits } from "../analysis/index.js";
import type { Analysis, AnalysisOptions } from "../analysis/types.js";
import type { ResolvedConfig } from "../config/types.js";
import { compileConfig, customPatternFindings } from "../engine/engine.js";
import { findAnyMatch } from "../engine/rules.js";
import type { Finding } from "../engine/types.js";
import { atFileTop, scanDirectives, snippetHead, snippetSpan, type Directive } from "./directives.js";
import { extract, isBinary, kindByName, looksLikeScript, type FileKind } from "./extract/index.js";
import { unmask } from "./extract/types.js";
import { checkOf, isKnownIdOrCheck, severityResolver, type ReportedSeverity, type SeverityResolver } from "./severity.js";
import { LineIndex, toFileRange, type Snippet } from "./source-map.js";

export interface LintMessage {
  id: string;
  check: string;
  severity: ReportedSeverity;
  message: string;
  /** 1-based; 0 for a problem with the whole file (unreadable). endColumn is exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** File offsets (UTF-16), end exclusive. */
  start: number;
  end: number;
  /** Where in the file the shell came from: `jobs.build.steps[2]`, `scripts.test`, ... */
  context?: string;
}

export interface FileResult {
  /** The path as shown (relative to the working directory, `/` separators), or the stdin filename. */
  path: string;
  kind: FileKind | null;
  messages: LintMessage[];
  /** The file's text, kept when a message has a position (reporters show the line). */
  source?: string;
  errorCount: number;
  warningCount: number;
  infoCount: number;
}

/** What lintText needs: plain data, so that it can be sent to a worker thread. */
export interface LintSettings {
  config: ResolvedConfig;
  analysis: AnalysisOptions;
}

interface Prepared {
  settings: LintSettings;
  severity: SeverityResolver;
}

const prepared = new WeakMap<LintSettings, Prepared>();

function prepare(settings: LintSettings): Prepared {
  let p = prepared.get(settings);
  if (!p) {
    p = { settings, severity: severityResolver(settings.config.lintSeverity) };
    prepared.set(settings, p);
  }
  return p;
}

interface Raw {
  id: string;
  message: string;
  start: number;
  end: number;
  context?: string;
  snippet?: number;
}

/**
 * The ranges of the simple commands a parse error falls inside: tree-sitter's error recovery made
 * them up (in a file it cannot parse, one `mv` took `rmdir`, `}`, `if` and `fi` of the lines after
 * it as its arguments). What the checks find in them is noise; the parse error, reported on its
 * own, says that part could not be verified. Errors sorted by start, binary search: n log n.
 */
function madeUpCommands(facts: Analysis["facts"]): [number, number][] {
  if (facts.errors.length === 0) return [];
  const starts = facts.errors.map((e) => e.start).sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const sc of facts.commands) {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] as number) <= sc.start) lo = mid + 1;
      else hi = mid;
    }
    if (lo < starts.length && (starts[lo] as number) < sc.end) out.push([sc.start, sc.end]);
  }
  return out;
}

/**
 * Lint reads whole files, not one command line under a hook's deadline: the bounds on size and
 * time are a file's (bash-completion's `git` is 80,000 characters), still finite.
 */
const LINT_LIMITS: AnalysisLimits = Object.freeze({
  ...DEFAULT_LIMITS,
  maxChars: 4 * 1024 * 1024,
  maxNodes: 500_000,
  maxFormChars: 50_000_000,
  budgetMs: 30_000,
  maxNestedChars: 4 * 1024 * 1024,
});

function snippetFindings(snippet: Snippet, settings: LintSettings): Finding[] {
  const analysis = analyze(snippet.text, settings.analysis, undefined, LINT_LIMITS);
  const rules = compileConfig(settings.config);
  const madeUp = madeUpCommands(analysis.facts);
  const real = (f: Finding): boolean => f.id === "injection/parse-error" || !madeUp.some(([s, e]) => f.start >= s && f.end <= e);
  const out: Finding[] = [...analysis.findings, ...customPatternFindings(analysis, rules.dangerous)];
  for (const analysed of analysis.commands) {
    const text = snippet.text.slice(analysed.start, analysed.end);
    // A script is judged by the commands it writes out: a rule that words known only at run time
    // could complete (`$CMD`, `xargs git`) is the decision's worry, and shell/dynamic-command says it here.
    const command = analysed.openForms === undefined ? analysed : { ...analysed, openForms: undefined };
    const deny = findAnyMatch(rules.deny, [command]);
    const hit = deny ?? findAnyMatch(rules.ask, [command]);
    if (!hit) continue;
    const kind = deny ? "deny" : "ask";
    const reason = hit.rule.reason ? ` (${hit.rule.reason.replace(/[.\s]+$/, "")})` : "";
    out.push({
      id: `rule/${kind}`,
      check: "rule",
      message: `"${hit.form}" matches the ${kind} rule "${hit.rule.pattern}"${reason}.`,
      command: text,
      start: command.start,
      end: command.end,
    });
  }
  return madeUp.length === 0 ? out : out.filter(real);
}

/**
 * The analysis' parse-error message speaks to one typed command ("fix the syntax"); in a file that
 * bash runs, the part is more often valid bash tree-sitter-bash cannot read (extglob `@(a|b)`,
 * `for i do`, `$/`): say so, and that the commands there went unverified.
 */
function cleanMessage(f: Finding): string {
  if (f.id !== "injection/parse-error") return f.message;
  const more = /^The command has (\d+) more/.exec(f.message);
  if (more) return `${more[1] as string} more parts shellguard's bash parser (tree-sitter-bash) cannot read, from here on (not listed one by one).`;
  return "shellguard's bash parser (tree-sitter-bash) cannot read this part, so the commands in it are not verified. It may be valid bash the parser does not support (extglob such as @(a|b), `for i do`); if not, fix the syntax.";
}

function counts(messages: readonly LintMessage[]): Pick<FileResult, "errorCount" | "warningCount" | "infoCount"> {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const m of messages) {
    if (m.severity === "error") errorCount++;
    else if (m.severity === "warning") warningCount++;
    else infoCount++;
  }
  return { errorCount, warningCount, infoCount };
}

/** A result with one file-level problem (unreadable file). */
export function fileProblem(path: string, id: string, message: string, settings: LintSettings): FileResult {
  const severity = prepare(settings).severity(id);
  const messages: LintMessage[] =
    severity === "off" ? [] : [{ id, check: checkOf(id), severity, message, line: 0, column: 0, endLine: 0, endColumn: 0, start: 0, end: 0 }];
  return { path, kind: null, messages, ...counts(messages) };
}

/** Lint the text of a file of a known kind. */
export function lintText(path: string, text: string, kind: FileKind, settings: LintSettings): FileResult {
  const { severity } = prepare(settings);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const extraction = extract(kind, text);
  const raw: Raw[] = extraction.problems.map((p) => ({ id: p.id, message: p.message, start: p.start, end: p.end }));
  extraction.snippets.forEach((snippet, index) => {
    const context = kind === "script" ? undefined : snippet.label;
    let findings: Finding[];
    try {
      findings = snippetFindings(snippet, settings);
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      findings = [{ id: "internal/analysis-failed", check: "internal", message: `This shell could not be analysed (${why}).`, command: snippet.text, start: 0, end: snippet.text.length }];
    }
    for (const f of findings) {
      const [start, end] = toFileRange(snippet, f.start, f.end);
      raw.push({ id: f.id, message: unmask(cleanMessage(f), snippet.replaced), start, end, snippet: index, ...(context ? { context } : {}) });
    }
  });

  const lines = new LineIndex(text);
  let directives = scanDirectives(text, lines, kind === "markdown");
  if (kind === "markdown" && directives.length > 0) {
    const spans = extraction.snippets.map(snippetSpan);
    directives = directives.filter((d) => d.html || spans.some(([s, e]) => d.offset >= s && d.offset <= e));
  }
  const suppress = suppressions(directives, extraction.snippets, lines, raw);

  const seen = new Set<string>();
  const messages: LintMessage[] = [];
  for (const r of raw) {
    const check = checkOf(r.id);
    const sev = severity(r.id, check);
    if (sev === "off") continue;
    const key = `${r.id}\0${r.start}\0${r.end}\0${r.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = lines.position(r.start);
    if (suppress(r, from.line, check)) continue;
    const to = lines.position(r.end);
    messages.push({
      id: r.id,
      check,
      severity: sev,
      message: r.message,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
      start: r.start,
      end: r.end,
      ...(r.context ? { context: r.context } : {}),
    });
  }
  messages.sort((a, b) => a.start - b.start || a.end - b.end || a.id.localeCompare(b.id));
  return { path, kind, messages, ...(messages.length ? { source: text } : {}), ...counts(messages) };
}

/**
 * Build the suppression test from the directives (and push directive problems into `raw`):
 * unknown ids and misplaced disable-file directives are reported.
 */
function suppressions(directives: readonly Directive[], snippets: readonly Snippet[], lines: LineIndex, raw: Raw[]) {
  const byLine = new Map<number, Set<string>>();
  const fileWide = new Set<string>();
  const perSnippet = new Map<number, Set<string>>();
  let heads: [number, number][] | undefined;
  for (const d of directives) {
    const names: string[] = [];
    for (const id of d.ids) {
      if (isKnownIdOrCheck(id.name)) names.push(id.name);
      else {
        raw.push({ id: "lint/unknown-directive-id", message: `"${id.name}" in this shellguard ${d.kind} directive is not a finding id or check name.`, start: id.start, end: id.end });
      }
    }
    if (d.kind === "disable") {
      const target = d.own ? d.line + 1 : d.line;
      const set = byLine.get(target) ?? new Set<string>();
      for (const n of names) set.add(n);
      byLine.set(target, set);
      continue;
    }
    if (atFileTop(lines, d.line)) {
      for (const n of names) fileWide.add(n);
      continue;
    }
    heads ??= snippets.map(snippetHead);
    const index = heads.findIndex(([s, e]) => d.offset >= s && d.offset < e);
    if (index === -1) {
      raw.push({ id: "lint/misplaced-directive", message: "A shellguard disable-file directive works only at the top of a file or of a snippet (before its first command); it is ignored here.", start: d.offset, end: lines.lineStart(d.line) + lines.lineText(d.line).length });
      continue;
    }
    const set = perSnippet.get(index) ?? new Set<string>();
    for (const n of names) set.add(n);
    perSnippet.set(index, set);
  }
  const has = (set: Set<string> | undefined, id: string, check: string): boolean => set !== undefined && (set.has(id) || set.has(check));
  return (r: Raw, line: number, check: string): boolean => {
    if (r.id.startsWith("lint/")) return false;
    return has(fileWide, r.id, check) || has(byLine.get(line), r.id, check) || (r.snippet !== undefined && has(perSnippet.get(r.snippet), r.id, check));
  };
}

/**
 * Lint a file on disk. `explicit`: named on the command line (an extensionless file is then a
 * script even without a shebang). Returns null for a file that is not ours (skipped silently).
 */
export function lintPath(absolute: string, shown: string, explicit: boolean, settings: LintSettings): FileResult | null {
  const byName = kindByName(shown);
  if (byName === null && !explicit) return null;
  try {
    // An extensionless file found in a directory is read only if its first bytes say it is a script.
    if (byName === "maybe-script" && !explicit && !headLooksLikeScript(absolute)) return null;
    const text = readFileSync(absolute, "utf8");
    let kind: FileKind;
    if (byName === null || byName === "maybe-script") {
      if (isBinary(text)) return null;
      if (!looksLikeScript(text) && !(explicit && byName === "maybe-script")) return null;
      kind = "script";
    } else kind = byName;
    return lintText(shown, text, kind, settings);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A directory (a submodule, a link to a directory), or a file git lists but that is gone.
    if (code === "EISDIR" || (code === "ENOENT" && !explicit)) return null;
    const why = error instanceof Error ? error.message : String(error);
    return fileProblem(shown, "lint/unreadable", `The file could not be read: ${why}`, settings);
  }
}

const HEAD = 4096;
const TAIL = 1024;

/** looksLikeScript on the first 4 KiB and the last 1 KiB of a file (a Vim modeline may be at the end). */
function headLooksLikeScript(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(HEAD, size));
    readSync(fd, head, 0, head.length, 0);
    let text = head.toString("utf8");
    if (size > HEAD) {
      const tail = Buffer.alloc(Math.min(TAIL, size - HEAD));
      readSync(fd, tail, 0, tail.length, size - tail.length);
      text += "\n" + tail.toString("utf8");
    }
    return !isBinary(text) && looksLikeScript(text);
  } finally {
    closeSync(fd);
  }
}
