// Start-up: wall time of `shellguard check "git status"` over `node -e 0` (docs/performance.md: <= 1.5x),
// from this checkout (cliRatio) and from a copy installed as users get it (installedCliRatio <= 1.3):
// `npm pack`, installed from the tarball into an empty project with install scripts off, run once
// so it writes its own code cache. Runs are interleaved so machine load falls on all alike, and
// timed from a fresh process (bench/spawn-timer.js); the ratios are of medians, with a temporary
// HOME and no config files.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median, repoRoot, round } from "./lib.js";

/** The package installed from its tarball into `dir` (install scripts off); its bin, or null with the reason logged. */
function installCopy(dir, log) {
  const pre = spawnSync(process.execPath, [path.join(repoRoot, "scripts/prebuild.mjs")], { cwd: repoRoot, encoding: "utf8" });
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: repoRoot, encoding: "utf8" });
  const tgz = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (pre.status !== 0 || pack.status !== 0 || tgz === undefined) {
    log(`cli: installed copy skipped (pack failed: ${(pre.stderr + pack.stderr).trim().split("\n").pop()})`);
    return null;
  }
  const project = path.join(dir, "project");
  mkdirSync(project);
  writeFileSync(path.join(project, "package.json"), '{ "name": "bench-consumer", "private": true }');
  const install = spawnSync("npm", ["install", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", path.join(dir, tgz)], { cwd: project, encoding: "utf8" });
  if (install.status !== 0) {
    log(`cli: installed copy skipped (npm install failed: ${install.stderr.trim().split("\n").pop()})`);
    return null;
  }
  return path.join(project, "node_modules/shellguard/bin/shellguard.cjs");
}

export async function benchCli({ log = () => {}, runs = 40 } = {}) {
  const bin = path.join(repoRoot, "bin/shellguard.cjs");
  const home = mkdtempSync(path.join(tmpdir(), "shellguard-bench-cli-"));
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, "xdg") };
  const installDir = mkdtempSync(path.join(tmpdir(), "shellguard-bench-install-"));
  try {
    const installed = installCopy(installDir, log);
    const commands = [["-e", "0"], [bin, "check", "git status"], ...(installed ? [[installed, "check", "git status"]] : [])];
    const timer = spawnSync(process.execPath, [path.join(repoRoot, "bench/spawn-timer.js"), JSON.stringify({ commands, runs, warmup: 3, cwd: home, env })], { encoding: "utf8", maxBuffer: 1 << 24 });
    if (timer.status !== 0) throw new Error(`bench/spawn-timer.js failed: ${timer.stderr.trim()}`);
    const [base, check, inst = []] = JSON.parse(timer.stdout).times;
    log(`cli: ${runs} runs`);
    const nodeMs = median(base);
    const checkMs = median(check);
    const out = { nodeMs: round(nodeMs, 1), checkMs: round(checkMs, 1), cliRatio: round(checkMs / nodeMs, 3), targets: { "cliRatio <= 1.5": checkMs / nodeMs <= 1.5 } };
    if (installed) {
      const installedMs = median(inst);
      Object.assign(out, { installedCheckMs: round(installedMs, 1), installedCliRatio: round(installedMs / nodeMs, 3) });
      out.targets["installedCliRatio <= 1.3"] = installedMs / nodeMs <= 1.3;
    }
    return out;
  } finally {
    rmSync(installDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

export function cliRows(f) {
  return [
    ["node -e 0 (median)", `${f.nodeMs} ms`],
    ['shellguard check "git status" (median)', `${f.checkMs} ms`],
    ["cliRatio (target <= 1.5)", `${f.cliRatio}`],
    ...(f.installedCliRatio === undefined ? [] : [
      ['installed copy: check "git status" (median)', `${f.installedCheckMs} ms`],
      ["installedCliRatio (target <= 1.3)", `${f.installedCliRatio}`],
    ]),
  ];
}
