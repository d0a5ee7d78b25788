/** Ruby (-e): quotes with #{} interpolation, %-literals, backticks and %x(), symbols, and its APIs. */

import { bracedInterpolation, type Lexer, PAIRS, shellLikeQuote } from "./lexer.js";
import type { Language } from "./language.js";

const interp = (lx: Lexer): boolean | string => bracedInterpolation(lx, "#{");

function literal(lx: Lexer): boolean {
  if (shellLikeQuote(lx, interp)) return true;
  const c = lx.ch;
  // :sym and :"sym" are names given as values (`send(:system, ...)`).
  if (c === ":" && /[A-Za-z_"]/.test(lx.code[lx.pos + 1] ?? "") && lx.code[lx.pos - 1] !== ":") {
    lx.pos++;
    if (lx.ch === '"') return literal(lx);
    const m = /\w+[?!]?/y;
    m.lastIndex = lx.pos;
    const name = (m.exec(lx.code) as RegExpExecArray)[0];
    lx.pos += name.length;
    lx.tokens.push({ k: "str", v: name });
    return true;
  }
  // %x(...) %q(...) %Q(...) %w[...] %i[...] %(...): only where an operand may start (not `a % b`).
  const m = /%([qQwWiIxrs]?)([^\w\s])/y;
  m.lastIndex = lx.pos;
  const hit = c === "%" && !lx.afterOperand() ? m.exec(lx.code) : null;
  if (hit === null) return false;
  const kind = hit[1] as string;
  const open = hit[2] as string;
  lx.pos += hit[0].length;
  const close = PAIRS[open] ?? open;
  const text = lx.quoted(close, kind !== "q" && kind !== "w", kind === "q" || kind === "w" ? undefined : interp, PAIRS[open] !== undefined ? open : undefined);
  if (kind === "w" || kind === "W") {
    lx.tokens.push({ k: "p", v: "[" });
    text.split(/\s+/).filter((w) => w !== "").forEach((w, i) => lx.tokens.push(...(i > 0 ? [{ k: "p", v: "," } as const] : []), { k: "str", v: w }));
    lx.tokens.push({ k: "p", v: "]" });
  } else lx.tokens.push(kind === "x" ? { k: "cmd", v: text } : kind === "r" ? { k: "p", v: "0" } : { k: "str", v: text });
  return true;
}

const REGEX_AFTER = new Set(["if", "unless", "and", "or", "not", "when", "return", "puts", "p", "print", "split", "scan", "match", "sub", "gsub", "grep", "while", "until"]);

const FILEUTILS_TREE = ["rm_rf", "rm_r", "remove_dir", "remove_entry", "remove_entry_secure", "rmtree", "rm_tree"];

export const RUBY: Language = {
  name: "ruby",
  rules: { lineComment: /#/y, idStart: /[A-Za-z_@$]/, idJoin: /::|\.(?=[A-Za-z_])/y, regexAfter: REGEX_AFTER, literal },
  parenless: true,
  calls: [
    { mod: "", fns: ["system", "exec", "spawn", "Kernel.system", "Kernel.exec", "Kernel.spawn", "Process.spawn"], does: "system" },
    { mod: "IO", fns: ["popen"], does: "shell" },
    // Kernel#open("|cmd") (and URI.open, IO.read / File.read with a leading `|` in old rubies).
    { mod: "", fns: ["open", "Kernel.open", "IO.read", "IO.readlines", "IO.foreach", "IO.write"], does: "open" },
    { mod: "Open3", fns: ["popen3", "popen2", "popen2e", "capture2", "capture2e", "capture3", "pipeline"], does: "system" },
    { mod: "FileUtils", fns: FILEUTILS_TREE, does: "rm-r" },
    { mod: "FileUtils", fns: ["rm", "rm_f", "remove", "safe_unlink"], does: "rm-all" },
    { mod: "File", fns: ["delete", "unlink"], does: "rm-all" },
    { mod: "Dir", fns: ["rmdir", "delete", "unlink"], does: "rmdir" },
    { mod: "FileUtils", fns: ["rmdir"], does: "rmdir" },
    { mod: "", fns: ["eval", "instance_eval", "class_eval", "module_eval", "binding.eval"], does: "eval" },
    { mod: "", fns: ["require", "load"], does: "load" },
    { mod: "", fns: ["send", "public_send", "__send__", "method", "const_get"], does: "indirect" },
  ],
};
