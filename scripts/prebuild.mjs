// Copies the compiled addon into prebuilds/<platform>-<arch>/ under the name node-gyp-build looks
// for (shellguard.napi[.glibc|.musl].node: Node-API, so one binary serves every Node.js version),
// stripped, and on glibc Linux checks it needs nothing newer than GLIBC_2.17 (CentOS 7 and every
// later distribution). Run by `prepack` for the packing machine's platform, and by the release
// workflow (.github/workflows/release.yml) on each platform of the matrix.
//   node scripts/prebuild.mjs [--libc glibc|musl] [--from build/Release/shellguard.node]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const MAX_GLIBC = [2, 17];

const from = path.resolve(root, arg("--from", "build/Release/shellguard.node"));
if (!existsSync(from)) {
  console.error(`prebuild: ${path.relative(root, from)} is missing: build the addon first (npm run build)`);
  process.exit(1);
}
const libc = process.platform === "linux" ? arg("--libc", "glibc") : null;
const dir = path.join(root, "prebuilds", `${process.platform}-${process.arch}`);
const out = path.join(dir, `shellguard.napi${libc ? `.${libc}` : ""}.node`);
mkdirSync(dir, { recursive: true });
copyFileSync(from, out);

if (process.platform === "linux" || process.platform === "darwin") {
  const strip = spawnSync("strip", process.platform === "darwin" ? ["-x", out] : ["--strip-unneeded", out], { stdio: "inherit" });
  if (strip.error) console.warn(`prebuild: strip not run (${strip.error.message}); the binary is larger, nothing else changes`);
}

if (libc === "glibc") {
  const dump = spawnSync("objdump", ["-T", out], { encoding: "utf8" });
  if (dump.status !== 0) {
    console.warn("prebuild: objdump unavailable, glibc symbol versions not checked");
  } else {
    const versions = [...dump.stdout.matchAll(/GLIBC_(\d+)\.(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const newest = versions.reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a), [0, 0]);
    if (newest[0] > MAX_GLIBC[0] || (newest[0] === MAX_GLIBC[0] && newest[1] > MAX_GLIBC[1])) {
      console.error(`prebuild: ${path.relative(root, out)} needs GLIBC_${newest.join(".")}, newer than GLIBC_${MAX_GLIBC.join(".")}: it would not load on older distributions`);
      process.exit(1);
    }
    console.error(`prebuild: ${path.relative(root, out)} (needs GLIBC_${newest.join(".")} at most)`);
  }
} else {
  console.error(`prebuild: ${path.relative(root, out)}`);
}
