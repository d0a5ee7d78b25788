/**
 * Where config files are found: the project search from a working directory up to the home
 * directory (or the root), and the user config directory. Only names and stats; nothing is
 * parsed here except a package.json that names `shellguard`.
 */

import { join } from "node:path";
import { ConfigError } from "./errors.js";
import { namesIn, placesIn, searchDirs, statOf } from "./listings.js";
import { formatOf, packageProperty, parseJson, readBytes, type ConfigFormat } from "./parse.js";
import { PACKAGE_PROP, USER_CONFIG_NAMES, userConfigDir } from "./paths.js";
import type { Env } from "./env.js";

export interface Found {
  path: string;
  format: ConfigFormat;
  /** For package.json: the bytes and the `shellguard` value, already read during discovery. @internal */
  bytes?: Buffer;
  value?: unknown;
}

/**
 * Every project config file along the search, nearest first (a package.json only when it has a
 * `shellguard` property). A package.json that does not parse but names `shellguard` is yielded
 * as its ConfigError.
 */
export function* projectCandidates(cwd: string, env: Env): Generator<Found | ConfigError> {
  for (const dir of searchDirs(cwd, env)) {
    for (const place of placesIn(dir)) {
      const path = join(dir, place);
      if (!statOf(path)?.isFile()) continue;
      if (place !== "package.json") {
        yield { path, format: formatOf(path) as ConfigFormat };
        continue;
      }
      let bytes: Buffer;
      let value: unknown;
      try {
        bytes = readBytes(path);
        const text = bytes.toString("utf8");
        // Most package.json files have no shellguard key: skip parsing them (and do not fail on a
        // broken package.json that is not ours to judge).
        if (!text.includes(`"${PACKAGE_PROP}"`)) continue;
        value = packageProperty(parseJson(path, text));
      } catch (error) {
        if (error instanceof ConfigError) yield error;
        else throw error;
        continue;
      }
      if (value !== undefined) yield { path, format: "package", bytes, value };
    }
  }
}

/** The nearest project config file, or null (throws the ConfigError of a broken package.json). */
export function findProjectConfig(cwd: string, env: Env = process.env): Found | null {
  for (const found of projectCandidates(cwd, env)) {
    if (found instanceof ConfigError) throw found;
    return found;
  }
  return null;
}

/** The user config files that exist, in precedence order (only the first is read). */
export function findUserConfigs(env: Env): string[] {
  const dir = userConfigDir(env);
  const present = namesIn(dir);
  return USER_CONFIG_NAMES.filter((n) => present.has(n))
    .map((n) => join(dir, n))
    .filter((p) => statOf(p)?.isFile());
}
