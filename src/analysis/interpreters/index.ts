/**
 * Interpreter one-liners: the languages read (python, node, perl, ruby, php, awk) and what their
 * code runs and deletes (calls.ts). Used by unwrap/interpreters.ts; nothing here is built until an
 * interpreter's code is read.
 */

import type { Language } from "./language.js";
import { AWK } from "./awk.js";
import { JAVASCRIPT } from "./javascript.js";
import { PERL } from "./perl.js";
import { PHP } from "./php.js";
import { PYTHON } from "./python.js";
import { RUBY } from "./ruby.js";

export { readCode, type Action } from "./calls.js";
export { MARKER } from "./lexer.js";
export type { Language } from "./language.js";

export const AWKS: readonly string[] = ["awk", "gawk", "mawk", "nawk", "busybox-awk"];
const PYTHONS = ["python", "python2", "python3", "pypy", "pypy3", ...Array.from({ length: 10 }, (_, i) => `python3.${i + 6}`)];

const BY_NAME: ReadonlyMap<string, Language> = new Map([
  ...PYTHONS.map((n) => [n, PYTHON] as const),
  ["node", JAVASCRIPT], ["nodejs", JAVASCRIPT], ["perl", PERL], ["ruby", RUBY], ["php", PHP],
  ...AWKS.map((n) => [n, AWK] as const),
]);

/** The commands whose code is read. */
export const READ_INTERPRETERS: readonly string[] = [...BY_NAME.keys()];

export function languageOf(command: string): Language | null {
  return BY_NAME.get(command) ?? null;
}
