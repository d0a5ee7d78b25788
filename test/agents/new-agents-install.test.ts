/**
 * `agent-hook install|uninstall` for Codex CLI, Copilot CLI, Cursor and OpenCode through a spawned
 * process: on files full of unrelated content, install adds shellguard's entry and nothing else,
 * a second install changes nothing, and uninstall gives back the file byte for byte.
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLUGIN_MARKER } from "../../src/agents/index.js";
import { runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => runHook(sb, args);

interface FileCase {
  agent: string;
  /** The file, relative to the project (--project) or the home directory (--user). */
  file: string;
  /** Unrelated content already there (written as tab-indented JSON, no final newline: kept as is). */
  existing: Record<string, unknown>;
  /** What install must add. */
  added(value: Record<string, unknown>): unknown;
}

const CASES: FileCase[] = [
  {
    agent: "codex",
    file: ".codex/hooks.json",
    existing: {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "python3 .codex/hooks/pre_tool_use.py", statusMessage: "Checking plan" }] }],
        Stop: [{ hooks: [{ type: "command", command: "python3 .codex/hooks/stop.py", timeout: 30 }] }],
      },
    },
    added: (v) => (v.hooks as Record<string, unknown[]>).PreToolUse![1],
  },
  {
    agent: "copilot-cli",
    file: ".github/hooks/shellguard.json",
    existing: { version: 1, hooks: { sessionStart: [{ type: "command", bash: "./scripts/session-banner.sh", timeoutSec: 10 }] } },
    added: (v) => (v.hooks as Record<string, unknown[]>).preToolUse![0],
  },
  {
    agent: "cursor",
    file: ".cursor/hooks.json",
    existing: {
      version: 1,
      hooks: {
        beforeShellExecution: [{ command: "./hooks/audit.sh" }],
        afterFileEdit: [{ command: "bun run hooks/format.ts" }],
      },
    },
    added: (v) => [(v.hooks as Record<string, unknown[]>).beforeShellExecution![1], (v.hooks as Record<string, unknown[]>).beforeReadFile![0]],
  },
];

const EXPECTED_ENTRY: Record<string, unknown> = {
  codex: { matcher: "Bash|apply_patch", hooks: [{ type: "command", command: "shellguard agent-hook codex", statusMessage: "shellguard: checking the command" }] },
  "copilot-cli": { type: "command", bash: "shellguard agent-hook copilot-cli", powershell: "shellguard agent-hook copilot-cli", timeoutSec: 30 },
  cursor: [{ command: "shellguard agent-hook cursor" }, { command: "shellguard agent-hook cursor" }],
};

describe.each(CASES.map((c) => [c.agent, c] as const))("%s: install and uninstall", (agent, c) => {
  it("on a file with unrelated content: adds only its entry, idempotent, uninstall restores the bytes", async () => {
    const original = JSON.stringify(c.existing, null, "\t");
    const path = sb.write(join(sb.dir, c.file), original);
    const first = await run("install", agent);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Installed the shellguard hook/);
    const installed = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    expect(c.added(installed)).toEqual(EXPECTED_ENTRY[agent]);
    expect(readFileSync(path, "utf8")).toMatch(/^\{\n\t"/);
    const again = await run("install", agent);
    expect(again.stdout).toMatch(/^Already installed/);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(installed);
    const removed = await run("uninstall", agent);
    expect(removed.code).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(original);
    expect((await run("uninstall", agent)).stdout).toMatch(/^Nothing to remove/);
  });

  it("on no file: install creates it, uninstall removes it again", async () => {
    const path = join(sb.dir, c.file);
    expect((await run("install", agent)).code).toBe(0);
    expect(existsSync(path)).toBe(true);
    expect((await run("uninstall", agent)).code).toBe(0);
    expect(existsSync(path)).toBe(false);
  });

  it("a file that is not JSON is left untouched, exit 3", async () => {
    const path = sb.write(join(sb.dir, c.file), "{ not json");
    const r = await run("install", agent);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(path);
    expect(readFileSync(path, "utf8")).toBe("{ not json");
  });
});

describe("codex: an install from before apply_patch was guarded", () => {
  it("gets the matcher Bash|apply_patch; the other hooks stay; uninstall restores their bytes", async () => {
    const others = { matcher: "Bash", hooks: [{ type: "command", command: "python3 .codex/hooks/pre_tool_use.py" }] };
    const old = { matcher: "Bash", hooks: [{ type: "command", command: "shellguard agent-hook codex", statusMessage: "shellguard: checking the command" }] };
    const path = sb.write(join(sb.dir, ".codex/hooks.json"), JSON.stringify({ hooks: { PreToolUse: [others, old] } }, null, 2));
    const r = await run("install", "codex");
    expect(r.stdout).toContain('matcher "Bash" → "Bash|apply_patch"');
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ hooks: { PreToolUse: [others, EXPECTED_ENTRY.codex] } });
    expect((await run("install", "codex")).stdout).toMatch(/^Already installed/);
    expect((await run("uninstall", "codex")).code).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(JSON.stringify({ hooks: { PreToolUse: [others] } }, null, 2));
  });
});

describe("--user", () => {
  it.each([
    ["codex", ".codex/hooks.json"],
    ["cursor", ".cursor/hooks.json"],
  ])("%s: writes ~/%s", async (agent, file) => {
    expect((await run("install", agent, "--user")).code).toBe(0);
    expect(readFileSync(join(sb.home, file), "utf8")).toContain(`shellguard agent-hook ${agent}`);
    expect(existsSync(join(sb.dir, file))).toBe(false);
  });

  it("copilot-cli: refused (Copilot CLI reads hooks from the repository), exit 3", async () => {
    const r = await run("install", "copilot-cli", "--user");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("reads hooks from the repository only");
  });

  it("opencode: the plugin goes to $XDG_CONFIG_HOME/opencode/plugins", async () => {
    expect((await run("install", "opencode", "--user")).code).toBe(0);
    expect(readFileSync(join(sb.xdg, "opencode", "plugins", "shellguard.js"), "utf8").startsWith(PLUGIN_MARKER)).toBe(true);
  });
});

describe("opencode: the plugin file", () => {
  const plugin = () => join(sb.dir, ".opencode", "plugins", "shellguard.js");

  it("install writes it, again changes nothing, uninstall removes it", async () => {
    const r = await run("install", "opencode");
    expect(r.stdout).toBe(`Installed the shellguard plugin for OpenCode: ${plugin()} (tool.execute.before, command "shellguard agent-hook opencode").\n`);
    const text = readFileSync(plugin(), "utf8");
    expect((await run("install", "opencode")).stdout).toMatch(/^Already installed/);
    expect(readFileSync(plugin(), "utf8")).toBe(text);
    expect((await run("uninstall", "opencode")).stdout).toBe(`Removed the shellguard plugin for OpenCode: ${plugin()}.\n`);
    expect(existsSync(plugin())).toBe(false);
  });

  it("someone else's shellguard.js is neither overwritten nor removed", async () => {
    sb.write(plugin(), "export const Mine = async () => ({});\n");
    expect((await run("install", "opencode")).code).toBe(3);
    expect((await run("uninstall", "opencode")).stdout).toMatch(/^Nothing to remove/);
    expect(readFileSync(plugin(), "utf8")).toBe("export const Mine = async () => ({});\n");
  });
});
