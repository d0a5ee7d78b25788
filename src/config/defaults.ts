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

/**
 * Secrets: files whose content must not be read into an agent's context or leave the machine
 * (docs/checks/secret.md). A pattern without a `/` matches a basename, one with a `/` the end of
 * the path (`.ssh/id_*`), `~/…` and `/…` the whole path; `dir/**` is everything inside. Globs
 * are matched linearly (src/analysis/glob.ts).
 */
export const DEFAULT_SECRET_FILES: readonly string[] = [
  // private SSH keys, TLS and other private keys
  ".ssh/id_*", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk",
  "*.pem", "*.key", "*.p12", "*.pfx",
  // cloud and registry credentials
  ".aws/credentials", ".aws/config", ".aws/sso/cache/**", ".aws/cli/cache/**",
  ".config/gcloud/credentials.db", ".config/gcloud/access_tokens.db",
  ".config/gcloud/application_default_credentials.json", ".config/gcloud/legacy_credentials/**",
  ".azure/**", ".docker/config.json", ".kube/config",
  // token stores
  ".netrc", "_netrc", "~/.npmrc", ".pypirc", ".pgpass", ".config/gh/hosts.yml",
  ".git-credentials", ".config/git/credentials",
  // environment files
  ".env", ".env.*",
  // keychains and password stores
  "Library/Keychains/**", ".password-store/**", ".gnupg/private-keys-v1.d/**", ".gnupg/secring.gpg", "*.kdbx",
  // system password hashes
  "/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/master.passwd",
];

/** Paths the secret patterns match that are not secrets: public keys and example env files. */
export const DEFAULT_NOT_SECRET_FILES: readonly string[] = [
  "*.pub", ".env*.example", ".env*.sample", ".env*.template", ".env*.dist",
];

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
