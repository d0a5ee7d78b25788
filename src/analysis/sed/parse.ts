/**
 * A GNU sed (4.9) script parser, written from the GNU sed manual and the behaviour of GNU sed's
 * compile step: the same command ends, label ends (`;`, blanks, `}`, `#`), file names to the end
 * of the line, a/i/c text with backslash continuation across `-e` pieces, bracket expressions in
 * regexes, `s` flags. Pure, one pass over the text (near-linear), never throws.
 *
 * A part only known at run time is one "hole" character (see `isHole`). A hole where data goes
 * (an address, a regex, a replacement, text, a label or file name) is consumed as data and
 * marks the parse `holes: "data"`; a hole where a command, a delimiter, an `s` flag or a
 * command end must be stops the parse with `holes: "code"`.
 */

import { EOF, SedReader, Stop, isDigit, isHole, isSpace } from "./reader.js";

export { isHole } from "./reader.js";

export interface SedCommand {
  /** The command letter (`s`, `p`, `e`, `{`, `:` ...). */
  name: string;
  /** Index of the script piece (`-e`) it is in, and its range there. */
  piece: number;
  start: number;
  end: number;
  /** `w`/`W`/`r`/`R` and `s///w`: the file name; `e`: the command text ("" runs the pattern space). */
  arg?: string;
  /** `s` only: its flags as written (`g`, `p`, `e`, `w` ...). */
  flags?: string;
}

export interface SedParse {
  commands: SedCommand[];
  /** The first compile error (GNU's wording where it has one), else null. */
  error: string | null;
  /** Where the error is: piece index and offset. */
  errorAt: [piece: number, offset: number] | null;
  /** Run-time parts: none, only in data positions, or where code goes (the parse stopped there). */
  holes: "none" | "data" | "code";
}

type AddressKind = "num" | "zero" | "mod" | "step" | "regex" | "last" | "dynamic";

/**
 * Parses the pieces of one sed program (`-e` pieces, or the one script operand), in order.
 * `more`: other pieces follow that are not given (so an open `{` or an unknown label is no error).
 */
export function parseSed(pieces: readonly string[], more = false): SedParse {
  const p = new Parser();
  for (let k = 0; k < pieces.length; k++) {
    if (!p.piece(pieces[k] as string, k)) break;
  }
  if (!more) p.finish();
  return { commands: p.commands, error: p.error, errorAt: p.errorAt, holes: p.holes };
}

class Parser extends SedReader {
  commands: SedCommand[] = [];
  error: string | null = null;
  errorAt: [number, number] | null = null;
  private depth = 0;
  private labels = new Set<string>();
  private jumps: string[] = [];
  private k = 0;

  /** Parses one piece; false when parsing stopped (an error or a hole in code). */
  piece(text: string, k: number): boolean {
    this.s = text;
    this.i = 0;
    this.k = k;
    try {
      if (this.pendingText) this.readText("\n");
      this.program();
      return true;
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
      if (e.code) this.holes = "code";
      else this.error = e.message;
      this.errorAt = [k, Math.max(0, this.i - 1)];
      return false;
    }
  }

  finish(): void {
    if (this.error !== null || this.holes === "code") return;
    if (this.depth > 0) this.error = "unmatched `{'";
    else if (!this.labelHole) {
      const missing = this.jumps.find((l) => l !== "" && !this.labels.has(l));
      if (missing !== undefined) this.error = `can't find label for jump to \`${missing}'`;
    }
  }

  private program(): void {
    for (;;) {
      let c = this.next();
      while (c === ";" || isSpace(c)) c = this.next();
      if (c === EOF) return;
      const start = this.i - 1;
      const a1 = this.address(c);
      let a2: AddressKind | null = null;
      if (a1 !== null) {
        if (a1 === "step") this.fail("invalid usage of +N or ~N as first address");
        c = this.nonblank();
        if (c === ",") {
          a2 = this.address(this.nonblank());
          if (a2 === null) this.fail("unexpected `,'");
          c = this.nonblank();
        }
        if (a1 === "zero" && ((a2 === null && c !== "r") || (a2 !== null && a2 !== "regex" && a2 !== "dynamic"))) this.fail("invalid usage of line address 0");
      }
      if (c === "!") {
        c = this.nonblank();
        if (c === "!") this.fail("multiple `!'s");
      }
      this.command(c, start, a1 !== null, a2 !== null, a1 === "dynamic" || a2 === "dynamic");
    }
  }

  private push(name: string, start: number, extra: Partial<SedCommand> = {}): void {
    this.commands.push({ name, piece: this.k, start, end: this.i, ...extra });
  }

  /** `dynamicAddress`: a hole in the address might have held the command, so a missing or unknown one is "code". */
  private command(c: string, start: number, hasA1: boolean, hasA2: boolean, dynamicAddress: boolean): void {
    switch (c) {
      case "#":
        if (hasA1) this.fail("comments don't accept any addresses");
        while (c !== EOF && c !== "\n") c = this.next();
        return;
      case "v":
        this.readLabel();
        this.push("v", start);
        return;
      case "{":
        this.depth++;
        this.push("{", start);
        return;
      case "}":
        if (this.depth === 0) this.fail("unexpected `}'");
        if (hasA1) this.fail("`}' doesn't want any addresses");
        this.endOfCommand();
        this.depth--;
        this.push("}", start);
        return;
      case "e": {
        const n = this.nonblank();
        if (n === EOF || n === "\n") {
          this.push("e", start, { arg: "" });
          return;
        }
        const from = this.i - 1;
        this.textAfter(n);
        this.push("e", start, { arg: this.s.slice(from, this.i).replace(/\n$/, "") });
        return;
      }
      case "a":
      case "i":
      case "c":
        this.textAfter(this.nonblank());
        this.push(c, start);
        return;
      case ":": {
        if (hasA1) this.fail(": doesn't want any addresses");
        const label = this.readLabel();
        if (label === "") this.fail("\":\" lacks a label");
        this.labels.add(label);
        this.push(":", start, { arg: label });
        return;
      }
      case "b":
      case "t":
      case "T":
        this.jumps.push(this.readLabel());
        this.push(c, start);
        return;
      case "q":
      case "Q":
      case "l":
      case "L": {
        if ((c === "q" || c === "Q") && hasA2) this.fail("command only uses one address");
        let n = this.nonblank();
        if (isDigit(n)) while (isDigit(n)) n = this.next();
        this.back(n);
        this.endOfCommand();
        this.push(c, start);
        return;
      }
      case "=": case "d": case "D": case "F": case "g": case "G": case "h": case "H":
      case "n": case "N": case "p": case "P": case "z": case "x":
        this.endOfCommand();
        this.push(c, start);
        return;
      case "r": case "R": case "w": case "W": {
        const file = this.readFilename();
        if (file === "") this.fail("missing filename in r/R/w/W commands");
        this.push(c, start, { arg: file });
        return;
      }
      case "s":
        this.substitute(start);
        return;
      case "y": {
        const slash = this.next();
        if (!this.matchSlash(slash, false) || !this.matchSlash(slash, false)) this.fail("unterminated `y' command", slash);
        this.endOfCommand();
        this.push("y", start);
        return;
      }
      case EOF:
        throw new Stop("missing command", dynamicAddress);
      default:
        throw new Stop(`unknown command: \`${c}'`, dynamicAddress || isHole(c));
    }
  }

  private substitute(start: number): void {
    const slash = this.next();
    if (!this.matchSlash(slash, true) || !this.matchSlash(slash, false)) this.fail("unterminated `s' command", slash);
    let flags = "";
    let file: string | undefined;
    for (;;) {
      const c = this.nonblank();
      if (c === "i" || c === "I" || c === "m" || c === "M" || c === "e") {
        flags += c;
      } else if (c === "p" || c === "g") {
        if (flags.includes(c)) this.fail(`multiple \`${c}' options to \`s' command`);
        flags += c;
      } else if (isDigit(c)) {
        if (/\d/.test(flags)) this.fail("multiple number options to `s' command");
        let n = c;
        let d = this.next();
        while (isDigit(d)) {
          n += d;
          d = this.next();
        }
        this.back(d);
        if (/^0+$/.test(n)) this.fail("number option to `s' command may not be zero");
        flags += n;
      } else if (c === "w") {
        flags += c;
        file = this.readFilename();
        if (file === "") this.fail("missing filename in r/R/w/W commands");
        break;
      } else if (c === "}" || c === "#") {
        this.back(c);
        break;
      } else if (c === EOF || c === "\n" || c === ";") {
        break;
      } else if (c === "\r" && this.next() === "\n") {
        break;
      } else {
        this.fail("unknown option to `s'", c);
      }
    }
    this.push("s", start, file === undefined ? { flags } : { flags, arg: file });
  }

  /** An address starting at `c` (already read), or null when `c` does not start one. */
  private address(c: string): AddressKind | null {
    if (c === "/" || c === "\\") {
      const slash = c === "\\" ? this.next() : c;
      if (!this.matchSlash(slash, true)) this.fail("unterminated address regex", slash);
      let m = this.nonblank();
      while (m === "I" || m === "M") m = this.nonblank();
      this.back(m);
      return "regex";
    }
    if (isDigit(c) || isHole(c)) {
      let zero = c === "0";
      let dynamic = isHole(c);
      let d = this.next();
      while (isDigit(d) || isHole(d)) {
        if (d !== "0") zero = false;
        if (isHole(d)) dynamic = true;
        d = this.next();
      }
      this.back(d);
      const t = this.nonblank();
      if (t !== "~") this.back(t);
      else if (this.integer(this.nonblank())) zero = false; // first~step, step > 0
      return dynamic ? "dynamic" : zero ? "zero" : "num";
    }
    if (c === "+" || c === "~") return this.integer(this.nonblank()) ? "step" : "num";
    return c === "$" ? "last" : null;
  }

  /** After a command: blanks, then `;`, a newline, the end, or (left for the loop) `}` or `#`. */
  private endOfCommand(): void {
    const c = this.nonblank();
    if (c === "}" || c === "#") this.back(c);
    else if (c !== EOF && c !== "\n" && c !== ";") this.fail("extra characters after command", c);
  }
}
