import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, run, sandbox, serve, type Sandbox } from "./helpers.js";

let sb: Sandbox;

beforeAll(async () => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

const json = (s: string): Record<string, unknown> => JSON.parse(s) as Record<string, unknown>;
const lines = (s: string): Record<string, unknown>[] => s.trim().split("\n").map(json);

describe("check: exit codes", async () => {
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
  ] as const)("%j → %i", async (args, code) => {
    const r = await run(sb, [...args]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(code);
  });

  it("usage errors exit 3", async () => {
    const bad = [["check", "--mode", "yolo", "ls"], ["check"], ["check", "ls", "--stdin"], ["check", "--nope", "ls"], ["frobnicate"], []];
    for (const args of bad) {
      const r = await run(sb, args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr, args.join(" ")).toMatch(/shellguard/);
    }
    expect((await run(sb, ["check", "--mode", "yolo", "ls"])).stderr).toContain('Unknown mode "yolo"');
  });
});

describe("check: output", async () => {
  it("--json prints one decision object in the contract's shape", async () => {
    const r = await run(sb, ["check", "--json", "rm -rf /"]);
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

  it("human output: decision, reason, underlined findings, suggestions; no colour without a TTY", async () => {
    const r = await run(sb, ["check", "echo ok && rm -rf /"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ask: /);
    expect(r.stdout).toContain("      echo ok && rm -rf /\n");
    expect(r.stdout).toMatch(/\n {6} {11}\^+\n/);
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("suggests allow rules for an ask", async () => {
    const d = json((await run(sb, ["check", "--json", "npm run build && git commit -m x"])).stdout);
    expect(d.decision).toBe("ask");
    expect(d.suggestions).toEqual(["npm run:*", "git commit:*"]);
  });

  it("colours only on a TTY, never with NO_COLOR", async () => {
    const exec = promisify(execFile);
    const ok = await exec("script", ["--version"]).then(() => true, () => false);
    if (!ok) return;
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} check 'rm -rf /'`;
    const inTty = (env: NodeJS.ProcessEnv) =>
      exec("script", ["-qec", cmd, "/dev/null"], { cwd: sb.dir, env, encoding: "utf8" }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const tty = await inTty(sb.env);
    expect(tty.stdout).toContain("\u001b[");
    const noColor = await inTty({ ...sb.env, NO_COLOR: "1" });
    expect(noColor.stdout).toContain("rm -rf /");
    expect(noColor.stdout).not.toContain("\u001b[");
  });

  it("never lets control characters in the command reach the terminal", async () => {
    const r = await run(sb, ["check", "echo \u001b[2Jhi; rm -rf /"]);
    expect(r.stdout).not.toContain("\u001b");
  });
});

describe("check --stdin", async () => {
  it("reads one whole command, minus one trailing newline", async () => {
    const r = await run(sb, ["check", "--stdin", "--json"], { input: "cd /tmp &&\n  rm -rf /\n" });
    expect(r.code).toBe(1);
    expect(json(r.stdout).command).toBe("cd /tmp &&\n  rm -rf /");
  });
});

describe("check --batch", async () => {
  it("answers in order, echoes ids, reports bad lines and goes on", async () => {
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
    const r = await run(sb, ["check", "--batch"], { input });
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

  it("uses --mode as the default mode", async () => {
    const r = await run(sb, ["check", "--batch", "--mode", "explore"], { input: '{"command":"make"}\n{"command":"make","mode":"bypass"}\n' });
    expect(lines(r.stdout).map((d) => d.decision)).toEqual(["deny", "allow"]);
  });
});

describe("config", async () => {
  it("--config uses exactly that file", async () => {
    const file = join(sb.dir, "rules.json");
    writeFileSync(file, JSON.stringify({ rules: { deny: ["terraform destroy:*"], allow: ["make:*"] } }));
    const d = json((await run(sb, ["check", "--json", "--config", file, "'terraform'  destroy"])).stdout);
    expect(d).toMatchObject({ decision: "deny", step: "deny-rule", rule: "terraform destroy:*" });
    expect((await run(sb, ["check", "--config", file, "make all"])).code).toBe(0);
    expect((await run(sb, ["check", "--config", file, "sudo make all"])).code).toBe(1);
  });

  it.each([
    ["bad.json", "{ rules: "],
    ["bad2.json", JSON.stringify({ rules: { deny: [{ pattern: "rm:*", match: ["ls"] }] } })],
    ["bad3.json", JSON.stringify({ rulez: {} })],
  ])("a bad config file (%s) is exit 3, naming the file", async (name, text) => {
    const file = join(sb.dir, name);
    writeFileSync(file, text);
    const r = await run(sb, ["check", "--config", file, "ls"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(file);
    const batch = await run(sb, ["check", "--batch", "--config", file], { input: '{"command":"ls"}\n' });
    expect(batch.code).toBe(3);
  });

  it("a missing --config file is exit 3", async () => {
    const r = await run(sb, ["check", "--config", "nope.json", "ls"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("nope.json");
  });

  it("a failing rule example is a config error, and `test` lists it", async () => {
    const file = join(sb.dir, "examples.json");
    writeFileSync(file, JSON.stringify({
      rules: {
        deny: [{ pattern: "terraform destroy:*", match: ["sudo terraform destroy", "'terraform'  destroy -x"], notMatch: ["terraform plan"] }],
        ask: [{ pattern: "git push:*", match: ["git pushy"] }],
      },
    }));
    expect((await run(sb, ["check", "--config", file, "ls"])).code).toBe(3);
    const t = await run(sb, ["test", "--config", file]);
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/ok +deny "terraform destroy:\*" \(3 examples\)/);
    expect(t.stdout).toContain("FAIL ask \"git push:*\"");
    expect(t.stdout).toContain('should match but does not: "git pushy"');
    writeFileSync(file, JSON.stringify({ rules: { deny: [{ pattern: "rm -rf *", match: ["rm -rf x"] }] } }));
    expect((await run(sb, ["test", "--config", file])).code).toBe(0);
  });
});

describe("init and trust", async () => {
  it("init writes a starter config once, and it loads", async () => {
    const proj = sandbox();
    try {
      const r = await run(proj, ["init"]);
      expect(r.code).toBe(0);
      const file = join(proj.dir, ".shellguardrc.yaml");
      expect(existsSync(file)).toBe(true);
      const before = readFileSync(file, "utf8");
      const again = await run(proj, ["init"]);
      expect(again.code).toBe(3);
      expect(again.stderr).toContain("already exists");
      expect(readFileSync(file, "utf8")).toBe(before);
      expect((await run(proj, ["init", "--format", "json"])).code).toBe(3);
      expect((await run(proj, ["check", "ls"])).code).toBe(0);
      expect((await run(proj, ["test"])).code).toBe(0);
    } finally {
      proj.cleanup();
    }
  });

  it("trust records the project config's hash in the user config dir; untrust removes it", async () => {
    const proj = sandbox();
    try {
      writeFileSync(join(proj.dir, ".shellguardrc.json"), JSON.stringify({ rules: { allow: ["make:*"] } }));
      expect((await run(proj, ["check", "make"])).code).toBe(1);
      const t = await run(proj, ["trust"]);
      expect(t.code).toBe(0);
      const store = json(readFileSync(join(proj.xdg, "shellguard", "trusted.json"), "utf8"));
      expect(Object.keys(store)).toEqual([join(proj.dir, ".shellguardrc.json")]);
      expect((await run(proj, ["check", "make"])).code).toBe(0);
      const u = await run(proj, ["untrust", ".shellguardrc.json"]);
      expect(u.code).toBe(0);
      expect(json(readFileSync(join(proj.xdg, "shellguard", "trusted.json"), "utf8"))).toEqual({});
      expect((await run(proj, ["check", "make"])).code).toBe(1);
    } finally {
      proj.cleanup();
    }
  });

  it("trust without a project config is an error", async () => {
    const proj = sandbox();
    try {
      const r = await run(proj, ["trust"]);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain("no project config");
    } finally {
      proj.cleanup();
    }
  });
});

describe("explain", async () => {
  it("prints the facts and the six steps", async () => {
    const r = await run(sb, ["explain", "--mode", "dontAsk", 'X=1 echo "$HOME" > out.txt | rm -rf /']);
    expect(r.code).toBe(0);
    for (const s of ["Facts", "argv[0]", "dynamic", "redirect", "assign", "Steps (mode dontAsk)", "1 deny-rule", "6 mode", "Decision", "deny:"]) {
      expect(r.stdout).toContain(s);
    }
  });

  it("--json prints the Facts", async () => {
    const r = await run(sb, ["explain", "--json", "ls | wc -l"]);
    expect(r.code).toBe(0);
    const facts = json(r.stdout);
    expect(Object.keys(facts).sort()).toEqual(["commands", "constructs", "errors", "source"]);
    expect((facts.commands as unknown[]).length).toBe(2);
  });
});

describe("serve", async () => {
  it("answers JSON Lines until stdin closes, and reloads the config when it changes", async () => {
    const proj = sandbox();
    try {
      const worker = serve(proj);
      expect(json(await worker.ask(JSON.stringify({ id: 1, command: "terraform destroy" })))).toMatchObject({ id: 1, decision: "ask" });
      expect(json(await worker.ask("oops"))).toEqual({ error: expect.stringContaining("invalid JSON") });
      writeFileSync(join(proj.dir, ".shellguardrc.json"), JSON.stringify({ rules: { deny: ["terraform destroy:*"] } }));
      expect(json(await worker.ask(JSON.stringify({ id: 2, command: "terraform destroy" })))).toMatchObject({ id: 2, decision: "deny" });
      // An untrusted project config that breaks is ignored (with a warning), never an error.
      writeFileSync(join(proj.dir, ".shellguardrc.json"), "{ broken");
      expect(json(await worker.ask(JSON.stringify({ id: 3, command: "terraform destroy" })))).toMatchObject({ id: 3, decision: "ask" });
      // The user's own config breaking is an error.
      const user = proj.write(join(proj.xdg, "shellguard", "config.json"), "{ broken");
      expect(json(await worker.ask(JSON.stringify({ id: 3, command: "ls" })))).toEqual({ id: 3, error: expect.stringContaining(user) });
      writeFileSync(user, "{}");
      writeFileSync(join(proj.dir, ".shellguardrc.json"), "{}");
      expect(json(await worker.ask(JSON.stringify({ id: 4, command: "ls", mode: "guard" })))).toMatchObject({ id: 4, decision: "allow" });
      expect(await worker.close()).toBe(0);
    } finally {
      proj.cleanup();
    }
  });
});

describe("the fast path and the yargs path agree", async () => {
  const cases = [
    ["check", "ls"],
    ["check", "--json", "rm -rf /"],
    ["check", "--mode", "acceptEdits", "--json", "mkdir build"],
    ["check", "--mode=dontAsk", "git push"],
    ["check", "--mode", "nope", "ls"],
    ["check"],
    ["check", "--cwd", "/", "--json", "rm -rf *"],
  ];
  it.each(cases)("%j", async (...args) => {
    const fast = await run(sb, args);
    const slow = await run(sb, args, { env: { SHELLGUARD_NO_FAST_PATH: "1" } });
    expect(slow).toEqual(fast);
  });
});

describe("misc", async () => {
  it("--version and --help", async () => {
    const v = await run(sb, ["--version"]);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(await run(sb, ["--version"], { env: { SHELLGUARD_NO_FAST_PATH: "1" } })).toEqual(v);
    const h = await run(sb, ["--help"]);
    expect(h.code).toBe(0);
    for (const c of ["check", "explain", "serve", "init", "test", "trust", "untrust", "completion"]) expect(h.stdout).toContain(c);
  });

  it("completion prints a script", async () => {
    const r = await run(sb, ["completion", "bash"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("shellguard");
  });
});
