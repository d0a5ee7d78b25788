/**
 * `shellguard agent-hook claude-code` through a spawned process: realistic PreToolUse payloads in,
 * the exact stdout JSON and exit code out.
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard, type ModeInput } from "../../src/index.js";
import { reasonFor } from "../../src/agents/verdict.js";
import { claudePayload, runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** Run the hook on a payload (an object is sent as JSON, with `cwd` defaulting to the sandbox project). */
async function hook(payload: Record<string, unknown> | string | Buffer, args: string[] = []) {
  const input = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify({ ...payload, cwd: payload.cwd === "/home/dev/project" ? sb.dir : payload.cwd });
  return runHook(sb, ["claude-code", ...args], input);
}

function answer(decision: "allow" | "ask" | "deny", reason: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason } }) + "\n";
}

/** The answer the library's own decision implies (same config, same mode): what the process must print. */
function expected(command: string, mode: string, decision: "allow" | "ask" | "deny"): string {
  const d = createGuard({ cwd: sb.dir, env: sb.env, reload: false }).check(command, { mode: mode as ModeInput });
  expect(d.decision).toBe(decision);
  return answer(decision, reasonFor(d));
}

describe("claude-code: decisions", () => {
  it("rm -rf ~ → ask, with every finding in the reason", async () => {
    const r = await hook(claudePayload("rm -rf ~"));
    expect(r).toEqual({ code: 0, stdout: expected("rm -rf ~", "default", "ask"), stderr: "" });
    const reason = JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).toMatch(/^shellguard: /);
    expect(reason).toContain("dangerous/rm-recursive-force");
    expect(reason).toContain("deletion/home");
  });

  it("ls → no output (no veto), exit 0", async () => {
    expect(await hook(claudePayload("ls"))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook(claudePayload("git status && ls -la src | head -5"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  // permission_mode → mode: default, acceptEdits, plan → explore, bypassPermissions → bypass, dontAsk; unknown → default.
  it.each([
    ["default", "default", "ask"],
    ["acceptEdits", "acceptEdits", "ask"],
    ["plan", "explore", "deny"],
    ["dontAsk", "dontAsk", "deny"],
    ["auto", "default", "ask"],
    ["somethingNew", "default", "ask"],
  ] as const)("rm -rf ~ with permission_mode %s (%s) → %s", async (permissionMode, mode, decision) => {
    const r = await hook(claudePayload("rm -rf ~", { permission_mode: permissionMode }));
    expect(r).toEqual({ code: 0, stdout: expected("rm -rf ~", mode, decision), stderr: "" });
  });

  it("rm -rf ~ without permission_mode → default → ask", async () => {
    const payload = claudePayload("rm -rf ~");
    delete payload.permission_mode;
    expect(await hook(payload)).toEqual({ code: 0, stdout: expected("rm -rf ~", "default", "ask"), stderr: "" });
  });

  it("rm -rf ~ with permission_mode bypassPermissions: bypass ignores safety findings, so no veto", async () => {
    expect(createGuard({ cwd: sb.dir, env: sb.env }).check("rm -rf ~", { mode: "bypass" }).decision).toBe("allow");
    expect(await hook(claudePayload("rm -rf ~", { permission_mode: "bypassPermissions" }))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it.each(["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk"])("ls with permission_mode %s → no output", async (permissionMode) => {
    expect(await hook(claudePayload("ls -la", { permission_mode: permissionMode }))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a deny rule from the project config → deny, in every mode", async () => {
    sb.write("home/project/.shellguardrc.json", { rules: { deny: [{ pattern: "terraform destroy:*", reason: "destroys the environment" }] } });
    for (const [permissionMode, mode] of [["default", "default"], ["acceptEdits", "acceptEdits"], ["plan", "explore"], ["bypassPermissions", "bypass"], ["dontAsk", "dontAsk"]]) {
      const r = await hook(claudePayload("terraform  destroy -auto-approve", { permission_mode: permissionMode }));
      expect(r).toEqual({ code: 0, stdout: expected("terraform  destroy -auto-approve", mode!, "deny"), stderr: "" });
      expect(r.stdout).toContain("terraform destroy:*");
    }
  });

  it("the payload's cwd decides which config applies, not the hook process's cwd", async () => {
    sb.write("home/other/.shellguardrc.json", { rules: { deny: ["make deploy:*"] } });
    const other = `${sb.home}/other`;
    expect(JSON.parse((await runHook(sb, ["claude-code"], JSON.stringify(claudePayload("make deploy", { cwd: other })))).stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect((await runHook(sb, ["claude-code"], JSON.stringify(claudePayload("make deploy", { cwd: sb.dir })), { cwd: other })).stdout).toBe("");
  });

  it("an ask rule → ask; in dontAsk → deny", async () => {
    sb.write("home/project/.shellguardrc.json", { rules: { ask: ["git push:*"] } });
    expect((await hook(claudePayload("git push origin main"))).stdout).toBe(expected("git push origin main", "default", "ask"));
    expect((await hook(claudePayload("git push origin main", { permission_mode: "dontAsk" }))).stdout).toBe(expected("git push origin main", "dontAsk", "deny"));
  });

  it("no rule and no finding (the mode's fallback) → no output; --strict answers it", async () => {
    expect(await hook(claudePayload("npm install left-pad"))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook(claudePayload("npm install left-pad", { permission_mode: "dontAsk" }))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook(claudePayload("npm install left-pad"), ["--strict"])).toEqual({ code: 0, stdout: expected("npm install left-pad", "default", "ask"), stderr: "" });
    expect((await hook(claudePayload("npm install left-pad", { permission_mode: "dontAsk" }), ["--strict"])).stdout).toBe(expected("npm install left-pad", "dontAsk", "deny"));
  });

  it("plan mode denies what is not read-only (its fallback is the mode itself)", async () => {
    expect((await hook(claudePayload("npm install left-pad", { permission_mode: "plan" }))).stdout).toBe(expected("npm install left-pad", "explore", "deny"));
  });
});

describe("claude-code: allow only with positive evidence and agent.approve", () => {
  it("read-only → allow when the user config sets agent.approve", async () => {
    sb.write("xdg/shellguard/config.json", { agent: { approve: true } });
    expect(await hook(claudePayload("ls -la"))).toEqual({ code: 0, stdout: expected("ls -la", "default", "allow"), stderr: "" });
    expect(JSON.parse((await hook(claudePayload("ls -la"))).stdout).hookSpecificOutput.permissionDecision).toBe("allow");
  });

  it("an allow rule → allow with agent.approve, nothing without it", async () => {
    sb.write("xdg/shellguard/config.json", { rules: { allow: ["npm test:*"] } });
    expect(await hook(claudePayload("npm test -- --watch=false"))).toEqual({ code: 0, stdout: "", stderr: "" });
    sb.write("xdg/shellguard/config.json", { rules: { allow: ["npm test:*"] }, agent: { approve: true } });
    expect((await hook(claudePayload("npm test -- --watch=false"))).stdout).toBe(expected("npm test -- --watch=false", "default", "allow"));
  });

  it("no evidence (bypass's fallback, acceptEdits' edit allow) → nothing, even with agent.approve", async () => {
    sb.write("xdg/shellguard/config.json", { agent: { approve: true } });
    expect((await hook(claudePayload("npm install", { permission_mode: "bypassPermissions" }))).stdout).toBe("");
    expect((await hook(claudePayload("mkdir -p build/out", { permission_mode: "acceptEdits" }))).stdout).toBe("");
  });

  it("an untrusted project config cannot turn approve on", async () => {
    sb.write("home/project/.shellguardrc.json", { agent: { approve: true } });
    expect((await hook(claudePayload("ls"))).stdout).toBe("");
  });
});

describe("claude-code: other tools", () => {
  it.each([
    ["Read", { file_path: "/etc/passwd" }],
    ["Write", { file_path: "/home/dev/project/x.txt", content: "rm -rf ~" }],
    ["Edit", { file_path: "/home/dev/project/a.ts", old_string: "a", new_string: "b" }],
    ["mcp__github__create_issue", { title: "rm -rf ~" }],
  ])("%s → no output, exit 0", async (tool, input) => {
    expect(await hook(claudePayload("", { tool_name: tool, tool_input: input }))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("claude-code: fail closed", () => {
  const denied = (problem: string): string =>
    answer("deny", `shellguard: could not check this command (${problem}), so it is denied: the guard fails closed. Fix the problem, or run the command yourself.`);

  function expectFailClosed(r: { code: number; stdout: string; stderr: string }, problem: string | RegExp): void {
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
    if (typeof problem === "string") expect(r.stdout).toBe(denied(problem));
    else expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(problem);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^shellguard agent-hook claude-code: .*; denied \(fail closed\)\n$/);
  }

  it("malformed JSON → deny", async () => {
    expectFailClosed(await hook('{"tool_name": "Bash", "tool_input": {"command": "ls"'), /not valid JSON/);
  });

  it("empty input → deny", async () => {
    expectFailClosed(await hook(""), /not valid JSON/);
  });

  it("JSON that is not an object → deny", async () => {
    expectFailClosed(await hook("[1,2,3]"), "the hook input must be a JSON object, not an array");
  });

  it("a Bash payload without a command → deny", async () => {
    expectFailClosed(await hook(claudePayload("ls", { tool_input: { description: "x" } })), '"tool_input.command" must be a string, not missing');
    expectFailClosed(await hook(claudePayload("ls", { tool_input: "ls" })), '"tool_input" must be an object, not a string');
  });

  it("no tool_name → deny (it may be Bash)", async () => {
    const payload = claudePayload("rm -rf ~");
    delete payload.tool_name;
    expectFailClosed(await hook(payload), '"tool_name" must be a string, not missing');
  });

  it("another hook event → deny", async () => {
    expectFailClosed(await hook(claudePayload("ls", { hook_event_name: "PostToolUse" })), '"hook_event_name" is "PostToolUse"; this hook answers PreToolUse only');
  });

  it("invalid UTF-8 → deny", async () => {
    expectFailClosed(await hook(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), "the hook input is not valid UTF-8");
  });

  it("a 10 MB payload → deny (limit 1 MiB), the whole input is still read", async () => {
    const payload = claudePayload("echo " + "x".repeat(10 * 1024 * 1024));
    expectFailClosed(await hook(payload), "the hook input is larger than 1 MiB (the limit)");
  });

  it("a config error → deny naming the file", async () => {
    // The user's own config (an untrusted project config that does not load is ignored instead).
    const file = sb.write("xdg/shellguard/config.json", '{ "rules": { "deny": [ "x" ] ');
    const r = await hook(claudePayload("ls"));
    expectFailClosed(r, /config error: .*config\.json/);
    expect(r.stderr).toContain(file);
  });

  it("an unknown key in the config → deny", async () => {
    sb.write("xdg/shellguard/config.json", { rulez: {} });
    expectFailClosed(await hook(claudePayload("ls")), /config error: .*config\.json/);
  });

  it("bad hook arguments → deny (the agent must not run commands unchecked)", async () => {
    expectFailClosed(await hook(claudePayload("ls"), ["--bogus"]), "bad hook arguments: unknown option --bogus (see shellguard agent-hook --help)");
  });
});
