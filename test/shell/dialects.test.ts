/**
 * zsh and fish syntax through the real hooks, in real interactive shells under tmux: the worker
 * reads each line in its shell's dialect. The zsh examples, with a canary in place of
 * `rm -rf ~` (a deny rule on `touch *canary*`), and one that asks (a write to ~/.zshrc, declined);
 * everyday lines still run. Nothing destructive runs even if a check fails.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { haveCommand, Session, sleep, type ShellName } from "./tmux.js";

const CONFIG = { rules: { deny: ["touch *canary*"] } };
const DENIED = "shellguard denied";
const ASK = "Run anyway? [y/N]";

const available = new Map<ShellName, boolean>();
const sessions: Session[] = [];

beforeAll(async () => {
  const tmux = await haveCommand("tmux");
  for (const s of ["zsh", "fish"] as const) available.set(s, tmux && (await haveCommand(s)));
}, 120_000);

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
});

/** Each line would run a `touch canary…` that the bash reading of the line does not see. */
const DENIED_LINES: Record<"zsh" | "fish", string[]> = {
  zsh: [
    "=touch canary-eq",
    "noglob touch canary-noglob",
    "nocorrect touch canary-nocorrect",
    "repeat 1 touch canary-repeat",
    "- touch canary-dash",
    "builtin noglob touch canary-builtin",
    "touch canary-disown &!",
    "echo hi # ; touch canary-hash",
  ],
  fish: ["\\x74ouch canary-escape", "true; and touch canary-and", "echo (touch canary-sub)", "begin; touch canary-begin; end", "not touch canary-not"],
};

/** Everyday lines that run, and the file each leaves. */
const ALLOWED_LINES: Record<"zsh" | "fish", Array<[string, string]>> = {
  zsh: [
    ["for f in a b; do touch ok-$f; done", "ok-b"],
    ["noglob touch ok-noglob", "ok-noglob"],
    ["ls *(N) >/dev/null; touch ok-qualifier", "ok-qualifier"],
    ["echo data >| ok-clobber", "ok-clobber"],
  ],
  fish: [
    ["set -x FOO bar; touch ok-fish-(echo 1)", "ok-fish-1"],
    ["if test -d .; touch ok-if; end", "ok-if"],
    ["for f in a b; touch ok-$f; end", "ok-b"],
  ],
};

describe.concurrent("zsh and fish syntax through the real hooks (tmux)", () => {
  for (const shell of ["zsh", "fish"] as const) {
    it(`${shell}: the line is read in ${shell}'s dialect`, async (ctx) => {
      if (!available.get(shell)) {
        ctx.skip();
        return;
      }
      const s = await Session.start(shell, { config: CONFIG });
      sessions.push(s);
      let denied = 0;
      for (const line of DENIED_LINES[shell]) {
        await s.line(line);
        await s.waitForText(DENIED, ++denied, 30_000);
        await s.barrier();
      }
      expect((await s.screen()).match(/canary/g)?.length).toBeGreaterThan(0);
      for (const line of DENIED_LINES[shell]) {
        const name = /canary-\w+/.exec(line)![0];
        expect(s.exists(name), `${line} ran`).toBe(false);
      }
      if (shell === "zsh") {
        // echo … >! ~/.zshrc: a write to a shell startup file asks; declined, nothing is written.
        await s.line("echo x >! ~/.zshrc");
        await s.waitForText(ASK, 1, 30_000);
        await s.line("n");
        await sleep(300);
        await s.barrier();
        expect(existsSync(join(s.home, ".zshrc"))).toBe(false);
      }
      for (const [line, file] of ALLOWED_LINES[shell]) {
        await s.line(line);
        await s.waitForFile(file, 30_000);
      }
      await s.barrier();
      expect((await s.screen()).match(new RegExp(DENIED, "g"))?.length).toBe(denied);
      await s.close();
    }, 240_000);
  }
});
