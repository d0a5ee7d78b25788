/**
 * A guard: config (loaded per working directory, cached, optionally reloaded when a config file
 * changes) + analysis + engine, with the fail-safe. Shared by the library (`createGuard`) and
 * the CLI (`check`, `--batch`, `serve`, `explain`). Synchronous.
 */

import { homedir } from "../facts/home.js";
import { resolve } from "node:path";
import { analyze } from "../analysis/index.js";
import type { Analysis, AnalysisOptions } from "../analysis/types.js";
import type { Dialect } from "../analysis/dialects/index.js";
import { createConfigCache, loadConfig, type ConfigCache } from "../config/index.js";
import type { ResolvedConfig, RuleSet, RuleSpec } from "../config/types.js";
import type { Facts } from "../facts/types.js";
import { analysisFailedDecision, evaluateIn, type StepTrace } from "./engine.js";
import { MODE_POLICY } from "./modes.js";
import type { RuleInput } from "./rules.js";
import type { Decision, ModeName } from "./types.js";
import { verifyRule, type RuleUse } from "./verify.js";
import { withImports } from "../config/imports.js";
import type { Env } from "../config/env.js";

/** A rule given in code: a pattern string, or an object without (or with) its `source`. */
export type RuleOption = RuleInput;

/**
 * Config given in code, layered over the loaded config (it is trusted: the caller wrote it). Its
 * modes are ModeNames: the library entry (src/index.ts) normalises aliases before they get here.
 */
export interface ConfigOverrides extends Partial<Omit<ResolvedConfig, "rules" | "dangerousPatterns" | "shell" | "files" | "warnings">> {
  /** Added after the loaded rules of each kind (like another config layer). */
  rules?: Partial<Record<keyof RuleSet, readonly RuleOption[]>>;
  /** Added after the loaded dangerous patterns. */
  dangerousPatterns?: readonly RuleOption[];
  shell?: Partial<ResolvedConfig["shell"]>;
}

export interface GuardOptions {
  /** Working directory for config discovery and path checks; default `process.cwd()`. */
  cwd?: string;
  /** Mode when a check names none; default the config's `mode`. */
  mode?: ModeName;
  /** Use exactly this config file (no discovery). */
  configFile?: string;
  /** Config layered over the loaded one. */
  config?: ConfigOverrides;
  /** Environment for config discovery (XDG_CONFIG_HOME, HOME); default `process.env`. */
  env?: Env;
  /** Re-read the config when a config file changes (stat-based); default true. */
  reload?: boolean;
  /**
   * Called once per distinct config warning (an untrusted config's ignored keys, an untrusted
   * config that does not load and was ignored, a config in an unsafe place, ...), the first time
   * a check or explain uses a config that has it. The CLI prints them on stderr; the shell
   * worker shows them once.
   */
  onWarning?: (warning: string) => void;
}

export interface CheckOptions {
  mode?: ModeName;
  /** The shell the command is written for: bash (default), zsh or fish (src/analysis/dialects/). */
  dialect?: Dialect;
  cwd?: string;
  id?: string | number;
}

export interface Explanation {
  command: string;
  mode: ModeName;
  cwd: string;
  /** null when the analysis failed. */
  facts: Facts | null;
  analysis: Analysis | null;
  /** Each of the six steps' outcome (empty when the analysis failed). */
  steps: StepTrace[];
  decision: Decision;
  config: ResolvedConfig;
}

/**
 * Whether a line of `config.warnings` is a warning to show: not the informational count of the
 * claude-settings import (config/imports.ts), which would otherwise print on every check.
 */
function isWarning(line: string): boolean {
  return !/^claude-settings: \d+ file\(s\) read, /.test(line);
}

/** A rule given in code (`createGuard({ config })`) whose pattern or examples are wrong. */
export class RuleOptionError extends Error {
  override readonly name = "RuleOptionError";
}

function ruleSpecs(list: readonly RuleOption[], use: RuleUse): RuleSpec[] {
  return list.map((r) => {
    const spec: RuleSpec = typeof r === "string" ? { pattern: r, source: "options" } : { ...r, source: r.source ?? "options" };
    const problem = verifyRule(spec, use);
    if (problem) throw new RuleOptionError(`Invalid ${use} rule "${spec.pattern}" given in options: ${problem}.`);
    return spec;
  });
}

/** The loaded config with code-given overrides layered on top. */
export function applyOverrides(base: ResolvedConfig, o: ConfigOverrides | undefined): ResolvedConfig {
  if (!o) return base;
  const { rules, dangerousPatterns, shell, mode, ...rest } = o;
  const out: ResolvedConfig = { ...base, ...rest };
  if (mode !== undefined) out.mode = mode;
  if (shell) out.shell = { ...base.shell, ...shell };
  if (rules) {
    out.rules = {
      deny: [...base.rules.deny, ...ruleSpecs(rules.deny ?? [], "deny")],
      ask: [...base.rules.ask, ...ruleSpecs(rules.ask ?? [], "ask")],
      allow: [...base.rules.allow, ...ruleSpecs(rules.allow ?? [], "allow")],
    };
  }
  if (dangerousPatterns) out.dangerousPatterns = [...base.dangerousPatterns, ...ruleSpecs(dangerousPatterns, "dangerous")];
  return out;
}

export class Guard {
  readonly cwd: string;
  private readonly options: GuardOptions;
  private readonly env: Env;
  /** With reload: the config layer's stat-stamped cache; without: loaded once per directory. */
  private readonly reloading: ConfigCache | null;
  private readonly once = new Map<string, ResolvedConfig>();
  private readonly overridden = new WeakMap<ResolvedConfig, ResolvedConfig>();
  private readonly imported = new WeakMap<ResolvedConfig, Map<string, ResolvedConfig>>();
  /** Warnings already passed to onWarning; configs already scanned for new ones. */
  private readonly reported = new Set<string>();
  private readonly scanned = new WeakSet<ResolvedConfig>();

  constructor(options: GuardOptions = {}) {
    this.options = options;
    this.env = options.env ?? process.env;
    this.cwd = resolve(options.cwd ?? process.cwd());
    this.reloading = options.reload === false ? null : createConfigCache({ verifyRule });
  }

  /** The resolved config for a working directory (throws the config loader's ConfigError). */
  configFor(cwd: string = this.cwd): ResolvedConfig {
    const dir = resolve(this.cwd, cwd);
    const opts = {
      cwd: dir,
      env: this.env,
      ...(this.options.configFile !== undefined ? { configFile: resolve(this.cwd, this.options.configFile) } : {}),
    };
    let loaded: ResolvedConfig;
    if (this.reloading) {
      loaded = this.reloading.load(opts);
    } else {
      const hit = this.once.get(dir);
      loaded = hit ?? loadConfig({ ...opts, verifyRule });
      if (!hit) this.once.set(dir, loaded);
    }
    if (loaded.imports?.length) loaded = this.importsFor(loaded, dir);
    let config = loaded;
    if (this.options.config) {
      config = this.overridden.get(loaded) ?? applyOverrides(loaded, this.options.config);
      this.overridden.set(loaded, config);
    }
    this.report(config);
    return config;
  }

  /** The config warnings for a working directory (default: the guard's). */
  warnings(cwd: string = this.cwd): string[] {
    return this.configFor(cwd).warnings.filter(isWarning);
  }

  /** Pass the config's new warnings to onWarning, each once for the life of the guard. */
  private report(config: ResolvedConfig): void {
    const onWarning = this.options.onWarning;
    if (!onWarning || this.scanned.has(config)) return;
    this.scanned.add(config);
    for (const w of config.warnings) {
      if (!isWarning(w) || this.reported.has(w)) continue;
      this.reported.add(w);
      onWarning(w);
    }
  }

  /** The config with its imported rules, once per loaded config and directory. */
  private importsFor(loaded: ResolvedConfig, dir: string): ResolvedConfig {
    let byDir = this.imported.get(loaded);
    if (!byDir) this.imported.set(loaded, (byDir = new Map()));
    let config = byDir.get(dir);
    if (!config) byDir.set(dir, (config = withImports(loaded, dir, this.env)));
    return config;
  }

  private resolveMode(mode: ModeName | undefined, config: ResolvedConfig): ModeName {
    return mode ?? this.options.mode ?? config.mode;
  }

  private analysisOptions(mode: ModeName, cwd: string, config: ResolvedConfig, dialect: Dialect | undefined): AnalysisOptions {
    return {
      ...(dialect !== undefined && dialect !== "bash" ? { dialect } : {}),
      guard: MODE_POLICY[mode].guardAnalysis,
      cwd,
      home: this.env.HOME || homedir(),
      workingDirectories: config.workingDirectories,
      sensitiveFiles: config.sensitiveFiles,
      sensitiveDirectories: config.sensitiveDirectories,
      secrets: { files: config.secretFiles, except: config.notSecretFiles },
      gitPack: config.gitPack,
      packs: config.dangerousPacks,
    };
  }

  /** allow, ask or deny, and why. Throws only for a config error. */
  check(command: string, options: CheckOptions = {}): Decision {
    return this.explain(command, options).decision;
  }

  /** The decision with the facts, the analysis and each step's outcome. */
  explain(command: string, options: CheckOptions = {}): Explanation {
    if (typeof command !== "string") throw new TypeError("shellguard: the command must be a string");
    const cwd = resolve(this.cwd, options.cwd ?? ".");
    const config = this.configFor(cwd);
    const mode = this.resolveMode(options.mode, config);
    const decideOptions = { mode, ...(options.id !== undefined ? { id: options.id } : {}) };
    try {
      const analysis = analyze(command, this.analysisOptions(mode, cwd, config, options.dialect));
      const { decision, steps } = evaluateIn(analysis, config, decideOptions);
      return { command, mode, cwd, facts: analysis.facts, analysis, steps, decision, config };
    } catch (error) {
      // Fail safe: never a silent allow when the analysis (or the engine) breaks.
      const decision = analysisFailedDecision(command, config, decideOptions, error);
      return { command, mode, cwd, facts: null, analysis: null, steps: [], decision, config };
    }
  }
}
