/**
 * Lint many files: in this thread for a few; for many (more than PARALLEL_THRESHOLD), on worker
 * threads too, one per core beside this thread (at most `jobs` threads in all). A worker costs
 * a few hundred ms to start (it loads the parser and the analysis), as much as linting a few
 * hundred KB, so without --jobs the thread count also follows the input's size: one thread per
 * BYTES_PER_THREAD, so a handful of files never starts a pool. This thread
 * starts linting at once while the workers load; each worker keeps two batches in flight so it
 * never waits for this (busy) thread to hand it the next. Results come back in target order.
 */

import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Target } from "./files.js";
import { lintPath, type FileResult, type LintSettings } from "./lint-file.js";

/** Above this many files, lint in parallel. */
export const PARALLEL_THRESHOLD = 32;
/** Without --jobs: a thread per this many bytes of input (measured: 40 files/192 KB lint in 0.9 s on one thread, 1.2-1.5 s on two). */
export const BYTES_PER_THREAD = 384 * 1024;
const BATCH = 8;
const IN_FLIGHT = 2;

export interface PoolOptions {
  /** Threads at most (this one included); 1 lints in this thread only. Default: the number of cores. */
  jobs?: number;
  /** Told when the workers failed and the rest was linted in this thread. */
  onWorkerError?: (error: unknown) => void;
}

export type WorkerRequest = { batch: number; targets: Target[] };
export type WorkerResponse = { batch: number; results: (FileResult | null)[] } | { batch: number; error: string };

function workerUrl(): URL | null {
  // `../lint/` so that it resolves from dist/lint/ and from the CLI bundle's dist/bundle/ alike.
  const url = new URL("../lint/worker.js", import.meta.url);
  // Under a TypeScript runner (tests of the sources) there is no compiled worker.
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}

export function lintSerial(targets: readonly Target[], settings: LintSettings): (FileResult | null)[] {
  return targets.map((t) => lintPath(t.absolute, t.shown, t.explicit, settings));
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The threads worth starting for these files: by --jobs when given, else by cores and input size. */
export function threadsFor(targets: readonly Target[], jobs: number | undefined): number {
  if (targets.length <= PARALLEL_THRESHOLD) return 1;
  const byCount = Math.ceil(targets.length / BATCH);
  if (jobs !== undefined) return Math.max(1, Math.min(jobs, byCount));
  let bytes = 0;
  for (const t of targets) {
    try {
      bytes += statSync(t.absolute).size;
    } catch {
      // gone or unreadable: lintPath reports it
    }
  }
  return Math.max(1, Math.min(availableParallelism(), byCount, Math.floor(bytes / BYTES_PER_THREAD)));
}

export async function lintTargets(targets: readonly Target[], settings: LintSettings, options: PoolOptions = {}): Promise<(FileResult | null)[]> {
  const threads = threadsFor(targets, options.jobs);
  if (threads <= 1) return lintSerial(targets, settings);
  const url = workerUrl();
  if (url === null) {
    // Asked for by --jobs: say that it could not be had.
    if (options.jobs !== undefined) options.onWorkerError?.(new Error("the compiled worker (dist/lint/worker.js) is missing"));
    return lintSerial(targets, settings);
  }

  const results = new Array<FileResult | null>(targets.length).fill(null);
  const done = new Array<boolean>(targets.length).fill(false);
  let next = 0;
  const take = (): number => {
    if (next >= targets.length) return -1;
    const start = next;
    next += BATCH;
    return start;
  };
  const store = (start: number, rs: readonly (FileResult | null)[]): void => {
    rs.forEach((r, k) => {
      results[start + k] = r;
      done[start + k] = true;
    });
  };

  const workers: Worker[] = [];
  let failure: unknown = null;
  const finished = Promise.all(
    Array.from({ length: threads - 1 }, () => {
      return new Promise<void>((resolve) => {
        // None of the parent's node flags: `-e`/`--input-type` or per-process ones such as
        // `--max-semi-space-size` make `new Worker` throw.
        let w: Worker;
        try {
          w = new Worker(url, { workerData: { settings }, execArgv: [] });
        } catch (error) {
          failure ??= error;
          resolve();
          return;
        }
        workers.push(w);
        let inFlight = 0;
        const feed = (): void => {
          while (inFlight < IN_FLIGHT && failure === null) {
            const start = take();
            if (start === -1) break;
            inFlight++;
            const req: WorkerRequest = { batch: start, targets: targets.slice(start, start + BATCH) };
            w.postMessage(req);
          }
          if (inFlight === 0) resolve();
        };
        w.on("message", (res: WorkerResponse) => {
          inFlight--;
          if ("error" in res) failure ??= new Error(res.error);
          else store(res.batch, res.results);
          feed();
        });
        w.on("error", (e) => {
          failure ??= e;
          resolve();
        });
        w.on("exit", () => resolve());
        feed();
      });
    }),
  );

  // This thread lints too, a batch at a time, letting the workers' messages in between.
  for (let start = take(); start !== -1; start = take()) {
    store(start, lintSerial(targets.slice(start, start + BATCH), settings));
    await tick();
  }
  await finished;
  await Promise.all(workers.map((w) => w.terminate()));
  if (failure !== null) {
    options.onWorkerError?.(failure);
    targets.forEach((t, i) => {
      if (!done[i]) results[i] = lintPath(t.absolute, t.shown, t.explicit, settings);
    });
  }
  return results;
}
