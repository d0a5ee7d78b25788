/**
 * The shell hooks in real interactive bash, zsh and fish, under tmux. Each shell runs one
 * session through a sequence of steps (the three shells run concurrently). Only canaries: the
 * commands a rule denies are `touch canary...` in a temporary directory.
 */

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, haveCommand, occurrences, PROMPT, ROOT, run, Session, sleep, type ShellName } from "./tmux.js";

const CONFIG = { rules: { deny: ["touch *canary*"], ask: ["touch *asked*"] } };
const DENIED = "shellguard denied";
const ASK = "Run anyway? [y/N]";

const SHELLS: ShellName[] = ["bash", "zsh", "fish"];
const available = new Map<ShellName, boolean>();
const sessions: Session[] = [];

beforeAll(async () => {
  const tmux = await haveCommand("tmux");
  for (const s of SHELLS) available.set(s, tmux && (await haveCommand(s)));
}, 180_000);

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
});

async function start(shell: ShellName, opts: Parameters<typeof Session.start>[1] = {}): Promise<Session> {
  const s = await Session.start(shell, { config: CONFIG, ...opts });
  sessions.push(s);
  return s;
}

/** Run a named step; a failure says which step and shows the screen. */
async function step(s: Session, name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    const err = e as Error;
    const screen = err.message.includes("screen:") ? "" : `\nscreen:\n${(await s.screen()).replace(/\n+$/, "")}`;
    err.message = `${s.shell} › ${name}: ${err.message}${screen}`;
    throw err;
  }
}

/** The worker's pid, as the shell knows it. */
async function workerPid(s: Session): Promise<number> {
  const expr = s.shell === "bash" ? "$__shellguard_w_PID" : s.shell === "zsh" ? "$__shellguard_pid" : "(cat $__shellguard_dir/pid)";
  const tag = `wpid-${Math.random().toString(36).slice(2, 8)}`;
  await s.line(`echo ${tag}=${expr}`);
  const screen = await s.waitFor((sc) => new RegExp(`^${tag}=\\d+`, "m").test(sc), 20_000, "the worker pid");
  return Number(new RegExp(`^${tag}=(\\d+)`, "m").exec(screen)![1]);
}

/**
 * Bring back the last line that did not run: the up arrow (history), `back` entries up; fish 3
 * cannot add a history entry, so there it is the kill ring (Ctrl-Y).
 */
async function recall(s: Session, back = 1): Promise<void> {
  if (s.shell === "fish" && (await fishMajor()) < 4) await s.keys("C-y");
  else await s.keys(...Array<string>(back).fill("Up"));
}

let fishVersion: Promise<number> | undefined;
function fishMajor(): Promise<number> {
  fishVersion ??= run("fish", ["--version"]).then((r) => Number(/(\d+)\./.exec(r.stdout)?.[1] ?? 0));
  return fishVersion;
}

function loop(shell: ShellName, body: string[]): string[] {
  return shell === "fish" ? ["for i in 1 2", ...body, "end"] : ["for i in 1 2; do", ...body, "done"];
}

async function lines(s: Session, text: string[]): Promise<void> {
  for (const l of text) {
    await s.line(l);
    await sleep(150);
  }
}

describe("the worker process", () => {
  it("shellguard hook names a Node.js, a bin and a worker that exist (also from the CLI bundle)", async () => {
    for (const shell of SHELLS) {
      const r = await run(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "hook", shell]);
      expect(r.code).toBe(0);
      const paths = [...r.stdout.matchAll(/'(\/[^']+)'/g)].map((m) => m[1]!).filter((p) => /node|shellguard\.cjs|worker\.js/.test(p));
      expect(paths.length).toBeGreaterThanOrEqual(4);
      for (const p of paths) expect(existsSync(p), `${shell}: ${p}`).toBe(true);
    }
  }, 60_000);

  it("answers on stdin, exits at end of input, and exits (removing its directory) when the shell is gone", async () => {
    const worker = join(ROOT, "dist", "shell", "worker.js");
    const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-worker-")));
    const dir = join(base, "shellguard.test");
    mkdirSync(dir);
    try {
      const env = { PATH: process.env.PATH, HOME: base, XDG_CONFIG_HOME: join(base, "xdg"), NO_COLOR: "1" };
      const once = await run(process.execPath, [worker], { env, input: "1\t-\tbash\t/\tls\n2\t-\tbash\t/\trm -rf /\n" });
      expect(once.code).toBe(0);
      expect(once.stdout.split("\n").filter(Boolean).map((l) => l.split("\t").slice(0, 2).join(" "))).toEqual(["1 allow", "2 ask"]);
      // A stand-in for the shell that exits soon; the worker's input stays open.
      const shell = spawn("sleep", ["1"]);
      const child = spawn(process.execPath, [worker], { env: { ...env, SHELLGUARD_HOOK_PID: String(shell.pid), SHELLGUARD_HOOK_DIR: dir }, stdio: ["pipe", "ignore", "ignore"] });
      const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
      const code = await Promise.race([exited, sleep(15_000).then(() => "timeout" as const)]);
      if (code === "timeout") child.kill("SIGKILL");
      expect(code).toBe(0);
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.concurrent("shell hooks in real shells (tmux)", () => {
  for (const shell of SHELLS) {
    it(`${shell}: allow, deny, ask, compound and multi-line lines, worker restart, off/on, onError`, async (ctx) => {
      if (!available.get(shell)) {
        ctx.skip();
        return;
      }
      const s = await start(shell, { chain: true });
      let denied = 0;
      let asked = 0;
      const expectDenied = async () => {
        denied++;
        await s.waitForText(DENIED, denied);
      };

      await step(s, "an allowed command runs, silently, through the Enter binding that was there before", async () => {
        await s.line("touch allowed1");
        await s.waitForFile("allowed1");
        await s.barrier();
        expect(await s.screen()).not.toMatch(/^shellguard/m);
        expect(s.chained()).toBeGreaterThanOrEqual(2);
      });

      await step(s, "a denied command does not run; the buffer is empty, the line in history for editing", async () => {
        const chained = s.chained();
        await s.line("touch canary1");
        await expectDenied();
        await sleep(300);
        expect(s.exists("canary1")).toBe(false);
        expect(s.chained()).toBe(chained);
        expect((await s.promptLine()).trimEnd()).toBe("");
        // The next command typed is not appended to it.
        await s.line("echo next1");
        await s.waitFor((sc) => sc.split("\n").some((l) => l.trim() === "next1"), 20_000, "the next command's output");
        await recall(s, 2);
        await s.waitFor((sc) => /touch canary1\s*$/.test(sc), 10_000, "the line recalled from history");
        expect(await s.promptLine()).toBe("touch canary1");
        // Edit it into something allowed and run that.
        await s.keys("C-a");
        await s.type("echo ");
        await s.keys("Enter");
        await s.waitFor((sc) => sc.split("\n").some((l) => l.trim() === "touch canary1"), 20_000, "the edited line's output");
        expect(s.exists("canary1")).toBe(false);
      });

      await step(s, "a line with a denied part runs no part of it", async () => {
        await s.line("touch first1; touch canary2");
        await expectDenied();
        await s.barrier();
        expect(s.exists("first1")).toBe(false);
        expect(s.exists("canary2")).toBe(false);
      });

      await step(s, "ask answered n does not run; the buffer is empty, the line in history", async () => {
        await s.line("touch asked1");
        await s.waitForText(ASK, ++asked);
        await s.line("n");
        await sleep(300);
        expect((await s.promptLine()).trimEnd()).toBe("");
        await recall(s);
        await s.waitFor((sc) => /touch asked1\s*$/.test(sc), 10_000, "the declined line recalled from history");
        await s.barrier();
        expect(s.exists("asked1")).toBe(false);
      });

      await step(s, "Ctrl-C at the question runs nothing and leaves one question, no redraw of it", async () => {
        await s.line("touch asked3");
        await s.waitForText(ASK, ++asked);
        await s.keys("C-c");
        await sleep(500);
        expect(s.exists("asked3")).toBe(false);
        expect(occurrences(await s.screen(), ASK)).toBe(asked);
        await s.barrier();
        expect(s.exists("asked3")).toBe(false);
        expect(occurrences(await s.screen(), ASK)).toBe(asked);
      });

      await step(s, "ask answered y runs", async () => {
        await s.line("touch asked2");
        await s.waitForText(ASK, ++asked);
        await s.line("y");
        await s.waitForFile("asked2");
      });

      await step(s, "a multi-line command is checked whole and runs", async () => {
        await lines(s, loop(shell, ["touch multi$i"]));
        await s.waitForFile("multi1");
        await s.waitForFile("multi2");
      });

      await step(s, "a multi-line command with a denied line runs no line, and leaves as a whole", async () => {
        await lines(s, loop(shell, ["touch pre$i", "touch canary$i"]));
        await expectDenied();
        await sleep(300);
        expect((await s.promptLine()).trimEnd()).toBe("");
        await recall(s);
        await s.waitFor((sc) => /touch canary\$i/.test(sc.split(PROMPT).at(-1) ?? ""), 10_000, "the whole multi-line command recalled");
        await s.barrier();
        expect(s.exists("pre1")).toBe(false);
        expect(s.exists("canary1")).toBe(false);
      });

      if (shell !== "fish") {
        await step(s, "a heredoc is checked with its body", async () => {
          await lines(s, ["cat <<EOF > here1", "hello", "EOF"]);
          await s.waitForFile("here1");
          await s.waitFor(() => s.read("here1") === "hello\n", 5000, "the heredoc body");
          await lines(s, ["touch canary3 <<EOF", "hello", "EOF"]);
          await expectDenied();
          await s.barrier();
          expect(s.exists("canary3")).toBe(false);
        });
      }

      await step(s, "a worker killed mid-session is restarted", async () => {
        const before = await workerPid(s);
        expect(alive(before)).toBe(true);
        process.kill(before, "SIGKILL");
        await sleep(200);
        await s.line("touch canary4");
        await expectDenied();
        await s.barrier();
        const after = await workerPid(s);
        expect(after).not.toBe(before);
        expect(alive(after)).toBe(true);
        expect(s.exists("canary4")).toBe(false);
      });

      await step(s, "shellguard off disables the hook, shellguard on enables it", async () => {
        await s.line("shellguard off");
        await s.line("touch canary5");
        await s.waitForFile("canary5");
        await s.line("shellguard on");
        await s.line("touch canary6");
        await expectDenied();
        await s.barrier();
        expect(s.exists("canary6")).toBe(false);
      });

      await step(s, "onError: allow runs a line that cannot be checked, with a warning", async () => {
        s.writeConfig("{ this is not json");
        await s.line("touch broken1");
        await s.waitForFile("broken1", 30_000);
        await s.waitForText("running it anyway");
      });

      await step(s, "onError: deny refuses it, and shellguard off still works", async () => {
        s.writeConfig({ ...CONFIG, shell: { onError: "deny" } });
        await s.line("touch seen1");
        await s.waitForFile("seen1");
        s.writeConfig("{ this is not json");
        await s.line("touch broken2");
        await s.waitForText("not running it", 1, 30_000);
        // (No barrier: every line is refused now, except the escape hatch.)
        await sleep(500);
        expect(s.exists("broken2")).toBe(false);
        await s.keys("C-c");
        await sleep(200);
        await s.line("shellguard off");
        await s.line("touch broken3");
        await s.waitForFile("broken3");
        await s.line("shellguard on");
        s.writeConfig(CONFIG);
      });

      const screen = await s.screen();
      expect(occurrences(screen, DENIED)).toBe(denied);
      await s.close();
    }, 180_000);

    it(`${shell}: SHELLGUARD=off in the environment disables the hook`, async (ctx) => {
      if (!available.get(shell)) {
        ctx.skip();
        return;
      }
      const s = await start(shell, { env: { SHELLGUARD: "off" } });
      await step(s, "a denied command runs", async () => {
        await s.line("touch canary7");
        await s.waitForFile("canary7");
      });
      await s.close();
    }, 120_000);
  }
});
