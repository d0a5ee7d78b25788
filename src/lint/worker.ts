/** A lint worker thread: lints the batches of files the pool sends (see pool.ts). */

import { parentPort, workerData } from "node:worker_threads";
import type { LintSettings } from "./lint-file.js";
import type { WorkerRequest, WorkerResponse } from "./pool.js";
import { lintSerial } from "./pool.js";

const { settings } = workerData as { settings: LintSettings };

parentPort?.on("message", (req: WorkerRequest) => {
  let res: WorkerResponse;
  try {
    res = { batch: req.batch, results: lintSerial(req.targets, settings) };
  } catch (error) {
    res = { batch: req.batch, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(res);
});
