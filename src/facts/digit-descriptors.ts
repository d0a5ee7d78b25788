/**
 * tree-sitter-bash reads a `0` written against a redirect (`0<&3`, `0</dev/null rm -rf ~`) as a
 * number word, not as the redirect's descriptor: the `0` lands in the command's argv (as its name
 * when it comes first) and the redirect gets no descriptor. Bash reads it as descriptor 0. Both
 * extractors (native and the tree walker) hand their Facts here, so every backend reads it as
 * bash does.
 */

import type { Facts } from "./types.js";

/** A digit run touching a redirect operator: the only shape that needs looking at. */
const DIGIT_THEN_REDIRECT = /\d[<>]/;
const DIGITS = /^\d+$/;

export function digitDescriptors(facts: Facts): Facts {
  if (!DIGIT_THEN_REDIRECT.test(facts.source)) return facts;
  for (const sc of facts.commands) {
    if (sc.redirects.length === 0) continue;
    for (let k = sc.argv.length - 1; k >= 0; k--) {
      const w = sc.argv[k];
      if (w === undefined || w.quoted || w.dynamic !== null || !DIGITS.test(w.value)) continue;
      const r = sc.redirects.find((x) => x.start === w.end && x.fd === null);
      if (r === undefined) continue;
      r.fd = Number.parseInt(w.value, 10);
      sc.argv.splice(k, 1);
    }
  }
  return facts;
}
