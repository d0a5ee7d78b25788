/**
 * `time` and `!` before a compound command: bash's grammar takes them as reserved words, the
 * tree-sitter grammar does not. `time { rm -rf ~; }` parses as a command `time` with the
 * arguments `{ rm -rf ~` (and `}` as a command of its own); `! if …; then rm -rf ~; fi` as a
 * command named `if`. Either way the body is never seen as what it is. Neither prefix changes
 * what runs, so they are blanked (same offsets) and the line is parsed again.
 */

import type { Facts, SimpleCommand, Word } from "../facts/types.js";

/** Words that open a compound command, or are the prefixes themselves (`time !`, `! !`). */
const OPENERS: ReadonlySet<string> = new Set(["{", "if", "for", "while", "until", "case", "select", "function", "[[", "((", "!", "time", "coproc"]);
/** Each pass blanks at least one prefix; a line stacking more is parsed as it is after these. */
const MAX_PASSES = 8;

/** `facts` with every `time`/`!` prefix of a compound command blanked and parsed again. */
export function withoutKeywordPrefixes(facts: Facts, parse: (source: string) => Facts): Facts {
  // Most parses have no command named `time`, negated, or named by a reserved word: one pass
  // over their commands' names, no scan of the text.
  if (!anyCandidate(facts)) return facts;
  let f = facts;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const blanks = prefixes(f);
    if (blanks === null) return misread(f);
    let s = f.source;
    for (const [a, b] of blanks) s = s.slice(0, a) + " ".repeat(b - a) + s.slice(b);
    f = parse(s);
  }
  return misread(f);
}

function anyCandidate(f: Facts): boolean {
  const commands = f.commands;
  for (let k = 0; k < commands.length; k++) {
    const sc = commands[k] as SimpleCommand;
    if (sc.negated) return true;
    const v = sc.argv[0]?.value;
    if (v !== undefined && v.length <= 8 && (v === "time" || RESERVED.has(v))) return true;
  }
  return false;
}

/** Reserved words no command is named: a parse with one as a command name misread the line. */
const RESERVED: ReadonlySet<string> = new Set(["{", "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select", "function"]);

/**
 * The parse, with a parse error added where a command is named by a reserved word (`time { {
 * a; } > f x; }` reads as `time` with the argument `{ {`, then a command `}`): the grammar
 * misread the line, so what runs is not what the parse shows; a parse error fails closed.
 */
function misread(f: Facts): Facts {
  const source = f.source;
  // `coproc NAME { cmd; }` reads as coproc's words and a command `}`: the coproc wrapper knows it.
  let coproc = false;
  for (const sc of f.commands) {
    const w0 = sc.argv[0];
    if (w0 === undefined) continue;
    if (w0.value === "coproc") coproc = true;
    else if (RESERVED.has(w0.value) && !(coproc && w0.value === "}") && bare(source, w0)) {
      return { ...f, errors: [...f.errors, { type: "ERROR", start: w0.start, end: w0.end }] };
    }
  }
  return f;
}

/** The ranges to blank, or null when there are none. */
function prefixes(f: Facts): Array<[number, number]> | null {
  const source = f.source;
  let out: Array<[number, number]> | null = null;
  for (const sc of f.commands) {
    const w0 = sc.argv[0];
    if (w0 === undefined || !bare(source, w0)) continue;
    if (w0.value === "time") {
      // bash's `time -p`, `time --`.
      let k = 1;
      while (sc.argv[k]?.value === "-p" || sc.argv[k]?.value === "--") k++;
      const next = sc.argv[k];
      // The grammar may glue the opener to what follows (`time { { a; } …` reads `{ {` as one word).
      if (next !== undefined && next.dynamic === null && OPENERS.has(next.value.split(/[ \t\n]/, 1)[0] as string) && source.startsWith(next.value.split(/[ \t\n]/, 1)[0] as string, next.start)) {
        (out ??= []).push([w0.start, (sc.argv[k - 1] as Word).end]);
      }
    } else if (sc.negated && OPENERS.has(w0.value)) {
      const bang = bangBefore(source, sc);
      if (bang >= 0) (out ??= []).push([bang, bang + 1]);
    }
  }
  return out;
}

/** The word is written as it reads: unquoted, unescaped, nothing expanded. */
function bare(source: string, w: Word): boolean {
  return w.dynamic === null && w.end - w.start === w.value.length && source.startsWith(w.value, w.start);
}

/** Where the `!` that negates `sc` is: the character before it, blanks aside (-1 if none). */
function bangBefore(source: string, sc: SimpleCommand): number {
  let i = sc.start - 1;
  while (i >= 0 && (source[i] === " " || source[i] === "\t")) i--;
  return source[i] === "!" ? i : -1;
}
