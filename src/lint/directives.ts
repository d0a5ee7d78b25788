/**
 * Suppression comments:
 *
 *   # shellguard disable=<id>[,<id>...]        alone on a line: the next line; after code: its own line
 *   # shellguard disable-file=<id>[,<id>...]   at the top of a file, or of a snippet (before its first command)
 *
 * An id may also be a check name (`disable=dangerous`). In Markdown, `<!-- shellguard ... -->`
 * works too. Directives are found on the lines of the file, so a YAML comment before a one-line
 * `run:`, a Dockerfile comment before `RUN`, or a comment inside a script all work. In Markdown,
 * a `#` directive counts only inside a code block that is linted (not in a yaml block, say).
 */

import { LineIndex, toFileOffset, type Snippet } from "./source-map.js";

export interface DirectiveId {
  name: string;
  /** File offsets of the name. */
  start: number;
  end: number;
}

export interface Directive {
  kind: "disable" | "disable-file";
  ids: DirectiveId[];
  /** 1-based line of the directive. */
  line: number;
  /** File offset of the comment. */
  offset: number;
  /** Alone on its line (only whitespace before it). */
  own: boolean;
  /** Written as a Markdown HTML comment (`<!-- shellguard ... -->`). */
  html: boolean;
}

const HASH = /(?:^|[\s;])(#)\s*shellguard\s+(disable-file|disable)=([^\s"'`]*)/dg;
// In Markdown, an HTML comment alone on its line.
const HTML = /^\s*(<!--)\s*shellguard\s+(disable-file|disable)=([^\s"'`]*?)\s*-->\s*$/dg;

export function scanDirectives(text: string, lines: LineIndex, markdown: boolean): Directive[] {
  if (!text.includes("shellguard")) return [];
  const out: Directive[] = [];
  for (let n = 1; n <= lines.lineCount; n++) {
    const line = lines.lineText(n);
    if (!line.includes("shellguard")) continue;
    const base = lines.lineStart(n);
    for (const re of markdown ? [HASH, HTML] : [HASH]) {
      for (const m of line.matchAll(re)) {
        const at = m.indices![1]![0];
        let pos = m.indices![3]![0];
        const ids: DirectiveId[] = [];
        for (const name of m[3]!.split(",")) {
          if (name !== "") ids.push({ name, start: base + pos, end: base + pos + name.length });
          pos += name.length + 1;
        }
        out.push({ kind: m[2] as Directive["kind"], ids, line: n, offset: base + at, own: line.slice(0, at).trim() === "", html: re === HTML });
      }
    }
  }
  return out;
}

const COMMENT_LINE = /^\s*(#.*|<!--.*-->|---)?\s*$/;

/** Is every line before `line` blank or a comment (the "top" of the file)? */
export function atFileTop(lines: LineIndex, line: number): boolean {
  for (let n = 1; n < line; n++) if (!COMMENT_LINE.test(lines.lineText(n))) return false;
  return true;
}

/** The file range [first char, last char] a snippet covers. */
export function snippetSpan(snippet: Snippet): [number, number] {
  return [toFileOffset(snippet, 0), toFileOffset(snippet, Math.max(0, snippet.text.length - 1))];
}

/**
 * The file range of a snippet's head: from its start to its first line holding code (a line
 * that is not blank and not a comment). A disable-file directive there applies to the snippet.
 */
export function snippetHead(snippet: Snippet): [number, number] {
  const t = snippet.text;
  let i = 0;
  while (i < t.length) {
    const nl = t.indexOf("\n", i);
    const lineEnd = nl === -1 ? t.length : nl;
    if (!/^\s*(#.*)?$/.test(t.slice(i, lineEnd))) break;
    i = lineEnd + 1;
  }
  const start = toFileOffset(snippet, 0);
  const end = i >= t.length ? toFileOffset(snippet, t.length) + 1 : toFileOffset(snippet, i);
  return [start, Math.max(start, end)];
}
