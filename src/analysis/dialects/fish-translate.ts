/**
 * A small fish → bash translation, so that the bash-grammar engine can analyse what a person
 * types at a fish prompt. It is not a general converter: it keeps every command and argument
 * where the engine can see it and turns fish's syntax into bash's where the two differ:
 *
 *   (cmd)                       → $(cmd)            (command substitution, also inside words)
 *   'it\'s'                     → 'it'\''s'          (fish single-quote escapes)
 *   for x in a b; …; end        → for x in a b; do …; done
 *   while cond; …; end          → while cond; do …; done
 *   if c; …; else if d; …; else; …; end → if c; then …; elif d; then …; else …; fi
 *   begin; …; end               → { …; }
 *   function f; …; end          → f() { …; }
 *   switch v; case a; …; end    → case v in *) …;; esac
 *   and cmd / or cmd / not cmd  → cmd / cmd / ! cmd
 *   a &| b, >?file, `           → a |& b, >file, \`
 *
 *   \x72m, \n, \u263a ...      → 'r'm, ... (fish's escapes outside quotes stand for characters)
 *
 * What it does not know is passed through unchanged: the fish front end (fish.ts) fails closed on
 * what fish would run differently, and a result that does not parse is a parse error.
 */

import { fishEscape } from "./fish-escapes.js";

type Block = { kind: "loop" | "if" | "group" | "switch"; empty: boolean; caseOpen: boolean };

const KEYWORDS = new Set(["for", "while", "if", "else", "begin", "function", "switch", "case", "end", "and", "or", "not", "!"]);

interface Word {
  /** Translated text. */
  text: string;
  /** The fish keyword this word is (unquoted, plain), or null. */
  keyword: string | null;
}

class Translator {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Translate until the end of input, or until an unbalanced `)` when `inSub`. */
  sequence(inSub: boolean): string {
    const s = this.s;
    let out = "";
    const stack: Block[] = [];
    let words: Word[] = [];
    let swallow = false;

    const emit = (text: string): void => {
      out += text;
    };
    const markBody = (): void => {
      const top = stack[stack.length - 1];
      if (top) top.empty = false;
    };
    const closeEmpty = (): void => {
      const top = stack[stack.length - 1];
      if (top && top.empty) emit(":; ");
    };
    const opened = (b: Block | null): void => {
      if (b) stack.push(b);
      swallow = true;
    };

    /** `while COND; do` / `if COND; then`: the condition is a statement of its own. */
    const conditional = (keyword: string, cond: Word[], then: string, kind: Block["kind"]): void => {
      markBody();
      emit(`${keyword} `);
      statement(cond);
      emit(`; ${then}`);
      opened({ kind, empty: true, caseOpen: false });
    };

    /** Emit one statement (a simple command or a fish keyword line). Returns after emitting. */
    const statement = (ws: Word[]): void => {
      if (ws.length === 0) return;
      const [first, ...rest] = ws as [Word, ...Word[]];
      const k = first.keyword;
      const top = stack[stack.length - 1];
      switch (k) {
        case "and":
        case "or":
          statement(rest);
          return;
        case "not":
        case "!":
          if (rest.length) {
            emit("! ");
            statement(rest);
          }
          return;
        case "for":
          markBody();
          emit(ws.map((w) => w.text).join(" ") + "; do");
          opened({ kind: "loop", empty: true, caseOpen: false });
          return;
        case "while":
          conditional("while", rest, "do", "loop");
          return;
        case "if":
          conditional("if", rest, "then", "if");
          return;
        case "else":
          if (top?.kind === "if") {
            closeEmpty();
            top.empty = true;
            if (rest[0]?.keyword === "if") {
              emit("elif ");
              statement(rest.slice(1));
              emit("; then");
            } else {
              emit("else");
              if (rest.length) {
                emit(" ");
                statement(rest);
              }
            }
            opened(null);
            return;
          }
          break;
        case "begin":
          markBody();
          emit("{");
          opened({ kind: "group", empty: true, caseOpen: false });
          if (rest.length) {
            emit(" ");
            swallow = false;
            statement(rest);
          }
          return;
        case "function":
          markBody();
          emit(`${rest[0]?.text ?? "f"}() {`);
          opened({ kind: "group", empty: true, caseOpen: false });
          return;
        case "switch":
          markBody();
          emit(`case ${rest.map((w) => w.text).join(" ") || "x"} in`);
          opened({ kind: "switch", empty: true, caseOpen: false });
          return;
        case "case":
          if (top?.kind === "switch") {
            if (top.caseOpen) {
              closeEmpty();
              emit("\n;; ");
            }
            top.caseOpen = true;
            top.empty = true;
            emit("*)");
            opened(null);
            return;
          }
          break;
        case "end":
          if (top) {
            stack.pop();
            if (top.kind === "switch") {
              if (top.caseOpen) {
                if (top.empty) emit(":; ");
                emit("\n;; ");
              }
              emit("esac");
            } else {
              if (top.empty) emit(":; ");
              emit(top.kind === "loop" ? "done" : top.kind === "if" ? "fi" : "}");
            }
            if (rest.length) emit(" " + rest.map((w) => w.text).join(" "));
            return;
          }
          break;
        default:
          break;
      }
      markBody();
      emit(ws.map((w) => w.text).join(" "));
    };

    const flush = (): void => {
      statement(words);
      words = [];
    };
    const separator = (text: string, isSemicolon: boolean): void => {
      flush();
      if (swallow && isSemicolon) {
        emit(" ");
        swallow = false;
        return;
      }
      swallow = false;
      emit(text);
    };

    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === " " || c === "\t") {
        this.i++;
        continue;
      }
      if (c === "\\" && s[this.i + 1] === "\n") {
        this.i += 2;
        continue;
      }
      if (inSub && c === ")") break;
      if (c === "#") {
        // A comment runs to the end of the line; it does not run, so it is dropped.
        while (this.i < s.length && s[this.i] !== "\n") this.i++;
        continue;
      }
      if (c === "\n" || c === ";") {
        this.i++;
        separator(c === "\n" ? "\n" : "; ", c === ";");
        continue;
      }
      if (c === "&") {
        const n = s[this.i + 1];
        if (n === "&") {
          this.i += 2;
          separator(" && ", false);
          continue;
        }
        if (n === "|") {
          this.i += 2;
          separator(" |& ", false);
          continue;
        }
        if (n !== ">") {
          this.i++;
          separator(" & ", false);
          continue;
        }
      }
      if (c === "|") {
        if (s[this.i + 1] === "|") {
          this.i += 2;
          separator(" || ", false);
        } else {
          this.i++;
          separator(" | ", false);
        }
        continue;
      }
      if (swallow) {
        // A statement on the same line as an opener: `begin echo hi; end` and the like.
        emit(" ");
        swallow = false;
      }
      words.push(this.word(inSub));
    }
    flush();
    // Close what the input left open, so the engine sees a complete command (the hook only
    // checks lines fish considers complete; this is for robustness).
    while (stack.length) {
      const top = stack.pop()!;
      if (top.kind === "switch" && !top.caseOpen) {
        emit(" esac");
        continue;
      }
      if (top.empty) emit(" :");
      emit(/[;\n]\s*$/.test(out) ? " " : "; ");
      emit(top.kind === "loop" ? "done" : top.kind === "if" ? "fi" : top.kind === "switch" ? ";; esac" : "}");
    }
    return out;
  }

  /** One word: quotes re-written for bash, `(...)` made `$(...)`. */
  private word(inSub: boolean): Word {
    const s = this.s;
    const start = this.i;
    let out = "";
    let plain = true;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === " " || c === "\t" || c === "\n" || c === ";" || c === "|") break;
      if (c === "&" && s[this.i + 1] !== ">") {
        // `&>` is a redirection inside the word; a lone `&` ends it.
        if (!(out.endsWith(">") || out.endsWith("<"))) break;
      }
      if (inSub && c === ")") break;
      if (c === "\\") {
        const n = s[this.i + 1];
        if (n === undefined) {
          out += "\\\\";
          this.i++;
        } else if (n === "\n") {
          this.i += 2;
        } else {
          const e = fishEscape(s, this.i);
          if (e !== null) {
            // `\x72m` is `rm` to fish: the character itself, quoted for bash.
            out += e.char === "'" ? "\\'" : `'${e.char}'`;
            this.i = e.end;
          } else {
            out += "\\" + n;
            this.i += 2;
          }
        }
        plain = false;
        continue;
      }
      if (c === "'") {
        plain = false;
        this.i++;
        let content = "";
        while (this.i < s.length && s[this.i] !== "'") {
          if (s[this.i] === "\\" && (s[this.i + 1] === "'" || s[this.i + 1] === "\\")) {
            content += s[this.i + 1];
            this.i += 2;
          } else {
            content += s[this.i];
            this.i++;
          }
        }
        this.i++;
        out += "'" + content.replace(/'/g, "'\\''") + "'";
        continue;
      }
      if (c === '"') {
        plain = false;
        this.i++;
        let content = "";
        while (this.i < s.length && s[this.i] !== '"') {
          const d = s[this.i]!;
          if (d === "\\" && this.i + 1 < s.length) {
            content += d + s[this.i + 1];
            this.i += 2;
          } else if (d === "$" && s[this.i + 1] === "(") {
            this.i += 2;
            content += "$(" + this.sequence(true) + ")";
            this.i++;
          } else if (d === "`") {
            content += "\\`";
            this.i++;
          } else {
            content += d;
            this.i++;
          }
        }
        this.i++;
        out += '"' + content + '"';
        continue;
      }
      if (c === "(") {
        plain = false;
        this.i++;
        const inner = this.sequence(true);
        this.i++;
        out += (out.endsWith("$") ? "(" : "$(") + inner + ")";
        continue;
      }
      if (c === "`") {
        plain = false;
        out += "\\`";
        this.i++;
        continue;
      }
      if (c === "?" && out.endsWith(">")) {
        // `>?file` (no-clobber) → `>file`
        this.i++;
        continue;
      }
      out += c;
      this.i++;
    }
    if (this.i === start) {
      // Not a word character we know (should not happen): take it literally.
      out = s[this.i] ?? "";
      this.i++;
    }
    const keyword = plain && KEYWORDS.has(out) ? out : null;
    return { text: out, keyword };
  }
}

/** The bash spelling of a fish command line, for analysis; null when the translation broke. */
export function translateFish(source: string): string | null {
  try {
    return new Translator(source).sequence(false);
  } catch {
    return null;
  }
}

/** The bash spelling of a fish command line (the line itself when the translation broke). */
export function fishToBash(source: string): string {
  return translateFish(source) ?? source;
}
