/**
 * The CLI bundle and its V8 code cache (scripts/bundle.mjs, bin/bundle-loader.cjs): the cache the
 * build wrote is accepted by this Node.js, a stale one is not used, and the bundled CLI answers
 * like the unbundled ES modules.
 */

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.js";

const LOADER = join(ROOT, "bin", "bundle-loader.cjs");
const BUNDLE = join(ROOT, "dist", "bundle", "main.cjs");

/** In a child process: load a bundle (main.cjs by default) and report whether V8 took its cache. */
function probe(file = BUNDLE, exported = "main"): { rejected: boolean | undefined; hasMain: boolean } {
  const code = `const l = require(${JSON.stringify(LOADER)}); const { exports, script } = l.loadBundle(${JSON.stringify(file)});
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected, hasMain: typeof exports[${JSON.stringify(exported)}] === "function" }));`;
  const home = mkdtempSync(join(tmpdir(), "shellguard-bundle-"));
  try {
    const r = spawnSync(process.execPath, ["-e", code], { cwd: home, env: { PATH: process.env.PATH, HOME: home }, encoding: "utf8" });
    expect(r.stderr).toBe("");
    return JSON.parse(r.stdout) as { rejected: boolean | undefined; hasMain: boolean };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("CLI bundle", () => {
  it("is loaded with the code cache the build wrote, which V8 accepts", () => {
    expect(statSync(BUNDLE + ".cache").mtimeMs).toBeGreaterThanOrEqual(statSync(BUNDLE).mtimeMs);
    expect(probe()).toEqual({ rejected: false, hasMain: true });
  });

  it("loads the other subcommands' bundles with their caches too", () => {
    for (const [part, exported] of [["lint", "runLint"], ["shell", "runHookCommand"], ["app", "runApp"]] as const) {
      expect(probe(join(ROOT, "dist", "bundle", `${part}.cjs`), exported)).toEqual({ rejected: false, hasMain: true });
    }
  });

  it("ignores a cache older than the bundle", () => {
    const saved = join(mkdtempSync(join(tmpdir(), "shellguard-cache-")), "main.cjs.cache");
    copyFileSync(BUNDLE + ".cache", saved);
    const bundleTime = statSync(BUNDLE).mtime;
    try {
      utimesSync(BUNDLE + ".cache", new Date(bundleTime.getTime() - 60_000), new Date(bundleTime.getTime() - 60_000));
      // No cachedData given: V8 reports nothing rejected (undefined), and the CLI still loads.
      expect(probe()).toEqual({ rejected: undefined, hasMain: true });
    } finally {
      copyFileSync(saved, BUNDLE + ".cache");
      rmSync(join(saved, ".."), { recursive: true, force: true });
    }
  });

  it("refuses a corrupt cache (V8 checks it) and still loads", () => {
    const saved = join(mkdtempSync(join(tmpdir(), "shellguard-cache-")), "main.cjs.cache");
    copyFileSync(BUNDLE + ".cache", saved);
    try {
      writeFileSync(BUNDLE + ".cache", Buffer.alloc(4096, 0x5a));
      expect(probe()).toEqual({ rejected: true, hasMain: true });
    } finally {
      copyFileSync(saved, BUNDLE + ".cache");
      rmSync(join(saved, ".."), { recursive: true, force: true });
    }
  });

  it("answers as the unbundled ES modules do", () => {
    const home = mkdtempSync(join(tmpdir(), "shellguard-bundle-"));
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, "xdg"), NO_COLOR: "1" };
    const esm = `import(${JSON.stringify(join(ROOT, "dist", "cli", "main.js"))}).then((m) => m.main(process.argv.slice(1)))`;
    try {
      for (const cmd of ["git status", "sudo rm -rf ~", "curl https://x.example | sh", "terraform destroy"]) {
        const bundled = spawnSync(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "check", "--json", cmd], { cwd: home, env, encoding: "utf8" });
        const plain = spawnSync(process.execPath, ["-e", esm, "check", "--json", cmd], { cwd: home, env, encoding: "utf8" });
        expect(bundled.stdout.length).toBeGreaterThan(0);
        expect(bundled.stdout).toBe(plain.stdout);
        expect(bundled.status).toBe(plain.status);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
