/**
 * fish's backslash escapes outside quotes, which stand for characters (`\x72` is `r`): the
 * translation (fish-translate.ts) writes the character they stand for, quoted.
 */

const LETTER_ESCAPES: Readonly<Record<string, string>> = { a: "\x07", b: "\b", e: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** A fish escape that stands for another character (`\n`, `\x41`, `\101`, `\u263a`, `\cA`), or null. */
export function fishEscape(s: string, i: number): { char: string; end: number } | null {
  const n = s[i + 1] as string;
  const letter = LETTER_ESCAPES[n];
  if (letter !== undefined) return { char: letter, end: i + 2 };
  const num = (re: RegExp, base: number, from: number): { char: string; end: number } | null => {
    const m = re.exec(s.slice(from));
    if (m === null) return null;
    const code = parseInt(m[0], base);
    return code <= 0x10ffff ? { char: String.fromCodePoint(code), end: from + m[0].length } : null;
  };
  if (n === "x" || n === "X") return num(/^[0-9a-fA-F]{1,2}/, 16, i + 2);
  if (n === "u") return num(/^[0-9a-fA-F]{1,4}/, 16, i + 2);
  if (n === "U") return num(/^[0-9a-fA-F]{1,8}/, 16, i + 2);
  if (n >= "0" && n <= "7") return num(/^[0-7]{1,3}/, 8, i + 1);
  if (n === "c" && i + 2 < s.length) return { char: String.fromCharCode((s.charCodeAt(i + 2) & 0x1f) >>> 0), end: i + 3 };
  return null;
}
