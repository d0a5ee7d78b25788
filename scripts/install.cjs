"use strict";
// The package's install script. The native addon comes from a prebuilt binary when one loads
// (prebuilds/<platform>-<arch>/), else it is compiled (Python, make and a C compiler); when that
// fails too, the install still succeeds: shellguard then uses its WebAssembly parser (slower, same
// decisions), and this says so and how to get the native one. Then the V8 code caches are written.
const { spawnSync } = require("node:child_process");
const path = require("node:path");

const root = path.join(__dirname, "..");

function loads() {
  try {
    require("node-gyp-build")(root);
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  // node-gyp-build's own command compiles when no prebuild loads (it finds npm's node-gyp).
  const bin = require.resolve("node-gyp-build/bin.js");
  const build = spawnSync(process.execPath, [bin], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (build.status !== 0 || !loads()) {
    process.stderr.write(
      "shellguard: no prebuilt native addon for this platform, and compiling one failed.\n" +
        "shellguard will use its WebAssembly parser instead: the same decisions, a few times slower.\n" +
        "To get the native addon, install Python 3, make and a C compiler, then run `npm rebuild shellguard`.\n",
    );
  }
}

spawnSync(process.execPath, [path.join(root, "bin", "bundle-loader.cjs"), "--write-cache"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
