/** Built-in configuration: what shellguard uses when no config file says otherwise. */

import type { ResolvedConfig } from "./types.js";

/**
 * Basenames (globs allowed) of files that must not be written. Writing one of these changes how
 * a shell, git, a package manager or an agent behaves next time, or exposes credentials.
 */
export const DEFAULT_SENSITIVE_FILES: readonly string[] = [
  // shell startup and exit files: run on every new shell
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
  ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout",
  ".cshrc", ".tcshrc", "config.fish",
  // git: config can run programs (core.pager, hooks path, filters); credentials
  ".gitconfig", ".gitmodules", ".git-credentials",
  // credentials and package-manager config (registries, tokens, scripts)
  ".netrc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".pgpass",
  // environment files loaded by tools and direnv
  ".env", ".env.*", ".envrc",
  // ssh
  "authorized_keys", "known_hosts", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
  // AI agent config (MCP servers run programs); .claude/settings.json is covered by the .claude directory
  ".mcp.json", ".claude.json",
  // system files (by basename, wherever they are)
  "sudoers", "passwd", "shadow", "group", "hosts", "crontab",
];

/**
 * Directory names (matched against any path segment) or absolute paths (globs allowed) that
 * must not be written into.
 */
export const DEFAULT_SENSITIVE_DIRECTORIES: readonly string[] = [
  // version control internals: hooks and config run programs
  ".git",
  // keys and cloud credentials
  ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".config/gcloud", ".config/gh",
  // agent and editor settings (can run programs: tasks, MCP servers, hooks)
  ".claude", ".vscode", ".idea",
  // the operating system
  // (not all of /var: apt caches and logs there are everyday work; devices: dangerous/device-write)
  "/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/var/spool/cron", "/sys", "/proc",
];

// The built-in secret lists live beside the check that reads them (the analysis layer, below config).
import { DEFAULT_NOT_SECRET_FILES, DEFAULT_SECRET_FILES } from "../analysis/secret-lists.js";
export { DEFAULT_NOT_SECRET_FILES, DEFAULT_SECRET_FILES };

/** Freeze an object and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The built-in configuration (deeply frozen). `loadConfig` starts from a copy of it. */
export const DEFAULTS: Readonly<ResolvedConfig> = deepFreeze({
  mode: "default",
  shell: { mode: "guard", onError: "allow" },
  rules: { deny: [], ask: [], allow: [] },
  workingDirectories: [],
  sensitiveFiles: [...DEFAULT_SENSITIVE_FILES],
  sensitiveDirectories: [...DEFAULT_SENSITIVE_DIRECTORIES],
  secretFiles: [...DEFAULT_SECRET_FILES],
  notSecretFiles: [...DEFAULT_NOT_SECRET_FILES],
  dangerousPatterns: [],
  gitPack: true,
  lintSeverity: {},
  lintIgnore: [],
  agent: { approve: false },
  imports: [],
  files: [],
  warnings: [],
} satisfies ResolvedConfig);

/** A fresh, mutable copy of DEFAULTS. */
export function cloneDefaults(): ResolvedConfig {
  return {
    mode: DEFAULTS.mode,
    shell: { ...DEFAULTS.shell },
    rules: { deny: [], ask: [], allow: [] },
    workingDirectories: [],
    sensitiveFiles: [...DEFAULTS.sensitiveFiles],
    sensitiveDirectories: [...DEFAULTS.sensitiveDirectories],
    secretFiles: [...DEFAULTS.secretFiles],
    notSecretFiles: [...DEFAULTS.notSecretFiles],
    dangerousPatterns: [],
    gitPack: DEFAULTS.gitPack,
    lintSeverity: {},
    lintIgnore: [],
    agent: { ...DEFAULTS.agent },
    imports: [],
    files: [],
    warnings: [],
  };
}
