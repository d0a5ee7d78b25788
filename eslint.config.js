import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * The layers of src/, lowest first: every import points down the stack (README "How it fits
 * together"). The front ends (agents, lint, shell) are peers: none imports another; only the CLI,
 * on top, joins them. src/index.ts is the library's entry and is imported by nothing.
 */
const LAYERS = [["facts"], ["analysis"], ["config"], ["engine"], ["render"], ["audit"], ["agents", "lint", "shell"], ["cli"]];

/** The src/ directories a file in `dir` must not import: the layers above it and its peers. */
function forbiddenFor(dir) {
  const level = LAYERS.findIndex((l) => l.includes(dir));
  return [...LAYERS.slice(level + 1).flat(), ...LAYERS[level].filter((d) => d !== dir)];
}

/** The deepest folder nesting under a layer's directory that the rules below cover. */
const MAX_DEPTH = 5;

/**
 * A specifier that, from a file `depth` folders below src/, climbs to src/ and into one of `dirs`
 * (or to src/index.js). Written with \x2F for "/" so the same source serves the selector below.
 */
function climbsInto(dirs, depth) {
  const up = String.raw`^(?:\.\.\x2F){${depth}}`;
  const into = dirs.length > 0 ? [`${up}(?:${dirs.join("|")})\\x2F`] : [];
  return [...into, `${up}index\\.js$`].join("|");
}

const layerRules = LAYERS.flat().flatMap((dir) => {
  const forbidden = forbiddenFor(dir);
  const message = `src/${dir} may import only from the layers below it (facts < analysis < config < engine < render < audit < agents | lint | shell < cli)${forbidden.length ? `, not from ${forbidden.join(", ")}` : ""}, and never from src/index.ts. Move the shared code down a layer instead.`;
  return Array.from({ length: MAX_DEPTH }, (_, i) => {
    const regex = climbsInto(forbidden, i + 1);
    return {
      files: [`src/${dir}/${"*/".repeat(i)}*.ts`],
      // Tests and their helpers may assemble the real stack (e.g. the default config's lists).
      ignores: ["**/*.test.ts", "**/test-helpers.ts"],
      rules: {
        "no-restricted-imports": ["error", { patterns: [{ regex, message }] }],
        // no-restricted-imports does not see import(): the same rule for dynamic imports.
        "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/${regex}/]`, message }],
      },
    };
  });
});

export default tseslint.config(
  { ignores: ["dist/", "build/", "node_modules/", "coverage/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The CommonJS launcher (CommonJS so a start skips the ESM loader: bin/bundle-loader.cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", __dirname: "readonly", __filename: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", Buffer: "readonly", URL: "readonly",
        setTimeout: "readonly", clearTimeout: "readonly", setImmediate: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-constant-condition": ["error", { checkLoops: false }],
    },
  },
  ...layerRules,
);
