import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, trust, type RuleSpec } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

/**
 * A project config that does not load: untrusted, it is ignored with one warning naming the
 * file and the problem; trusted, it is an error. Returns the ConfigError of the trusted load.
 */
function projectError(sb: ReturnType<typeof sandbox>, file: string, load: () => unknown = () => sb.load()): ConfigError {
  const ignored = load() as ReturnType<typeof sb.load>;
  expect(ignored.files).toEqual([{ path: file, kind: "project", trusted: false, ignored: true }]);
  expect(ignored.warnings).toHaveLength(1);
  expect(ignored.warnings[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: ignored: `));
  trust(file, { env: sb.env });
  const e = configError(load);
  expect(ignored.warnings[0]).toContain(e.keyPath ? `${e.keyPath}: ${e.problem}` : e.problem);
  return e;
}

/** Load and return the ConfigError thrown (fails the test if none is). */
function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.message).not.toContain("\n");
    expect(e.message).toBe(e.keyPath ? `${e.file}: ${e.keyPath}: ${e.problem}` : `${e.file}: ${e.problem}`);
    return e;
  }
  throw new Error("expected a ConfigError");
}

const MODES = "default, acceptEdits, explore, plan, bypass, bypassPermissions, dontAsk, guard";

describe("config errors name the file, the key path and the problem", () => {
  const cases: [string, string, object | string, string, string][] = [
    // [name, file, content, keyPath, problem]
    ["unknown top-level key", ".shellguardrc.json", { modee: "plan" }, "modee", 'is not a known key (did you mean "mode"?)'],
    ["unknown nested key", ".shellguardrc.json", { rules: { denny: [] } }, "rules.denny", 'is not a known key (did you mean "deny"?)'],
    [
      "unknown key without a close match",
      ".shellguardrc.json",
      { shell: { color: true } },
      "shell.color",
      "is not a known key (known keys: mode, onError)",
    ],
    ["invalid mode", ".shellguardrc.json", { mode: "fast" }, "mode", `must be one of ${MODES} (got "fast")`],
    ["invalid shell.mode", ".shellguardrc.yaml", "shell:\n  mode: yolo\n", "shell.mode", `must be one of ${MODES} (got "yolo")`],
    ["invalid onError", ".shellguardrc.json", { shell: { onError: "ask" } }, "shell.onError", 'must be one of allow, deny (got "ask")'],
    ["wrong type: list", ".shellguardrc.json", { rules: { deny: "rm -rf /" } }, "rules.deny", 'must be a list, not "rm -rf /"'],
    ["wrong type: boolean", ".shellguardrc.json", { dangerous: { git: "no" } }, "dangerous.git", 'must be true or false, not "no"'],
    ["wrong type: rule", ".shellguardrc.json", { rules: { allow: ["ok", 3] } }, "rules.allow[1]", "must be a string or an object, not the number 3"],
    ["empty rule pattern", ".shellguardrc.json", { rules: { deny: ["a", "b", ""] } }, "rules.deny[2]", "must not be empty"],
    ["blank rule pattern", ".shellguardrc.json", { rules: { ask: ["   "] } }, "rules.ask[0]", "must not be blank"],
    ["empty object pattern", ".shellguardrc.json", { rules: { deny: [{ pattern: "" }] } }, "rules.deny[0].pattern", "must not be empty"],
    ["missing object pattern", ".shellguardrc.json", { rules: { deny: [{ reason: "x" }] } }, "rules.deny[0].pattern", "is required"],
    [
      "unknown rule object key",
      ".shellguardrc.json",
      { rules: { deny: [{ pattern: "x", notmatch: [] }] } },
      "rules.deny[0].notmatch",
      'is not a known key (did you mean "notMatch"?)',
    ],
    ["invalid prefix rule", ".shellguardrc.json", { rules: { ask: [" :*"] } }, "rules.ask[0]", "has nothing before :*"],
    ["unclosed Bash(", ".shellguardrc.json", { rules: { allow: ["Bash(git status"] } }, "rules.allow[0]", "has an unclosed Bash( ... ) wrapper"],
    [
      "invalid dangerous pattern",
      ".shellguardrc.json",
      { dangerous: { patterns: { add: ["ok", { pattern: ":*" }] } } },
      "dangerous.patterns.add[1].pattern",
      "has nothing before :*",
    ],
    ["bad list edit key", ".shellguardrc.json", { sensitive: { files: { remov: [] } } }, "sensitive.files.remov", 'is not a known key (did you mean "remove"?)'],
    ["bad list edit type", ".shellguardrc.json", { sensitive: { directories: ".git" } }, "sensitive.directories", 'must be a list or an object, not ".git"'],
    ["empty list entry", ".shellguardrc.json", { import: [""] }, "import[0]", "must not be empty"],
    ["bad severity", ".shellguardrc.json", { lint: { severity: { injection: "warn" } } }, "lint.severity.injection", 'must be one of off, info, warning, error (got "warn")'],
    [
      "bad severity key",
      ".shellguardrc.json",
      { lint: { severity: { "Bad Key": "off" } } },
      'lint.severity["Bad Key"]',
      "is not a check name or finding id (lowercase words joined by -, like injection or dangerous/rm-recursive-force)",
    ],
    [
      "severity by finding id",
      ".shellguardrc.json",
      { lint: { severity: { "dangerous/rm-recursive-force": 1 } } },
      'lint.severity["dangerous/rm-recursive-force"]',
      "must be one of off, info, warning, error (got the number 1)",
    ],
    ["top level not an object", ".shellguardrc.yaml", "- a\n- b\n", "", "the config must be an object, not a list"],
    ["package.json property", "package.json", { name: "p", shellguard: { rules: { deny: [1] } } }, "shellguard.rules.deny[0]", "must be a string or an object, not the number 1"],
    ["package.json property type", "package.json", { name: "p", shellguard: "strict" }, "shellguard", 'must be an object, not "strict"'],
  ];
  for (const [name, fileName, content, keyPath, problem] of cases) {
    it(name, () => {
      const sb = sandbox();
      const file = sb.write(`home/repo/${fileName}`, content);
      const e = projectError(sb, file);
      expect({ file: e.file, keyPath: e.keyPath, problem: e.problem }).toEqual({ file, keyPath, problem });
      expect(e.message).toBe(keyPath ? `${file}: ${keyPath}: ${problem}` : `${file}: ${problem}`);
    });
  }

  it("invalid JSON names the line and column", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", '{\n  "mode": "plan",\n}\n');
    const e = projectError(sb, file);
    expect(e.file).toBe(file);
    expect(e.keyPath).toBe("");
    expect(e.message).toMatch(new RegExp(`^${file.replace(/[.]/g, "\\.")}: invalid JSON at line 3, column 1: \\S`));
    expect([e.line, e.column]).toEqual([3, 1]);
  });

  it("invalid YAML names the line and column", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.yml", "rules:\n  deny: [a, b\nmode: plan\n");
    const e = projectError(sb, file);
    expect(e.file).toBe(file);
    expect(e.message).toMatch(/: invalid YAML at line \d+, column \d+: \S/);
  });

  it("duplicate YAML keys are an error", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc", "mode: plan\nmode: bypass\n");
    expect(projectError(sb, file).message).toMatch(/invalid YAML at line 2, column 1: Map keys must be unique/);
  });

  it("the user config is validated too", () => {
    const sb = sandbox();
    const file = sb.write(join(sb.userDir, "config.yaml"), "agent:\n  approve: yes please\n");
    const e = configError(() => sb.load());
    expect(e.message).toBe(`${file}: agent.approve: must be true or false, not "yes please"`);
  });

  it("keeps every problem, the first in the message", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", { mode: "x", rules: { deny: [""] }, extra: 1 });
    const e = projectError(sb, file);
    expect(e.problems.map((p) => p.keyPath).sort()).toEqual(["extra", "mode", "rules.deny[0]"]);
    expect(e.problems[0]).toEqual({ keyPath: e.keyPath, message: e.problem });
  });

  it("a JavaScript config that throws, or exports no object", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.cjs", "throw new Error('boom');");
    trust(file, { env: sb.env });
    expect(configError(() => sb.load()).message).toBe(`${file}: failed to load: boom`);
    sb.write(file, "module.exports = 42;");
    trust(file, { env: sb.env });
    expect(configError(() => sb.load()).message).toBe(`${file}: the config must be an object, not the number 42`);
    const mjs = sb.write("home/repo/sub/.shellguardrc.mjs", "export const rules = {};");
    trust(mjs, { env: sb.env });
    expect(configError(() => sb.load({ cwd: join(sb.repo, "sub") })).message).toBe(
      `${mjs}: has no default export (write \`export default { ... }\`)`,
    );
  });

  it("a failing rule example (verifyRule) names the rule", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", {
      rules: { deny: ["ok", { pattern: "git push --force*", match: ["git push --force origin"], notMatch: ["git push --force-with-lease"] }] },
    });
    const calls: [string, string][] = [];
    const verifyRule = (rule: RuleSpec, use: string): string | null => {
      calls.push([rule.pattern, use]);
      return rule.notMatch?.length ? `the notMatch example "${rule.notMatch[0]}" matches "${rule.pattern}"` : null;
    };
    const e = projectError(sb, file, () => sb.load({ verifyRule }));
    expect(e.message).toBe(`${file}: rules.deny[1]: the notMatch example "git push --force-with-lease" matches "git push --force*"`);
    // Once untrusted (ignored), once trusted.
    expect(calls).toEqual([
      ["ok", "deny"],
      ["git push --force*", "deny"],
      ["ok", "deny"],
      ["git push --force*", "deny"],
    ]);
  });

  it("verifyRule sees each rule with its use and source", () => {
    const sb = sandbox();
    const file = sb.write(join(sb.userDir, "config.json"), {
      rules: { deny: ["a"], ask: ["b"], allow: [{ pattern: "c", match: ["c"] }] },
      dangerous: { patterns: ["d"] },
    });
    const seen: [RuleSpec, string][] = [];
    sb.load({ verifyRule: (rule, use) => (seen.push([rule, use]), null) });
    expect(seen).toEqual([
      [{ pattern: "a", source: file }, "deny"],
      [{ pattern: "b", source: file }, "ask"],
      [{ pattern: "c", match: ["c"], source: file }, "allow"],
      [{ pattern: "d", source: file }, "dangerous"],
    ]);
  });

  it("an explicit config file that is missing or of an unknown type", () => {
    const sb = sandbox();
    const missing = join(sb.repo, "nope.yaml");
    expect(configError(() => sb.load({ configFile: "nope.yaml" })).message).toBe(`${missing}: file not found`);
    const toml = sb.write("home/repo/shellguard.toml", "mode = 'plan'");
    expect(configError(() => sb.load({ configFile: toml })).problem).toMatch(/^is not a config file type shellguard reads/);
    const dir = join(sb.repo, "adir.json");
    sb.write(join(dir, "x"), "");
    expect(configError(() => sb.load({ configFile: dir })).message).toBe(`${dir}: is a directory, not a file`);
    const pkg = sb.write("home/repo/package.json", { name: "no-key" });
    expect(configError(() => sb.load({ configFile: pkg })).message).toBe(`${pkg}: has no "shellguard" property`);
  });

  it("a malformed trust store is an error naming it", () => {
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["x"] } });
    const store = sb.write(join(sb.userDir, "trusted.json"), "[1, 2");
    expect(configError(() => sb.load()).file).toBe(store);
    sb.write(store, "[]");
    expect(configError(() => loadConfig({ cwd: sb.repo, env: sb.env })).message).toBe(
      `${store}: the trust store must be a JSON object mapping config paths to sha256 hashes`,
    );
  });
});
