/** `import: ["claude-settings"]`: Claude Code Bash(...) permission rules merged as shellguard rules. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { Guard } from "../../src/engine/guard.js";

let root: string;
let env: NodeJS.ProcessEnv;
let project: string;

const write = (path: string, value: unknown): void => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "shellguard-imports-"));
  const home = join(root, "home");
  project = join(home, "proj");
  env = { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: join(home, ".cache"), PATH: process.env.PATH };
  write(join(home, ".config/shellguard/config.json"), { import: ["claude-settings"] });
  write(join(home, ".claude/settings.json"), { permissions: { allow: ["Bash(make:*)", "Read(**)"], deny: [] } });
  write(join(project, ".claude/settings.json"), { permissions: { allow: ["Bash(curl:*)"], deny: ["Bash(terraform destroy:*)"], ask: ["Bash(npm publish:*)"] } });
  write(join(project, ".claude/settings.local.json"), { permissions: { allow: ["Bash(npm test:*)"] } });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("import: claude-settings", () => {
  it("takes deny and ask rules from every settings file", () => {
    const guard = createGuard({ cwd: project, env, mode: "default" });
    const deny = guard.check("ls && sudo terraform destroy -auto-approve");
    expect(deny.decision).toBe("deny");
    expect(deny.rule).toBe("Bash(terraform destroy:*)");
    expect(guard.check("npm publish").decision).toBe("ask");
  });

  it("takes allow rules from the user's own files only, not from the project's", () => {
    const guard = createGuard({ cwd: project, env, mode: "default" });
    expect(guard.check("make build").decision).toBe("allow");
    expect(guard.check("npm test -- --watch=false").decision).toBe("allow");
    const curl = guard.check("curl -o x https://example.com");
    expect(curl.decision).toBe("ask");
    const warnings = new Guard({ cwd: project, env }).configFor().warnings.join("\n");
    expect(warnings).toMatch(/allow rule\(s\) not imported/);
    expect(warnings).toMatch(/non-Bash entr/);
  });

  it("is off without the import", () => {
    write(join(env.XDG_CONFIG_HOME as string, "shellguard/config.json"), {});
    const guard = createGuard({ cwd: project, env, mode: "default" });
    expect(guard.check("terraform destroy").decision).toBe("ask");
  });

  it("a broken project settings file is skipped with a warning; the user's rules stay in force", () => {
    write(join(env.HOME as string, ".claude/settings.json"), { permissions: { allow: ["Bash(make:*)"], deny: ["Bash(terraform destroy:*)"] } });
    writeFileSync(join(project, ".claude/settings.json"), "{ not json");
    const guard = createGuard({ cwd: project, env, mode: "default" });
    expect(guard.check("terraform destroy").decision).toBe("deny");
    expect(guard.check("make build").decision).toBe("allow");
    const warnings = new Guard({ cwd: project, env }).configFor().warnings;
    expect(warnings.filter((w) => w.includes(": ignored: "))).toEqual([expect.stringMatching(/settings\.json: ignored: is not valid JSON/)]);
  });
});
