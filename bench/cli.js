// Start-up: wall time of `shellguard check "git status"` over `node -e 0` (docs/performance.md: <= 1.5x).
// Runs are interleaved pairwise so machine load falls on both alike; the ratio is of medians,
// with a temporary HOME and no config files.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median, repoRoot, round } from "./lib.js";

export async function benchCli({ log = () => {}, runs = 40 } = {}) {
  const bin = path.join(repoRoot, "bin/shellguard.cjs");
  const home = mkdtempSync(path.join(tmpdir(), "shellguard-bench-cli-"));
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, "xdg") };
  const time = (args) => {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd: home, env, stdio: "ignore" });
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  try {
    for (let i = 0; i < 3; i++) {
      time(["-e", "0"]);
      time([bin, "check", "git status"]);
    }
    const base = [];
    const check = [];
    for (let i = 0; i < runs; i++) {
      base.push(time(["-e", "0"]));
      check.push(time([bin, "check", "git status"]));
    }
    log(`cli: ${runs} runs`);
    const nodeMs = median(base);
    const checkMs = median(check);
    return { nodeMs: round(nodeMs, 1), checkMs: round(checkMs, 1), cliRatio: round(checkMs / nodeMs, 3), targets: { "cliRatio <= 1.5": checkMs / nodeMs <= 1.5 } };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export function cliRows(f) {
  return [
    ["node -e 0 (median)", `${f.nodeMs} ms`],
    ['shellguard check "git status" (median)', `${f.checkMs} ms`],
    ["cliRatio (target <= 1.5)", `${f.cliRatio}`],
  ];
}
