/**
 * Lines too large or too deep to analyse in time get a fail-closed answer on every hook path,
 * as spawned real processes: `shellguard agent-hook claude-code` / `gemini-cli` (the bin, as the
 * agents run it), `shellguard check`, and the shell worker. Never an allow, never silence (after
 * which the agent would run the command), never the worker's error reply (which the shell hook
 * would hand to `shell.onError`). Each process must answer well inside the agent's 60 s hook
 * timeout: it is killed at HARD_MS, which fails the test. The figures are in docs/performance.md.
 */

import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../src/analysis/limits.js";
import { formatRequest, parseReply } from "../src/shell/protocol.js";
import { claudePayload, geminiPayload, ROOT, spawnAsync } from "./agents/helpers.js";
import { GENERATORS } from "./analysis/generators.js";
import { sandbox } from "./sandbox.js";

const BIN = join(ROOT, "bin", "shellguard.cjs");
const WORKER = join(ROOT, "dist", "shell", "worker.js");
/** A quarter of the agent's 60 s: far more than a bounded answer needs even on a loaded machine. */
const HARD_MS = 15_000;

const gen = (name: string, n: number): string => (GENERATORS[name] as (n: number) => string)(n);

/** The reported lines and their class: over the size bound, over the depth bound, each construct kind deep. */
const LINES: Record<string, string> = {
  "81 KB of nested if": gen("if", 4700),
  "4,000-deep $(": gen("cmdsub", 4000),
  "3,500-deep if": gen("if", 3500).slice(0, DEFAULT_LIMITS.maxChars),
  "4,000-deep ( )": gen("subshell", 4000),
  "4,000-deep mixed": gen("mixed", 4000),
  "100k words": gen("words", 100_000),
  // Under the size bound, over the node bound.
  "20,001 commands joined by ;": Array.from({ length: DEFAULT_LIMITS.maxNodes + 1 }, () => "ls").join(";"),
};

const sb = sandbox("large-lines");
afterAll(() => sb.cleanup());

const CLAUDE_MODES: Record<string, readonly string[]> = {
  default: ["ask"],
  acceptEdits: ["ask"],
  bypassPermissions: ["ask"],
  dontAsk: ["deny"],
  plan: ["deny"],
};

describe("agent-hook claude-code answers a line it cannot analyse: ask or deny, in time", () => {
  for (const [what, line] of Object.entries(LINES)) {
    it.each(Object.keys(CLAUDE_MODES))(`${what} (${line.length} chars), permission_mode %s`, async (mode) => {
      const input = JSON.stringify(claudePayload(line, { cwd: sb.dir, permission_mode: mode }));
      const r = await spawnAsync(process.execPath, [BIN, "agent-hook", "claude-code"], { cwd: sb.dir, env: sb.env, input, timeoutMs: HARD_MS });
      expect(r.code, r.stderr).toBe(0);
      const answer = JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
      expect(CLAUDE_MODES[mode]).toContain(answer.hookSpecificOutput.permissionDecision);
      expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(/could not be analysed/);
    });
  }
});

describe("agent-hook gemini-cli answers a line it cannot analyse: deny, in time", () => {
  it.each(Object.keys(LINES))("%s", async (what) => {
    const input = JSON.stringify(geminiPayload(LINES[what] as string, { cwd: sb.dir }));
    const r = await spawnAsync(process.execPath, [BIN, "agent-hook", "gemini-cli"], { cwd: sb.dir, env: sb.env, input, timeoutMs: HARD_MS });
    expect(r.code, r.stderr).toBe(0);
    // Gemini has no ask: an ask is a deny there.
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: "deny" });
    expect(r.stdout).toMatch(/could not be analysed/);
  });
});

describe("check answers a line it cannot analyse: ask (exit 1), deny (exit 2) in dontAsk, in time", () => {
  for (const [mode, code] of [["default", 1], ["bypass", 1], ["guard", 1], ["dontAsk", 2], ["explore", 2]] as const) {
    it.each(Object.keys(LINES))(`%s, --mode ${mode}`, async (what) => {
      const r = await spawnAsync(process.execPath, [BIN, "check", "--stdin", "--mode", mode], { cwd: sb.dir, env: sb.env, input: LINES[what] as string, timeoutMs: HARD_MS });
      expect(r.code, r.stdout + r.stderr).toBe(code);
      expect(r.stdout + r.stderr).toMatch(/could not be analysed/);
    });
  }

  it("a deny rule still denies a line it cannot analyse", async () => {
    sb.write(join(sb.dir, ".shellguardrc.json"), { rules: { deny: ["echo:*"] } });
    try {
      const r = await spawnAsync(process.execPath, [BIN, "check", "--stdin"], { cwd: sb.dir, env: sb.env, input: LINES["4,000-deep $("] as string, timeoutMs: HARD_MS });
      expect(r.code, r.stdout + r.stderr).toBe(2);
    } finally {
      sb.write(join(sb.dir, ".shellguardrc.json"), {});
    }
  });
});

describe("the shell worker answers a line it cannot analyse with ask, not an error", () => {
  it("every line, in guard mode (the shell hook's default) and in default mode", async () => {
    const requests: string[] = [];
    const expected = new Map<string, string>();
    let id = 0;
    for (const line of Object.values(LINES)) {
      for (const mode of [null, "default"]) {
        const rid = `r${++id}`;
        requests.push(formatRequest({ id: rid, mode, shell: "bash", cwd: sb.dir, command: line }));
        expected.set(rid, "ask");
      }
    }
    // A plain line afterwards: the worker is still answering (and quickly) after the big ones.
    requests.push(formatRequest({ id: "after", mode: null, shell: "bash", cwd: sb.dir, command: "ls -la" }));
    expected.set("after", "allow");
    const replies = await askWorker(requests.join("\n") + "\n", requests.length);
    for (const [rid, decision] of expected) {
      const reply = replies.get(rid);
      expect(reply, rid).toBeDefined();
      expect(reply?.decision, `${rid}: ${reply?.lines.join(" ")}`).toBe(decision);
      if (decision === "ask") expect(reply?.lines.join(" ")).toMatch(/could not be analysed/);
    }
  });
});

/** Feed the worker its requests and collect `n` replies by id; killed at HARD_MS per request. */
function askWorker(input: string, n: number): Promise<Map<string, ReturnType<typeof parseReply>>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [WORKER], { cwd: sb.dir, env: { ...sb.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] });
    const replies = new Map<string, ReturnType<typeof parseReply>>();
    let buffered = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`the worker answered ${replies.size} of ${n} requests in ${(HARD_MS * n) / 1000} s`));
    }, HARD_MS * n);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const reply = parseReply(buffered.slice(0, nl));
        buffered = buffered.slice(nl + 1);
        replies.set(reply.id, reply);
      }
      if (replies.size >= n) {
        clearTimeout(timer);
        child.stdin.end();
        done(replies);
      }
    });
    child.on("error", fail);
    child.stdin.on("error", () => undefined);
    child.stdin.write(input);
  });
}
