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
  "cat-file": always, grep: always, reflog: (v) => !v.args.some((a) => a === "delete" || a === "expire"),
  "merge-base": always, "name-rev": always, "show-ref": (v) => !v.args.includes("--delete") && !v.args.includes("-d"),
  "for-each-ref": always, "count-objects": always, whatchanged: always, version: always, help: always,
  diff: (v) => !v.args.some((a) => a.startsWith("--output") || a === "--ext-diff"),
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

function git(view: CommandView): boolean {
  const sub = gitSubcommand(view.args);
  if (sub === null) return view.args.some((a) => a === "--version" || a === "--help" || a === "-v" || a === "-h");
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
    "nproc", "arch", "tty", "jq", "man", "info", "help", "tldr", "lsblk", "env", "zcat", "bzcat",
    "xzcat", "look", "numfmt", "expr", "getconf", "sleep", "w", "who", "last", "users", "dig", "nslookup", "host", "ping",
    "tput", "ag", "ack", "fd", "bat", "exa", "eza", "wdiff", "colordiff", "sum", "nm", "objdump", "readelf",
    "apropos", "whatis", "cd", "pushd", "popd", "dirs", "jobs"]
    .map((n): [string, Predicate] => [n, always]),
  ["find", find],
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
  for (const r of view.redirects) {
    if (!isWriteRedirect(r.op, r.target)) continue;
    const path = resolvePath(r.target as Word, paths).path;
    if (path === null || !isHarmlessDevice(path)) return false;
  }
  return true;
}

export function isReadOnly(view: CommandView, paths: PathContext): boolean {
  if (view.wrapperOnly) return true;
  if (view.words.length === 0) return view.sc.assignments.length === 0 && redirectsAreHarmless(view, paths);
  if (view.privileged || !view.trusted || view.argsUnknown && view.name !== "echo") return false;
  if (view.sc.assignments.length > 0 && view.depth === 0 && view.wrappers.length === 0 && view.sc.argv.length === 0) return false;
  const pred = TABLE.get(view.name);
  return pred !== undefined && pred(view) && redirectsAreHarmless(view, paths);
}
