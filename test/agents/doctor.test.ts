/**
 * `shellguard doctor` through the CLI in a temp HOME: shell and agent hooks installed there are
 * reported active (their canary is vetoed), a broken config or a hook command that does not
 * start is broken (exit 1), and nothing installed is "off", not broken.
 */

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runHook, sandbox, spawnAsync, type Sandbox } from "./helpers.js";

let sb: Sandbox;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  sb = sandbox();
  const bin = join(sb.base, "bin");
  mkdirSync(bin);
  const shim = join(bin, "shellguard");
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "bin", "shellguard.cjs")}" "$@"\n`);
  chmodSync(shim, 0o755);
  env = { ...sb.env, PATH: `${bin}:${process.env.PATH}` };
});
afterEach(() => sb.cleanup());

interface Check {
  area: string;
  name: string;
  status: string;
  where?: string;
  detail: string;
  fix?: string;
}

async function doctor(extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; report: { ok: boolean; checks: Check[] } }> {
  const r = await spawnAsync(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "doctor", "--json"], { cwd: sb.dir, env: { ...env, ...extraEnv } });
  return { code: r.code, report: JSON.parse(r.stdout) };
}

const find = (checks: Check[], area: string, name: string): Check => checks.find((c) => c.area === area && c.name === name)!;

describe("shellguard doctor", () => {
  it("nothing installed: everything off, nothing broken, exit 0", async () => {
    const { code, report } = await doctor();
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(find(report.checks, "shell", "bash").status).toBe("off");
    expect(find(report.checks, "agent", "claude-code (project)").status).toBe("off");
    expect(find(report.checks, "parser", "parser").detail).toMatch(/native addon|WebAssembly/);
    expect(find(report.checks, "node", "node").detail).toContain(process.version);
  });

  it("a bash hook in ~/.bashrc and agent hooks installed: active", async () => {
    sb.write(join(sb.home, ".bashrc"), '# my rc\nexport EDITOR=vim\neval "$(shellguard hook bash)"\n');
    for (const args of [["install", "claude-code"], ["install", "cursor", "--user"], ["install", "opencode"]]) expect((await runHook(sb, args, "", { env })).code).toBe(0);
    const { code, report } = await doctor();
    expect(code).toBe(0);
    expect(find(report.checks, "shell", "bash")).toMatchObject({ status: "ok", where: join(sb.home, ".bashrc") });
    expect(find(report.checks, "agent", "claude-code (project)")).toMatchObject({ status: "ok", where: join(sb.dir, ".claude", "settings.json") });
    expect(find(report.checks, "agent", "cursor (user)")).toMatchObject({ status: "ok", where: join(sb.home, ".cursor", "hooks.json") });
    expect(find(report.checks, "agent", "opencode (project)").status).toBe("ok");
  });

  it("a commented-out rc line is not an installed hook", async () => {
    sb.write(join(sb.home, ".bashrc"), '# eval "$(shellguard hook bash)"\n');
    expect(find((await doctor()).report.checks, "shell", "bash").status).toBe("off");
  });

  it("the audit log: off by default; on, where it goes; unwritable, a warning with its fix", async () => {
    expect(find((await doctor()).report.checks, "config", "log")).toMatchObject({ status: "ok", detail: expect.stringMatching(/^off/) });
    const file = join(sb.dir, "state", "decisions.jsonl");
    sb.write("xdg/shellguard/config.json", JSON.stringify({ log: { level: "all", file } }));
    expect(find((await doctor()).report.checks, "config", "log")).toMatchObject({ status: "ok", where: file, detail: "on: every decision" });
    const notADirectory = sb.write("notes.txt", "x");
    sb.write("xdg/shellguard/config.json", JSON.stringify({ log: { file: join(notADirectory, "decisions.jsonl") } }));
    const { code, report } = await doctor();
    expect(find(report.checks, "config", "log")).toMatchObject({ status: "warn", where: join(notADirectory, "decisions.jsonl"), fix: expect.stringContaining("log.file") });
    expect(code).toBe(0);
  });

  it("a broken config: broken, with its file and a fix, exit 1", async () => {
    const file = sb.write("xdg/shellguard/config.json", '{ "rules": ');
    const { code, report } = await doctor();
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(find(report.checks, "config", "error")).toMatchObject({ status: "broken", where: file });
    expect(find(report.checks, "config", "error").fix).toBeTruthy();
  });

  it("an installed hook whose command is not on the PATH: broken, exit 1", async () => {
    expect((await runHook(sb, ["install", "codex"], "", { env })).code).toBe(0);
    const { code, report } = await doctor({ PATH: "/usr/bin:/bin" });
    expect(code).toBe(1);
    expect(find(report.checks, "agent", "codex (project)")).toMatchObject({ status: "broken", detail: expect.stringContaining("does not start") });
  });

  it("the human table ends with the verdict and the fixes", async () => {
    sb.write("xdg/shellguard/config.json", '{ "rules": ');
    const r = await spawnAsync(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "doctor"], { cwd: sb.dir, env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/To fix:\n {2}broken: config error: /);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("shellguard doctor: something is broken (exit 1).");
  });
});
