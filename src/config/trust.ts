/**
 * Trust for project config files (docs/config.md, "Trust"). A project config is trusted when the
 * sha256 hash of its content is recorded in `$XDG_CONFIG_HOME/shellguard/trusted.json`, a JSON
 * object mapping the file's real absolute path to the hash. Editing the file revokes trust.
 * For package.json the hash covers only the `shellguard` property (as JSON), so version bumps
 * and dependency updates do not revoke it.
 */

import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError } from "./errors.js";
import { formatOf, packageProperty, parseJson, readBytes, sha256, tempName } from "./parse.js";
import { PACKAGE_PROP, trustStorePath } from "./paths.js";
import type { Env } from "./env.js";

export interface TrustOptions {
  /** Environment for XDG_CONFIG_HOME and HOME (default process.env). */
  env?: Env;
  /** Directory a relative `file` is resolved against (default process.cwd()). */
  cwd?: string;
}

export type TrustStore = Record<string, string>;

/** The hash recorded for a package.json whose `shellguard` property is `value`. */
export function packageValueHash(value: unknown): string {
  return sha256(JSON.stringify(value));
}

/** The hash recorded for a config file with these bytes. @internal */
export function configHash(file: string, bytes: Buffer): string {
  if (formatOf(file) === "package") {
    const value = packageProperty(parseJson(file, bytes.toString("utf8")));
    if (value === undefined) throw new ConfigError(file, "", `has no "${PACKAGE_PROP}" property`);
    return packageValueHash(value);
  }
  return sha256(bytes);
}

/** The real absolute path used as the trust store key (falls back to the absolute path). */
export function canonicalPath(file: string, cwd?: string): string {
  const abs = resolve(cwd ?? process.cwd(), file);
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

/** Read the trust store; missing means empty, malformed is a ConfigError. */
export function readTrustStore(env: Env = process.env): TrustStore {
  const store = trustStorePath(env);
  let text: string;
  try {
    text = readFileSync(store, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(store, "", `cannot read the trust store: ${(err as Error).message}`, { cause: err });
  }
  const data = parseJson(store, text);
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ConfigError(store, "", "the trust store must be a JSON object mapping config paths to sha256 hashes");
  }
  const out: TrustStore = {};
  for (const [path, hash] of Object.entries(data as Record<string, unknown>)) {
    if (typeof hash !== "string") {
      throw new ConfigError(store, JSON.stringify(path), "must be a sha256 hash (a string)");
    }
    out[path] = hash;
  }
  return out;
}

function writeTrustStore(env: Env, data: TrustStore): void {
  const store = trustStorePath(env);
  mkdirSync(dirname(store), { recursive: true, mode: 0o700 });
  const tmp = tempName(store);
  try {
    writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, store);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new ConfigError(store, "", `cannot write the trust store: ${(err as Error).message}`, { cause: err });
  }
}

/** Record a config file's current content as trusted. Returns the key and the hash recorded. */
export function trust(file: string, opts: TrustOptions = {}): { path: string; hash: string } {
  const env = opts.env ?? process.env;
  const path = canonicalPath(file, opts.cwd);
  const hash = configHash(path, readBytes(path));
  const store = readTrustStore(env);
  store[path] = hash;
  writeTrustStore(env, store);
  return { path, hash };
}

/** Forget a config file's trust. Returns whether it was recorded. */
export function untrust(file: string, opts: TrustOptions = {}): boolean {
  const env = opts.env ?? process.env;
  const path = canonicalPath(file, opts.cwd);
  const store = readTrustStore(env);
  if (!(path in store)) return false;
  delete store[path];
  writeTrustStore(env, store);
  return true;
}

/** Whether the file's current content is the content that was trusted. */
export function isTrusted(file: string, opts: TrustOptions = {}): boolean {
  const env = opts.env ?? process.env;
  const path = canonicalPath(file, opts.cwd);
  const recorded = readTrustStore(env)[path];
  if (recorded === undefined) return false;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return false;
  }
  try {
    return configHash(path, bytes) === recorded;
  } catch {
    return false;
  }
}
