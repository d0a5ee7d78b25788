// `npm run bench` [-- --json] [--passes N] [--only facts,...]: runs every benchmark section and
// prints a table (or, with --json, one JSON object); the object is also written to
// bench/results/latest.json. Needs the compiled output (`npm run build:ts`) and the native addon.
// A section is a module in bench/ exporting `bench<Name>(ctx)` -> figures and `<name>Rows(figures)`
// -> table rows; add new ones to SECTIONS.
import fs from "node:fs";
import path from "node:path";
import { benchChecks, checksRows } from "./checks.js";
import { benchCli, cliRows } from "./cli.js";
import { benchFacts, factsRows } from "./facts.js";
import { benchHooks, hooksRows } from "./hooks.js";
import { loadCorpus, repoRoot } from "./lib.js";
import { benchLint, lintRows } from "./lint.js";
import { benchNesting, nestingRows } from "./nesting.js";
import { benchPrecision, precisionRows } from "./precision.js";

const SECTIONS = [
  { name: "facts", run: benchFacts, rows: factsRows },
  { name: "checks", run: benchChecks, rows: checksRows },
  { name: "cli", run: benchCli, rows: cliRows },
  { name: "nesting", run: benchNesting, rows: nestingRows },
  { name: "hooks", run: benchHooks, rows: hooksRows },
  { name: "lint", run: benchLint, rows: lintRows },
  { name: "precision", run: benchPrecision, rows: precisionRows },
];
/** Figures promoted to the top level of the JSON object (the keys the issues name). */
const TOP_LEVEL = { checks: ["checkUs"], cli: ["cliRatio", "installedCliRatio"], nesting: ["nestingRatio", "worstCaseMs"], hooks: ["hookBashMs", "hookZshMs", "hookFishMs", "shellStartMs"], lint: ["lintFilesPerSec", "shellcheckFilesPerSec"], precision: ["warningPrecision", "dangerousRecall"] };

function parseArgs(argv) {
  const opts = { json: false, passes: 5, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") opts.json = true;
    else if (a === "--passes") opts.passes = Number(argv[++i]);
    else if (a === "--only") opts.only = new Set(String(argv[++i]).split(","));
    else throw new Error(`unknown argument: ${a}`);
  }
  if (!(opts.passes >= 1)) throw new Error("--passes must be a positive number");
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { lines } = loadCorpus();
  const log = opts.json ? () => {} : (msg) => process.stderr.write(`${msg}\n`);
  const result = { date: new Date().toISOString(), node: process.version, platform: `${process.platform}-${process.arch}` };
  const sections = SECTIONS.filter((s) => opts.only === null || opts.only.has(s.name));
  const skipped = new Map();
  for (const s of sections) {
    let figures;
    try {
      figures = await s.run({ lines, passes: opts.passes, log });
    } catch (err) {
      // One section that cannot run (a tool missing) must not lose the others' figures.
      skipped.set(s.name, err instanceof Error ? err.message : String(err));
      log(`${s.name}: skipped (${skipped.get(s.name)})`);
      continue;
    }
    // The facts figures are also the top level of the object (nativeUs, referenceUs, ...).
    if (s.name === "facts") Object.assign(result, figures);
    else result[s.name] = figures;
    for (const key of TOP_LEVEL[s.name] ?? []) if (figures[key] !== undefined) result[key] = figures[key];
  }

  const out = path.join(repoRoot, "bench/results/latest.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");

  if (opts.json) {
    process.stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  console.log(`shellguard bench — ${lines.length} tldr lines, ${opts.passes} passes (median of per-pass mean µs per line), ${result.node} ${result.platform}`);
  for (const s of sections) {
    if (skipped.has(s.name)) {
      console.log(`\n[${s.name}]\n  skipped: ${skipped.get(s.name)}`);
      continue;
    }
    const figures = s.name === "facts" ? result : result[s.name];
    const rows = s.rows(figures);
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\n[${s.name}]`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    if (figures.targets) {
      for (const [k, ok] of Object.entries(figures.targets)) console.log(`  ${ok ? "PASS" : "FAIL"}  ${k}`);
    }
  }
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
  if (skipped.size > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
