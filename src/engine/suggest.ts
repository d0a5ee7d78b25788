/**
 * Suggested allow rules for an ask, as the seed's `Bash.generate_suggestions`: the first two words
 * of each command as a prefix rule (`npm run:*`), skipping commands led by an environment
 * assignment that is not in the seed's safe list and the seed's safe commands, deduplicated, at
 * most five. shellguard takes the words from the innermost form an allow rule may match (so
 * `timeout 5 npm test` suggests `npm test:*`, `sudo apt install x` suggests `sudo apt:*`), and
 * also skips commands that are read-only on their own (they need no rule).
 */

import type { Analysis, AnalyzedCommand } from "../analysis/types.js";
import type { Assignment, SimpleCommand } from "../facts/types.js";

/** The seed's SAFE_COMMANDS: never worth a rule of their own. */
export const SAFE_COMMANDS: ReadonlySet<string> = new Set([
  "echo", "cat", "ls", "pwd", "cd", "true", "false", "printf", "grep", "tee",
]);

/** The seed's SAFE_ENV_VARS: assignments that may lead a command that gets a suggestion. */
export const SAFE_ENV_VARS: ReadonlySet<string> = new Set([
  "NODE_ENV", "PYTHONUNBUFFERED", "RUST_LOG", "LANG", "TERM", "NO_COLOR", "FORCE_COLOR", "DEBUG",
  "VERBOSE", "CI", "PATH", "HOME", "USER", "SHELL", "EDITOR", "PAGER", "TZ", "LC_ALL", "LC_CTYPE",
  "COLUMNS", "LINES", "CLICOLOR", "CLICOLOR_FORCE",
]);

export const MAX_SUGGESTIONS = 5;

/** The leading assignments of the Facts command an analysed command comes from (top level only). */
function assignmentsOf(command: AnalyzedCommand, analysis: Analysis, byRange: Map<string, SimpleCommand>): readonly Assignment[] {
  if (command.depth > 0) return [];
  // A top-level command's range is its Facts command's (the smallest one holding it); looked up
  // by range, since a scan of every command per command was quadratic in the line's length.
  if (byRange.size === 0) {
    for (const c of analysis.facts?.commands ?? []) {
      const key = `${c.start}:${c.end}`;
      if (c.argv.length > 0 && !byRange.has(key)) byRange.set(key, c);
    }
  }
  const exact = byRange.get(`${command.start}:${command.end}`);
  if (exact !== undefined) return exact.assignments;
  // A command with a range of its own (a `find -exec` block): the smallest command holding it.
  let best: { start: number; end: number; assignments: Assignment[] } | undefined;
  for (const c of analysis.facts?.commands ?? []) {
    if (c.argv.length === 0 || c.start > command.start || c.end < command.end) continue;
    if (!best || c.end - c.start < best.end - best.start) best = c;
  }
  return best?.assignments ?? [];
}

export function suggestRules(analysis: Analysis, limit = MAX_SUGGESTIONS): string[] {
  const out: string[] = [];
  const byRange = new Map<string, SimpleCommand>();
  for (const command of analysis.commands) {
    if (out.length >= limit) break;
    if (command.readOnly || command.allowForms < 1) continue;
    const form = command.forms[Math.min(command.allowForms, command.forms.length) - 1];
    if (form === undefined) continue;
    const words = form.split(" ");
    const [first, second] = words;
    if (!first || !second) continue;
    if (SAFE_COMMANDS.has(first.toLowerCase())) continue;
    if (assignmentsOf(command, analysis, byRange).some((a) => !SAFE_ENV_VARS.has(a.name))) continue;
    const rule = `${first} ${second}:*`;
    if (!out.includes(rule)) out.push(rule);
  }
  return out;
}
