/**
 * `shellguard/sdk` as a consumer gets it (the built dist, through package.json "exports"):
 * `require` and `import` both load it and the hook answers, and a TypeScript consumer with no
 * @types/node and neither SDK compiles against its shipped types.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
  // A consumer project whose node_modules/shellguard is this package.
  mkdirSync(join(sb.dir, "node_modules"));
  symlinkSync(ROOT, join(sb.dir, "node_modules", "shellguard"));
});
afterEach(() => sb.cleanup());

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: sb.dir, env: sb.env, encoding: "utf8", timeout: 60_000 });

/** A Bash call of `rm -rf ~`, as the Claude Agent SDK gives it, and the decision printed. */
const claudeCall = (cwd: string) =>
  `h({ hook_event_name: "PreToolUse", cwd: ${JSON.stringify(cwd)}, tool_name: "Bash", tool_input: { command: "rm -rf ~" } }, "t", { signal: new AbortController().signal }).then((o) => process.stdout.write(o.hookSpecificOutput.permissionDecision))`;

describe("shellguard/sdk from a consumer project", () => {
  it("require() and import() both load it, and its hooks answer", () => {
    const cjs = node(["-e", `const { claudeAgentSdkHook } = require("shellguard/sdk"); const h = claudeAgentSdkHook(); ${claudeCall(sb.dir)}`]);
    expect(cjs.stdout, cjs.stderr).toBe("ask");
    const esm = node([
      "--input-type=module",
      "-e",
      `import { copilotSdkOnPreToolUse } from "shellguard/sdk"; const r = await copilotSdkOnPreToolUse()({ toolName: "bash", toolArgs: { command: "rm -rf ~" }, workingDirectory: ${JSON.stringify(sb.dir)} }); process.stdout.write(r.permissionDecision);`,
    ]);
    expect(esm.stdout, esm.stderr).toBe("deny");
  });

  it("a TypeScript consumer without @types/node compiles against the shipped types", () => {
    writeFileSync(
      join(sb.dir, "a.ts"),
      [
        'import { claudeAgentSdkHook, copilotSdkOnPreToolUse, type ClaudeSdkHookOutput, type CopilotSdkPreToolUseOutput } from "shellguard/sdk";',
        'const claude: Promise<ClaudeSdkHookOutput> = claudeAgentSdkHook({ ask: false })({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }, undefined, {});',
        'const copilot: Promise<CopilotSdkPreToolUseOutput | undefined> = copilotSdkOnPreToolUse({ ask: true })({ toolName: "view", toolArgs: { path: "a" } });',
        "export const both = [claude, copilot];",
        "",
      ].join("\n"),
    );
    writeFileSync(join(sb.dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: [], noEmit: true, skipLibCheck: false }, files: ["a.ts"] }));
    const tsc = node([join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });
});
