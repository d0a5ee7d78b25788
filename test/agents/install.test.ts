/**
 * `shellguard agent-hook install|uninstall` through a spawned process, on temporary settings files
 * full of unrelated content that must survive.
 */

import { lstatSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => runHook(sb, args);
const json = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

const CLAUDE_ENTRY = { matcher: "Bash|Read|Grep|Glob|Edit|MultiEdit|Write|NotebookEdit", hooks: [{ type: "command", command: "shellguard agent-hook claude-code" }] };
const GEMINI_ENTRY = {
  matcher: "run_shell_command|read_file|search_file_content|write_file|replace",
  hooks: [{ type: "command", command: "shellguard agent-hook gemini-cli", name: "shellguard", description: "shellguard: stop dangerous shell commands before they run" }],
};

/** Claude Code settings with other keys and other hooks (also on PreToolUse, also on Bash). */
function claudeSettings(): Record<string, unknown> {
  return {
    $schema: "https://json.schemastore.org/claude-code-settings.json",
    model: "claude-sonnet-4-5",
    env: { NODE_ENV: "development", "2": "numeric-looking key" },
    permissions: { allow: ["Bash(npm test:*)", "Read(./src/**)"], deny: ["Bash(curl:*)", "WebFetch"], defaultMode: "acceptEdits" },
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/hooks/log-bash.sh", timeout: 5 }] },
        { matcher: "Write|Edit", hooks: [{ type: "command", command: "node .claude/hooks/protect.js" }] },
      ],
      PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "npx prettier --write \"$CLAUDE_FILE_PATHS\"" }] }],
      Stop: [{ hooks: [{ type: "command", command: "say done" }] }],
    },
    statusLine: { type: "command", command: "~/.claude/statusline.sh" },
    enabledPlugins: { "formatter@tools": true },
    unicode: "héllo ✓ \u2028",
    nothing: null,
    numbers: [1, 2.5, -3e-7],
  };
}

function geminiSettings(): Record<string, unknown> {
  return {
    general: { vimMode: true, preferredEditor: "code" },
    tools: { sandbox: "docker", allowed: ["run_shell_command(git status)"] },
    hooksConfig: { enabled: true, notifications: true },
    hooks: {
      BeforeTool: [{ matcher: "write_file|replace", hooks: [{ type: "command", command: "node .gemini/hooks/check-write.js", name: "check-write", timeout: 5000 }] }],
      AfterAgent: [{ hooks: [{ type: "command", command: "./notify.sh" }] }],
    },
    mcpServers: { github: { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] } },
  };
}

describe.each([
  ["claude-code", "--project", (s: Sandbox) => join(s.dir, ".claude", "settings.json"), claudeSettings, "PreToolUse", CLAUDE_ENTRY],
  ["claude-code", "--user", (s: Sandbox) => join(s.home, ".claude", "settings.json"), claudeSettings, "PreToolUse", CLAUDE_ENTRY],
  ["gemini-cli", "--project", (s: Sandbox) => join(s.dir, ".gemini", "settings.json"), geminiSettings, "BeforeTool", GEMINI_ENTRY],
  ["gemini-cli", "--user", (s: Sandbox) => join(s.home, ".gemini", "settings.json"), geminiSettings, "BeforeTool", GEMINI_ENTRY],
] as const)("%s %s", (agent, scope, pathOf, settings, event, entry) => {
  it("round trip: install adds only our entry, a second install changes nothing, uninstall restores the original", async () => {
    const path = pathOf(sb);
    const original = settings();
    sb.write(path, original);
    const before = readFileSync(path, "utf8");

    const r1 = await run("install", agent, scope);
    expect(r1.code).toBe(0);
    expect(r1.stdout).toBe(`Installed the shellguard hook for ${agent === "claude-code" ? "Claude Code" : "Gemini CLI"} in ${path}: hooks.${event}, matcher ${JSON.stringify(entry.matcher)}, command ${JSON.stringify(entry.hooks[0]!.command)}.\n`);
    const installed = json(path) as Record<string, Record<string, unknown[]>>;
    const expected = settings() as Record<string, Record<string, unknown[]>>;
    expected.hooks![event] = [...expected.hooks![event]!, entry];
    expect(installed).toEqual(expected);
    // Key order is kept too (the file reads the same, plus one entry).
    expect(Object.keys(installed)).toEqual(Object.keys(original));
    expect(Object.keys(installed.hooks!)).toEqual(Object.keys(original.hooks as object));

    const afterInstall = readFileSync(path, "utf8");
    const r2 = await run("install", agent, scope);
    expect(r2.code).toBe(0);
    expect(r2.stdout).toMatch(/^Already installed: the shellguard hook for .* is in .*; nothing changed\.\n$/);
    expect(readFileSync(path, "utf8")).toBe(afterInstall);

    const r3 = await run("uninstall", agent, scope);
    expect(r3.code).toBe(0);
    expect(r3.stdout).toBe(`Removed the shellguard hook for ${agent === "claude-code" ? "Claude Code" : "Gemini CLI"} from ${path} (1 entry in hooks.${event}).\n`);
    expect(json(path)).toEqual(original);
    expect(readFileSync(path, "utf8")).toBe(before);

    const r4 = await run("uninstall", agent, scope);
    expect(r4).toEqual({ code: 0, stdout: `Nothing to remove: no shellguard hook for ${agent === "claude-code" ? "Claude Code" : "Gemini CLI"} in ${path}.\n`, stderr: "" });
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  it("no settings file yet: install creates it with only our hook; uninstall leaves an empty object", async () => {
    const path = pathOf(sb);
    expect((await run("install", agent, scope)).code).toBe(0);
    expect(json(path)).toEqual({ hooks: { [event]: [entry] } });
    expect((await run("uninstall", agent, scope)).code).toBe(0);
    expect(json(path)).toEqual({});
  });

  it("malformed settings → exit 3, the file untouched", async () => {
    const path = pathOf(sb);
    for (const bad of ['{ "model": "x", ', "[1, 2]", '{ "hooks": [] }', `{ "hooks": { "${event}": { "matcher": "x" } } }`, '{\n  // a comment\n  "model": "x"\n}\n']) {
      sb.write(path, bad);
      for (const verb of ["install", "uninstall"]) {
        const r = await run(verb, agent, scope);
        expect(r.code).toBe(3);
        expect(r.stdout).toBe("");
        expect(r.stderr).toContain(path);
        expect(readFileSync(path, "utf8")).toBe(bad);
      }
    }
  });
});

describe("install details", () => {
  const settingsFile = (): string => join(sb.dir, ".claude", "settings.json");

  it("--project is the default scope", async () => {
    expect((await run("install", "claude-code")).code).toBe(0);
    expect(json(settingsFile())).toEqual({ hooks: { PreToolUse: [CLAUDE_ENTRY] } });
  });

  it("an entry of ours written by hand (another path, flags) counts as installed, and uninstall removes it", async () => {
    const mine = { type: "command", command: "/usr/local/bin/shellguard agent-hook claude-code --strict" };
    const other = { type: "command", command: "./scripts/audit.sh" };
    sb.write(settingsFile(), { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [other, mine] }] } });
    expect((await run("install", "claude-code")).stdout).toMatch(/^Already installed/);
    const r = await run("uninstall", "claude-code");
    expect(r.stdout).toMatch(/^Removed .* \(1 entry in hooks\.PreToolUse\)/);
    expect(json(settingsFile())).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [other] }] } });
  });

  it("a command that only mentions shellguard is not ours", async () => {
    const notMine = { type: "command", command: "echo shellguard agent-hook claude-codex" };
    sb.write(settingsFile(), { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [notMine] }] } });
    expect((await run("uninstall", "claude-code")).stdout).toMatch(/^Nothing to remove/);
    expect((await run("install", "claude-code")).stdout).toMatch(/^Installed/);
    expect(json(settingsFile())).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [notMine] }, CLAUDE_ENTRY] } });
  });

  it("the file's indentation and missing final newline are kept", async () => {
    const text = JSON.stringify({ model: "x", hooks: {} }, null, "\t");
    sb.write(settingsFile(), text);
    (await run("install", "claude-code"));
    const after = readFileSync(settingsFile(), "utf8");
    expect(after).toBe(JSON.stringify({ model: "x", hooks: { PreToolUse: [CLAUDE_ENTRY] } }, null, "\t"));
    (await run("uninstall", "claude-code"));
    expect(readFileSync(settingsFile(), "utf8")).toBe(JSON.stringify({ model: "x" }, null, "\t"));
  });

  it("a symlinked settings file (dotfiles) is written through, the link kept", async () => {
    const real = sb.write("dotfiles/claude-settings.json", { model: "x" });
    const link = join(sb.home, ".claude", "settings.json");
    sb.write(join(sb.home, ".claude", "keep"), "");
    symlinkSync(real, link);
    expect((await run("install", "claude-code", "--user")).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(json(real)).toEqual({ model: "x", hooks: { PreToolUse: [CLAUDE_ENTRY] } });
  });

  it("an empty settings file is an empty object", async () => {
    sb.write(settingsFile(), "");
    expect((await run("install", "claude-code")).code).toBe(0);
    expect(json(settingsFile())).toEqual({ hooks: { PreToolUse: [CLAUDE_ENTRY] } });
  });

  it("a Gemini settings file with hooks turned off gets a note on stderr", async () => {
    const file = join(sb.dir, ".gemini", "settings.json");
    sb.write(file, { hooksConfig: { enabled: false } });
    const r = await run("install", "gemini-cli");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("hooks are turned off");
  });

  it.each([
    [["install"], "install needs an agent"],
    [["install", "windsurf"], 'unknown agent "windsurf"'],
    [["install", "claude-code", "--project", "--user"], "use one of --project and --user"],
    [["uninstall", "gemini-cli", "--global"], "unknown option --global"],
    [["frobnicate"], 'unknown agent-hook command "frobnicate"'],
    [[], "agent-hook needs a command"],
  ])("usage error %j → exit 3", async (args, message) => {
    const r = await run(...args);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
  });

  it("--help → usage, exit 0", async () => {
    const r = await run("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("install <agent> [--project|--user]");
  });

  it("an older install (matcher \"Bash\") gets the current matcher; a group shared with other hooks is left alone", async () => {
    const mine = { type: "command", command: "shellguard agent-hook claude-code" };
    sb.write(settingsFile(), { model: "x", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [mine] }] } });
    const r = await run("install", "claude-code");
    expect(r.stdout).toBe(`Updated the shellguard hook for Claude Code in ${settingsFile()}: hooks.PreToolUse, matcher "Bash" → "${CLAUDE_ENTRY.matcher}".\n`);
    expect(json(settingsFile())).toEqual({ model: "x", hooks: { PreToolUse: [CLAUDE_ENTRY] } });
    const shared = { model: "x", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./log.sh" }, mine] }] } };
    sb.write(settingsFile(), shared);
    expect((await run("install", "claude-code")).stdout).toMatch(/^Already installed/);
    expect(json(settingsFile())).toEqual(shared);
  });
});
