/**
 * Table lookups by a word's text. A Set or Map hashes the whole string on its first lookup, and a
 * line nested thousands deep has a word per level holding every level below it: looked up by
 * name, such words cost time quadratic in the depth. No table holds a name this long, so a longer
 * word is answered without hashing it.
 */
export const NAME_MAX = 128;

/** Whether `table` holds `text` (never hashing text longer than any name). */
export function hasName(table: ReadonlySet<string> | ReadonlyMap<string, unknown>, text: string): boolean {
  return text.length <= NAME_MAX && table.has(text);
}

/** `table`'s entry for `text` (never hashing text longer than any name). */
export function nameEntry<V>(table: ReadonlyMap<string, V>, text: string): V | undefined {
  return text.length <= NAME_MAX ? table.get(text) : undefined;
}
