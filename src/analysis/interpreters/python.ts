/** Python: strings (prefixes, triple quotes, f-string fields), `#` comments, and its run/delete APIs. */

import { type Lexer, MARKER, skipped } from "./lexer.js";
import type { Language } from "./language.js";

/** `{{` is a brace; `{expr}` a run-time part (nested strings and braces skipped). */
function fField(lx: Lexer): boolean | string {
  if (lx.at("{{") || lx.at("}}")) {
    lx.pos += 2;
    return lx.code[lx.pos - 1] as string;
  }
  if (lx.ch !== "{") return false;
  lx.pos++;
  return skipped(lx, () => lx.balanced("{", "}"), 1);
}

function literal(lx: Lexer): boolean {
  const m = /([rRbBuUfF]{0,2})('''|"""|'|")/y;
  m.lastIndex = lx.pos;
  const hit = m.exec(lx.code);
  if (hit === null) return false;
  // A prefix must not be the tail of a name (`x'a'` is not python anyway, `elif'` is).
  if (hit[1] !== "" && /[A-Za-z0-9_]/.test(lx.code[lx.pos - 1] ?? "")) return false;
  const prefix = (hit[1] as string).toLowerCase();
  lx.pos += hit[0].length;
  const close = hit[2] as string;
  const raw = prefix.includes("r");
  const text = close.length === 3 ? tripleQuoted(lx, close, raw, prefix.includes("f")) : lx.quoted(close, !raw, prefix.includes("f") ? fField : undefined);
  lx.tokens.push({ k: "str", v: text });
  return true;
}

function tripleQuoted(lx: Lexer, close: string, raw: boolean, f: boolean): string {
  let out = "";
  while (!lx.at(close)) {
    if (lx.pos >= lx.code.length) lx.quoted(close, false);
    const c = lx.ch;
    if (c === "\\" && !raw) {
      out += lx.code[lx.pos + 1] === "n" ? "\n" : lx.code[lx.pos + 1] ?? "";
      lx.pos += 2;
      continue;
    }
    const field = f ? fField(lx) : false;
    if (field !== false) {
      out += field === true ? MARKER : field;
      continue;
    }
    out += c;
    lx.pos++;
  }
  lx.pos += 3;
  return out;
}

export const PYTHON: Language = {
  name: "python",
  rules: { lineComment: /#/y, idStart: /[A-Za-z_]/, idJoin: /\s*\.\s*/y, regexAfter: null, literal },
  parenless: false,
  calls: [
    { mod: "os", fns: ["system", "popen", "popen2", "popen3", "popen4"], does: "shell" },
    { mod: "subprocess", fns: ["run", "call", "check_call", "check_output", "Popen", "getoutput", "getstatusoutput"], does: "shell" },
    { mod: "commands", fns: ["getoutput", "getstatusoutput"], does: "shell" },
    { mod: "pty", fns: ["spawn"], does: "shell" },
    // libc's system() reached through ctypes (`ctypes.CDLL(None).system(b"…")`, `libc.system`).
    { mod: "ctypes", fns: ["system", "popen"], does: "shell" },
    { mod: "ctypes", fns: ["execl", "execlp"], does: "exec-l" },
    { mod: "ctypes", fns: ["execv", "execvp"], does: "exec-v" },
    // Python code run through the C API is read again like exec().
    { mod: "ctypes", fns: ["PyRun_SimpleString", "PyRun_String"], does: "eval" },
    { mod: "pydoc", fns: ["pipepager", "tempfilepager"], does: "shell-2" },
    { mod: "asyncio", fns: ["create_subprocess_shell"], does: "shell" },
    { mod: "asyncio", fns: ["create_subprocess_exec"], does: "system" },
    { mod: "os", fns: ["execv", "execve", "execvp", "execvpe"], does: "exec-v" },
    { mod: "os", fns: ["execl", "execle", "execlp", "execlpe"], does: "exec-l" },
    { mod: "os", fns: ["posix_spawn", "posix_spawnp"], does: "exec-v" },
    { mod: "os", fns: ["spawnv", "spawnve", "spawnvp", "spawnvpe"], does: "spawn-v" },
    { mod: "os", fns: ["spawnl", "spawnle", "spawnlp", "spawnlpe"], does: "spawn-l" },
    { mod: "shutil", fns: ["rmtree"], does: "rm-r" },
    { mod: "os", fns: ["remove", "unlink"], does: "rm-f" },
    { mod: "os", fns: ["rmdir", "removedirs"], does: "rmdir" },
    { mod: "", fns: ["eval", "exec", "compile"], does: "eval" },
    { mod: "", fns: ["__import__"], does: "load" },
    { mod: "importlib", fns: ["import_module"], does: "load" },
    { mod: "", fns: ["getattr", "globals", "vars", "locals"], does: "indirect" },
  ],
};
