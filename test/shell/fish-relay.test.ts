/**
 * The fish hook's transport, without a terminal: fish writes each line to the worker's FIFO and
 * reads the reply itself, and a bash relay keeps time (fish-client.bash --relay). A real
 * interactive fish runs the hook's __shellguard_query against a real worker, the real one
 * wrapped to hang (hang-worker.mjs), or one that echoes what it received (fish-echo-worker.mjs).
 * The tmux tests (hooks.test.ts, stuck-worker.test.ts) cover the same at a prompt.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hookScript, fishQuote } from "../../src/shell/index.js";
import { alive, ROOT } from "./tmux.js";

const hasFish = spawnSync("sh", ["-c", "command -v fish && command -v bash && test -d /proc/self"]).status === 0;
const BIN = [process.execPath, join(ROOT, "bin", "shellguard.cjs")];
// The built worker (the default one is found next to the hook's module, which here is src/).
const WORKER = [process.execPath, join(ROOT, "dist", "shell", "worker.js")];
const temps: string[] = [];
const pidsToKill: number[] = [];
afterAll(() => {
  for (const pid of pidsToKill) if (alive(pid)) process.kill(pid, "SIGKILL");
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** Run `body` in an interactive fish with the hook loaded (and its worker); returns stdout. */
function fish(body: string, worker = WORKER): { out: string; base: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-fish-relay-")));
  temps.push(base);
  const xdg = join(base, "home", ".config");
  mkdirSync(join(xdg, "shellguard"), { recursive: true });
  writeFileSync(join(xdg, "shellguard", "config.json"), JSON.stringify({ rules: { deny: ["touch *canary*"] } }));
  const hook = join(base, "hook.fish");
  writeFileSync(hook, hookScript("fish", { bin: BIN, worker }));
  const env = { PATH: process.env.PATH, HOME: join(base, "home"), XDG_CONFIG_HOME: xdg, TMPDIR: base, LANG: "C.UTF-8", NO_COLOR: "1" };
  const r = spawnSync("fish", ["--no-config", "-i", "-c", `source ${fishQuote(hook)}; cd ${fishQuote(base)}\n${body}`], { env, cwd: base, encoding: "utf8", timeout: 90_000 });
  if (r.status !== 0 || r.error) throw new Error(`fish failed (${r.status}, ${r.error?.message}): ${r.stderr}`);
  return { out: r.stdout, base };
}

/** fish lines that print `key=value` of the last query: decision, the worker's and relay's pids. */
const report = (tag: string) =>
  `echo ${tag}=$__shellguard_r[1] worker=(cat $__shellguard_dir/pid 2>/dev/null; or echo none) relay=$__shellguard_relay_pid`;

function field(out: string, tag: string): { decision: string; worker: string; relay: string } {
  const m = new RegExp(`^${tag}=(\\S*) worker=(\\S*) relay=(\\S*)$`, "m").exec(out);
  if (!m) throw new Error(`no ${tag} in:\n${out}`);
  // A worker answered the line, or none is running after a one-shot check.
  if (!/^(\d+|none)$/.test(m[2]!)) throw new Error(`${tag}: bad worker pid ${m[2]}`);
  return { decision: m[1]!, worker: m[2]!, relay: m[3]! };
}

describe.runIf(hasFish)("the fish hook's transport (fish, worker FIFOs, bash relay)", () => {
  it("a line and the directory reach the worker exactly, whatever characters they hold", () => {
    // Each character the protocol escapes, alone, doubled, at the ends and next to the others.
    const specials = ["\\", "\t", "\n", "\r", "\\n", "\\t"];
    const commands: string[] = ["echo plain"];
    for (const c of specials) commands.push(`echo 'a${c}b'`, `echo ${c}${c}x`, `echo 'x${c}'`);
    commands.push(`echo 'all ${specials.join("")} ünï ✓'`, "printf '%s\\n' \\\\");
    const dirs = ["plain", "back\\slash", "tab\there", "new\nline", "cr\rhere", "esc\\n\\t"];
    const lines: { cwd: string; command: string }[] = [];
    const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-fish-relay-data-")));
    temps.push(base);
    const data = join(base, "lines");
    const inputs: string[] = [];
    for (const [i, command] of commands.entries()) {
      const dir = dirs[i % dirs.length]!;
      inputs.push(dir, command);
      lines.push({ cwd: join(base, "dirs", dir), command });
    }
    for (const d of dirs) mkdirSync(join(base, "dirs", d), { recursive: true });
    writeFileSync(data, inputs.join("\0") + "\0");
    const script = [
      `set -l items (string split0 < ${fishQuote(data)})`,
      `for i in (seq 1 2 (count $items))`,
      `  cd ${fishQuote(join(base, "dirs"))}/$items[$i]`,
      `  __shellguard_query $items[(math $i + 1)]`,
      `  printf '%s\\n' "$__shellguard_r[5]"`,
      `end`,
    ];
    const { out } = fish(script.join("\n"), [process.execPath, join(ROOT, "test", "shell", "fish-echo-worker.mjs")]);
    const got = out.trim().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(got).toEqual(lines);
  }, 120_000);

  it("a line too long for the pipe is decided by the one-shot check; the worker keeps running", () => {
    const long = `touch canary-${"x".repeat(20_000)}`;
    const { out } = fish([`__shellguard_query 'ls -la'`, report("first"), `__shellguard_query '${long}'`, report("long"), `__shellguard_query 'touch canary'`, report("after")].join("\n"));
    const first = field(out, "first");
    expect(first).toMatchObject({ decision: "allow", worker: expect.stringMatching(/^\d+$/) });
    expect(field(out, "long")).toEqual({ ...first, decision: "deny" });
    expect(field(out, "after")).toEqual({ ...first, decision: "deny" });
    pidsToKill.push(Number(first.worker));
  }, 120_000);

  it("a stuck worker: the relay answers with the one-shot check, stops it, and the next line has a new worker", () => {
    const hang = [process.execPath, join(ROOT, "test", "shell", "hang-worker.mjs")];
    const { out } = fish(
      [
        `__shellguard_query 'ls'`,
        report("start"),
        // Stuck in analysis: killed, the one-shot check decides (the deny rule).
        `__shellguard_query 'touch canary sg-hang'`,
        report("stuck"),
        `__shellguard_query 'ls'`,
        report("next"),
        // Answers, then hangs: the next line's request is left unread, answered by the one-shot
        // check; the line after has a new worker (the unread request is dropped, not answered).
        `__shellguard_query 'echo sg-hang-after'`,
        report("after"),
        `__shellguard_query 'touch canary'`,
        report("unread"),
        `__shellguard_query 'echo ok'`,
        report("last"),
      ].join("\n"),
      hang,
    );
    const start = field(out, "start");
    const stuck = field(out, "stuck");
    const next = field(out, "next");
    expect(start).toMatchObject({ decision: "allow", worker: expect.stringMatching(/^\d+$/) });
    expect(stuck).toMatchObject({ decision: "deny", worker: "none", relay: start.relay });
    expect(alive(Number(start.worker))).toBe(false);
    expect(next).toMatchObject({ decision: "allow", worker: expect.stringMatching(/^\d+$/) });
    expect(next.worker).not.toBe(start.worker);
    expect(field(out, "after")).toEqual({ ...next, decision: "allow" });
    expect(field(out, "unread")).toMatchObject({ decision: "deny", worker: "none" });
    const last = field(out, "last");
    expect(last).toMatchObject({ decision: "allow", worker: expect.stringMatching(/^\d+$/) });
    expect([start.worker, next.worker]).not.toContain(last.worker);
    for (const w of [start, next, last]) pidsToKill.push(Number(w.worker));
    expect(alive(Number(next.worker))).toBe(false);
  }, 120_000);

  it("a relay that dies is started again on the next line, and keeps the worker", () => {
    const { out } = fish(
      [`__shellguard_query 'ls'`, report("before"), `command kill -KILL $__shellguard_relay_pid; command sleep 0.2`, `__shellguard_query 'touch canary'`, report("after")].join("\n"),
    );
    const before = field(out, "before");
    const after = field(out, "after");
    expect(before).toMatchObject({ decision: "allow", worker: expect.stringMatching(/^\d+$/) });
    expect(after).toMatchObject({ decision: "deny", worker: before.worker });
    expect(after.relay).not.toBe(before.relay);
    pidsToKill.push(Number(before.worker));
  }, 120_000);
});
