/**
 * The zsh front end. zsh's syntax is bash's plus its own; the line is parsed by the bash grammar
 * and each zsh construct is either understood — mapped onto its bash meaning by rewriting
 * characters in place (same length: every offset still points into the line as typed), then
 * parsed again — or a finding, so the line fails closed:
 *
 *   understood   precommand modifiers `noglob` `nocorrect` `-` (and through `builtin`, `command`,
 *                `exec`, `time`, `coproc`), `repeat N cmd`, `=cmd` as the command (the path of cmd: cmd runs),
 *                `>!` `>>!` `>&!` `&>!` (clobber: a write like `>`), `&!` `&|` (disown: `&`),
 *                `=(cmd)` (like `<(cmd)`), `$=x` `${~x}`... (an expansion), `#` (a word: zsh
 *                reads comments at the prompt only with interactive_comments, which is off by
 *                default — reading the rest of the line sees more, never less; one whose line
 *                goes on past its newline is a finding: the two readings differ there);
 *   findings     `=cmd` as an argument or a redirect target (a path known only to zsh), glob
 *                qualifiers that run code (`*(e:…:)`, `*(+f)`), the builtins that run a string
 *                or a command from history (zsh-commands.ts);
 *   parse errors what the bash grammar cannot read at all (`${(f)x}`, `{ } always { }`, the
 *                short forms `if [[ ]] { }` / `for x (a b) cmd`, `foreach`): injection/parse-error,
 *                as for any line that does not parse.
 */

import type { Facts, Word } from "../../facts/types.js";
import type { FindingDraft } from "../check.js";
import type { DialectReading } from "./index.js";
import { applyEdits, zshEdits, type Edit } from "./scan.js";
import { zshCommandFindings } from "./zsh-commands.js";

/** Rounds of rewrite-and-parse: each round can reveal commands the one before could not see. */
const MAX_ROUNDS = 4;

/** Words that only change how the next word runs: they are blanked, and the next word is the command. */
const MODIFIERS = new Set(["noglob", "nocorrect", "-"]);
/** Words bash knows too (unwrapping sees through them), after which zsh modifiers still apply. */
const BASH_PREFIXES = new Set(["builtin", "command", "exec", "time", "coproc"]);

export function readZsh(line: string, parse: (text: string) => Facts): DialectReading {
  let text = line;
  let facts = parse(text);
  const findings: FindingDraft[] = [];
  for (let round = 0; ; round++) {
    const edits = zshEdits(text, heredocBodies(facts));
    if (round === 0) commentsThatReachOn(line, edits, findings);
    for (const sc of facts.commands) commandEdits(text, sc.argv, edits);
    if (edits.length === 0) break;
    if (round === MAX_ROUNDS) {
      findings.push({ id: "shell/unsupported-syntax", message: "This zsh line keeps revealing more zsh syntax as it is read; it cannot be checked as a whole. Split it into simpler lines.", start: 0, end: line.length });
      break;
    }
    text = applyEdits(text, edits);
    facts = parse(text);
  }
  zshCommandFindings(facts, line, findings);
  return { source: line, facts, findings };
}

/**
 * A `#` read as a word (interactive_comments off, zsh's default at the prompt) whose line goes on
 * past its newline: a `\` at its end, a heredoc, or a quote, parenthesis or brace left open.
 * With interactive_comments on (`zsh -c`, and many a .zshrc), the same `#` starts a comment that
 * ends at the newline, and the next lines are commands of their own; read as a word, they are
 * the continued word, the heredoc's body or the quote's text. No one reading sees both: the line
 * is a finding, which fails closed.
 */
function commentsThatReachOn(line: string, edits: readonly Edit[], findings: FindingDraft[]): void {
  for (const e of edits) {
    if (e.char !== "_" || line[e.at] !== "#") continue;
    const eol = line.indexOf("\n", e.at);
    if (eol < 0) continue;
    const rest = line.slice(e.at, eol);
    if (!rest.endsWith("\\") && !rest.includes("<<") && !unbalanced(rest)) continue;
    findings.push({ id: "shell/unsupported-syntax", message: "zsh reads this # as a comment or as a word depending on interactive_comments, and the lines after it differently either way (a trailing \\, a heredoc or an open quote); put the comment on a line of its own, without them.", start: e.at, end: eol });
    return;
  }
}

/** Quotes, backquotes, parentheses or braces the text leaves open (roughly: a count, no nesting). */
function unbalanced(text: string): boolean {
  const count = (c: string): number => text.split(c).length - 1;
  return count("'") % 2 === 1 || count('"') % 2 === 1 || count("`") % 2 === 1 || count("(") !== count(")") || count("{") !== count("}");
}

/** Heredoc bodies, in order: their text is data, not zsh syntax. */
function heredocBodies(facts: Facts): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  for (const sc of facts.commands) for (const r of sc.redirects) if (r.body !== null) out.push([r.body.start, r.body.end]);
  out.sort((a, b) => a[0] - b[0]);
  return out;
}

/** Is the word written as plain text (no quote, escape or expansion): what zsh reads as a keyword or modifier. */
function plain(text: string, w: Word): boolean {
  return !w.quoted && w.dynamic === null && text.slice(w.start, w.end) === w.value;
}

/** The command's leading zsh words: modifiers and `repeat N` blanked, `=cmd` made `cmd`. */
function commandEdits(text: string, argv: readonly Word[], edits: Edit[]): void {
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k] as Word;
    const raw = text.slice(w.start, w.end);
    if (raw.length > 1 && raw[0] === "=" && /[\w./+-]/.test(raw[1] as string)) {
      edits.push({ at: w.start, char: " " });
      return;
    }
    if (!plain(text, w)) return;
    if (MODIFIERS.has(w.value)) {
      blank(w, edits);
    } else if (w.value === "repeat" && k + 2 < argv.length && (argv[k + 2] as Word).value !== "do") {
      blank(w, edits);
      blank(argv[++k] as Word, edits);
    } else if (BASH_PREFIXES.has(w.value)) {
      // Their options (`exec -a NAME`, `command -p`) are left to unwrapping.
      while (k + 1 < argv.length && (argv[k + 1] as Word).value.startsWith("-") && (argv[k + 1] as Word).value !== "-") {
        k++;
        if ((argv[k] as Word).value === "-a") k++;
      }
    } else return;
  }
}

function blank(w: Word, edits: Edit[]): void {
  for (let i = w.start; i < w.end; i++) edits.push({ at: i, char: " " });
}
