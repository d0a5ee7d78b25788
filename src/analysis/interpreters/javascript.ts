/** JavaScript (node -e / -p): quotes, template literals, regex literals, comments, and its APIs. */

import { bracedInterpolation, type Lexer } from "./lexer.js";
import type { Language } from "./language.js";

function literal(lx: Lexer): boolean {
  const c = lx.ch;
  if (c !== "'" && c !== '"' && c !== "`") return false;
  lx.pos++;
  const text = lx.quoted(c, true, c === "`" ? (l) => bracedInterpolation(l, "${") : undefined);
  lx.tokens.push({ k: "str", v: text });
  return true;
}

const KEYWORDS = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"]);

const CHILD = ["exec", "execSync"];
const SPAWN = ["spawn", "spawnSync", "execFile", "execFileSync", "fork"];

export const JAVASCRIPT: Language = {
  name: "node",
  rules: { lineComment: /\/\//y, blockComment: ["/*", "*/"], idStart: /[A-Za-z_$]/, idJoin: /\s*\??\.\s*/y, regexAfter: KEYWORDS, literal },
  parenless: false,
  calls: [
    { mod: "child_process", fns: CHILD, does: "shell" },
    { mod: "child_process", fns: SPAWN, does: "spawn" },
    { mod: "fs", fns: ["rmSync", "rm", "rmdirSync", "rmdir"], does: "fs-rm" },
    { mod: "fs", fns: ["unlinkSync", "unlink"], does: "rm-f" },
    { mod: "fs.promises", fns: ["rm", "rmdir"], does: "fs-rm" },
    { mod: "fs.promises", fns: ["unlink"], does: "rm-f" },
    { mod: "", fns: ["eval", "Function"], does: "eval" },
    { mod: "vm", fns: ["runInThisContext", "runInNewContext", "runInContext", "compileFunction"], does: "eval" },
    { mod: "", fns: ["require", "import"], does: "load" },
    { mod: "process", fns: ["binding", "dlopen"], does: "indirect" },
    // Deno and Bun: their own APIs beside node's.
    { mod: "Deno", fns: ["remove", "removeSync"], does: "fs-rm" },
    { mod: "Deno", fns: ["Command", "run"], does: "program" },
    { mod: "Bun", fns: ["spawn", "spawnSync"], does: "program" },
    { mod: "", fns: ["Reflect.get", "Reflect.apply"], does: "indirect" },
  ],
};
