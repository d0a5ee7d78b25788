/**
 * The configuration layer: discovery, validation, trust and layering. See docs/config.md.
 *
 *   const config = loadConfig({ cwd: process.cwd(), verifyRule });   // throws ConfigError
 */

export { loadConfig } from "./load.js";
export type { LoadConfigOptions } from "./load.js";
export { findProjectConfig } from "./discovery.js";
export { configStamp, createConfigCache } from "./stamp.js";
export type { ConfigCache } from "./stamp.js";
export { ConfigError, formatConfigProblem } from "./errors.js";
export type { ConfigProblem } from "./errors.js";
export { DEFAULTS, DEFAULT_SENSITIVE_FILES, DEFAULT_SENSITIVE_DIRECTORIES } from "./defaults.js";
export { trust, untrust, isTrusted, readTrustStore } from "./trust.js";
export type { TrustOptions, TrustStore } from "./trust.js";
export { starterConfig, DEFAULT_SCHEMA_REF } from "./starter.js";
export type { StarterOptions } from "./starter.js";
export { validateConfig, rulePatternProblem, formatKeyPath } from "./validate.js";
export type { RawConfig, RawRule, RuleUse, VerifyRule } from "./validate.js";
export { PROJECT_SEARCH_PLACES, USER_CONFIG_NAMES, userConfigDir, trustStorePath } from "./paths.js";
export type * from "./types.js";
