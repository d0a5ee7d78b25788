/**
 * Where tree-sitter-bash reads a line differently from bash (docs/facts.md "Reading like bash"):
 * the input tree-sitter is given, and the checks that turn every other disagreement into an
 * `ERROR` (the line "could not be analysed": the analysis asks, never allows). The native
 * extractor (native/reading.c) implements the same rules. All scans are linear.
 */

import type { ParseError } from "./types.js";

/**
 * The text tree-sitter is given: same length as the source, so every offset and every cooked
 * value still come from the real source.
 * - CR, VT and FF: tree-sitter's lexer skips them as white space, bash reads them as word
 *   characters (`ls\r#; rm` runs `ls\r#`, then `rm`). Each becomes U+E000, a private-use
 *   character tree-sitter reads as a word character in every context, so it splits words where
 *   bash does.
 * - extglob patterns (`@(a|b)`, `*.!(o)`, `?( *)`): tree-sitter-bash fails on most of them, bash
 *   (with `shopt -s extglob`, as bash-completion sets it) reads each as part of one word. Their
 *   parentheses, `|` and blanks become U+E000, so tree-sitter reads the same single word (see
 *   extglobMarks for when a pattern is left alone).
 */
export function parseCopy(source: string): string {
  const blankLike = /[\r\v\f]/.test(source);
  const marks = /[?*+@!]\(/.test(source) ? extglobMarks(source) : [];
  if (!blankLike && marks.length === 0) return source;
  const out = (blankLike ? source.replace(/[\r\v\f]/g, "\uE000") : source).split("");
  for (const at of marks) out[at] = "\uE000";
  return out.join("");
}

/** Characters after which bash starts a new word. */
function atWordStart(source: string, i: number): boolean {
  return i === 0 || " \t\n;&|()<>`".includes(source[i - 1] as string);
}

/**
 * The index after a quoted string opened at i (`'`, `$'` when ansi, `"`, `` ` ``); when it does not close
 * (on this line, unless multiline), -1 minus the index where the scan stopped.
 */
function skipQuoted(source: string, i: number, ansi: boolean, multiline = false): number {
  const q = source[i];
  for (let j = i + 1; j < source.length; j++) {
    const c = source[j];
    if (c === "\n" && !multiline) return -1 - j;
    if (c === "\\" && (q !== "'" || ansi)) j++;
    else if (c === q) return j + 1;
  }
  return -1 - source.length;
}

/** The index after the `)` or `}` closing the bracket opened at i (`$(…)`, `${…}`); else as skipQuoted, on one line. */
function skipNested(source: string, i: number): number {
  const open = source[i] as string;
  const close = open === "(" ? ")" : "}";
  let depth = 0;
  for (let j = i; j < source.length; j++) {
    const c = source[j];
    if (c === "\n" || c === "`") return -1 - j;
    if (c === "\\") j++;
    else if (c === "'" || c === '"') {
      const e = skipQuoted(source, j, c === "'" && source[j - 1] === "$");
      if (e < 0) return e;
      j = e - 1;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
  }
  return -1 - source.length;
}

/**
 * The extglob pattern whose `(` is at open: on success, its parentheses, `|` and blanks (not
 * those inside quotes, `$(…)`, `${…}` or backquotes, which keep their meaning) are pushed to
 * marks and the index after its `)` is returned. A pattern is left alone (the result is -1 minus
 * the index where the scan stopped, so the caller goes on from there and the whole scan stays
 * linear) when it does not close on its line, holds `;`, `&`, `<` or `>`, or holds nothing but
 * blanks (`f@() { …; }` is a function definition without extglob).
 */
function extglobEnd(source: string, open: number, marks: number[]): number {
  const local = [open];
  let depth = 1;
  let content = false;
  for (let j = open + 1; j < source.length; j++) {
    const c = source[j] as string;
    // `;`, `&`, `<`, `>` are pattern text to bash here, but would split the word for tree-sitter
    if (c === "\n" || c === ";" || c === "&" || c === "<" || c === ">") return -1 - j;
    if (c === " " || c === "\t" || c === "|") {
      local.push(j);
      content ||= c === "|";
      continue;
    }
    if (c === "(") {
      depth++;
      local.push(j);
    } else if (c === ")") {
      local.push(j);
      if (--depth === 0) {
        if (!content) return -1 - j;
        marks.push(...local);
        return j + 1;
      }
    } else if (c === "\\") {
      if (source[j + 1] === "\n") return -1 - j;
      j++;
    } else if (c === "'" || c === '"' || c === "`" || (c === "$" && (source[j + 1] === "(" || source[j + 1] === "{"))) {
      const e = c === "$" ? skipNested(source, j + 1) : skipQuoted(source, j, c === "'" && source[j - 1] === "$");
      if (e < 0) return e;
      j = e - 1;
    }
    content = true;
  }
  return -1 - source.length;
}

/**
 * Where the extglob patterns of a line are, as bash with extglob reads them: `?*+@!` then `(`
 * outside quotes and comments, not after `$` (`$@(`). A `!(` at the start of a word is left
 * alone: without extglob bash reads `!(x)` there as `! (x)` and runs x. Quote tracking is
 * approximate (heredoc bodies are not followed), which can only leave a pattern alone or touch
 * text inside a literal; one linear scan.
 */
export function extglobMarks(source: string): number[] {
  const marks: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") i++;
    else if (c === "'" || c === '"') {
      const e = skipQuoted(source, i, c === "'" && source[i - 1] === "$", true);
      if (e < 0) break;
      i = e - 1;
    } else if (c === "#" && atWordStart(source, i)) {
      i = source.indexOf("\n", i);
      if (i < 0) break;
    } else if ("?*+@!".includes(c) && source[i + 1] === "(" && source[i - 1] !== "$" && !(c === "!" && atWordStart(source, i))) {
      const e = extglobEnd(source, i + 1, marks);
      i = (e >= 0 ? e : -1 - e) - 1;
    }
  }
  return marks;
}

/** A gap made only of line continuations between two tokens: bash joins them (see scanGap). */
export interface Joint {
  start: number;
  end: number;
}

/**
 * The text between two sibling nodes (tree-sitter's "extras": blanks, newlines, `\`+newline,
 * `\`+blank). bash deletes `\`+newline and reads `\`+any other character as an escaped word
 * character, so: an escape other than a line continuation is an ERROR (bash has a word there);
 * inside a simple command, a newline that is not a continuation is an ERROR (bash ends the
 * command there, tree-sitter went on); a gap of continuations alone is a Joint (bash glues the
 * two tokens), returned for the caller to settle.
 */
export function scanGap(source: string, from: number, to: number, inCommand: boolean, errors: ParseError[]): Joint | null {
  let onlyContinuations = to > from;
  for (let i = from; i < to; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x5c /* \ */) {
      if (i + 1 < to && source.charCodeAt(i + 1) === 0x0a) {
        i++;
        continue;
      }
      errors.push({ type: "ERROR", start: i, end: Math.min(i + 2, to) });
      return null;
    }
    onlyContinuations = false;
    if (c === 0x0a && inCommand) {
      errors.push({ type: "ERROR", start: i, end: i + 1 });
      return null;
    }
  }
  return onlyContinuations && from > 0 ? { start: from, end: to } : null;
}

/**
 * A token tree-sitter read with a `\`+newline inside it (`$\`+newline+`(x)`, `"$\`+newline+`(x)"`):
 * bash deletes the pair first, so after a `$`, `<` or `>` it may start an expansion or a process
 * substitution tree-sitter did not see. That is an ERROR; elsewhere the cooked value drops the pair.
 * Inside a backquote substitution bash removes the backslash of `` \` `` and `\$` before it parses
 * the command (`` `echo \`id\`` `` runs id), tree-sitter keeps them escaped: an ERROR too.
 */
export function scanToken(source: string, from: number, to: number, inBackquotes: boolean, isWord: boolean, errors: ParseError[]): void {
  // `!(x)`: tree-sitter reads `! (x)` (bash without extglob), bash with extglob a glob word it runs
  if (!isWord && to === from + 1 && source[from] === "!" && source[to] === "(") {
    errors.push({ type: "ERROR", start: from, end: to + 1 });
    return;
  }
  // a command substitution inside one token (tree-sitter's extglob_pattern or regex swallows `$(…)`, `` `…` ``)
  // (an expansion's own opening token, `$(`, `${`, `` ` ``, may start with the blanks before it)
  let k = from;
  while (k < to && (source[k] === " " || source[k] === "\t")) k++;
  const swallows = source[k] !== "$" && source[k] !== "`";
  for (let i = from; i < to; i++) {
    if (swallows && (source[i] === "`" || (source[i] === "$" && source[i + 1] === "(" && i + 1 < to))) {
      errors.push({ type: "ERROR", start: i, end: to });
      return;
    }
    // a bare newline inside a word: bash ends the word and the command there
    if (isWord && source.charCodeAt(i) === 0x0a) {
      errors.push({ type: "ERROR", start: i, end: i + 1 });
      return;
    }
    if (source.charCodeAt(i) !== 0x5c) continue;
    if (inBackquotes && (source[i + 1] === "`" || source[i + 1] === "$") && i + 1 < to) {
      errors.push({ type: "ERROR", start: i, end: i + 2 });
      return;
    }
    if (i + 1 < to && source.charCodeAt(i + 1) === 0x0a) {
      let p = i - 1;
      while (p >= 1 && source.charCodeAt(p) === 0x0a && source.charCodeAt(p - 1) === 0x5c) p -= 2;
      const before = p >= 0 ? source[p] : "";
      if (before === "$" || before === "<" || before === ">") {
        errors.push({ type: "ERROR", start: i, end: i + 2 });
        return;
      }
    }
    i++;
  }
}

/**
 * Whether an assignment tree-sitter parsed starts with a name bash accepts (`--x=1` is a command to
 * bash) and has its `=` where bash looks for it: right after the name or after the subscript's
 * matching `]` (`a[1] =2 y` runs the command `a[1]` in bash). Blanks before the `=` are only
 * possible in an arithmetic `for ((i = 0; …))`, where tree-sitter's command-context lexer never
 * puts them.
 */
export function assignmentNameOk(source: string, start: number, end: number): boolean {
  const name = (c: number, first: boolean): boolean => c === 0x5f || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (!first && c >= 0x30 && c <= 0x39);
  if (start >= end || !name(source.charCodeAt(start), true)) return false;
  let i = start + 1;
  while (i < end && name(source.charCodeAt(i), false)) i++;
  if (source[i] === "[") {
    for (let depth = 0; i < end; i++) {
      if (source[i] === "[") depth++;
      else if (source[i] === "]" && --depth === 0) break;
    }
    if (i >= end) return false;
    i++;
  } else {
    while (i < end && (source[i] === " " || source[i] === "\t")) i++;
  }
  const c = source[i];
  return c === "=" || (c === "+" && source[i + 1] === "=");
}

/**
 * Whether a test_command's opening `[` or `[[` (ending at openEnd) is a word of its own, as bash
 * needs: `[abc]` is one glob word to bash, a command it runs, while tree-sitter reads `[ abc ]`.
 */
export function testOpenOk(source: string, openEnd: number): boolean {
  const c = source[openEnd];
  return c === " " || c === "\t" || c === "\n";
}

/** Reserved words: a continuation that glues one together (`i\`+newline+`f`) changes the grammar. */
const RESERVED = new Set(["if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]"]);

/**
 * Whether a word glued from continuations may stand as argv[0]: not when bash would read it as
 * an assignment (`X\`+newline+`=1 cmd` runs cmd) or a reserved word.
 */
export function gluedNameOk(value: string): boolean {
  return !RESERVED.has(value) && !/^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/.test(value);
}

/** bash's heredoc delimiter: the word after quote removal; null when it has `$` or `` ` `` or does not scan. */
export function heredocDelimiter(text: string): { word: string; quoted: boolean } | null {
  let word = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "$" || c === "`") return null;
    if (c === "\\") {
      if (i + 1 >= text.length) return null;
      word += text[++i];
      quoted = true;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return null;
      word += text.slice(i + 1, close);
      quoted = true;
      i = close;
    } else if (c === '"') {
      quoted = true;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === "\\" && i + 1 < text.length && '\\"$`'.includes(text[i + 1] as string)) i++;
        word += text[i];
      }
      if (i >= text.length) return null;
    } else {
      word += c;
    }
  }
  return word === "" ? null : { word, quoted };
}

function lineStart(source: string, at: number): number {
  return source.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(source: string, at: number): number {
  const n = source.indexOf("\n", at);
  return n < 0 ? source.length : n;
}

function isDelimiterLine(line: string, word: string, dash: boolean): boolean {
  let i = 0;
  if (dash) while (line.charCodeAt(i) === 0x09) i++;
  return line.length - i === word.length && line.startsWith(word, i);
}

export interface HeredocParts {
  /** `<<-`: bash strips leading tabs (tabs only) from body lines and the end line. */
  dash: boolean;
  /** The redirect's range, and its heredoc_start (delimiter), heredoc_body and heredoc_end ranges (null when absent). */
  start: number;
  end: number;
  delimiter: [number, number] | null;
  body: [number, number] | null;
  /** Ranges of the body's expansion children (tree-sitter parsed them), in order. */
  expansions: [number, number][];
  bodyEnd: [number, number] | null;
}

/**
 * Holds tree-sitter's reading of a heredoc to bash's: the body ends at the first line that is
 * exactly the delimiter (after tabs, for `<<-`), and in a body with an unquoted delimiter every
 * `$(`, `${`, `$[` and `` ` `` that bash expands is an expansion tree-sitter parsed (and no `$` is
 * followed by a line continuation, which bash deletes first). Anything else
 * is an ERROR, at the first point of disagreement.
 */
export function checkHeredoc(source: string, h: HeredocParts, errors: ParseError[]): void {
  const fail = (start: number, end: number): void => void errors.push({ type: "ERROR", start, end });
  const delim = h.delimiter === null ? null : heredocDelimiter(source.slice(h.delimiter[0], h.delimiter[1]));
  if (h.delimiter === null || delim === null) return fail(h.start, h.end);
  if (h.bodyEnd === null) return fail(h.start, h.end);
  const last = lineStart(source, h.bodyEnd[0]);
  if (!isDelimiterLine(source.slice(last, lineEnd(source, h.bodyEnd[0])), delim.word, h.dash)) return fail(h.bodyEnd[0], h.bodyEnd[1]);
  const first = h.body === null ? last : lineStart(source, h.body[0]);
  if (h.body !== null && !/^[ \t]*$/.test(source.slice(first, h.body[0]))) return fail(h.body[0], h.body[1]);
  for (let s = first; s < last; ) {
    const e = lineEnd(source, s);
    if (isDelimiterLine(source.slice(s, e), delim.word, h.dash)) return fail(s, e);
    s = e + 1;
  }
  if (delim.quoted) return;
  let k = 0;
  for (let i = first; i < last; i++) {
    while (k < h.expansions.length && (h.expansions[k] as [number, number])[0] < i) k++;
    const x = h.expansions[k];
    if (x !== undefined && x[0] === i) {
      i = x[1] - 1;
      k++;
      continue;
    }
    const c = source[i];
    if (c === "\\" && source[i + 1] === "\n" && source[i - 1] === "$") return fail(i, last);
    if (c === "\\") i++;
    else if (c === "`" || (c === "$" && "({[".includes(source[i + 1] ?? " "))) return fail(i, last);
  }
}
