#!/usr/bin/env node
// Start-up ratio of DESIGN.md's performance contract: wall time of
// `shellguard check "git status"` over `node -e 0`, medians of interleaved runs.
//   node test/cli/startup.mjs [runs]      (build first: npm run build:ts)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const runs = Number(process.argv[2] ?? 40);
const bin = fileURLToPath(new URL("../../bin/shellguard.js", import.meta.url));
const home = mkdtempSync(join(tmpdir(), "shellguard-startup-"));
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, "xdg") };

function time(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: home, env, stdio: ["ignore", "ignore", "inherit"] });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return ms;
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const base = [];
const check = [];
for (let i = 0; i < 3; i++) {
  time(["-e", "0"]);
  time([bin, "check", "git status"]);
}
for (let i = 0; i < runs; i++) {
  base.push(time(["-e", "0"]));
  check.push(time([bin, "check", "git status"]));
}
rmSync(home, { recursive: true, force: true });
const b = median(base);
const c = median(check);
console.log(`node -e 0: ${b.toFixed(1)} ms   shellguard check "git status": ${c.toFixed(1)} ms   ratio ${(c / b).toFixed(2)} (contract ≤ 1.5)`);
