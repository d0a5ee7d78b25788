/**
 * The analysis entry point: analyze() with the default Facts extractor (the native addon, or the
 * reference extractor when it cannot load). The work itself is in analyze.ts.
 */

import { extractFacts, nativeAvailable } from "../facts/index.js";
import { extractFactsNative } from "../facts/native.js";
import { analyze as analyzeWith, type Extract } from "./analyze.js";
import { DEFAULT_LIMITS, type AnalysisLimits } from "./limits.js";
import type { Analysis, AnalysisOptions } from "./types.js";

export type { Analysis, AnalysisOptions, AnalyzedCommand } from "./types.js";
export { AnalysisLimitError, DEFAULT_LIMITS, type AnalysisLimits } from "./limits.js";

/** The default extractor, with the native parser bounded by the analysis' time budget. */
const extractWithin: Extract = (source, timeoutMs) => (nativeAvailable() ? extractFactsNative(source, timeoutMs) : extractFacts(source));

export function analyze(source: string, options: AnalysisOptions, extract: Extract = extractWithin, limits: AnalysisLimits = DEFAULT_LIMITS): Analysis {
  return analyzeWith(source, options, extract, limits);
}
