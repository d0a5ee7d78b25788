/**
 * Lint many files: in this thread for a few, on worker threads (one per core, at most
 * `jobs`) when there are many. Workers load the analysis (and the native addon) once and take
 * batches of files; results come back in the order of the targets.
 */

import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Target } from "./files.js";
import { lintPath, type FileResult, type LintSettings } from "./lint-file.js";

/** Above this many files, lint in parallel. */
export const PARALLEL_THRESHOLD = 32;
const BATCH = 8;

export interface PoolOptions {
  /** Worker threads at most; 1 lints in this thread. Default: the number of cores. */
  jobs?: number;
}

export type WorkerRequest = { batch: number; targets: Target[] };
export type WorkerResponse = { batch: number; results: (FileResult | null)[] } | { batch: number; error: string };

function workerUrl(): URL | null {
  const url = new URL("./worker.js", import.meta.url);
  // Under a TypeScript runner (tests of the sources) there is no compiled worker next to us.
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}

export function lintSerial(targets: readonly Target[], settings: LintSettings): (FileResult | null)[] {
  return targets.map((t) => lintPath(t.absolute, t.shown, t.explicit, settings));
}

export async function lintTargets(targets: readonly Target[], settings: LintSettings, options: PoolOptions = {}): Promise<(FileResult | null)[]> {
  const cores = availableParallelism();
  const jobs = Math.max(1, Math.min(options.jobs ?? cores, Math.ceil(targets.length / BATCH)));
  const url = workerUrl();
  if (targets.length <= PARALLEL_THRESHOLD || jobs <= 1 || url === null) return lintSerial(targets, settings);

  const results = new Array<FileResult | null>(targets.length).fill(null);
  const batches: number[] = [];
  for (let i = 0; i < targets.length; i += BATCH) batches.push(i);
  let next = 0;
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolvePool, rejectPool) => {
      let running = 0;
      let failed = false;
      const feed = (w: Worker): void => {
        if (failed) return;
        if (next >= batches.length) {
          running--;
          void w.terminate();
          if (running === 0) resolvePool();
          return;
        }
        const start = batches[next++]!;
        const req: WorkerRequest = { batch: start, targets: targets.slice(start, start + BATCH) };
        w.postMessage(req);
      };
      for (let k = 0; k < jobs; k++) {
        const w = new Worker(url, { workerData: { settings } });
        workers.push(w);
        running++;
        w.on("message", (res: WorkerResponse) => {
          if ("error" in res) {
            failed = true;
            rejectPool(new Error(res.error));
            return;
          }
          res.results.forEach((r, k2) => {
            results[res.batch + k2] = r;
          });
          feed(w);
        });
        w.on("error", (e) => {
          failed = true;
          rejectPool(e);
        });
        feed(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
