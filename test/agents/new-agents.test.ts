/**
 * Codex CLI, Copilot CLI, Cursor and OpenCode hooks through a spawned process, one table: each
 * agent's realistic payload in, its exact answer out — allow, ask, deny, another tool, malformed
 * and oversized input (config warnings and stray arguments: registry.test.ts, for every agent).
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { askAsDeny, reasonFor } from "../../src/agents/verdict.js";
import { codexPayload, copilotPayload, cursorShellPayload, opencodePayload, runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

type Payload = Record<string, unknown>;
type Decision = "deny" | "ask";

interface AgentCase {
  name: string;
  /** The agent's payload for its shell tool running `command` (cwd: the sandbox project, set later). */
  shell(command: string): Payload;
  /** A payload for a tool or event this hook does not guard. */
  other: Payload;
  /** Payloads that are not what the agent sends, and the problem each is denied for. */
  malformed: Array<[string, Payload, string]>;
  /** The answer printed for a decision and reason. */
  answer(decision: Decision, reason: string): unknown;
  /** Whether `--ask` makes an ask an ask (else an ask is always a deny that asks for a person). */
  askFlag: boolean;
}

const CASES: AgentCase[] = [
  {
    name: "codex",
    shell: (c) => codexPayload(c),
    other: codexPayload("", { tool_name: "mcp__docs__search", tool_input: { query: "hooks" } }),
    malformed: [
      ["no command", codexPayload("ls", { tool_input: { cmd: "ls" } }), '"tool_input.command" must be a string, not missing'],
      ["another event", codexPayload("ls", { hook_event_name: "PostToolUse" }), '"hook_event_name" is "PostToolUse"; this hook answers PreToolUse only'],
      ["a patch naming no file", codexPayload("", { tool_name: "apply_patch", tool_input: { command: "*** Begin Patch\n*** End Patch" } }), '"tool_input.command": the patch names no file'],
    ],
    answer: (d, r) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: d, permissionDecisionReason: r } }),
    askFlag: true,
  },
  {
    name: "copilot-cli",
    shell: (c) => copilotPayload(c),
    other: copilotPayload("", { toolName: "web_fetch", toolArgs: JSON.stringify({ url: "https://example.com" }) }),
    malformed: [
      ["toolArgs not JSON", copilotPayload("ls", { toolArgs: "{command: ls" }), '"toolArgs" is not valid JSON'],
      ["no command", copilotPayload("ls", { toolArgs: "{}" }), '"toolArgs.command" must be a string, not missing'],
      ["no toolName", { timestamp: 1, cwd: "/home/dev/project", toolArgs: "{}" }, '"toolName" must be a string, not missing'],
      ["a file tool without its path", copilotPayload("", { toolName: "create", toolArgs: JSON.stringify({ file_text: "x" }) }), '"toolArgs.path" must be a non-empty string, not missing'],
    ],
    answer: (d, r) => ({ permissionDecision: d, permissionDecisionReason: r }),
    askFlag: true,
  },
  {
    name: "cursor",
    shell: (c) => cursorShellPayload(c),
    other: cursorShellPayload("", { hook_event_name: "afterFileEdit", file_path: "/home/dev/project/a.ts", edits: [] }),
    malformed: [["no command", cursorShellPayload("ls", { command: 42 }), '"command" must be a string, not a number']],
    answer: (d, r) => ({ permission: d, user_message: r, agent_message: r }),
    askFlag: true,
  },
  {
    name: "opencode",
    shell: (c) => opencodePayload("bash", { command: c, description: "Run a shell command" }),
    other: opencodePayload("webfetch", { url: "https://example.com" }),
    malformed: [
      ["no command", opencodePayload("bash", { description: "x" }), '"args.command" must be a string, not missing'],
      ["no tool", { args: { command: "ls" } }, '"tool" must be a string, not missing'],
    ],
    answer: (_d, r) => ({ decision: "deny", reason: r }),
    askFlag: false,
  },
];

const line = (value: unknown): string => JSON.stringify(value) + "\n";

/** The payload with the sandbox project as its working directory (wherever the agent puts it). */
function located(payload: Payload): Payload {
  const p = { ...payload };
  if (p.cwd === "/home/dev/project") p.cwd = sb.dir;
  if (Array.isArray(p.workspace_roots)) p.workspace_roots = [sb.dir];
  return p;
}

function hook(c: AgentCase, payload: Payload | string | Buffer, args: string[] = []) {
  const input = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(located(payload));
  return runHook(sb, [c.name, ...args], input);
}

/** The engine's reason for `command` in the config's mode, as the hooks word it. */
function reason(command: string, decision: Decision): string {
  const d = createGuard({ cwd: sb.dir, env: sb.env, reload: false }).check(command);
  expect(d.decision).toBe(decision);
  return reasonFor(d);
}

const failClosed = (problem: string): string =>
  `shellguard: could not check this command (${problem}), so it is denied: the guard fails closed. Fix the problem, or run the command yourself.`;

describe.each(CASES.map((c) => [c.name, c] as const))("%s", (name, c) => {
  it("rm -rf ~ (an ask) → a deny that says a person must confirm", async () => {
    const why = reason("rm -rf ~", "ask");
    expect(await hook(c, c.shell("rm -rf ~"))).toEqual({ code: 0, stdout: line(c.answer("deny", askAsDeny({ decision: "ask", reason: why }).reason)), stderr: "" });
  });

  it.runIf(c.askFlag)("rm -rf ~ with --ask → ask", async () => {
    expect(await hook(c, c.shell("rm -rf ~"), ["--ask"])).toEqual({ code: 0, stdout: line(c.answer("ask", reason("rm -rf ~", "ask"))), stderr: "" });
  });

  it.each(["ls -la", "git status", "npm test"])("%s → no output", async (command) => {
    expect(await hook(c, c.shell(command))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a deny rule from the project config → deny", async () => {
    sb.write("home/project/.shellguardrc.json", { rules: { deny: [{ pattern: "terraform destroy:*", reason: "destroys the environment" }] } });
    expect(await hook(c, c.shell("terraform destroy -auto-approve"))).toEqual({ code: 0, stdout: line(c.answer("deny", reason("terraform destroy -auto-approve", "deny"))), stderr: "" });
  });

  it("a tool or event it does not guard → no output", async () => {
    expect(await hook(c, c.other)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it.each([
    ...c.malformed,
    ["invalid JSON", '{"command": "ls"', "the hook input is not valid JSON"],
    ["a JSON array", "[1,2]", "the hook input must be a JSON object, not an array"],
  ] as Array<[string, Payload | string, string]>)("%s → deny (fail closed), one line on stderr", async (_what, payload, problem) => {
    const r = await hook(c, payload);
    expect(r.code).toBe(0);
    const reasonText = JSON.stringify(c.answer("deny", failClosed(problem)));
    if (problem.endsWith(")")) expect(r.stdout).toBe(reasonText + "\n");
    else expect(r.stdout.slice(0, reasonText.indexOf(problem) + problem.length)).toBe(reasonText.slice(0, reasonText.indexOf(problem) + problem.length));
    expect(r.stderr).toMatch(new RegExp(`^shellguard agent-hook ${name}: .*; denied \\(fail closed\\)\\n$`));
  });

  it("a 2 MB payload → deny (limit 1 MiB)", async () => {
    const r = await hook(c, c.shell("echo " + "x".repeat(2 * 1024 * 1024)));
    expect(r.stdout).toBe(line(c.answer("deny", failClosed("the hook input is larger than 1 MiB (the limit)"))));
  });

});
