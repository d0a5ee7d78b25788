/**
 * Directories a line fills from the network, and what later runs from them: `git clone URL &&
 * ./repo/install.sh`, `git clone URL r && cd r && make`, `curl -L URL | tar xz && sh pkg/setup.sh`,
 * `curl -O URL/a.zip && unzip a.zip && ./a/run`. Running code fetched earlier on the line is a pipe
 * into a shell with extra steps (shell/pipe-to-shell), as running a downloaded file is
 * (line-state.ts). A clone of a local path is not a fetch. Trees cross into strings run later
 * (and out of strings that fetch them) through the written files (line-state.ts); a `cd` into one
 * lasts until a `cd` out of it, or the end of the subshell it was made in, within its parse.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import { gitSubcommand, tarExtractDir } from "../specs.js";
import { constructIndex, encloses, subshellAround } from "../tree.js";
import type { Origin, UnwrapResult } from "./types.js";
import { INTERPRETERS } from "./wrappers.js";
import { codeWords, PROGRAM_RUNNERS } from "./run-target.js";

export interface FetchedTrees {
  /** Fetched directories (normalised; "." when unpacked into the working directory) → what fetched them. */
  dirs: Map<string, string>;
  /** Since a `cd` into one: the parse and the subshell it is confined to (-1: the whole parse). */
  inside: { facts: Facts; scope: number; by: string } | null;
  /** Reported once: `cd repo && ./configure && make && make install` is one fetch run. */
  reported: boolean;
}

/** Commands that fetch a tree, or move into one. */
export const TREE_COMMANDS: ReadonlySet<string> = new Set(["git", "gh", "hg", "svn", "tar", "bsdtar", "unzip", "cd", "pushd"]);

/** Network sources: a URL scheme, or scp-like `[user@]host:path`. */
const REMOTE = /^(?:(?:https?|git|ssh|ftps?|git\+ssh|ssh\+git|svn|svn\+ssh):\/\/|[\w.-]+@[\w.-]+:|[\w-]+(?:\.[\w-]+)+:(?!\/\/))/i;
/** git clone's options that take the next word as their value. */
const CLONE_VALUED = /^(?:-[bocju]|--(?:branch|origin|config|depth|reference|reference-if-able|separate-git-dir|upload-pack|template|jobs|filter|shallow-since|shallow-exclude|bundle-uri|server-option|revision))$/;
/** A script by its extension, run by a runner even without a slash (`bash install.sh`). */
const SCRIPT = /\.(?:sh|bash|zsh|ksh|py|js|mjs|cjs|ts|rb|pl|php|lua|tcl|ps1)$/;
/** Build tools: they run the build steps of the directory they work in (or are pointed at). */
const BUILDERS: ReadonlySet<string> = new Set(["make", "gmake", "cmake", "meson", "ninja", "just", "rake", "gradle", "mvn", "scons", "ant", "tox", "nox", "mix"]);
/** Package managers: the project's scripts run on a bare install, or when asked to run them. */
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(["npm", "yarn", "pnpm", "bun", "composer", "bundle", "poetry", "pipenv"]);
const RUNS_SCRIPTS = /^(?:run|run-script|test|t|start|exec|x|rebuild|restart|stop|pack|publish|dev|build|shell)$/;
const INSTALLS = /^(?:install|i|ci|sync|update|upgrade)$/;
/** pip and uv build what they are given: a local path (`.`, `./x`, `-e .`) is the project's own setup code. */
const PYTHON_INSTALLERS: ReadonlySet<string> = new Set(["pip", "pip3", "uv"]);
/** cargo and go subcommands that run the project's code (build scripts, tests, generators). */
const CARGO_RUNS = /^(?:build|b|run|r|test|t|bench|check|c|clippy)$/;
const GO_RUNS = /^(?:run|generate|test)$/;

const norm = (p: string): string => p.replace(/^(?:\.\/+)+/, "").replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);

/** The directory a clone of `url` makes by default: its last segment without `.git`. */
function humanish(url: string): string {
  const path = url.replace(/[?#].*$/, "").replace(/\/+$/, "").replace(/\/\.git$/, "").replace(/\.git$/, "");
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf(":")) + 1);
}

/** Operands of `args` from `from` on, skipping options (and the value of those `valued` names). */
function operands(args: readonly string[], from: number, valued: RegExp | null): string[] {
  const out: string[] = [];
  for (let k = from; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "--") {
      out.push(...args.slice(k + 1));
      break;
    }
    if (a.startsWith("-") && a !== "-") {
      if (valued?.test(a) === true) k++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** The tree `sc` fetches (its directory and what fetched it), or null. `downloads`: files downloaded earlier on the line. */
export function fetchedTree(sc: SimpleCommand, facts: Facts, downloads: ReadonlySet<string> | null): { dir: string; by: string } | null {
  const name = sc.argv[0]?.value;
  // `git status`, `cd src`: most of these commands fetch nothing; tell cheaply.
  if (name === "cd" || name === "pushd" || name === "git" && !sc.argv.some((w) => w.value === "clone")) return null;
  if (sc.argv.some((w) => w.dynamic !== null)) return null;
  const args = sc.argv.map((w) => w.value);
  if (name === "git") {
    const sub = gitSubcommand(args);
    if (sub?.[0] !== "clone") return null;
    // `git -C DIR clone …` clones into DIR.
    const c = args.lastIndexOf("-C", args.length - sub.length);
    const prefix = c > 0 ? `${args[c + 1] as string}/` : "";
    const [url, dir] = operands(sub, 1, CLONE_VALUED);
    return url !== undefined && REMOTE.test(url) ? { dir: norm(prefix + (dir ?? humanish(url))), by: "git clone" } : null;
  }
  if (name === "hg" || name === "svn") {
    if (!(name === "hg" ? /^clone$/ : /^(?:checkout|co|export)$/).test(args[1] ?? "")) return null;
    const [url, dir] = operands(args, 2, /^-[rbuU]$|^--(?:rev|branch|updaterev|revision|depth|username|password)$/);
    return url !== undefined && REMOTE.test(url) ? { dir: norm(dir ?? humanish(url)), by: `${name} ${args[1] as string}` } : null;
  }
  if (name === "gh") {
    if (args[1] !== "repo" || args[2] !== "clone" || args[3] === undefined) return null;
    const dir = args[4] !== undefined && !args[4].startsWith("-") ? args[4] : humanish(args[3]);
    return { dir: norm(dir), by: "gh repo clone" };
  }
  if (name === "tar" || name === "bsdtar") return unpacked(sc, facts, args, downloads);
  if (name === "unzip" && downloads !== null) {
    const [archive] = operands(args, 1, /^-[dxP]$/);
    const d = args.indexOf("-d");
    if (archive === undefined || !downloads.has(norm(archive))) return null;
    return { dir: d > 0 && args[d + 1] !== undefined ? norm(args[d + 1] as string) : ".", by: `unzip of ${archive}, a download` };
  }
  return null;
}

/** `tar xf a.tgz [-C DIR]` of a download, or `curl … | tar xz`: the directory it unpacks into. */
function unpacked(sc: SimpleCommand, facts: Facts, args: readonly string[], downloads: ReadonlySet<string> | null): { dir: string; by: string } | null {
  let archive: string | null = null;
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "-f" || a === "--file") archive = args[k + 1] ?? null;
    else if (a.startsWith("--file=")) archive = a.slice(7);
    // `-xzf F`, or the old style `xzf F` as the first word: f's value is the next word.
    else if (/^-[A-Za-z]*f$/.test(a) && !a.startsWith("--") || k === 1 && /^[A-Za-z]*f[A-Za-z]*$/.test(a) && !a.startsWith("-")) archive = args[k + 1] ?? null;
  }
  const into = tarExtractDir(args);
  if (into === null && !extracts(args)) return null;
  const dir = into === null || into.value === "" ? "." : norm(into.value);
  if (archive === null || archive === "-") {
    const head = sc.stage > 0 ? facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === 0)?.argv[0]?.value : undefined;
    return head === "curl" || head === "wget" ? { dir, by: `tar of what ${head} fetched` } : null;
  }
  return downloads?.has(norm(archive)) === true ? { dir, by: `tar of ${archive}, a download` } : null;
}

/** tar's extract mode, as tarExtractDir reads it (which returns null without a -C too). */
function extracts(args: readonly string[]): boolean {
  return args.some((a, i) => a === "--extract" || a === "--get" || (i === 1 && !a.startsWith("-") && /^[A-Za-z]*x/.test(a)) || (/^-[A-Za-z]*x/.test(a) && !a.startsWith("--")));
}

/** What fetched the tree `w` is in (named trees by prefix; relative paths while inside one), or null. */
function treeOf(trees: FetchedTrees, w: Word, inside: string | null, needSlash: boolean): string | null {
  if (w.dynamic !== null) return null;
  const v = w.value;
  if (v === "" || v.startsWith("-")) return null;
  const p = norm(v);
  for (const [dir, by] of trees.dirs) if (dir !== "." && (p === dir || p.startsWith(`${dir}/`))) return by;
  if ((needSlash && !v.includes("/")) || v.startsWith("/") || v.startsWith("~") || v.startsWith("..")) return null;
  return inside ?? trees.dirs.get(".") ?? null;
}

/**
 * After a tree was fetched: `cd` into it is remembered; running a program, a script or a build from
 * it is a finding. Cheap for the commands that do neither (a lookup or two).
 */
export function fetchedStep(sc: SimpleCommand, facts: Facts, trees: FetchedTrees, origin: Origin, out: UnwrapResult): void {
  const argv = sc.argv;
  const first = argv[0];
  if (first === undefined) return;
  let inside: string | null = null;
  if (trees.inside !== null) {
    if (trees.inside.facts === facts && encloses(constructIndex(facts), trees.inside.scope, sc.parent)) inside = trees.inside.by;
  }
  const name = base(first.value);
  if (first.dynamic === null && (name === "cd" || name === "pushd")) {
    const target = argv.slice(1).find((w) => !/^-[LPe@]+$/.test(w.value));
    const by = target === undefined ? null : treeOf(trees, target, inside, false);
    trees.inside = by === null ? null : { facts, scope: subshellAround(constructIndex(facts), sc.parent), by };
    return;
  }
  const report = (w: Word, by: string, what: string): void => {
    if (trees.reported) return;
    trees.reported = true;
    const r = origin.range ?? [w.start, w.end];
    out.findings.push({ id: "shell/pipe-to-shell", message: `${what} comes from what ${by} fetched earlier on this line, and runs unseen, like a pipe into a shell; fetch it, read it, then run it.`, start: r[0], end: r[1] });
  };
  const program = treeOf(trees, first, inside, true);
  if (program !== null) return report(first, program, `'${first.value}'`);
  if (first.dynamic !== null) return;
  if (INTERPRETERS.has(name) || name === "source" || name === "." || PROGRAM_RUNNERS.has(name)) {
    // `sudo sh repo/install`, `env A=1 nohup repo/run`, `node -r ./repo/x.js app.js`: through runners to the code run.
    for (const [w, program] of codeWords(argv)) {
      const by = treeOf(trees, w, inside, program || !SCRIPT.test(w.value));
      if (by !== null) return report(w, by, `'${w.value}', which ${name} runs,`);
    }
    return;
  }
  const local = argv.findIndex((w, k) => k > 0 && w.dynamic === null && (w.value.includes("/") || trees.dirs.has(norm(w.value))) && treeOf(trees, w, null, false) !== null);
  if (local > 0 && (BUILDERS.has(name) || PACKAGE_MANAGERS.has(name) || PYTHON_INSTALLERS.has(name) || name === "cargo" || name === "go")) {
    // `make -C repo`, `pip install ./repo`, `cargo install --path repo`: pointed at a fetched tree.
    const w = argv[local] as Word;
    return report(w, treeOf(trees, w, null, false) as string, `What ${name} builds from '${w.value}'`);
  }
  const by = inside ?? trees.dirs.get(".") ?? null;
  if (by !== null && buildsHere(name, argv.map((w) => w.value))) report(first, by, `What ${name} builds here`);
}

/** Whether `name args` runs the code of the project in the working directory. */
function buildsHere(name: string, args: readonly string[]): boolean {
  if (BUILDERS.has(name)) return true;
  const ops = operands(args, 1, null);
  const sub = ops[0];
  if (PACKAGE_MANAGERS.has(name)) return sub === undefined || RUNS_SCRIPTS.test(sub) || (INSTALLS.test(sub) && ops.length === 1);
  if (PYTHON_INSTALLERS.has(name)) return (name === "uv" && /^(?:run|sync)$/.test(sub ?? "")) || args.includes("-e") || args.includes("--editable") || ops.slice(1).some((o) => o === "." || o.startsWith("./") || o.startsWith("../"));
  if (name === "cargo") return sub !== undefined && (CARGO_RUNS.test(sub) || (sub === "install" && args.includes("--path")));
  return name === "go" && sub !== undefined && GO_RUNS.test(sub);
}
