#!/usr/bin/env node
import module from "node:module";
import { statSync } from "node:fs";

// Node ≥ 22.1 keeps V8's compiled code between runs (a no-op where the API does not exist).
module.enableCompileCache?.();

// A single-file bundle of dist/cli (dist/bundle/main.js) starts faster than ~50 separate ES
// modules; use it when the build made one and it is not older than the tsc output.
const mtime = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundle = mtime("../dist/bundle/main.js");
const entry = bundle >= 0 && bundle >= mtime("../dist/cli/main.js") ? "../dist/bundle/main.js" : "../dist/cli/main.js";

// `shellguard lint | head`: a closed pipe ends the output, not with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const { main } = await import(entry);
await main(process.argv.slice(2));
