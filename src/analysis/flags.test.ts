/**
 * The shared option parser, ESLint-style. First through the real analyze(): every spelling of a
 * flag (split, merged, long, abbreviated, reordered, after operands, with values attached or
 * not) must reach the same finding. Then the parser itself: `argv → canonical flags, operands`.
 */

import { describe, expect, it } from "vitest";
import { parseFlags, type FlagSpec } from "./flags.js";
import { specFor } from "./specs.js";
import { cases, verify, type Row } from "./test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const ROOT = "deletion/root";

const THROUGH_ANALYZE: Row[] = [
  // split, merged, reordered, long, abbreviated, after operands
  ["rm -r -f /", [RM, ROOT]],
  ["rm -rf /", [RM, ROOT]],
  ["rm -fr /", [RM, ROOT]],
  ["rm -Rf /", [RM, ROOT]],
  ["rm -f -R /", [RM, ROOT]],
  ["rm -rvf /", [RM, ROOT]],
  ["rm --recursive --force /", [RM, ROOT]],
  ["rm --force --recursive /", [RM, ROOT]],
  ["rm --rec --forc /", [RM, ROOT]],
  ["rm --r --f /", [RM, ROOT]],
  ["rm --recursive -f /", [RM, ROOT]],
  ["rm / -rf", [RM, ROOT]],
  ["rm / -r -f", [RM, ROOT]],
  ["rm -r / -f", [RM, ROOT]],
  ["rm / --recursive --force", [RM, ROOT]],
  ["rm -rf -- /", [RM, ROOT]],
  ["rm -- / -rf", [ROOT]],
  ["rm -r -- -f", []],
  ["rm --interactive=never -rf /", [RM, ROOT]],
  ["rm --preserve-root=all -rf /", [RM, ROOT]],
  ["rm --no-preserve-root -rf /", [RM, ROOT]],
  ["rm --recursive=x --force /", [RM, ROOT]],
  // quoted and escaped flags are the same flags
  ["rm '-rf' /", [RM, ROOT]],
  ["rm \"-r\" \"-f\" /", [RM, ROOT]],
  ["rm -\\r\\f /", [RM, ROOT]],
  ["rm -r''f /", [RM, ROOT]],
  ["rm $'-rf' /", [RM, ROOT]],
  ["rm $'\\x2drf' /", [RM, ROOT]],
  ["rm --\"recursive\" --'force' /", [RM, ROOT]],
  // values attached, separate, with =
  ["chmod --recursive 777 x", ["dangerous/chmod-world-writable"]],
  ["sort -o out f", []],
  ["sed -e 's/a/b/w out' f", ["sed/write-file"]],
  ["sed -es/a/b/w\\ out f", ["sed/write-file"]],
  ["sed --expression 's/a/b/w out' f", ["sed/write-file"]],
  ["sed --expression='s/a/b/w out' f", ["sed/write-file"]],
  ["sed --expr='s/a/b/w out' f", ["sed/write-file"]],
  ["sed -ne 's/a/b/w out' f", ["sed/write-file"]],
  ["sed -n -e p -e 's/a/b/w out' f", ["sed/write-file"]],
  ["sed -i.bak s/a/b/ ~/.bashrc", ["sed/in-place-sensitive"]],
  ["sed -Ei s/a/b/ ~/.bashrc", ["sed/in-place-sensitive"]],
  ["sed --in-place=.bak s/a/b/ ~/.bashrc", ["sed/in-place-sensitive"]],
  ["sed --in-pl s/a/b/ ~/.bashrc", ["sed/in-place-sensitive"]],
  ["curl -o ~/.bashrc x", ["sensitive-path/file"]],
  ["curl -o~/.bashrc x", ["sensitive-path/file"]],
  ["curl -Lo ~/.bashrc x", ["sensitive-path/file"]],
  ["curl --output=$HOME/.bashrc x", ["sensitive-path/file"]],
  ["curl --output ~/.bashrc x", ["sensitive-path/file"]],
  ["wget --output-doc=~/.bashrc x", ["sensitive-path/file"]],
  ["cp -t ~/.ssh k", ["sensitive-path/directory"]],
  ["cp -t~/.ssh k", ["sensitive-path/directory"]],
  ["cp --target=~/.ssh k", ["sensitive-path/directory"]],
  ["kill -s KILL 1", ["dangerous/kill-force"]],
  ["kill -sKILL 1", ["dangerous/kill-force"]],
  ["kill --signal=KILL 1", ["dangerous/kill-force"]],
  ["kill --signal KILL 1", ["dangerous/kill-force"]],
  // git: global options before the subcommand, flags anywhere after it
  ["git -C repo reset --hard", ["dangerous/git-reset-hard"]],
  ["git -Crepo reset --hard", ["dangerous/git-reset-hard"]],
  ["git -c a.b=c -C repo --no-pager reset --hard", ["dangerous/git-reset-hard"]],
  ["git --git-dir=x --work-tree y reset --hard", ["dangerous/git-reset-hard"]],
  ["git reset HEAD --hard", ["dangerous/git-reset-hard"]],
  ["git push origin main -f", ["dangerous/git-push-force"]],
  ["git push -uf origin main", ["dangerous/git-push-force"]],
  // the lease's value is consumed, so `origin +main` is still seen as a forcing refspec
  ["git push --force-with-lease=main origin +main", ["dangerous/git-push-force"]],
  ["git push --force-with-lease=main origin", []],
  ["git clean -xfd", ["dangerous/git-clean-force"]],
  ["git clean -d -x -f", ["dangerous/git-clean-force"]],
  ["git clean -fnd", []],
  ["git branch -fd topic", ["dangerous/git-branch-force-delete"]],
  ["git branch topic -D", ["dangerous/git-branch-force-delete"]],
  ["git restore -WS .", ["dangerous/git-restore-discard"]],
  ["git restore --source HEAD .", ["dangerous/git-restore-discard"]],
  ["git restore -sHEAD --staged .", []],
  // wrappers' own options with values do not hide the command
  ["sudo -u root rm -rf /", [RM, ROOT]],
  ["sudo -uroot rm -rf /", [RM, ROOT]],
  ["sudo --user root rm -rf /", [RM, ROOT]],
  ["sudo -C 3 -D / -- rm -rf /", [RM, ROOT]],
  ["timeout -s KILL -k 5 10 rm -rf /", [RM, ROOT]],
  ["timeout -sKILL 10 rm -rf /", [RM, ROOT]],
  ["xargs -n 1 -P 4 -I % rm -rf /", [RM, ROOT]],
  ["xargs -0 -r -t rm -rf /", [RM, ROOT]],
  ["xargs -d '\\n' rm -rf /", [RM, ROOT]],
  ["nice -n5 rm -rf /", [RM, ROOT]],
  ["ionice -c 2 -n7 rm -rf /", [RM, ROOT]],
  ["env -u HOME -C / rm -rf /", [RM, ROOT]],
];

describe("flags: spellings through analyze()", () => {
  it.each(cases(THROUGH_ANALYZE))("%s", (_title, row) => verify(row));
});

type ParseRow = readonly [argv: string, spec: FlagSpec, flags: Record<string, string[]>, operands: string[]];

const SORT = specFor("sort") as FlagSpec;
const RMSPEC = specFor("rm") as FlagSpec;
const SED = specFor("sed") as FlagSpec;
const WRAP: FlagSpec = { short: { E: "E" }, shortValue: { u: "user" }, long: { login: "login" }, longValue: { user: "user" }, stopAtOperand: true };

const PARSER: ParseRow[] = [
  ["rm -rf a b", RMSPEC, { recursive: [""], force: [""] }, ["a", "b"]],
  ["rm a -r b -f", RMSPEC, { recursive: [""], force: [""] }, ["a", "b"]],
  ["rm --recursive --force a", RMSPEC, { recursive: [""], force: [""] }, ["a"]],
  ["rm --rec --forc a", RMSPEC, { recursive: [""], force: [""] }, ["a"]],
  ["rm -- -rf", RMSPEC, {}, ["-rf"]],
  ["rm -rzf a", RMSPEC, { recursive: [""], force: [""] }, ["a"]],
  ["rm --interactive=never a", RMSPEC, { interactive: ["never"] }, ["a"]],
  ["rm --frobnicate a", RMSPEC, {}, ["a"]],
  ["sort -o out in", SORT, { output: ["out"] }, ["in"]],
  ["sort -oout in", SORT, { output: ["out"] }, ["in"]],
  ["sort -uo out in", SORT, { u: [""], output: ["out"] }, ["in"]],
  ["sort --output=out in", SORT, { output: ["out"] }, ["in"]],
  ["sort --output out in", SORT, { output: ["out"] }, ["in"]],
  ["sort -k 2 -t : in", SORT, { key: ["2"], "field-separator": [":"] }, ["in"]],
  ["sed -i s/a/b/ f", SED, { "in-place": [""] }, ["s/a/b/", "f"]],
  ["sed -i.bak s/a/b/ f", SED, { "in-place": [".bak"] }, ["s/a/b/", "f"]],
  ["sed -ne p f", SED, { quiet: [""], expression: ["p"] }, ["f"]],
  ["sed -e p -e d f", SED, { expression: ["p", "d"] }, ["f"]],
  ["sed --in-place=.b --expression=p f", SED, { "in-place": [".b"], expression: ["p"] }, ["f"]],
  ["sed --in-place -- -e", SED, { "in-place": [""] }, ["-e"]],
  ["sudo -u root -E cmd -rf", WRAP, { user: ["root"], E: [""] }, []],
  ["sudo --user=root cmd", WRAP, { user: ["root"] }, []],
  ["sudo --log cmd", WRAP, { login: [""] }, []],
];

describe("flags: parseFlags", () => {
  it.each(PARSER.map((r) => [r[0], r] as const))("%s", (_title, [argv, spec, flags, operands]) => {
    const args = argv.split(" ");
    const p = parseFlags(args, spec, 1);
    expect(Object.fromEntries(p.flags)).toEqual(flags);
    expect(p.operands.map((i) => args[i])).toEqual(operands);
  });

  it("stops at the first operand for wrappers and says where the command starts", () => {
    const args = ["sudo", "-u", "root", "--", "rm", "-rf", "/"];
    expect(parseFlags(args, WRAP, 1).rest).toBe(4);
    expect(parseFlags(["sudo", "-E", "rm", "-rf"], WRAP, 1).rest).toBe(2);
  });

  it("refuses an ambiguous abbreviation, as getopt does", () => {
    const spec: FlagSpec = { long: { force: "force", "force-with-lease": "lease" } };
    expect(parseFlags(["git", "--forc"], spec, 1).flags.size).toBe(0);
    expect(parseFlags(["git", "--force"], spec, 1).flags.has("force")).toBe(true);
    expect(parseFlags(["git", "--force-w"], spec, 1).flags.has("lease")).toBe(true);
    expect(parseFlags(["git", "--forc"], spec, 1).unknown).toEqual(["--forc"]);
  });

  it("reads a value at the end of a cluster, attached or in the next word (fd -Hx rm)", () => {
    const spec: FlagSpec = { short: { H: "hidden" }, shortValue: { x: "exec" } };
    expect(Object.fromEntries(parseFlags(["fd", "-Hx", "rm", "-rf"], spec, 1).flags)).toEqual({ hidden: [""], exec: ["rm"] });
    expect(Object.fromEntries(parseFlags(["fd", "-Hxrm"], spec, 1).flags)).toEqual({ hidden: [""], exec: ["rm"] });
  });

  it("ends options after a value when the spec says so (python -c CODE -v: -v is the code's)", () => {
    const spec: FlagSpec = { short: { I: "I", v: "v" }, shortValue: { c: "code" }, stopAtOperand: true, endAfter: ["code"] };
    for (const args of [["py", "-c", "x", "-v"], ["py", "-cx", "-v"], ["py", "-Icx", "-v"]]) {
      const p = parseFlags(args, spec, 1);
      expect(Object.fromEntries(p.flags)).toMatchObject({ code: ["x"] });
      expect(p.flags.has("v")).toBe(false);
      expect(args[p.rest]).toBe("-v");
    }
    const longSpec: FlagSpec = { longValue: { eval: "code" }, endAfter: ["code"] };
    expect(parseFlags(["n", "--eval=x", "--eval", "y"], longSpec, 1).rest).toBe(2);
    expect(parseFlags(["n", "--eval", "x", "--eval", "y"], longSpec, 1).rest).toBe(3);
  });

  it("says where each value sits: the word and the offset in it", () => {
    const spec: FlagSpec = { short: { l: "l" }, shortValue: { e: "code" }, longValue: { eval: "code" }, singleDashLong: false };
    const seen: Array<[string, number, number]> = [];
    parseFlags(["perl", "-le", "a", "-lex", "--eval=yz", "--eval", "w"], spec, 1, (name, index, offset) => void seen.push([name, index, offset]));
    expect(seen).toEqual([["code", 2, 0], ["code", 3, 3], ["code", 4, 7], ["code", 6, 0]]);
  });
});
