/**
 * Where config files are found: the project search from a working directory up to the home
 * directory (or the root), and the user config directory. Only names and stats; nothing is
 * parsed here except a package.json that names `shellguard`.
 */

import { readdirSync, statSync, type Stats } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ConfigError } from "./errors.js";
import { formatOf, packageProperty, parseJson, readBytes, type ConfigFormat } from "./parse.js";
import { homeDir, PACKAGE_PROP, PROJECT_SEARCH_PLACES, USER_CONFIG_NAMES, userConfigDir } from "./paths.js";
import type { Env } from "./env.js";

export interface Found {
  path: string;
  format: ConfigFormat;
  /** For package.json: the bytes and the `shellguard` value, already read during discovery. @internal */
  bytes?: Buffer;
  value?: unknown;
}

export function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The directories searched for a project config: cwd, then its parents up to home or the root. */
export function* searchDirs(cwd: string, env: Env): Generator<string> {
  const stop = resolve(homeDir(env));
  let dir = resolve(cwd);
  while (true) {
    yield dir;
    if (dir === stop) return;
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

interface Listing {
  dev: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  names: ReadonlySet<string>;
  /** The search places among the names, in search order; computed on first use. */
  places?: readonly string[];
}

/**
 * Directory listings, reused while the directory's identity and timestamps are unchanged: the
 * shell worker stamps the config search on every line, and a stat is several times cheaper than a
 * readdir (the home directory's especially). Adding, removing or renaming an entry changes the
 * directory's mtime and ctime; what happens to a file's content is in the file's own stat, which
 * the callers take.
 */
const listings = new Map<string, Listing>();
const MAX_LISTINGS = 256;
/**
 * A change in the same timestamp tick as the last one leaves mtime as it was (file times come
 * from a coarse clock, 1–10 ms; 2 s on FAT): like git's racy entries, a listing is only kept when
 * the directory had not changed for this long before it was read, so a later change always moves
 * its mtime.
 */
const RACY_MS = 2000;
const NO_NAMES: ReadonlySet<string> = new Set();

function listingOf(dir: string): Listing | null {
  const st = statOf(dir);
  if (!st?.isDirectory()) {
    listings.delete(dir);
    return null;
  }
  const hit = listings.get(dir);
  if (hit && hit.ino === st.ino && hit.dev === st.dev && hit.mtimeMs === st.mtimeMs && hit.ctimeMs === st.ctimeMs) return hit;
  const readAt = Date.now();
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    listings.delete(dir);
    return null;
  }
  const listing: Listing = { dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, names };
  if (Math.max(st.mtimeMs, st.ctimeMs) < readAt - RACY_MS) {
    if (listings.size >= MAX_LISTINGS) listings.clear();
    listings.set(dir, listing);
  } else {
    listings.delete(dir);
  }
  return listing;
}

/** Forget every cached listing (tests that change directories within a timestamp tick). */
export function clearListings(): void {
  listings.clear();
}

/** The names in a directory (empty if it cannot be read). */
export function namesIn(dir: string): ReadonlySet<string> {
  return listingOf(dir)?.names ?? NO_NAMES;
}

const PLACE_ORDER = new Map(PROJECT_SEARCH_PLACES.map((p, i) => [p, i]));

/**
 * The search places present in a directory, in search order. One readdir (or, cached, one stat)
 * is several times cheaper than a stat per search place (11).
 */
export function placesIn(dir: string): readonly string[] {
  const listing = listingOf(dir);
  if (!listing) return [];
  if (listing.places) return listing.places;
  const found: string[] = [];
  for (const e of listing.names) if (PLACE_ORDER.has(e)) found.push(e);
  if (found.length > 1) found.sort((a, b) => (PLACE_ORDER.get(a) as number) - (PLACE_ORDER.get(b) as number));
  listing.places = found;
  return found;
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
