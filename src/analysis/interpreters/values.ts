/** What an argument of an interpreter call amounts to: its literal parts joined, the rest MARKER. */

import { MARKER, type Token } from "./lexer.js";

export interface Value {
  /** The text, with MARKER for each part known only at run time; MARKER alone if nothing is known. */
  text: string;
  /** The elements of a list literal (`["rm", "-rf", d]`, `qw(...)`), else null. */
  list: string[] | null;
}

const OPERATORS = new Set(["+", ".", "%", "\n"]);

/** What an argument amounts to: literal parts joined, the rest MARKER. */
export function value(tokens: readonly Token[]): Value {
  const first = tokens[0];
  const close = first?.v === "[" ? "]" : first?.v === "(" ? ")" : null;
  if (close !== null && tokens[tokens.length - 1]?.v === close && enclosed(tokens)) {
    const items: Token[][] = [[]];
    let depth = 0;
    for (const t of tokens.slice(1, -1)) {
      if ("([{".includes(t.v) && t.k === "p") depth++;
      else if (")]}".includes(t.v) && t.k === "p") depth--;
      if (depth === 0 && t.v === ",") items.push([]);
      else (items[items.length - 1] as Token[]).push(t);
    }
    return { text: MARKER, list: items.filter((it) => it.length > 0).map((it) => value(it).text) };
  }
  let text = "";
  let known = false;
  let depth = 0;
  let dyn = false;
  for (const t of tokens) {
    if (t.k === "p" && "([{".includes(t.v)) depth++;
    else if (t.k === "p" && ")]}".includes(t.v)) depth--;
    else if (depth === 0 && t.k === "str") {
      text += t.v;
      known = true;
      dyn = false;
      continue;
    } else if (depth === 0 && t.k === "p" && OPERATORS.has(t.v)) {
      dyn = false;
      continue;
    }
    if (!dyn) text += MARKER;
    dyn = true;
  }
  return { text: known ? text : MARKER, list: null };
}

/** The first bracket closes only at the end: `[a, b]`, not `[a][0]`. */
function enclosed(tokens: readonly Token[]): boolean {
  let depth = 0;
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.k !== "p") continue;
    if ("([{".includes(t.v)) depth++;
    else if (")]}".includes(t.v) && --depth === 0 && j < tokens.length - 1) return false;
  }
  return true;
}
