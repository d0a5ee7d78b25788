/**
 * extractFacts: the native addon when it loads, else the WebAssembly fallback (web-tree-sitter and
 * the grammar's shipped .wasm, walked by the reference extractor; several times slower), with one
 * warning line on stderr per process. The choice is made once, when this module loads;
 * `SHELLGUARD_NO_NATIVE=1` in the environment forces the fallback. The fallback loads
 * asynchronously: `await ready()` before the first synchronous call; until then extractFacts
 * throws, which the engine's fail-safe turns into "could not be analysed" (never an allow).
 */
import { extractFactsNative, loadNativeAddon, parseOnlyNative } from "./native.js";
import { extractFactsWith } from "./reference.js";
import type { Facts } from "./types.js";
import { loadWasmParser, wasmParser } from "./wasm.js";

export type { Facts } from "./types.js";

function nativeProblem(): string | null {
  if (process.env.SHELLGUARD_NO_NATIVE === "1") return "SHELLGUARD_NO_NATIVE=1";
  try {
    loadNativeAddon();
    return null;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "unknown error";
  }
}

const problem = nativeProblem();
let warned = false;

/** Whether extractFacts uses the native addon. */
export function nativeAvailable(): boolean {
  return problem === null;
}

/** Why the native addon is not used, or null when it is. */
export function nativeUnavailableReason(): string | null {
  return problem;
}

/**
 * Resolves when extractFacts can be called: at once with the native addon, after loading the
 * WebAssembly parser without it. Rejects only when neither can load.
 */
export function ready(): Promise<void> {
  if (problem === null) return Promise.resolve();
  return loadWasmParser().then(
    () => undefined,
    (err: unknown) => {
      throw new Error(`shellguard: no parser available: the native addon (${problem}) and the WebAssembly fallback (${err instanceof Error ? err.message : String(err)}) both failed to load`);
    },
  );
}

/** The Facts of one command line (docs/facts.md). */
export function extractFacts(source: string): Facts {
  if (problem === null) return extractFactsNative(source);
  const parser = wasmParser();
  if (parser === undefined) {
    throw new Error(`shellguard: the native addon is unavailable (${problem}) and the WebAssembly parser is not loaded yet: await ready() first`);
  }
  if (!warned) {
    warned = true;
    process.stderr.write(`shellguard: native addon unavailable (${problem}); using the slower WebAssembly parser. To get the native one, reinstall shellguard where a prebuilt binary exists for your platform, or with a C compiler, Python and make on PATH.\n`);
  }
  return extractFactsWith(parser, source);
}

/** Read + parse + free with the native addon, no walk (the benchmark's floor). */
export function parseOnly(source: string): boolean {
  if (problem !== null) throw new Error(`shellguard: native addon unavailable (${problem})`);
  return parseOnlyNative(source);
}
