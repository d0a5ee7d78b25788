// Bundles the CLI for start-up speed (run by `npm run build:ts` after tsc):
//   dist/bundle/main.cjs    dist/cli/main.js and everything it imports: the `check` fast path, and
//                           agent-hook (run before every command an agent runs; it shares the analysis)
//   dist/bundle/<part>.cjs  the other subcommands, which main.js loads only when they are asked for
// CommonJS, not ESM: Node 20 gives CommonJS scripts a V8 code cache (bin/bundle-loader.cjs writes
// them after this) and starts a CommonJS entry without the ESM loader, which together take about a
// third off `shellguard check`. Dependencies stay external (node_modules).
//
// Each bundle is written already wrapped as the CommonJS module function that bin/shellguard.cjs
// compiles, and minified. A start touches every byte of the bundle two or three times (read, made
// a string, and with Node's own wrapper copied once more to join it), and on a machine where a
// page fault is dear (a VM: ~12 us each) those pages were most of what `check` added to Node's
// start: no wrapper to join spares one copy, minifying shrinks the rest by about two fifths.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const out = path.join(dist, "bundle");

/** main.js's lazy imports of whole subcommands → their own bundles (part name ← dist path). */
const PARTS = { app: "cli/app.js", lint: "lint/index.js", shell: "shell/cli.js" };
const partOf = new Map(Object.entries(PARTS).map(([name, file]) => [path.join(dist, file), name]));

/** Keeps main.cjs to the check path: a subcommand part imported from main.js stays a require() of its bundle. */
const splitParts = {
  name: "split-parts",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.importer !== path.join(dist, "cli/main.js")) return undefined;
      const part = partOf.get(path.resolve(path.dirname(args.importer), args.path));
      return part === undefined ? undefined : { path: `./${part}.cjs`, external: true };
    });
  },
};

/** Node's CommonJS module wrapper (require("node:module").wrapper), split around the code. */
const WRAPPER_START = "(function (exports, require, module, __filename, __dirname) { ";
const WRAPPER_END = "\n});";

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(dist, "cli/main.js"), ...Object.fromEntries(Object.entries(PARTS).map(([n, f]) => [n, path.join(dist, f)])) },
  outdir: out,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  format: "cjs",
  packages: "external",
  // import() of a dependency or a part becomes require(): a script run from a code cache has no ESM loader hook.
  supported: { "dynamic-import": false },
  // The sources use import.meta.dirname and import.meta.url for files beside them; dist/bundle/
  // is as deep as dist/cli/. The URL is made when asked for: pathToFileURL is ~0.5 ms of a start.
  define: { "import.meta.dirname": "__dirname", "import.meta.url": "__shellguardModule.url" },
  // The module function itself (Node's CommonJS wrapper): the file is a function expression, which
  // bin/shellguard.cjs compiles as it is and calls, never a script to require().
  banner: { js: `${WRAPPER_START}const __shellguardModule = { get url() { return require("node:url").pathToFileURL(__filename).href; } };` },
  footer: { js: WRAPPER_END },
  // Names too: a crash's stack trace then names minified functions (its file and column still
  // point into dist/bundle/); run the ES modules in dist/ to debug (SHELLGUARD_NO_BUNDLE=1).
  minify: true,
  plugins: [splitParts],
  logLevel: "warning",
});

// bin/bundle-loader.cjs reads the bundles as latin1: esbuild's default ASCII charset must hold.
for (const name of readdirSync(out)) {
  const text = readFileSync(path.join(out, name), "latin1");
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) throw new Error(`dist/bundle/${name} is not ASCII`);
}

// The build id: a hash of the bundles. bin/bundle-loader.cjs names code caches after it, so a cache
// is valid by content, whatever times a tarball's extraction gives the files.
const hash = createHash("sha256");
for (const name of readdirSync(out).sort()) hash.update(name).update("\0").update(readFileSync(path.join(out, name)));
writeFileSync(path.join(out, "build-id"), `${hash.digest("hex").slice(0, 16)}\n`);
