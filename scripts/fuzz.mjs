#!/usr/bin/env node
// `npm run fuzz -- --minutes N`: for N minutes, side by side, the addon's ASan + UBSan fuzz target
// (scripts/fuzz-native.mjs) and the bash oracle over every generated class member, the hard
// cases and random corpus mutations (test/oracle/oracle.test.ts with ORACLE_MINUTES=N). Prints both
// summaries (inputs fuzzed; lines checked and findings) and fails if either found anything.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { minutes: { type: "string", default: "10" }, seed: { type: "string" } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) {
  console.error("usage: npm run fuzz -- --minutes N [--seed S]");
  process.exit(3);
}

function run(label, cmd, args, env) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    const keep = (d) => {
      text += d;
      process.stdout.write(String(d).replace(/^(?=.)/gm, `[${label}] `));
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => done({ code, text }));
  });
}

const seed = values.seed ?? String(Date.now() % 1e9);
const [fuzz, oracle] = await Promise.all([
  run("fuzz", process.execPath, [join(root, "scripts/fuzz-native.mjs"), "--seconds", String(minutes * 60), "--seed", seed]),
  run("oracle", "npx", ["vitest", "run", "test/oracle/oracle.test.ts"], { ORACLE_MINUTES: String(minutes) }),
]);
console.log("\n== summary ==");
console.log(fuzz.text.match(/fuzz: .*/g)?.join("\n") ?? `fuzz: failed (exit ${fuzz.code})`);
console.log(oracle.text.match(/bash oracle: .*|findings saved to .*/g)?.join("\n") ?? `bash oracle: failed (exit ${oracle.code})`);
process.exit(fuzz.code === 0 && oracle.code === 0 ? 0 : 1);
