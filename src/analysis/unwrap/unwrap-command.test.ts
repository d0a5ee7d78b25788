/**
 * Unwrapping one command (unwrap-command.ts, words.ts, forms.ts, index.ts): command names in every
 * spelling, braces, every context, dynamic command names, bounded nesting, and what the engine relies
 * on: forms, allowForms, privilege, ranges.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, expect, it } from "vitest";
import { cases, CONTEXTS, nameSpellings, type Row, run, shq, verify } from "../test-helpers.js";
import { MAX_DEPTH } from "./index.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const DYNCMD = "shell/dynamic-command";

const TABLE: Row[] = [
  // command names in every spelling
  ...nameSpellings("rm").map((n): Row => [`${n} -rf ~`, [RM, HOME]]),
  ["r\\\nm -rf ~", [RM, HOME]],
  ["{rm,-rf,~}", ["injection/parse-error"]],
  ["rm {-rf,~}", [RM, HOME]],
  ["r{m,} -rf ~", [RM, HOME]],
  // in every context (guard mode: the construct alone is not a finding)
  ...CONTEXTS.map((c): Row => [c.replace("%", "rm -rf ~"), [RM, HOME], "has", true]),
  // dynamic command names
  ["$CMD -rf /", [DYNCMD]],
  ["${CMD} x", [DYNCMD]],
  ["\"$CMD\" x", [DYNCMD]],
  ["$(echo rm) -rf /", [DYNCMD]],
  ["`echo rm` -rf /", [DYNCMD]],
  ["r$X -rf /", [DYNCMD]],
  ["x=rm; $x -rf ~", [DYNCMD]],
  ["sudo $EDITOR /etc/hosts", [DYNCMD]],
  ["/???/r? -rf ~", [DYNCMD]],
  ["/bin/r[m] -rf ~", [DYNCMD]],
  ["/bin/r* -rf ~", [DYNCMD]],
  ["[ -f x ]", [], "none", true],
  ["echo $CMD", [], "none"],
  ["ls \"$DIR\"", [], "none"],
  // nesting is followed to a bounded depth (deeper is an AnalysisLimitError: test/analysis/limits.test.ts)
  [nested(MAX_DEPTH, "rm -rf ~"), [RM, HOME]],
];

/** `bash -c '...'` nested `depth` times around `cmd`. */
function nested(depth: number, cmd: string): string {
  let s = cmd;
  for (let i = 0; i < depth; i++) s = `bash -c ${shq(s)}`;
  return s;
}

describe("unwrap/unwrap-command: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap: what the engine sees", () => {
  const only = (cmd: string) => {
    const a = run(cmd);
    expect(a.commands.length, cmd).toBe(1);
    return a.commands[0] as (typeof a.commands)[number];
  };

  it("sees through wrappers: argv and forms outermost first", () => {
    const c = only("nice -n 5 timeout 5 terraform destroy");
    expect(c.argv).toEqual(["terraform", "destroy"]);
    expect(c.forms).toEqual(["nice -n 5 timeout 5 terraform destroy", "timeout 5 terraform destroy", "terraform destroy"]);
    expect(c.allowForms).toBe(3);
    expect(c.privileged).toBe(false);
  });

  it("stops allow rules at a privilege wrapper", () => {
    const c = only("sudo -u x rm f");
    expect(c.forms).toEqual(["sudo -u x rm f", "rm f"]);
    expect(c.allowForms).toBe(1);
    expect(c.privileged).toBe(true);
  });

  it("a string run by a shell inherits the runner's forms", () => {
    const c = only("bash -c 'npm test'");
    expect(c.forms).toEqual(["bash -c npm test", "npm test"]);
    expect(c.allowForms).toBe(2);
    expect(c.depth).toBe(1);
    expect(c.start).toBe(8);
    expect(c.end).toBe(18);
  });

  it("a string run with privilege is privileged, and never read-only", () => {
    for (const cmd of ["sudo bash -c 'cat /etc/shadow'", "su -c 'cat /etc/shadow'", "doas sh -c 'ls'", "sudo sh <<< 'ls'", "sudo find . -exec cat {} \\;", "sudo watch ls"]) {
      const a = run(cmd);
      expect(a.commands.every((c) => c.privileged), cmd).toBe(true);
      expect(a.readOnly, cmd).toBe(false);
    }
    const c = only("sudo bash -c 'cat /etc/shadow'");
    expect(c.forms).toEqual(["sudo bash -c cat /etc/shadow", "bash -c cat /etc/shadow", "cat /etc/shadow"]);
    expect(c.allowForms).toBe(1);
  });

  it("find -exec commands carry find's forms and privilege", () => {
    const a = run("sudo find . -exec rm {} \\;");
    const rm = a.commands.find((c) => c.argv[0] === "rm");
    expect(rm?.privileged).toBe(true);
    expect(rm?.allowForms).toBe(1);
    expect(rm?.forms[0]).toBe("sudo find . -exec rm {} ;");
  });

  it("every command of a compound line is its own command", () => {
    expect(run("npm test && rm -rf ~").commands.map((c) => c.argv[0])).toEqual(["npm", "rm"]);
    expect(run("a | b; c\nd").commands.map((c) => c.argv[0])).toEqual(["a", "b", "c", "d"]);
  });

  it("maps findings inside a nested string to the string's range", () => {
    const src = "echo ok; bash -c 'rm -rf ~'";
    const f = run(src).findings.find((x) => x.id === HOME);
    expect(src.slice(f?.start, f?.end)).toBe("'rm -rf ~'");
  });
});
