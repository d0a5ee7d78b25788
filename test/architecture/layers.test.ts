/** The layer rule in eslint.config.js: an upward (or peer) import fails lint, a downward one passes. */

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").length;
}

describe("layer rule", () => {
  it.each([
    ["src/analysis/x.ts", `import type { Decision } from "../engine/types.js"; export type D = Decision;`],
    ["src/analysis/read-only/x.ts", `export { COLOR } from "../../render/format.js";`],
    ["src/facts/x.ts", `export const f = () => import("../analysis/index.js");`],
    ["src/config/x.ts", `export { Guard } from "../engine/guard.js";`],
    ["src/engine/x.ts", `export { runHook } from "../agents/hook.js";`],
    ["src/render/x.ts", `export { lintMain } from "../lint/index.js";`],
    ["src/render/x.ts", `export { recordDecision } from "../audit/index.js";`],
    ["src/audit/x.ts", `export { runHook } from "../agents/hook.js";`],
    ["src/audit/x.ts", `export const f = () => import("../shell/worker.js");`],
    ["src/lint/x.ts", `export { runHook } from "../agents/hook.js";`],
    ["src/shell/x.ts", `export * from "../cli/main.js";`],
    ["src/cli/x.ts", `export { createGuard } from "../index.js";`],
  ])("%s: %s is refused", async (file, code) => {
    expect(await restricted(file, code)).toBe(1);
  });

  it.each([
    ["src/engine/x.ts", `import type { Finding } from "../analysis/types.js"; export type F = Finding;`],
    ["src/analysis/read-only/x.ts", `export type { Finding } from "../types.js";`],
    ["src/lint/reporters/x.ts", `export * from "../index.js";`],
    ["src/cli/x.ts", `export const f = () => import("../shell/cli.js");`],
    ["src/agents/x.ts", `export * from "../config/claude-settings.js";`],
    ["src/agents/x.ts", `export { recordDecision } from "../audit/index.js";`],
    ["src/shell/x.ts", `export const f = () => import("../audit/record.js");`],
    ["src/audit/x.ts", `export { oneLine } from "../render/format.js";`],
  ])("%s: %s is allowed", async (file, code) => {
    expect(await restricted(file, code)).toBe(0);
  });
});
