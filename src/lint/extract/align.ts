/**
 * Map a decoded string value back onto the source text it was decoded from (a YAML scalar of any
 * style, with its quotes, escapes, indentation and line folding), one file offset per char.
 *
 * A greedy walk: equal chars map to each other; source chars a decoder drops (indentation,
 * quotes, backslashes, newlines) are skipped; a whitespace char of the value with no counterpart
 * (a folded line break, a decoded `\n` or `\t`) maps to where the walk is. Exact for literal
 * block scalars and plain scalars, the usual shapes of `run:`; at worst a char inside a decoded
 * escape maps a few columns off.
 */

const DROPPED = new Set([" ", "\t", "\n", "\r", '"', "'", "\\"]);
const SPACE = new Set([" ", "\t", "\n", "\r"]);

export function alignValue(value: string, source: string, start: number, end: number): number[] {
  const out = new Array<number>(value.length);
  let j = start;
  for (let i = 0; i < value.length; ) {
    if (j >= end) {
      out[i++] = end;
      continue;
    }
    const v = value[i]!;
    const c = source[j]!;
    if (v === c) {
      out[i++] = j++;
    } else if (DROPPED.has(c)) {
      j++;
    } else if (SPACE.has(v)) {
      out[i++] = j;
    } else {
      j++;
    }
  }
  return out;
}
