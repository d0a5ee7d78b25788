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
const GROUPS: ReadonlySet<string> = new Set(["pip", "tool", "global", "profile", "plugin", "extension"]);

/** The subcommand (the first operand, past a group word) is one of `verbs`: `npm hook add` is no install. */
const verb = (...verbs: string[]) => (args: readonly string[], valued?: RegExp): number => {
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "--") return -1;
    // `npm --prefix ./app install …`: a global option's value is no subcommand.
    if (a.startsWith("-") || (valued !== undefined && k > 1 && valued.test(args[k - 1] as string))) continue;
    if (verbs.includes(a)) return k + 1;
    if (!GROUPS.has(a)) return -1;
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
};

export const remotePackageUnwrapper: Unwrapper = {
  name: "remote-package",
  commands: Object.keys(INSTALLERS),
  also: (v, e) => installed(v, e, INSTALLERS[v.name] as Installer),
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
