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
export { HOME, MARKER } from "./lexer.js";
export type { Language } from "./language.js";

export const AWKS: readonly string[] = ["awk", "gawk", "mawk", "nawk", "busybox-awk"];
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** The versioned names distributions install (`python3.12`, `perl5.36.0`, `ruby3.1`, `php8.2`). */
const PYTHONS = ["python", "python2", "python3", "python2.7", "pypy", "pypy3", ...range(6, 15).map((m) => `python3.${m}`), ...range(8, 11).map((m) => `pypy3.${m}`)];
const PERLS = ["perl", ...range(20, 44).flatMap((m) => [`perl5.${m}`, ...range(0, 4).map((p) => `perl5.${m}.${p}`)])];
const RUBIES = ["ruby", "ruby1.9", "ruby1.9.1", ...range(0, 7).map((m) => `ruby2.${m}`), ...range(0, 6).map((m) => `ruby3.${m}`)];
const PHPS = ["php", "php5", "php5.6", "php7", ...range(0, 4).map((m) => `php7.${m}`), "php8", ...range(0, 6).map((m) => `php8.${m}`)];

const BY_NAME: ReadonlyMap<string, Language> = new Map([
  ...PYTHONS.map((n) => [n, PYTHON] as const),
  ["node", JAVASCRIPT], ["nodejs", JAVASCRIPT], ["deno", JAVASCRIPT], ["bun", JAVASCRIPT],
  // TypeScript runners take node's -e/--eval and -p/--print; their code is read as JavaScript.
  ["ts-node", JAVASCRIPT], ["ts-node-esm", JAVASCRIPT], ["ts-node-script", JAVASCRIPT], ["tsx", JAVASCRIPT],
  // The interactive consoles read the language's statements from stdin (ipython's `!cmd` too).
  ["ipython", PYTHON], ["ipython3", PYTHON], ["irb", RUBY],
  ...PERLS.map((n) => [n, PERL] as const), ...RUBIES.map((n) => [n, RUBY] as const), ...PHPS.map((n) => [n, PHP] as const),
  ...AWKS.map((n) => [n, AWK] as const),
]);

/** The commands whose code is read. */
export const READ_INTERPRETERS: readonly string[] = [...BY_NAME.keys()];

export function languageOf(command: string): Language | null {
  return BY_NAME.get(command) ?? null;
}
