/**
 * Where the last `/` of a long word's value is, known without reading the value. A line nested n
 * deep (`echo $(echo $(echo …))`) has a command at each level whose name word holds every level
 * inside it: scanning each name for a `/` (is it a path?) would read O(n²) characters. The native
 * decoder notes the answer for long argv words that are verbatim slices of the line, from one pass
 * over the line; other words (the reference extractor's, wrappers' rewrites) are scanned.
 */
import type { Word } from "./types.js";

/** Shorter values are scanned: a WeakMap lookup costs more than reading a few dozen characters. */
export const LONG_WORD = 64;

const lastSlashes = new WeakMap<Word, number>();

/** `word.value.lastIndexOf("/")`, in constant time for a long word the decoder noted. */
export function lastSlash(word: Word): number {
  const v = word.value;
  if (v.length >= LONG_WORD) {
    const known = lastSlashes.get(word);
    if (known !== undefined) return known;
  }
  return v.lastIndexOf("/");
}

/** Records `word.value.lastIndexOf("/")` (the decoder's, from its index of the line). */
export function noteLastSlash(word: Word, index: number): void {
  lastSlashes.set(word, index);
}

/** For each offset i of `source` (0..length), the index of the last `/` before i, or -1. */
export function slashesBefore(source: string): Int32Array {
  const out = new Int32Array(source.length + 1);
  let last = -1;
  for (let i = 0; i < source.length; i++) {
    out[i] = last;
    if (source.charCodeAt(i) === 47) last = i;
  }
  out[source.length] = last;
  return out;
}
