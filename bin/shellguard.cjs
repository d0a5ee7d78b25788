#!/usr/bin/env node
"use strict";
// CommonJS, so a start does not spin up Node's ESM loader; see bin/bundle-loader.cjs.
const { freshBundle, loadBundle } = require("./bundle-loader.cjs");

// `shellguard lint | head`: a closed pipe ends the output, not with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const bundle = freshBundle();
// Without a bundle (a tsc-only build) the ES modules in dist/cli run directly.
const cli = bundle !== null ? Promise.resolve(loadBundle(bundle).exports) : import("../dist/cli/main.js");
cli.then((m) => m.main(process.argv.slice(2))).catch((error) => {
  process.stderr.write(`shellguard: ${error && error.stack ? error.stack : error}\n`);
  process.exitCode = 3;
});
