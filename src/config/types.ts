/**
 * The configuration as the engine sees it, after discovery, validation, trust and layering
 * (built-in defaults < user config < project config). The on-disk format is described by
 * schema/shellguard.schema.json and docs/config.md.
 */

import type { ModeName } from "./mode-names.js";

export type OnError = "allow" | "deny";
/** Which decisions the audit log records: asks and denies, or every decision. */
export type LogLevel = "asks" | "all";

/** The audit log (docs/audit.md): set only by the user config or a `--config` file. */
export interface LogSettings {
  /** Absolute path of the log file (JSON Lines). */
  file: string;
  level: LogLevel;
  /** Rotate when the file would grow past this many bytes. */
  maxBytes: number;
  /** Rotated files kept (`<file>.1` newest ... `<file>.<keep>` oldest). */
  keep: number;
}
export type Severity = "off" | "info" | "warning" | "error";

/** A permission rule as written: `git commit:*`, `rm *`, `Bash(npm test:*)`, or an object. */
export interface RuleSpec {
  pattern: string;
  reason?: string;
  match?: string[];
  notMatch?: string[];
  /** Where the rule came from (a file path, `builtin`, `claude-settings:<file>`), for explanations. */
  source: string;
}

export interface RuleSet {
  deny: RuleSpec[];
  ask: RuleSpec[];
  allow: RuleSpec[];
}

export interface ResolvedConfig {
  /** Mode for `check` and the library when the caller names none. */
  mode: ModeName;
  shell: { mode: ModeName; onError: OnError };
  rules: RuleSet;
  /** Extra working directories (absolute) for acceptEdits, beside the cwd. */
  workingDirectories: string[];
  /** Basenames (globs allowed) of files that must not be written: `.bashrc`, `.env`, ... */
  sensitiveFiles: string[];
  /** Directory names or absolute paths (globs allowed) that must not be written into: `.git`, `.ssh`, ... */
  sensitiveDirectories: string[];
  /** Secrets (globs; basenames, trailing paths, `~/` or absolute paths): reading one asks in the agent modes, sending one anywhere asks in every mode. */
  secretFiles: string[];
  /** Paths the secret patterns match that are not secrets (`*.pub`, `.env.example`). */
  notSecretFiles: string[];
  /** Extra dangerous command patterns (rule syntax); a match is a safety ask. */
  dangerousPatterns: RuleSpec[];
  /** The default git pack of dangerous patterns (reset --hard, push --force, ...). */
  gitPack: boolean;
  /** The packs of dangerous operations that are on (src/analysis/packs/), in registry order. */
  dangerousPacks: string[];
  /** Lint severities by finding id or check name. */
  lintSeverity: Record<string, Severity>;
  /** `lint.ignore` of each file (gitignore syntax), with the directory its patterns are relative to. */
  lintIgnore: { base: string; patterns: string[] }[];
  agent: { approve: boolean };
  /** The audit log, or null when it is off (the default). */
  log: LogSettings | null;
  /** Rule sources named by `import` (e.g. `claude-settings`), in layering order, without duplicates. */
  imports: string[];
  /** Config files that were read, in layering order, with their trust state. */
  files: ConfigFileInfo[];
  /**
   * Things a config tried that were refused, one line each, naming the file: untrusted loosening,
   * JS not executed, an untrusted config that does not load, a config in an unsafe place.
   */
  warnings: string[];
}

export interface ConfigFileInfo {
  path: string;
  kind: "user" | "project" | "explicit";
  trusted: boolean;
  /** The JS file was not executed because it is not trusted. */
  skipped?: boolean;
  /** The untrusted file did not load (bad syntax, unknown key, ...) and was ignored; a warning says why. */
  ignored?: boolean;
}
