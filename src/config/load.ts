/**
 * loadConfig: discovery, parsing, validation, trust and layering (defaults < user < project).
 *
 * Discovery follows cosmiconfig's conventions for the module name `shellguard` (search places,
 * their order, package.json#shellguard, nearest directory wins, stop at the home directory) but
 * is implemented here: cosmiconfig's sync API always runs its own "meta config" search in
 * process.cwd(), which imports `.config/config.{js,mjs,...}` files no matter which loaders are
 * configured — that would execute untrusted code. It also costs ~15 ms to load, while the
 * no-config path here is a few stat calls.
 */

import { realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { PACK_NAMES } from "../analysis/packs/types.js";
import { MODE_ALIASES, type ModeName } from "./mode-names.js";
import { cloneDefaults } from "./defaults.js";
import { findUserConfigs, projectCandidates, type Found } from "./discovery.js";
import { ConfigError } from "./errors.js";
import { formatOf, loadJs, packageProperty, parseJson, parseYaml, readBytes, sha256, type ConfigFormat } from "./parse.js";
import { expandTilde, PACKAGE_PROP } from "./paths.js";
import { packageValueHash, readTrustStore, type TrustStore } from "./trust.js";
import { unsafeConfigReason } from "./safety.js";
import { layerLog, logIgnoredWarning, maySetLog } from "./log-settings.js";
import type { ConfigFileInfo, ResolvedConfig, RuleSpec } from "./types.js";
import { toRuleSpec, validateConfig, type RawConfig, type RawListEdit, type RawPatternEdit, type VerifyRule } from "./validate.js";
import type { Env } from "./env.js";

export interface LoadConfigOptions {
  /** Directory discovery starts from (and relative paths are resolved against). */
  cwd: string;
  /** `--config <file>`: use exactly this file instead of discovering a project config. */
  configFile?: string;
  /** Environment for HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME (default process.env). */
  env?: Env;
  /**
   * The engine's rule check, called once for every rule (rules.* and dangerous.patterns) of
   * every file read, with how the rule is used (deny, ask, allow, dangerous); a returned
   * message (e.g. a `match` example that does not match) is a ConfigError naming the rule's key
   * path. Rules of an untrusted file are verified too, even those then ignored: whether a file
   * is valid does not depend on trust.
   */
  verifyRule?: VerifyRule;
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, "\\$1")}"`;
}

function trustHint(file: string): string {
  return `untrusted project config (run 'shellguard trust ${shellQuote(file)}')`;
}

interface LoadedFile {
  info: ConfigFileInfo;
  raw: RawConfig | null;
}

/** A config file read and its trust decided, not yet parsed. */
interface Examined extends Found {
  kind: ConfigFileInfo["kind"];
  /** @internal */
  bytes: Buffer;
  trusted: boolean;
  /** The content hash (the trust store's, see trust.ts), computed only when needed. */
  hash(): string;
}

function examine(found: Found, kind: ConfigFileInfo["kind"], trustStore: () => TrustStore): Examined {
  const { path, format } = found;
  const bytes = found.bytes ?? readBytes(path);
  let value = found.value;
  if (format === "package") {
    if (value === undefined) value = packageProperty(parseJson(path, bytes.toString("utf8")));
    if (value === undefined) throw new ConfigError(path, "", `has no "${PACKAGE_PROP}" property`);
  }
  let contentHash: string | undefined;
  const hash = (): string => (contentHash ??= format === "package" ? packageValueHash(value) : sha256(bytes));
  let trusted = kind !== "project";
  if (!trusted) {
    const recorded = trustStore()[realPath(path)];
    trusted = recorded !== undefined && recorded === hash();
  }
  return { ...found, value, kind, bytes, trusted, hash };
}

function loadFile(file: Examined, env: Env, warnings: string[], verifyRule: VerifyRule | undefined): LoadedFile {
  const { path, format, bytes, kind, trusted } = file;
  let value = file.value;
  const info: ConfigFileInfo = { path, kind, trusted };

  if (format === "js") {
    if (!trusted) {
      info.skipped = true;
      warnings.push(`${path}: not executed: ${trustHint(path)}`);
      return { info, raw: null };
    }
    const loaded = loadJs(realPath(path), file.hash());
    if (loaded.stale) {
      warnings.push(`${path}: changed since this process first loaded it; ES module configs are reloaded only when shellguard restarts`);
    }
    value = loaded.value;
  } else if (format === "json") {
    value = parseJson(path, bytes.toString("utf8"));
  } else if (format === "yaml") {
    value = parseYaml(path, bytes.toString("utf8"), file.hash(), env);
  }
  return { info, raw: validateConfig(path, value, verifyRule, format === "package" ? [PACKAGE_PROP] : []) };
}

/** The warning for an untrusted project config that does not load: it is ignored, never fatal. */
function brokenWarning(error: ConfigError): string {
  const problem = error.keyPath ? `${error.keyPath}: ${error.problem}` : error.problem;
  return `${error.file}: ignored: ${problem} (an untrusted project config that does not load is skipped; fix it to apply its rules)`;
}

const SAFE_HINT = "a project config must be owned by you or root, in a directory only you can write to";

/**
 * The project layers found from `cwd`: the nearest safe config, and when it is not trusted, the
 * nearest trusted one above it too, beneath it — an untrusted config may only tighten what would
 * apply without it, so it must not hide a trusted parent's mode and rules. Configs in places
 * other users can write to are passed over with a warning. An untrusted config that does not
 * load is ignored with a warning (a planted broken file must not switch the guard off); a
 * trusted one that does not load is an error.
 */
function projectLayers(
  cwd: string,
  env: Env,
  warnings: string[],
  trustStore: () => TrustStore,
): (Examined | ConfigError)[] {
  let nearest: Examined | ConfigError | null = null;
  let trusted: Examined | null = null;
  let seenUntrusted = false;
  for (const found of projectCandidates(cwd, env)) {
    const path = found instanceof ConfigError ? found.file : found.path;
    const unsafe = unsafeConfigReason(path);
    if (unsafe !== null) {
      warnings.push(`${path}: not read: ${unsafe} (${SAFE_HINT})`);
      continue;
    }
    let examined: Examined | ConfigError;
    try {
      examined = found instanceof ConfigError ? found : examine(found, "project", trustStore);
    } catch (error) {
      // A trust store error is the user's own file: that stays fatal.
      if (!(error instanceof ConfigError) || error.file !== path) throw error;
      examined = error;
    }
    if (examined instanceof ConfigError || !examined.trusted) {
      // Only the nearest untrusted config counts; untrusted ones further up are passed over.
      if (!seenUntrusted) {
        seenUntrusted = true;
        nearest = examined;
      }
      continue;
    }
    trusted = examined;
    break;
  }
  return [trusted, nearest].filter((f) => f !== null);
}

function normalizeMode(mode: string): ModeName {
  return MODE_ALIASES[mode] ?? (mode as ModeName);
}

function pushUnique(list: string[], items: readonly string[]): void {
  for (const item of items) if (!list.includes(item)) list.push(item);
}

/** Apply one file on top of the configuration built so far. */
function applyLayer(state: ResolvedConfig, raw: RawConfig, info: ConfigFileInfo, env: Env): void {
  const { path: file, trusted } = info;
  /** Whether a loosening key may be applied; if not, say so once. */
  const may = (keyPath: string): boolean => {
    if (!trusted) state.warnings.push(`${file}: ${keyPath} ignored: ${trustHint(file)}`);
    return trusted;
  };
  const specs = (rules: readonly Parameters<typeof toRuleSpec>[0][]): RuleSpec[] => rules.map((r) => toRuleSpec(r, file));

  if (raw.mode !== undefined && may("mode")) state.mode = normalizeMode(raw.mode);
  if (raw.shell && Object.keys(raw.shell).length > 0 && may("shell")) {
    if (raw.shell.mode !== undefined) state.shell.mode = normalizeMode(raw.shell.mode);
    if (raw.shell.onError !== undefined) state.shell.onError = raw.shell.onError;
  }

  if (raw.rules?.deny) state.rules.deny.push(...specs(raw.rules.deny));
  if (raw.rules?.ask) state.rules.ask.push(...specs(raw.rules.ask));
  if (raw.rules?.allow?.length && may("rules.allow")) state.rules.allow.push(...specs(raw.rules.allow));

  if (raw.workingDirectories?.length && may("workingDirectories")) {
    const base = dirname(file);
    pushUnique(state.workingDirectories, raw.workingDirectories.map((d) => resolve(base, expandTilde(d, env))));
  }

  // `exempts`: the list takes entries out of another (notSecrets), so adding loosens, removing tightens.
  const editList = (list: string[], edit: RawListEdit | undefined, keyPath: string, exempts = false): string[] => {
    if (edit === undefined) return list;
    if (Array.isArray(edit)) return may(keyPath) ? [...new Set(edit)] : list;
    let out = list;
    if (edit.remove?.length && (exempts || may(`${keyPath}.remove`))) {
      const gone = new Set(edit.remove);
      out = out.filter((x) => !gone.has(x));
    }
    if (edit.add?.length && (!exempts || may(`${keyPath}.add`))) pushUnique(out, edit.add);
    return out;
  };
  state.sensitiveFiles = editList(state.sensitiveFiles, raw.sensitive?.files, "sensitive.files");
  state.sensitiveDirectories = editList(state.sensitiveDirectories, raw.sensitive?.directories, "sensitive.directories");
  state.secretFiles = editList(state.secretFiles, raw.sensitive?.secrets, "sensitive.secrets");
  state.notSecretFiles = editList(state.notSecretFiles, raw.sensitive?.notSecrets, "sensitive.notSecrets", true);

  const patterns: RawPatternEdit | undefined = raw.dangerous?.patterns;
  if (Array.isArray(patterns)) {
    if (may("dangerous.patterns")) state.dangerousPatterns = specs(patterns);
  } else if (patterns) {
    if (patterns.remove?.length && may("dangerous.patterns.remove")) {
      const gone = new Set(patterns.remove);
      state.dangerousPatterns = state.dangerousPatterns.filter((p) => !gone.has(p.pattern));
    }
    if (patterns.add) state.dangerousPatterns.push(...specs(patterns.add));
  }
  if (raw.dangerous?.git === true) {
    state.gitPack = true;
    if (!state.dangerousPacks.includes("git")) state.dangerousPacks = PACK_NAMES.filter((p) => p === "git" || state.dangerousPacks.includes(p));
  } else if (raw.dangerous?.git === false && may("dangerous.git")) state.gitPack = false;
  // Packs: on is always honoured; off only from a trusted file (an untrusted one may only tighten).
  for (const [pack, on] of Object.entries(raw.dangerous?.packs ?? {})) {
    if (on && !state.dangerousPacks.includes(pack)) state.dangerousPacks = PACK_NAMES.filter((p) => p === pack || state.dangerousPacks.includes(p));
    else if (!on && state.dangerousPacks.includes(pack) && may(`dangerous.packs.${pack}`)) state.dangerousPacks = state.dangerousPacks.filter((p) => p !== pack);
    if (pack === "git" && on) state.gitPack = true;
  }

  if (raw.lint?.severity) Object.assign(state.lintSeverity, raw.lint.severity);

  if (raw.agent && Object.keys(raw.agent).length > 0 && may("agent")) {
    if (raw.agent.approve !== undefined) state.agent.approve = raw.agent.approve;
  }
  if (raw.import?.length && may("import")) pushUnique(state.imports, raw.import);
  if (raw.log !== undefined) {
    if (maySetLog(info.kind)) state.log = layerLog(state.log, raw.log, file, env);
    else state.warnings.push(logIgnoredWarning(file));
  }
}

/**
 * Load the configuration: built-in defaults, then the user config
 * (`$XDG_CONFIG_HOME/shellguard/config.{json,yaml,yml}`), then either the nearest project config
 * or, with `configFile`, exactly that file. Throws ConfigError for a malformed file.
 */
export function loadConfig(opts: LoadConfigOptions): ResolvedConfig {
  const env = opts.env ?? process.env;
  const cwd = resolve(opts.cwd);
  const state = cloneDefaults();
  let store: TrustStore | undefined;
  const trustStore = (): TrustStore => (store ??= readTrustStore(env));

  // A ConfigError here is an untrusted project config that did not even parse far enough to examine.
  const layers: (Examined | ConfigError)[] = [];
  const users = findUserConfigs(env);
  const explicit = opts.configFile === undefined ? undefined : resolve(cwd, opts.configFile);
  const userPath = users[0];
  if (userPath !== undefined) {
    for (const other of users.slice(1)) state.warnings.push(`${other}: ignored: only one user config is read, and ${userPath} exists`);
    // `--config` naming the user config itself: read it once, as the explicit file.
    if (explicit === undefined || realPath(explicit) !== realPath(userPath)) {
      layers.push(examine({ path: userPath, format: formatOf(userPath) as ConfigFormat }, "user", trustStore));
    }
  }
  if (explicit !== undefined) {
    const format = formatOf(explicit);
    if (format === null) {
      throw new ConfigError(explicit, "", "is not a config file type shellguard reads (use .json, .yaml, .yml, .js, .cjs, .mjs, package.json or no extension for YAML)");
    }
    layers.push(examine({ path: explicit, format }, "explicit", trustStore));
  } else {
    layers.push(...projectLayers(cwd, env, state.warnings, trustStore));
  }

  for (const file of layers) {
    let loaded: LoadedFile;
    try {
      if (file instanceof ConfigError) throw file;
      loaded = loadFile(file, env, state.warnings, opts.verifyRule);
    } catch (error) {
      if (!(error instanceof ConfigError) || !(file instanceof ConfigError || !file.trusted)) throw error;
      state.warnings.push(brokenWarning(error));
      state.files.push({ path: error.file, kind: "project", trusted: false, ignored: true });
      continue;
    }
    state.files.push(loaded.info);
    if (loaded.raw) applyLayer(state, loaded.raw, loaded.info, env);
    // lint.ignore is relative to the file's directory; the user config's (no project there) to the cwd.
    if (loaded.raw?.lint?.ignore?.length) state.lintIgnore.push({ base: loaded.info.kind === "user" ? cwd : dirname(file.path), patterns: [...loaded.raw.lint.ignore] });
  }
  return state;
}
