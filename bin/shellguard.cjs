#!/usr/bin/env node
"use strict";
/**
 * The CLI's launcher, and the loader of its bundles (scripts/bundle.mjs: main.cjs, the check path,
 * and one bundle per other subcommand), each compiled with the V8 code cache written beside it, so
 * a start neither parses nor compiles them. CommonJS, so a start does not spin up Node's ESM
 * loader; one file, so it is one module to resolve, read and compile.
 *
 * Validity is by content, never by file times (a tarball's extraction order sets those): the build
 * writes `build-id`, a hash of the bundles, and a cache is named after the build id and the V8
 * version it was made by (`main.cjs.<build>.<v8>.cache`), so caches for several Node.js versions
 * can sit side by side and one from another build is never even read. V8 itself still refuses a
 * cache made with other flags, or damaged (the bundle is then compiled as usual).
 *
 * Start-up is mostly first touches of memory (on a VM a page fault costs ~12 us, and Node's own
 * start is ~1,900 of them), so the bundle and its cache are read into one buffer, and the bundle
 * is already its module function (no string joined around it). bin/bundle-loader.cjs writes the
 * caches.
 */
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
// The CommonJS Module class itself: requiring node:module would load its public wrapper too.
const Module = module.constructor;

const dist = path.join(__dirname, "..", "dist");
const bundleDir = path.join(dist, "bundle");
const bundle = path.join(bundleDir, "main.cjs");

/** The build's id (scripts/bundle.mjs), or null when there are no bundles. */
function readBuildId() {
  try {
    return fs.readFileSync(path.join(bundleDir, "build-id"), "latin1").trim();
  } catch {
    return null;
  }
}
const buildId = readBuildId();

/** Where the code cache of `file` for this build and this V8 lives. */
function cachePath(file) {
  return `${file}.${buildId}.${process.versions.v8}.cache`;
}

const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

/**
 * The bundle's path, or null to run the ES modules in dist/cli (also with SHELLGUARD_NO_BUNDLE=1,
 * to debug: the bundles are minified). In a development checkout (src/ beside dist/), `tsc` alone
 * can leave the bundles behind, so they must not be older than its output; an installed copy
 * ships no src/ and its bundles are the build's.
 */
function freshBundle() {
  if (buildId === null || process.env.SHELLGUARD_NO_BUNDLE === "1") return null;
  if (!fs.existsSync(path.join(dist, "..", "src"))) return bundle;
  const built = mtime(bundle);
  return built >= 0 && built >= mtime(path.join(dist, "cli", "main.js")) ? bundle : null;
}

/** `require("./lint.cjs")` from a bundle: another bundle of ours, loaded here too (with its cache). */
const PART = /^\.\/[a-z]+\.cjs$/;
const parts = new Map();

/**
 * Writes the cache of a bundle that had none, when the process ends (so the functions this run
 * compiled are in it): an install whose scripts did not run (npm skips dependencies' install
 * scripts unless allowed), or a newer Node.js. Only into the package's own dist/bundle, and only
 * when that is writable; a temp file renamed into place, so a reader never sees half a cache.
 */
function writeLater(script, file) {
  process.once("exit", () => {
    const target = cachePath(file);
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData(), { flag: "wx" });
      fs.renameSync(tmp, target);
    } catch {
      fs.rmSync(tmp, { force: true });
    }
  });
}

/** The open file's bytes, in `buffer` when it is large enough (else in a new one); [bytes, buffer]. */
function readOpen(fd, size, buffer) {
  const into = buffer !== null && buffer.length >= size ? buffer : Buffer.allocUnsafeSlow(size);
  let length = 0;
  for (let n; length < size && (n = fs.readSync(fd, into, length, size - length, null)) > 0;) length += n;
  return [into.subarray(0, length), into];
}

/** The file's descriptor and size, or null when it cannot be opened. */
function openRead(file) {
  let fd;
  try {
    fd = fs.openSync(file, "r");
    return { fd, size: fs.fstatSync(fd).size };
  } catch {
    if (fd !== undefined) fs.closeSync(fd);
    return null;
  }
}

/** Compiles a bundle, with its cache when there is one for this build and this V8. */
function compile(file, useCache) {
  const src = openRead(file);
  if (src === null) throw Object.assign(new Error(`Cannot find module '${file}'`), { code: "MODULE_NOT_FOUND" });
  const cache = useCache ? openRead(cachePath(file)) : null;
  let source;
  let cachedData;
  try {
    // One buffer for both files, big enough for either: the cache reuses the pages the source touched.
    const [bytes, buffer] = readOpen(src.fd, cache === null ? src.size : Math.max(src.size, cache.size), null);
    // ASCII only (scripts/bundle.mjs checks), so latin1 reads it as it is, faster than utf8.
    source = bytes.toString("latin1");
    if (cache !== null) cachedData = readOpen(cache.fd, cache.size, buffer)[0];
  } finally {
    fs.closeSync(src.fd);
    if (cache !== null) fs.closeSync(cache.fd);
  }
  const script = new vm.Script(source, { filename: file, cachedData });
  // No cache for this build and this Node.js: compiled as usual; leave one for next time.
  if (useCache && cache === null && buildId !== null) writeLater(script, file);
  return script;
}

/** Runs a bundle (a module function: scripts/bundle.mjs) as a CommonJS module; its exports and script. */
function loadBundle(file, useCache = true) {
  const script = compile(file, useCache);
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  const plain = Module.createRequire(file);
  const require = (id) => {
    if (!PART.test(id)) return plain(id);
    const part = path.join(path.dirname(file), id);
    if (!parts.has(part)) parts.set(part, loadBundle(part, useCache).exports);
    return parts.get(part);
  };
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  mod.loaded = true;
  return { exports: mod.exports, script };
}

module.exports = { freshBundle, loadBundle, compile, cachePath, bundle, bundleDir, buildId };

if (require.main === module) {
  const found = freshBundle();
  // Without a bundle (a tsc-only build) the ES modules in dist/cli run directly.
  const cli = found !== null ? Promise.resolve(loadBundle(found).exports) : import("../dist/cli/main.js");
  cli.then((m) => m.main(process.argv.slice(2))).catch((error) => {
    process.stderr.write(`shellguard: ${error && error.stack ? error.stack : error}\n`);
    process.exitCode = 3;
  });
}
