/**
 * Names and stats along the config search, kept out of the public types (they need node's):
 * the directories searched, and their listings, reused while a directory is unchanged.
 */

import { readdirSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { homeDir } from "../facts/home.js";
import { PROJECT_SEARCH_PLACES } from "./paths.js";
import type { Env } from "./env.js";

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
