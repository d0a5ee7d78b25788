/**
 * Builds dist once for the whole test run (`npm run build:ts`: tsc, then the CLI bundle that
 * bin/shellguard.cjs prefers), so every test that spawns the CLI, a hook or a worker runs what
 * ships, and no two test files rebuild dist while others read it.
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export default function setup(): void {
  const r = spawnSync("npm", ["run", "build:ts"], { cwd: ROOT, encoding: "utf8" });
  for (const f of ["cli/main.js", "bundle/main.cjs", "shell/worker.js", "lint/worker.js", "agents/index.js"]) {
    if (!existsSync(join(ROOT, "dist", f))) throw new Error(`npm run build:ts did not produce dist/${f}:\n${r.stdout}\n${r.stderr}`);
  }
}
