/**
 * Wildcard patterns (`git * --force`) matched in linear-bounded time: no RegExp is ever built
 * from a pattern, since an untrusted project config may add deny rules (`************X` made a
 * backtracking regex run for minutes).
 *
 * A pattern is literal text with `*` matching any text (newlines included); `\*` is a literal
 * star, `\\` a literal backslash, any other backslash is literal. A pattern ending in an unescaped
 * `*` also matches the text before that star with trailing blanks removed (`git *` matches `git`).
 *
 * The match is the classic greedy two-pointer glob walk with one backtrack point (the last star
 * seen): at most about |pattern| · |text| steps, and runs of stars collapse to one.
 */

/** A compiled pattern: character codes, with STAR for an unescaped `*`. */
export interface Wildcard {
  readonly codes: Int32Array;
  /** The pattern without its final star and trailing blanks, or null if it does not end in a star. */
  readonly base: Int32Array | null;
}

const STAR = -1;

/** Optional step counter, so tests can assert the bound on work instead of timing it. */
export interface WorkCounter {
  steps: number;
}

function isBlank(code: number): boolean {
  // What String.prototype.trimEnd removes among ASCII and the common Unicode spaces.
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000;
}

export function compileWildcard(pattern: string): Wildcard {
  const codes: number[] = [];
  let endsWithStar = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    const next = pattern.charCodeAt(i + 1);
    endsWithStar = false;
    if (c === 92 /* \ */ && (next === 92 || next === 42 /* * */)) {
      codes.push(next);
      i++;
    } else if (c === 42) {
      endsWithStar = true;
      codes.push(STAR);
    } else codes.push(c);
  }
  let base: number[] | null = null;
  if (endsWithStar) {
    base = codes.slice(0, -1);
    while (base.length > 0 && base[base.length - 1] !== STAR && isBlank(base[base.length - 1]!)) base.pop();
  }
  return { codes: collapseStars(codes), base: base === null ? null : collapseStars(base) };
}

/** `**` matches what `*` does; one star keeps the backtracking to one point per run. */
function collapseStars(codes: readonly number[]): Int32Array {
  const out: number[] = [];
  for (const c of codes) if (c !== STAR || out[out.length - 1] !== STAR) out.push(c);
  return Int32Array.from(out);
}

/**
 * Does the whole of `text` match `p`? Greedy, backtracking only to the last star. With
 * `fromWords`, also any suffix of `text` that starts after a space: a virtual leading star whose
 * restarts are word starts, forgotten (like any earlier star) once a real star is passed.
 */
function globMatch(p: Int32Array, text: string, work: WorkCounter | undefined, fromWords: boolean, open = false): boolean {
  const n = text.length;
  const m = p.length;
  let pi = 0;
  let ti = 0;
  let star = -1;
  let mark = 0;
  let steps = 0;
  let word = fromWords;
  while (ti < n) {
    steps++;
    const pc = pi < m ? p[pi]! : -2;
    if (pc === STAR) {
      star = pi++;
      mark = ti;
      word = false;
    } else if (pc === text.charCodeAt(ti)) {
      pi++;
      ti++;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else if (word && (mark = text.indexOf(" ", mark) + 1) > 0) {
      steps += mark - ti > 0 ? mark - ti : 0;
      pi = 0;
      ti = mark;
    } else {
      if (work) work.steps += steps;
      return false;
    }
  }
  while (pi < m && p[pi] === STAR) pi++;
  if (work) work.steps += steps;
  // Open: the text went through a prefix of the pattern, so some continuation completes it.
  return open || pi === m;
}

export function wildcardMatch(w: Wildcard, text: string, work?: WorkCounter): boolean {
  return globMatch(w.codes, text, work, false) || (w.base !== null && globMatch(w.base, text, work, false));
}

/** Does `w` match `text` or its tail from any word on (`timeout 5 rm x` → also `rm x`, `x`)? */
export function wildcardMatchFromWords(w: Wildcard, text: string, work?: WorkCounter): boolean {
  return globMatch(w.codes, text, work, true) || (w.base !== null && globMatch(w.base, text, work, true));
}

/**
 * Could `w` match `text` followed by text not known yet (arguments xargs reads at run time)? True
 * when `text` matches a prefix of the pattern, cut anywhere: the unknown text can be the rest.
 * Same walk, same bound.
 */
export function wildcardMatchOpen(w: Wildcard, text: string, work?: WorkCounter): boolean {
  return globMatch(w.codes, text, work, false, true);
}

/** A character no pattern is expected to hold: it stands for text not known yet. */
const UNKNOWN = 0xfdd0;

/**
 * Does `w` match `text` followed by ANY text (allow rules: every completion must be allowed)?
 * Only if the pattern ends in a star that takes a stand-in character no literal of the pattern
 * can match: then whatever stands there is taken by that final star too.
 */
export function wildcardMatchEveryCompletion(w: Wildcard, text: string, work?: WorkCounter): boolean {
  if (w.base === null || w.codes.includes(UNKNOWN)) return false;
  return globMatch(w.codes, text + String.fromCharCode(UNKNOWN), work, false);
}
