/**
 * A loop variable deleted (loop-targets.ts): judged as each word a for list gives it, or as the
 * tree a `find … | while read` walks. Generated over deleters, variable spellings and loop forms,
 * with the body setting the variable (then unknown, as before) beside them.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const GLOB = "deletion/critical-glob";
const DYN = "deletion/dynamic-target";
const ROOT_CHILD = "deletion/root-child";

/** Deleters of `@`, and the ways of writing the variable. */
const DELETERS = ["rm @", "rm -f -- @", "rm -rf @", "shred -u @", "unlink @", "sudo rm -r @"];
const VARS = ['"$f"', "$f", '"${f}"'];
/** `%` is the body. */
const FOR_LOOPS = ["for f in ~/*; do %; done", "for f in ~/.*; do %; done", 'for f in "$HOME"/*; do %; done', "for f in /*; do %; done", "for f in ~/* ~/.*\ndo\n  %\ndone", "for f in x ~/*; do echo \"$f\"; %; done"];
const WALKS = ["find ~ -type f | while read f; do %; done", "find ~ | while IFS= read -r f; do %; done", "find ~ -maxdepth 1 -type f | while read -r f; do %; done", "find / -xdev | while read f; do %; done"];

const body = (d: string, v: string): string => d.replace("@", v);

const ROWS: Row[] = [
  // a critical directory walked: as `rm ~/*`
  ...[...FOR_LOOPS, ...WALKS].flatMap((l) => DELETERS.flatMap((d) => VARS.map((v): Row => [l.replace("%", body(d, v)), [GLOB], "has", true]))),
  ...["bash -c 'for f in ~/*; do rm \"$f\"; done'", "for f in ~/*; do for g in a b; do rm \"$f\"; done; done", "sudo sh -c 'find ~ -type f | while read f; do rm \"$f\"; done'"].map((c): Row => [c, [GLOB], "has", true]),
  ["for d in /etc /usr; do rm -rf \"$d\"; done", [ROOT_CHILD], "has", true],
  // a list of plain names: no more than `rm -rf build dist`
  ...["for d in build dist node_modules; do rm -rf \"$d\"; done", "for f in build/*; do rm -rf \"$f\"; done", "for f in *.log; do rm \"$f\"; done", "for f in a b; do echo \"$f\"; rm -f \"$f\"; done"].map((c): Row => [c, [], "none", true]),
  // picked by name, or not a walk of a tree: quiet as before
  ...["find ~ -name '*.bak' | while read f; do rm \"$f\"; done", "find . -name '*.tmp' | while read -r f; do rm \"$f\"; done", "for f in ~/*; do echo \"$f\"; done", "ls ~ | while read f; do rm \"$f\"; done"].map((c): Row => [c, [], "none", true]),
  // a line read from find may be any path (a name with a newline in it): the variable stays unknown
  ["find build -type f | while read f; do rm -rf \"$f\"; done", [DYN], "has", true],
  // the body may set the variable, or the list is not plain: unknown, as before
  ...["f=~", "read f", "printf -v f %s /", ": ${f:=/}", "declare f=/", "let f=1", "(( f = 0 ))", "f+=/..", "export f=/", "mapfile f < x", "eval \"f=/\"", ". ./env.sh"].map((set): Row => [`for f in build/*; do ${set}; rm -rf "$f"; done`, [DYN], "has", true]),
  ["g(){ f=~; }; for f in build/*; do g; rm -rf \"$f\"; done", [DYN], "has", true],
  ...["for f in $(ls ~); do rm -rf \"$f\"; done", "for f in \"$@\"; do rm -rf \"$f\"; done", "for f in $DIRS; do rm -rf \"$f\"; done", "for f in 'a b'; do rm -rf \"$f\"; done"].map((c): Row => [c, [DYN], "has", true]),
];

describe("deletion: loop variables", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});
