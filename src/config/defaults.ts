/** Built-in configuration: what shellguard uses when no config file says otherwise. */

import { PACK_NAMES } from "../analysis/packs/types.js";
import { DEFAULT_NOT_SECRET_FILES, DEFAULT_SECRET_FILES } from "../analysis/secret-lists.js";
import type { ResolvedConfig } from "./types.js";

/**
 * Basenames (globs allowed), trailing paths (`.ssh/config`), absolute or `~/` paths of files that
 * must not be written. Writing one of these changes how
 * a shell, git, a package manager or an agent behaves next time, or exposes credentials.
 */
export const DEFAULT_SENSITIVE_FILES: readonly string[] = [
  // shell startup and exit files: run on every new shell
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
  ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout",
  ".cshrc", ".tcshrc", ".kshrc", ".mkshrc", "config.fish", ".bash_aliases", ".bash_functions", ".inputrc",
  ".xprofile", ".xsession", ".xinitrc", ".pam_environment",
  // git: config can run programs (core.pager, hooks path, filters); credentials
  ".gitconfig", ".gitmodules", ".git-credentials", ".config/git/config", ".config/git/credentials", ".config/git/attributes",
  // credentials and package-manager config (registries, tokens, scripts)
  ".netrc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pypirc", ".pgpass", ".config/npm/npmrc", "pip.conf", ".condarc", ".cargo/config.toml",
  // Python runs these at every start-up (site customisation)
  "sitecustomize.py", "usercustomize.py",
  // environment files loaded by tools and direnv
  ".env", ".env.*", ".envrc",
  // ssh
  "authorized_keys", "authorized_keys2", "known_hosts", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk",
  // AI agent config (MCP servers run programs); .claude/settings.json is covered by the .claude directory
  ".mcp.json", ".claude.json",
  // start-up files of other programs that can run commands: vi/vim (`silent !cmd`), emacs (elisp),
  // tmux/screen (`run-shell`, `exec`), gdb/lldb, psql/sqlite3 (`\!`, `.shell`), mutt and mailcap
  // (viewer commands), lesskey (`#env LESSOPEN=|cmd`). Read from home only, so anchored there (a
  // backup copy in a project is no start-up file); R also reads .Rprofile/.Renviron in the cwd.
  "~/.vimrc", "~/.gvimrc", "~/.exrc", "~/.vim/vimrc", "~/.vim/gvimrc",
  "~/.emacs", "~/.emacs.el", "~/.spacemacs", "~/.emacs.d/init.el", "~/.emacs.d/early-init.el", "~/.config/emacs/init.el", "~/.config/emacs/early-init.el",
  "~/.tmux.conf", "~/.config/tmux/tmux.conf", "~/.screenrc",
  "~/.gdbinit", "~/.gdbearlyinit", "~/.config/gdb/gdbinit", "~/.config/gdb/gdbearlyinit", "~/.lldbinit",
  "~/.psqlrc", ".psqlrc-*", "~/.sqliterc", ".Rprofile", ".Renviron", "Rprofile.site",
  "~/.muttrc", "~/.mailcap", "~/.lesskey", "~/.config/lesskey",
  // more start-up code: vim's XDG vimrc, files the shell rc files source (cargo, nvm), login and X
  // session scripts, bash completions, direnv's library, curl/wget/irb/less configurations that run
  // or fetch, cargo's old config name
  "~/.config/vim/vimrc", "~/.vim/filetype.vim", "~/.cargo/env", "~/.nvm/nvm.sh", "~/.xsessionrc", "~/.login", "~/.bash_completion",
  "~/.config/direnv/direnvrc", "~/.direnvrc", "~/.curlrc", "~/.wgetrc", "~/.cargo/config", "~/.irbrc", "~/.lessfilter",
  // system files (by basename, wherever they are)
  "sudoers", "passwd", "shadow", "group", "hosts", "crontab",
];

/**
 * Directory names (matched against any path segment), runs of segments (`.config/gh`), absolute
 * or `~/` paths (globs allowed) that must not be written into.
 */
export const DEFAULT_SENSITIVE_DIRECTORIES: readonly string[] = [
  // version control internals: hooks and config run programs
  ".git",
  // keys and cloud credentials
  ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".config/gcloud", ".config/gh",
  // shell start-up directories (fish's conf.d and functions, zsh's config dir), services and autostart
  ".config/fish", ".config/zsh", ".oh-my-zsh/custom", ".config/environment.d", ".config/systemd/user", ".config/autostart", "Library/LaunchAgents",
  // code other programs load at start-up: vim's runtime directories, neovim's config and packpath,
  // emacs (Doom), tmux plugins, IPython/Jupyter (startup scripts, *_config.py), the user's Python
  // site (`.pth` files run at every start; ~/.local/lib also holds npm's user prefix)
  ".vim/plugin", ".vim/autoload", ".vim/ftplugin", ".vim/ftdetect", ".vim/syntax", ".vim/indent", ".vim/colors", ".vim/compiler", ".vim/after", ".vim/pack", ".vim/import",
  ".config/nvim", ".local/share/nvim/site", ".local/share/bash-completion", ".local/share/systemd/user", ".gradle/init.d", ".config/doom", ".doom.d", ".tmux/plugins", ".ipython", ".jupyter", ".local/lib", "Library/Python", "Library/LaunchDaemons",
  // PATH directories of the user: a program put there shadows the system's under the same name
  // (~/bin: Debian's and Ubuntu's ~/.profile put it on PATH)
  "~/bin", ".local/bin", ".cargo/bin", ".npm-global/bin", ".bun/bin", ".deno/bin", "go/bin",
  // agent and editor settings (can run programs: tasks, MCP servers, hooks)
  ".claude", ".vscode", ".idea",
  // shellguard's own user config and trust store: a write there could loosen the policy
  ".config/shellguard",
  // the operating system
  // (not all of /var: apt caches and logs there are everyday work; devices: dangerous/device-write)
  "/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/var/spool/cron", "/sys", "/proc",
];

// The built-in secret lists live beside the check that reads them (the analysis layer, below config).
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
  dangerousPacks: [...PACK_NAMES],
  lintSeverity: {},
  lintIgnore: [],
  agent: { approve: false },
  log: null,
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
    dangerousPacks: [...DEFAULTS.dangerousPacks],
    lintSeverity: {},
    lintIgnore: [],
    agent: { ...DEFAULTS.agent },
    log: null,
    imports: [],
    files: [],
    warnings: [],
  };
}
