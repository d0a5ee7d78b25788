/**
 * The GNU sed parser, table-driven: script pieces → the commands it compiles (letters, with the
 * file or command of w/W/r/R/e and the flags of s), or the error, or "HOLE" when a run-time part
 * sits where code goes. Each row was checked against GNU sed 4.9 (gnu.test.ts runs the seeds).
 * A hole is written `@` here (replaced by a hole character).
 */

import { describe, expect, it } from "vitest";
import { parseSed, type SedParse } from "./parse.js";
import { isReadOnlyProgram } from "./effects.js";

const H = "\ue000";

function summary(p: SedParse): string {
  if (p.holes === "code") return "HOLE";
  if (p.error !== null) return `ERR ${p.error}`;
  return p.commands.map((c) => c.name + (c.flags ? `/${c.flags}` : "") + (c.arg !== undefined ? `(${c.arg})` : "")).join(" ");
}

const parse = (pieces: string | string[]): SedParse => parseSed((typeof pieces === "string" ? [pieces] : pieces).map((s) => s.replaceAll("@", H)));

const TABLE: ReadonlyArray<[string | string[], string]> = [
  // labels end at `;`, blanks, `}` and `#` (issue 12: these hid e and w)
  ["t;e rm -rf ~", "t e(rm -rf ~)"],
  [":a;w ~/.bashrc", ":(a) w(~/.bashrc)"],
  ["v;e id", "v e(id)"],
  ["v 4.2 p", "v p"],
  ["b end p;:end", "b p :(end)"],
  ["bx#c\n:x", "b :(x)"],
  ["{b end};:end", "{ b } :(end)"],
  ["T;w out", "T w(out)"],
  [":a;N;$!ba;s/\\n/ /g", ":(a) N b s/g"],
  ["b\tp", "ERR can't find label for jump to `p'"],
  [": ;p", "ERR \":\" lacks a label"],
  ["1:a", "ERR : doesn't want any addresses"],
  // addresses
  ["1,5p", "p"],
  ["$p", "p"],
  ["/x/Ip", "p"],
  ["/x/I,/y/Mp", "p"],
  ["/h/ I p", "p"],
  ["\\%a/b%p", "p"],
  ["\\nxnp", "p"],
  ["0,/re/d", "d"],
  ["0,5p", "ERR invalid usage of line address 0"],
  ["0p", "ERR invalid usage of line address 0"],
  ["0r head.txt", "r(head.txt)"],
  ["0~4p", "p"],
  ["1 ~ 2p", "p"],
  ["2~0p", "p"],
  ["1,+3d", "d"],
  ["1,~4d", "d"],
  ["+2p", "ERR invalid usage of +N or ~N as first address"],
  ["~2p", "ERR invalid usage of +N or ~N as first address"],
  ["1,p", "ERR unexpected `,'"],
  ["/a/!d", "d"],
  ["1 ! p", "p"],
  ["1!!p", "ERR multiple `!'s"],
  ["/[/]/p", "p"],
  ["/[a/p", "ERR unterminated address regex"],
  ["/x\\/y/p", "p"],
  // blocks, separators, comments
  ["{p;q}", "{ p q }"],
  ["/re/{p;q}", "{ p q }"],
  ["1{/x/{p}}", "{ { p } }"],
  ["{p} ;p", "{ p } p"],
  ["{p}p", "ERR extra characters after command"],
  ["}", "ERR unexpected `}'"],
  ["{p", "ERR unmatched `{'"],
  ["1}", "ERR unexpected `}'"],
  ["p;;;p", "p p"],
  ["p p", "ERR extra characters after command"],
  ["p#x;e id", "p"],
  ["#n\np", "p"],
  ["1#x", "ERR comments don't accept any addresses"],
  ["$!N;P;D", "N P D"],
  ["1!G;h;$!d", "G h d"],
  ["=;l;l 5;q5;Q 2;z;F;x;g;G;h;H;n;N;d;D;P", "= l l q Q z F x g G h H n N d D P"],
  ["1,2q", "ERR command only uses one address"],
  ["k", "ERR unknown command: `k'"],
  ["", ""],
  // a, i, c: text to the end of the line, backslash-newline continues it
  ["a hello", "a"],
  ["c foo;e id", "c"],
  ["a\\\nfoo\\\ne id", "a"],
  ["a\\\nfoo\ne id", "a e(id)"],
  ["i\\foo", "i"],
  ["a", "ERR expected \\ after `a', `c' or `i'"],
  ["a\\", "a"],
  [["a\\", "e id"], "a"],
  [["a foo\\", "e id"], "a"],
  [["a foo", "e id"], "a e(id)"],
  // e and files: the rest of the line
  ["e", "e()"],
  ["1e rm -rf ~", "e(rm -rf ~)"],
  ["e\np", "e() p"],
  ["w out;p", "w(out;p)"],
  ["w out}", "w(out})"],
  ["w", "ERR missing filename in r/R/w/W commands"],
  ["r /etc/hosts", "r(/etc/hosts)"],
  ["R f\nW g", "R(f) W(g)"],
  // s: any delimiter, escapes, brackets, flags
  ["s/a/b/", "s"],
  ["s|a|b|g", "s/g"],
  ["s a b ", "s"],
  ["snanbn", "s"],
  ["s/a\\/b/c/", "s"],
  ["s/[/]/x/", "s"],
  ["s/[]/]/x/", "s"],
  ["s/[^]/]/x/", "s"],
  ["s/[[:alpha:]/]/x/", "s"],
  ["s/a/[/]/", "ERR unknown option to `s'"],
  ["s/[a/b/", "ERR unterminated `s' command"],
  ["s/a/b\\\nc/", "s"],
  ["s/a/b\nc/", "ERR unterminated `s' command"],
  [["s/a/b\\", "/"], "ERR unterminated `s' command"],
  ["s\na\nb\n", "ERR unterminated `s' command"],
  ["s/a/b/gpI2", "s/gpI2"],
  ["s/a/b/ g ; p", "s/g p"],
  ["s/a/b/gg", "ERR multiple `g' options to `s' command"],
  ["s/a/b/pp", "ERR multiple `p' options to `s' command"],
  ["s/a/b/0", "ERR number option to `s' command may not be zero"],
  ["s/a/b/3g4", "ERR multiple number options to `s' command"],
  ["s/a/b/x", "ERR unknown option to `s'"],
  ["s/a/b/#c", "s"],
  ["s/a/b/}", "ERR unexpected `}'"],
  ["s/.*/id/e", "s/e"],
  ["s/a/b/w out;e id", "s/w(out;e id)"],
  ["s/a/b/ w /dev/stdout", "s/w(/dev/stdout)"],
  ["sé a é b é", "ERR unterminated `s' command"],
  // y
  ["y/abc/xyz/", "y"],
  ["y,a\\,b,x\\,y,;p", "y p"],
  ["y/[/]/", "y"],
  ["y/a/b/g", "ERR extra characters after command"],
  // pieces keep blocks open across -e
  [["1{", "p", "}"], "{ p }"],
  // run-time parts (@): data where data goes, code elsewhere
  ["@", "HOLE"],
  ["@p", "p"],
  ["@,@p", "p"],
  ["@~2d", "d"],
  ["@;p", "HOLE"],
  ["1,@", "HOLE"],
  ["s/@/@/g", "s/g"],
  ["s/a/b/@", "HOLE"],
  ["s@a@b@", "HOLE"],
  ["/@/d", "d"],
  ["p@", "HOLE"],
  ["1@", "HOLE"],
  ["1!@", "HOLE"],
  ["a @", "a"],
  ["b @;:x", "b :(x)"],
  ["w @", `w(${H})`],
];

describe("sed parser: GNU sed 4.9 semantics", () => {
  it.each(TABLE.map(([s, want]) => [JSON.stringify(s), s, want] as const))("%s", (_t, script, want) => {
    expect(summary(parse(script))).toBe(want);
  });
});

describe("sed parser: read-only programs", () => {
  const yes = ["p", "1d;$d", "/x/!d", "{p;q}", "$!N;P;D", "1!G;h;$!d", "/re/{p;q}", "s/a/b/g", "y/a/b/", "r /etc/hosts", "w /dev/stdout", "s/x/y/w /dev/stderr", "a foo", ":a;N;$!ba", "l;=;F;z"];
  const no = ["e", "1e id", "s/a/b/e", "w out", "W out", "s/a/b/w out", "t;e id", ":a;w x", "v;e x", "k", "{p", "@", "s/@/b/", "w /dev/stdin", "w /dev/stdout2"];
  it.each(yes)("%s is read-only", (s) => expect(isReadOnlyProgram(parse(s))).toBe(true));
  it.each(no)("%s is not read-only", (s) => expect(isReadOnlyProgram(parse(s))).toBe(false));
});

describe("sed parser: any input, near-linear, never throws", () => {
  const alphabet = "sypPdDeE wWrRaAicC:bBtTvq{}!;#/\\|,$~+0129\n\t[]^.=&gGIMhHnNxzlF" + H;
  it("random scripts parse or fail cleanly", () => {
    let seed = 42;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
    for (let t = 0; t < 5000; t++) {
      let s = "";
      const len = rnd(40);
      for (let i = 0; i < len; i++) s += alphabet[rnd(alphabet.length)];
      const p = parseSed([s, s.slice(3)]);
      expect(p.error === null || typeof p.error === "string").toBe(true);
    }
  });
  it.each(["[", "s/[[:", "a\\\n", "{", "s/a/b/", "/x/,/y/p;", "b a;", "y/a/b/;", "\\"])("200k characters of %j stay fast", (unit) => {
    const big = unit.repeat(Math.ceil(200_000 / unit.length));
    const t0 = performance.now();
    parseSed([big]);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
