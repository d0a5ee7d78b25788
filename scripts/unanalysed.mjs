#!/usr/bin/env node
// How much of real shell code the analysis cannot read (issue 14: extglob and the like make
// tree-sitter-bash fail): `node scripts/unanalysed.mjs [--list] [dir or file ...]`, default
// /usr/share/bash-completion/completions (apt-get install bash-completion). Each file (symlinks
// to one file counted once) is extracted whole by the native addon (dist/: `npm run build:ts`);
// prints the files with any parse error, the lines inside an error's range, and the lines from
// a file's first error to its end (what a reader that stops at the first error loses).
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { extractFactsNative } = await import(join(root, "dist/facts/native.js"));
const { values, positionals } = parseArgs({ options: { list: { type: "boolean", default: false } }, allowPositionals: true });
const targets = positionals.length > 0 ? positionals : ["/usr/share/bash-completion/completions"];

const files = new Set();
for (const t of targets) {
  if (statSync(t).isDirectory()) for (const f of readdirSync(t).sort()) files.add(realpathSync(join(t, f)));
  else files.add(realpathSync(t));
}

let lines = 0, broken = 0, errorLines = 0, afterFirst = 0;
const rows = [];
for (const file of files) {
  if (!statSync(file).isFile()) continue;
  const source = readFileSync(file, "utf8");
  const starts = [0];
  for (let i = source.indexOf("\n"); i >= 0 && i + 1 < source.length; i = source.indexOf("\n", i + 1)) starts.push(i + 1);
  lines += starts.length;
  const facts = extractFactsNative(source);
  if (facts.errors.length === 0) continue;
  broken++;
  // line of an offset: binary search in starts
  const lineOf = (at) => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const covered = new Uint8Array(starts.length);
  let first = starts.length;
  for (const e of facts.errors) {
    const a = lineOf(e.start), b = lineOf(Math.max(e.start, e.end - 1));
    first = Math.min(first, a);
    covered.fill(1, a, b + 1);
  }
  const inErrors = covered.reduce((s, x) => s + x, 0);
  errorLines += inErrors;
  afterFirst += starts.length - first;
  rows.push(`${file}: ${facts.errors.length} error(s), ${inErrors} line(s) in them, first at line ${first + 1} of ${starts.length}`);
}
if (values.list) for (const r of rows) console.log(r);
console.log(`unanalysed: ${broken} of ${files.size} files have a parse error; ${errorLines} of ${lines} lines inside an error; ${afterFirst} lines from a file's first error to its end`);
