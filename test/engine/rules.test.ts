import { describe, expect, it } from "vitest";
import { compileRestrictiveRule, compileRule, findAllowCover, findAnyMatch, hasUnescapedStar, patternProblem, stripToolWrapper, unescapePattern } from "../../src/engine/rules.js";
import { analysis } from "./helpers.js";

/** [pattern, form, matches?] — the form is a normalised command (cooked words, one space). */
const TABLE: [string, string, boolean][] = [
  // prefix:*
  ["git commit:*", "git commit", true],
  ["git commit:*", "git commit -m x", true],
  ["git commit:*", "git commits", false],
  ["git commit:*", "xgit commit", false],
  ["git commit:*", "git", false],
  ["git commit :*", "git commit -a", true],
  ["npm run test:*", "npm run test:unit", false],
  ["npm:*", "npm", true],
  [":*", "anything", false],
  // wildcards: whole-form match
  ["git *", "git", true],
  ["git *", "git status", true],
  ["git *", "gitk", false],
  ["git*", "gitk", true],
  ["rm -rf *", "rm -rf /", true],
  ["rm -rf *", "sudo rm -rf /", false],
  ["* --force", "git push --force", true],
  ["* --force", "git push --force-with-lease", false],
  ["git * --force", "git push origin --force", true],
  ["git * --force", "git --force", false],
  ["*", "", true],
  ["*", "anything at all", true],
  ["docker run * alpine", "docker run -it alpine", true],
  // escapes
  ["echo \\* *", "echo * foo", true],
  ["echo \\* *", "echo x foo", false],
  ["echo \\*", "echo *", true],
  ["echo \\*", "echo x", false],
  ["printf a\\\\b *", "printf a\\b x", true],
  ["printf a\\\\b *", "printf ab x", false],
  ["grep \\d*", "grep \\d1", true],
  ["grep \\d*", "grep 5", false],
  // regex metacharacters are literal
  ["a.b *", "axb c", false],
  ["a.b *", "a.b c", true],
  ["(x)|y *", "(x)|y z", true],
  ["(x)|y *", "y z", false],
  ["echo $HOME *", "echo $HOME x", true],
  ["x+ *", "xx y", false],
  // newlines inside a cooked word
  ["echo *", "echo a\nb", true],
  // substring
  ["rm -rf", "sudo rm -rf /", true],
  ["rm -rf", "rm -r -f /", false],
  ["push --force", "git push --force", true],
  ["curl", "echo curling", true],
  // Bash(...)
  ["Bash(npm test:*)", "npm test", true],
  ["Bash(npm test:*)", "npm tests", false],
  ["Bash(git *)", "git", true],
  ["Bash(rm -rf)", "rm -rf x", true],
  ["Bash", "anything", true],
  ["Bash()", "anything", true],
  ["  Bash( git push:* )  ", "git push origin", true],
  // whitespace: forms are normalised, so `'terraform'  destroy` is the form "terraform destroy"
  ["terraform destroy:*", "terraform destroy", true],
  ["terraform destroy", "terraform destroy -auto-approve", true],
];

describe("rule syntax", () => {
  it.each(TABLE)("%j vs %j → %s", (pattern, form, expected) => {
    expect(compileRule(pattern).test(form)).toBe(expected);
  });

  it.each([
    ["git commit:*", "prefix"],
    ["git *", "wildcard"],
    ["echo \\*", "substring"],
    ["rm", "substring"],
    ["Bash", "all"],
    ["Bash(ls:*)", "prefix"],
  ] as const)("%j is a %s rule", (pattern, kind) => {
    expect(compileRule(pattern).kind).toBe(kind);
  });

  it("keeps the pattern as written, and the object fields", () => {
    const r = compileRule({ pattern: "Bash(git push:*)", reason: "shared", source: "x.json" });
    expect(r.pattern).toBe("Bash(git push:*)");
    expect(r.body).toBe("git push:*");
    expect(r.reason).toBe("shared");
    expect(r.source).toBe("x.json");
  });

  it("helpers", () => {
    expect(hasUnescapedStar("a\\*b")).toBe(false);
    expect(hasUnescapedStar("a\\\\*b")).toBe(true);
    expect(unescapePattern("a\\*b\\\\c\\d")).toBe("a*b\\c\\d");
    expect(stripToolWrapper("Bash(x)")).toBe("x");
    expect(stripToolWrapper("Bashful")).toBe("Bashful");
    expect(stripToolWrapper("Bash")).toBeNull();
    expect(patternProblem(":*")).toMatch(/empty prefix/);
    expect(patternProblem("  ")).toMatch(/empty/);
    expect(patternProblem(3)).toMatch(/string/);
    expect(patternProblem("git:*")).toBeNull();
  });
});

describe("rule semantics over commands", () => {
  const rules = ["npm test:*", "git add:*"].map(compileRule);

  it("deny/ask: any form of any command", () => {
    const a = analysis(["ls", { forms: ["sudo npm test", "npm test"], privileged: true }]);
    expect(findAnyMatch(rules, a.commands)?.form).toBe("npm test");
    expect(findAnyMatch(rules, analysis(["ls", "make"]).commands)).toBeNull();
  });

  it("allow: every command covered, by a rule or being read-only", () => {
    expect(findAllowCover(rules, analysis(["npm test", "git add ."]).commands)?.rule.pattern).toBe("npm test:*");
    expect(findAllowCover(rules, analysis(["npm test", { forms: "ls", readOnly: true }]).commands)).not.toBeNull();
    expect(findAllowCover(rules, analysis(["npm test", "rm -rf ~"]).commands)).toBeNull();
    expect(findAllowCover(rules, analysis([{ forms: "ls", readOnly: true }]).commands)).toBeNull();
    expect(findAllowCover(rules, analysis([{ forms: ["sudo npm test", "npm test"], privileged: true }]).commands)).toBeNull();
    expect(findAllowCover(rules, analysis([{ forms: ["env X=1 npm test", "npm test"] }]).commands)).not.toBeNull();
  });
});

describe("a rule written with a system path", () => {
  it.each([
    ["/usr/bin/rm:*", "rm x", true],
    ["/bin/rm:*", "rm", true],
    ["Bash(/usr/bin/git push:*)", "git push origin", true],
    ["/usr/bin/rm *", "rm -rf x", true],
    ["/usr/bin/rm -rf", "sudo rm -rf x", true],
    ["/usr/bin/rm:*", "/usr/bin/rm x", true],
    ["/opt/x/rm:*", "rm x", false],
    ["./rm:*", "rm x", false],
    ["/usr/bin/rm:*", "rmdir x", false],
    ["/usr/bin/*:*", "rm x", false],
  ] as const)("deny %j vs %j → %s", (pattern, form, expected) => {
    expect(compileRestrictiveRule(pattern).test(form)).toBe(expected);
  });

  it("is not widened as an allow rule: rm on PATH need not be /usr/bin/rm", () => {
    expect(compileRule("/usr/bin/npm test:*").test("npm test")).toBe(false);
    expect(compileRule("/usr/bin/npm test:*").test("/usr/bin/npm test")).toBe(true);
  });
});

describe("matching from any word (the fail-safe's raw pieces)", () => {
  it.each([
    ["rm:*", "timeout 5 rm x", true],
    ["rm:*", "timeout 5 rmx", false],
    ["rm:*", "farm x", false],
    ["git push:*", "env -i git push", true],
    ["rm *", "sudo rm -rf x", true],
    ["rm *", "sudo rm", true],
    ["rm *", "sudo farm x", false],
    ["* --force", "x --force", true],
    ["rm -rf", "a rm -rf", true],
  ] as const)("%j from any word of %j → %s", (pattern, form, expected) => {
    expect(compileRule(pattern).testFromWords(form)).toBe(expected);
  });
});
