/**
 * A heredoc inside backquotes whose body holds a backquote. Bash finds the end of a backquoted
 * command first, at the next unescaped backquote, and only then parses what is inside; so a
 * backquote in the body ends the substitution there, and the rest of the body runs as commands
 * (`` true `: <<'E'⏎`; rm -rf ~; : `⏎E⏎` `` runs `rm -rf ~`). tree-sitter-bash reads the body
 * to its delimiter instead. The two readings differ, so the line is an `ERROR` (it could not be
 * analysed: the analysis asks). Both extractors hand their Facts here, as to digitDescriptors.
 */

import type { Construct, Facts } from "./types.js";

export function backquotedHeredocs(facts: Facts): Facts {
  const src = facts.source;
  if (src.indexOf("`") < 0 || src.indexOf("<<") < 0) return facts;
  for (const sc of facts.commands) {
    for (const r of sc.redirects) {
      const body = r.body;
      if (body === null || src.slice(body.start, body.end).indexOf("`") < 0 || !insideBackquotes(facts, sc.parent)) continue;
      facts.errors.push({ type: "ERROR", start: body.start, end: body.end });
    }
  }
  return facts;
}

/** Whether the construct at `at`, or one around it, is a backquoted command substitution. */
function insideBackquotes(facts: Facts, at: number): boolean {
  for (let c = at; c >= 0; c = (facts.constructs[c] as Construct).parent) {
    const k = facts.constructs[c] as Construct;
    if (k.type === "command_substitution" && facts.source.charCodeAt(k.start) === 96 /* ` */) return true;
  }
  return false;
}
