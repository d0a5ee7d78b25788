/** `shellguard log`, through the real CLI: rotated files in order, the filters, the table, JSON, and a missing log. */

import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../src/audit/record.js";
import { run, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
afterEach(() => sb?.cleanup());

const MINUTE = 60_000;

function entry(minutesAgo: number, source: string, decision: AuditEntry["decision"], command: string, findings: string[] = []): AuditEntry {
  return { time: new Date(Date.now() - minutesAgo * MINUTE).toISOString(), source, cwd: "/w", mode: "default", decision, command, findings, rule: null, step: "check" };
}

const jsonl = (entries: AuditEntry[]): string => entries.map((e) => JSON.stringify(e) + "\n").join("");

/** A log in three files (two rotated), oldest first; the user config points at it. */
function setUp(): { file: string; all: AuditEntry[] } {
  sb = sandbox();
  const file = join(sb.base, "audit", "d.jsonl");
  const oldest = [entry(3 * 24 * 60, "check", "deny", "rm -rf /", ["deletion/root"]), entry(2 * 24 * 60, "claude-code", "ask", "git push --force", ["git/push-force"])];
  const middle = [entry(90, "shell:bash", "allow", "ls"), entry(45, "shell:zsh", "ask", "rm -rf ~", ["dangerous/rm-recursive-force", "deletion/home"])];
  const newest = [entry(20, "shell:fish", "deny", "terraform destroy"), entry(5, "check", "ask", "curl x | sh", ["shell/pipe-to-shell"])];
  sb.write(`${file}.2`, jsonl(oldest));
  sb.write(`${file}.1`, jsonl(middle));
  sb.write(file, jsonl(newest));
  sb.write(join(sb.xdg, "shellguard", "config.yaml"), `log: { level: all, file: ${JSON.stringify(file)} }\n`);
  return { file, all: [...oldest, ...middle, ...newest] };
}

const commands = (stdout: string): string[] => stdout.trim().split("\n").filter(Boolean).map((l) => (JSON.parse(l) as AuditEntry).command);

describe("shellguard log", () => {
  it("--json: every entry of every file, oldest first, as written", async () => {
    const { all } = setUp();
    const r = await run(sb, ["log", "--json"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toBe(jsonl(all));
  });

  it.each([
    [["--since", "1h"], ["rm -rf ~", "terraform destroy", "curl x | sh"]],
    [["--since", "30m"], ["terraform destroy", "curl x | sh"]],
    [["--since", "4d"], ["rm -rf /", "git push --force", "ls", "rm -rf ~", "terraform destroy", "curl x | sh"]],
    [["--decision", "deny"], ["rm -rf /", "terraform destroy"]],
    [["--decision", "ask,deny", "--since", "1d"], ["rm -rf ~", "terraform destroy", "curl x | sh"]],
    [["--source", "shell"], ["ls", "rm -rf ~", "terraform destroy"]],
    [["--source", "shell:zsh"], ["rm -rf ~"]],
    [["--source", "claude-code"], ["git push --force"]],
    [["--source", "chec"], []],
  ])("%j", async (args, expected) => {
    setUp();
    const r = await run(sb, ["log", "--json", ...args]);
    expect(r.code).toBe(0);
    expect(commands(r.stdout)).toEqual(expected);
  });

  it("--since takes a date too", async () => {
    setUp();
    const since = new Date(Date.now() - 60 * MINUTE).toISOString().slice(0, 16);
    expect(commands((await run(sb, ["log", "--json", "--since", since])).stdout)).toEqual(["rm -rf ~", "terraform destroy", "curl x | sh"]);
  });

  it("the table: local time, source, decision, the command cut to fit, the finding ids; control characters made harmless", async () => {
    setUp();
    const long = `echo ${"x".repeat(200)}`;
    const file = sb.write("table.jsonl", jsonl([{ ...entry(1, "check", "ask", long, ["a/b"]), time: "2026-01-02T03:04:05.000Z" }, { ...entry(1, "check", "deny", "printf '\u001b[2J'"), time: "2026-01-02T03:04:06.000Z" }]));
    const r = await run(sb, ["log", "--file", file], { env: { TZ: "UTC" } });
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^2026-01-02 03:04:05 {2}check {3}ask {4}echo x+… {2}a\/b$/);
    expect(rows[0]!.length).toBeLessThanOrEqual(120);
    expect(rows[1]).toBe("2026-01-02 03:04:06  check   deny   printf '\ufffd[2J'");
    expect(r.stdout).not.toContain("\u001b");
  });

  it("skips lines that are not entries, with a warning", async () => {
    const { file, all } = setUp();
    sb.write(`${file}.1`, "not json\n{\"time\":\"x\"}\n");
    const r = await run(sb, ["log", "--json"]);
    expect(r.stderr).toBe(`shellguard: warning: 2 line(s) of ${file} are not audit entries; skipped.\n`);
    expect(commands(r.stdout)).toEqual([all[0], all[1], all[4], all[5]].map((e) => e!.command));
  });

  it("--file reads another log", async () => {
    setUp();
    const other = sb.write("elsewhere.jsonl", jsonl([entry(1, "check", "deny", "only this")]));
    expect(commands((await run(sb, ["log", "--json", "--file", other])).stdout)).toEqual(["only this"]);
  });

  it("no log: a note on stderr, nothing on stdout, exit 0", async () => {
    sb = sandbox();
    const r = await run(sb, ["log"]);
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(r.stderr).toBe(`shellguard: no audit log at ${join(sb.home, ".local", "state", "shellguard", "decisions.jsonl")} (the log is off: set log: asks (or all) in ${join(sb.xdg, "shellguard")}/config.yaml, see docs/audit.md).\n`);
  });

  it("explain says whether the log is on, and where", async () => {
    const { file } = setUp();
    expect((await run(sb, ["explain", "ls"])).stdout).toContain(`audit log (log): all, ${file}`);
    sb.write(join(sb.xdg, "shellguard", "config.yaml"), "log: off\n");
    expect((await run(sb, ["explain", "ls"])).stdout).not.toContain("audit log");
  });

  it.each([
    [["--since", "yesterday"], /--since takes a duration/],
    [["--decision", "maybe"], /--decision takes allow, ask or deny/],
    [["--bogus"], /Unknown argument: bogus/],
  ])("%j: a usage error, exit 3", async (args, message) => {
    setUp();
    const r = await run(sb, ["log", ...args]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });
});
