/** The entry recordDecision writes: fields from the decision, findings once each, long commands cut after redaction. */

import { describe, expect, it } from "vitest";
import { auditEntry, MAX_COMMAND, type Decided } from "../../src/audit/record.js";
import type { Decision } from "../../src/engine/types.js";

function decided(command: string, findings: string[] = []): Decided {
  const decision: Decision = {
    command,
    mode: "guard",
    decision: "ask",
    reason: "r",
    step: "check",
    safety: true,
    findings: findings.map((id) => ({ id, check: id.split("/")[0]!, message: "m", start: 0, end: 1, command: "c" })) as Decision["findings"],
    rule: null,
    suggestions: [],
  };
  return { decision, config: { log: null }, cwd: "/w" };
}

describe("auditEntry", () => {
  it("takes the decision's fields, each finding id once", () => {
    const now = new Date("2026-12-04T10:00:00.000Z");
    expect(auditEntry(decided("rm -rf ~", ["a/b", "c/d", "a/b"]), "shell:zsh", now)).toEqual({
      time: "2026-12-04T10:00:00.000Z",
      source: "shell:zsh",
      cwd: "/w",
      mode: "guard",
      decision: "ask",
      command: "rm -rf ~",
      findings: ["a/b", "c/d"],
      rule: null,
      step: "check",
    });
  });

  it("cuts a long command, and a secret across the cut is redacted, not left in part", () => {
    const token = `ghp_${"A1b2".repeat(10)}`;
    const command = `echo ${"x".repeat(MAX_COMMAND - 10)} ${token} ${"y".repeat(100_000)}`;
    const entry = auditEntry(decided(command), "check");
    expect(entry.command.startsWith(`echo ${"x".repeat(MAX_COMMAND - 10)} [red`)).toBe(true);
    expect(entry.command).not.toContain("ghp_");
    expect(entry.command.endsWith(`… [${command.length} characters in all]`)).toBe(true);
  });

  it("a megabyte of separators and name-like words is cut and redacted whole", () => {
    const command = `${"a-".repeat(500_000)}password=x`;
    expect(auditEntry(decided(command), "check").command).toMatch(/^(a-)+a?… \[1000010 characters in all\]$/);
  });
});
