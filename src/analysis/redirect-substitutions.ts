/**
 * `$(< F)` and `$(> F)`: the grammar reads a command substitution that holds only a redirect as a
 * substitution with a redirect and no statement, so the extractors see no command in it, and what
 * it opens is never judged (`k=$(< ~/.ssh/id_rsa)` reads a key, `x=$(> ~/.bashrc)` empties a file).
 * Its text is parsed alone, where it is the redirect-only statement that `> F` alone is, and that
 * command (no name, the redirect) is put in the line's Facts inside the substitution, at its place.
 */

import type { Facts, Redirect, SimpleCommand, Word } from "../facts/types.js";

/** Most characters of such substitutions parsed again for one parse (real ones are a file name long). */
const MAX_PARSED = 8192;

/** A redirect operator first in the substitution: `<`, `>`, `>>`, `&>`, `2>`, `{fd}>`. */
const REDIRECT_FIRST = /^[ \t]*(?:\d*[<>]|&>|\{[A-Za-z_]\w*\}[<>])/;

/** `facts` with the command of each redirect-only `$(…)` substitution (the same object when it has none). */
export function withRedirectSubstitutions(facts: Facts, parse: (source: string) => Facts): Facts {
  const spans = redirectOnly(facts);
  if (spans === null) return facts;
  const added: SimpleCommand[] = [];
  const errors = [...facts.errors];
  let parsed = 0;
  for (const [k, start, end] of spans) {
    const at = start + 2;
    // Each is parsed on its own, nested ones again inside the outer ones' text: bounded, so a line
    // of them nested deep stays linear (past the bound the line fails closed).
    parsed += end - start;
    if (parsed > MAX_PARSED) {
      errors.push({ type: "ERROR", start, end });
      continue;
    }
    const inner = parse(facts.source.slice(at, end - 1));
    // Commands nested in the redirect's words (`$(< "$(ls)")`) are in the line's Facts already.
    const top = inner.commands.filter((c) => c.parent < 0);
    const sc = top[0];
    // Anything but one command of redirects alone is not what the grammar showed: fail closed.
    if (inner.errors.length > 0 || top.length !== 1 || sc === undefined || sc.argv.length > 0 || sc.redirects.length === 0) {
      errors.push({ type: "ERROR", start, end });
      continue;
    }
    added.push({ ...sc, start: sc.start + at, end: sc.end + at, assignments: [], redirects: sc.redirects.map((r) => shiftRedirect(r, at)), parent: k, pipeline: -1, stage: -1, sep: "", background: false, negated: false });
  }
  const commands = [...facts.commands, ...added].sort((a, b) => a.start - b.start);
  return { ...facts, commands, errors };
}

/** [construct index, start, end] of each `$(…)` substitution that holds a redirect and no command, or null. */
function redirectOnly(facts: Facts): Array<[number, number, number]> | null {
  const { source, constructs } = facts;
  let out: Array<[number, number, number]> | null = null;
  let holds: Uint8Array | null = null;
  for (let k = 0; k < constructs.length; k++) {
    const c = constructs[k] as Facts["constructs"][number];
    if (c.type !== "command_substitution" || source.charCodeAt(c.start) !== 36 /* $ */ || source.charCodeAt(c.start + 1) !== 40 /* ( */) continue;
    if (!REDIRECT_FIRST.test(source.slice(c.start + 2, Math.min(c.end - 1, c.start + 24)))) continue;
    if (holds === null) {
      holds = new Uint8Array(constructs.length);
      for (const sc of facts.commands) if (sc.parent >= 0) holds[sc.parent] = 1;
    }
    if (holds[k] !== 1) (out ??= []).push([k, c.start, c.end]);
  }
  return out;
}

function shiftWord(w: Word, d: number): Word {
  return { ...w, start: w.start + d, end: w.end + d };
}

function shiftRedirect(r: Redirect, d: number): Redirect {
  return { ...r, start: r.start + d, end: r.end + d, target: r.target === null ? null : shiftWord(r.target, d), body: r.body === null ? null : shiftWord(r.body, d) };
}
