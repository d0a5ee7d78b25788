import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, createGuard, MODES, RuleOptionError, type Decision } from "../../src/index.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-lib-")));
const home = join(base, "home");
const cwd = join(home, "project");
mkdirSync(cwd, { recursive: true });
const env = { HOME: home, XDG_CONFIG_HOME: join(base, "xdg"), XDG_CACHE_HOME: join(base, "cache") };
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("createGuard", () => {
  const guard = createGuard({ cwd, env });

  it("checks synchronously with the contract's Decision", () => {
    const d: Decision = guard.check("rm -rf /");
    expect(d).toMatchObject({ command: "rm -rf /", mode: "default", decision: "ask", step: "check", safety: true, rule: null });
    expect(d.findings.length).toBeGreaterThan(0);
    expect(guard.check("git status").decision).toBe("allow");
  });

  it("takes mode, cwd and id per call", () => {
    expect(guard.check("rm -rf /", { mode: "dontAsk", id: "x" })).toMatchObject({ id: "x", decision: "deny", mode: "dontAsk" });
    expect(guard.check("make", { mode: "plan" })).toMatchObject({ decision: "deny", mode: "explore" });
    expect(guard.check("ls", { cwd: "/" }).decision).toBe("allow");
    // @ts-expect-error a typo in a mode is a compile error (and a run-time error for untyped callers)
    expect(() => guard.check("ls", { mode: "nope" })).toThrow(/Unknown mode/);
  });

  it("guard mode analyses inside substitutions", () => {
    expect(guard.check('echo "built at $(date)"', { mode: "guard" }).decision).toBe("allow");
    expect(guard.check('echo "built at $(date)"', { mode: "default" }).decision).toBe("ask");
    expect(guard.check("echo $(rm -rf ~)", { mode: "guard" }).decision).toBe("ask");
  });

  it("explains: facts, analysis and the six steps", () => {
    const x = guard.explain("ls | wc -l", { mode: "explore" });
    expect(x.facts?.commands).toHaveLength(2);
    expect(x.steps.map((s) => s.step)).toEqual(["deny-rule", "ask-rule", "read-only", "check", "allow-rule", "mode"]);
    expect(x.decision.decision).toBe("allow");
  });

  it("config given in code is layered on top and verified", () => {
    const g = createGuard({
      cwd, env, mode: "acceptEdits",
      config: { rules: { deny: [{ pattern: "terraform destroy:*", match: ["sudo terraform destroy"] }], allow: ["make:*"] }, dangerousPatterns: ["kubectl delete:*"] },
    });
    expect(g.check("'terraform'  destroy")).toMatchObject({ decision: "deny", rule: "terraform destroy:*", mode: "acceptEdits" });
    expect(g.check("make all").decision).toBe("allow");
    expect(g.check("kubectl delete pod x")).toMatchObject({ decision: "ask", safety: true });
    expect(() => createGuard({ cwd, env, config: { rules: { deny: [{ pattern: "rm:*", match: ["ls"] }] } } })).toThrow(RuleOptionError);
    expect(() => createGuard({ cwd, env, config: { rules: { deny: [{ pattern: "rm:*", match: ["ls"] }] } } })).toThrow(/should match/);
  });

  it("a bad config file throws ConfigError naming the file", () => {
    const file = join(base, "bad.json");
    writeFileSync(file, "{ nope");
    expect(() => createGuard({ cwd, env, configFile: file })).toThrow(ConfigError);
    expect(() => createGuard({ cwd, env, configFile: file })).toThrow(file);
  });

  it("every mode answers", () => {
    for (const mode of MODES) expect(["allow", "ask", "deny"]).toContain(guard.check("npm install", { mode }).decision);
  });
});
