/**
 * Reading and parsing config files: JSON, YAML, package.json#shellguard and JavaScript.
 * The `yaml` package costs tens of milliseconds to load, so it is required lazily and parsed
 * YAML is cached by content hash in `$XDG_CACHE_HOME/shellguard/`.
 */

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { requireFrom } from "../facts/require.js";
import { ConfigError } from "./errors.js";
import { PACKAGE_PROP, userCacheDir } from "./paths.js";
import { sha256Hex } from "./sha256.js";
import type { Env } from "./env.js";

let required: NodeJS.Require | undefined;
/** This module's `require`, made on first use (facts/require.ts). */
const ownRequire = (): NodeJS.Require => (required ??= requireFrom(import.meta.url));

let tempCounter = 0;

/** A unique temporary name next to `file`, for write-then-rename (O_EXCL is not needed: it is per process). */
export function tempName(file: string): string {
  return `${file}.${process.pid}.${Date.now().toString(36)}.${(tempCounter++).toString(36)}.tmp`;
}

export type ConfigFormat = "json" | "yaml" | "js" | "package";

/** The format of a config file by its name, or null when shellguard cannot read that kind of file. */
export function formatOf(file: string): ConfigFormat | null {
  if (basename(file) === "package.json") return "package";
  switch (extname(file)) {
    case ".json":
      return "json";
    case "":
    case ".yaml":
    case ".yml":
      return "yaml";
    case ".js":
    case ".cjs":
    case ".mjs":
      return "js";
    default:
      return null;
  }
}

let crypto: typeof import("node:crypto") | undefined;

/**
 * Hex SHA-256. Loading node:crypto costs ~5 ms of startup; hashing a small input in plain
 * JavaScript costs ~1 ms on a cold start (it runs in the interpreter), a large one more.
 */
/** @internal */
export function sha256(data: string | Buffer): string {
  if (data.length <= 4096) return sha256Hex(data);
  crypto ??= ownRequire()("node:crypto") as typeof import("node:crypto");
  return crypto.createHash("sha256").update(data).digest("hex");
}

/** Read a file's bytes; a failure is a ConfigError. @internal */
export function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "file not found" : code === "EISDIR" ? "is a directory, not a file" : code === "EACCES" ? "permission denied" : `cannot read: ${(err as Error).message}`;
    throw new ConfigError(file, "", why, { cause: err });
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** JSON.parse with a ConfigError naming the line and column. Blank text is an empty config. */
export function parseJson(file: string, text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    const raw = (err as Error).message;
    const m = /at position (\d+)/.exec(raw);
    const detail = raw.replace(/\s*in JSON at position \d+.*$/s, "").replace(/\s*\(line \d+ column \d+\)$/, "");
    if (m) {
      const { line, column } = lineColumn(text, Number(m[1]));
      throw new ConfigError(file, "", `invalid JSON at line ${line}, column ${column}: ${detail}`, { line, column, cause: err });
    }
    throw new ConfigError(file, "", `invalid JSON: ${detail}`, { cause: err });
  }
}

interface YamlModule {
  parseDocument(
    src: string,
    options?: Record<string, unknown>,
  ): {
    errors: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }[];
    toJS(options?: Record<string, unknown>): unknown;
  };
}

let yamlModule: YamlModule | undefined;

function parseYamlUncached(file: string, text: string): unknown {
  yamlModule ??= ownRequire()("yaml") as YamlModule;
  const doc = yamlModule.parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const first = doc.errors[0];
  if (first) {
    const detail = (first.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    const pos = first.linePos?.[0];
    if (pos) {
      throw new ConfigError(file, "", `invalid YAML at line ${pos.line}, column ${pos.col}: ${detail}`, { line: pos.line, column: pos.col });
    }
    throw new ConfigError(file, "", `invalid YAML: ${detail}`);
  }
  try {
    return doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    throw new ConfigError(file, "", `invalid YAML: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Parse YAML, using the parse cache (`$XDG_CACHE_HOME/shellguard/yaml/<hash of path>.json`,
 * holding the content hash and the parsed value). Cache failures are ignored.
 */
export function parseYaml(file: string, text: string, contentHash: string, env: Env): unknown {
  if (text.trim() === "") return {};
  const dir = join(userCacheDir(env), "yaml");
  const cacheFile = join(dir, `${sha256(file).slice(0, 32)}.json`);
  try {
    const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as { hash?: unknown; value?: unknown };
    if (cached.hash === contentHash && "value" in cached) return cached.value;
  } catch {
    // no cache entry
  }
  const value = parseYamlUncached(file, text);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = tempName(cacheFile);
    writeFileSync(tmp, JSON.stringify({ hash: contentHash, value }), { mode: 0o600 });
    try {
      renameSync(tmp, cacheFile);
    } catch {
      rmSync(tmp, { force: true });
    }
  } catch {
    // the cache is an optimisation only
  }
  return value;
}

/** The `shellguard` property of a parsed package.json, or undefined. */
export function packageProperty(pkg: unknown): unknown {
  if (pkg && typeof pkg === "object" && !Array.isArray(pkg) && Object.prototype.hasOwnProperty.call(pkg, PACKAGE_PROP)) {
    return (pkg as Record<string, unknown>)[PACKAGE_PROP];
  }
  return undefined;
}

/** Hash of ES modules already loaded in this process: they cannot be reloaded (see loadJs). */
const loadedEsm = new Map<string, string>();

/**
 * Execute a JavaScript config file and return its export (`module.exports`, or the default
 * export of an ES module). Node >= 20.19 `require`s ES modules synchronously. A CommonJS file is
 * re-read on every call; an ES module stays cached for the life of the process, so when its
 * content changes `stale` is set and the old value is returned.
 */
export function loadJs(file: string, contentHash: string): { value: unknown; stale: boolean } {
  const previous = loadedEsm.get(file);
  let mod: unknown;
  try {
    delete ownRequire().cache[file];
    mod = ownRequire()(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why =
      e.code === "ERR_REQUIRE_ASYNC_MODULE"
        ? "uses top-level await, which a config file cannot (it is loaded synchronously)"
        : `failed to load: ${(e.message ?? String(err)).split("\n")[0]}`;
    throw new ConfigError(file, "", why, { cause: err });
  }
  if (Object.prototype.toString.call(mod) === "[object Module]") {
    if (previous === undefined) loadedEsm.set(file, contentHash);
    const ns = mod as Record<string, unknown>;
    if (!("default" in ns)) throw new ConfigError(file, "", "has no default export (write `export default { ... }`)");
    return { value: ns.default, stale: previous !== undefined && previous !== contentHash };
  }
  const cjs = mod as { __esModule?: boolean; default?: unknown } | null;
  const value = cjs && typeof cjs === "object" && cjs.__esModule && "default" in cjs ? cjs.default : mod;
  return { value, stale: false };
}
