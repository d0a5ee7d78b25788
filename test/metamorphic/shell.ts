/**
 * Shell text helpers for building transformed lines: quoting that bash reads back as the same
 * string, and the names a wrapper cannot run (they only mean something inside the shell).
 */

/** `'…'` quoting: bash reads it back as exactly `s` (a `'` becomes `'\''`). */
export function singleQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `"…"` quoting: `\`, `"`, `$` and `` ` `` escaped, so nothing inside expands. */
export function doubleQuote(s: string): string {
  return `"${s.replace(/[\\"$`]/g, (c) => "\\" + c)}"`;
}

/** `$'…'` quoting of a plain word. */
export function ansiQuote(s: string): string {
  return `$'${s.replace(/[\\']/g, (c) => "\\" + c)}'`;
}

/** A word with no character the shell treats specially: quoting or escaping it keeps its value. */
export function isPlainWord(s: string): boolean {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s);
}

/** A command name that could be a program file in /bin or /usr/bin. */
export function isProgramName(s: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/.test(s) && !SHELL_ONLY.has(s);
}

/**
 * Reserved words and builtins that act on the shell itself (or have no program of the same name):
 * `sudo cd /` or `/bin/export X=1` would change the line's meaning, so wrappers and absolute paths
 * skip them. Builtins that also exist as programs (echo, printf, test, kill, pwd, true) stay.
 */
export const SHELL_ONLY: ReadonlySet<string> = new Set([
  // reserved words
  "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done",
  "in", "function", "time", "coproc", "{", "}", "!", "[[", "]]",
  // builtins with effects on the shell, or without a program
  ".", "source", "alias", "unalias", "bg", "fg", "jobs", "disown", "wait", "suspend", "bind", "break",
  "continue", "builtin", "caller", "cd", "pushd", "popd", "dirs", "declare", "typeset", "local",
  "export", "readonly", "unset", "set", "shopt", "enable", "eval", "exec", "exit", "logout", "return",
  "hash", "help", "history", "fc", "let", "mapfile", "readarray", "read", "shift", "trap", "ulimit",
  "umask", "complete", "compgen", "compopt", "getopts", "type", "command",
]);
