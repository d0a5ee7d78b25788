/**
 * Inputs for the bash oracle: generated members of the classes where tree-sitter-bash and bash
 * may read a line differently, and seeded random mutations of corpus lines. `sgprobe` is a command
 * name nothing defines: wherever a generator puts it, bash runs it (recorded as an attempt), so
 * the Facts must show it or fail closed.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same inputs on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** Bytes tree-sitter-bash's lexer skips as white space but bash reads as word characters, and bash's blanks for contrast. */
export const BLANK_LIKE = ["\r", "\v", "\f"];
const BLANKS = [" ", "\t"];
/** Other white space (Unicode) that bash reads as word characters. */
const OTHER_SPACE = ["\u00a0", "\u2028", "\u3000", "\u0085", "\u1680"];

/** Every blank-like byte before a `#`, in every position around a word. */
export function blankLikeCases(): string[] {
  const out: string[] = [];
  for (const c of [...BLANK_LIKE, ...BLANKS, ...OTHER_SPACE, "\\ ", "\\\t", "\\\r", "\\\v", "\\\f"]) {
    out.push(`ls${c}#; sgprobe`, `ls ${c}#; sgprobe`, `ls${c} #; sgprobe`, `echo a${c}b; sgprobe`, `${c}sgprobe`, `sgprobe${c}`);
    out.push(`ls${c}#\nsgprobe`, `echo x${c}|| sgprobe`, `X=1${c}sgprobe`, `ls ${c}# x\nsgprobe`, `if${c}true; then sgprobe; fi`);
    out.push(`cat <<EOF${c}\nEOF\nsgprobe\nEOF${c}\n`, `cat <<EOF\n$(sgprobe)\nEOF${c}\nsgprobe2`);
  }
  return out;
}

/** A line continuation at every position of a few lines, and chains of them. */
export function continuationCases(): string[] {
  const bases = ["ls #; sgprobe", "ls && sgprobe", "echo a; sgprobe", "x=1 sgprobe", "echo $(sgprobe) `sgprobe` done", "sgprobe <<EOF\nbody\nEOF", "if true; then sgprobe; fi", "ls|sgprobe", "echo ${x:-$(sgprobe)}"];
  const out: string[] = [];
  for (const b of bases) {
    for (let i = 0; i <= b.length; i++) {
      out.push(b.slice(0, i) + "\\\n" + b.slice(i));
      if (i % 3 === 0) out.push(b.slice(0, i) + "\\\n\\\n" + b.slice(i), b.slice(0, i) + "\\\r\n" + b.slice(i));
    }
  }
  return out;
}

/** Every heredoc form: operators, delimiter quotings, leading blanks on body lines, several per line. */
export function heredocCases(): string[] {
  const out: string[] = [];
  const delims: [written: string, word: string][] = [["EOF", "EOF"], ["'EOF'", "EOF"], ['"EOF"', "EOF"], ["\\EOF", "EOF"], ['E"O"F', "EOF"], ["E'OF'", "EOF"], ["-", "-"], ["E\\OF", "EOF"], ["$x", "$x"], ["'E F'", "E F"]];
  const leads = ["", " ", "\t", "  ", "\t\t", " \t", "\t ", "\r", "\v", "\f", "\\\n"];
  const bodies = ["$(sgprobe)", "`sgprobe`", "${x:-$(sgprobe)}", "$((1+$(sgprobe)))", "\\$(sgprobe)", "x $(sgprobe)", "$'\\x41' $(sgprobe)"];
  for (const op of ["<<", "<<-", "<< ", "<<- "]) {
    for (const [written, word] of delims) {
      for (const lead of leads) {
        for (const body of bodies) out.push(`cat ${op}${written}\n${lead}${body}\n${word}\nsgprobe2`);
        // the end line: indented (only <<- strips, and only tabs), trailing text, a prefix of the delimiter
        for (const end of [` ${word}`, `\t${word}`, `${word} `, `${word}x`, `${word.slice(0, -1)}`, `${lead}${word}`]) out.push(`cat ${op}${written}\nline\n${end}\nsgprobe\n${word}\n`);
      }
    }
  }
  // several heredocs on one line, and a heredoc in a pipeline, a list, a substitution
  for (const lead of ["", " ", "\t"]) {
    out.push(`cat <<A <<B\n${lead}$(sgprobe)\nA\n${lead}$(sgprobe2)\nB\nsgprobe3`);
    out.push(`cat <<A; cat <<'B'\n${lead}a\nA\n${lead}$(b)\nB\nsgprobe3`);
    out.push(`cat <<A | cat <<-B && sgprobe\n${lead}$(sgprobe1)\nA\n\t${lead}$(sgprobe2)\nB\n`);
    out.push(`x=$(cat <<A\n${lead}$(sgprobe)\nA\n)`, `cat <<A\n${lead}$(cat <<B\n${lead}$(sgprobe)\nB\n)\nA`);
    out.push(`cat <<A\n${lead}\`sgprobe\`\n${lead}\${x}$(sgprobe2)\nA\n`);
  }
  return out;
}

/**
 * Words tree-sitter may split or join where bash does not: a `[`/`[[` touching the next character
 * (bash reads one glob word, a command), an assignment whose `=` is not where bash looks for it.
 */
export function wordShapeCases(): string[] {
  const out: string[] = [];
  for (const open of ["[", "[[", "[ ", "[[ "]) {
    for (const inner of ["sgprobe", "sgprobe ", "-n x", "a b", "sgprobe]"]) {
      const close = open.startsWith("[[") ? "]]" : "]";
      out.push(`${open}${inner}${close}`, `${open}${inner} ${close}; sgprobe2`, `true && ${open}${inner}${close}`, `if ${open}${inner}${close}; then sgprobe2; fi`);
    }
  }
  for (const gap of ["", " ", "\t", "\\\n"]) {
    for (const name of ["a[1]", "a[x y]", "a[b[1]]", "a", "a[1]+"]) out.push(`${name}${gap}=2 sgprobe`, `x=1 ${name}${gap}=2 sgprobe`, `declare ${name}${gap}=2; sgprobe`);
    out.push(`for ((i${gap}= 0; i < 1; i++)); do sgprobe; done`);
  }
  return out;
}

/**
 * extglob patterns (bash-reading.ts parseCopy hands them to tree-sitter as word text) in every
 * kind of word and context, with extglob off (bash's default in a script: `(` is syntax there)
 * and on; commands inside, around and glued to the pattern must stay visible.
 */
export function extglobCases(): string[] {
  const patterns = ["@(a|b)", "!(x)", "*(a|b)", "+(a)", "?(a)", "?( *)", "@(a|$(sgprobe))", "@(a|`sgprobe`)", "@()", "@( )", "@(a|(b|c))", "@('a|b'|\"c d\")", "@(a\\|b)", "@(sgprobe)", "!(sgprobe)", "@(a|b", "@(a;sgprobe)", "@(a|b)|sgprobe", "@(a)(sgprobe)", "@(a|b))|sgprobe", "@(a|${x:-$(sgprobe)})", "@(a|\nsgprobe)", "@(a #)|sgprobe"];
  const out: string[] = [];
  for (const p of patterns) {
    for (const pre of ["", "x", "-", "*.", "$", "\\", "/", "'q'"]) {
      const w = pre + p;
      for (const line of [`echo ${w}; sgprobe2`, w, `${w} && sgprobe2`, `true && ${w}`, `case y in ${w}) sgprobe2;; esac`, `[[ y == ${w} ]] && sgprobe2`, `x=${w} sgprobe2`, `f${w} { sgprobe2; }; f${w}`]) {
        out.push(line, `shopt -s extglob\n${line}`);
      }
    }
  }
  return out;
}

/** Insertions that change how a line is read. */
const INSERTS = [
  "\r", "\v", "\f", "\\\n", "\\\r\n", "\n", "\t", " ", "#", ";", "&&", "||", "|", "&", "$(", ")", "`", "'", '"', "\\",
  "<<EOF\n", "\nEOF\n", "<<-EOF\n\t", "<<'E'\n", "\nE\n", "$'\\r'", "{", "}", "(", ")", "((", "))", "[[", "]]", "!", "$", "${", "=", "\\ ",
  "; sgprobe", " && sgprobe", "\nsgprobe\n", "$(sgprobe)", "`sgprobe`", " # ", "<(sgprobe)", "\r#", "\\\n#",
  "@(", "!(", "?( ", "+(a|", "*(", "[", "]", " =",
];

/** One random mutation of a line: 1-3 insertions, a splice with another line, a quote or nesting. */
export function mutate(line: string, other: string, r: () => number): string {
  let s = line;
  const at = (): number => Math.floor(r() * (s.length + 1));
  const kind = r();
  if (kind < 0.6) {
    for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
      const i = at();
      s = s.slice(0, i) + pick(r, INSERTS) + s.slice(i);
    }
  } else if (kind < 0.75) {
    const i = at();
    const j = Math.floor(r() * (other.length + 1));
    s = s.slice(0, i) + pick(r, [";", "\n", " ", "|", "&&", ""]) + other.slice(j);
  } else if (kind < 0.85) {
    s = pick(r, [`bash -c ${JSON.stringify(s)}`, `$(${s})`, `{ ${s}; }`, `(${s})`, `echo "$(${s})"`, `x=\`${s}\``, `cat <<EOF\n${s}\nEOF`, `cat <<EOF\n $(${s})\nEOF`]);
  } else {
    const i = at();
    s = s.slice(0, i) + pick(r, [...BLANK_LIKE, "\\\n"]) + pick(r, ["#", "# ", "&", "&&", ";", "|", "$("]) + s.slice(i) + pick(r, ["; sgprobe", "\nsgprobe"]);
  }
  return s;
}
