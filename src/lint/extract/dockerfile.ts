/**
 * Dockerfile: `RUN` in shell form, as the builder hands it to `/bin/sh -c`: continuation lines
 * joined (the escape char and the newline removed, comment and empty lines inside dropped), the
 * `--mount=...`-style flags skipped, heredocs (`RUN <<EOF`, `RUN cat <<EOF > f`) included. Exec
 * form (`RUN ["a", "b"]`) is not shell. A `SHELL` other than sh/bash, or a `# escape=\``
 * (Windows) file without such a `SHELL`, turns RUN linting off until the next `FROM`.
 */

import { LineIndex, SnippetBuilder } from "../source-map.js";
import type { Extraction } from "./types.js";

interface Line {
  text: string;
  offset: number;
  end: number;
}

const SH_NAMES = new Set(["sh", "bash", "dash", "ash"]);

function splitLines(text: string): Line[] {
  const li = new LineIndex(text);
  const out: Line[] = [];
  for (let n = 1; n <= li.lineCount; n++) {
    const t = li.lineText(n);
    const offset = li.lineStart(n);
    out.push({ text: t, offset, end: offset + t.length });
  }
  return out;
}

const isBlankOrComment = (s: string): boolean => /^\s*(#|$)/.test(s);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A shell named by a `SHELL ["/bin/bash", "-c"]` JSON array, or a RUN's exec form. */
function jsonArray(s: string): string[] | null {
  const t = s.trim();
  if (!t.startsWith("[")) return null;
  try {
    const v: unknown = JSON.parse(t);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : null;
  } catch {
    return null;
  }
}

function isShName(path: string): boolean {
  return SH_NAMES.has(path.replace(/^.*[\\/]/, "").replace(/\.exe$/i, "").toLowerCase());
}

const HEREDOC = /(?<!<)<<(-?)[ \t]*(["']?)([A-Za-z_][\w.-]*)\2/g;

export function extractDockerfile(text: string): Extraction {
  const out: Extraction = { snippets: [], problems: [] };
  const lines = splitLines(text);
  let escape = "\\";
  for (const l of lines) {
    const m = /^\s*#\s*([a-zA-Z]+)\s*=\s*(\S+)\s*$/.exec(l.text);
    if (!m) break;
    if (m[1]!.toLowerCase() === "escape" && (m[2] === "`" || m[2] === "\\")) escape = m[2];
  }
  const windows = escape === "`";
  const continuation = new RegExp(`${escapeRegExp(escape)}[ \\t]*$`);
  let shellOk = !windows;

  let i = 0;
  while (i < lines.length) {
    const first = lines[i]!;
    const kw = /^\s*([A-Za-z]+)(?=\s|$)/.exec(first.text);
    if (isBlankOrComment(first.text) || !kw) {
      i++;
      continue;
    }
    const instr = kw[1]!.toUpperCase();
    const lineNo = i + 1;
    // The logical line: its chars and each char's file offset.
    let chars = "";
    const offs: number[] = [];
    let j = i;
    let col = kw[0].length;
    let lastEnd = first.end;
    while (j < lines.length) {
      const line = lines[j]!;
      const seg = line.text.slice(col);
      const cont = continuation.exec(seg);
      const body = cont ? seg.slice(0, cont.index) : seg;
      for (let k = 0; k < body.length; k++) offs.push(line.offset + col + k);
      chars += body;
      lastEnd = line.end;
      j++;
      col = 0;
      if (!cont) break;
      while (j < lines.length && isBlankOrComment(lines[j]!.text)) j++;
    }

    // Heredoc bodies (RUN, COPY, ADD) follow the logical line.
    const heredocs: { lines: Line[]; terminator: Line | null }[] = [];
    if (instr === "RUN" || instr === "COPY" || instr === "ADD") {
      for (const m of chars.matchAll(HEREDOC)) {
        const strip = m[1] === "-";
        const word = m[3]!;
        const body: Line[] = [];
        let terminator: Line | null = null;
        while (j < lines.length) {
          const l = lines[j++]!;
          if ((strip ? l.text.replace(/^\t+/, "") : l.text) === word) {
            terminator = l;
            break;
          }
          body.push(l);
        }
        heredocs.push({ lines: body, terminator });
      }
    }
    i = j;

    if (instr === "FROM") shellOk = !windows;
    else if (instr === "SHELL") {
      const argv = jsonArray(chars);
      shellOk = argv !== null && argv.length > 0 && isShName(argv[0]!);
    } else if (instr === "RUN" && shellOk) {
      const flags = /^\s*(?:--[A-Za-z][\w-]*(?:=\S*)?\s+)*/.exec(chars)![0].length;
      const rest = chars.slice(flags);
      if (jsonArray(rest)) continue;
      const label = `RUN at line ${lineNo}`;
      const b = new SnippetBuilder();
      const onlyHeredoc = heredocs.length > 0 && rest.replace(HEREDOC, "").trim() === "";
      if (onlyHeredoc) {
        // `RUN <<EOF`: the body is the script (unless its shebang names another interpreter).
        const body = heredocs[0]!.lines;
        const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(body[0]?.text ?? "");
        if (shebang) {
          const prog = shebang[1]!.endsWith("/env") ? (shebang[2] ?? "") : shebang[1]!;
          if (!isShName(prog)) continue;
        }
        for (const l of body) b.copy(l.offset, l.text).synth(l.end, "\n");
      } else {
        b.mapped(rest, offs.slice(flags), text);
        let end = lastEnd;
        for (const h of heredocs) {
          for (const l of [...h.lines, ...(h.terminator ? [h.terminator] : [])]) {
            b.synth(end, "\n").copy(l.offset, l.text);
            end = l.end;
          }
        }
        b.synth(end, "\n");
      }
      out.snippets.push(b.build(label));
    }
  }
  return out;
}
