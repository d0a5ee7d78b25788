/**
 * Source text for a parse again with guessed values, with the command and process substitutions
 * it holds written as one unknown value. What runs inside them was judged where it stands, in the
 * parse as written, with the values known there; parsed again inside every guess, a line nested
 * n deep costs 2^n parses (`echo a | xargs $(echo a | xargs $(…))`).
 */

import type { Facts, Word } from "../../facts/types.js";
import { literalText } from "./strings.js";
import { mayPrint } from "./words.js";
import { constructIndex, firstFrom } from "../tree.js";

/**
 * A part only known at run time, as unknownText writes it: never empty for the checks that must
 * not read `rm -rf "$D/$(x)"` as `rm -rf /`; the secret reader also tries a word without it
 * (secrets-reads.ts: `~/.ssh/id_rsa$(true)`).
 */
export const UNKNOWN = "${__dynamic:?}";

/** A construct whose text runs as code and is replaced by its output. */
export const isSubstitutionNode = (type: string): boolean => type === "command_substitution" || type === "process_substitution";

/**
 * `facts.source` from `start` to `end`, each outermost substitution in it replaced by UNKNOWN.
 * Steps over what a replaced substitution holds (constructs come parents first): linear in what is kept.
 */
export function inertText(facts: Facts, start: number, end: number): string {
  const cs = facts.constructs;
  const src = facts.source;
  let out = "";
  let pos = start;
  let i = firstFrom(facts, start);
  while (i < cs.length) {
    const k = cs[i] as (typeof cs)[number];
    if (k.start >= end) break;
    if (!isSubstitutionNode(k.type) || k.end > end) {
      i++;
      continue;
    }
    out += src.slice(pos, k.start) + UNKNOWN;
    pos = k.end;
    i = (constructIndex(facts).last[i] as number) + 1;
  }
  return pos === start ? src.slice(start, end) : out + src.slice(pos, end);
}

/** A dynamic part that runs code (`$(…)`, backquotes, `<(…)`, a `${x:-$(…)}`); one too long to read is taken to. */
const isSubstitution = (part: string): boolean =>
  part.startsWith("$(") || part.startsWith("`") || part.startsWith("<(") || part.startsWith(">(") || mayPrint(part, (t) => t.includes("$(") || t.includes("`"));

/**
 * Word `w` with `token` replaced by `text` where the runner (xargs' `-I R`, find's `{}`) sees it:
 * in the literal parts the shell hands over, and in the output of a substitution that names it
 * (`$(echo {})` prints `{}`), written as `text`. A variable stays a variable; any other
 * substitution is UNKNOWN.
 */
export function replacedIn(w: Word, token: string, text: string): string {
  const literal = (s: string): string => s.split(token).map(literalText).join(text);
  let out = "";
  let pos = 0;
  for (const [s, e] of w.dynamic ?? []) {
    out += literal(w.value.slice(pos, s));
    const part = w.value.slice(s, e);
    out += !isSubstitution(part) ? `"${part}"` : mayPrint(part, (t) => t.includes(token)) ? text : UNKNOWN;
    pos = e;
  }
  return out + literal(w.value.slice(pos));
}
