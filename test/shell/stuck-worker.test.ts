/**
 * The hook against a hostile repository and a stuck worker, in real bash, zsh and fish under
 * tmux: a broken project config planted in the working directory is ignored with a warning shown
 * once (the guard stays on); a worker stuck in analysis (it ignores SIGTERM, as a busy Node.js
 * process does) is killed and replaced, and does not outlive its shell. The worker is the real
 * answerer wrapped by test/shell/hang-worker.mjs, which hangs on `sg-hang`. Only canaries.
 */

import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, haveCommand, occurrences, ROOT, Session, sleep, type ShellName } from "./tmux.js";

const CONFIG = { rules: { deny: ["touch *canary*"] } };
const DENIED = "shellguard denied";
const WARNING = "shellguard: warning: ";
const SHELLS: ShellName[] = ["bash", "zsh", "fish"];
const available = new Map<ShellName, boolean>();
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const tmux = await haveCommand("tmux");
  for (const s of SHELLS) available.set(s, tmux && (await haveCommand(s)));
}, 120_000);

afterAll(async () => {
  for (const f of cleanup) await f();
});

async function until(pred: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.concurrent("hostile repositories and stuck workers (tmux)", () => {
  for (const shell of SHELLS) {
    it(`${shell}: a planted broken config is ignored with one warning; a stuck worker is killed, replaced, and not left behind`, async (ctx) => {
      if (!available.get(shell)) {
        ctx.skip();
        return;
      }
      const dir = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-stuck-")));
      const pidsFile = join(dir, "pids");
      writeFileSync(pidsFile, "");
      const pids = (): number[] => readFileSync(pidsFile, "utf8").split("\n").filter(Boolean).map(Number);
      const s = await Session.start(shell, {
        config: CONFIG,
        env: { SHELLGUARD_TEST_PIDS: pidsFile },
        worker: [process.execPath, join(ROOT, "test", "shell", "hang-worker.mjs")],
      });
      cleanup.push(async () => {
        for (const pid of pids()) if (alive(pid)) process.kill(pid, "SIGKILL");
        await s.close();
        rmSync(dir, { recursive: true, force: true });
      });

      // A broken project config planted in the working directory (untrusted).
      writeFileSync(s.path(".shellguardrc.json"), "{ this is not json");
      await s.line("touch ok1");
      await s.waitForFile("ok1");
      await s.waitForText(`${WARNING}${s.path(".shellguardrc.json")}: ignored: invalid JSON`);
      await s.line("touch canary1");
      await s.waitForText(DENIED, 1);
      await s.barrier();
      expect(s.exists("canary1")).toBe(false);
      await s.line("touch ok2");
      await s.waitForFile("ok2");
      await s.barrier();
      const screen = await s.screen();
      expect(occurrences(screen, WARNING), screen).toBe(1);
      expect(await s.screen()).not.toContain("could not check this line");

      // A worker stuck in analysis: killed (SIGTERM cannot run), the line still checked.
      const [first] = pids();
      expect(first).toBeGreaterThan(0);
      expect(alive(first!)).toBe(true);
      await s.line("touch sg-hang1");
      await s.waitForFile("sg-hang1", 30_000);
      await until(() => !alive(first!), 10_000, `the stuck worker ${first} to be killed`);
      await s.line("touch canary2");
      await s.waitForText(DENIED, 2, 30_000);
      await s.barrier();
      expect(s.exists("canary2")).toBe(false);
      const second = pids().at(-1)!;
      expect(second).not.toBe(first);
      expect(alive(second)).toBe(true);

      // Stuck when its shell exits: the shell takes it down.
      await s.line("touch sg-hang-after1");
      await s.waitForFile("sg-hang-after1");
      await sleep(300);
      expect(alive(second)).toBe(true);
      await s.line("exit");
      await until(() => !alive(second), 15_000, `the stuck worker ${second} to die with its shell`);
      expect(pids().every((pid) => !alive(pid))).toBe(true);
      expect(existsSync(pidsFile)).toBe(true);
    }, 180_000);
  }
});
