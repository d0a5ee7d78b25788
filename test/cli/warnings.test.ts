/**
 * The config turned against the user, through the spawned CLI and the library: a planted broken
 * config, an untrusted config shadowing a trusted parent, a config where others can write. And
 * config warnings: printed by check once (also across a --batch), shown by explain, returned by
 * the library.
 */

import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { trust } from "../../src/config/index.js";
import { createGuard } from "../../src/index.js";
import { run, sandbox, type Sandbox } from "./helpers.js";

const made: Sandbox[] = [];
afterEach(() => {
  for (const sb of made.splice(0)) sb.cleanup();
});

/** A sandbox whose user config denies canaries. */
function project(): Sandbox {
  const sb = sandbox();
  made.push(sb);
  sb.write(join(sb.xdg, "shellguard", "config.json"), { rules: { deny: ["touch *canary*"] } });
  return sb;
}

const warningLines = (stderr: string): string[] => stderr.split("\n").filter((l) => l.startsWith("shellguard: warning: "));

describe("a broken untrusted project config", () => {
  it("is ignored with one warning; the user's rules still decide (check, --batch, explain)", async () => {
    const sb = project();
    const file = sb.write(join(sb.dir, ".shellguardrc.json"), "{ this is not json");
    const r = await run(sb, ["check", "touch canary"]);
    expect(r.code).toBe(2);
    expect(warningLines(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^shellguard: warning: ${file}: ignored: invalid JSON at line 1`))]);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);

    const batch = await run(sb, ["check", "--batch"], { input: ['{"command":"ls"}', '{"command":"touch canary"}', '{"command":"git status"}', ""].join("\n") });
    expect(batch.code).toBe(0);
    expect(batch.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { decision: string }).decision)).toEqual(["allow", "deny", "allow"]);
    expect(warningLines(batch.stderr)).toHaveLength(1);

    const explain = await run(sb, ["explain", "ls"]);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain(`config: ${file} (project, untrusted, ignored: it does not load)`);
    expect(explain.stdout).toContain(`config warning: ${file}: ignored: invalid JSON`);
  });

  it("a broken user config is still an error, exit 3, naming the file", async () => {
    const sb = project();
    const user = sb.write(join(sb.xdg, "shellguard", "config.json"), "{ nope");
    const r = await run(sb, ["check", "ls"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`^shellguard: ${user}: invalid JSON at line 1`));
  });

  it("a trusted project config that breaks is an error too", async () => {
    const sb = project();
    const file = sb.write(join(sb.dir, ".shellguardrc.json"), "{ nope");
    trust(file, { env: sb.env });
    const r = await run(sb, ["check", "ls"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${file}: invalid JSON`);
  });
});

describe("an untrusted config below a trusted one", () => {
  it("an empty {} does not turn the parent's dontAsk deny into an ask", async () => {
    const sb = project();
    const parent = sb.write(join(sb.dir, ".shellguardrc.json"), { mode: "dontAsk", rules: { deny: ["terraform destroy:*"] } });
    trust(parent, { env: sb.env });
    const sub = join(sb.dir, "vendor");
    sb.write(join(sub, ".shellguardrc.json"), "{}");
    for (const [line, code] of [["terraform destroy", 2], ["make build", 2], ["ls", 0]] as const) {
      const r = await run(sb, ["check", line], { cwd: sub });
      expect(r.code, line).toBe(code);
      expect(r.stderr).toBe("");
    }
  });
});

describe("a config where other users can write", () => {
  it("is not read, with a warning naming the file", async () => {
    const sb = project();
    const open = join(sb.dir, "shared");
    mkdirSync(open);
    const planted = sb.write(join(open, ".shellguardrc.json"), { rules: { deny: ["ls:*"] } });
    chmodSync(open, 0o1777);
    const r = await run(sb, ["check", "ls"], { cwd: open });
    expect(r.code).toBe(0);
    expect(warningLines(r.stderr)).toEqual([`shellguard: warning: ${planted}: not read: its directory ${open} is writable by every user (a project config must be owned by you or root, in a directory only you can write to)`]);
    // Trusting it does not change that, and trust says so.
    const t = await run(sb, ["trust", planted]);
    expect(t.code).toBe(0);
    expect(warningLines(t.stderr)).toEqual([expect.stringContaining(`${planted} is still not read as a project config: its directory ${open} is writable by every user`)]);
    expect((await run(sb, ["check", "ls"], { cwd: open })).code).toBe(0);
  });
});

describe("config warnings", () => {
  it("an untrusted config's ignored keys: once each on stderr, however many lines a batch has", async () => {
    const sb = project();
    const file = sb.write(join(sb.dir, ".shellguardrc.json"), { mode: "bypass", rules: { allow: ["rm:*"] } });
    const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ id: i, command: "rm x" })).join("\n");
    const r = await run(sb, ["check", "--batch"], { input: lines });
    expect(r.stdout.trim().split("\n")).toHaveLength(5);
    expect(warningLines(r.stderr)).toEqual([
      `shellguard: warning: ${file}: mode ignored: untrusted project config (run 'shellguard trust ${file}')`,
      `shellguard: warning: ${file}: rules.allow ignored: untrusted project config (run 'shellguard trust ${file}')`,
    ]);
  });

  it("no config, no warning; the library returns the same warnings and calls onWarning once each", () => {
    const sb = project();
    expect(createGuard({ cwd: sb.dir, env: sb.env }).warnings()).toEqual([]);
    const file = sb.write(join(sb.dir, ".shellguardrc.yaml"), "rules: [unclosed\n");
    const seen: string[] = [];
    const guard = createGuard({ cwd: sb.dir, env: sb.env, onWarning: (w) => seen.push(w) });
    expect(guard.warnings()).toEqual([expect.stringMatching(new RegExp(`^${file}: ignored: invalid YAML`))]);
    expect(guard.check("touch canary").decision).toBe("deny");
    guard.check("ls");
    expect(seen).toEqual(guard.warnings());
  });
});
