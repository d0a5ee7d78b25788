/** What a language module declares: how to read it, and which of its calls run or delete things. */

import type { LexRules } from "./lexer.js";

/**
 * What a call does with its arguments:
 * - `shell`: runs its first argument as a shell command (a list: as argv); `shell-2`: its second
 *   (python `pydoc.pipepager(text, cmd)`);
 * - `system`: one argument is a shell command, several are argv (perl, ruby `system`);
 * - `exec-v`: argv is its second argument, a list (python `os.execvp(file, args)`);
 * - `exec-l`: argv is its arguments after the first (python `os.execlp(file, arg0, ...)`);
 * - `spawn`: a program and its argument list (node `spawn("rm", ["-rf", d])`);
 * - `program`: an argv list, or a program whose arguments are in an options object (Deno
 *   `new Deno.Command("rm", {args})`, `Bun.spawn(["rm", d])`): the object is not read (opaque);
 * - `open`: perl's `open` with a `|` mode runs a command;
 * - `rm-r` / `rm-f` / `rmdir`: deletes its first argument (a tree, a file, an empty directory);
 *   `rm-all` deletes every argument (perl `unlink`); `fs-rm` is recursive with `{recursive: true}`;
 * - `eval`: runs its argument as code of the same language (a literal is read again);
 * - `load`: loads a module or code named by its argument (`__import__`, `require`);
 * - `indirect`: reaches a function by a computed name (`getattr`, `send`).
 */
export type Does = "program" | "shell" | "shell-2" | "system" | "exec-v" | "exec-l" | "spawn-v" | "spawn-l" | "spawn" | "open" | "rm-r" | "rm-f" | "rm-all" | "rmdir" | "fs-rm" | "eval" | "load" | "indirect";

export interface CallSpec {
  /**
   * The module the functions belong to (`os`, `child_process`), "" for a builtin. `mod.fn` always
   * matches; a bare `fn` or another receiver's `.fn` only when the code names the module.
   */
  mod: string;
  fns: readonly string[];
  does: Does;
}

export interface Language {
  name: string;
  rules: LexRules;
  calls: readonly CallSpec[];
  /** Calls may omit parentheses (`system "ls"`, perl and ruby). */
  parenless: boolean;
  /** Inline code handed to the interpreter on stdin starts after this marker (php's `<?php`). */
  stdinOpener?: RegExp;
}
