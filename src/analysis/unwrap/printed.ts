/**
 * What the stage before a command in its pipeline prints, when that is text written on the line:
 * `echo 'cmd' | sh`, `printf 'print(1)\n' | python3`, `cat <<'EOF' | node`. Shells and
 * interpreters reading their program from stdin read this text as their code.
 */

import type { Facts, Redirect, SimpleCommand, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";

export interface Printed {
  /** The text as one word (its first word's place on the line; run-time parts as `dynamic`). */
  word: Word;
  /** True when the text is exactly what is printed: nothing run-time, every escape understood. */
  exact: boolean;
  /** echo prints a newline after the text (not part of `word`). */
  newline?: boolean;
}

/**
 * What `sc` reads on stdin when the line shows it: its last stdin redirect when that is a heredoc
 * or here-string (a file or descriptor: null), else what the stage before it prints.
 */
export function fedText(sc: SimpleCommand, facts: Facts): Printed | null {
  const fed = stdinRedirect(sc, outerOf(sc, facts));
  if (fed !== undefined) return fed;
  if (sc.stage <= 0) return null;
  const prev = facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  return prev === undefined ? null : printedBy(prev, facts, null);
}

/** The text of `sc`'s last stdin redirect: a heredoc or here-string; null for a file or descriptor; undefined when it has none. */
function stdinRedirect(sc: SimpleCommand, outer: (r: Redirect) => boolean): Printed | null | undefined {
  let fed: Printed | null | undefined;
  for (const r of sc.redirects) {
    if (outer(r) || (r.fd !== null && r.fd !== 0)) continue;
    const body = r.op === "<<<" ? r.target : (r.op === "<<" || r.op === "<<-") && r.body !== null ? r.body : null;
    // A here-string gets a newline after it.
    if (body !== null) fed = { word: body, exact: body.dynamic === null, newline: r.op === "<<<" };
    else if (r.op === "<" || r.op === "<&" || r.op === "<>") fed = null;
  }
  return fed;
}

/** Redirects the grammar puts around a whole pipeline (`a | b > f`): bash gives them to its last stage, not to `sc`. */
function outerOf(sc: SimpleCommand, facts: Facts): (r: Redirect) => boolean {
  const next = sc.pipeline >= 0 ? facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage + 1) : undefined;
  return next === undefined ? () => false : (r) => r.start > next.start;
}

/** The printed text of the previous stage, or null when it is not a plain echo, printf or cat of a heredoc. */
export function printedBefore(view: CommandView): Printed | null {
  const sc = view.sc;
  if (sc.stage <= 0) return null;
  const prev = view.facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === sc.stage - 1);
  return prev === undefined ? null : printedBy(prev, view.facts, null);
}

/**
 * What `sc` prints to its stdout, or null when it is not a plain echo, printf or cat of a heredoc.
 * `output` is the redirect its stdout goes to (`echo x > f`), null for a pipe.
 */
export function printedBy(sc: SimpleCommand, facts: Facts, output: Redirect | null): Printed | null {
  const first = sc.argv[0];
  if (first === undefined || first.dynamic !== null) return null;
  // A function or alias of that name on the line prints something else.
  if (REDEFINED.test(facts.source)) return null;
  // `echo x >&2 | python3` prints nothing into the pipe: whatever it reads is not this text.
  const outer = outerOf(sc, facts);
  const plain = sc.redirects.every((r) => r === output || outer(r) || !toStdout(r));
  if (first.value === "echo") return echoed(sc.argv, plain);
  if (first.value === "printf") return printfed(sc.argv, plain);
  if (first.value !== "cat" || sc.argv.length !== 1) return null;
  // cat reads its stdin from the last redirect of it (`cat <<<'x' < f` reads f).
  const body = stdinRedirect(sc, outer);
  return body === null || body === undefined ? null : { ...body, exact: plain && body.exact };
}

/** A redirect of stdout (`>f`, `>&2`, `1>f`, `&>f`); `2>/dev/null` and `<f` leave it be. */
function toStdout(r: Redirect): boolean {
  return r.fd === null ? r.op.startsWith(">") || r.op.startsWith("&>") : r.fd === 1 && r.op.startsWith(">");
}

const REDEFINED = /(?:^|[\s;&|({])(?:function\s+(?:echo|printf|cat)\b|(?:echo|printf|cat)\s*\(\s*\)|alias\s+(?:[^=\s]+=\S*\s+)*(?:echo|printf|cat)=)/;

/** `echo [-neE]... words`: bash's echo reads escapes only after -e. */
function echoed(argv: readonly Word[], plain: boolean): Printed | null {
  let k = 1;
  let escapes = false;
  for (; k < argv.length && /^-[neE]+$/.test((argv[k] as Word).value); k++) {
    const v = (argv[k] as Word).value;
    escapes = v.lastIndexOf("e") > v.lastIndexOf("E");
  }
  const words = argv.slice(k);
  if (words.length === 0) return null;
  const newline = !argv.slice(1, k).some((w) => w.value.includes("n"));
  const word = joined(words);
  // A glob or a brace expands into other words (`echo 'a'{,'#'}'b'`).
  if (word.dynamic !== null || words.some((w) => w.glob)) return { word, exact: false, newline };
  if (!escapes) return { word, exact: plain && !word.value.includes("\\"), newline };
  const decoded = unescape(word.value, "echo");
  return decoded === null ? { word, exact: false, newline } : { word: { ...word, value: decoded }, exact: plain, newline };
}

/** `printf FORMAT [ARGS]`: a format of text, escapes, `%%`, `%s` and `%b` is printed exactly. */
function printfed(argv: readonly Word[], plain: boolean): Printed | null {
  let k = 1;
  if ((argv[k] as Word | undefined)?.value === "--") k++;
  const format = argv[k];
  // `printf -v NAME …` assigns; it prints nothing.
  if (format === undefined || format.value.startsWith("-")) return null;
  const args = argv.slice(k + 1);
  const whole = joined(argv.slice(k));
  if (whole.dynamic !== null || argv.slice(k).some((w) => w.glob)) return { word: whole, exact: false };
  const out = formatted(format.value, args.map((a) => a.value));
  return out === null ? { word: whole, exact: false } : { word: { ...format, value: out, dynamic: null }, exact: plain };
}

/** printf's output for `%s`, `%b` and `%%` conversions (the format reused while arguments remain); null for anything else. */
export function formatted(format: string, args: readonly string[]): string | null {
  let out = "";
  let next = 0;
  do {
    const before = next;
    for (let i = 0; i < format.length; i++) {
      const c = format[i] as string;
      if (c === "\\") {
        const e = escapeAt(format, i, "format");
        if (e === null) return null;
        out += e[0];
        i = e[1] - 1;
      } else if (c === "%") {
        const conv = format[++i];
        if (conv === "%") out += "%";
        else if (conv === "s") out += args[next++] ?? "";
        else if (conv === "b") {
          const b = unescape(args[next++] ?? "", "b");
          if (b === null) return null;
          out += b;
        } else return null;
      } else out += c;
    }
    if (next === before) break;
  } while (next < args.length);
  return out;
}

const SIMPLE: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", e: "\x1b", E: "\x1b", "\\": "\\" };

/**
 * Where an escape is read (bash's builtins, as measured): printf's format, printf's `%b`
 * argument, or `echo -e`. Only the format reads `\'`, `\"`, `\?` and octal without a leading 0
 * (`%b` reads both forms of octal, echo only `\0nnn`); an escape not read keeps its backslash.
 */
export type Reader = "format" | "b" | "echo";

/** The text with its backslash escapes read as `reader` reads them; null for one not understood (`\c`). */
export function unescape(s: string, reader: Reader): string | null {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== "\\") {
      out += s[i];
      continue;
    }
    const e = escapeAt(s, i, reader);
    if (e === null) return null;
    out += e[0];
    i = e[1] - 1;
  }
  return out;
}

/** The escape at `s[i]` (a backslash): its text and the index after it. */
function escapeAt(s: string, i: number, reader: Reader): [string, number] | null {
  const c = s[i + 1];
  if (c === undefined) return ["\\", i + 1];
  const simple = SIMPLE[c];
  if (simple !== undefined) return [simple, i + 2];
  if (c === "'" || c === '"' || c === "?") return reader === "format" ? [c, i + 2] : [`\\${c}`, i + 2];
  // `\c` ends all output for %b and echo: not reproduced.
  if (c === "c") return reader === "format" ? ["\\c", i + 2] : null;
  const rest = s.slice(i + 1, i + 10);
  const octal = reader === "format" ? /^[0-7]{1,3}/.exec(rest) : c === "0" ? /^0[0-7]{0,3}/.exec(rest) : reader === "b" ? /^[1-7][0-7]{0,2}/.exec(rest) : null;
  if (octal !== null) return [String.fromCharCode(parseInt(octal[0], 8) & 0xff), i + 1 + octal[0].length];
  const hex = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8}))/.exec(rest);
  if (hex !== null) {
    const code = parseInt((hex[1] ?? hex[2] ?? hex[3]) as string, 16);
    return code > 0x10ffff ? null : [String.fromCodePoint(code), i + 1 + hex[0].length];
  }
  return [`\\${c}`, i + 2];
}

/** Words joined with spaces into one, their run-time spans kept. */
export function joined(words: readonly Word[]): Word {
  const head = words[0] as Word;
  if (words.length === 1) return head;
  let value = "";
  let dynamic: Array<[number, number]> | null = null;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as Word;
    if (k > 0) value += " ";
    if (w.dynamic !== null) for (const [s, e] of w.dynamic) (dynamic ??= []).push([value.length + s, value.length + e]);
    value += w.value;
  }
  return { ...head, value, dynamic, end: (words[words.length - 1] as Word).end };
}
