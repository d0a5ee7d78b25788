import { describe, expect, it, vi } from "vitest";

vi.mock("../../src/analysis/index.js", () => ({
  analyze: () => {
    throw new Error("parser exploded");
  },
}));

const { createGuard, MODES } = await import("../../src/index.js");
const { generated } = await import("./spellings.js");

describe("fail safe: the analysis throws", () => {
  const guard = createGuard({ env: { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" }, cwd: "/", config: { rules: { deny: ["terraform destroy:*"] } } });

  it.each([
    ["default", "ask"], ["acceptEdits", "ask"], ["guard", "ask"], ["bypass", "ask"], ["dontAsk", "deny"], ["explore", "deny"],
  ] as const)("%s → %s, never a silent allow", (mode, decision) => {
    const d = guard.check("ls", { mode });
    expect(d.decision).toBe(decision);
    expect(d.findings).toEqual([expect.objectContaining({ id: "internal/analysis-failed", start: 0, end: 2 })]);
    expect(d.findings[0]!.message).toContain("parser exploded");
  });

  it("deny rules still apply", () => {
    expect(guard.check("terraform  destroy", { mode: "bypass" })).toMatchObject({ decision: "deny", rule: "terraform destroy:*" });
  });
});

describe("fail safe: deny rules reach every spelling in the raw text", () => {
  const guard = createGuard({ env: { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" }, cwd: "/", reload: false, config: { rules: { deny: ["touch:*", "git push:*", "mkdir *"] } } });

  it("every generated member is denied in bypass, and every seventh in every mode", () => {
    const missed: string[] = [];
    for (const [k, command] of generated().entries()) {
      for (const mode of k % 7 === 0 ? MODES : (["bypass"] as const)) {
        const d = guard.check(command, { mode });
        if (d.decision !== "deny" || d.step !== "deny-rule") missed.push(`${command} in ${mode}: ${d.decision}`);
      }
    }
    expect(missed.slice(0, 20)).toEqual([]);
  });

  it.each(["touchx notes.txt", "git pull", "echo x", "ls -la some/long/path"])("%s is not denied", (command) => {
    expect(guard.check(command, { mode: "default" })).toMatchObject({ decision: "ask", step: "check" });
  });

  it("quotes the piece that matched", () => {
    expect(guard.check("timeout 5 '/bin/touch' x ((", { mode: "bypass" })).toMatchObject({ decision: "deny", reason: expect.stringContaining('"timeout 5 touch x"') });
  });
});
