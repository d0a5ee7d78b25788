/**
 * The cached hook (`shellguard hook <shell> --cached`): the rc line of docs/shell.md, in real
 * bash, zsh and fish (`-i -c`), loads the cached copy without starting Node.js while it is fresh,
 * and regenerates it when it is stale (shellguard changed since) or missing.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RC_LINES } from "../../src/shell/cache.js";
import { runHookCommand } from "../../src/shell/index.js";
import { BIN, type ShellName } from "./tmux.js";

const has = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const SHELLS: ShellName[] = ["bash", "zsh", "fish"];
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A temporary HOME whose PATH has `shellguard` (this checkout's CLI) and the rc file of `shell`. */
function home(shell: ShellName): { env: NodeJS.ProcessEnv; cacheFile: string; argv: string[] } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), `shellguard-cache-${shell}-`)));
  temps.push(base);
  const bin = join(base, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "shellguard"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, { mode: 0o755 });
  const env = { PATH: `${bin}:${process.env.PATH}`, HOME: base, XDG_CONFIG_HOME: join(base, ".config"), XDG_CACHE_HOME: join(base, ".cache"), LANG: "C.UTF-8" };
  const line = "echo hooked=$__shellguard_hooked";
  mkdirSync(join(base, ".config", "fish"), { recursive: true });
  const argv =
    shell === "bash"
      ? (writeFileSync(join(base, ".bashrc"), RC_LINES.bash + "\n"), ["bash", "--noprofile", "--rcfile", join(base, ".bashrc"), "-i", "-c", line])
      : shell === "zsh"
        ? (writeFileSync(join(base, ".zshrc"), RC_LINES.zsh + "\n"), ["zsh", "-i", "-c", line])
        : (writeFileSync(join(base, ".config", "fish", "config.fish"), RC_LINES.fish + "\n"), ["fish", "-i", "-c", line]);
  return { env: { ...env, ZDOTDIR: base }, cacheFile: join(base, ".cache", "shellguard", `hook.${shell}`), argv };
}

function start(argv: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(argv[0]!, argv.slice(1), { env, encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] });
  return r.stdout;
}

describe("the cached hook", () => {
  it("--cached writes the hook behind a freshness test and prints the same hook", async () => {
    const h = home("bash");
    let out = "";
    const io = { stdout: { write: (x: string) => (out += x) }, stderr: { write: () => true }, env: h.env, cwd: h.env.HOME! };
    expect(await runHookCommand(["bash", "--cached"], io)).toBe(0);
    const cached = readFileSync(h.cacheFile, "utf8");
    expect(cached).toContain(out);
    expect(cached).toMatch(/-nt '[^']+hook\.bash'/);
    expect(statSync(h.cacheFile).mode & 0o777).toBe(0o600);
    expect(await runHookCommand(["bash", "--cached", "zsh"], io)).toBe(3);
  });

  for (const shell of SHELLS) {
    it.skipIf(!has(shell))(`${shell}: the rc line makes the cache once, then loads it without Node.js; a stale cache is regenerated`, () => {
      const h = home(shell);
      // No cache yet: the rc line runs shellguard, which writes it.
      expect(start(h.argv, h.env)).toContain("hooked=1");
      expect(existsSync(h.cacheFile)).toBe(true);
      const made = statSync(h.cacheFile).mtimeMs;
      // Fresh: loaded as is. `shellguard` gone from PATH proves no Node.js runs.
      const noBin = { ...h.env, PATH: process.env.PATH };
      expect(start(h.argv, noBin)).toContain("hooked=1");
      expect(statSync(h.cacheFile).mtimeMs).toBe(made);
      // Older than the installation (shellguard was upgraded or rebuilt since): regenerated.
      utimesSync(h.cacheFile, new Date(2000, 0, 1), new Date(2000, 0, 1));
      expect(start(h.argv, h.env)).toContain("hooked=1");
      expect(statSync(h.cacheFile).mtimeMs).toBeGreaterThan(new Date(2001, 0, 1).getTime());
    }, 120_000);
  }
});
