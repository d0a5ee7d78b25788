/**
 * Markdown: fenced code blocks tagged sh, bash, shell, zsh (the whole block), and console (and
 * GitHub's shell-session aliases: only the commands after a `$ ` or `# ` prompt, with their
 * continuation lines — after a trailing backslash, or a `> ` secondary prompt). Blocks are found
 * by markdown-it (CommonMark), so fences inside lists and block quotes count and fences inside
 * other code blocks do not; each content line is mapped back to its line in the file. A script
 * block whose first command line starts with a `$ ` prompt is a transcript, read like console.
 */

import type MarkdownItType from "markdown-it";
import { LineIndex, SnippetBuilder } from "../source-map.js";
import type { Extraction } from "./types.js";
import { requireFrom } from "../../facts/require.js";

const SCRIPT_LANGS = new Set(["sh", "bash", "shell", "zsh"]);
const CONSOLE_LANGS = new Set(["console", "shell-session", "sh-session", "shellsession"]);

let parser: MarkdownItType | undefined;

function markdownIt(): MarkdownItType {
  // Loaded on first use (synchronously, via its CommonJS build): most lint runs see no Markdown.
  if (!parser) {
    const MarkdownIt = requireFrom(import.meta.url)("markdown-it") as typeof MarkdownItType;
    parser = new MarkdownIt("commonmark");
  }
  return parser;
}

/** The language of a fence info string: `bash`, `bash title="x"`, `{.bash}`, `{bash}`. */
export function fenceLanguage(info: string): string {
  const m = /^\s*\{?\s*\.?([A-Za-z0-9_+-]+)/.exec(info);
  return (m?.[1] ?? "").toLowerCase();
}

interface Line {
  text: string;
  /** File offset of `text[0]`. */
  offset: number;
  /** File offset of the end of the line (its newline). */
  end: number;
}

/** The fence's content lines, each with where it starts in the file. */
function contentLines(lines: LineIndex, content: string, firstLine: number): Line[] {
  const parts = content.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  return parts.map((text, k) => {
    const n = firstLine + k;
    const fileText = lines.lineText(n);
    const start = lines.lineStart(n);
    let col: number;
    if (fileText.endsWith(text)) col = fileText.length - text.length;
    else {
      // Container indentation rewritten by the parser (tabs): align on the trimmed text.
      const trimmed = text.trimStart();
      const at = trimmed === "" ? -1 : fileText.lastIndexOf(trimmed);
      col = at === -1 ? Math.max(0, fileText.length - text.length) : Math.max(0, at - (text.length - trimmed.length));
    }
    const shown = fileText.endsWith(text) ? text : fileText.slice(col);
    return { text: shown, offset: start + col, end: start + fileText.length };
  });
}

function scriptSnippet(lines: Line[], label: string) {
  const b = new SnippetBuilder();
  for (const l of lines) b.copy(l.offset, l.text).synth(l.end, "\n");
  return b.build(label);
}

function endsWithBackslash(s: string): boolean {
  const m = /(\\+)$/.exec(s);
  return m !== null && m[1]!.length % 2 === 1;
}

/** A console block's prompts: `$ ` and root's `# `. */
const CONSOLE_PROMPT = /^\s*[$#](?: |$)/;
/** A script block written as a transcript has `$ ` prompts only (`# ` there is a comment). */
const SCRIPT_PROMPT = /^\s*\$(?: |$)/;

/**
 * A ```bash block written as a terminal transcript (`$ npm install x`, then its output): its first
 * line that is not blank or a comment starts with a `$ ` prompt, which no script does (it would
 * run a command named `$`). Read like a console block then, so the prompt is not the command.
 */
function isTranscript(lines: readonly Line[]): boolean {
  const first = lines.find((l) => !/^\s*(?:#|$)/.test(l.text));
  return first !== undefined && SCRIPT_PROMPT.test(first.text);
}

function consoleSnippet(lines: Line[], label: string, promptRe: RegExp = CONSOLE_PROMPT) {
  const b = new SnippetBuilder();
  let inCommand = false;
  let continued = false;
  for (const l of lines) {
    let skip: number;
    const ps2 = /^\s*> /.exec(l.text);
    if (inCommand && (continued || ps2)) {
      skip = ps2?.[0].length ?? 0;
    } else {
      const prompt = promptRe.exec(l.text);
      inCommand = prompt !== null;
      if (!prompt) continue;
      skip = prompt[0].length;
    }
    // `$ [sudo] make install`: the docs' "sudo if you need it", read as sudo (the bracket is a
    // glob to bash, a command nobody means to run)
    const optionalSudo = !continued && !ps2 && l.text.startsWith("[sudo] ", skip);
    if (optionalSudo) {
      b.synth(l.offset + skip, "sudo ");
      skip += "[sudo] ".length;
    }
    const body = l.text.slice(skip);
    b.copy(l.offset + skip, body).synth(l.end, "\n");
    continued = endsWithBackslash(body);
  }
  return b.build(label);
}

export function extractMarkdown(text: string): Extraction {
  const out: Extraction = { snippets: [], problems: [] };
  if (!text.includes("```") && !text.includes("~~~")) return out;
  const lines = new LineIndex(text);
  for (const token of markdownIt().parse(text, {})) {
    if (token.type !== "fence" || !token.map) continue;
    const lang = fenceLanguage(token.info);
    const isScript = SCRIPT_LANGS.has(lang);
    if (!isScript && !CONSOLE_LANGS.has(lang)) continue;
    const first = token.map[0] + 2; // 1-based line after the opening fence
    const content = contentLines(lines, token.content, first);
    const label = `\`\`\`${lang} block at line ${token.map[0] + 1}`;
    out.snippets.push(!isScript ? consoleSnippet(content, label) : isTranscript(content) ? consoleSnippet(content, label, SCRIPT_PROMPT) : scriptSnippet(content, label));
  }
  return out;
}
