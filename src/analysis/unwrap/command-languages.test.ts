/**
 * Tools whose own command language runs the shell (command-languages.ts): ed, dc, m4, lftp, ftp
 * and sftp batches. Every way of handing the tool its commands carries the code to the checks, in
 * guard mode too; their plain uses stay quiet. The readers are checked on their own as well.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { bangEscapes, dcEscapes, edEscapes, m4Escapes } from "./command-languages.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const CODE = "rm -rf ~";
const AT = /@@/g;

/** Each tool's ways of writing a shell command in its language, `@@` the command. */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  ed: ["!@@", "w !@@", ",w !@@", "1,$w !@@", "r !@@", "$r !@@", "e !@@", "E !@@", "W !@@", "g/x/!@@", "'a,'bw !@@", "/re/w !@@"],
  dc: ["!@@", "1 p !@@", "[!@@]x", "[x]sa [!@@]x", "1s#!@@", "1 2 <#!@@"],
  m4: ["syscmd(@@)", "esyscmd(@@)", "syscmd(`@@')", "define(`x', 1)esyscmd(`@@')", "m4_syscmd(@@)"],
  lftp: ["!@@", "open h; !@@", "open h && !@@", "set x y; get f; !@@", "source -e @@", "echo hi | @@", "open h; ls | @@"],
  ftp: ["!@@", "open h\n!@@", "get f |@@", "ls . \"|@@\""],
  sftp: ["!@@", "-!@@", "@!@@", "get f\n!@@", "lls ;@@", "lls x; @@"],
};

/** How each tool is handed its commands: `§` is the command text. */
const CARRIERS: Readonly<Record<string, readonly string[]>> = {
  ed: ["ed -s f <<< '§'", "ed f <<'EOF'\n§\nq\nEOF", "printf '%s\\n' '§' q | ed -s f", "echo '§' | ed", "red -s f <<< '§'", "ed - f <<-EOF\n§\nEOF"],
  dc: ["dc -e '§'", "dc --expression='§'", "dc <<< '§'", "echo '§' | dc"],
  m4: ["m4 <<< '§'", "echo '§' | m4", "m4 -P <<'EOF'\n§\nEOF"],
  lftp: ["lftp -c '§'", "lftp -e '§' h", "lftp h <<'EOF'\n§\nEOF", "echo '§' | lftp h"],
  ftp: ["ftp -n h <<'EOF'\n§\nEOF", "ftp h <<< '§'"],
  sftp: ["sftp -b - h <<'EOF'\n§\nEOF", "sftp -b /dev/stdin h <<< '§'", "sftp -b /dev/fd/0 h <<< '§'", "echo '§' | sftp -b - h"],
};

/** m4 quotes are `…' and the here-string is single-quoted: spell a quote as '\'' there. */
const shq = (s: string): string => s.replace(/'/g, "'\\''");

const GENERATED: Row[] = Object.entries(CARRIERS).flatMap(([tool, carriers]) =>
  carriers.flatMap((c) => (SPELLINGS[tool] as readonly string[]).map((s): Row => {
    const text = s.replace(AT, CODE);
    const inHeredoc = c.includes("EOF");
    return [c.replace("§", inHeredoc ? text : shq(text)), [RM, HOME], "has", true];
  })));

const TABLE: Row[] = [
  ...GENERATED,
  // ed's operand `!cmd` reads a command's output into the buffer
  ["ed '!rm -rf ~'", [RM, HOME], "has", true],
  // commands from a pipe the line does not show
  ...["curl -s http://127.0.0.1/x | ed f", "gen | dc", "curl -s http://127.0.0.1/x | m4", "gen | lftp h", "gen | ftp h", "gen | sftp -b - h"].map((c): Row => [c, ["shell/pipe-to-shell"], "has", true]),
  // commands only known at run time; code m4 reaches by another name
  ["dc -e \"$X\"", ["shell/dynamic-script"], "has", true],
  ["lftp -c \"$CMDS\"", ["shell/dynamic-script"], "has", true],
  ["m4 <<< \"define(\\`run', defn(\\`syscmd'))run(ls)\"", ["shell/opaque-code"], "has", true],
  ["m4 <<< \"indir(\\`sys'\\`cmd', \\`ls')\"", ["shell/opaque-code"], "has", true],
  ["lftp -c 'alias x \"!rm -rf ~\"; x'", ["shell/opaque-code"], "has", true],
  // m4's -D bodies run where their name is expanded
  ["echo x | m4 -Dx='syscmd(rm -rf ~)'", [RM, HOME], "has", true],
  ["m4 --define='x=esyscmd(rm -rf ~)' f.m4", [RM, HOME], "has", true],
  // plain uses stay quiet, in guard too
  ...["ed -s f <<< ',s/a/b/g'", "printf '%s\\n' ',s/a/b/' w q | ed -s f", "printf '%s\\n' a 'hello!' . w q | ed -s f", "ed -s f <<< $'/x/d\\nw'", "ed f",
    "dc -e '2 3 + p'", "dc -e '1 2 !<a'", "dc -e '[1 p]sa 2 3 !=a'", "echo '2 k 1 3 / p' | dc", "dc calc.dc",
    "m4 file.m4", "m4 <<< 'define(x,y)x'", "m4 -DVERSION=1 config.m4 > config",
    "lftp -c 'open h; mirror -R dist /www'", "lftp -e 'get f; bye' h", "ftp h", "ftp -n h <<'EOF'\nuser a b\nget f\nbye\nEOF",
    "sftp h", "sftp -b batch.txt h", "echo 'get f' | sftp -b - h", "sftp -b - h <<< 'put a.txt'", "sftp -b - h <<< 'lls -la /tmp'", "ftp -n h <<< $'user a b\nget f\nbye'", "git log | grep x"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/command-languages: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/command-languages: readers", () => {
  it.each([
    ["!ls", ["ls"]], ["w !sh", ["sh"]], ["wq", []], ["1,$w !sort", ["sort"]], ["a\n!not a command\n.\n!id", ["id"]], ["s/!/x/", []], ["g/a!/!id", ["id"]], ["", []],
  ] as const)("ed %j", (text, want) => expect(edEscapes(text)).toEqual(want));
  it.each([
    ["!ls", ["ls"]], ["1 2 !<a", []], ["1 2 !=a !>b", []], ["[!id]x", ["id"]], ["[!id]sa [1p]x !ls", ["id", "ls"]], ["# !ls", []],
  ] as const)("dc %j", (text, want) => expect(dcEscapes(text)).toEqual(want));
  it.each([
    ["syscmd(ls)", ["ls"]], ["esyscmd(`ls -l')", ["ls -l"]], ["syscmd(echo (a))", ["echo (a)"]], ["defn(`syscmd')", [null]], ["syscmd(ls", [null]], ["define(x, y)", []],
  ] as const)("m4 %j", (text, want) => expect(m4Escapes(text)).toEqual(want));
  it.each([
    ["!ls", ["ls"]], ["open h; !ls; x", ["ls; x"]], ["-!ls", ["ls"]], ["get a!b", []], ["source -e gen", ["gen"]],
  ] as const)("bang %j", (text, want) => expect(bangEscapes(text)).toEqual(want));
});
