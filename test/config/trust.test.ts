import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS, isTrusted, readTrustStore, trust, untrust } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

const hint = (file: string): string => `untrusted project config (run 'shellguard trust ${file}')`;

describe("untrusted project config: tightening only", () => {
  it("takes deny/ask rules, additions and lint; drops every loosening key with one warning each", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", {
      $schema: "./node_modules/shellguard/schema/shellguard.schema.json",
      mode: "bypass",
      shell: { mode: "bypass", onError: "allow" },
      rules: { deny: ["terraform destroy:*"], ask: ["npm publish:*"], allow: ["rm:*"] },
      workingDirectories: ["/"],
      sensitive: { files: { add: ["deploy.key"], remove: [".bashrc"] }, directories: [".cache"] },
      dangerous: { patterns: { add: ["kubectl delete:*"], remove: ["x"] }, git: false },
      lint: { severity: { injection: "off" } },
      agent: { approve: true },
      import: ["claude-settings"],
    });
    const c = sb.load();
    expect(c.files).toEqual([{ path: file, kind: "project", trusted: false }]);
    expect(c.warnings).toEqual(
      [
        "mode",
        "shell",
        "rules.allow",
        "workingDirectories",
        "sensitive.files.remove",
        "sensitive.directories",
        "dangerous.patterns.remove",
        "dangerous.git",
        "agent",
        "import",
      ].map((k) => `${file}: ${k} ignored: ${hint(file)}`),
    );
    // taken
    expect(c.rules.deny).toEqual([{ pattern: "terraform destroy:*", source: file }]);
    expect(c.rules.ask).toEqual([{ pattern: "npm publish:*", source: file }]);
    expect(c.sensitiveFiles).toEqual([...DEFAULTS.sensitiveFiles, "deploy.key"]);
    expect(c.dangerousPatterns).toEqual([{ pattern: "kubectl delete:*", source: file }]);
    expect(c.lintSeverity).toEqual({ injection: "off" });
    // dropped
    expect(c.mode).toBe(DEFAULTS.mode);
    expect(c.shell).toEqual(DEFAULTS.shell);
    expect(c.rules.allow).toEqual([]);
    expect(c.workingDirectories).toEqual([]);
    expect(c.sensitiveDirectories).toEqual(DEFAULTS.sensitiveDirectories);
    expect(c.gitPack).toBe(true);
    expect(c.agent).toEqual(DEFAULTS.agent);
    expect(c.imports).toEqual([]);
  });

  it("drops a replacing dangerous.patterns array and keeps the user's list", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { dangerous: { patterns: { add: ["user-pattern"] }, git: false } });
    const file = sb.write("home/repo/.shellguardrc.json", { dangerous: { patterns: [], git: true } });
    const c = sb.load();
    expect(c.warnings).toEqual([`${file}: dangerous.patterns ignored: ${hint(file)}`]);
    expect(c.dangerousPatterns.map((p) => p.pattern)).toEqual(["user-pattern"]);
    // git: true only tightens, so it is taken even untrusted
    expect(c.gitPack).toBe(true);
  });

  it("empty loosening lists change nothing and warn about nothing", () => {
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.yaml", "rules: { allow: [] }\nworkingDirectories: []\nimport: []\nsensitive: { files: { remove: [] } }\nagent: {}\n");
    expect(sb.load().warnings).toEqual([]);
  });

  it("quotes a path with spaces in the hint", () => {
    const sb = sandbox();
    const file = sb.write("home/my repo/.shellguardrc.json", { mode: "bypass" });
    const c = sb.load({ cwd: join(sb.home, "my repo") });
    expect(c.warnings).toEqual([`${file}: mode ignored: untrusted project config (run 'shellguard trust "${file}"')`]);
  });
});

describe("untrusted JavaScript config", () => {
  for (const name of [".shellguardrc.js", ".shellguardrc.cjs", ".shellguardrc.mjs", "shellguard.config.js", "shellguard.config.cjs", "shellguard.config.mjs"]) {
    it(`${name} is not executed`, () => {
      const sb = sandbox();
      const canary = join(sb.root, "CANARY");
      const code = name.endsWith(".mjs")
        ? `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(canary)}, "ran"); export default { mode: "bypass" };`
        : `require("node:fs").writeFileSync(${JSON.stringify(canary)}, "ran"); module.exports = { mode: "bypass" };`;
      const file = sb.write(`home/repo/${name}`, code);
      // a config above it must not be picked up instead
      sb.write("home/.shellguardrc.json", { rules: { deny: ["outer"] } });
      const c = sb.load();
      expect(existsSync(canary)).toBe(false);
      expect(c.files).toEqual([{ path: file, kind: "project", trusted: false, skipped: true }]);
      expect(c.warnings).toEqual([`${file}: not executed: ${hint(file)}`]);
      expect(c.mode).toBe("default");
      expect(c.rules.deny).toEqual([]);
    });
  }

  it("is executed once trusted, and not after it changes", () => {
    const sb = sandbox();
    const canary = join(sb.root, "CANARY");
    const file = sb.write(
      "home/repo/.shellguardrc.cjs",
      `require("node:fs").writeFileSync(${JSON.stringify(canary)}, "ran"); module.exports = { mode: "bypass" };`,
    );
    trust(file, { env: sb.env });
    expect(sb.load().mode).toBe("bypass");
    expect(existsSync(canary)).toBe(true);
    sb.write(file, `require("node:fs").writeFileSync(${JSON.stringify(canary)}, "ran again"); module.exports = { mode: "bypass" };`);
    const c = sb.load();
    expect(readFileSync(canary, "utf8")).toBe("ran");
    expect(c.files[0]?.skipped).toBe(true);
  });
});

describe("trust store", () => {
  it("trust / isTrusted / untrust round trip", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", { mode: "acceptEdits", rules: { allow: ["npm test:*"] } });
    const opts = { env: sb.env };
    expect(isTrusted(file, opts)).toBe(false);
    const rec = trust(file, opts);
    expect(rec).toEqual({ path: file, hash: createHash("sha256").update(readFileSync(file)).digest("hex") });
    expect(isTrusted(file, opts)).toBe(true);
    const store = join(sb.userDir, "trusted.json");
    expect(JSON.parse(readFileSync(store, "utf8"))).toEqual({ [file]: rec.hash });
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(readdirSync(sb.userDir)).toEqual(["trusted.json"]); // no temp files left behind
    const c = sb.load();
    expect(c.files).toEqual([{ path: file, kind: "project", trusted: true }]);
    expect(c.warnings).toEqual([]);
    expect(c.mode).toBe("acceptEdits");
    expect(c.rules.allow.map((r) => r.pattern)).toEqual(["npm test:*"]);
    expect(untrust(file, opts)).toBe(true);
    expect(untrust(file, opts)).toBe(false);
    expect(isTrusted(file, opts)).toBe(false);
    expect(readTrustStore(sb.env)).toEqual({});
    expect(sb.load().rules.allow).toEqual([]);
  });

  it("a relative path is resolved against cwd; other entries are kept", () => {
    const sb = sandbox();
    const a = sb.write("home/repo/.shellguardrc.json", { mode: "plan" });
    const b = sb.write("home/other/.shellguardrc.json", { mode: "plan" });
    trust(b, { env: sb.env });
    expect(trust(".shellguardrc.json", { env: sb.env, cwd: sb.repo }).path).toBe(a);
    expect(Object.keys(readTrustStore(sb.env)).sort()).toEqual([a, b].sort());
  });

  it("editing a trusted file revokes its trust", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.yaml", "mode: acceptEdits\n");
    trust(file, { env: sb.env });
    expect(sb.load().mode).toBe("acceptEdits");
    sb.write(file, "mode: bypass\n");
    expect(isTrusted(file, { env: sb.env })).toBe(false);
    const c = sb.load();
    expect(c.mode).toBe("default");
    expect(c.files[0]?.trusted).toBe(false);
    expect(c.warnings).toEqual([`${file}: mode ignored: ${hint(file)}`]);
  });

  it("package.json trust covers only the shellguard property", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/package.json", { name: "p", version: "1.0.0", shellguard: { mode: "plan" } });
    trust(file, { env: sb.env });
    sb.write(file, { name: "p", version: "1.0.1", dependencies: { x: "1" }, shellguard: { mode: "plan" } });
    expect(isTrusted(file, { env: sb.env })).toBe(true);
    expect(sb.load().mode).toBe("explore");
    sb.write(file, { name: "p", version: "1.0.1", shellguard: { mode: "bypass" } });
    expect(isTrusted(file, { env: sb.env })).toBe(false);
  });

  it("keys by real path, so a symlinked directory shares the trust", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", { mode: "plan" });
    const link = join(sb.home, "link");
    symlinkSync(sb.repo, link);
    trust(join(link, ".shellguardrc.json"), { env: sb.env });
    expect(Object.keys(readTrustStore(sb.env))).toEqual([file]);
    const c = sb.load({ cwd: link });
    expect(c.files).toEqual([{ path: join(link, ".shellguardrc.json"), kind: "project", trusted: true }]);
    expect(c.mode).toBe("explore");
  });

  it("user and explicit configs are trusted without the store", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { rules: { allow: ["a"] } });
    const explicit = sb.write("elsewhere/ci.yaml", "rules: { allow: [b] }\n");
    const c = sb.load({ configFile: explicit });
    expect(c.files.map((f) => [f.kind, f.trusted])).toEqual([
      ["user", true],
      ["explicit", true],
    ]);
    expect(c.rules.allow.map((r) => r.pattern)).toEqual(["a", "b"]);
    expect(existsSync(join(sb.userDir, "trusted.json"))).toBe(false);
  });
});
