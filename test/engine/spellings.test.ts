/**
 * A rule names a program and reaches every spelling that runs it: generated members of the class
 * (spelling of the program × every wrapper and shell-in-shell the analysis sees through × every
 * mode), through the library and the real CLI (`check --batch`). Deny rules are on harmless
 * commands (`touch`, `git push`); nothing is run. Allow rules are not widened past the system
 * program (`./touch`, `/opt/x/touch` are not allowed by `touch:*`).
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createGuard, MODES, type Decision } from "../../src/index.js";
import { WRAPPERS } from "../../src/analysis/unwrap/wrappers.js";
import { DEBUGGER_WRAPPERS } from "../../src/analysis/unwrap/debugger-wrappers.js";
import { run } from "../cli/helpers.js";
import { ALL_WRAPPERS, generated, spellings, WRAPPED } from "./spellings.js";
import { sandbox } from "../sandbox.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-spell-")));
const home = join(base, "home");
const cwd = join(home, "project");
mkdirSync(cwd, { recursive: true });
const env = { HOME: home, XDG_CONFIG_HOME: join(base, "xdg"), XDG_CACHE_HOME: join(base, "cache") };
afterAll(() => rmSync(base, { recursive: true, force: true }));

const RULES = { deny: ["touch:*", "git push:*", "mkdir *"], ask: ["chgrp:*"] };
const guard = createGuard({ cwd, env, reload: false, config: { rules: RULES } });

const COMMANDS = generated();

function explain(d: Decision): string {
  return `${JSON.stringify(d.command)} in ${d.mode}: ${d.decision} at ${d.step} (${d.reason})`;
}

describe("a deny rule reaches every spelling of its program", () => {
  it("the wrapper table covers every wrapper the analysis knows", () => {
    expect(Object.keys(WRAPPED).sort()).toEqual([...WRAPPERS.keys(), ...DEBUGGER_WRAPPERS.map(([name]) => name)].sort());
    expect(COMMANDS.length).toBeGreaterThan(4_000);
  });

  it.each(MODES.map((m) => [m]))("every member is denied in %s mode (library)", (mode) => {
    const missed: string[] = [];
    for (const command of COMMANDS) {
      const d = guard.check(command, { mode });
      if (d.decision !== "deny" || d.step !== "deny-rule") missed.push(explain(d));
    }
    expect(missed.slice(0, 20)).toEqual([]);
  });

  it("an ask rule reaches them too", () => {
    const missed: string[] = [];
    for (const s of spellings("chgrp")) {
      for (const w of ALL_WRAPPERS) {
        for (const mode of MODES) {
          const d = guard.check(w(`${s} staff notes.txt`), { mode });
          const expected = mode === "dontAsk" ? "deny" : "ask";
          if (d.decision !== expected || d.step !== "ask-rule") missed.push(explain(d));
        }
      }
    }
    expect(missed.slice(0, 20)).toEqual([]);
  });

  it("a rule does not reach other programs or arguments", () => {
    for (const command of ["touchx notes.txt", "/bin/touchy x", "git pull", "/usr/bin/git pushx", "echo touch", "ls /bin/touch", "mkdirs x", "./mkdir-all x", "sudo -u touch ls"]) {
      for (const mode of MODES) expect(guard.check(command, { mode }).step, `${command} in ${mode}`).not.toBe("deny-rule");
    }
  });
});

describe("allow rules are not widened past the system program", () => {
  const allow = createGuard({ cwd, env, config: { rules: { allow: ["touch:*", "git push:*"] } } });

  it.each(["touch notes.txt", "/usr/bin/touch notes.txt", "/bin/touch notes.txt", "'touch' notes.txt", "timeout 5 /usr/bin/touch notes.txt", "/usr/bin/git push", "/usr/bin/env /usr/bin/git push", "/bin/../usr/bin/touch x", "//usr/bin/./touch x"])(
    "%s: the system program, allowed",
    (command) => {
      expect(allow.check(command, { mode: "default" })).toMatchObject({ decision: "allow", step: "allow-rule" });
    },
  );

  it.each(["./touch notes.txt", "/opt/x/touch notes.txt", "~/bin/touch notes.txt", "../touch x", "/tmp/x/../../usr/bin/touch x", "timeout 5 ./touch x", "bash -c './touch x'", "./git push", "/opt/git push", "$HOME/bin/touch x", "sudo touch x", "sudo /usr/bin/touch x"])(
    "%s: not allowed by touch:* / git push:*",
    (command) => {
      for (const mode of ["default", "acceptEdits", "dontAsk"] as const) {
        const d = allow.check(command, { mode });
        expect(d.step, `${command} in ${mode}`).not.toBe("allow-rule");
      }
    },
  );
});

describe("the real CLI (check --batch, check --json)", () => {
  const sb = sandbox("spell");
  afterAll(() => sb.cleanup());
  const file = sb.write(join(sb.dir, "rules.json"), { rules: RULES });

  it("denies every member in every mode", async () => {
    const members = COMMANDS.filter((_, k) => k % 7 === 0);
    const input = MODES.flatMap((mode) => members.map((command) => JSON.stringify({ command, mode }))).join("\n") + "\n";
    const r = await run(sb, ["check", "--batch", "--config", file], { input });
    expect(r.code).toBe(0);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as Decision);
    expect(out).toHaveLength(members.length * MODES.length);
    expect(out.filter((d) => d.decision !== "deny").map(explain).slice(0, 20)).toEqual([]);
  }, 120_000);

  it.each([
    ["/bin/touch notes.txt", "bypass"],
    ["sudo /usr/bin/touch x", "bypass"],
    ["env -i /bin/touch x", "guard"],
    ["bash -c '/usr/bin/touch x'", "dontAsk"],
  ])("%s in %s: exit 2", async (command, mode) => {
    const r = await run(sb, ["check", "--json", "--config", file, "--mode", mode, command]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: "deny", step: "deny-rule" });
  });
});

