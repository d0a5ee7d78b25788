/**
 * Snippets: the shell text an extractor hands the analysis, with a map from every offset in it
 * back to an offset in the original file, and line/column lookup in the file.
 * All offsets are UTF-16 code units (what String#slice takes); lines and columns are 1-based,
 * columns counted in UTF-16 code units (SARIF's default `columnKind`).
 */

/** A run of snippet text. `copy`: the text is the file's text from `file` on; else every char maps to `file`. */
interface Segment {
  text: number;
  file: number;
  length: number;
  copy: boolean;
}

export interface Snippet {
  /** The shell source to analyse. */
  text: string;
  /** Where it came from, for people: `jobs.build.steps[2].run`, `scripts.test`, "```bash block", `RUN`. */
  label: string;
  segments: readonly Segment[];
  /** Text the extractor put in place of the file's (masked `${{ }}` expressions): [in the snippet, in the file]. */
  replaced?: readonly (readonly [string, string])[];
}

export class SnippetBuilder {
  text = "";
  private readonly segs: Segment[] = [];

  /** Append `str`, which is the file's text starting at `fileOffset`. */
  copy(fileOffset: number, str: string): this {
    if (str.length === 0) return this;
    const last = this.segs[this.segs.length - 1];
    if (last && last.copy && last.text + last.length === this.text.length && last.file + last.length === fileOffset) last.length += str.length;
    else this.segs.push({ text: this.text.length, file: fileOffset, length: str.length, copy: true });
    this.text += str;
    return this;
  }

  /** Append text that is not in the file (a joining newline, a decoded escape), mapped to `fileOffset`. */
  synth(fileOffset: number, str: string): this {
    if (str.length === 0) return this;
    const last = this.segs[this.segs.length - 1];
    if (last && !last.copy && last.file === fileOffset && last.text + last.length === this.text.length) last.length += str.length;
    else this.segs.push({ text: this.text.length, file: fileOffset, length: str.length, copy: false });
    this.text += str;
    return this;
  }

  /**
   * Append text whose every char has its own file offset (`offsets[i]` for `str[i]`): a char
   * equal to the file's char there is a copy, any other (a decoded escape, a folded newline)
   * is synthetic.
   */
  mapped(str: string, offsets: readonly number[], fileText: string): this {
    for (let i = 0; i < str.length; i++) {
      const off = offsets[i]!;
      if (fileText[off] === str[i]) this.copy(off, str[i]!);
      else this.synth(off, str[i]!);
    }
    return this;
  }

  build(label: string): Snippet {
    return { text: this.text, label, segments: this.segs.slice() };
  }
}

/** A whole file (or a slice of it) as one snippet. */
export function wholeSnippet(text: string, label: string, fileOffset = 0): Snippet {
  return new SnippetBuilder().copy(fileOffset, text).build(label);
}

/** The file offset of snippet offset `i` (0 ≤ i ≤ text.length). */
export function toFileOffset(snippet: Snippet, i: number): number {
  const segs = snippet.segments;
  if (segs.length === 0) return 0;
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid]!.text <= i) lo = mid;
    else hi = mid - 1;
  }
  const s = segs[lo]!;
  if (i < s.text) return s.file;
  const into = i - s.text;
  if (into < s.length) return s.copy ? s.file + into : s.file;
  return s.copy ? s.file + s.length : s.file;
}

/** A snippet range [start, end) as a file range; the end maps through the last char it covers. */
export function toFileRange(snippet: Snippet, start: number, end: number): [number, number] {
  const s = toFileOffset(snippet, start);
  if (end <= start) return [s, s];
  const e = toFileOffset(snippet, end - 1) + 1;
  return [s, Math.max(s, e)];
}

/** Offset ↔ line/column over one text. */
export class LineIndex {
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }

  /** Offset of the start of 1-based `line`. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))]!;
  }

  /** The text of 1-based `line`, without its newline (and a trailing \r). */
  lineText(line: number): string {
    const s = this.lineStart(line);
    const next = line < this.starts.length ? this.starts[line]! - 1 : this.text.length;
    return this.text.slice(s, next).replace(/\r$/, "");
  }
}
