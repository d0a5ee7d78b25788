"use strict";
/**
 * Writes the V8 code caches of the CLI bundles (bin/shellguard.cjs loads them; the naming and why
 * are there), and re-exports that loader for the tests:
 *
 *   node bin/bundle-loader.cjs --write-cache   (build and install time) writes the caches: main's
 *                                              after a few checks, so the functions they run are in it
 */
const fs = require("node:fs");
const path = require("node:path");
const { buildId, bundle, bundleDir, cachePath, compile, freshBundle, loadBundle } = require("./shellguard.cjs");

/**
 * Commands run before main's cache is written, so the functions a check compiles are in it: common
 * ones only. A start deserializes all of the cache, and each function in it is pages touched; the
 * functions only an unusual line runs (sudo, sed -i, find -delete...) are compiled when one comes.
 * Warming up with those too made the cache a fifth larger and cost every `check git status` ~55
 * more page faults (~0.7 ms on a VM) to spare the rare line about as much.
 */
const WARM_UP = [
  ["check", "git status"],
  ["check", "--json", "ls -la | grep x > /dev/null && cat README.md"],
];

async function writeCache() {
  if (freshBundle() === null) return; // nothing bundled (a tsc-only build): nothing to cache
  // The warm-up must not read the user's own config or trust store: an empty HOME and cwd.
  const home = fs.mkdtempSync(path.join(require("node:os").tmpdir(), "shellguard-cache-"));
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = path.join(home, ".config");
  process.chdir(home);
  try {
    const { exports, script } = loadBundle(bundle, false);
    for (const argv of WARM_UP) await exports.main(argv);
    // Caches of other builds are dead weight; those of this build for other V8 versions are kept.
    for (const name of fs.readdirSync(bundleDir)) {
      if (name.endsWith(".cache") && !name.includes(`.${buildId}.`)) fs.rmSync(path.join(bundleDir, name), { force: true });
    }
    fs.writeFileSync(cachePath(bundle), script.createCachedData());
    // The other subcommands' bundles: compiled, not run (the cache still spares the parse).
    for (const name of fs.readdirSync(bundleDir)) {
      const file = path.join(bundleDir, name);
      if (name.endsWith(".cjs") && file !== bundle) fs.writeFileSync(cachePath(file), compile(file, false).createCachedData());
    }
  } finally {
    process.exitCode = 0;
    fs.rmSync(home, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv[2] === "--write-cache") {
  // The warm-up's decisions go to fd 1 directly (src/cli/out.ts): run it with stdout discarded.
  if (process.argv[3] !== "--stdout-discarded") {
    const run = require("node:child_process").spawnSync(process.execPath, [__filename, "--write-cache", "--stdout-discarded"], { stdio: ["ignore", "ignore", "inherit"] });
    // A missing cache only makes start-up slower: never fail an install over it.
    if (run.status !== 0) process.stderr.write("shellguard: no code cache written (start-up is slower, nothing else changes)\n");
  } else writeCache().catch((error) => {
    process.stderr.write(`shellguard: no code cache written (start-up is slower, nothing else changes): ${error.message}\n`);
  });
}

module.exports = { freshBundle, loadBundle, cachePath };
