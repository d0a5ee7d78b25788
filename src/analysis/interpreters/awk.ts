/** awk programs: double-quoted strings, regex literals, `#` comments; system() and `|` pipes to sh. */

import type { Lexer } from "./lexer.js";
import type { Language } from "./language.js";

function literal(lx: Lexer): boolean {
  if (lx.ch !== '"') return false;
  lx.pos++;
  lx.tokens.push({ k: "str", v: lx.quoted('"', true) });
  return true;
}

/** After these, `/` opens a regex (`if (/x/)`, `x ~ /y/` are covered by the operator rule). */
const REGEX_AFTER = new Set(["if", "while", "return", "in", "printf", "print", "getline"]);

export const AWK: Language = {
  name: "awk",
  rules: { lineComment: /#/y, idStart: /[A-Za-z_$@]/, idJoin: /(?!)/y, regexAfter: REGEX_AFTER, literal },
  parenless: false,
  calls: [{ mod: "", fns: ["system"], does: "shell" }],
};
