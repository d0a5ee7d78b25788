#!/usr/bin/env node
"use strict";
// CommonJS, so a start does not spin up Node's ESM loader; see bin/bundle-loader.cjs.
const { freshBundle, loadBundle } = require("./bundle-loader.cjs");

const bundle = freshBundle();
// Without a bundle (a tsc-only build) the ES modules in dist/cli run directly.
const cli = bundle !== null ? Promise.resolve(loadBundle(bundle).exports) : import("../dist/cli/main.js");
cli.then((m) => m.main(process.argv.slice(2))).catch((error) => {
  process.stderr.write(`shellguard: ${error && error.stack ? error.stack : error}\n`);
  process.exitCode = 3;
});
