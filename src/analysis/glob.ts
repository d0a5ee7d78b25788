/**
 * Path globs matched in time linear in pattern × path, whatever the pattern: globs come from
 * config, and an untrusted project config may add them (a list that adds findings only tightens).
 * A backtracking regular expression made from `@(a*)*(a*)*(a*)*(a*)b` ran for 24 s on one path;
 * here a glob becomes a Thompson automaton (glob-automaton.ts), read as a DFA built on demand.
 *
 * Syntax (picomatch's, with `dot: true`; `[!a]` as in the shell, any character but `a`): `*` and `?` (not `/`), `**` as a whole segment (any
 * number of segments, none included), `[...]` with `!`/`^`, ranges and POSIX classes, `{a,b}`
 * (nested) and `{1..3}`, extglobs `@(…)`, `?(…)`, `*(…)`, `+(…)`, and `\` escapes. `!(…)` is read
 * as `*`: a sensitive list then matches more, never less.
 */

import { Automaton, CHAR, MATCH, SPLIT, type Glob, type State } from "./glob-automaton.js";

export { keptSets, type Glob } from "./glob-automaton.js";

const SLASH = 47;
const notSlash = (c: number): boolean => c !== SLASH;
const anyChar = (): boolean => true;

/** A fragment of the automaton under construction: its start and the dangling exits to patch. */
interface Frag {
  start: number;
  exits: Array<{ state: number; second: boolean }>;
}

class Builder {
  readonly states: State[] = [];

  private add(kind: number, accepts: (c: number) => boolean = anyChar): number {
    this.states.push({ kind, accepts, out: -1, out2: -1 });
    return this.states.length - 1;
  }

  char(accepts: (c: number) => boolean): Frag {
    const s = this.add(CHAR, accepts);
    return { start: s, exits: [{ state: s, second: false }] };
  }

  /** Matches the empty string. */
  empty(): Frag {
    const s = this.add(SPLIT);
    // Both exits dangle; the second is patched to the same target.
    return { start: s, exits: [{ state: s, second: false }, { state: s, second: true }] };
  }

  patch(f: Frag, to: number): void {
    for (const e of f.exits) {
      const st = this.states[e.state] as State;
      if (e.second) st.out2 = to;
      else st.out = to;
    }
  }

  seq(parts: Frag[]): Frag {
    if (parts.length === 0) return this.empty();
    for (let i = 0; i + 1 < parts.length; i++) this.patch(parts[i] as Frag, (parts[i + 1] as Frag).start);
    return { start: (parts[0] as Frag).start, exits: (parts[parts.length - 1] as Frag).exits };
  }

  alt(options: Frag[]): Frag {
    if (options.length === 1) return options[0] as Frag;
    // A chain of splits: s1 → (opt0 | s2 → (opt1 | ...)).
    let right = options[options.length - 1] as Frag;
    for (let i = options.length - 2; i >= 0; i--) {
      const s = this.add(SPLIT);
      const st = this.states[s] as State;
      st.out = (options[i] as Frag).start;
      st.out2 = right.start;
      right = { start: s, exits: [...(options[i] as Frag).exits, ...right.exits] };
    }
    return right;
  }

  /** f* (min 0) or f+ (min 1). */
  repeat(f: Frag, min: 0 | 1): Frag {
    const s = this.add(SPLIT);
    const st = this.states[s] as State;
    st.out = f.start;
    this.patch(f, s);
    return { start: min === 0 ? s : f.start, exits: [{ state: s, second: true }] };
  }

  optional(f: Frag): Frag {
    const s = this.add(SPLIT);
    (this.states[s] as State).out = f.start;
    return { start: s, exits: [...f.exits, { state: s, second: true }] };
  }

  finish(f: Frag): number {
    const m = this.add(MATCH);
    this.patch(f, m);
    return f.start;
  }
}

const POSIX: Record<string, (c: number) => boolean> = {
  alpha: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  digit: (c) => c >= 48 && c <= 57,
  alnum: (c) => POSIX.alpha!(c) || POSIX.digit!(c),
  upper: (c) => c >= 65 && c <= 90,
  lower: (c) => c >= 97 && c <= 122,
  space: (c) => c === 32 || (c >= 9 && c <= 13),
  xdigit: (c) => POSIX.digit!(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
  punct: (c) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126),
  word: (c) => POSIX.alnum!(c) || c === 95,
};

/** A recursive-descent reader of one glob into automaton fragments. */
class Parser {
  private i = 0;

  constructor(private readonly src: string, private readonly b: Builder) {}

  /** A sequence up to one of `stops` (at this nesting level) or the end. */
  sequence(stops: string): Frag {
    const parts: Frag[] = [];
    while (this.i < this.src.length) {
      const ch = this.src[this.i] as string;
      if (stops.includes(ch)) break;
      parts.push(this.atom(parts));
    }
    return this.b.seq(parts);
  }

  private atStartOfSegment(): boolean {
    return this.i === 0 || this.src[this.i - 1] === "/";
  }

  private atom(before: Frag[]): Frag {
    const src = this.src;
    const ch = src[this.i] as string;
    const next = src[this.i + 1];
    if ("@?*+!".includes(ch) && next === "(") return this.extglob(ch);
    if (ch === "*") return this.star(before);
    if (ch === "?") { this.i++; return this.b.char(notSlash); }
    if (ch === "[") { const c = this.bracket(); if (c !== null) return c; }
    if (ch === "{") { const c = this.brace(); if (c !== null) return c; }
    if (ch === "\\" && this.i + 1 < src.length) { this.i += 2; return this.literal(src.charCodeAt(this.i - 1)); }
    this.i++;
    return this.literal(ch.charCodeAt(0));
  }

  private literal(code: number): Frag {
    return this.b.char((c) => c === code);
  }

  private star(before: Frag[]): Frag {
    const src = this.src;
    let j = this.i;
    while (src[j] === "*") j++;
    const globstar = j - this.i >= 2 && this.atStartOfSegment() && (j === src.length || src[j] === "/");
    this.i = j;
    if (!globstar) return this.b.repeat(this.b.char(notSlash), 0);
    const anything = (): Frag => this.b.repeat(this.b.char(anyChar), 0);
    if (src[j] === "/") {
      // `**/`: any number of whole segments, none included.
      this.i++;
      return this.b.optional(this.b.seq([anything(), this.literal(SLASH)]));
    }
    // A final `/**` also matches the directory itself: `a/**` matches `a`.
    if (this.i - 3 >= 0 && src[this.i - 3] === "/" && before.length > 0) {
      before.pop(); // the slash just emitted
      return this.b.optional(this.b.seq([this.literal(SLASH), anything()]));
    }
    return anything();
  }

  private extglob(kind: string): Frag {
    this.i += 2;
    const options: Frag[] = [];
    for (;;) {
      options.push(this.sequence("|)"));
      if (this.src[this.i] === "|") { this.i++; continue; }
      break;
    }
    if (this.src[this.i] === ")") this.i++;
    const group = this.b.alt(options);
    switch (kind) {
      case "@": return group;
      case "?": return this.b.optional(group);
      case "*": return this.b.repeat(group, 0);
      case "+": return this.b.repeat(group, 1);
      // `!(...)`: over-approximated as `*` (see the module comment); the group is built but unused.
      default: return this.b.repeat(this.b.char(notSlash), 0);
    }
  }

  /** `[...]`, or null (and nothing consumed) when unterminated: then `[` is a literal. */
  private bracket(): Frag | null {
    const src = this.src;
    let j = this.i + 1;
    const negated = src[j] === "!" || src[j] === "^";
    if (negated) j++;
    const tests: Array<(c: number) => boolean> = [];
    let first = true;
    while (j < src.length && (src[j] !== "]" || first)) {
      first = false;
      const posix = /^\[:([a-z]+):\]/.exec(src.slice(j, j + 12));
      if (posix !== null && POSIX[posix[1] as string] !== undefined) {
        tests.push(POSIX[posix[1] as string] as (c: number) => boolean);
        j += posix[0].length;
        continue;
      }
      let lo = src.charCodeAt(j);
      if (src[j] === "\\" && j + 1 < src.length) lo = src.charCodeAt(++j);
      j++;
      if (src[j] === "-" && j + 1 < src.length && src[j + 1] !== "]") {
        let hi = src.charCodeAt(j + 1);
        j += 2;
        if (src[j - 1] === "\\" && j < src.length) hi = src.charCodeAt(j++);
        const [a, z] = lo <= hi ? [lo, hi] : [hi, lo];
        tests.push((c) => c >= a && c <= z);
      } else {
        const only = lo;
        tests.push((c) => c === only);
      }
    }
    if (j >= src.length) return null;
    this.i = j + 1;
    return this.b.char((c) => c !== SLASH && tests.some((t) => t(c)) !== negated);
  }

  /** `{a,b}` or `{1..3}`, or null (nothing consumed) when it is not one: then `{` is a literal. */
  private brace(): Frag | null {
    const src = this.src;
    const range = /^\{(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])\}/.exec(src.slice(this.i, this.i + 48));
    if (range !== null) {
      const values = rangeValues(range[1] as string, range[2] as string);
      if (values !== null) {
        this.i += range[0].length;
        return this.b.alt(values.map((v) => this.b.seq([...v].map((ch) => this.literal(ch.charCodeAt(0))))));
      }
    }
    if (!hasBraceComma(src, this.i)) return null;
    this.i++;
    const options: Frag[] = [];
    for (;;) {
      options.push(this.sequence(",}"));
      if (src[this.i] === ",") { this.i++; continue; }
      break;
    }
    this.i++; // the closing brace
    return this.b.alt(options);
  }
}

/** The values of `{lo..hi}`, or null when the range is not a small one. */
function rangeValues(lo: string, hi: string): string[] | null {
  const numeric = /\d/.test(lo) && /\d/.test(hi);
  if (!numeric && (lo.length !== 1 || hi.length !== 1 || /\d/.test(lo + hi))) return null;
  const a = numeric ? Number(lo) : lo.charCodeAt(0);
  const z = numeric ? Number(hi) : hi.charCodeAt(0);
  if (Math.abs(z - a) > 256) return null;
  const out: string[] = [];
  const step = a <= z ? 1 : -1;
  for (let v = a; ; v += step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
    if (v === z) break;
  }
  return out;
}

/** Whether the `{` at `at` opens a brace list: a top-level comma before its closing brace. */
function hasBraceComma(src: string, at: number): boolean {
  let depth = 0;
  for (let j = at; j < src.length; j++) {
    const ch = src[j];
    if (ch === "\\") { j++; continue; }
    if (ch === "{") depth++;
    else if (ch === "}") { if (--depth === 0) return false; }
    else if (ch === "," && depth === 1) return closes(src, j);
  }
  return false;
}

function closes(src: string, from: number): boolean {
  let depth = 1;
  for (let j = from; j < src.length; j++) {
    const ch = src[j];
    if (ch === "\\") { j++; continue; }
    if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return true;
  }
  return false;
}

/** Compiles one glob. */
export function compileGlob(pattern: string): Glob {
  const b = new Builder();
  // At top level nothing stops the sequence: a stray `)`, `|`, `,` or `}` is a literal.
  const start = b.finish(new Parser(pattern, b).sequence(""));
  return new Automaton(b.states, start);
}

/** Compiles a list of globs into one matcher (any of them), or null for none. */
export function compileGlobs(patterns: readonly string[]): Glob | null {
  if (patterns.length === 0) return null;
  const globs = patterns.map(compileGlob);
  return { test: (input) => globs.some((g) => g.test(input)) };
}

/**
 * compileGlobs, compiled on the first test: a matcher whose cheap first looks turn nearly every
 * input away (the secrets lists) need not build its automata in a process that never gets past
 * them, like a one-shot `shellguard check "git status"`.
 */
export function lazyGlobs(patterns: readonly string[]): Glob | null {
  if (patterns.length === 0) return null;
  let globs: Glob | null = null;
  return {
    test: (input) => {
      globs ??= compileGlobs(patterns) as Glob;
      return globs.test(input);
    },
  };
}
