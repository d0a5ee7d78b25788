/** Perl (-e/-E/-n/-p): quotes, q/qq/qw/qx and match/substitute operators, backticks, and its APIs. */

import { type Lexer, PAIRS, shellLikeQuote, sigilInterpolation } from "./lexer.js";
import type { Language } from "./language.js";

const interp = (lx: Lexer): boolean | string => sigilInterpolation(lx, "$@");

/** A quote-like operator's body from its delimiter at the cursor. */
function delimited(lx: Lexer, interpolates: boolean): string {
  const open = lx.ch;
  lx.pos++;
  const close = PAIRS[open];
  return lx.quoted(close ?? open, true, interpolates && open !== "'" ? interp : undefined, close !== undefined ? open : undefined);
}

function skipBlank(lx: Lexer): void {
  while (/\s/.test(lx.ch)) lx.pos++;
}

function literal(lx: Lexer): boolean {
  if (shellLikeQuote(lx, interp)) return true;
  // q qq qw qx m qr s tr y, not a hash key (`q => 1`), a name's tail, or a variable (`$s`).
  const m = /(qq|qw|qx|qr|q|m|s|tr|y)(?=\s*[^\w\s=,;)}])/y;
  m.lastIndex = lx.pos;
  const hit = m.exec(lx.code);
  if (hit === null || /[\w$@%&:>-]/.test(lx.code[lx.pos - 1] ?? "") || lx.at("s::")) return false;
  const op = hit[1] as string;
  const start = lx.pos;
  lx.pos += op.length;
  skipBlank(lx);
  // `q #...`: after a blank, `#` starts a comment.
  if (lx.ch === "#" && lx.pos > start + op.length) {
    lx.pos = start;
    return false;
  }
  if (op === "qw") {
    const words = delimited(lx, false).split(/\s+/).filter((w) => w !== "");
    lx.tokens.push({ k: "p", v: "(" });
    words.forEach((w, i) => lx.tokens.push(...(i > 0 ? [{ k: "p", v: "," } as const] : []), { k: "str", v: w }));
    lx.tokens.push({ k: "p", v: ")" });
    return true;
  }
  const open = lx.ch;
  const body = delimited(lx, op !== "q" && op !== "tr" && op !== "y");
  if (op === "s" || op === "tr" || op === "y") {
    // The replacement: after the same delimiter, or its own bracket pair (`s{a}{b}`).
    if (PAIRS[open] !== undefined) skipBlank(lx);
    else lx.pos--;
    delimited(lx, false);
  }
  while (/[a-z]/.test(lx.ch)) lx.pos++;
  lx.tokens.push(op === "qx" ? { k: "cmd", v: body } : op === "q" || op === "qq" ? { k: "str", v: body } : { k: "p", v: "0" });
  return true;
}

const REGEX_AFTER = new Set(["if", "unless", "and", "or", "not", "split", "grep", "map", "return", "while", "until", "x", "lt", "gt", "le", "ge", "eq", "ne", "cmp", "when"]);

export const PERL: Language = {
  name: "perl",
  rules: { lineComment: /#/y, idStart: /[A-Za-z_$@%&]/, idJoin: /::|->(?=[A-Za-z_])/y, regexAfter: REGEX_AFTER, literal },
  parenless: true,
  calls: [
    { mod: "", fns: ["system", "exec"], does: "system" },
    { mod: "", fns: ["readpipe"], does: "shell" },
    { mod: "", fns: ["open"], does: "open" },
    { mod: "", fns: ["unlink"], does: "rm-all" },
    { mod: "", fns: ["rmdir"], does: "rmdir" },
    // The builtins by their full name (`CORE::system`), which no sub of the code can override.
    { mod: "CORE", fns: ["system", "exec"], does: "system" },
    { mod: "CORE", fns: ["readpipe"], does: "shell" },
    { mod: "CORE", fns: ["open"], does: "open" },
    { mod: "CORE", fns: ["unlink"], does: "rm-all" },
    { mod: "CORE", fns: ["rmdir"], does: "rmdir" },
    { mod: "CORE.GLOBAL", fns: ["system", "exec"], does: "system" },
    { mod: "File.Path", fns: ["rmtree", "remove_tree"], does: "rm-r" },
    { mod: "", fns: ["eval"], does: "eval" },
    { mod: "", fns: ["require", "do"], does: "load" },
  ],
};
