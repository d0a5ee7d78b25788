/** Where config files live. Everything takes `env` so tests never touch the real home. */

import { homeDir } from "../facts/home.js";
import { isAbsolute, join } from "node:path";
import type { Env } from "./env.js";

/**
 * Project config file names, in the order they are tried in each directory (cosmiconfig's order
 * for the module name `shellguard`, without the `.config/` and TypeScript places).
 */
export const PROJECT_SEARCH_PLACES: readonly string[] = [
  "package.json",
  ".shellguardrc",
  ".shellguardrc.json",
  ".shellguardrc.yaml",
  ".shellguardrc.yml",
  ".shellguardrc.js",
  ".shellguardrc.cjs",
  ".shellguardrc.mjs",
  "shellguard.config.js",
  "shellguard.config.cjs",
  "shellguard.config.mjs",
];

/** User config file names in `$XDG_CONFIG_HOME/shellguard/`; the first that exists is used. */
export const USER_CONFIG_NAMES: readonly string[] = ["config.json", "config.yaml", "config.yml"];

/** The property of package.json that holds the config. */
export const PACKAGE_PROP = "shellguard";

/** `$XDG_CONFIG_HOME/shellguard` (XDG_CONFIG_HOME defaults to ~/.config; a relative value is ignored, as the spec says). */
export function userConfigDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homeDir(env), ".config"), "shellguard");
}

/** `$XDG_CACHE_HOME/shellguard` (XDG_CACHE_HOME defaults to ~/.cache). */
export function userCacheDir(env: Env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homeDir(env), ".cache"), "shellguard");
}

/** `$XDG_STATE_HOME/shellguard` (XDG_STATE_HOME defaults to ~/.local/state). */
export function userStateDir(env: Env): string {
  const xdg = env.XDG_STATE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homeDir(env), ".local", "state"), "shellguard");
}

/** The audit log when the config names no file. */
export function defaultLogFile(env: Env): string {
  return join(userStateDir(env), "decisions.jsonl");
}

/** The trust store: a JSON object mapping absolute config paths to sha256 hashes. */
export function trustStorePath(env: Env): string {
  return join(userConfigDir(env), "trusted.json");
}

/** Expand a leading `~` or `~/`. */
export function expandTilde(p: string, env: Env): string {
  if (p === "~") return homeDir(env);
  if (p.startsWith("~/")) return join(homeDir(env), p.slice(2));
  return p;
}
