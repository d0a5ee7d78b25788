/**
 * The agent catalog: every registered agent is reachable through `agent-hook` (its hook, install
 * and uninstall, its help line) without the CLI naming it anywhere — the contract that lets a new
 * agent be one file plus one registry line.
 */

import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AGENT_CATALOG, AGENT_HOOK_USAGE, agentNamed, isAgentName } from "../../src/agents/index.js";
import { claudePayload, codexPayload, copilotPayload, cursorShellPayload, geminiPayload, opencodePayload, runHook, sandbox, type Sandbox } from "./helpers.js";

/** Each agent's payload for `ls` in the sandbox project. */
const LS_PAYLOAD: Record<string, (cwd: string) => Record<string, unknown>> = {
  "claude-code": (cwd) => claudePayload("ls", { cwd }),
  "gemini-cli": (cwd) => geminiPayload("ls", { cwd }),
  codex: (cwd) => codexPayload("ls", { cwd }),
  "copilot-cli": (cwd) => copilotPayload("ls", { cwd }),
  cursor: (cwd) => cursorShellPayload("ls", { cwd, workspace_roots: [cwd] }),
  opencode: (cwd) => opencodePayload("bash", { command: "ls" }, { cwd }),
};

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe("agent catalog", () => {
  it("names are unique, and each is found by name", () => {
    const names = AGENT_CATALOG.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(isAgentName(name)).toBe(true);
      expect(agentNamed(name).name).toBe(name);
    }
    expect(isAgentName("install")).toBe(false);
  });

  it.each(AGENT_CATALOG.map((a) => [a.name, a] as const))("%s: in the help with its flags and settings file", (name, agent) => {
    expect(AGENT_HOOK_USAGE).toContain(`  ${name} [--strict]`);
    for (const f of agent.flags) expect(AGENT_HOOK_USAGE).toContain(`${f.flag}`);
    expect(AGENT_HOOK_USAGE).toContain(agent.settings.file);
    expect(agent.guards.shell.length).toBeGreaterThan(0);
  });

  it.each(AGENT_CATALOG.map((a) => [a.name, a] as const))("%s: install then uninstall through the CLI, at the definition's path", async (name, agent) => {
    const path = agent.settings.path("project", sb.dir, sb.env);
    const installed = await runHook(sb, ["install", name]);
    expect(installed.code).toBe(0);
    expect(readFileSync(path, "utf8")).toContain(`shellguard agent-hook ${name}`);
    const removed = await runHook(sb, ["uninstall", name]);
    expect(removed.code).toBe(0);
    expect(existsSync(path) ? readFileSync(path, "utf8") : "").not.toContain(`shellguard agent-hook ${name}`);
  });

  it.each(AGENT_CATALOG.map((a) => [a.name] as const))("%s: an unknown hook flag still answers, failing closed", async (name) => {
    const r = await runHook(sb, [name, "--no-such-flag"], JSON.stringify({}));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("bad hook arguments: unknown option --no-such-flag");
  });

  it.each(AGENT_CATALOG.map((a) => [a.name] as const))("%s: config warnings reach stderr, once", async (name) => {
    sb.write("home/project/.shellguardrc.json", { agent: { approve: true } });
    const r = await runHook(sb, [name], JSON.stringify(LS_PAYLOAD[name]!(sb.dir)));
    expect(r.stdout).toBe("");
    const warnings = r.stderr.split("\n").filter(Boolean);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^shellguard: warning: .*\.shellguardrc\.json: agent ignored: untrusted project config/);
  });

  it.each(AGENT_CATALOG.map((a) => [a.name] as const))("%s: a stray argument is a usage error (exit 3)", async (name) => {
    const r = await runHook(sb, [name, "extra"], JSON.stringify(LS_PAYLOAD[name]!(sb.dir)));
    expect(r).toEqual({ code: 3, stdout: "", stderr: `shellguard agent-hook: ${name} takes no arguments, only flags: unexpected argument "extra"\nRun "shellguard agent-hook --help" for usage.\n` });
  });

  it("every agent has a payload here", () => {
    expect(Object.keys(LS_PAYLOAD).sort()).toEqual(AGENT_CATALOG.map((a) => a.name).sort());
  });
});
