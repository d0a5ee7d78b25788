/**
 * tree-sitter-bash reads a `0` written against a redirect (`0<&3`, `0</dev/null rm -rf ~`) as a
 * number word, not as the redirect's descriptor: the `0` lands in the command's argv (as its name
 * when it comes first) and the redirect gets no descriptor. Bash reads it as descriptor 0. Both
 * extractors (native and the tree walker) hand their Facts here, so every backend reads it as
 * bash does.
 *
 * The same holds for `{name}` against a redirect (`sh {fd}>/dev/null`, `{fd}<&0 rm -rf ~`): bash
 * opens a new descriptor (10 or above) and stores its number in `name`; tree-sitter reads `{fd}`
 * as a word, so `curl … | sh {fd}>/dev/null` looked like `sh SCRIPT`. It becomes descriptor 10.
 */

import type { Facts } from "./types.js";

/** A digit run or a `{name}` touching a redirect operator: the only shapes that need looking at. */
const DIGIT_THEN_REDIRECT = /[\d}][<>]/;
const DIGITS = /^\d+$/;
const NAMED = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
/** The descriptor bash gives a `{name}` redirect: the first free one from 10. */
const NAMED_FD = 10;

export function digitDescriptors(facts: Facts): Facts {
  if (!DIGIT_THEN_REDIRECT.test(facts.source)) return facts;
  for (const sc of facts.commands) {
    if (sc.redirects.length === 0) continue;
    for (let k = sc.argv.length - 1; k >= 0; k--) {
      const w = sc.argv[k];
      if (w === undefined || w.quoted || w.dynamic !== null) continue;
      const digits = DIGITS.test(w.value);
      if (!digits && !NAMED.test(w.value)) continue;
      const r = sc.redirects.find((x) => x.start === w.end && x.fd === null);
      if (r === undefined) continue;
      r.fd = digits ? Number.parseInt(w.value, 10) : NAMED_FD;
      sc.argv.splice(k, 1);
    }
  }
  return facts;
}
