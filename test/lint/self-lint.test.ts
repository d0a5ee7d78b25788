// `shellguard lint` on this repository passes: its own config (.shellguardrc.json) ignores the
// test fixtures and the check catalogue (docs/checks/, dangerous examples on purpose).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quiet, ROOT, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

describe("the repository lints itself", () => {
  it("exits 0 with no errors, fixtures ignored", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "lint", "--format", "json"], { cwd: ROOT, env: sb.env, encoding: "utf8", timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
    expect(quiet(r.stderr)).toBe("");
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { errorCount: number; files: { path: string }[] };
    expect(report.errorCount).toBe(0);
    expect(report.files.some((f) => f.path.startsWith("test/lint/fixtures/"))).toBe(false);
  }, 120_000);
});
