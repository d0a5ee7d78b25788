/**
 * `env -S STRING` splits STRING into words itself (GNU coreutils): blanks separate words, quotes
 * group them, backslash escapes and `${NAME}` are expanded, and `#` at the start of a word begins
 * a comment. So `env -S '"rm" x'` and `env -S "'r'm x"` run `rm`: the split must cook the words as
 * env does, or rules and checks see a name that never runs.
 */

export interface EnvWord {
  value: string;
  /** Holds a `${NAME}` expansion: only known at run time. */
  dynamic: boolean;
}

const ESCAPES: Readonly<Record<string, string>> = { f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "#": "#", $: "$", '"': '"', "'": "'", "\\": "\\" };

/**
 * The words env makes of `raw`, or null when env would refuse it (an unknown escape, an
 * unterminated quote, `$` without braces): then nothing runs, but the caller cannot know what
 * was meant either.
 */
export function splitEnvString(raw: string): EnvWord[] | null {
  const out: EnvWord[] = [];
  let value = "";
  let dynamic = false;
  let inWord = false;
  let quote: "'" | '"' | null = null;
  const end = (): void => {
    if (inWord) out.push({ value, dynamic });
    value = "";
    dynamic = false;
    inWord = false;
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (quote === null && (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v")) {
      end();
      continue;
    }
    if (quote === null && c === "#" && !inWord) break;
    const started = inWord;
    inWord = true;
    if (c === quote) quote = null;
    else if (quote === null && (c === "'" || c === '"')) quote = c;
    else if (c === "\\") {
      const e = raw[i + 1];
      i++;
      if (e === undefined) return null;
      if (quote === "'") {
        // Inside single quotes only \\ and \' are escapes.
        value += e === "\\" || e === "'" ? e : "\\" + e;
      } else if (e === "c") {
        // \c: the rest of the string is ignored.
        if (quote !== null) return null;
        inWord = started;
        break;
      } else if (e === "_") {
        if (quote === null) end();
        else value += " ";
      } else if (ESCAPES[e] !== undefined) value += ESCAPES[e];
      else return null;
    } else if (c === "$" && quote !== "'") {
      const close = raw.indexOf("}", i);
      if (raw[i + 1] !== "{" || close < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw.slice(i + 2, close))) return null;
      value += raw.slice(i, close + 1);
      dynamic = true;
      i = close;
    } else value += c;
  }
  if (quote !== null) return null;
  end();
  return out;
}
