#!/usr/bin/env node
// The real hook worker (dist/shell/worker.js's answerer), except that a command line containing
// `sg-hang` makes it busy forever in synchronous code, as an analysis that never finishes would:
// like the real worker, it has a SIGTERM handler, which cannot run while it is busy. With
// `sg-hang-after`, it answers first and then hangs (a worker stuck when its shell exits).
// The pid of each worker is appended to $SHELLGUARD_TEST_PIDS.
import { appendFileSync } from "node:fs";
import { createAnswerer, serveLines } from "../../dist/shell/worker.js";

if (process.env.SHELLGUARD_TEST_PIDS) appendFileSync(process.env.SHELLGUARD_TEST_PIDS, `${process.pid}\n`);
// As the real worker: Ctrl-C at the prompt is not meant for it (fish runs it in its own process group).
process.on("SIGINT", () => {});
process.on("SIGTERM", () => process.exit(0));
process.on("SIGHUP", () => process.exit(0));
const busy = () => {
  for (;;);
};
const answer = createAnswerer();
await serveLines(process.stdin, process.stdout, (line) => {
  if (line.includes("sg-hang-after")) {
    setImmediate(busy);
    return answer(line);
  }
  if (line.includes("sg-hang")) busy();
  return answer(line);
});
