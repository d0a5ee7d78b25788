#!/usr/bin/env node
// Runs the built `shellguard lint` (dist/lint/index.js) with this process's stdio, for tests.
import { runLint } from "../../dist/lint/index.js";

process.exitCode = await runLint(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
});
