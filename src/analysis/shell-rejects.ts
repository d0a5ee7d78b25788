/**
 * Syntax typos the shell itself rejects before running anything, so a guard at the terminal can
 * leave them to the shell's own error instead of asking (`echo )`).
 *
 * bash, zsh and fish parse a whole input line before running any of it, and a `)` that closes
 * nothing is a syntax error in all three: nothing on that line runs. The rule is narrow on
 * purpose, because a line tree-sitter cannot parse may be one the shell runs (extglob `!(x)`,
 * `@(a|b)`): it holds only for one physical line (no newline, CR, VT or FF: a later line, or a
 * character tree-sitter reads as a blank, could run on its own), with no `(` anywhere (no extglob,
 * subshell, `$(`, function or case pattern that could pair with the `)`), no backtick and no
 * `case`, and where every parse error is a lone run of `)`. Commands tree-sitter did extract are
 * still checked as usual.
 */

import type { Facts } from "../facts/types.js";

export function rejectedByShell(facts: Facts): boolean {
  const errors = facts.errors;
  if (errors.length === 0) return false;
  const source = facts.source;
  if (/[\n\r\v\f(`]|\bcase\b/.test(source)) return false;
  for (const e of errors) {
    if (e.type !== "ERROR" || !/^\s*\)+\s*$/.test(source.slice(e.start, e.end))) return false;
  }
  return true;
}
