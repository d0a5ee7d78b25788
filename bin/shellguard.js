#!/usr/bin/env node
import module from "node:module";

// Node ≥ 22.1 keeps V8's compiled code between runs (a no-op where the API does not exist).
module.enableCompileCache?.();

const { main } = await import("../dist/cli/main.js");
await main(process.argv.slice(2));
