import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, run, sandbox, serve, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeAll(() => {
  buildOnce();
  sb = sandbox();
});
afterAll(() => sb.cleanup());

const json = (s: string): Record<string, unknown> => JSON.parse(s) as Record<string, unknown>;
const lines = (s: string): Record<string, unknown>[] => s.trim().split("\n").map(json);

describe("check: exit codes", () => {
  it.each([
    [["check", "ls -la"], 0],
    [["check", "git status"], 0],
    [["check", "rm -rf /"], 1],
    [["check", "--mode", "default", "make build"], 1],
    [["check", "--mode", "dontAsk", "rm -rf /"], 2],
    [["check", "--mode=explore", "npm test"], 2],
    [["check", "--mode", "plan", "npm test"], 2],
    [["check", "--mode", "bypass", "rm -rf /"], 0],
    [["check", "--mode", "bypassPermissions", "make"], 0],
    [["check", "--mode", "guard", "make build"], 0],
  ] as const)("%j → %i", (args, code) => {
    const r = run(sb, [...args]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(code);
  });

  it("usage errors exit 3", () => {
    const bad = [["check", "--mode", "yolo", "ls"], ["check"], ["check", "ls", "--stdin"], ["check", "--nope", "ls"], ["frobnicate"], []];
    for (const args of bad) {
      const r = run(sb, args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr, args.join(" ")).toMatch(/shellguard/);
    }
    expect(run(sb, ["check", "--mode", "yolo", "ls"]).stderr).toContain('Unknown mode "yolo"');
  });
});

describe("check: output", () => {
  it("--json prints one decision object in the contract's shape", () => {
    const r = run(sb, ["check", "--json", "rm -rf /"]);
    expect(r.code).toBe(1);
    expect(r.stdout.endsWith("\n")).toBe(true);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    const d = json(r.stdout);
    expect(Object.keys(d)).toEqual(["command", "mode", "decision", "reason", "step", "safety", "findings", "rule", "suggestions"]);
    expect(d).toMatchObject({ command: "rm -rf /", mode: "default", decision: "ask", step: "check", safety: true, rule: null });
    const findings = d.findings as Record<string, unknown>[];
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(Object.keys(f).sort()).toEqual(["check", "command", "end", "id", "message", "start"]);
      expect("rm -rf /".slice(f.start as number, f.end as number).length).toBeGreaterThan(0);
    }
  });

  it("human output: decision, reason, underlined findings, suggestions; no colour without a TTY", () => {
    const r = run(sb, ["check", "echo ok && rm -rf /"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ask: /);
    expect(r.stdout).toContain("      echo ok && rm -rf /\n");
    expect(r.stdout).toMatch(/\n {6} {11}\^+\n/);
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("suggests allow rules for an ask", () => {
    const d = json(run(sb, ["check", "--json", "npm run build && git commit -m x"]).stdout);
    expect(d.decision).toBe("ask");
    expect(d.suggestions).toEqual(["npm run:*", "git commit:*"]);
  });

  it("colours only on a TTY, never with NO_COLOR", () => {
    const script = spawnSync("script", ["--version"], { encoding: "utf8" });
    if (script.status !== 0) return;
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} check 'rm -rf /'`;
    const tty = spawnSync("script", ["-qec", cmd, "/dev/null"], { cwd: sb.dir, env: sb.env, encoding: "utf8" });
    expect(tty.stdout).toContain("\u001b[");
    const noColor = spawnSync("script", ["-qec", cmd, "/dev/null"], { cwd: sb.dir, env: { ...sb.env, NO_COLOR: "1" }, encoding: "utf8" });
    expect(noColor.stdout).toContain("rm -rf /");
    expect(noColor.stdout).not.toContain("\u001b[");
  });

  it("never lets control characters in the command reach the terminal", () => {
    const r = run(sb, ["check", "echo \u001b[2Jhi; rm -rf /"]);
    expect(r.stdout).not.toContain("\u001b");
  });
});

describe("check --stdin", () => {
  it("reads one whole command, minus one trailing newline", () => {
    const r = run(sb, ["check", "--stdin", "--json"], { input: "cd /tmp &&\n  rm -rf /\n" });
    expect(r.code).toBe(1);
    expect(json(r.stdout).command).toBe("cd /tmp &&\n  rm -rf /");
  });
});

describe("check --batch", () => {
  it("answers in order, echoes ids, reports bad lines and goes on", () => {
    const input = [
      JSON.stringify({ id: "a", command: "ls" }),
      "{not json",
      "",
      JSON.stringify({ id: 2, command: "rm -rf /", mode: "dontAsk" }),
      JSON.stringify({ id: "no-command" }),
      JSON.stringify({ command: "make", mode: "guard" }),
      JSON.stringify({ id: "m", command: "ls", mode: "sideways" }),
      "[1,2]",
      JSON.stringify({ id: "c", command: "ls", cwd: "/" }),
    ].join("\n");
    const r = run(sb, ["check", "--batch"], { input });
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(8);
    expect(out[0]).toMatchObject({ id: "a", decision: "allow" });
    expect(out[1]).toEqual({ error: expect.stringMatching(/^line 2: invalid JSON/) });
    expect(out[2]).toMatchObject({ id: 2, decision: "deny", mode: "dontAsk" });
    expect(out[3]).toEqual({ id: "no-command", error: expect.stringContaining('"command" must be a string') });
    expect(out[4]).toMatchObject({ decision: "allow", mode: "guard" });
    expect("id" in out[4]!).toBe(false);
    expect(out[5]).toEqual({ id: "m", error: expect.stringContaining('Unknown mode "sideways"') });
    expect(out[6]).toEqual({ error: expect.stringContaining("must be a JSON object") });
    expect(out[7]).toMatchObject({ id: "c", decision: "allow" });
  });

  it("uses --mode as the default mode", () => {
    const r = run(sb, ["check", "--batch", "--mode", "explore"], { input: '{"command":"make"}\n{"command":"make","mode":"bypass"}\n' });
    expect(lines(r.stdout).map((d) => d.decision)).toEqual(["deny", "allow"]);
  });
});

describe("config", () => {
  it("--config uses exactly that file", () => {
    const file = join(sb.dir, "rules.json");
    writeFileSync(file, JSON.stringify({ rules: { deny: ["terraform destroy:*"], allow: ["make:*"] } }));
    const d = json(run(sb, ["check", "--json", "--config", file, "'terraform'  destroy"]).stdout);
    expect(d).toMatchObject({ decision: "deny", step: "deny-rule", rule: "terraform destroy:*" });
    expect(run(sb, ["check", "--config", file, "make all"]).code).toBe(0);
    expect(run(sb, ["check", "--config", file, "sudo make all"]).code).toBe(1);
  });

  it.each([
    ["bad.json", "{ rules: "],
    ["bad2.json", JSON.stringify({ rules: { deny: [{ pattern: "rm:*", match: ["ls"] }] } })],
    ["bad3.json", JSON.stringify({ rulez: {} })],
  ])("a bad config file (%s) is exit 3, naming the file", (name, text) => {
    const file = join(sb.dir, name);
    writeFileSync(file, text);
    const r = run(sb, ["check", "--config", file, "ls"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(file);
    const batch = run(sb, ["check", "--batch", "--config", file], { input: '{"command":"ls"}\n' });
    expect(batch.code).toBe(3);
  });

  it("a missing --config file is exit 3", () => {
    const r = run(sb, ["check", "--config", "nope.json", "ls"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("nope.json");
  });

  it("a failing rule example is a config error, and `test` lists it", () => {
    const file = join(sb.dir, "examples.json");
    writeFileSync(file, JSON.stringify({
      rules: {
        deny: [{ pattern: "terraform destroy:*", match: ["sudo terraform destroy", "'terraform'  destroy -x"], notMatch: ["terraform plan"] }],
        ask: [{ pattern: "git push:*", match: ["git pushy"] }],
      },
    }));
    expect(run(sb, ["check", "--config", file, "ls"]).code).toBe(3);
    const t = run(sb, ["test", "--config", file]);
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/ok +deny "terraform destroy:\*" \(3 examples\)/);
    expect(t.stdout).toContain("FAIL ask \"git push:*\"");
    expect(t.stdout).toContain('should match but does not: "git pushy"');
    writeFileSync(file, JSON.stringify({ rules: { deny: [{ pattern: "rm -rf *", match: ["rm -rf x"] }] } }));
    expect(run(sb, ["test", "--config", file]).code).toBe(0);
  });
});

describe("init and trust", () => {
  it("init writes a starter config once, and it loads", () => {
    const proj = sandbox();
    try {
      const r = run(proj, ["init"]);
      expect(r.code).toBe(0);
      const file = join(proj.dir, ".shellguardrc.yaml");
      expect(existsSync(file)).toBe(true);
      const before = readFileSync(file, "utf8");
      const again = run(proj, ["init"]);
      expect(again.code).toBe(3);
      expect(again.stderr).toContain("already exists");
      expect(readFileSync(file, "utf8")).toBe(before);
      expect(run(proj, ["init", "--format", "json"]).code).toBe(3);
      expect(run(proj, ["check", "ls"]).code).toBe(0);
      expect(run(proj, ["test"]).code).toBe(0);
    } finally {
      proj.cleanup();
    }
  });

  it("trust records the project config's hash in the user config dir; untrust removes it", () => {
    const proj = sandbox();
    try {
      writeFileSync(join(proj.dir, ".shellguardrc.json"), JSON.stringify({ rules: { allow: ["make:*"] } }));
      expect(run(proj, ["check", "make"]).code).toBe(1);
      const t = run(proj, ["trust"]);
      expect(t.code).toBe(0);
      const store = json(readFileSync(join(proj.xdg, "shellguard", "trusted.json"), "utf8"));
      expect(Object.keys(store)).toEqual([join(proj.dir, ".shellguardrc.json")]);
      expect(run(proj, ["check", "make"]).code).toBe(0);
      const u = run(proj, ["untrust", ".shellguardrc.json"]);
      expect(u.code).toBe(0);
      expect(json(readFileSync(join(proj.xdg, "shellguard", "trusted.json"), "utf8"))).toEqual({});
      expect(run(proj, ["check", "make"]).code).toBe(1);
    } finally {
      proj.cleanup();
    }
  });

  it("trust without a project config is an error", () => {
    const proj = sandbox();
    try {
      const r = run(proj, ["trust"]);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain("no project config");
    } finally {
      proj.cleanup();
    }
  });
});

describe("explain", () => {
  it("prints the facts and the six steps", () => {
    const r = run(sb, ["explain", "--mode", "dontAsk", 'X=1 echo "$HOME" > out.txt | rm -rf /']);
    expect(r.code).toBe(0);
    for (const s of ["Facts", "argv[0]", "dynamic", "redirect", "assign", "Steps (mode dontAsk)", "1 deny-rule", "6 mode", "Decision", "deny:"]) {
      expect(r.stdout).toContain(s);
    }
  });

  it("--json prints the Facts", () => {
    const r = run(sb, ["explain", "--json", "ls | wc -l"]);
    expect(r.code).toBe(0);
    const facts = json(r.stdout);
    expect(Object.keys(facts).sort()).toEqual(["commands", "constructs", "errors", "source"]);
    expect((facts.commands as unknown[]).length).toBe(2);
  });
});

describe("serve", () => {
  it("answers JSON Lines until stdin closes, and reloads the config when it changes", async () => {
    const proj = sandbox();
    try {
      const worker = serve(proj);
      expect(json(await worker.ask(JSON.stringify({ id: 1, command: "terraform destroy" })))).toMatchObject({ id: 1, decision: "ask" });
      expect(json(await worker.ask("oops"))).toEqual({ error: expect.stringContaining("invalid JSON") });
      writeFileSync(join(proj.dir, ".shellguardrc.json"), JSON.stringify({ rules: { deny: ["terraform destroy:*"] } }));
      expect(json(await worker.ask(JSON.stringify({ id: 2, command: "terraform destroy" })))).toMatchObject({ id: 2, decision: "deny" });
      writeFileSync(join(proj.dir, ".shellguardrc.json"), "{ broken");
      expect(json(await worker.ask(JSON.stringify({ id: 3, command: "ls" })))).toEqual({ id: 3, error: expect.stringContaining(".shellguardrc.json") });
      writeFileSync(join(proj.dir, ".shellguardrc.json"), "{}");
      expect(json(await worker.ask(JSON.stringify({ id: 4, command: "ls", mode: "guard" })))).toMatchObject({ id: 4, decision: "allow" });
      expect(await worker.close()).toBe(0);
    } finally {
      proj.cleanup();
    }
  });
});

describe("the fast path and the yargs path agree", () => {
  const cases = [
    ["check", "ls"],
    ["check", "--json", "rm -rf /"],
    ["check", "--mode", "acceptEdits", "--json", "mkdir build"],
    ["check", "--mode=dontAsk", "git push"],
    ["check", "--mode", "nope", "ls"],
    ["check"],
    ["check", "--cwd", "/", "--json", "rm -rf *"],
  ];
  it.each(cases)("%j", (...args) => {
    const fast = run(sb, args);
    const slow = run(sb, args, { env: { SHELLGUARD_NO_FAST_PATH: "1" } });
    expect(slow).toEqual(fast);
  });
});

describe("misc", () => {
  it("--version and --help", () => {
    const v = run(sb, ["--version"]);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run(sb, ["--version"], { env: { SHELLGUARD_NO_FAST_PATH: "1" } })).toEqual(v);
    const h = run(sb, ["--help"]);
    expect(h.code).toBe(0);
    for (const c of ["check", "explain", "serve", "init", "test", "trust", "untrust", "completion"]) expect(h.stdout).toContain(c);
  });

  it("completion prints a script", () => {
    const r = run(sb, ["completion"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("shellguard");
  });
});
