import { describe, expect, it } from "vitest";
import { analysisFailedDecision, decide, evaluate } from "../../src/engine/engine.js";
import { MODES, type Behavior, type ModeName, type Step } from "../../src/engine/types.js";
import { normalizeMode, UnknownModeError } from "../../src/engine/modes.js";
import { analysis, config } from "./helpers.js";

const CONFIG = config({
  deny: ["terraform destroy:*"],
  ask: ["git push:*", { pattern: "git log:*", reason: "logs are private" }],
  allow: ["npm test:*", "git commit:*"],
});

type Expect = [Behavior, Step, boolean?];

interface Row {
  name: string;
  a: ReturnType<typeof analysis>;
  modes: Record<ModeName, Expect>;
}

const danger = { id: "deletion/root", check: "deletion", message: "rm -rf / deletes the root directory." };

/** Every step × every mode: [decision, step, safety]. */
const MATRIX: Row[] = [
  {
    name: "step 1: a deny rule",
    a: analysis(["terraform destroy -auto-approve"]),
    modes: {
      default: ["deny", "deny-rule"], acceptEdits: ["deny", "deny-rule"], explore: ["deny", "deny-rule"],
      bypass: ["deny", "deny-rule"], dontAsk: ["deny", "deny-rule"], guard: ["deny", "deny-rule"],
    },
  },
  {
    name: "step 2: an ask rule",
    a: analysis(["git push origin main"]),
    modes: {
      default: ["ask", "ask-rule"], acceptEdits: ["ask", "ask-rule"], explore: ["ask", "ask-rule"],
      bypass: ["ask", "ask-rule"], dontAsk: ["deny", "ask-rule"], guard: ["ask", "ask-rule"],
    },
  },
  {
    name: "step 3: read-only",
    a: analysis([{ forms: "ls -la", readOnly: true }]),
    modes: {
      default: ["allow", "read-only"], acceptEdits: ["allow", "read-only"], explore: ["allow", "read-only"],
      bypass: ["allow", "read-only"], dontAsk: ["allow", "read-only"], guard: ["allow", "read-only"],
    },
  },
  {
    name: "step 4: a safety finding",
    a: analysis(["rm -rf /"], { findings: [danger] }),
    modes: {
      default: ["ask", "check", true], acceptEdits: ["ask", "check", true], explore: ["deny", "mode", false],
      bypass: ["allow", "mode", false], dontAsk: ["deny", "check", true], guard: ["ask", "check", true],
    },
  },
  {
    name: "step 4: a safety finding beats an allow rule",
    a: analysis(["npm test -- --danger"], { findings: [danger] }),
    modes: {
      default: ["ask", "check", true], acceptEdits: ["ask", "check", true], explore: ["deny", "mode"],
      bypass: ["allow", "allow-rule", false], dontAsk: ["deny", "check", true], guard: ["ask", "check", true],
    },
  },
  {
    name: "step 4: acceptEdits' filesystem allow",
    a: analysis(["mkdir build"], { edits: true }),
    modes: {
      default: ["ask", "mode"], acceptEdits: ["allow", "check", false], explore: ["deny", "mode"],
      bypass: ["allow", "mode"], dontAsk: ["allow", "check", false], guard: ["allow", "mode"],
    },
  },
  {
    name: "step 5: an allow rule",
    a: analysis(["npm test --watch"]),
    modes: {
      default: ["allow", "allow-rule"], acceptEdits: ["allow", "allow-rule"], explore: ["deny", "mode"],
      bypass: ["allow", "allow-rule"], dontAsk: ["allow", "allow-rule"], guard: ["allow", "allow-rule"],
    },
  },
  {
    name: "step 6: nothing decides",
    a: analysis(["make build"]),
    modes: {
      default: ["ask", "mode"], acceptEdits: ["ask", "mode"], explore: ["deny", "mode"],
      bypass: ["allow", "mode"], dontAsk: ["deny", "mode"], guard: ["allow", "mode"],
    },
  },
];

describe("the six steps × every mode", () => {
  for (const row of MATRIX) {
    for (const mode of MODES) {
      const [decision, step, safety] = row.modes[mode];
      it(`${row.name} — ${mode} → ${decision} at ${step}`, () => {
        const d = decide(row.a, CONFIG, { mode });
        expect(d.decision).toBe(decision);
        expect(d.step).toBe(step);
        expect(d.mode).toBe(mode);
        expect(d.safety).toBe(safety ?? false);
        expect(d.command).toBe(row.a.source);
        expect(Array.isArray(d.findings)).toBe(true);
        expect(d.reason).toMatch(/\.$/);
        expect(d.reason.length).toBeGreaterThan(10);
      });
    }
  }
});

describe("precedence: deny > ask > read-only > checks > allow", () => {
  const cases: [string, ReturnType<typeof analysis>, Behavior, Step][] = [
    ["deny beats ask", analysis(["git push", "terraform destroy"]), "deny", "deny-rule"],
    ["ask beats read-only", analysis([{ forms: "git log --oneline", readOnly: true }]), "ask", "ask-rule"],
    ["read-only beats allow", analysis([{ forms: "git commit --dry-run", readOnly: true }]), "allow", "read-only"],
    ["checks beat allow", analysis(["npm test"], { findings: [danger] }), "ask", "check"],
    ["deny beats allow", analysis(["npm test", "terraform destroy"]), "deny", "deny-rule"],
    ["deny beats a finding", analysis(["terraform destroy"], { findings: [danger] }), "deny", "deny-rule"],
  ];
  for (const [name, a, decision, step] of cases) {
    it(name, () => {
      const d = decide(a, CONFIG, { mode: "default" });
      expect([d.decision, d.step]).toEqual([decision, step]);
    });
  }
});

describe("decision details", () => {
  it("names the rule as written, and its reason", () => {
    const d = decide(analysis([{ forms: "git log", readOnly: true }]), CONFIG, { mode: "default" });
    expect(d.rule).toBe("git log:*");
    expect(d.reason).toContain('"git log:*"');
    expect(d.reason).toContain("logs are private");
    const deny = decide(analysis(["terraform destroy"]), CONFIG, { mode: "default" });
    expect(deny.rule).toBe("terraform destroy:*");
    expect(deny.reason).toBe('"terraform destroy" matches the deny rule "terraform destroy:*".');
  });

  it("names the first finding in a safety ask", () => {
    const d = decide(analysis(["rm -rf /"], { findings: [danger, { id: "x/y" }] }), CONFIG, { mode: "default" });
    expect(d.reason).toBe("rm -rf / deletes the root directory (deletion/root), and 1 more finding.");
    expect(d.findings.map((f) => f.id)).toEqual(["deletion/root", "x/y"]);
    expect(d.rule).toBeNull();
  });

  it("keeps findings in every decision, even when a step before the checks decides", () => {
    for (const mode of MODES) {
      const d = decide(analysis(["terraform destroy"], { findings: [danger] }), CONFIG, { mode });
      expect(d.findings).toHaveLength(1);
    }
  });

  it("echoes the id, and normalises aliases", () => {
    const d = decide(analysis(["make"]), CONFIG, { mode: "plan", id: 7 });
    expect(d.id).toBe(7);
    expect(d.mode).toBe("explore");
    expect(decide(analysis(["make"]), CONFIG, { mode: "bypassPermissions" }).mode).toBe("bypass");
    expect("id" in decide(analysis(["make"]), CONFIG, { mode: "default" })).toBe(false);
  });

  it("rejects an unknown mode", () => {
    // A typo is a compile error (ModeInput), and still a run-time error for untyped callers.
    // @ts-expect-error "yolo" is not a mode name or alias
    expect(() => decide(analysis(["ls"]), CONFIG, { mode: "yolo" })).toThrow(UnknownModeError);
    expect(() => normalizeMode("Default")).toThrow(/Unknown mode "Default"/);
  });

  it("a read-only line with a finding is not fast-pathed", () => {
    const a = analysis([{ forms: "cat x", readOnly: true }], { readOnly: true, findings: [danger] });
    expect(decide(a, CONFIG, { mode: "default" }).step).toBe("check");
  });

  it("has Decision keys in the contract's order", () => {
    const d = decide(analysis(["make"]), CONFIG, { mode: "default", id: "a" });
    expect(Object.keys(d)).toEqual(["id", "command", "mode", "decision", "reason", "step", "safety", "findings", "rule", "suggestions"]);
  });
});

describe("bypass, dontAsk, explore", () => {
  it("bypass ignores safety findings but keeps them", () => {
    const d = decide(analysis(["rm -rf /"], { findings: [danger] }), CONFIG, { mode: "bypass" });
    expect(d.decision).toBe("allow");
    expect(d.safety).toBe(false);
    expect(d.findings).toHaveLength(1);
    expect(d.reason).toContain("deletion/root");
  });

  it("bypass still honours deny and ask rules", () => {
    expect(decide(analysis(["terraform destroy"]), CONFIG, { mode: "bypass" }).decision).toBe("deny");
    expect(decide(analysis(["git push"]), CONFIG, { mode: "bypass" }).decision).toBe("ask");
  });

  it("dontAsk never asks", () => {
    const lines = [analysis(["git push"]), analysis(["rm -rf /"], { findings: [danger] }), analysis(["make"]), analysis(["npm test"])];
    for (const a of lines) expect(decide(a, CONFIG, { mode: "dontAsk" }).decision).not.toBe("ask");
  });

  it("dontAsk keeps the suggestions of a converted ask", () => {
    const d = decide(analysis(["git push origin"]), CONFIG, { mode: "dontAsk" });
    expect(d.decision).toBe("deny");
    expect(d.suggestions).toEqual(["git push:*"]);
  });

  it("explore denies what is not read-only and ignores allow rules", () => {
    expect(decide(analysis(["npm test"]), CONFIG, { mode: "explore" }).decision).toBe("deny");
    expect(decide(analysis(["mkdir x"], { edits: true }), CONFIG, { mode: "explore" }).decision).toBe("deny");
    const d = decide(analysis([{ forms: "ls", readOnly: true }, "touch x"]), CONFIG, { mode: "explore" });
    expect(d.decision).toBe("deny");
    expect(d.reason).toContain('"touch x"');
  });
});

describe("compound commands", () => {
  it("a deny rule fires on any command", () => {
    const d = decide(analysis([{ forms: "ls", readOnly: true }, "echo hi", "terraform destroy"]), CONFIG, { mode: "guard" });
    expect(d.decision).toBe("deny");
  });

  it("an allow rule needs every command covered", () => {
    expect(decide(analysis(["npm test", "rm -rf build"]), CONFIG, { mode: "default" }).decision).toBe("ask");
    const d = decide(analysis(["npm test", { forms: "ls", readOnly: true }, "git commit -m x"]), CONFIG, { mode: "default" });
    expect([d.decision, d.step, d.rule]).toEqual(["allow", "allow-rule", "npm test:*"]);
  });

  it("an allow rule matches only the forms it may (privilege is never auto-allowed)", () => {
    const sudo = analysis([{ forms: ["sudo npm test", "npm test"], privileged: true }]);
    expect(decide(sudo, CONFIG, { mode: "default" }).decision).toBe("ask");
    const nice = analysis([{ forms: ["nice -n 5 npm test", "npm test"] }]);
    expect(decide(nice, CONFIG, { mode: "default" }).decision).toBe("allow");
  });

  it("deny and ask rules match any form, also inside sudo", () => {
    const d = decide(analysis([{ forms: ["sudo terraform destroy", "terraform destroy"], privileged: true }]), CONFIG, { mode: "default" });
    expect(d.decision).toBe("deny");
    expect(d.reason).toContain('"terraform destroy"');
  });

  it("matches the normalised form, not the source text", () => {
    const a = analysis(["terraform destroy"], { source: "'terraform'  destroy" });
    const d = decide(a, CONFIG, { mode: "default" });
    expect(d.decision).toBe("deny");
    expect(d.command).toBe("'terraform'  destroy");
  });

  it("an empty line is never allowed by an allow rule", () => {
    const d = decide(analysis([], { readOnly: false }), config({ allow: ["*"] }), { mode: "default" });
    expect(d.decision).toBe("ask");
  });
});

describe("configured dangerous patterns", () => {
  const cfg = config({ allow: ["kubectl:*"] }, [{ pattern: "kubectl delete:*", reason: "production cluster" }]);

  it("are safety findings that no allow rule silences", () => {
    const d = decide(analysis(["kubectl delete pod x"]), cfg, { mode: "default" });
    expect([d.decision, d.step, d.safety]).toEqual(["ask", "check", true]);
    expect(d.findings[0]).toMatchObject({ id: "dangerous/custom-pattern", check: "dangerous", start: 0, end: 20 });
    expect(d.findings[0]!.message).toContain("production cluster");
    expect(decide(analysis(["kubectl get pods"]), cfg, { mode: "default" }).decision).toBe("allow");
  });

  it("match any form, like ask rules", () => {
    const d = decide(analysis([{ forms: ["sudo kubectl delete x", "kubectl delete x"], privileged: true }]), cfg, { mode: "dontAsk" });
    expect([d.decision, d.safety]).toEqual(["deny", true]);
  });

  it("stop the read-only fast path", () => {
    const c = config({}, ["cat /etc/shadow"]);
    const d = decide(analysis([{ forms: "cat /etc/shadow", readOnly: true }]), c, { mode: "default" });
    expect([d.decision, d.step]).toEqual(["ask", "check"]);
  });
});

describe("suggestions", () => {
  it("first two words of each command as prefix rules, for asks only", () => {
    const d = decide(analysis(["git commit -m x", "npm run build", "npm run lint", { forms: "ls", readOnly: true }]), config(), { mode: "default" });
    expect(d.suggestions).toEqual(["git commit:*", "npm run:*"]);
    expect(decide(analysis(["npm test"]), CONFIG, { mode: "default" }).suggestions).toEqual([]);
    expect(decide(analysis(["make build"]), CONFIG, { mode: "guard" }).suggestions).toEqual([]);
  });

  it("skips safe commands, one-word commands, and unsafe env assignments", () => {
    const d = decide(analysis([
      "echo hi there", "make", { forms: "npm install x", assignments: ["LD_PRELOAD=x.so"] },
      { forms: "cargo build", assignments: ["RUST_LOG=debug", "CI=1"] },
    ]), config(), { mode: "default" });
    expect(d.suggestions).toEqual(["cargo build:*"]);
  });

  it("uses the innermost form an allow rule may match", () => {
    const d = decide(analysis([{ forms: ["timeout 5 npm test", "npm test"] }, { forms: ["sudo apt install x", "apt install x"], privileged: true }]), config(), { mode: "default" });
    expect(d.suggestions).toEqual(["npm test:*", "sudo apt:*"]);
  });

  it("at most five", () => {
    const d = decide(analysis(["a 1", "b 2", "c 3", "d 4", "e 5", "f 6"]), config(), { mode: "default" });
    expect(d.suggestions).toEqual(["a 1:*", "b 2:*", "c 3:*", "d 4:*", "e 5:*"]);
  });
});

describe("evaluate: the per-step trace", () => {
  it("records every step", () => {
    const { steps } = evaluate(analysis(["make"]), CONFIG, { mode: "explore" });
    expect(steps.map((s) => [s.n, s.step, s.outcome])).toEqual([
      [1, "deny-rule", "passed"], [2, "ask-rule", "passed"], [3, "read-only", "passed"],
      [4, "check", "skipped"], [5, "allow-rule", "skipped"], [6, "mode", "decided"],
    ]);
    const early = evaluate(analysis(["terraform destroy"]), CONFIG, { mode: "default" }).steps;
    expect(early.map((s) => s.outcome)).toEqual(["decided", "not-reached", "not-reached", "not-reached", "not-reached", "not-reached"]);
  });
});

describe("fail safe when the analysis throws", () => {
  const err = new Error("boom");
  it.each([
    ["default", "ask"], ["acceptEdits", "ask"], ["bypass", "ask"], ["guard", "ask"], ["dontAsk", "deny"], ["explore", "deny"],
  ] as const)("%s → %s", (mode, decision) => {
    const d = analysisFailedDecision("weird ((", CONFIG, { mode, id: 1 }, err);
    expect(d.decision).toBe(decision);
    expect(d.findings[0]).toMatchObject({ id: "internal/analysis-failed", start: 0, end: 8 });
    expect(d.safety).toBe(true);
    expect(d.id).toBe(1);
  });

  it("still applies deny rules to the raw text", () => {
    const d = analysisFailedDecision("terraform   destroy ((", CONFIG, { mode: "bypass" }, err);
    expect([d.decision, d.step, d.rule]).toEqual(["deny", "deny-rule", "terraform destroy:*"]);
  });
});

describe("a line without commands", () => {
  it("is allowed as read-only, saying nothing runs", () => {
    const d = decide(analysis([], { readOnly: true }), CONFIG, { mode: "default" });
    expect([d.decision, d.step, d.reason]).toEqual(["allow", "read-only", "Nothing runs: the line has no commands."]);
  });
});

describe("explore's reason", () => {
  it("names a finding when every command is read-only but the line is not", () => {
    const a = analysis([{ forms: "ls", readOnly: true }, { forms: "pwd", readOnly: true }], { readOnly: false, findings: [{ id: "injection/command-substitution" }] });
    expect(decide(a, CONFIG, { mode: "explore" }).reason).toBe("Explore mode allows only read-only commands, and the line cannot be shown to be read-only (injection/command-substitution).");
  });
});
