/**
 * Rules and arguments xargs reads at run time (the xargs class of issue 11): a command run by xargs
 * gets unknown words after its own, so a deny or ask rule those words could complete matches
 * (`git push:*` denies `printf push | xargs git`), and an allow rule must hold for every
 * completion (`git status:*` does not allow `xargs git`). Generated members: each rule kind × each
 * spelling of xargs × every mode, through the library; the matchers' open variants table-driven.
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileRule, createGuard, MODES, type Decision } from "../../src/index.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-xargs-")));
const home = join(base, "home");
const cwd = join(home, "project");
mkdirSync(cwd, { recursive: true });
const env = { HOME: home, XDG_CONFIG_HOME: join(base, "xdg"), XDG_CACHE_HOME: join(base, "cache") };
afterAll(() => rmSync(base, { recursive: true, force: true }));

const explain = (d: Decision): string => `${JSON.stringify(d.command)} in ${d.mode}: ${d.decision} at ${d.step} (${d.reason})`;

describe("the open matchers", () => {
  it.each([
    // prefix: the fixed words begin the prefix, or the prefix is theirs
    ["git push:*", "git", true], ["git push:*", "git push", true], ["git push:*", "git push -f", true],
    ["git push:*", "gi", false], ["git push:*", "git pull", false], ["git push:*", "git -C x", false], ["git push:*", "", true],
    // wildcard: the fixed text matches a prefix of the pattern
    ["git * --force", "git", true], ["git * --force", "git push", true], ["git * --force", "gitk", false], ["* --force", "anything", true],
    ["terraform destroy", "terraform", true], ["terraform destroy", "terraform plan", false],
    ["rm -rf", "rm", true], ["rm -rf", "sudo rm", true], ["rm -rf", "farm", true], ["rm -rf", "rm -f", false], ["rm -rf", "echo", false],
    ["init 0", "init", true], ["init 0", "telinit", true], ["init 0", "ls", false],
    ["git push *", "git", true], ["git push *", "git status", false],
    ["Bash", "ls", true],
  ] as const)("%j could match %j + unknown words → %s", (pattern, fixed, expected) => {
    expect(compileRule(pattern).testOpen(fixed)).toBe(expected);
  });

  it.each([
    ["git status:*", "git status", true], ["git status:*", "git", false], ["git status:*", "", false],
    ["git *", "git", true], ["git *", "git log", true], ["git * --oneline", "git log --oneline", false], ["* --dry-run", "terraform apply --dry-run", false],
    ["npm test", "npm test", true], ["npm test", "npm", false],
    ["Bash", "", true],
  ] as const)("%j allows %j + any words → %s", (pattern, fixed, expected) => {
    expect(compileRule(pattern).coversOpen(fixed)).toBe(expected);
  });
});

/** Spellings of "run NAME with words read at run time", the arguments written out elsewhere. */
const SPELLINGS: ReadonlyArray<(name: string, args: string) => string> = [
  (n, a) => `printf '%s\\n' ${a} | xargs ${n}`,
  (n, a) => `printf '%s\\0' ${a} | xargs -0 ${n}`,
  (n, a) => `echo ${a} | xargs -n 1 ${n}`,
  (n, a) => `echo ${a} | xargs -I{} ${n} {}`,
  (n, a) => `echo ${a} | xargs --replace=ARG ${n} ARG`,
  (n, a) => `echo ${a} | timeout 5 xargs ${n}`,
  (n, a) => `echo ${a} | sudo xargs ${n}`,
  (n, a) => `echo ${a} | env X=1 xargs -P 2 ${n}`,
  (n, a) => `echo ${a} | /usr/bin/xargs /usr/bin/${n}`,
  (n, a) => `echo ${n} ${a} | xargs sudo`,
  (n, a) => `echo ${n} ${a} | xargs env`,
  (n, a) => `echo ${n} ${a} | xargs nice -n 5`,
  (n, a) => `echo '${n} ${a}' | xargs sh -c`,
  (n, a) => `echo '${n} ${a}' | xargs -I{} bash -c {}`,
  (n, a) => `bash -c 'echo ${a} | xargs ${n}'`,
  (n, a) => `parallel ${n} ::: ${a}`,
  (n, _a) => `parallel -j 2 ${n} :::: args.txt`,
];

describe("deny and ask rules reach the words xargs reads", () => {
  const RULES = { deny: ["git push:*", "touch *", "mkdir -p"], ask: ["chgrp:*"] };
  const guard = createGuard({ cwd, env, reload: false, config: { rules: RULES } });
  const DENIED: ReadonlyArray<[string, string]> = [["git", "push"], ["git", "push --force origin"], ["touch", "x"], ["mkdir", "-p a/b"]];
  const members = DENIED.flatMap(([n, a]) => SPELLINGS.map((s) => s(n, a)));

  it.each(MODES.map((m) => [m]))("every member is denied in %s mode", (mode) => {
    const wrong = members.map((line) => guard.check(line, { mode })).filter((d) => d.decision !== "deny");
    expect(wrong.map(explain)).toEqual([]);
  });

  const asking = createGuard({ cwd, env, reload: false, config: { rules: { ask: RULES.ask } } });
  it.each(MODES.map((m) => [m]))("an ask rule asks (dontAsk: denies) in %s mode", (mode) => {
    const wrong = SPELLINGS.map((s) => asking.check(s("chgrp", "staff f"), { mode })).filter((d) => d.decision === "allow" || d.step !== "ask-rule");
    expect(wrong.map(explain)).toEqual([]);
  });

  it("names the rule and the open form in the reason", () => {
    const d = guard.check("printf '%s\\n' push | xargs git");
    expect(d).toMatchObject({ decision: "deny", step: "deny-rule", rule: "git push:*" });
    expect(d.reason).toContain('"git …"');
  });

  it.each([
    "xargs git status", "xargs git -C repo log", "printf '%s\\n' b | xargs mkdir a", "xargs grep push", "xargs -0 ls",
    "echo x | xargs -I{} git log {}", "find . -exec git {} ;", "git ls-files | xargs git add",
  ])("%s is not denied: no completion reaches a rule", (line) => {
    const d = guard.check(line, { mode: "bypass" });
    expect(d.decision, explain(d)).toBe("allow");
  });
});

describe("allow rules hold for every completion, not some", () => {
  const guard = createGuard({ cwd, env, reload: false, config: { rules: { allow: ["git status:*", "git log *", "make * --dry-run", "npm test"] } } });

  it.each([
    "printf '%s\\n' push | xargs git", "xargs git -C repo", "echo x | xargs -I{} git {}", "echo --dry-run | xargs make install", "xargs npm",
  ])("%s is not allowed by a rule", (line) => {
    const d = guard.check(line);
    expect(d.decision, explain(d)).toBe("ask");
    expect(d.step).not.toBe("allow-rule");
  });

  it.each(["xargs git status", "xargs git status --short", "xargs -I{} git status {}", "xargs git log", "xargs npm test"])("%s is allowed: every completion is", (line) => {
    const d = guard.check(line);
    expect(d.decision, explain(d)).toBe("allow");
  });
});
