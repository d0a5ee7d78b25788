/**
 * bash as the oracle: runs command lines in real bash inside a read-only bubblewrap sandbox and
 * returns every external command bash tried to run. Nothing runs: the recorder (recorder.c,
 * LD_PRELOAD) turns each execve into a record and ends that process; a name PATH does not hold is
 * exec'd through command_not_found_handle (prelude.sh) and recorded the same way. Around that:
 * `/` bound read-only, a size-capped tmpfs on /tmp (each case gets its own directory and HOME
 * there), no network (all namespaces unshared), a fresh pid namespace that dies with the parent,
 * a per-case time limit, and a cap on forks.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

/** One exec attempt: `X` an execve (path as bash passed it), `N` a name PATH does not hold. */
export interface Attempt {
  kind: "X" | "N" | "T";
  path: string;
  argv: string[];
}

export interface CaseRun {
  /** bash's exit status (137 when the time limit killed it). */
  status: number;
  attempts: Attempt[];
}

/** Why the sandbox cannot run here, or null when bwrap and a C compiler work. */
export function sandboxProblem(): string | null {
  const bw = spawnSync("bwrap", ["--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"], { encoding: "utf8" });
  if (bw.error || bw.status !== 0) return `bubblewrap does not run here (${bw.error?.message ?? bw.stderr.trim()}); install it (apt-get install bubblewrap)`;
  const cc = spawnSync("cc", ["--version"], { encoding: "utf8" });
  if (cc.error || cc.status !== 0) return "no C compiler (cc) to build the recorder";
  return null;
}

/** A directory holding the compiled recorder, the prelude and the driver, for runInBash. */
export function prepareOracle(): string {
  const dir = mkdtempSync(join(tmpdir(), "shellguard-oracle-"));
  const cc = spawnSync("cc", ["-shared", "-fPIC", "-O2", "-o", join(dir, "recorder.so"), join(HERE, "recorder.c"), "-ldl"], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`cannot build the recorder: ${cc.stderr}`);
  copyFileSync(join(HERE, "prelude.sh"), join(dir, "prelude.sh"));
  copyFileSync(join(HERE, "driver.sh"), join(dir, "driver.sh"));
  return dir;
}

function unescapeField(s: string): string {
  return s.replace(/\\([\\tn])/g, (_m, c: string) => (c === "t" ? "\t" : c === "n" ? "\n" : "\\"));
}

/**
 * Runs each line as a bash script (one fresh bash per line) and returns, per line, what bash tried
 * to exec. `status` is the exit status every recorded command pretends to have (0: `a && b` runs b;
 * 1: `a || b` runs b).
 */
export function runInBash(oracleDir: string, lines: readonly string[], options: { status?: number; seconds?: number } = {}): CaseRun[] {
  const status = options.status ?? 0;
  const seconds = options.seconds ?? 2;
  const cases = join(oracleDir, "cases");
  rmSync(cases, { recursive: true, force: true });
  mkdirSync(cases);
  lines.forEach((line, i) => writeFileSync(join(cases, String(i)), line + "\n"));
  const r = spawnSync(
    "bwrap",
    [
      "--ro-bind", "/", "/",
      "--size", String(256 << 20), "--tmpfs", "/tmp",
      "--dev", "/dev", "--proc", "/proc",
      "--unshare-all", "--die-with-parent", "--new-session",
      "--ro-bind", oracleDir, "/tmp/o",
      "--chdir", "/",
      "/bin/bash", "/tmp/o/driver.sh", "/tmp/o", String(status), String(seconds), String(lines.length),
    ],
    { encoding: "utf8", maxBuffer: 1 << 28, timeout: (lines.length * (seconds + 1) + 30) * 1000 },
  );
  if (r.error || r.status !== 0) throw new Error(`the oracle sandbox failed: ${r.error?.message ?? ""} ${r.stderr}`);
  const runs: CaseRun[] = lines.map(() => ({ status: -1, attempts: [] }));
  for (const rec of r.stdout.split("\n")) {
    if (rec.startsWith("=")) {
      const [i, st] = rec.slice(1).split(" ").map(Number);
      const run = runs[i as number];
      if (run) run.status = st as number;
      continue;
    }
    const fields = rec.split("\t");
    if (fields.length < 3) continue;
    const run = runs[Number(fields[0])];
    if (!run) continue;
    const [, kind, path, ...argv] = fields;
    run.attempts.push({ kind: kind as Attempt["kind"], path: unescapeField(path as string), argv: argv.map(unescapeField) });
  }
  for (const [i, run] of runs.entries()) if (run.status < 0) throw new Error(`the oracle sandbox did not finish case ${i}`);
  return runs;
}
