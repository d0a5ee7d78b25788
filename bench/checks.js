// Facts + checks over every tldr line: what the analysis (unwrapping and the six checks) adds on
// top of native Facts. Both methods are interleaved chunk by chunk like bench/facts.js; the figure
// is the median over passes of the mean µs per line. Target: checks add at most 20%.
import { importDist, interleavedPassUs, median, round } from "./lib.js";

const OPTIONS = {
  guard: false,
  cwd: "/home/u/proj",
  home: "/home/u",
  workingDirectories: [],
  gitPack: true,
};

export async function benchChecks({ lines, passes = 5, log = () => {} }) {
  const native = await importDist("facts/native.js");
  const { analyze: analyzeWith } = await importDist("analysis/analyze.js");
  const { DEFAULT_SENSITIVE_FILES, DEFAULT_SENSITIVE_DIRECTORIES } = await importDist("config/defaults.js");
  native.loadNativeAddon();
  const extract = (s) => native.extractFactsNative(s);
  const options = { ...OPTIONS, sensitiveFiles: DEFAULT_SENSITIVE_FILES, sensitiveDirectories: DEFAULT_SENSITIVE_DIRECTORIES };
  const methods = { facts: extract, checks: (s) => analyzeWith(s, options, extract) };
  const samples = { facts: [], checks: [] };
  for (let pass = 0; pass <= passes; pass++) {
    const us = interleavedPassUs(methods, lines, 500);
    if (pass > 0) for (const n of Object.keys(samples)) samples[n].push(us[n]);
    log(`checks: pass ${pass}/${passes}`);
  }
  const factsUs = median(samples.facts);
  const checkUs = median(samples.checks);
  return {
    factsUs: round(factsUs),
    checkUs: round(checkUs),
    checksOverFacts: round(checkUs / factsUs, 3),
    targets: { "facts + checks <= 1.2x facts": checkUs / factsUs <= 1.2 },
  };
}

export function checksRows(f) {
  return [
    ["native Facts", `${f.factsUs} µs`],
    ["native Facts + unwrapping + checks (checkUs)", `${f.checkUs} µs`],
    ["ratio (target <= 1.2)", `${f.checksOverFacts}`],
  ];
}
