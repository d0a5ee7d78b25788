/**
 * File paths in interpreter code, as the shell would name them: literal parts joined (`+`, `.`,
 * pathlib's `/`, `os.path.join`), the home directory however the code asks for it (`~` expanded,
 * `os.homedir()`, `$ENV{HOME}`, `getenv("HOME")`, `Path.home()`, `Dir.home`) as HOME, the rest
 * MARKER. A path is then judged like a redirect's target (`~/.bashrc`, `/root/.ssh/…`).
 */

import { HOME, MARKER, type Token } from "./lexer.js";

export { HOME };

/** `$ENV{HOME}`, `os.environ["HOME"]`, `getenv("HOME")`, `process.env.HOME`, `os.homedir()`: the tokens a home lookup takes at `j`, else 0. */
function homeAt(tokens: readonly Token[], j: number): number {
  const t = tokens[j];
  if (t?.k !== "id") return 0;
  const id = t.v.replace(/^\./, "");
  const a = tokens[j + 1];
  const b = tokens[j + 2];
  const c = tokens[j + 3];
  const isHome = (x: Token | undefined): boolean => (x?.k === "str" || x?.k === "id") && /^(?:HOME|USERPROFILE)$/.test(x.v);
  if (/(?:^|\.)env\.HOME$/.test(id)) return 1;
  if (/(?:^|\.)(?:environ|env|ENV|\$ENV|\$_SERVER|\$_ENV)$/.test(id) && (a?.v === "[" || a?.v === "{") && isHome(b) && (c?.v === "]" || c?.v === "}")) return 4;
  if (/(?:^|\.)(?:getenv|environ\.get|ENV\.fetch|env\.get)$/.test(id) && a?.v === "(" && isHome(b)) return 2 + skipTo(tokens, j + 2);
  if (/(?:^|\.)(?:homedir|Path\.home|Dir\.home|home_dir)$/.test(id) || (id === "home" && t.v.startsWith("."))) return a?.v === "(" && b?.v === ")" ? 3 : 1;
  return 0;
}

/** Tokens from `j` to the `)` closing the call `j` is in, inclusive. */
function skipTo(tokens: readonly Token[], j: number): number {
  let depth = 0;
  for (let k = j; k < tokens.length; k++) {
    const v = (tokens[k] as Token).v;
    if ("([{".includes(v) && tokens[k]?.k === "p") depth++;
    else if (")]}".includes(v) && tokens[k]?.k === "p" && depth-- === 0) return k - j + 1;
  }
  return tokens.length - j;
}

/** Calls whose value is a path made of their arguments: joined with `/` (`os.path.join`), or the argument as it is. */
const JOINS = /(?:^|\.)(?:str|String|fspath|strval|join|joinpath|resolve|File\.join|Path|PurePath|PosixPath|Pathname|Pathname\.new|realpath|abspath|normpath|expanduser|expand_path|absolute_path|URL|fileURLToPath)$/;
/** Methods of a path that leave it the same place (`.expanduser()`, `.resolve()`, `.to_s`). */
const SAME = /^\.(?:expanduser|resolve|absolute|to_s|toString|__str__|as_posix|expand_path|realpath)$/;

/** The arguments of the call whose `(` is at `j`, and the index after its `)`. */
function argsAt(tokens: readonly Token[], j: number): [Token[][], number] {
  const args: Token[][] = [[]];
  let depth = 0;
  let k = j + 1;
  for (; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.k === "p" && "([{".includes(t.v)) depth++;
    else if (t.k === "p" && ")]}".includes(t.v) && depth-- === 0) break;
    if (depth === 0 && t.v === ",") args.push([]);
    else if (t.v !== "\n") (args[args.length - 1] as Token[]).push(t);
  }
  return [args[0]?.length === 0 && args.length === 1 ? [] : args, k + 1];
}

/** Keyword arguments and perl's/ruby's options (`mode="w"`, `encoding: "utf8"`) are not path parts. */
const isOption = (arg: readonly Token[]): boolean => arg[1]?.v === "=" || arg[1]?.v === ":" || arg[0]?.v === ":" || arg[1]?.v === ">";

/** A path expression's text: HOME for the home directory, MARKER for what is known only at run time. */
export function pathValue(tokens: readonly Token[]): string {
  let out = "";
  let j = 0;
  let first = true;
  while (j < tokens.length) {
    const t = tokens[j] as Token;
    if (t.k === "p" && (t.v === "+" || t.v === "." || t.v === "\n")) {
      j++;
      continue;
    }
    // pathlib: `Path.home() / ".ssh"`.
    if (t.k === "p" && t.v === "/" && !first) {
      out += "/";
      j++;
      continue;
    }
    const [part, next] = term(tokens, j);
    out += part;
    j = next;
    first = false;
  }
  return normalize(out);
}

/** One operand at `j` with its method calls; its text and the index after it. */
function term(tokens: readonly Token[], j: number): [string, number] {
  const t = tokens[j] as Token;
  let text: string;
  let k: number;
  const home = homeAt(tokens, j);
  if (home > 0) [text, k] = [HOME, j + home];
  else if (t.k === "str") [text, k] = [t.v, j + 1];
  else if (t.k === "p" && t.v === "(") {
    const [args, after] = argsAt(tokens, j);
    [text, k] = [args.length === 1 ? pathValue(args[0] as Token[]) : MARKER, after];
  } else if (t.k === "id" && JOINS.test(t.v.replace(/^\./, "")) && tokens[j + 1]?.v === "(") {
    const [args, after] = argsAt(tokens, j + 1);
    const parts = args.filter((a) => !isOption(a)).map((a) => pathValue(a));
    // ruby `File.expand_path("x", "~")`: relative to its second argument.
    if (/expand_path$/.test(t.v) && parts.length === 2) parts.reverse();
    [text, k] = [parts.length === 0 ? MARKER : parts.join("/"), after];
  } else {
    k = j + 1;
    if (tokens[k]?.v === "(" || tokens[k]?.v === "[") k = argsAt(tokens, k)[1];
    text = MARKER;
  }
  // Methods of the path: `.expanduser()`, `.joinpath("x")`.
  while (tokens[k]?.k === "id" && (tokens[k] as Token).v.startsWith(".")) {
    const m = (tokens[k] as Token).v;
    const call = tokens[k + 1]?.v === "(" ? argsAt(tokens, k + 1) : null;
    if (SAME.test(m)) text = m === ".expanduser" || m === ".expand_path" ? expand(text) : text;
    // `require("os").homedir()`.
    else if (m === ".homedir") text = HOME;
    // `require("path").join(a, b)`: the module's join.
    else if ((m === ".join" || m === ".resolve") && call !== null && text === MARKER) text = call[0].map((x) => pathValue(x)).join("/");
    else if (m === ".joinpath" && call !== null) text = [text, ...call[0].map((a) => pathValue(a))].join("/");
    else text = MARKER;
    k = call === null ? k + 1 : call[1];
  }
  return [text, k];
}

const expand = (p: string): string => p.replace(/^~(?=\/|$)/, HOME);

/** A string's text as a path (perl's two-argument open): `~` and HOME as the home directory. */
export const asPath = (text: string): string => normalize(text);

/** `~/x` named in a write is the home's (python and ruby do not expand it, but nothing else is meant); `//` as one. */
function normalize(p: string): string {
  return expand(p).replace(/\/{2,}/g, "/");
}
