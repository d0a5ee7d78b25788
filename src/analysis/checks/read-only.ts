/**
 * Read-only classification (the seed's fast path): a command is read-only when it is a system
 * tool on this list, none of its options write or execute (flag-aware, through the shared
 * option parser), and it redirects output nowhere but /dev/null, /dev/stdout, /dev/stderr.
 * `tee` is never read-only; `./ls` is not the system `ls`; sudo/doas never count.
 */

import type { CommandView } from "../command.js";
import { has } from "../flags.js";
import { isHarmlessDevice, resolvePath, type PathContext } from "../paths.js";
import { gitSubcommand, parseFor, parseGit } from "../specs.js";
import { isWriteRedirect } from "./dangerous.js";
import { sedIsReadOnly } from "./sed.js";
import type { Word } from "../../facts/types.js";

type Predicate = (view: CommandView) => boolean;

const always: Predicate = () => true;
const noOptions = (...bad: string[]): Predicate => (v) => !v.args.some((a, i) => i > 0 && bad.some((b) => a === b || a.startsWith(b + "=") || (b.length === 2 && !b.startsWith("--") && a.startsWith(b))));

const GIT_READ: Readonly<Record<string, Predicate>> = {
  status: always, log: always, show: always, blame: always, shortlog: always, describe: always,
  "rev-parse": always, "rev-list": always, "ls-files": always, "ls-tree": always, "ls-remote": always,
  "cat-file": always, reflog: (v) => !v.args.some((a) => a === "delete" || a === "expire"),
  "merge-base": always, "name-rev": always, "show-ref": (v) => !v.args.includes("--delete") && !v.args.includes("-d"),
  "for-each-ref": always, "count-objects": always, whatchanged: always, version: always, help: always,
  diff: always,
  // -O / --open-files-in-pager[=cmd] runs a program on the matches.
  grep: (v) => !v.args.some((a) => /^-[A-Za-z]*O/.test(a) || abbreviates(a, "--open-files-in-pager", 3)),
  branch: (v) => {
    const sub = gitSubcommand(v.args) as readonly string[];
    const p = parseGit(sub);
    const writes = ["delete", "force-delete", "move", "force-move", "copy", "force-copy", "set-upstream-to", "unset-upstream", "edit-description", "track", "force"];
    return !writes.some((f) => has(p, f)) && p.operands.length === 0 || (has(p, "list") && !writes.some((f) => has(p, f)));
  },
  tag: (v) => {
    const sub = gitSubcommand(v.args) as readonly string[];
    const p = parseGit(sub);
    return !has(p, "delete") && !has(p, "annotate") && !has(p, "sign") && !has(p, "force") && !has(p, "message") && !has(p, "file") && (p.operands.length === 0 || has(p, "list") || has(p, "verify"));
  },
  remote: (v) => {
    const sub = gitSubcommand(v.args) as readonly string[];
    const op = sub.slice(1).find((a) => !a.startsWith("-"));
    return op === undefined || op === "show" || op === "get-url";
  },
  config: (v) => {
    const sub = gitSubcommand(v.args) as readonly string[];
    const rest = sub.slice(1);
    if (rest.some((a) => /^--(?:get|get-all|get-regexp|list|get-urlmatch|get-color|get-colorbool)$|^-l$/.test(a))) return true;
    if (rest[0] === "get" || rest[0] === "list") return true;
    return false;
  },
  stash: (v) => {
    const sub = gitSubcommand(v.args) as readonly string[];
    return sub[1] === "list" || sub[1] === "show";
  },
  worktree: (v) => (gitSubcommand(v.args) as readonly string[])[1] === "list",
};

/** Subcommands taking diff options, where `--output=FILE` (or `--ou`, `--out`...) writes FILE and `--ext-diff` runs a program. */
const DIFF_FAMILY: ReadonlySet<string> = new Set(["diff", "log", "show", "whatchanged", "diff-tree", "diff-files", "diff-index", "range-diff", "shortlog"]);
const DIFF_WRITES = (a: string): boolean => abbreviates(a, "--output", 4) || a === "--ext-diff";

/** `arg` (before any `=`) is `full` or a prefix of it at least `min` characters after the dashes. */
function abbreviates(arg: string, full: string, min: number): boolean {
  const name = arg.split("=", 1)[0] as string;
  return name.length >= 2 + min && full.startsWith(name);
}

function git(view: CommandView): boolean {
  const sub = gitSubcommand(view.args);
  if (sub === null) return view.args.some((a) => a === "--version" || a === "--help" || a === "-v" || a === "-h");
  if (DIFF_FAMILY.has(sub[0] as string) && sub.some(DIFF_WRITES)) return false;
  // `git -c core.pager=... `/`-c alias.x=!cmd` can run programs.
  if (view.args.some((a, i) => (a === "-c" && /pager|alias|editor|fsmonitor|hook|ssh|askpass|diff\.|external/i.test(view.args[i + 1] ?? "")) || a.startsWith("--exec-path"))) return false;
  const pred = GIT_READ[sub[0] as string];
  return pred !== undefined && pred(view);
}

const DOCKER_READ = new Set(["ps", "images", "logs", "inspect", "version", "info", "stats", "top", "port", "history", "search", "diff"]);
const KUBECTL_READ = new Set(["get", "describe", "logs", "version", "explain", "api-resources", "api-versions", "cluster-info", "top"]);
const NPM_READ = new Set(["ls", "list", "view", "info", "outdated", "search", "help", "config", "whoami", "root", "prefix", "bin", "explain", "why"]);

function find(view: CommandView): boolean {
  return !view.args.some((a) => /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a));
}

const TABLE: ReadonlyMap<string, Predicate> = new Map<string, Predicate>([
  ...["ls", "ll", "dir", "vdir", "cat", "head", "tail", "less", "more", "wc", "grep", "egrep", "fgrep", "zgrep", "pwd", "echo", "printf",
    "which", "whereis", "type", "whoami", "id", "groups", "uname", "cal", "uptime", "stat", "file", "du", "df",
    "free", "ps", "pgrep", "lsof", "basename", "dirname", "realpath", "readlink", "cut", "tr", "uniq", "diff", "cmp", "comm", "nl",
    "od", "hexdump", "strings", "sha1sum", "sha256sum", "sha512sum", "md5sum", "cksum", "b2sum", "base64", "column",
    "fold", "fmt", "expand", "unexpand", "rev", "tac", "paste", "join", "seq", "true", "false", "test", "[", "printenv", "locale",
    "nproc", "arch", "tty", "jq", "info", "help", "tldr", "lsblk", "env", "zcat", "bzcat",
    "xzcat", "look", "numfmt", "expr", "getconf", "sleep", "w", "who", "last", "users", "dig", "nslookup", "host", "ping",
    "tput", "ag", "ack", "fd", "bat", "exa", "eza", "wdiff", "colordiff", "sum", "nm", "objdump", "readelf",
    "apropos", "whatis", "cd", "pushd", "popd", "dirs", "jobs"]
    .map((n): [string, Predicate] => [n, always]),
  ["find", find],
  // man -P/--pager and -H/--html run a program of the caller's choosing.
  ["man", (v) => !v.args.some((a, i) => i > 0 && (/^-[A-Za-z]*[PH]/.test(a) || abbreviates(a, "--pager", 1) || abbreviates(a, "--html", 2) || abbreviates(a, "--preprocessor", 3)))],
  // `command -v/-V name` only looks a name up (with a command to run, unwrapping sees through it).
  ["command", (v) => v.args.some((a, i) => i > 0 && /^-[pvV]*[vV][pvV]*$/.test(a))],
  ["date", noOptions("-s", "--set")],
  ["hostname", (v) => v.args.length === 1 || v.args.slice(1).every((a) => a.startsWith("-") && !/^-(?:F|-file|b|-boot)/.test(a))],
  ["xxd", (v) => v.args.filter((a, i) => i > 0 && !a.startsWith("-")).length < 2],
  ["yq", noOptions("-i", "--inplace")],
  ["fd", noOptions("-x", "--exec", "-X", "--exec-batch")],
  ["rg", noOptions("--pre")],
  ["sort", (v) => !has(parseFor("sort", v.args), "output") && !has(parseFor("sort", v.args), "compress-program")],
  ["tree", (v) => !has(parseFor("tree", v.args), "output")],
  ["uniq", (v) => parseFor("uniq", v.args).operands.length < 2],
  ["sed", sedIsReadOnly],
  ["git", git],
  ["docker", (v) => DOCKER_READ.has(v.args.slice(1).find((a) => !a.startsWith("-")) ?? "") || v.args.includes("--version")],
  ["kubectl", (v) => KUBECTL_READ.has(v.args.slice(1).find((a) => !a.startsWith("-")) ?? "")],
  ["npm", (v) => NPM_READ.has(v.args[1] ?? "") && !(v.args[1] === "config" && !["get", "list", "ls"].includes(v.args[2] ?? ""))],
  ["node", (v) => v.args.length === 2 && (v.args[1] === "--version" || v.args[1] === "-v")],
  ["python", (v) => v.args.length === 2 && (v.args[1] === "--version" || v.args[1] === "-V")],
  ["python3", (v) => v.args.length === 2 && (v.args[1] === "--version" || v.args[1] === "-V")],
]);

/** env with a command is not this predicate's business: unwrapping sees through it. */
function redirectsAreHarmless(view: CommandView, paths: PathContext): boolean {
  const redirects = view.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if (!isWriteRedirect(r.op, r.target)) continue;
    const t = r.target as Word;
    if (t.dynamic === null && !t.tilde && isHarmlessDevice(t.value)) continue;
    const path = resolvePath(t, paths).path;
    if (path === null || !isHarmlessDevice(path)) return false;
  }
  return true;
}

/**
 * Variables a read-only command may be run with. Any other can make it run code (`PAGER=...
 * git log`, `LESSOPEN='|cmd' less f`, `LD_PRELOAD`, `PATH=.:$PATH ls`, `GIT_EXTERNAL_DIFF`).
 */
const SAFE_ENV = /^(?:LANG|LANGUAGE|LC_[A-Z]+|TZ|TERM|COLORTERM|NO_COLOR|FORCE_COLOR|CLICOLOR(?:_FORCE)?|COLUMNS|LINES|CI|DEBUG|VERBOSE|RUST_LOG|RUST_BACKTRACE|NODE_ENV|PYTHONUNBUFFERED|USER|LOGNAME|TMPDIR|GIT_PAGER_IN_USE)$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

/** `X=1 cmd` and `env X=1 cmd`: every variable set for the command is a harmless one. */
function assignmentsAreHarmless(view: CommandView): boolean {
  const assignments = view.sc.assignments;
  for (let k = 0; k < assignments.length; k++) if (!SAFE_ENV.test((assignments[k] as (typeof assignments)[number]).name)) return false;
  if (view.wrappers.length === 0) return true;
  const first = view.words[0] as Word;
  for (const w of view.sc.argv) {
    if (w === first || w.start >= first.start) break;
    const m = ASSIGNMENT.exec(w.value);
    if (m !== null && !SAFE_ENV.test(m[1] as string)) return false;
  }
  return true;
}

export function isReadOnly(view: CommandView, paths: PathContext): boolean {
  // `bash -c '...'` is as read-only as what it runs, unless variables set for it change that.
  if (view.wrapperOnly) return assignmentsAreHarmless(view);
  if (view.words.length === 0) return view.sc.assignments.length === 0 && redirectsAreHarmless(view, paths);
  if (view.privileged || !view.trusted || view.argsUnknown && view.name !== "echo") return false;
  if (!assignmentsAreHarmless(view)) return false;
  const pred = TABLE.get(view.name);
  return pred !== undefined && pred(view) && redirectsAreHarmless(view, paths);
}
