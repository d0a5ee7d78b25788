/** claudeSettingsRules: the Bash permission rules of the Claude Code settings that apply to a cwd. */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeSettingsRules, findClaudeProject } from "../../src/config/claude-settings.js";
import { ConfigError } from "../../src/config/errors.js";
import { sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe("claudeSettingsRules", () => {
  it("user, project and local files, Bash entries as written, the rest counted", () => {
    const user = sb.write("home/.claude/settings.json", {
      permissions: { allow: ["Bash(git status)", "Read(~/.zshrc)"], deny: ["Bash(rm -rf:*)"], defaultMode: "default" },
      model: "opus",
    });
    const project = sb.write("home/project/.claude/settings.json", {
      permissions: { allow: ["Bash(npm test:*)", "Bash(npm run lint)", "Edit(src/**)", "WebFetch(domain:example.com)"], ask: ["Bash(git push:*)"] },
      hooks: { PreToolUse: [] },
    });
    const local = sb.write("home/project/.claude/settings.local.json", {
      permissions: { allow: ["Bash", "mcp__github"], deny: ["Bash(curl:*)", 42], ask: [] },
    });
    const sub = join(sb.dir, "packages", "web");
    mkdirSync(sub, { recursive: true });
    expect(claudeSettingsRules(sub, sb.env)).toEqual({
      rules: {
        allow: ["Bash(git status)", "Bash(npm test:*)", "Bash(npm run lint)", "Bash"],
        ask: ["Bash(git push:*)"],
        deny: ["Bash(rm -rf:*)", "Bash(curl:*)"],
      },
      ignored: 5,
      files: [user, project, local],
      byFile: [
        { path: user, scope: "user", rules: { allow: ["Bash(git status)"], ask: [], deny: ["Bash(rm -rf:*)"] }, ignored: 1 },
        { path: project, scope: "project", rules: { allow: ["Bash(npm test:*)", "Bash(npm run lint)"], ask: ["Bash(git push:*)"], deny: [] }, ignored: 2 },
        { path: local, scope: "local", rules: { allow: ["Bash"], ask: [], deny: ["Bash(curl:*)"] }, ignored: 2 },
      ],
      warnings: [],
    });
  });

  it("no settings files → nothing", () => {
    expect(claudeSettingsRules(sb.dir, sb.env)).toEqual({ rules: { allow: [], ask: [], deny: [] }, ignored: 0, files: [], byFile: [], warnings: [] });
  });

  it("the project is the nearest ancestor with .claude/, never the home directory", () => {
    sb.write("home/.claude/settings.json", { permissions: { allow: ["Bash(ls:*)"] } });
    expect(findClaudeProject(sb.dir, sb.env)).toBeNull();
    const r = claudeSettingsRules(sb.dir, sb.env);
    expect(r.files).toEqual([join(sb.home, ".claude", "settings.json")]);
    expect(r.rules.allow).toEqual(["Bash(ls:*)"]);

    mkdirSync(join(sb.dir, ".claude"));
    mkdirSync(join(sb.dir, "a", "b"), { recursive: true });
    expect(findClaudeProject(join(sb.dir, "a", "b"), sb.env)).toBe(sb.dir);
  });

  it("a project outside the home directory is found up to the root", () => {
    const outside = join(sb.base, "work", "repo");
    sb.write("work/repo/.claude/settings.json", { permissions: { deny: ["Bash(terraform destroy:*)"] } });
    mkdirSync(join(outside, "src"), { recursive: true });
    expect(claudeSettingsRules(join(outside, "src"), sb.env).rules.deny).toEqual(["Bash(terraform destroy:*)"]);
  });

  it("the user's file in malformed JSON → ConfigError naming the file", () => {
    const file = sb.write("home/.claude/settings.json", '{ "permissions": { "allow": [ } }');
    expect(() => claudeSettingsRules(sb.dir, sb.env)).toThrow(ConfigError);
    try {
      claudeSettingsRules(sb.dir, sb.env);
    } catch (e) {
      expect((e as ConfigError).file).toBe(file);
      expect((e as ConfigError).message).toContain("is not valid JSON");
    }
  });

  // A project's (or local) file may come with the repository: broken, it is skipped with a
  // warning, the other files kept. Every way of being broken, in both project places.
  const BROKEN: [string, string | object][] = [
    ["not JSON", '{ "permissions": { "allow": [ } }'],
    ["not an object", "[1, 2]"],
    ["permissions not an object", { permissions: ["Bash(ls)"] }],
    ["a list not an array", { permissions: { deny: "Bash(ls)" } }],
  ];
  for (const place of ["settings.json", "settings.local.json"]) {
    it.each(BROKEN)(`project ${place} %s → skipped with a warning, the user's file kept`, (_what, content) => {
      sb.write("home/.claude/settings.json", { permissions: { deny: ["Bash(rm:*)"] } });
      const other = place === "settings.json" ? "settings.local.json" : "settings.json";
      sb.write(`home/project/.claude/${other}`, { permissions: { deny: ["Bash(curl:*)"] } });
      const file = sb.write(`home/project/.claude/${place}`, content);
      const r = claudeSettingsRules(sb.dir, sb.env);
      expect(r.rules.deny).toEqual(["Bash(rm:*)", "Bash(curl:*)"]);
      expect(r.files).not.toContain(file);
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: ignored: `));
    });
  }

  it("permissions lists of the wrong type → ConfigError with the key path", () => {
    sb.write("home/.claude/settings.json", { permissions: { allow: "Bash(ls)" } });
    expect(() => claudeSettingsRules(sb.dir, sb.env)).toThrow(/permissions\.allow: must be an array/);
    sb.write("home/.claude/settings.json", { permissions: ["Bash(ls)"] });
    expect(() => claudeSettingsRules(sb.dir, sb.env)).toThrow(/permissions: must be an object/);
  });

  it("an empty file, or one without permissions, has no rules", () => {
    sb.write("home/.claude/settings.json", "");
    sb.write("home/project/.claude/settings.json", { model: "x" });
    const r = claudeSettingsRules(sb.dir, sb.env);
    expect(r.rules).toEqual({ allow: [], ask: [], deny: [] });
    expect(r.files).toHaveLength(2);
  });
});
