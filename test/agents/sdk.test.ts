/**
 * The SDK adapters (`shellguard/sdk`), typed and driven with each SDK's own types: the
 * assignments below are compiled by `npm run typecheck` against @anthropic-ai/claude-agent-sdk and
 * @github/copilot-sdk (devDependencies; only their types are imported), and each case gives the
 * adapter the input the SDK gives its hook and checks the exact answer.
 */

import { join } from "node:path";
import type { HookCallback, HookCallbackMatcher, HookInput, HookJSONOutput, Options, PreToolUseHookInput } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfig, SessionHooks } from "@github/copilot-sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { fileCommand } from "../../src/agents/file-tools.js";
import { claudeAgentSdkHook, copilotSdkOnPreToolUse, type SdkGuardOptions } from "../../src/agents/sdk/index.js";
import { askAsDeny, reasonFor } from "../../src/agents/verdict.js";
import { sandbox, type Sandbox } from "./helpers.js";

type CopilotPreToolUse = NonNullable<SessionHooks["onPreToolUse"]>;
type CopilotInput = Parameters<CopilotPreToolUse>[0];

let sb: Sandbox;
let problems: string[];
beforeEach(() => {
  sb = sandbox();
  problems = [];
});
afterEach(() => sb.cleanup());

/** Options every case uses: the sandbox's project and HOME, and the problems collected. */
const base = (): SdkGuardOptions => ({ cwd: sb.dir, env: sb.env, onError: (p) => problems.push(p) });

/** The engine's reason for `command`, as the hooks word it. */
function reason(command: string, mode?: "explore"): string {
  return reasonFor(createGuard({ cwd: sb.dir, env: sb.env, reload: false }).check(command, mode ? { mode } : {}));
}

const failClosed = (problem: string): string =>
  `shellguard: could not check this command (${problem}), so it is denied: the guard fails closed. Fix the problem, or run the command yourself.`;

describe("claudeAgentSdkHook: a Claude Agent SDK HookCallback", () => {
  function claudeInput(tool: string, toolInput: unknown, fields: Partial<PreToolUseHookInput> = {}): PreToolUseHookInput {
    return {
      hook_event_name: "PreToolUse",
      session_id: "8f14e45f-ceea-4a67-9d3a-1b2c3d4e5f60",
      transcript_path: join(sb.home, ".claude/projects/p/8f14e45f.jsonl"),
      cwd: sb.dir,
      permission_mode: "default",
      tool_name: tool,
      tool_input: toolInput,
      tool_use_id: "toolu_01A2b3C4d5E6f7G8h9I0j",
      ...fields,
    };
  }
  const signal = () => ({ signal: new AbortController().signal });
  const answer = (decision: "ask" | "deny" | "allow", why: string): HookJSONOutput => ({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: why },
  });

  it("is the SDK's HookCallback, in a PreToolUse matcher of the query options", () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    const matcher: HookCallbackMatcher = { matcher: "Bash|Read|Grep|Glob|Edit|MultiEdit|Write|NotebookEdit", hooks: [hook] };
    const options: Options = { cwd: sb.dir, hooks: { PreToolUse: [matcher] } };
    expect(options.hooks?.PreToolUse?.[0]?.hooks[0]).toBe(hook);
  });

  it("rm -rf ~ → ask, with the engine's reason", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    expect(await hook(claudeInput("Bash", { command: "rm -rf ~", description: "Remove home" }), "toolu_1", signal())).toEqual(answer("ask", reason("rm -rf ~")));
  });

  it("rm -rf ~ with ask: false → a deny that says a person must confirm", async () => {
    const hook: HookCallback = claudeAgentSdkHook({ ...base(), ask: false });
    const why = askAsDeny({ decision: "ask", reason: reason("rm -rf ~") }).reason;
    expect(await hook(claudeInput("Bash", { command: "rm -rf ~" }), "toolu_1", signal())).toEqual(answer("deny", why));
  });

  it("a deny rule from the project config → deny", async () => {
    sb.write("home/project/.shellguardrc.json", { rules: { deny: [{ pattern: "terraform destroy:*", reason: "destroys the environment" }] } });
    const hook: HookCallback = claudeAgentSdkHook(base());
    const out = await hook(claudeInput("Bash", { command: "terraform destroy -auto-approve" }), "toolu_1", signal());
    expect(out).toEqual(answer("deny", reason("terraform destroy -auto-approve")));
  });

  it("in plan mode (permission_mode), touch is denied, as in explore", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    const out = await hook(claudeInput("Bash", { command: "touch a.txt" }, { permission_mode: "plan" }), "toolu_1", signal());
    expect(out).toEqual(answer("deny", reason("touch a.txt", "explore")));
  });

  it.each(["ls -la", "git status"])("%s → {} (the SDK's own permission flow decides)", async (command) => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    expect(await hook(claudeInput("Bash", { command }), "toolu_1", signal())).toEqual({});
  });

  it("Read of ~/.ssh/id_ed25519 → ask naming the tool, the path and the shell read", async () => {
    const path = join(sb.home, ".ssh", "id_ed25519");
    const hook: HookCallback = claudeAgentSdkHook(base());
    const why = reason(fileCommand("read", path)).replace(/^shellguard: /, "");
    const out = await hook(claudeInput("Read", { file_path: path }), "toolu_1", signal());
    expect(out).toEqual(answer("ask", `shellguard: Read ${path}, judged as \`cat -- '${path}'\`: ${why}`));
  });

  it("Write of ~/.bashrc → vetoed (sensitive-path); Write of a project file → {}", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    const bashrc = await hook(claudeInput("Write", { file_path: join(sb.home, ".bashrc"), content: "x" }), "toolu_1", signal());
    expect(JSON.stringify(bashrc)).toContain("sensitive-path/file");
    expect(await hook(claudeInput("Write", { file_path: join(sb.dir, "a.ts"), content: "x" }), "toolu_1", signal())).toEqual({});
  });

  it("a tool it does not guard, and any other event → {}", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    expect(await hook(claudeInput("WebFetch", { url: "https://example.com", prompt: "x" }), "toolu_1", signal())).toEqual({});
    const post: HookInput = { ...claudeInput("Bash", { command: "rm -rf ~" }), hook_event_name: "PostToolUse", tool_response: "" };
    expect(await hook(post, "toolu_1", signal())).toEqual({});
  });

  it("malformed input → deny (fail closed), and onError hears the problem", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    const problem = '"tool_input" must be an object, not a string';
    expect(await hook(claudeInput("Bash", "rm -rf ~"), "toolu_1", signal())).toEqual(answer("deny", failClosed(problem)));
    expect(problems).toEqual([problem]);
  });

  it("an aborted signal → deny (never a silent allow)", async () => {
    const hook: HookCallback = claudeAgentSdkHook(base());
    const controller = new AbortController();
    controller.abort();
    const out = await hook(claudeInput("Bash", { command: "ls" }), "toolu_1", { signal: controller.signal });
    expect(out).toEqual(answer("deny", failClosed("the hook was aborted before the call was checked")));
  });

  it("a config that does not load → deny (fail closed)", async () => {
    const configFile = sb.write("broken.json", "{ not json");
    const hook: HookCallback = claudeAgentSdkHook({ ...base(), configFile });
    const out = await hook(claudeInput("Bash", { command: "ls" }), "toolu_1", signal());
    expect(JSON.stringify(out)).toContain("could not check this command (config error: ");
    expect(problems).toHaveLength(1);
  });
});

describe("copilotSdkOnPreToolUse: a Copilot SDK SessionHooks.onPreToolUse", () => {
  function copilotInput(toolName: string, toolArgs: unknown, fields: Partial<CopilotInput> = {}): CopilotInput {
    return { sessionId: "c0ffee00-1234-4abc-9def-0123456789ab", timestamp: new Date("2026-12-04T10:00:00Z"), workingDirectory: sb.dir, toolName, toolArgs, ...fields };
  }
  const invocation = { sessionId: "c0ffee00-1234-4abc-9def-0123456789ab" };

  it("is the SDK's onPreToolUse, in a session config", () => {
    const hooks: SessionHooks = { onPreToolUse: copilotSdkOnPreToolUse(base()) };
    const config: Pick<SessionConfig, "hooks" | "workingDirectory"> = { hooks, workingDirectory: sb.dir };
    expect(typeof config.hooks?.onPreToolUse).toBe("function");
  });

  it("bash rm -rf ~ → a deny that says a person must confirm; with ask: true → ask", async () => {
    const why = reason("rm -rf ~");
    const deny: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    expect(await deny(copilotInput("bash", { command: "rm -rf ~", description: "Remove home" }), invocation)).toEqual({
      permissionDecision: "deny",
      permissionDecisionReason: askAsDeny({ decision: "ask", reason: why }).reason,
    });
    const ask: CopilotPreToolUse = copilotSdkOnPreToolUse({ ...base(), ask: true });
    expect(await ask(copilotInput("bash", { command: "rm -rf ~" }), invocation)).toEqual({ permissionDecision: "ask", permissionDecisionReason: why });
  });

  it("bash ls -la → undefined (no opinion)", async () => {
    const hook: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    expect(await hook(copilotInput("bash", { command: "ls -la" }), invocation)).toBeUndefined();
  });

  it("view of a secret, relative to the session's working directory → deny naming secret/read", async () => {
    const hook: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    const out = await hook(copilotInput("view", { path: "../.ssh/id_ed25519" }), invocation);
    expect(out).toMatchObject({ permissionDecision: "deny" });
    expect(JSON.stringify(out)).toContain(`view ${join(sb.home, ".ssh", "id_ed25519")}, judged as`);
    expect(JSON.stringify(out)).toContain("secret/read");
  });

  it("apply_patch (a raw patch string) updating ~/.bashrc → deny; a project file → undefined", async () => {
    const hook: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    const patch = (p: string) => `*** Begin Patch\n*** Update File: ${p}\n@@\n-a\n+b\n*** End Patch\n`;
    expect(JSON.stringify(await hook(copilotInput("apply_patch", patch(join(sb.home, ".bashrc"))), invocation))).toContain("sensitive-path/file");
    expect(await hook(copilotInput("apply_patch", patch("src/a.ts")), invocation)).toBeUndefined();
  });

  it("a tool it does not guard → undefined", async () => {
    const hook: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    expect(await hook(copilotInput("web_fetch", { url: "https://example.com" }), invocation)).toBeUndefined();
  });

  it("malformed arguments → deny (fail closed)", async () => {
    const hook: CopilotPreToolUse = copilotSdkOnPreToolUse(base());
    const problem = '"toolArgs.command" must be a string, not missing';
    expect(await hook(copilotInput("bash", { cmd: "ls" }), invocation)).toEqual({ permissionDecision: "deny", permissionDecisionReason: failClosed(problem) });
    expect(problems).toEqual([problem]);
  });
});
