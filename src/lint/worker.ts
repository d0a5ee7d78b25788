/** A lint worker thread: lints the batches of files the pool sends (see pool.ts). */

import { parentPort, workerData } from "node:worker_threads";
import { ready } from "../facts/index.js";
import type { LintSettings } from "./lint-file.js";
import type { WorkerRequest, WorkerResponse } from "./pool.js";
import { lintSerial } from "./pool.js";

const { settings } = workerData as { settings: LintSettings };

// Without the native addon, the WebAssembly parser loads first (per thread); a failure to load it
// is each batch's error.
const parser = ready();

parentPort?.on("message", (req: WorkerRequest) => {
  parser.then(() => answer(req), (error: unknown) => answer(req, error));
});

function answer(req: WorkerRequest, loadError?: unknown): void {
  let res: WorkerResponse;
  try {
    if (loadError !== undefined) throw loadError;
    res = { batch: req.batch, results: lintSerial(req.targets, settings) };
  } catch (error) {
    res = { batch: req.batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(res);
}
