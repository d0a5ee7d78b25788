/**
 * The analysis entry point: analyze() with the default Facts extractor (the native addon, or the
 * reference extractor when it cannot load). The work itself is in analyze.ts.
 */

import { extractFacts } from "../facts/index.js";
import type { Facts } from "../facts/types.js";
import { analyze as analyzeWith } from "./analyze.js";
import { DEFAULT_LIMITS, type AnalysisLimits } from "./limits.js";
import type { Analysis, AnalysisOptions } from "./types.js";

export type { Analysis, AnalysisOptions, AnalyzedCommand } from "./types.js";
export { AnalysisLimitError, DEFAULT_LIMITS, type AnalysisLimits } from "./limits.js";

export function analyze(source: string, options: AnalysisOptions, extract: (s: string) => Facts = extractFacts, limits: AnalysisLimits = DEFAULT_LIMITS): Analysis {
  return analyzeWith(source, options, extract, limits);
}
