#!/usr/bin/env node
// Prints the hook script for a shell, as `shellguard hook <shell>` does: used by the shell tests
// until (or unless) the CLI has the `hook` subcommand, and to run another worker.
// Usage: node test/shell/print-hook.mjs bash [worker argv...]
import { fileURLToPath } from "node:url";
import { hookScript } from "../../dist/shell/index.js";

const shell = process.argv[2];
const bin = [process.execPath, fileURLToPath(new URL("../../bin/shellguard.cjs", import.meta.url))];
const worker = process.argv.slice(3);
process.stdout.write(hookScript(shell, { bin, ...(worker.length ? { worker } : {}) }));
