/**
 * Agents' file tools through the hook: a read is judged like `cat` of the path, a write like a
 * shell write to it (the same checks, the same lists). One table over every agent's file tools:
 * secret reads (secret/read) and sensitive writes are vetoed, ordinary files are not, nothing is
 * approved.
 */

import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { fileCommand, type FileOp } from "../../src/agents/file-tools.js";
import { claudePayload, cursorReadPayload, geminiPayload, opencodePayload, runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

type Payload = Record<string, unknown>;

interface ToolCase {
  /** `claude-code Write`: the agent and its tool. */
  label: string;
  agent: string;
  op: FileOp;
  payload(path: string, cwd: string): Payload;
}

const TOOLS: ToolCase[] = [
  { label: "claude-code Read", agent: "claude-code", op: "read", payload: (p, cwd) => claudePayload("", { cwd, tool_name: "Read", tool_input: { file_path: p } }) },
  { label: "claude-code Grep", agent: "claude-code", op: "search", payload: (p, cwd) => claudePayload("", { cwd, tool_name: "Grep", tool_input: { pattern: "key", path: p, output_mode: "content" } }) },
  { label: "claude-code Write", agent: "claude-code", op: "write", payload: (p, cwd) => claudePayload("", { cwd, tool_name: "Write", tool_input: { file_path: p, content: "x" } }) },
  { label: "claude-code Edit", agent: "claude-code", op: "write", payload: (p, cwd) => claudePayload("", { cwd, tool_name: "Edit", tool_input: { file_path: p, old_string: "a", new_string: "b" } }) },
  { label: "gemini-cli read_file", agent: "gemini-cli", op: "read", payload: (p, cwd) => geminiPayload("", { cwd, tool_name: "read_file", tool_input: { file_path: p } }) },
  { label: "gemini-cli write_file", agent: "gemini-cli", op: "write", payload: (p, cwd) => geminiPayload("", { cwd, tool_name: "write_file", tool_input: { file_path: p, content: "x" } }) },
  { label: "gemini-cli replace", agent: "gemini-cli", op: "write", payload: (p, cwd) => geminiPayload("", { cwd, tool_name: "replace", tool_input: { file_path: p, old_string: "a", new_string: "b" } }) },
  { label: "cursor beforeReadFile", agent: "cursor", op: "read", payload: (p, cwd) => cursorReadPayload(p, { workspace_roots: [cwd] }) },
  { label: "opencode read", agent: "opencode", op: "read", payload: (p, cwd) => opencodePayload("read", { filePath: p }, { cwd }) },
  { label: "opencode write", agent: "opencode", op: "write", payload: (p, cwd) => opencodePayload("write", { filePath: p, content: "x" }, { cwd }) },
  { label: "opencode edit", agent: "opencode", op: "write", payload: (p, cwd) => opencodePayload("edit", { filePath: p, oldString: "a", newString: "b" }, { cwd }) },
];

/** Paths by what the shell would say about writing them (relative to HOME, or the project). */
const SENSITIVE_WRITES = [".bashrc", ".ssh/authorized_keys", ".ssh/config", ".zshrc"];
const ORDINARY = ["project/src/index.ts", "project/README.md"];

async function hook(c: ToolCase, path: string) {
  return runHook(sb, [c.agent], JSON.stringify(c.payload(path, sb.dir)));
}

/** What `shellguard check` says about the equivalent shell command. */
function shellDecision(op: FileOp, path: string): string {
  return createGuard({ cwd: sb.dir, env: sb.env, reload: false }).check(fileCommand(op, path)).decision;
}

describe.each(TOOLS.filter((t) => t.op === "write").map((t) => [t.label, t] as const))("%s", (_label, c) => {
  it.each(SENSITIVE_WRITES)("~/%s → vetoed, like the shell write", async (rel) => {
    const path = join(sb.home, rel);
    expect(shellDecision("write", path)).not.toBe("allow");
    const r = await hook(c, path);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/"(deny|ask)"/);
    expect(r.stdout).toContain("sensitive-path/");
  });

  it.each(ORDINARY)("~/%s → no output", async (rel) => {
    expect(await hook(c, join(sb.home, rel))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe.each(TOOLS.filter((t) => t.op !== "write").map((t) => [t.label, t] as const))("%s", (_label, c) => {
  it.each(ORDINARY)("~/%s → no output, never an allow (even with agent.approve)", async (rel) => {
    sb.write("xdg/shellguard/config.json", { agent: { approve: true } });
    expect(await hook(c, join(sb.home, rel))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

/** Secrets (issue 16): relative to HOME. `.env.example` is not one. */
const SECRETS = [".ssh/id_ed25519", ".aws/credentials", ".netrc", "project/.env"];

describe.each(TOOLS.filter((t) => t.op === "read" || t.op === "search").map((t) => [t.label, t] as const))("%s", (_label, c) => {
  it.each(SECRETS)("~/%s → vetoed, like the shell read (secret/read)", async (rel) => {
    const path = join(sb.home, rel);
    expect(shellDecision(c.op, path)).not.toBe("allow");
    const r = await hook(c, path);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/"(deny|ask)"/);
    if (c.agent !== "cursor") expect(r.stdout).toContain("secret/read");
  });

  it("~/project/.env.example → no output", async () => {
    expect(await hook(c, join(sb.home, "project", ".env.example"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("what the agent is told", () => {
  it("claude-code Read of ~/.ssh/id_ed25519: an ask naming the tool, the path and the shell read it was judged as", async () => {
    const path = join(sb.home, ".ssh", "id_ed25519");
    const reason = createGuard({ cwd: sb.dir, env: sb.env, reload: false }).check(fileCommand("read", path)).reason;
    const r = await hook(TOOLS[0]!, path);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: `shellguard: Read ${path}, judged as \`cat -- '${path}'\`: ${reason}`,
      },
    });
  });

  it("cursor beforeReadFile of ~/.ssh/id_ed25519: {\"permission\":\"deny\"} (that event knows no ask)", async () => {
    const r = await hook(TOOLS.find((t) => t.agent === "cursor")!, join(sb.home, ".ssh", "id_ed25519"));
    expect(r).toEqual({ code: 0, stdout: '{"permission":"deny"}\n', stderr: "" });
  });

  it("in plan mode a Claude Code Write is denied, like the shell write in explore", async () => {
    const r = await runHook(sb, ["claude-code"], JSON.stringify(claudePayload("", { cwd: sb.dir, permission_mode: "plan", tool_name: "Write", tool_input: { file_path: join(sb.dir, "a.txt"), content: "x" } })));
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });
});

describe("file tool payloads that are not what the agent sends → deny (fail closed)", () => {
  it.each([
    ["claude-code", claudePayload("", { tool_name: "Read", tool_input: { path: "/etc/hosts" } }), '"tool_input.file_path" must be a non-empty string, not missing'],
    ["gemini-cli", geminiPayload("", { tool_name: "write_file", tool_input: "x" }), '"tool_input" must be an object, not a string'],
    ["cursor", cursorReadPayload("", {}), '"file_path" must be a non-empty string'],
    ["opencode", opencodePayload("read", { filePath: 42 }), '"args.filePath" must be a non-empty string, not a number'],
  ] as Array<[string, Payload, string]>)("%s", async (agent, payload, problem) => {
    const r = await runHook(sb, [agent], JSON.stringify({ ...payload, cwd: sb.dir }));
    expect(r.stdout).toMatch(/"deny"/);
    expect(r.stderr).toContain(problem);
  });
});
