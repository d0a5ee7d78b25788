/**
 * `shellguard agent-hook gemini-cli` through a spawned process: realistic BeforeTool payloads in,
 * the exact stdout JSON and exit code out.
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuard } from "../../src/index.js";
import { reasonFor } from "../../src/agents/verdict.js";
import { geminiPayload, runHook, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

async function hook(payload: Record<string, unknown> | string | Buffer, args: string[] = []) {
  const input = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify({ ...payload, cwd: payload.cwd === "/home/dev/project" ? sb.dir : payload.cwd });
  return runHook(sb, ["gemini-cli", ...args], input);
}

/** The engine's reason for the command (config mode: default), as the hook words it. */
function reason(command: string, decision: "ask" | "deny", cwd = sb.dir): string {
  const d = createGuard({ cwd, env: sb.env, reload: false }).check(command);
  expect(d.decision).toBe(decision);
  return reasonFor(d);
}

const line = (value: unknown): string => JSON.stringify(value) + "\n";

describe("gemini-cli: decisions", () => {
  it("rm -rf ~ → an ask, answered as a deny that says a person must confirm", async () => {
    const why = reason("rm -rf ~", "ask").slice("shellguard: ".length);
    expect(await hook(geminiPayload("rm -rf ~"))).toEqual({
      code: 0,
      stdout: line({
        decision: "deny",
        reason: `shellguard: this command needs a person's confirmation, which this hook cannot ask for, so it is denied: ${why} Ask the user to run it themselves if it is intended.`,
      }),
      stderr: "",
    });
  });

  it("rm -rf ~ with --ask → decision ask (for a Gemini CLI that supports it)", async () => {
    const why = reason("rm -rf ~", "ask");
    expect(await hook(geminiPayload("rm -rf ~"), ["--ask"])).toEqual({ code: 0, stdout: line({ decision: "ask", reason: why, systemMessage: why }), stderr: "" });
  });

  it("ls → no output", async () => {
    expect(await hook(geminiPayload("ls -la"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("an allow is never answered, even with agent.approve", async () => {
    sb.write("xdg/shellguard/config.json", { agent: { approve: true }, rules: { allow: ["npm test:*"] } });
    expect(await hook(geminiPayload("ls -la"))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook(geminiPayload("npm test"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a deny rule from the project config → deny", async () => {
    sb.write("home/project/.shellguardrc.yaml", "rules:\n  deny:\n    - pattern: 'kubectl delete:*'\n      reason: production cluster\n");
    expect(await hook(geminiPayload("kubectl delete ns prod"))).toEqual({ code: 0, stdout: line({ decision: "deny", reason: reason("kubectl delete ns prod", "deny") }), stderr: "" });
    expect((await hook(geminiPayload("kubectl delete ns prod"), ["--ask"])).stdout).toBe(line({ decision: "deny", reason: reason("kubectl delete ns prod", "deny") }));
  });

  it("no rule and no finding → no output; --strict answers the fallback ask (as a deny)", async () => {
    expect(await hook(geminiPayload("npm install left-pad"))).toEqual({ code: 0, stdout: "", stderr: "" });
    const out = JSON.parse((await hook(geminiPayload("npm install left-pad"), ["--strict"])).stdout);
    expect(out.decision).toBe("deny");
    expect(out.reason).toContain("needs a person's confirmation");
  });

  it("decides in the config's mode (the user config may choose dontAsk)", async () => {
    sb.write("xdg/shellguard/config.json", { mode: "dontAsk" });
    expect((await hook(geminiPayload("rm -rf ~"), ["--ask"])).stdout).toBe(line({ decision: "deny", reason: reason("rm -rf ~", "deny") }));
  });

  it("tool_input.dir_path (and the older directory) is the working directory", async () => {
    sb.write("home/project/infra/.shellguardrc.json", { rules: { deny: ["terraform apply:*"] } });
    const infra = `${sb.dir}/infra`;
    const denied = line({ decision: "deny", reason: reason("terraform apply", "deny", infra) });
    expect((await hook(geminiPayload("terraform apply", { tool_input: { command: "terraform apply", dir_path: "infra" } }))).stdout).toBe(denied);
    expect((await hook(geminiPayload("terraform apply", { tool_input: { command: "terraform apply", directory: "infra" } }))).stdout).toBe(denied);
    expect((await hook(geminiPayload("terraform apply"))).stdout).toBe("");
  });
});

describe("gemini-cli: other tools", () => {
  it.each([
    ["read_file", { file_path: "/etc/passwd" }],
    ["write_file", { file_path: "x.sh", content: "rm -rf ~" }],
    ["replace", { file_path: "a.ts", old_string: "a", new_string: "b" }],
    ["mcp__shell__exec", { command: "rm -rf ~" }],
  ])("%s → no output, exit 0", async (tool, input) => {
    expect(await hook(geminiPayload("", { tool_name: tool, tool_input: input }))).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("gemini-cli: fail closed", () => {
  const denied = (problem: string): string =>
    line({ decision: "deny", reason: `shellguard: could not check this command (${problem}), so it is denied: the guard fails closed. Fix the problem, or run the command yourself.` });

  function expectFailClosed(r: { code: number; stdout: string; stderr: string }, problem: string | RegExp): void {
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["decision", "reason"]);
    expect(out.decision).toBe("deny");
    if (typeof problem === "string") expect(r.stdout).toBe(denied(problem));
    else expect(out.reason).toMatch(problem);
    expect(r.stderr).toMatch(/^shellguard agent-hook gemini-cli: .*; denied \(fail closed\)\n$/);
  }

  it("malformed JSON → deny", async () => {
    expectFailClosed(await hook("tool_name=run_shell_command"), /not valid JSON/);
  });

  it("a run_shell_command payload without a command → deny", async () => {
    expectFailClosed(await hook(geminiPayload("", { tool_input: { description: "x" } })), '"tool_input.command" must be a string, not missing');
  });

  it("a 10 MB payload → deny", async () => {
    expectFailClosed(await hook(geminiPayload("echo " + "y".repeat(10 * 1024 * 1024))), "the hook input is larger than 1 MiB (the limit)");
  });

  it("another hook event → deny", async () => {
    expectFailClosed(await hook(geminiPayload("ls", { hook_event_name: "AfterTool" })), '"hook_event_name" is "AfterTool"; this hook answers BeforeTool only');
  });

  it("a config error → deny", async () => {
    // The user's own config (an untrusted project config that does not load is ignored instead).
    sb.write("xdg/shellguard/config.yaml", "rules: [unclosed\n");
    expectFailClosed(await hook(geminiPayload("ls")), /config error: .*config\.yaml/);
  });

  it("bad hook arguments → deny", async () => {
    expectFailClosed(await hook(geminiPayload("ls"), ["--ask", "--nope"]), "bad hook arguments: unknown option --nope (see shellguard agent-hook --help)");
  });
});
