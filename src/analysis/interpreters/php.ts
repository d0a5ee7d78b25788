/** PHP (-r, or code on stdin after `<?php`): quotes with $var interpolation, backticks, and its APIs. */

import { type Lexer, shellLikeQuote, sigilInterpolation, skipped } from "./lexer.js";
import type { Language } from "./language.js";

/** `$x`, `${x}`, `{$x}` in a double-quoted string or backticks. */
function interp(lx: Lexer): boolean | string {
  if (lx.at("{$")) {
    lx.pos++;
    return skipped(lx, () => lx.balanced("{", "}"), 1);
  }
  return sigilInterpolation(lx, "$");
}

const literal = (lx: Lexer): boolean => shellLikeQuote(lx, interp);

export const PHP: Language = {
  name: "php",
  rules: { lineComment: /#(?!\[)|\/\//y, blockComment: ["/*", "*/"], idStart: /[A-Za-z_$\\]/, idJoin: /::|->|\\(?=[A-Za-z_])/y, regexAfter: null, literal },
  parenless: false,
  stdinOpener: /<\?(?:php\b)?/,
  calls: [
    { mod: "", fns: ["system", "exec", "shell_exec", "passthru", "popen", "proc_open", "expect_popen"], does: "shell" },
    // pcntl_exec(path, [args]): a program and its arguments, no shell.
    { mod: "", fns: ["pcntl_exec"], does: "spawn" },
    { mod: "", fns: ["unlink"], does: "rm-f" },
    { mod: "", fns: ["rmdir"], does: "rmdir" },
    { mod: "", fns: ["eval", "assert", "create_function"], does: "eval" },
    { mod: "", fns: ["include", "require", "include_once", "require_once"], does: "load" },
    { mod: "", fns: ["call_user_func", "call_user_func_array", "array_map", "usort", "array_filter", "array_walk", "register_shutdown_function"], does: "indirect" },
  ],
};
