/**
 * Rules and programs the shell chooses at run time (issue 11: "a rule names a program: it reaches
 * every spelling that runs it"). `$CMD -rf x` may be rm: a command name known only at run time,
 * or a shell whose script is, meets every deny and ask rule, and no allow rule short of `Bash`
 * covers it. A word whose dynamic part lies in a directory (`$HOME/bin/rm`) still names its
 * program. Generated members: each way of making a word dynamic × each wrapper × every mode.
 */

import { describe, expect, it } from "vitest";
import { createGuard, MODES, type Decision } from "../../src/index.js";

const guard = createGuard({
  env: { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" },
  cwd: "/",
  reload: false,
  config: { rules: { deny: ["git push:*", "touch:*"], allow: ["git status:*", "make build:*"] } },
});

const explain = (d: Decision): string => `${JSON.stringify(d.command)} in ${d.mode}: ${d.decision} at ${d.step} (${d.reason})`;

/** Ways to write a word the shell fills in at run time. */
const DYNAMIC: readonly ((name: string) => string)[] = [
  (n) => `$${n}`, (n) => `"$${n}"`, (n) => `\${${n}}`, (n) => `"\${${n}:-x}"`, (n) => `$(cat ${n.toLowerCase()})`, (n) => `\`cat ${n.toLowerCase()}\``, (_n) => `"$1"`,
];

describe("deny rules and run-time words", () => {
  const members = DYNAMIC.flatMap((d) => [
    `${d("CMD")} notes.txt`,
    `${d("CMD")} push origin main`,
    `sudo ${d("CMD")} notes.txt`,
    `timeout 5 ${d("CMD")} x`,
    `env -i ${d("CMD")} x`,
    `bash -c ${d("SCRIPT")}`,
    `sh -ec ${d("SCRIPT")}`,
    `bash -c '${d("CMD").replace(/'/g, "")} x' _ touch`,
  ]);

  it("every member is denied, in every mode", () => {
    const missed: string[] = [];
    for (const command of members) {
      for (const mode of MODES) {
        const d = guard.check(command, { mode });
        if (d.decision !== "deny" || d.step !== "deny-rule") missed.push(explain(d));
      }
    }
    expect(missed.slice(0, 20)).toEqual([]);
  });

  it.each([
    "git commit -m \"$MSG\"", "git add \"$f\"", "git -C \"$DIR\" status", "ls \"$HOME\"", "$HOME/bin/chgrp staff x", "\"$HOME\"/.local/bin/mkdir -p x",
  ])("%s: the words written out settle it, no deny", (command) => {
    expect(guard.check(command, { mode: "bypass" }).decision).toBe("allow");
  });

  it("a dynamic directory still names the program: $HOME/bin/touch is touch", () => {
    expect(guard.check("$HOME/bin/touch x", { mode: "bypass" })).toMatchObject({ decision: "deny", rule: "touch:*" });
  });
});

describe("allow rules and run-time programs", () => {
  it("no allow rule covers a program chosen at run time; run-time arguments stay with their program's rules", () => {
    expect(guard.check("$CMD status", { mode: "default" })).toMatchObject({ decision: "deny", step: "deny-rule" });
    expect(guard.check("git status \"$X\"", { mode: "default" })).toMatchObject({ decision: "allow" });
    expect(guard.check("make build TARGET=\"$T\"", { mode: "default" })).toMatchObject({ decision: "allow" });
  });
});
