import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS, trust } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

describe("layering: defaults < user < project", () => {
  it("later layers override scalars and concatenate rules with their source", () => {
    const sb = sandbox();
    const user = sb.write(join(sb.userDir, "config.yaml"), [
      "mode: acceptEdits",
      "shell: { onError: deny }",
      "rules:",
      "  deny: ['terraform destroy:*']",
      "  allow: ['npm test:*']",
      "agent: { approve: true }",
      "import: [claude-settings]",
      "lint: { severity: { injection: 'off', sed: warning } }",
      "",
    ].join("\n"));
    const project = sb.write("home/repo/.shellguardrc.json", {
      mode: "plan",
      shell: { mode: "default" },
      rules: { deny: [{ pattern: "git push --force*", reason: "shared history" }], allow: ["Bash(git status)"] },
      lint: { severity: { sed: "error" } },
      import: ["claude-settings"],
    });
    trust(project, { env: sb.env });
    const c = sb.load();
    expect(c.files).toEqual([
      { path: user, kind: "user", trusted: true },
      { path: project, kind: "project", trusted: true },
    ]);
    expect(c.warnings).toEqual([]);
    expect(c.mode).toBe("explore");
    expect(c.shell).toEqual({ mode: "default", onError: "deny" });
    expect(c.rules.deny).toEqual([
      { pattern: "terraform destroy:*", source: user },
      { pattern: "git push --force*", reason: "shared history", source: project },
    ]);
    expect(c.rules.allow).toEqual([
      { pattern: "npm test:*", source: user },
      { pattern: "Bash(git status)", source: project },
    ]);
    expect(c.rules.ask).toEqual([]);
    expect(c.agent).toEqual({ approve: true });
    expect(c.imports).toEqual(["claude-settings"]);
    expect(c.lintSeverity).toEqual({ injection: "off", sed: "error" });
  });

  it("normalises mode aliases", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { mode: "bypassPermissions", shell: { mode: "plan" } });
    const c = sb.load();
    expect(c.mode).toBe("bypass");
    expect(c.shell.mode).toBe("explore");
  });

  it("add/remove edit the list so far; a plain array replaces it", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), {
      sensitive: { files: { add: ["secrets.yaml", ".npmrc"], remove: [".gitmodules", "group"] }, directories: ["/etc", ".git"] },
      dangerous: { patterns: { add: ["kubectl delete:*", "helm uninstall:*"] }, git: false },
    });
    const project = sb.write("home/repo/.shellguardrc.yaml", [
      "sensitive:",
      "  files: { remove: [secrets.yaml], add: [deploy.key] }",
      "  directories: { add: [keys] }",
      "dangerous:",
      "  patterns: { remove: ['helm uninstall:*'], add: [{ pattern: 'psql -c*', reason: 'ad hoc SQL' }] }",
      "",
    ].join("\n"));
    trust(project, { env: sb.env });
    const c = sb.load();
    const expectedFiles = DEFAULTS.sensitiveFiles.filter((f) => f !== ".gitmodules" && f !== "group");
    expect(c.sensitiveFiles).toEqual([...expectedFiles, "deploy.key"]);
    expect(c.sensitiveDirectories).toEqual(["/etc", ".git", "keys"]);
    expect(c.dangerousPatterns.map((p) => p.pattern)).toEqual(["kubectl delete:*", "psql -c*"]);
    expect(c.dangerousPatterns[1]).toEqual({ pattern: "psql -c*", reason: "ad hoc SQL", source: project });
    expect(c.gitPack).toBe(false);
  });

  it("a replacing array in the project replaces what the user config built", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { dangerous: { patterns: { add: ["a"] } } });
    const project = sb.write("home/repo/.shellguardrc.json", { dangerous: { patterns: ["b"] }, sensitive: { files: [".env"] } });
    trust(project, { env: sb.env });
    const c = sb.load();
    expect(c.dangerousPatterns.map((p) => p.pattern)).toEqual(["b"]);
    expect(c.sensitiveFiles).toEqual([".env"]);
  });

  it("resolves workingDirectories against the config file's directory", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { workingDirectories: ["~/scratch", "/abs/dir"] });
    const project = sb.write("home/repo/.shellguardrc.json", { workingDirectories: ["../common-lib", "sub/dir"] });
    trust(project, { env: sb.env });
    const c = sb.load({ cwd: join(sb.repo) });
    expect(c.workingDirectories).toEqual([join(sb.home, "scratch"), "/abs/dir", join(sb.home, "common-lib"), join(sb.repo, "sub", "dir")]);
  });

  it("does not change DEFAULTS", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { sensitive: { files: { add: ["x"] } }, rules: { deny: ["y"] } });
    sb.load();
    expect(DEFAULTS.sensitiveFiles).not.toContain("x");
    expect(DEFAULTS.rules.deny).toEqual([]);
    expect(Object.isFrozen(DEFAULTS.sensitiveFiles)).toBe(true);
  });
});

describe("DEFAULTS", () => {
  it("has the documented built-ins", () => {
    expect(DEFAULTS.mode).toBe("default");
    expect(DEFAULTS.shell).toEqual({ mode: "guard", onError: "allow" });
    expect(DEFAULTS.gitPack).toBe(true);
    expect(DEFAULTS.agent).toEqual({ approve: false });
    for (const f of [".bashrc", ".zshrc", ".gitconfig", ".git-credentials", ".npmrc", ".env", "id_ed25519", ".mcp.json", "sudoers", "crontab"]) {
      expect(DEFAULTS.sensitiveFiles).toContain(f);
    }
    for (const d of [".git", ".ssh", ".aws", ".config/gcloud", ".claude", "/etc", "/usr", "/sys"]) {
      expect(DEFAULTS.sensitiveDirectories).toContain(d);
    }
    expect(new Set(DEFAULTS.sensitiveFiles).size).toBe(DEFAULTS.sensitiveFiles.length);
    expect(new Set(DEFAULTS.sensitiveDirectories).size).toBe(DEFAULTS.sensitiveDirectories.length);
  });
});
