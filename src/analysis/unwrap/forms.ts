/**
 * The forms of a command: its normalised text at each wrapper level, outermost first, in every
 * spelling a rule may name it by (`/usr/bin/timeout 5 /bin/rm x` is also `timeout 5 rm x`).
 */

import type { Word } from "../../facts/types.js";
import { lastSlash } from "../../facts/slashes.js";
import type { Origin } from "./types.js";

/** A wrapper level's command word: its index, and its name when written as a path (else null). */
export interface Level {
  at: number;
  name: string | null;
  /** The path is a system directory's: the name is the same program. */
  trusted: boolean;
}

/** `$HOME/bin/rm`, `/???/rm`: the path is only known at run time, its last segment is not. */
export function knownLastSegment(word: Word): string | null {
  const slash = lastSlash(word);
  const tail = word.value.slice(slash + 1);
  if (slash < 0 || tail === "" || (word.glob && /[*?[]/.test(tail))) return null;
  return word.dynamic === null || word.dynamic.every(([, end]) => end <= slash) ? tail : null;
}

/**
 * A rule names a program, so each level's form is also spelled with every command word (from that
 * level in) by its name: `/usr/bin/timeout 5 /bin/rm x` also gives `timeout 5 rm x` and `rm x`.
 * A system path is the program itself, so that spelling follows its level's form and allow rules
 * may match it. A name taken from any other path (`./rm`, `/opt/x/rm`) is only what the program
 * is likely to be: those spellings go last, past `allowForms`, for deny and ask rules only.
 * `own` holds `origin.forms` then one form per level.
 */
export function withSpellings(own: string[], origin: Origin, words: readonly Word[], levels: readonly Level[], privLevel: number,
  allowForms: number): { forms: string[]; allowForms: number } {
  const base = origin.forms.length;
  const forms = own.slice(0, base);
  const guesses: string[] = [];
  for (let j = 0; j < levels.length; j++) {
    const written = own[base + j] as string;
    forms.push(written);
    const system = spelling(words, levels, j, false);
    if (system !== written) forms.push(system);
    const guess = spelling(words, levels, j, true);
    if (guess !== system) guesses.push(guess);
    if (j === privLevel) allowForms = forms.length;
  }
  if (guesses.length === 0) return { forms, allowForms };
  return { forms: forms.concat(guesses), allowForms: allowForms < 0 ? forms.length : allowForms };
}

/** Level `j`'s words joined by one space, its command words by name (untrusted paths too if `guess`). */
export function spelling(words: readonly Word[], levels: readonly Level[], j: number, guess: boolean): string {
  let s = "";
  let next = j;
  const from = (levels[j] as Level).at;
  for (let k = from; k < words.length; k++) {
    let v = (words[k] as Word).value;
    const level = levels[next];
    if (level !== undefined && level.at === k) {
      next++;
      if (level.name !== null && level.name !== "" && (level.trusted || guess)) v = level.name;
    }
    s += (k > from ? " " : "") + v;
  }
  return s;
}

/** A word quoted in a message: bounded, so that a line nested n deep makes O(n) text, not O(n²). */
export function clipped(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The normalised text from word `from` on: cooked words joined by one space. When the words are
 * written plainly (cooking removed nothing: value as long as its source) one space apart, that
 * is a slice of the source; otherwise it is built by `+` (V8 keeps a rope until it is read).
 */
export function formOf(words: readonly Word[], all: readonly string[], from: number, source: string): string {
  const last = words.length - 1;
  if (from > last) return "";
  let prev = words[from] as Word;
  let plain = prev.value.length === prev.end - prev.start;
  for (let k = from + 1; plain && k <= last; k++) {
    const w = words[k] as Word;
    plain = w.value.length === w.end - w.start && w.start === prev.end + 1 && source.charCodeAt(prev.end) === 32;
    prev = w;
  }
  return plain ? source.slice((words[from] as Word).start, prev.end) : formFrom(all, from);
}

function formFrom(all: readonly string[], from: number): string {
  let s = from < all.length ? (all[from] as string) : "";
  for (let k = from + 1; k < all.length; k++) s = s + " " + (all[k] as string);
  return s;
}

/** The cooked values of `words` from index `from` on. */
export function valuesFrom(words: readonly Word[], from: number): string[] {
  const out: string[] = new Array<string>(words.length - from);
  for (let k = from; k < words.length; k++) out[k - from] = (words[k] as Word).value;
  return out;
}
