/**
 * The character level of the sed script parser (parse.ts): reading one piece with holes marked,
 * and the parts GNU sed reads the same way wherever they appear: labels, file names, a/i/c text,
 * delimited regexes and replacements with their bracket expressions.
 */

import type { SedParse } from "./parse.js";

/** A run-time part of the script: one character in the private use area. */
export function isHole(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code >= 0xe000 && code <= 0xf8ff;
}

export const EOF = "";
const isBlank = (c: string): boolean => c === " " || c === "\t";
export const isSpace = (c: string): boolean => c === " " || c === "\t" || c === "\n" || c === "\v" || c === "\f" || c === "\r";
export const isDigit = (c: string): boolean => c >= "0" && c <= "9";

/** Stops the parse: a compile error, or (`code`) a hole where code goes. */
export class Stop {
  constructor(readonly message: string, readonly code: boolean) {}
}

/** The reading state of one sed program, and the readers the grammar (Parser in parse.ts) uses. */
export class SedReader {
  holes: SedParse["holes"] = "none";
  protected pendingText = false;
  protected labelHole = false;
  protected s = "";
  protected i = 0;

  protected next(): string {
    if (this.i >= this.s.length) return EOF;
    const c = this.s[this.i++] as string;
    if (isHole(c) && this.holes === "none") this.holes = "data";
    return c;
  }

  protected back(c: string): void {
    if (c !== EOF) this.i--;
  }

  protected nonblank(): string {
    let c: string;
    do c = this.next();
    while (isBlank(c));
    return c;
  }

  /** Fails on `c`: a hole there could have been anything, so it stops as "code". */
  protected fail(message: string, c?: string): never {
    throw new Stop(message, isHole(c));
  }

  /** Digits (or holes) from `c`; true when the number is not zero (or unknown). */
  protected integer(c: string): boolean {
    let nonzero = false;
    while (isDigit(c) || isHole(c)) {
      if (c !== "0") nonzero = true;
      c = this.next();
    }
    this.back(c);
    return nonzero;
  }

  /** A label (`:`, `b`, `t`, `T`, `v`): after blanks, up to a blank, `;`, `}`, `#` or the line end. */
  protected readLabel(): string {
    let c = this.nonblank();
    let label = "";
    while (c !== EOF && c !== "\n" && !isBlank(c) && c !== ";" && c !== "}" && c !== "#") {
      if (isHole(c)) this.labelHole = true;
      label += c;
      c = this.next();
    }
    this.back(c);
    return label;
  }

  /** A file name: after blanks, everything to the end of the line. */
  protected readFilename(): string {
    let c = this.nonblank();
    const from = this.i - (c === EOF ? 0 : 1);
    while (c !== EOF && c !== "\n") c = this.next();
    return this.s.slice(from, c === EOF ? this.i : this.i - 1);
  }

  /** a/i/c/e text after the blanks that follow the command, `c` being the first character. */
  protected textAfter(c: string): void {
    if (c === EOF) this.fail("expected \\ after `a', `c' or `i'");
    if (c === "\\") c = this.next();
    else {
      this.back(c);
      c = "\n";
    }
    this.readText(c);
  }

  /** Text to the end of the line; a backslash keeps the next character (a newline too). */
  protected readText(leadin: string): void {
    this.pendingText = true;
    if (leadin === EOF) return;
    let c = this.next();
    while (c !== EOF && c !== "\n") {
      if (c === "\\") {
        c = this.next();
        if (c === EOF) return;
      }
      c = this.next();
    }
    this.pendingText = false;
  }

  /** A delimited part (`s`, `y`, an address regex); false when unterminated. */
  protected matchSlash(slash: string, regex: boolean): boolean {
    if (isHole(slash)) this.fail("dynamic delimiter", slash);
    if (slash === EOF || slash.charCodeAt(0) > 0x7f) return false;
    let c = this.next();
    while (c !== EOF && c !== "\n") {
      if (c === slash) return true;
      if (c === "\\") {
        c = this.next();
        if (c === EOF) return false;
      } else if (c === "[" && regex) {
        if (this.bracket() !== "]") return false;
      }
      c = this.next();
    }
    return false;
  }

  /**
   * A bracket expression after its `[`: returns the closing `]`, or the newline / end that
   * cut it short. Inside, `[:class:]`, `[.coll.]` and `[=equiv=]` may hold a `]`.
   */
  private bracket(): string {
    let c = this.next();
    if (c === "^") c = this.next();
    if (c === "]") c = this.next();
    let state = 0;
    let delim = "";
    for (;; c = this.next()) {
      if (c === EOF || c === "\n") return c;
      if (c === "." || c === ":" || c === "=") {
        if (state === 1) {
          delim = c;
          state = 2;
          continue;
        }
        if (state === 2 && c === delim) {
          state = 3;
          continue;
        }
      } else if (c === "[") {
        if (state === 0) state = 1;
        continue;
      } else if (c === "]") {
        if (state === 0 || state === 1) return c;
        if (state === 3) state = 0;
      }
      state &= ~1;
    }
  }
}
