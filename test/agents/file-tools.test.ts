/**
 * Agents' file tools through the hook: a read is judged like `cat` of the path, a write like a
 * shell write to it (the same checks, the same lists). One table over every agent's file tools:
 * secret reads (secret/read) and sensitive writes are vetoed, ordinary files are not, nothing is
 * approved.
 */

import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { fileCommand, patchTargets, type FileOp } from "../../src/agents/file-tools.js";
import { claudePayload, codexPayload, copilotPayload, cursorReadPayload, geminiPayload, opencodePayload, runHook, sandbox, type Sandbox } from "./helpers.js";

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
  { label: "codex apply_patch (update)", agent: "codex", op: "write", payload: (p, cwd) => codexPatch(cwd, `*** Update File: ${p}\n@@\n-a\n+b`) },
  { label: "codex apply_patch (add)", agent: "codex", op: "write", payload: (p, cwd) => codexPatch(cwd, `*** Add File: ${p}\n+hello`) },
  { label: "codex apply_patch (delete)", agent: "codex", op: "delete", payload: (p, cwd) => codexPatch(cwd, `*** Delete File: ${p}`) },
  { label: "codex apply_patch (move to)", agent: "codex", op: "write", payload: (p, cwd) => codexPatch(cwd, `*** Update File: ${join(cwd, "draft.txt")}\n*** Move to: ${p}\n@@\n-a\n+b`) },
  { label: "copilot-cli view", agent: "copilot-cli", op: "read", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "view", toolArgs: JSON.stringify({ path: p }) }) },
  { label: "copilot-cli str_replace_editor view", agent: "copilot-cli", op: "read", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "str_replace_editor", toolArgs: JSON.stringify({ command: "view", path: p }) }) },
  { label: "copilot-cli grep", agent: "copilot-cli", op: "search", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "grep", toolArgs: JSON.stringify({ pattern: "key", path: p }) }) },
  { label: "copilot-cli create", agent: "copilot-cli", op: "write", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "create", toolArgs: JSON.stringify({ path: p, file_text: "x" }) }) },
  { label: "copilot-cli edit", agent: "copilot-cli", op: "write", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "edit", toolArgs: JSON.stringify({ path: p, old_str: "a", new_str: "b" }) }) },
  { label: "copilot-cli str_replace_editor insert", agent: "copilot-cli", op: "write", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "str_replace_editor", toolArgs: JSON.stringify({ command: "insert", path: p, insert_line: 1, new_str: "x" }) }) },
  { label: "copilot-cli apply_patch (raw text)", agent: "copilot-cli", op: "write", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "apply_patch", toolArgs: `*** Begin Patch\n*** Update File: ${p}\n@@\n-a\n+b\n*** End Patch` }) },
  { label: "copilot-cli apply_patch ({input})", agent: "copilot-cli", op: "delete", payload: (p, cwd) => copilotPayload("", { cwd, toolName: "apply_patch", toolArgs: JSON.stringify({ input: `*** Begin Patch\n*** Delete File: ${p}\n*** End Patch` }) }) },
];

/** A Codex apply_patch call: tool_input.command is the patch. */
function codexPatch(cwd: string, body: string): Payload {
  return codexPayload("", { cwd, tool_name: "apply_patch", tool_input: { command: `*** Begin Patch\n${body}\n*** End Patch\n` } });
}

const CHANGES: ReadonlySet<FileOp> = new Set(["write", "delete"]);

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

describe.each(TOOLS.filter((t) => CHANGES.has(t.op)).map((t) => [t.label, t] as const))("%s", (_label, c) => {
  it.each(SENSITIVE_WRITES)("~/%s → vetoed, like the shell write or deletion", async (rel) => {
    const path = join(sb.home, rel);
    expect(shellDecision(c.op, path)).not.toBe("allow");
    const r = await hook(c, path);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/"(deny|ask)"/);
    expect(r.stdout).toContain("sensitive-path/");
  });

  it.each(ORDINARY)("~/%s → no output", async (rel) => {
    expect(await hook(c, join(sb.home, rel))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe.each(TOOLS.filter((t) => !CHANGES.has(t.op)).map((t) => [t.label, t] as const))("%s", (_label, c) => {
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

describe("patchTargets: the files a patch touches", () => {
  it.each([
    ["add, update, delete", "*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: src/b.ts\n@@\n-a\n+b\n*** Delete File: c.txt\n*** End Patch", [{ op: "write", path: "a.txt" }, { op: "write", path: "src/b.ts" }, { op: "delete", path: "c.txt" }]],
    ["a move writes the new path and deletes the old", "*** Begin Patch\n*** Update File: old.ts\n*** Move to: new.ts\n@@\n-a\n+b\n*** End Patch", [{ op: "write", path: "old.ts" }, { op: "write", path: "new.ts" }, { op: "delete", path: "old.ts" }]],
    ["CRLF, and blanks around the path", "*** Begin Patch\r\n*** Add File:   spaced name.txt  \r\n+x\r\n*** End Patch\r\n", [{ op: "write", path: "spaced name.txt" }]],
    ["an added line that looks like a header is content", "*** Begin Patch\n*** Add File: a.txt\n+*** Delete File: /etc/passwd\n*** End Patch", [{ op: "write", path: "a.txt" }]],
  ] as Array<[string, string, unknown]>)("%s", (_label, patch, expected) => {
    expect(patchTargets(patch)).toEqual(expected);
  });

  it.each([
    ["no header", "*** Begin Patch\n*** End Patch", "names no file"],
    ["a header with no path", "*** Begin Patch\n*** Delete File:\n*** End Patch", "names no file"],
    ["not a patch", "rm -rf ~", "names no file"],
  ])("%s → a problem (denied)", (_label, patch, problem) => {
    expect(patchTargets(patch)).toEqual({ problem: expect.stringContaining(problem) });
  });
});

describe("file tool payloads that are not what the agent sends → deny (fail closed)", () => {
  it.each([
    ["claude-code", claudePayload("", { tool_name: "Read", tool_input: { path: "/etc/hosts" } }), '"tool_input.file_path" must be a non-empty string, not missing'],
    ["gemini-cli", geminiPayload("", { tool_name: "write_file", tool_input: "x" }), '"tool_input" must be an object, not a string'],
    ["cursor", cursorReadPayload("", {}), '"file_path" must be a non-empty string'],
    ["opencode", opencodePayload("read", { filePath: 42 }), '"args.filePath" must be a non-empty string, not a number'],
    ["codex", codexPayload("", { tool_name: "apply_patch", tool_input: { command: 42 } }), '"tool_input.command" must be a string, not a number'],
    ["copilot-cli", copilotPayload("", { toolName: "view", toolArgs: JSON.stringify({ file: "a" }) }), '"toolArgs.path" must be a non-empty string, not missing'],
  ] as Array<[string, Payload, string]>)("%s", async (agent, payload, problem) => {
    const r = await runHook(sb, [agent], JSON.stringify({ ...payload, cwd: sb.dir }));
    expect(r.stdout).toMatch(/"deny"/);
    expect(r.stderr).toContain(problem);
  });
});
