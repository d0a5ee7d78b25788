// `shellguard lint` vs ShellCheck on the scripts of Debian's bash-completion package
// (/usr/share/bash-completion/completions; `apt-get install bash-completion shellcheck`).
// Both get the same files (the regular files of that directory, symlinks skipped) and all the
// cores: lint with its worker threads, shellcheck as one process per core over a share of the
// files. Wall time of whole runs, process start-up included; the median of `passes` runs.
//
//   import { benchLint } from "./bench/lint.js";
//   const { lintFilesPerSec, shellcheckFilesPerSec, ratio } = await benchLint();
//
// or `node bench/lint.js [--passes N]` (prints the figures as JSON). Needs `npm run build:ts`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { median, repoRoot } from "./lib.js";

export const COMPLETIONS = "/usr/share/bash-completion/completions";
export const TARGET_RATIO = 10;

/** Run a command to its end; resolves to its stdout and exit code (output is drained, not kept, unless asked). */
function run(cmd, args, { keep = false, cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      if (keep) out += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      if (err.length < 4000) err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

async function timed(fn) {
  const t0 = performance.now();
  const r = await fn();
  return { seconds: (performance.now() - t0) / 1000, r };
}

function chunks(list, n) {
  const out = Array.from({ length: n }, () => []);
  list.forEach((x, i) => out[i % n].push(x));
  return out.filter((c) => c.length > 0);
}

/**
 * @param {{ passes?: number, dir?: string, log?: (msg: string) => void }} [ctx]
 * @returns {Promise<{ files: number, lintedFiles: number, cores: number, passes: number, lintSeconds: number,
 *   shellcheckSeconds: number, lintFilesPerSec: number, shellcheckFilesPerSec: number, ratio: number,
 *   shellcheckVersion: string, findings: number, targets: Record<string, boolean> }>}
 */
export async function benchLint(ctx = {}) {
  const passes = ctx.passes ?? 3;
  const dir = ctx.dir ?? COMPLETIONS;
  const log = ctx.log ?? (() => {});
  if (!fs.existsSync(dir)) throw new Error(`${dir} not found: apt-get install bash-completion`);
  const sc = spawnSync("shellcheck", ["--version"], { encoding: "utf8" });
  if (sc.status !== 0) throw new Error("shellcheck not found: apt-get install shellcheck");
  const shellcheckVersion = /version: (\S+)/.exec(sc.stdout)?.[1] ?? "?";
  const bin = path.join(repoRoot, "bin", "shellguard.cjs");
  if (!fs.existsSync(path.join(repoRoot, "dist", "lint", "index.js"))) throw new Error("dist/lint/index.js is missing: run `npm run build:ts` first");

  const files = fs
    .readdirSync(dir)
    .filter((f) => fs.lstatSync(path.join(dir, f)).isFile())
    .sort();
  const cores = os.availableParallelism();
  // The CLI as a user runs it: a fresh `shellguard lint` process, the files named on the command line.
  const lint = (keep = false) => run(process.execPath, [bin, "lint", "--format", "json", ...files], { keep, cwd: dir });
  const shellcheck = () => Promise.all(chunks(files, cores).map((part) => run("shellcheck", ["--shell=bash", "--format=json1", ...part], { cwd: dir })));

  // Warm up the page cache (and check that lint works) once.
  const first = await lint(true);
  if (first.code !== 0 && first.code !== 1) throw new Error(`lint failed (exit ${first.code}): ${first.err}`);
  const report = JSON.parse(first.out);

  const lintTimes = [];
  const scTimes = [];
  for (let p = 0; p < passes; p++) {
    lintTimes.push((await timed(() => lint())).seconds);
    log(`lint pass ${p + 1}: ${lintTimes[p].toFixed(2)} s`);
    scTimes.push((await timed(shellcheck)).seconds);
    log(`shellcheck pass ${p + 1}: ${scTimes[p].toFixed(2)} s`);
  }
  const lintSeconds = median(lintTimes);
  const shellcheckSeconds = median(scTimes);
  const lintFilesPerSec = report.fileCount / lintSeconds;
  const shellcheckFilesPerSec = files.length / shellcheckSeconds;
  const ratio = lintFilesPerSec / shellcheckFilesPerSec;
  return {
    files: files.length,
    lintedFiles: report.fileCount,
    cores,
    passes,
    lintSeconds: round(lintSeconds, 3),
    shellcheckSeconds: round(shellcheckSeconds, 3),
    lintFilesPerSec: round(lintFilesPerSec, 1),
    shellcheckFilesPerSec: round(shellcheckFilesPerSec, 1),
    ratio: round(ratio, 2),
    shellcheckVersion,
    findings: report.errorCount + report.warningCount + report.infoCount,
    targets: { [`lint >= ${TARGET_RATIO}x shellcheck (files/s)`]: ratio >= TARGET_RATIO },
  };
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Table rows for bench/run.js. */
export function lintRows(f) {
  return [
    ["files", `${f.files} (${f.lintedFiles} linted; the rest are not recognisably shell by name or content)`],
    ["shellguard lint", `${f.lintFilesPerSec} files/s (${f.lintSeconds} s)`],
    [`shellcheck ${f.shellcheckVersion}`, `${f.shellcheckFilesPerSec} files/s (${f.shellcheckSeconds} s, ${f.cores} processes)`],
    ["ratio", `${f.ratio}x`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const i = process.argv.indexOf("--passes");
  const passes = i === -1 ? 3 : Number(process.argv[i + 1]);
  benchLint({ passes, log: (m) => process.stderr.write(`${m}\n`) }).then(
    (f) => process.stdout.write(JSON.stringify(f, null, 2) + "\n"),
    (e) => {
      process.stderr.write(`bench lint: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
