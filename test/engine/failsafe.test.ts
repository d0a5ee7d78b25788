import { describe, expect, it, vi } from "vitest";

vi.mock("../../src/analysis/index.js", () => ({
  analyze: () => {
    throw new Error("parser exploded");
  },
}));

const { createGuard } = await import("../../src/index.js");

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
