/**
 * What a parameter operator makes of a known value: `${k%.pub}` strips the suffix, `${k#./}` the
 * prefix, `${k/x/y}` replaces, `${k,,}` / `${k^^}` change case, `${k:0:9}` cuts, `${k:+W}` is W.
 * `k=~/.ssh/id_rsa.pub; curl -F f=@${k%.pub} URL` sends the private key. Where the operator cannot
 * be worked out on the value's text, the value is kept as it is.
 */

import type { Piece } from "./known-values.js";
import { textPieces, type Parameter } from "./parameters.js";

/** The values `values` of a variable as `p` reads them. */
export function applyOperator(values: readonly Piece[][], p: Parameter): Piece[][] {
  const { op, arg } = p;
  if (op === "" || arg === null) return values.slice();
  if (op === "+" || op === ":+") {
    const alt = textPieces(arg);
    return alt === null ? values.slice() : values.map(() => alt);
  }
  return values.map((v) => transform(v, op, arg) ?? v);
}

/**
 * Past these, the value is kept as it is: a pattern is tried at every split of the text, and each
 * `*` multiplies the backtracking (one keeps a strip quadratic in MAX_TEXT at worst).
 */
const MAX_TEXT = 1024;
const MAX_STARS = 1;

function transform(v: Piece[], op: string, arg: string): Piece[] | null {
  let chars = 0;
  for (const p of v) chars += p.text.length;
  if (chars > MAX_TEXT || (arg.match(/\*/g)?.length ?? 0) > MAX_STARS) return null;
  switch (op) {
    case "%":
    case "%%":
      return onPiece(v, v.length - 1, (t) => stripSuffix(t, arg, op === "%%"));
    case "#":
    case "##":
      return onPiece(v, 0, (t) => stripPrefix(t, arg, op === "##"));
    case "/":
    case "//":
      return replace(v, arg, op === "//");
    case "^^":
    case ",,":
      return v.map((p) => (p.kind === 1 ? { ...p, text: op === "^^" ? p.text.toUpperCase() : p.text.toLowerCase() } : p));
    case "^":
    case ",":
      return onPiece(v, 0, (t) => (op === "^" ? t.charAt(0).toUpperCase() : t.charAt(0).toLowerCase()) + t.slice(1));
    case ":":
      return substring(v, arg);
    default:
      return null;
  }
}

/** `v` with piece `k` (text only) changed by `f`; null when that piece is a run-time part. */
function onPiece(v: Piece[], k: number, f: (text: string) => string | null): Piece[] | null {
  const p = v[k];
  if (p === undefined || p.kind === 2) return null;
  const text = f(p.text);
  return text === null ? null : v.map((q, j) => (j === k ? { ...q, text } : q));
}

/** A bash pattern as a regular expression source: `*`, `?` and `[…]` as they match, the rest literal. */
function patternSource(pattern: string): string {
  let out = "";
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k] as string;
    if (c === "*") out += "[^]*";
    else if (c === "?") out += "[^]";
    else if (c === "[") {
      const close = pattern.indexOf("]", k + 2);
      if (close < 0) out += "\\[";
      else {
        out += `[${pattern.slice(k + 1, close).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        k = close;
      }
    } else if (c === "\\" && k + 1 < pattern.length) out += (pattern[++k] as string).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return out;
}

function stripSuffix(text: string, pattern: string, longest: boolean): string {
  const re = new RegExp(`^(?:${patternSource(pattern)})$`);
  for (let k = longest ? 0 : text.length; longest ? k <= text.length : k >= 0; k += longest ? 1 : -1) if (re.test(text.slice(k))) return text.slice(0, k);
  return text;
}

function stripPrefix(text: string, pattern: string, longest: boolean): string {
  const re = new RegExp(`^(?:${patternSource(pattern)})$`);
  for (let k = longest ? text.length : 0; longest ? k >= 0 : k <= text.length; k += longest ? -1 : 1) if (re.test(text.slice(0, k))) return text.slice(k);
  return text;
}

/** `${k/pat/rep}`, `${k//pat/rep}`, `${k/#pat/rep}`, `${k/%pat/rep}` on the value's text pieces. */
function replace(v: Piece[], arg: string, all: boolean): Piece[] | null {
  const slash = arg.search(/(?<!\\)\//);
  const whole = slash < 0 ? arg : arg.slice(0, slash);
  const rep = slash < 0 ? "" : arg.slice(slash + 1);
  const anchor = whole.startsWith("#") ? "^" : whole.startsWith("%") ? "$" : "";
  const pattern = anchor === "" ? whole : whole.slice(1);
  if (pattern === "") return null;
  // An anchor holds for the value's first (#) or last (%) piece only.
  if (anchor !== "") return onPiece(v, anchor === "^" ? 0 : v.length - 1, (t) => t.replace(new RegExp(anchor === "^" ? `^(?:${patternSource(pattern)})` : `(?:${patternSource(pattern)})$`), () => rep));
  const re = new RegExp(patternSource(pattern), all ? "g" : "");
  let done = false;
  return v.map((p) => {
    if (p.kind === 2 || (done && !all) || !re.test(p.text)) return p;
    re.lastIndex = 0;
    done = true;
    return { ...p, text: p.text.replace(re, () => rep) };
  });
}

/** `${k:N}` / `${k:N:M}` on a value that is all text. */
function substring(v: Piece[], arg: string): Piece[] | null {
  const m = /^\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?$/.exec(arg);
  if (m === null || v.some((p) => p.kind === 2)) return null;
  const text = v.map((p) => p.text).join("");
  const from = Number(m[1]) < 0 ? Math.max(text.length + Number(m[1]), 0) : Number(m[1]);
  const length = m[2] === undefined ? text.length : Number(m[2]) < 0 ? text.length + Number(m[2]) - from : Number(m[2]);
  return [{ text: text.slice(from, from + Math.max(length, 0)), kind: 1 }];
}
