/**
 * Noticing config changes cheaply: a stamp of every file loadConfig would read, and a cache that
 * reloads only when the stamp changes (the shell worker and the library check it on every line).
 */

import type { Stats } from "node:fs";
import { basename, join, resolve } from "node:path";
import { deepFreeze } from "./defaults.js";
import { namesIn, placesIn, searchDirs, statOf } from "./listings.js";
import { loadConfig, type LoadConfigOptions } from "./load.js";
import { trustStorePath, USER_CONFIG_NAMES, userConfigDir } from "./paths.js";
import { safetyStamp } from "./safety.js";
import type { ResolvedConfig } from "./types.js";
import type { VerifyRule } from "./validate.js";

/**
 * A cheap fingerprint of every file `loadConfig` would read for these options (path, mtime,
 * ctime, size, inode of each candidate file that exists along the search, the user config files
 * and the trust store). If it is unchanged, `loadConfig` would return the same result, except
 * for changes to modules a JavaScript config itself imports. Costs a stat per searched directory
 * (a readdir when it changed: listings.ts), a stat per file found and an lstat of it
 * and its directory; no file is read.
 */
export function configStamp(opts: Omit<LoadConfigOptions, "verifyRule">): string {
  const env = opts.env ?? process.env;
  const cwd = resolve(opts.cwd);
  const parts: string[] = [];
  const add = (path: string): Stats | undefined => {
    const st = statOf(path);
    if (st) parts.push(`${path}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.size}\0${st.ino}`);
    return st;
  };
  if (opts.configFile !== undefined) {
    add(resolve(cwd, opts.configFile));
  } else {
    // The walk of projectCandidates. package.json is only stat'ed (whether it holds a shellguard
    // key is not checked): a superset, never less.
    // The whole walk: an untrusted or unsafe config does not end the search (a trusted or safe
    // one further up may apply), and the owner and mode of each file and its directory decide
    // whether it is read at all.
    for (const dir of searchDirs(cwd, env)) {
      for (const place of placesIn(dir)) {
        const path = join(dir, place);
        if (add(path)) parts.push(safetyStamp(path));
      }
    }
  }
  const userDir = userConfigDir(env);
  const present = namesIn(userDir);
  for (const name of USER_CONFIG_NAMES) if (present.has(name)) add(join(userDir, name));
  const store = trustStorePath(env);
  if (present.has(basename(store))) add(store);
  return parts.join("\n");
}

export interface ConfigCache {
  /** loadConfig, or the previous result for the same options when configStamp is unchanged. */
  load(opts: Omit<LoadConfigOptions, "verifyRule">): ResolvedConfig;
  clear(): void;
}

/**
 * A per-process cache for long-lived callers (the `serve` worker, the library): each `load`
 * costs a `configStamp` (stat calls) and re-reads only when a file changed. Results are deeply
 * frozen because they are shared between calls; copy one before changing it.
 */
export function createConfigCache(options: { verifyRule?: VerifyRule; maxEntries?: number } = {}): ConfigCache {
  const max = options.maxEntries ?? 32;
  const entries = new Map<string, { stamp: string; config: ResolvedConfig }>();
  return {
    load(opts) {
      const env = opts.env ?? process.env;
      const key = [resolve(opts.cwd), opts.configFile ?? "", env.HOME ?? "", env.XDG_CONFIG_HOME ?? ""].join("\0");
      const stamp = configStamp(opts);
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.stamp === stamp) {
        entries.set(key, hit);
        return hit.config;
      }
      const loadOpts: LoadConfigOptions = { ...opts };
      if (options.verifyRule) loadOpts.verifyRule = options.verifyRule;
      const config = deepFreeze(loadConfig(loadOpts));
      entries.set(key, { stamp, config });
      if (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return config;
    },
    clear() {
      entries.clear();
    },
  };
}
