/**
 * The shared tokenizer for interpreter one-liners (python, node, perl, ruby, php, awk): enough of
 * each language to tell code from its strings and comments, so that `print("os.system(x)")` or
 * `# system("rm")` never looks like a call, and a string's text is known exactly (escapes
 * resolved, interpolations marked). Each language supplies its literals (language modules);
 * identifiers, numbers, punctuation, comments and regex literals are common.
 */

/** Stands for a part only known at run time: an interpolation, or a shell expansion in the code. */
export const MARKER = "\u0001";

/** Stands for the home directory in a string's text or a path. */
export const HOME = "\u0002";

const Q = `['"\`]`;
const HOME_VAR = `${Q}?(?:HOME|USERPROFILE)${Q}?`;
/** An interpolated expression (`${os.homedir()}`, `{Path.home()}`, `#{ENV["HOME"]}`, `$ENV{HOME}`) that is the home directory. */
const HOME_SOURCE = new RegExp(
  "^\\s*(?:" +
    [
      `\\$ENV\\{\\s*(?:HOME|${HOME_VAR})\\s*\\}`,
      `(?:\\$_SERVER|\\$_ENV|(?:os\\.)?environ|ENV|process\\.env)\\[\\s*${HOME_VAR}\\s*\\]`,
      `(?:os\\.getenv|getenv|os\\.environ\\.get|ENV\\.fetch)\\(\\s*${HOME_VAR}\\s*(?:,[^)]*)?\\)`,
      "process\\.env\\.HOME",
      `(?:(?:require\\(\\s*${Q}(?:node:)?os${Q}\\s*\\)|os)\\.)?homedir\\(\\s*\\)`,
      "(?:pathlib\\.)?Path\\.home\\(\\s*\\)",
      "Dir\\.home(?:\\(\\s*\\))?",
      `os\\.path\\.expanduser\\(\\s*${Q}~${Q}\\s*\\)`,
    ].join("|") +
    ")\\s*$",
);

export type Token =
  /** A name, dotted: `os.system`, `File::Path::rmtree` -> `File.Path.rmtree`; `.execSync` after a call. */
  | { k: "id"; v: string }
  /** A string literal's text; interpolated parts are MARKER. */
  | { k: "str"; v: string }
  /** A command literal run by a shell (backticks, qx//, %x()); interpolated parts are MARKER. */
  | { k: "cmd"; v: string }
  /** Punctuation (one character, or `||`), a number (`0`), or a newline (`\n`). */
  | { k: "p"; v: string };

/** The code cannot be read (an unterminated string or comment): it is unverifiable, not quiet. */
export class UnreadableCode extends Error {}

/** Reads an interpolation at the cursor: true (a run-time part), a text (an escape such as `{{`), or false. */
export type Interp = (lx: Lexer) => boolean | string;

export interface LexRules {
  /** Line comment openers at the cursor (`#`, `//`). */
  lineComment: RegExp;
  blockComment?: readonly [string, string];
  /** Identifier start; perl and php count their sigils. */
  idStart: RegExp;
  /** Separators joining a dotted name (`.`, `::`, `->`). */
  idJoin: RegExp;
  /** Words after which `/` starts a regex literal (besides operators); null: no regex literals. */
  regexAfter: ReadonlySet<string> | null;
  /** Reads a language literal at the cursor; false when there is none. */
  literal(lx: Lexer): boolean;
}

const WORD = /[A-Za-z0-9_]/;

export class Lexer {
  pos = 0;
  readonly tokens: Token[] = [];
  constructor(
    readonly code: string,
    readonly rules: LexRules,
  ) {}

  get ch(): string {
    return this.code[this.pos] ?? "";
  }

  at(s: string): boolean {
    return this.code.startsWith(s, this.pos);
  }

  last(): Token | undefined {
    return this.tokens[this.tokens.length - 1];
  }

  /** True when an operand ends just before the cursor (so `/` divides and `.` is a member). */
  afterOperand(): boolean {
    const t = this.last();
    if (t === undefined) return false;
    if (t.k === "str" || t.k === "cmd") return true;
    if (t.k === "id") return this.rules.regexAfter === null || !this.rules.regexAfter.has(t.v);
    return t.v === ")" || t.v === "]" || t.v === "0";
  }

  /**
   * A quoted text from the cursor (just after its opener) to `close`, escapes resolved when
   * `escapes`; `interp` reads an interpolation at the cursor and returns true when it did.
   * Brackets nest when `open` is given (perl's q{...{...}...}).
   */
  quoted(close: string, escapes: boolean, interp?: Interp, open?: string): string {
    let out = "";
    let depth = 0;
    const code = this.code;
    while (this.pos < code.length) {
      const c = code[this.pos] as string;
      if (c === "\\" && this.pos + 1 < code.length) {
        const n = code[this.pos + 1] as string;
        this.pos += 2;
        if (!escapes) out += n === close || n === "\\" || n === open ? n : c + n;
        else out += ESCAPES[n] ?? (n === "\n" ? "" : n);
        continue;
      }
      if (open !== undefined && c === open) depth++;
      else if (c === close && depth-- === 0) {
        this.pos++;
        return out;
      }
      const read = interp !== undefined ? interp(this) : false;
      if (read !== false) {
        out += read === true ? MARKER : read;
        continue;
      }
      out += c;
      this.pos++;
    }
    throw new UnreadableCode(`an unterminated string (${close})`);
  }

  /** Skips a bracketed run from the cursor (just after `open`), strings inside read by the language. */
  balanced(open: string, close: string): void {
    let depth = 0;
    const start = this.tokens.length;
    while (this.pos < this.code.length) {
      const c = this.ch;
      if (c === close && depth === 0) {
        this.pos++;
        this.tokens.length = start;
        return;
      }
      if (c === open) depth++;
      else if (c === close) depth--;
      if (!this.step()) this.pos++;
    }
    throw new UnreadableCode(`an unterminated ${open}`);
  }

  /** A regex literal body from the cursor (after the opening delimiter): classes may hold the delimiter. */
  regex(close: string): void {
    let cls = false;
    while (this.pos < this.code.length) {
      const c = this.ch;
      if (c === "\\") this.pos++;
      else if (c === "[") cls = true;
      else if (c === "]") cls = false;
      else if (c === close && !cls) {
        this.pos++;
        return;
      }
      this.pos++;
    }
    throw new UnreadableCode("an unterminated regex");
  }

  /** Reads one token (or skips a comment or blank) at the cursor; false at the end. */
  step(): boolean {
    const code = this.code;
    if (this.pos >= code.length) return false;
    const c = this.ch;
    if (c === "\n") {
      this.tokens.push({ k: "p", v: "\n" });
      this.pos++;
      return true;
    }
    if (c === " " || c === "\t" || c === "\r") {
      this.pos++;
      return true;
    }
    const r = this.rules;
    if (r.blockComment !== undefined && this.at(r.blockComment[0])) {
      const end = code.indexOf(r.blockComment[1], this.pos + r.blockComment[0].length);
      if (end < 0) throw new UnreadableCode("an unterminated comment");
      this.pos = end + r.blockComment[1].length;
      return true;
    }
    r.lineComment.lastIndex = this.pos;
    if (r.lineComment.test(code)) {
      const end = code.indexOf("\n", this.pos);
      this.pos = end < 0 ? code.length : end;
      return true;
    }
    if (r.literal(this)) return true;
    if (c === "/" && r.regexAfter !== null && !this.afterOperand()) {
      this.pos++;
      this.regex("/");
      this.tokens.push({ k: "p", v: "0" });
      return true;
    }
    if (c === MARKER) {
      this.tokens.push({ k: "id", v: MARKER });
      this.pos++;
      return true;
    }
    if (r.idStart.test(c) || (c === "." && WORD.test(code[this.pos + 1] ?? "") && !/[0-9]/.test(code[this.pos + 1] as string) && this.afterOperand() && this.last()?.k !== "id")) {
      this.identifier();
      return true;
    }
    if (/[0-9]/.test(c)) {
      while (/[0-9A-Za-z_.]/.test(this.ch)) this.pos++;
      this.tokens.push({ k: "p", v: "0" });
      return true;
    }
    if (c === "|" && code[this.pos + 1] === "|") {
      this.tokens.push({ k: "p", v: "||" });
      this.pos += 2;
      return true;
    }
    this.tokens.push({ k: "p", v: c });
    this.pos++;
    return true;
  }

  private identifier(): void {
    const code = this.code;
    let v = "";
    if (this.ch === ".") {
      v = ".";
      this.pos++;
    } else {
      v = this.ch;
      this.pos++;
      // A sigil's name may be punctuation (`$_`, `$0`, `$$`, `@ARGV`).
      if ("$@%".includes(v) && !WORD.test(this.ch) && this.ch !== "{") {
        if (this.ch !== "" && !/[\s()[\]{}"'`,;]/.test(this.ch)) v += code[this.pos++];
        this.tokens.push({ k: "id", v });
        return;
      }
    }
    const join = this.rules.idJoin;
    for (;;) {
      while (WORD.test(this.ch)) v += code[this.pos++];
      join.lastIndex = this.pos;
      const m = join.exec(code);
      if (m === null || !/[A-Za-z_]/.test(code[this.pos + m[0].length] ?? "")) break;
      v += ".";
      this.pos += m[0].length;
    }
    this.tokens.push({ k: "id", v });
  }
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v", e: "\x1b" };

/** Tokens of `code` under `rules`; throws UnreadableCode when a string or comment never ends. */
export function tokenize(code: string, rules: LexRules): Token[] {
  const lx = new Lexer(code, rules);
  while (lx.step());
  return lx.tokens;
}

/** Reads `$name`, `${...}`, `@name`, `{$x}` style interpolations (perl, php): the run-time part. */
export function sigilInterpolation(lx: Lexer, sigils: string): boolean | string {
  const from = lx.pos;
  const c = lx.ch;
  const n = lx.code[lx.pos + 1] ?? "";
  if (!sigils.includes(c)) return false;
  if (n === "{") {
    lx.pos += 2;
    lx.balanced("{", "}");
  } else if (/[A-Za-z_]/.test(n)) {
    lx.pos += 2;
    while (WORD.test(lx.ch) || (lx.at("->") && /[A-Za-z_[{]/.test(lx.code[lx.pos + 2] ?? ""))) lx.pos += lx.at("->") ? 2 : 1;
    // `$h{key}`, `$a[0]`: an element of the variable.
    while (lx.ch === "[" || (lx.ch === "{" && c !== "@")) {
      const open = lx.ch;
      lx.pos++;
      lx.balanced(open, open === "[" ? "]" : "}");
    }
  } else if (c === "$" && /[0-9&`'+!@/\\,;.]/.test(n)) {
    lx.pos += 2;
  } else return false;
  return HOME_SOURCE.test(lx.code.slice(from, lx.pos)) ? HOME : true;
}

/** Skips a bracketed interpolation whose opener (`${`, `#{`, `{`) is at the cursor. */
export function bracedInterpolation(lx: Lexer, opener: string): boolean | string {
  if (!lx.at(opener)) return false;
  lx.pos += opener.length;
  return skipped(lx, () => lx.balanced("{", "}"), 1);
}

/** Runs `skip` over an interpolation: HOME when what it skipped (less `trim` closing characters) names the home directory, else true. */
export function skipped(lx: Lexer, skip: () => void, trim = 0): true | string {
  const from = lx.pos;
  skip();
  return HOME_SOURCE.test(lx.code.slice(from, lx.pos - trim)) ? HOME : true;
}

/**
 * The shells' three quotes as perl, ruby and php read them: `'…'` literal, `"…"` with escapes and
 * `interp`, a backquoted command run by the shell. False when the cursor is on none of them.
 */
export function shellLikeQuote(lx: Lexer, interp: Interp): boolean {
  const c = lx.ch;
  if (c !== "'" && c !== '"' && c !== "`") return false;
  lx.pos++;
  const text = lx.quoted(c, c !== "'", c === "'" ? undefined : interp);
  lx.tokens.push({ k: c === "`" ? "cmd" : "str", v: text });
  return true;
}

/** Perl's and ruby's bracket pairs for quote-like operators. */
export const PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };
