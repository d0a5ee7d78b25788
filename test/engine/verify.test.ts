import { describe, expect, it } from "vitest";
import { checkRuleExamples, verifyRule } from "../../src/engine/verify.js";

describe("verifyRule: examples analysed with the real analysis", () => {
  it("matches through wrappers and quoting", () => {
    expect(verifyRule({ pattern: "terraform destroy:*", match: ["sudo terraform destroy", "'terraform'  destroy -auto-approve", "ls && terraform destroy"], notMatch: ["terraform plan", "echo terraform"], source: "t" })).toBeNull();
    expect(verifyRule({ pattern: "Bash(git push:*)", match: ["git push origin main", "env GIT_TRACE=1 git push"], source: "t" })).toBeNull();
  });

  it("names every failing example", () => {
    const msg = verifyRule({ pattern: "git push:*", match: ["git pushy", "git push"], notMatch: ["git push -f"], source: "t" });
    expect(msg).toBe('the example "git pushy" should match "git push:*" but does not; the notMatch example "git push -f" matches "git push:*"');
  });

  it("reports a bad pattern without examples", () => {
    expect(verifyRule(":*")).toMatch(/empty prefix/);
    expect(verifyRule("git:*")).toBeNull();
  });

  it("allow rules must cover every command of an example", () => {
    const rule = { pattern: "npm test:*", match: ["npm test && ls"], notMatch: ["npm test && rm -rf build", "sudo npm test"], source: "t" };
    expect(verifyRule(rule, "allow")).toBeNull();
    expect(verifyRule(rule, "deny")).toMatch(/notMatch example "npm test && rm -rf build" matches/);
  });

  it("lists results", () => {
    const { results } = checkRuleExamples({ pattern: "rm *", match: ["rm x"], notMatch: ["rmdir x"] });
    expect(results).toEqual([
      { example: "rm x", expected: "match", ok: true },
      { example: "rmdir x", expected: "notMatch", ok: true },
    ]);
  });
});
