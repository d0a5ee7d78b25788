/**
 * extractFacts: the native addon when it loads, else the reference extractor (node-tree-sitter +
 * TypeScript, several times slower) with one warning line on stderr. The choice is made once, when
 * this module loads; `SHELLGUARD_NO_NATIVE=1` in the environment forces the fallback (for tests).
 * The reference module's own dependency (node tree-sitter) is required only on its first call, so a
 * normal start never loads it.
 */
import { extractFactsNative, loadNativeAddon, parseOnlyNative } from "./native.js";
import { extractFactsReference, getParser } from "./reference.js";
import type { Facts } from "./types.js";

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

/** The Facts of one command line (docs/facts.md). */
export function extractFacts(source: string): Facts {
  if (problem === null) return extractFactsNative(source);
  if (!warned) {
    warned = true;
    process.stderr.write(`shellguard: native addon unavailable (${problem}); using the slower reference parser\n`);
  }
  try {
    getParser();
  } catch (err) {
    throw new Error(`shellguard: no parser available: the native addon (${problem}) and the reference extractor (${String(err)}) both failed to load`);
  }
  return extractFactsReference(source);
}

/** Read + parse + free with the native addon, no walk (the benchmark's floor). */
export function parseOnly(source: string): boolean {
  if (problem !== null) throw new Error(`shellguard: native addon unavailable (${problem})`);
  return parseOnlyNative(source);
}
