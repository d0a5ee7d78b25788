#!/usr/bin/env node
// Builds the addon's fuzz target (native/fuzz/fuzz.c) with ASan + UBSan into build/fuzz/ and runs
// it over the corpus lines: `node scripts/fuzz-native.mjs --seconds S --seed N`. Objects are
// rebuilt only when their sources change (the grammar takes a while under the sanitizers). Exits
// with the fuzzer's status; a crash leaves its input in build/fuzz/crashes/.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const tsDir = join(dirname(require.resolve("tree-sitter/package.json")), "vendor/tree-sitter/lib");
const bashDir = join(dirname(require.resolve("tree-sitter-bash/package.json")), "src");
const out = join(root, "build", "fuzz");

const SAN = ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-fno-omit-frame-pointer"];
const DEFS = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-D_DEFAULT_SOURCE", `-I${tsDir}/include`, `-I${tsDir}/src`];
const headers = readdirSync(join(root, "native")).filter((f) => f.endsWith(".h")).map((f) => join(root, "native", f));
// The runtime's amalgamation is slow to compile under the sanitizers at -O1; -O0 keeps CI short.
const SOURCES = [
  { src: join(tsDir, "src/lib.c"), opt: "-O0", deps: [] },
  { src: join(bashDir, "parser.c"), opt: "-O1", deps: [] },
  { src: join(bashDir, "scanner.c"), opt: "-O1", deps: [] },
  ...["extract.c", "cook.c", "reading.c", "fuzz/fuzz.c"].map((f) => ({ src: join(root, "native", f), opt: "-O1", deps: headers })),
];

function cc(args) {
  const r = spawnSync("cc", args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`cc ${args.join(" ")}\n${r.stderr}`);
}

const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);

export function buildFuzzer() {
  mkdirSync(join(out, "obj"), { recursive: true });
  const objects = SOURCES.map(({ src, opt, deps }) => {
    const obj = join(out, "obj", relative(root, src).replace(/[/\\.]+/g, "_") + ".o");
    const flags = [opt, ...SAN, ...DEFS];
    const stamp = obj + ".flags";
    const fresh = mtime(obj) > Math.max(mtime(src), ...deps.map(mtime)) && existsSync(stamp) && readFileSync(stamp, "utf8") === flags.join(" ");
    if (!fresh) {
      cc([...flags, "-c", src, "-o", obj]);
      writeFileSync(stamp, flags.join(" "));
    }
    return obj;
  });
  const bin = join(out, "fuzz");
  if (mtime(bin) < Math.max(...objects.map(mtime))) cc([...SAN, ...objects, "-o", bin]);
  return bin;
}

/** The corpus as NUL-separated lines: the tldr lines and the hard cases (decoded). */
export function writeCorpus() {
  const lines = [];
  const tldr = resolve(root, "test/fixtures/corpus/tldr-commands.txt");
  lines.push(...readFileSync(tldr, "utf8").split("\n").filter((l) => l !== ""));
  for (const l of readFileSync(join(root, "test/fixtures/hard-cases.txt"), "utf8").split("\n")) if (l.trim() !== "") lines.push(JSON.parse(l));
  const file = join(out, "corpus.bin");
  writeFileSync(file, Buffer.from(lines.join("\0"), "utf8"));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" }, seed: { type: "string", default: String(Date.now() % 1e9) } } });
  const bin = buildFuzzer();
  const crashes = join(out, "crashes");
  mkdirSync(crashes, { recursive: true });
  const r = spawnSync(bin, ["--corpus", writeCorpus(), "--seed", values.seed, "--seconds", values.seconds, "--out", crashes], {
    stdio: "inherit",
    env: { ...process.env, ASAN_OPTIONS: "detect_leaks=1:abort_on_error=0:exitcode=66", UBSAN_OPTIONS: "print_stacktrace=1:halt_on_error=1" },
  });
  process.exit(r.status ?? 1);
}
