/**
 * Real interactive shells under tmux for the hook tests: a private tmux server per session
 * (`tmux -L <socket>`), a temporary HOME with the rc file and a shellguard user config, keys typed
 * with `send-keys`, the screen read with `capture-pane`. Everything is polled with generous
 * timeouts (the tests must hold on a loaded two-core machine).
 */

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = join(ROOT, "bin", "shellguard.cjs");

export type ShellName = "bash" | "zsh" | "fish";

export function run(cmd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = execFile(cmd, args, { env: opts.env ?? process.env, timeout: opts.timeout ?? 60_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === "number" ? ((error as { code: number }).code) : 1) : 0;
      resolvePromise({ code, stdout: String(stdout), stderr: String(stderr) });
    });
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}


/**
 * The command that prints the hook: `shellguard hook <shell>` once the CLI has it, else
 * test/shell/print-hook.mjs (the same hookScript, called directly).
 */
export async function hookCommand(shell: ShellName): Promise<string> {
  const viaCli = await run(process.execPath, [BIN, "hook", shell], { timeout: 30_000 });
  if (viaCli.code === 0 && viaCli.stdout.includes("__shellguard_hooked")) return `${process.execPath} ${BIN} hook ${shell}`;
  return `${process.execPath} ${join(ROOT, "test", "shell", "print-hook.mjs")} ${shell}`;
}

export async function haveCommand(name: string): Promise<boolean> {
  return (await run("sh", ["-c", `command -v ${name}`])).code === 0;
}

export const PROMPT = "SG> ";

let counter = 0;

export interface SessionOptions {
  /** The shellguard user config ($XDG_CONFIG_HOME/shellguard/config.json). */
  config?: unknown;
  /** Extra environment for the shell. */
  env?: Record<string, string>;
  /**
   * Before the hook, rebind Enter / wrap accept-line the way other tools do, with a wrapper
   * that appends a line to ~/chain.log and then accepts: the hook must chain to it.
   */
  chain?: boolean;
  /** Run this worker (argv) instead of the real one (through test/shell/print-hook.mjs). */
  worker?: string[];
}

export class Session {
  readonly socket: string;
  readonly base: string;
  readonly home: string;
  readonly work: string;
  readonly xdg: string;
  private closed = false;

  private constructor(readonly shell: ShellName) {
    this.socket = `shellguard-test-${process.pid}-${++counter}-${shell}`;
    this.base = realpathSync(mkdtempSync(join(tmpdir(), `shellguard-shell-${shell}-`)));
    this.home = join(this.base, "home");
    this.xdg = join(this.home, ".config");
    // Inside HOME, so project config discovery stops at HOME.
    this.work = join(this.home, "work");
    mkdirSync(join(this.xdg, "shellguard"), { recursive: true });
    mkdirSync(this.work, { recursive: true });
  }

  static async start(shell: ShellName, opts: SessionOptions = {}): Promise<Session> {
    const s = new Session(shell);
    s.writeConfig(opts.config ?? {});
    const hook = opts.worker
      ? [process.execPath, join(ROOT, "test", "shell", "print-hook.mjs"), shell, ...opts.worker].join(" ")
      : await hookCommand(shell);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: s.home,
      XDG_CONFIG_HOME: s.xdg,
      TERM: "xterm-256color",
      LANG: "C.UTF-8",
      NO_COLOR: "1",
      ...opts.env,
    };
    let argv: string[];
    if (shell === "bash") {
      const rc = join(s.home, ".bashrc");
      const chain = opts.chain
        ? [
            `bind -x '"\\C-x8": echo chained >> "$HOME/chain.log"'`,
            `bind '"\\C-x9": accept-line'`,
            `bind '"\\C-m": "\\C-x8\\C-x9"'`,
          ]
        : [];
      writeFileSync(rc, [`PS1='${PROMPT}'`, `HISTFILE="$HOME/.bash_history"`, ...chain, `eval "$(${hook})"`, ""].join("\n"));
      argv = ["bash", "--noprofile", "--rcfile", rc, "-i"];
    } else if (shell === "zsh") {
      const zdot = join(s.home, "zdot");
      mkdirSync(zdot, { recursive: true });
      const chain = opts.chain ? ['my-accept() { print chained >> "$HOME/chain.log"; zle .accept-line }', "zle -N accept-line my-accept"] : [];
      writeFileSync(join(zdot, ".zshrc"), [`PROMPT='${PROMPT}'`, "bindkey -e", ...chain, `eval "$(${hook})"`, ""].join("\n"));
      env.ZDOTDIR = zdot;
      argv = ["zsh", "-i"];
    } else {
      const dir = join(s.xdg, "fish");
      mkdirSync(dir, { recursive: true });
      // Present, so fish does not start generating completions from man pages in the background
      // (a process that outlives the session and writes into HOME while it is removed).
      mkdirSync(join(s.home, ".local", "share", "fish", "generated_completions"), { recursive: true });
      writeFileSync(
        join(dir, "config.fish"),
        [
          `function fish_prompt; printf '%s' '${PROMPT}'; end`,
          "function fish_greeting; end",
          ...(opts.chain ? ['function my_enter; echo chained >> "$HOME/chain.log"; commandline -f execute; end', "bind \\r my_enter"] : []),
          `${hook} | source`,
          "",
        ].join("\n"),
      );
      argv = ["fish", "-i"];
    }
    const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    const r = await s.tmux(["-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", "-c", s.work, "env", "-i", ...envArgs, ...argv]);
    if (r.code !== 0) throw new Error(`tmux new-session failed: ${r.stderr}`);
    await s.waitFor((screen) => screen.trimEnd().endsWith(PROMPT.trimEnd()), 30_000, "the first prompt");
    // The hook is loaded (this line also starts the worker).
    await s.line(`echo hooked=$__shellguard_hooked`);
    await s.waitFor((screen) => /^hooked=1$/m.test(screen), 30_000, "the hook to be loaded");
    return s;
  }

  writeConfig(config: unknown): void {
    writeFileSync(join(this.xdg, "shellguard", "config.json"), typeof config === "string" ? config : JSON.stringify(config));
  }

  path(name: string): string {
    return join(this.work, name);
  }

  exists(name: string): boolean {
    return existsSync(this.path(name));
  }

  read(name: string): string {
    return readFileSync(this.path(name), "utf8");
  }

  /** Lines the chained Enter wrapper (SessionOptions.chain) has logged. */
  chained(): number {
    const file = join(this.home, "chain.log");
    return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
  }

  tmux(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return run("tmux", ["-L", this.socket, ...args], { timeout: 30_000 });
  }

  /** Type text literally (no Enter). */
  async type(text: string): Promise<void> {
    await this.tmux(["send-keys", "-t", "0", "-l", "--", text]);
  }

  /** Press keys by tmux name: Enter, C-c, Up, ... */
  async keys(...names: string[]): Promise<void> {
    await this.tmux(["send-keys", "-t", "0", ...names]);
  }

  /** Type a line and press Enter. */
  async line(text: string): Promise<void> {
    await this.type(text);
    await this.keys("Enter");
  }

  /** The visible screen plus scrollback, wrapped lines joined. */
  async screen(): Promise<string> {
    const r = await this.tmux(["capture-pane", "-p", "-J", "-S", "-1000", "-t", "0"]);
    return r.stdout;
  }

  async waitFor(pred: (screen: string) => boolean, timeoutMs = 20_000, what = "the screen"): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    for (;;) {
      screen = await this.screen();
      if (pred(screen)) return screen;
      if (Date.now() > deadline) break;
      await sleep(50);
    }
    throw new Error(`${this.shell}: timed out waiting for ${what}; screen:\n${screen.replace(/\n+$/, "")}`);
  }

  /** Wait until `text` occurs at least `count` times on the screen. */
  waitForText(text: string, count = 1, timeoutMs = 20_000): Promise<string> {
    return this.waitFor((s) => occurrences(s, text) >= count, timeoutMs, `${JSON.stringify(text)} ×${count}`);
  }

  async waitForFile(name: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.exists(name)) {
      if (Date.now() > deadline) throw new Error(`${this.shell}: timed out waiting for ${name}; screen:\n${await this.screen()}`);
      await sleep(50);
    }
  }

  /**
   * A barrier: clear the line, run `echo <marker>` and wait for its output, so everything typed
   * before has been handled (and anything it ran has finished).
   */
  async barrier(): Promise<void> {
    const marker = `barrier-${++counter}`;
    // A declined or denied line is put back in the buffer once the hook has answered, which can
    // come after a first C-c: clear until the line being edited is empty.
    for (let k = 0; k < 40; k++) {
      await this.keys("C-c");
      await sleep(100);
      if ((await this.promptLine()).trim() === "") break;
    }
    await this.line(`echo ${marker}`);
    await this.waitFor((s) => s.split("\n").some((l) => l.trim() === marker), 20_000, `barrier ${marker}`);
  }

  /** The text of the last line that starts with the prompt (the line being edited). */
  async promptLine(): Promise<string> {
    const lines = (await this.screen()).split("\n");
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.startsWith(PROMPT.trimEnd())) return lines[i]!.slice(PROMPT.length);
    return "";
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.tmux(["kill-server"]);
    // The workers exit when their shell is gone (input closed, or the session pid check).
    await sleep(100);
    rmSync(this.base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Whether a process is alive (signal 0). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
