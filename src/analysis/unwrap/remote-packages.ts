/**
 * Packages installed from where no registry stands behind them: a URL or a repository (`pip
 * install git+https://…`, `npm i github:u/r` or `u/r`, `cargo install --git URL`, `dnf install
 * https://….rpm`, `npx github:u/r`, `uvx --from git+https://…`), or a package file downloaded
 * earlier on the line (`curl -o x.deb URL && sudo dpkg -i x.deb`). Installing runs the package's
 * own code (setup.py and build backends, npm lifecycle scripts, build.rs, rpm and deb maintainer
 * scripts, as root under sudo), fetched and run unseen: a pipe into a shell by another name
 * (shell/remote-package). A package named in a registry, an index URL (`pip -i URL`), a local
 * path and a file on disk stay quiet.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { FindingDraft } from "../check.js";
import type { Env, Origin, Unwrapper } from "./types.js";
import { writtenBefore } from "./written.js";
import { has, letters, names, parseFlags, values, type FlagSpec } from "../flags.js";

interface Installer {
  /** The index just past the word that makes the command an install (`install`, rpm's `-i`), or -1. */
  installs: (args: readonly string[], valued?: RegExp) => number;
  /** Options whose value is not a package (an index, a registry, a directory): skipped. */
  valued: RegExp;
  /** `user/repo` names a GitHub repository (npm-package-arg's rule). */
  shorthand?: true;
  /** Homebrew's `user/tap/formula`: a formula from a third-party tap. */
  tap?: true;
}

/** Words that group subcommands: `uv pip install`, `uv tool install`, `yarn global add`. */
const GROUPS: ReadonlySet<string> = new Set(["pip", "tool", "global", "profile", "plugin", "extension", "role", "collection"]);

/** The subcommand (the first operand, past a group word) is one of `verbs`: `npm hook add` is no install. */
const verb = (...verbs: string[]) => (args: readonly string[], valued?: RegExp): number => {
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "--") return -1;
    // `npm --prefix ./app install …`: a global option's value is no subcommand.
    if (a.startsWith("-") || (valued !== undefined && k > 1 && valued.test(args[k - 1] as string))) continue;
    if (verbs.includes(a)) return k + 1;
    // `yarn workspace web add …`: the workspace's name comes first.
    if (a === "workspace") k++;
    else if (!GROUPS.has(a)) return -1;
  }
  return -1;
};

/** rpm's install modes: `-i`, `-U`, `-F`, `-ivh`, `--install`/`--upgrade`/`--freshen`/`--reinstall` (not `-qi`, a query). */
const rpmInstalls = (args: readonly string[]): number =>
  args.findIndex((a, k) => k > 0 && (/^-(?![a-zA-Z]*[qVe])[a-zA-Z]*[iUF][a-zA-Z]*$/.test(a) || /^--(?:install|upgrade|freshen|reinstall)$/.test(a))) + 1 || -1;
const dpkgInstalls = (args: readonly string[]): number => args.findIndex((a, k) => k > 0 && (/^-[a-zA-Z]*i$/.test(a) || a === "--install" || a === "--unpack")) + 1 || -1;

const PIP_VALUED = /^(?:-[icrtfC]|--(?:index-url|extra-index-url|index|default-index|find-links|requirement|constraint|target|prefix|root|src|proxy|cert|client-cert|trusted-host|python|platform|python-version|implementation|abi|upgrade-strategy|progress-bar|config-settings|global-option|no-binary|only-binary|report|cache-dir|log|timeout|retries|exists-action|directory|project|group|optional|extra|with|python-preference))$/;
const NPM_VALUED = /^(?:-[Cw]|--(?:prefix|cache|userconfig|globalconfig|registry|dir|workspace|filter|tag|omit|include|install-strategy|cwd|modules-folder|global-folder|store-dir|virtual-store-dir|lockfile-dir|save-prefix|network-concurrency|child-concurrency|reporter|loglevel|otp))$/;
const SYSTEM_VALUED = /^(?:-[cCdexR]|--(?:root|installroot|releasever|setopt|repo|repofrom|repoid|enablerepo|disablerepo|exclude|config|dbpath|define|excludepath|prefix|relocate|instdir|admindir|root|target-release|option))$/;

const pip: Installer = { installs: verb("install", "wheel", "add", "inject"), valued: PIP_VALUED };
/** `python3 -m pip install …` (`-mpip` too): pip's words after the module. */
const pythonPip: Installer = {
  installs: (args) => {
    const m = args.findIndex((a, k) => k > 0 && (a === "-mpip" || (a === "-m" && args[k + 1] === "pip")));
    if (m < 0) return -1;
    const at = pip.installs(args.slice(m + (args[m] === "-m" ? 1 : 0)));
    return at < 0 ? -1 : at + m + (args[m] === "-m" ? 1 : 0);
  },
  valued: PIP_VALUED,
};
/** pnpm's `-w` is `--workspace-root` (no value), npm's `-w` names a workspace. */
const PNPM_VALUED = new RegExp(NPM_VALUED.source.replace("-[Cw]", "-C"));
const npm: Installer = { installs: verb("install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add", "a", "install-test", "it"), valued: NPM_VALUED, shorthand: true };
const system: Installer = { installs: verb("install", "in", "reinstall", "localinstall", "upgrade", "up", "update", "downgrade"), valued: SYSTEM_VALUED };

const INSTALLERS: Readonly<Record<string, Installer>> = {
  pip, pip3: pip, pipx: pip, uv: pip, python: pythonPip, python3: pythonPip,
  npm, pnpm: { ...npm, valued: PNPM_VALUED }, yarn: npm, bun: npm,
  // pip3.12, python3.12 -m pip: the versioned names.
  ...Object.fromEntries(Array.from({ length: 8 }, (_, k) => [[`pip3.${k + 7}`, pip], [`python3.${k + 7}`, pythonPip]]).flat()),
  cargo: { installs: verb("install"), valued: /^--(?:index|registry|root|target|target-dir|features|profile|config|bin|example|version|vers|branch|tag|rev|jobs|path)$|^-[jZF]$/ },
  gem: { installs: verb("install", "i"), valued: /^(?:-[sviNP]|--(?:source|version|install-dir|bindir|document|build-root|platform|trust-policy|env-shebang|file|format-executable))$/ },
  dnf: system, yum: system, zypper: system, microdnf: system, tdnf: system, apt: system, "apt-get": system, aptitude: system,
  rpm: { installs: rpmInstalls, valued: SYSTEM_VALUED },
  // `nix run github:u/r`, `nix shell github:u/r#x`, `nix develop`, `nix profile install`.
  nix: { installs: verb("run", "shell", "develop", "install", "add", "build"), valued: /^--(?:override-input|arg|argstr|option|inputs-from|expr|file|profile|store|impure-env|extra-experimental-features|experimental-features|extra-substituters|substituters|log-format)$|^-[fI]$/ },
  // poetry, pdm: `add git+https://…`; bundler: `bundle add x --git URL` (the URL is a value: any word).
  poetry: { installs: verb("add"), valued: /^(?:-[GEC]|--(?:group|extras|source|python|platform|directory|project))$/ },
  pdm: { installs: verb("add"), valued: /^(?:-[Gpg]|--(?:group|project|global))$/ },
  bundle: { installs: verb("add"), valued: /^--(?:version|group|source|require|path|branch|ref|glob)$/ },
  // `brew install u/tap/formula`: a formula (Ruby, run to install) from a third-party repository.
  brew: { installs: verb("install", "reinstall", "upgrade"), valued: /^--(?:cask-dir|appdir|fontdir)$/, tap: true },
  // plugins and extensions that run on install or use: `helm plugin install URL`, `asdf plugin add x URL`, `gh extension install u/r`.
  helm: { installs: (args, valued) => (args[1] === "plugin" ? verb("install")(args, valued) : -1), valued: /^--(?:version|kube-context|namespace)$/ },
  asdf: { installs: verb("add"), valued: /^$/ },
  gh: { installs: verb("install"), valued: /^(?:-R|--repo|--pin)$/, shorthand: true },
  // `pre-commit try-repo URL`: runs the hooks of a repository.
  "pre-commit": { installs: verb("try-repo"), valued: /^--(?:ref|rev|config|files|from-ref|to-ref|hook-stage)$|^-c$/ },
  dpkg: { installs: dpkgInstalls, valued: SYSTEM_VALUED },
  // `ansible-galaxy install git+https://…`, `ansible-galaxy collection install URL`: roles and collections run as playbooks run.
  "ansible-galaxy": { installs: verb("install"), valued: /^(?:-[rps]|--(?:role-file|requirements-file|roles-path|collections-path|server|api-key|token|timeout|keyring|signature|required-valid-signature-count|ignore-signature-status-code))$/ },
};

/** nix-shell and nix-build: `-E` makes the operands expressions; `--arg NAME VALUE` takes two words. */
const NIX_BUILD: FlagSpec = {
  short: letters("pEKkQvq"),
  shortValue: { A: "attr", I: "include", i: "interpreter", j: "max-jobs", o: "out-link" },
  long: { packages: "p", expr: "E", pure: "pure", impure: "impure", "show-trace": "show-trace", "no-out-link": "no-out-link", "dry-run": "dry-run", "keep-going": "K", "keep-failed": "k", quiet: "q", verbose: "v", fallback: "fallback", repair: "repair", check: "check" },
  longValue: { attr: "attr", include: "include", run: "run", command: "run", exclude: "exclude", keep: "keep", "max-jobs": "max-jobs", cores: "cores", "out-link": "out-link", "drv-link": "drv-link", "add-root": "add-root", store: "store", builders: "builders", "log-format": "log-format", arg: "two", argstr: "two", option: "two" },
};
/** nix-env: `-A` is a flag (the operands are attribute paths), `-f FILE` the expression installed from. */
const NIX_ENV: FlagSpec = {
  short: letters("iueqrAPbsvQ"),
  shortValue: { f: "file", p: "profile", I: "include", j: "max-jobs" },
  long: { install: "i", upgrade: "u", set: "i", uninstall: "e", query: "q", attr: "A", "preserve-installed": "P", "remove-all": "r", "dry-run": "dry-run", "from-expression": "E", "prebuilt-only": "b", quiet: "q", verbose: "v" },
  longValue: { file: "file", profile: "profile", include: "include", "from-profile": "from-profile", "max-jobs": "max-jobs", cores: "cores", "log-format": "log-format", arg: "two", argstr: "two", option: "two" },
};
/** Nixpkgs itself, pinned by URL (`-I nixpkgs=https://github.com/NixOS/nixpkgs/archive/….tar.gz`): what README files pin. */
const NIXPKGS = /^https:\/\/(?:github\.com\/NixOS\/nixpkgs\/(?:archive|tarball)\/|(?:channels|releases)\.nixos\.org\/|nixos\.org\/channels\/)/;
/** `import (fetchTarball …)`, `import (builtins.fetchGit { url = …; })`: an expression importing code it fetches. */
const NIX_FETCH = /\bimport\s*\(\s*(?:builtins\.)?fetch(?:Tarball|Git|url|Tree|Mercurial)\b[^)]*?["']?((?:https?|git|ssh):\/\/[^"'\s;)}]+)/g;

/**
 * `nix-shell URL`, `nix-build URL`, `nix-env -if URL`, `-I name=URL` of anything but nixpkgs, `-E
 * 'import (fetchTarball URL)'`: an expression fetched from the network is evaluated, and its shell
 * hook or builds run. `nix-shell -p hello` and a local shell.nix stay quiet.
 */
function nixExpression(view: CommandView, env: Env): void {
  const skip = new Set<number>();
  const isEnv = view.name === "nix-env";
  const p = parseFlags(view.args, isEnv ? NIX_ENV : NIX_BUILD, 1, (name, index) => name === "two" && skip.add(index + 1));
  // nix-env evaluates an expression only to install from it (`-q` lists, `-e` removes).
  if (isEnv && !has(p, "i") && !has(p, "u")) return;
  const flag = (spec: string, w: Word): void => {
    env.out.findings.push(finding(env.at(w), `${view.name} evaluates '${spec}', a Nix expression fetched from the network: its builds and shell hook run unseen. Download it, read it, then point ${view.name} at the local copy.`));
  };
  const head = view.words[0] as Word;
  for (const v of values(p, "include")) {
    const url = v.slice(v.indexOf("=") + 1);
    if (REMOTE.test(url) && !NIXPKGS.test(url)) flag(url, valueWord(view, v) ?? head);
  }
  for (const v of values(p, "file")) if (REMOTE.test(v)) flag(v, valueWord(view, v) ?? head);
  for (const k of p.operands) {
    const w = view.words[k] as Word;
    if (skip.has(k) || w.dynamic !== null) continue;
    if (has(p, "E")) {
      for (const m of w.value.matchAll(NIX_FETCH)) if (!NIXPKGS.test(m[1] as string)) flag(m[1] as string, w);
    } else if (REMOTE.test(w.value)) flag(w.value, w);
  }
}

/** `ansible-pull -U URL`: clones a repository and runs its playbook on this machine. */
const ANSIBLE_PULL: FlagSpec = {
  short: letters("ofKkvD"),
  shortValue: { U: "url", C: "checkout", d: "directory", i: "inventory", e: "extra-vars", m: "module", t: "tags", l: "limit", c: "connection", T: "timeout", u: "user", M: "module-path", s: "sleep" },
  long: names("only-if-changed", "force", "purge", "full", "track-subs", "clean", "check", "diff", "accept-host-key", "verify-commit", "list-hosts", "ask-vault-password", "verbose"),
  longValue: { url: "url", checkout: "checkout", directory: "directory", inventory: "inventory", "extra-vars": "extra-vars", "module-name": "module", tags: "tags", "skip-tags": "tags", limit: "limit", connection: "connection", timeout: "timeout", user: "user", "module-path": "module-path", sleep: "sleep", "vault-id": "vault-id", "vault-password-file": "vault-password-file", "private-key": "private-key", "key-file": "private-key", "ssh-common-args": "ssh-args", "ssh-extra-args": "ssh-args" },
};

function ansiblePull(view: CommandView, env: Env): void {
  for (const url of values(parseFlags(view.args, ANSIBLE_PULL, 1), "url")) {
    if (!REMOTE.test(url)) continue;
    const w = valueWord(view, url) ?? (view.words[0] as Word);
    env.out.findings.push(finding(env.at(w), `ansible-pull runs the playbook of '${url}', a repository fetched from the network, on this machine: its tasks run unseen. Clone it, read it, then run ansible-playbook on the local copy.`));
  }
}

/** `deno install [-g] [-n NAME] URL [ARGS]`: permissions are flags or `--allow-x=LIST`; the script's own arguments follow it. */
const DENO_INSTALL: FlagSpec = {
  short: letters("AgfqrDe"),
  shortValue: { n: "name", c: "config", L: "log-level" },
  long: names("global", "force", "quiet", "no-check", "no-config", "no-lock", "no-npm", "no-remote", "cached-only", "frozen", "dev", "entrypoint", "allow-all", "unstable"),
  longOptional: names("allow-net", "allow-read", "allow-write", "allow-env", "allow-run", "allow-sys", "allow-ffi", "allow-hrtime", "allow-import", "deny-net", "deny-read", "deny-write", "deny-env", "deny-run", "deny-sys", "deny-ffi", "deny-import", "reload", "lock", "env-file", "inspect", "inspect-brk", "check"),
  longValue: names("name", "root", "config", "import-map", "cert", "location", "seed", "v8-flags", "log-level"),
  stopAtOperand: true,
};

/** `deno install -g URL`: a script from a URL installed as a command, run later under its name unseen. */
function denoInstall(view: CommandView, env: Env): void {
  if (view.args[1] !== "install" && view.args[1] !== "i") return;
  const p = parseFlags(view.args, DENO_INSTALL, 2);
  const w = view.words[p.rest];
  if (w === undefined || w.dynamic !== null || !REMOTE.test(w.value)) return;
  env.out.findings.push(finding(env.at(w), `deno installs '${w.value}', a script fetched from a URL, as a command: it runs unseen each time that command is called. Download it, read it, then install the local copy.`));
}

/** The word holding an option's value (`-U URL`, `--url=URL`, `-UURL`). */
function valueWord(view: CommandView, value: string): Word | undefined {
  return view.words.find((w, k) => k > 0 && w.value.endsWith(value));
}

/** Commands that evaluate or run what they are pointed at, rather than install a named package. */
const SOURCES: Readonly<Record<string, (view: CommandView, env: Env) => void>> = { "nix-shell": nixExpression, "nix-build": nixExpression, "nix-env": nixExpression, "ansible-pull": ansiblePull, deno: denoInstall };

export const remotePackageUnwrapper: Unwrapper = {
  name: "remote-package",
  commands: [...Object.keys(INSTALLERS), ...Object.keys(SOURCES)],
  also: (v, e) => (SOURCES[v.name] ?? ((view, env) => installed(view, env, INSTALLERS[view.name] as Installer)))(v, e),
};

/** A URL or a repository: `https://…`, `git+ssh://…`, `git://…`, `github:u/r`, `git@host:u/r`. */
const REMOTE = /^(?:(?:git|hg|svn|bzr)\+)?(?:https?|ftps?|git|ssh|sftp):\/\/|^(?:github|gitlab|bitbucket|gist):|^git@[\w.-]+:/i;
/** npm's GitHub shorthand `user/repo[#ref]` (a path starts with `.`, `/` or `~`; an archive has its extension). */
const SHORTHAND = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(?:#\S*)?$/;
const ARCHIVE = /\.(?:tgz|tar|tar\.gz|zip|whl)$/;

/** Whether a package spec fetches from a URL or a repository: also `name @ URL` (PEP 508) and `name@URL` (npm). */
export function remoteSpec(spec: string, shorthand: boolean): boolean {
  if (REMOTE.test(spec)) return true;
  const at = spec.indexOf("@", 1);
  if (at > 0 && REMOTE.test(spec.slice(at + 1).trimStart())) return true;
  return shorthand && SHORTHAND.test(spec) && !ARCHIVE.test(spec);
}

function finding(at: [number, number], message: string): FindingDraft {
  return { id: "shell/remote-package", message, start: at[0], end: at[1] };
}

function installed(view: CommandView, env: Env, installer: Installer): void {
  const args = view.args;
  const from = installer.installs(args, installer.valued);
  if (from < 0) return;
  for (let k = from; k < args.length; k++) {
    const a = args[k] as string;
    const w = view.words[k] as Word;
    if (a === "--") continue;
    if (a.startsWith("-") && a.length > 1) {
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(0, eq) : a;
      // `pip install -r https://…/requirements.txt`: a list fetched from the network (and the git URLs in it).
      const list = /^(?:-r|--requirement|-c|--constraint)$/.test(name) ? (eq > 0 ? a.slice(eq + 1) : args[k + 1]) : undefined;
      if (list !== undefined && REMOTE.test(list)) env.out.findings.push(remote(view, list, env.at(w)));
      if (installer.valued.test(name)) {
        if (eq < 0) k++;
      } else if (/^-e./.test(a) && remoteSpec(a.slice(2), false)) {
        // `pip install -egit+https://…`: the value attached.
        env.out.findings.push(remote(view, a.slice(2), env.at(w)));
      } else if (eq > 0 && remoteSpec(a.slice(eq + 1), false)) {
        // `--git=URL`, `--spec=git+…`, `--editable=git+…`.
        env.out.findings.push(remote(view, a.slice(eq + 1), env.at(w)));
      }
      continue;
    }
    // `https://…/x-$(rpm -E %fedora).rpm`: a URL with run-time parts is still a URL.
    if (w.dynamic !== null) {
      if ((w.dynamic[0] as [number, number])[0] > 0 && REMOTE.test(a)) env.out.findings.push(remote(view, a, env.at(w)));
      continue;
    }
    if (remoteSpec(a, installer.shorthand === true) || (installer.tap === true && /^[\w-]+\/[\w-]+\/[\w.@+-]+$/.test(a))) env.out.findings.push(remote(view, a, env.at(w)));
    else if (writtenBefore(env.written, view, w)?.download === true) {
      env.out.findings.push(finding(env.at(w), `${view.name} installs '${a}', downloaded earlier on this line: installing it runs its scripts unseen. Download it, read it, then install it on its own line.`));
    }
  }
}

function remote(view: CommandView, spec: string, at: [number, number]): FindingDraft {
  return finding(at, `${view.name} installs '${spec}', fetched from a URL or a repository that no registry stands behind: installing it runs its build and install scripts unseen. Download it, read it, then install the local copy.`);
}

/** Package runners that take npm's specs (`npx u/r` is a GitHub repository). */
const NPM_RUNNERS: ReadonlySet<string> = new Set(["npx", "npm", "pnpm", "yarn", "bunx", "bun"]);

/**
 * A package runner's words up to and including the package it runs (`npx github:u/r`, `uvx
 * --from git+https://… tool`, `pipx run --spec URL x`, `npx -p https://….tgz x`): a remote one is
 * installed, its scripts run, and then its command.
 */
export function runnerSpecs(runner: string, words: readonly Word[], from: number, to: number, origin: Origin, out: { findings: FindingDraft[] }): void {
  // npx, bunx, `npm exec`, `pnpm dlx`, `yarn dlx`, `bun x` fetch a spec; `bun exec`, `pnpm exec`
  // and `yarn exec` run a command (`bun exec scripts/x.sh`).
  const shorthand = NPM_RUNNERS.has(runner) && (runner === "npx" || runner === "bunx" || runner === "npm" || words.slice(from, to).some((w) => w.value === "dlx" || w.value === "x"));
  for (let k = from; k <= to && k < words.length; k++) {
    const w = words[k] as Word;
    if (w.dynamic !== null) continue;
    const v = w.value;
    const eq = v.startsWith("-") ? v.indexOf("=") : -1;
    const spec = eq > 0 ? v.slice(eq + 1) : v;
    if (v.startsWith("-") && eq < 0) continue;
    // The command word itself is a name or a spec; option values are specs only where they are URLs.
    if (remoteSpec(spec, shorthand && (k === to || /^(?:-p|--package)$/.test((words[k - 1] as Word).value)))) {
      const r = origin.range ?? [w.start, w.end];
      out.findings.push({ id: "shell/remote-package", message: `${runner} fetches and runs '${spec}', from a URL or a repository that no registry stands behind: its install scripts and its command run unseen. Download it, read it, then run the local copy.`, start: r[0], end: r[1] });
    }
  }
}
