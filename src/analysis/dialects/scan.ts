/**
 * A quote-aware walk over a zsh line that finds zsh's own operators where the bash grammar
 * misreads them, and says which character to put in place of which (same length, so every
 * offset of the bash parse is an offset of the line as typed):
 *
 *   cmd &!  cmd &|          disown          → `& `
 *   >! >>! >&! &>! (and |)  clobber         → `> ` ...
 *   =(cmd)                  temp-file substitution → `<(cmd)`
 *   $=x $~x $^x $+x ${=x}…  expansion flags → `$_x` (still an expansion, of unknown value)
 *   # at a word start       a word, not a comment (zsh's interactive default)  → `_`
 *   { ls }                  a lone `}` closes the group → `{ ls;}`
 *   *.txt(N) *(.om[1,3])    glob qualifiers that only select files → blanked (the glob alone)
 *
 * Single-quoted text (and `$'…'`) is skipped; double quotes only expand `$`; `$(`, backquotes
 * and `${` nest. Heredoc bodies are skipped when the bash parse found them (a body the bash
 * grammar could not read is a parse error, which fails closed anyway).
 */

export interface Edit {
  at: number;
  char: string;
}

const BOUNDARY = " \t\n;&|()<>";
const FLAG = "=~^+";
const NAME_START = /[A-Za-z_{]/;

type Context = { kind: "code"; depth: number } | { kind: "dq" } | { kind: "bq" } | { kind: "brace"; depth: number };

/** The edits that make a zsh line read by the bash grammar the way zsh runs it. */
export function zshEdits(text: string, skip: readonly (readonly [number, number])[]): Edit[] {
  const edits: Edit[] = [];
  const stack: Context[] = [{ kind: "code", depth: 0 }];
  let boundary = true;
  let next = 0;
  for (let i = 0; i < text.length; i++) {
    while (next < skip.length && (skip[next] as readonly [number, number])[1] <= i) next++;
    const s = skip[next];
    if (s !== undefined && s[0] <= i) {
      i = s[1] - 1;
      boundary = true;
      continue;
    }
    const c = text[i] as string;
    const top = stack[stack.length - 1] as Context;
    if (c === "\\") {
      i++;
      boundary = false;
      continue;
    }
    if (top.kind !== "code") {
      if (top.kind === "dq" && c === '"') stack.pop();
      else if (top.kind === "bq" && c === "`") stack.pop();
      else if (top.kind === "brace" && c === "}" && top.depth-- === 0) stack.pop();
      else if (top.kind === "brace" && c === "{") top.depth++;
      else if (top.kind === "brace" && c === "'") i = closing(text, i + 1, "'");
      else if (top.kind === "brace" && c === '"') stack.push({ kind: "dq" });
      else if (top.kind === "bq" && c === "'") i = closing(text, i + 1, "'");
      else if (c === "$") i = dollar(text, i, stack, edits);
      else if (c === "`") stack.push({ kind: "bq" });
      continue;
    }
    // Code.
    const atStart = boundary;
    boundary = BOUNDARY.includes(c);
    if (c === "'") i = closing(text, i + 1, "'");
    else if (c === '"') stack.push({ kind: "dq" });
    else if (c === "`") stack.push({ kind: "bq" });
    else if (c === "$") {
      if (text[i + 1] === "'") i = ansiC(text, i + 2);
      else i = dollar(text, i, stack, edits);
    } else if (c === "(") {
      const end = atStart ? -1 : qualifierEnd(text, i);
      if (end < 0) top.depth++;
      else {
        // A glob qualifier (`*.txt(N)`, `*(.om[1,3])`) only narrows the files a glob matches:
        // blanked, the glob is read as matching every one of them.
        for (let k = i; k <= end; k++) edits.push({ at: k, char: " " });
        i = end;
      }
    }
    else if (c === ")") {
      if (top.depth > 0) top.depth--;
      else if (stack.length > 1) stack.pop();
    } else if (c === "}" && atStart && (i + 1 === text.length || BOUNDARY.includes(text[i + 1] as string))) {
      // `{ ls }`: a lone `}` closes the group in zsh, where bash needs a `;` before it.
      const before = lastNonBlank(text, i);
      if (before >= 0 && before < i - 1 && !";\n&|{(".includes(text[before] as string)) edits.push({ at: i - 1, char: ";" });
    } else if (c === "#" && atStart) {
      edits.push({ at: i, char: "_" });
      boundary = false;
    } else if (c === "=" && atStart && text[i + 1] === "(") {
      edits.push({ at: i, char: "<" });
    } else if ((c === "!" || c === "|") && (text[i - 1] === "&" || text[i - 1] === ">") && text[i - 2] !== "\\") {
      // `&!` `&|` (disown) and `>!` `>|` `>>!` `>&!` `&>!` ... (clobber).
      edits.push({ at: i, char: " " });
      boundary = true;
    }
  }
  return edits;
}

/** Qualifier letters that only select or sort files: no `e`/`+` (they run code), no quotes or `$`. */
const SAFE_QUALIFIERS = /^[^()|~\s'"`$\\e+]+$/;

/**
 * The index of the `)` closing a glob qualifier group opened mid-word at `i`, or -1: the group
 * ends the word and holds only safe qualifiers (zsh's bare glob qualifiers; `(a|b)` is a pattern).
 */
function qualifierEnd(text: string, i: number): number {
  if ("$=<>@!+?".includes(text[i - 1] ?? "")) return -1;
  const end = text.indexOf(")", i);
  if (end < 0 || !SAFE_QUALIFIERS.test(text.slice(i + 1, end))) return -1;
  return end + 1 === text.length || BOUNDARY.includes(text[end + 1] as string) ? end : -1;
}

/** `$` at `i`: an expansion flag to rewrite, and `$(` / `${` to enter. Returns the last index read. */
function dollar(text: string, i: number, stack: Context[], edits: Edit[]): number {
  const n = text[i + 1];
  if (n === "(") {
    stack.push({ kind: "code", depth: 0 });
    return i + 1;
  }
  if (n === "{") {
    stack.push({ kind: "brace", depth: 0 });
    const f = text[i + 2];
    if (f !== undefined && FLAG.includes(f) && NAME_START.test(text[i + 3] ?? "")) edits.push({ at: i + 2, char: "_" });
    return i + 1;
  }
  if (n !== undefined && FLAG.includes(n) && NAME_START.test(text[i + 2] ?? "")) {
    edits.push({ at: i + 1, char: "_" });
    return i + 1;
  }
  return i;
}

function lastNonBlank(text: string, i: number): number {
  let k = i - 1;
  while (k >= 0 && (text[k] === " " || text[k] === "\t")) k--;
  return k;
}

/** The index of the quote that closes a quoted run starting at `from`, or the end. */
function closing(text: string, from: number, quote: string): number {
  const k = text.indexOf(quote, from);
  return k < 0 ? text.length : k;
}

/** The closing quote of `$'…'` (backslash escapes inside). */
function ansiC(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    if (text[k] === "\\") k++;
    else if (text[k] === "'") return k;
  }
  return text.length;
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text;
  const chars = text.split("");
  for (const e of edits) chars[e.at] = e.char;
  return chars.join("");
}
