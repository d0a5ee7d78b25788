/**
 * Flag specs per command, shared by every check (one spelling table per tool), plus the few
 * argument grammars a flag spec cannot express (kill's signals, git's global options).
 */

import { parseFlags, type FlagSpec, type ParsedFlags } from "./flags.js";

/**
 * The spelling tables, built on first use: object literals this size cost about a millisecond to
 * create, which `shellguard check "git status"` (that never needs rm's table) should not pay.
 */
let specs: Readonly<Record<string, FlagSpec>> | undefined;

const buildSpecs = (): Readonly<Record<string, FlagSpec>> => ({
  rm: {
    short: { r: "recursive", R: "recursive", f: "force", i: "interactive", I: "interactive-once", d: "dir", v: "verbose" },
    long: { recursive: "recursive", force: "force", dir: "dir", verbose: "verbose", "no-preserve-root": "no-preserve-root", "one-file-system": "one-file-system" },
    longOptional: { interactive: "interactive", "preserve-root": "preserve-root" },
  },
  rmdir: { short: { p: "parents", v: "verbose" }, long: { parents: "parents", verbose: "verbose", "ignore-fail-on-non-empty": "ignore" } },
  shred: { short: { f: "force", u: "remove", v: "verbose", x: "exact", z: "zero" }, shortValue: { n: "iterations", s: "size" }, long: { force: "force", verbose: "verbose", exact: "exact", zero: "zero" }, longValue: { iterations: "iterations", size: "size", "random-source": "random-source" }, longOptional: { remove: "remove" } },
  chmod: { short: { R: "recursive", c: "changes", f: "silent", v: "verbose" }, long: { recursive: "recursive", changes: "changes", silent: "silent", quiet: "silent", verbose: "verbose", "no-preserve-root": "no-preserve-root", "preserve-root": "preserve-root" }, longValue: { reference: "reference" } },
  chown: { short: { R: "recursive", c: "changes", f: "silent", v: "verbose", h: "no-dereference", H: "H", L: "L", P: "P" }, long: { recursive: "recursive", changes: "changes", silent: "silent", quiet: "silent", verbose: "verbose", "no-dereference": "no-dereference", dereference: "dereference", "no-preserve-root": "no-preserve-root", "preserve-root": "preserve-root" }, longValue: { reference: "reference", from: "from" } },
  cp: { short: { r: "recursive", R: "recursive", a: "archive", f: "force", i: "interactive", n: "no-clobber", v: "verbose", p: "preserve", l: "link", s: "symbolic-link", u: "update", x: "one-file-system", d: "d", L: "dereference", P: "no-dereference", H: "H", T: "no-target-directory", b: "backup" }, shortValue: { t: "target-directory", S: "suffix" }, long: { recursive: "recursive", archive: "archive", force: "force", interactive: "interactive", "no-clobber": "no-clobber", verbose: "verbose", "no-target-directory": "no-target-directory", parents: "parents" }, longValue: { "target-directory": "target-directory", suffix: "suffix" }, longOptional: { preserve: "preserve", backup: "backup", reflink: "reflink", update: "update", sparse: "sparse" } },
  mv: { short: { f: "force", i: "interactive", n: "no-clobber", v: "verbose", u: "update", T: "no-target-directory", b: "backup" }, shortValue: { t: "target-directory", S: "suffix" }, long: { force: "force", interactive: "interactive", "no-clobber": "no-clobber", verbose: "verbose", "no-target-directory": "no-target-directory", "strip-trailing-slashes": "strip" }, longValue: { "target-directory": "target-directory", suffix: "suffix" }, longOptional: { backup: "backup", update: "update" } },
  ln: { short: { s: "symbolic", f: "force", i: "interactive", n: "no-dereference", v: "verbose", r: "relative", T: "no-target-directory", b: "backup", L: "logical", P: "physical" }, shortValue: { t: "target-directory", S: "suffix" }, long: { symbolic: "symbolic", force: "force", interactive: "interactive", verbose: "verbose", relative: "relative" }, longValue: { "target-directory": "target-directory", suffix: "suffix" } },
  install: { short: { c: "c", C: "compare", d: "directory", D: "D", p: "preserve", s: "strip", v: "verbose", T: "no-target-directory", b: "backup" }, shortValue: { g: "group", m: "mode", o: "owner", t: "target-directory", S: "suffix" }, long: { directory: "directory", verbose: "verbose" }, longValue: { group: "group", mode: "mode", owner: "owner", "target-directory": "target-directory", suffix: "suffix" } },
  touch: { short: { a: "a", c: "no-create", h: "no-dereference", m: "m", f: "f" }, shortValue: { d: "date", r: "reference", t: "stamp" }, long: { "no-create": "no-create", "no-dereference": "no-dereference" }, longValue: { date: "date", reference: "reference", time: "time" } },
  mkdir: { short: { p: "parents", v: "verbose" }, shortValue: { m: "mode" }, long: { parents: "parents", verbose: "verbose" }, longValue: { mode: "mode", context: "context" } },
  tee: { short: { a: "append", i: "ignore-interrupts", p: "p" }, long: { append: "append", "ignore-interrupts": "ignore-interrupts" }, longOptional: { "output-error": "output-error" } },
  truncate: { short: { c: "no-create", o: "io-blocks" }, shortValue: { r: "reference", s: "size" }, long: { "no-create": "no-create", "io-blocks": "io-blocks" }, longValue: { reference: "reference", size: "size" } },
  curl: { short: { O: "remote-name", L: "location", s: "silent", S: "show-error", f: "fail", k: "insecure", v: "verbose", I: "head", i: "include", J: "remote-header-name", G: "get", g: "globoff", N: "no-buffer", Z: "parallel", "#": "progress-bar" }, shortValue: { o: "output", d: "data", H: "header", X: "request", u: "user", A: "user-agent", e: "referer", F: "form", T: "upload-file", x: "proxy", b: "cookie", c: "cookie-jar", m: "max-time", r: "range", w: "write-out", K: "config", E: "cert", D: "dump-header", C: "continue-at", y: "speed-time", Y: "speed-limit", z: "time-cond", U: "proxy-user", P: "ftp-port", Q: "quote", t: "telnet-option" }, long: { "remote-name": "remote-name", location: "location", silent: "silent", fail: "fail", insecure: "insecure", verbose: "verbose", head: "head", include: "include", compressed: "compressed", get: "get", "create-dirs": "create-dirs", "remote-name-all": "remote-name" }, longValue: { output: "output", data: "data", "data-binary": "data", "data-raw": "data", header: "header", request: "request", user: "user", "user-agent": "user-agent", form: "form", "upload-file": "upload-file", proxy: "proxy", preproxy: "proxy", socks4: "proxy", socks4a: "proxy", socks5: "proxy", "socks5-hostname": "proxy", url: "url", cookie: "cookie", "cookie-jar": "cookie-jar", "max-time": "max-time", "write-out": "write-out", config: "config", "output-dir": "output-dir", "dump-header": "dump-header", "trace": "trace", "trace-ascii": "trace" } },
  wget: { short: { q: "quiet", v: "verbose", c: "continue", N: "timestamping", r: "recursive", k: "convert-links", p: "page-requisites", m: "mirror", b: "background", x: "force-directories", nd: "no-directories" }, shortValue: { O: "output-document", o: "output-file", a: "append-output", P: "directory-prefix", i: "input-file", U: "user-agent", t: "tries", T: "timeout", l: "level", e: "execute" }, long: { quiet: "quiet", continue: "continue", recursive: "recursive", mirror: "mirror" }, longValue: { "output-document": "output-document", "output-file": "output-file", "append-output": "append-output", "directory-prefix": "directory-prefix", "input-file": "input-file", "user-agent": "user-agent", header: "header", "post-data": "post-data", execute: "execute" } },
  sed: { short: { n: "quiet", E: "extended", r: "extended", s: "separate", u: "unbuffered", z: "null-data", b: "binary" }, shortValue: { e: "expression", f: "file", l: "line-length" }, shortOptional: { i: "in-place" }, long: { quiet: "quiet", silent: "quiet", "regexp-extended": "extended", separate: "separate", sandbox: "sandbox", debug: "debug", posix: "posix", "null-data": "null-data", "zero-terminated": "null-data", "follow-symlinks": "follow-symlinks", unbuffered: "unbuffered", help: "help", version: "version", binary: "binary" }, longValue: { expression: "expression", file: "file", "line-length": "line-length" }, longOptional: { "in-place": "in-place" } },
  sort: { short: { b: "b", d: "d", f: "f", g: "g", i: "i", M: "M", h: "h", n: "n", R: "R", r: "r", V: "V", c: "c", C: "C", m: "m", s: "s", u: "u", z: "z" }, shortValue: { k: "key", o: "output", t: "field-separator", S: "buffer-size", T: "temporary-directory" }, long: { unique: "u", reverse: "r", numeric: "n", "numeric-sort": "n" }, longValue: { key: "key", output: "output", "field-separator": "field-separator", "buffer-size": "buffer-size", "temporary-directory": "temporary-directory", "compress-program": "compress-program", "files0-from": "files0-from", "random-source": "random-source", parallel: "parallel", sort: "sort" } },
  tree: { short: { a: "a", d: "d", f: "f", i: "i", l: "l", x: "x", p: "p", s: "s", h: "h", u: "u", g: "g", D: "D", F: "F", q: "q", N: "N", Q: "Q", r: "r", t: "t", c: "c", U: "U", v: "v", C: "C", n: "n", J: "J", X: "X" }, shortValue: { L: "level", P: "pattern", I: "ignore", o: "output", H: "html" }, longValue: { filelimit: "filelimit", charset: "charset", sort: "sort" } },
  dd: {},
  rsync: {
    short: { v: "v", q: "q", c: "c", a: "a", r: "r", R: "R", b: "b", u: "u", d: "d", l: "l", L: "L", k: "k", K: "K", H: "H", p: "p", E: "E", A: "A", X: "X", o: "o", g: "g", D: "D", t: "t", O: "O", J: "J", S: "S", n: "n", W: "W", x: "x", y: "y", z: "z", C: "C", F: "F", P: "P", h: "h", i: "i", m: "m", s: "s", U: "U", N: "N", "8": "8", "4": "4", "6": "6" },
    shortValue: { e: "rsh", B: "block-size", T: "temp-dir", M: "remote-option", f: "filter" },
    longValue: { rsh: "rsh", "rsync-path": "rsync-path", exclude: "exclude", include: "include", filter: "filter", "exclude-from": "exclude-from", "include-from": "include-from", "files-from": "files-from", "temp-dir": "temp-dir", "compare-dest": "compare-dest", "copy-dest": "copy-dest", "link-dest": "link-dest", "backup-dir": "backup-dir", suffix: "suffix", "partial-dir": "partial-dir", chmod: "chmod", chown: "chown", "log-file": "log-file", "password-file": "password-file", port: "port", bwlimit: "bwlimit", "max-size": "max-size", "min-size": "min-size", timeout: "timeout", "out-format": "out-format", "block-size": "block-size", "remote-option": "remote-option" },
  },
  scp: {
    short: { "3": "3", "4": "4", "6": "6", A: "A", B: "B", C: "C", O: "O", p: "p", q: "q", R: "R", r: "r", s: "s", T: "T", v: "v" },
    shortValue: { c: "cipher", D: "sftp-server", F: "ssh-config", i: "identity", J: "jump", l: "limit", o: "ssh-option", P: "port", S: "program", X: "sftp-option" },
  },
  patch: {
    short: { b: "backup", c: "context", e: "ed", E: "remove-empty-files", f: "force", l: "ignore-whitespace", n: "normal", N: "forward", R: "reverse", s: "silent", t: "batch", T: "set-time", u: "unified", v: "version", Z: "set-utc" },
    shortValue: { B: "prefix", d: "directory", D: "ifdef", F: "fuzz", i: "input", o: "output", p: "strip", r: "reject-file", V: "version-control", Y: "basename-prefix", z: "suffix" },
    long: { backup: "backup", context: "context", ed: "ed", force: "force", "ignore-whitespace": "ignore-whitespace", normal: "normal", forward: "forward", reverse: "reverse", silent: "silent", quiet: "silent", batch: "batch", "dry-run": "dry-run", unified: "unified", verbose: "verbose", binary: "binary", posix: "posix" },
    longValue: { prefix: "prefix", directory: "directory", ifdef: "ifdef", fuzz: "fuzz", input: "input", output: "output", strip: "strip", "reject-file": "reject-file", "version-control": "version-control", "basename-prefix": "basename-prefix", suffix: "suffix", quoting: "quoting", merge: "merge", "read-only": "read-only", reject: "reject", get: "get" },
  },
  unzip: {
    short: { l: "list", t: "test", v: "verbose", z: "comment", f: "freshen", u: "update", o: "overwrite", n: "never", q: "quiet", a: "a", b: "b", C: "C", j: "junk-paths", L: "L", M: "M", V: "V", X: "X", K: "K", p: "pipe", c: "pipe" },
    shortValue: { d: "exdir", x: "exclude", P: "password" },
  },
});

/**
 * tar's directory to extract into (`-C DIR`, `--directory=DIR`, `xzf f -C DIR`), when the
 * command extracts (`-x`, `--extract`, `--get`, or an old-style first word with `x`); else null.
 * Returns the index of the word holding the directory (or its value's word).
 */
export function tarExtractDir(args: readonly string[]): { index: number; value: string } | null {
  let extracting = false;
  let dir: { index: number; value: string } | null = null;
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") break;
    if (a === "--extract" || a === "--get" || (i === 1 && !a.startsWith("-") && /^[A-Za-z]*x/.test(a)) || /^-[A-Za-z]*x/.test(a) && !a.startsWith("--")) extracting = true;
    if (a === "-C" || a === "--directory" || a === "--cd") dir = { index: i + 1, value: args[i + 1] ?? "" };
    else if (a.startsWith("--directory=")) dir = { index: i, value: a.slice(12) };
    else if (/^-C./.test(a)) dir = { index: i, value: a.slice(2) };
  }
  return extracting ? dir : null;
}

/** The spelling table of `command`, if it has one. */
export function specFor(command: string): FlagSpec | undefined {
  return (specs ??= buildSpecs())[command];
}

export function parseFor(command: string, args: readonly string[]): ParsedFlags {
  return parseFlags(args, specFor(command) ?? {}, 1);
}

const SIGNAL_NAMES: ReadonlySet<string> = new Set([
  "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "IOT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM",
  "TERM", "STKFLT", "CHLD", "CLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF",
  "WINCH", "IO", "POLL", "PWR", "SYS", "EMT", "INFO", "LOST", "UNUSED", "RTMIN", "RTMAX", "EXIT",
]);

/** A signal spelling (`9`, `KILL`, `kill`, `SIGKILL`, `SigKill`, `RTMIN+1`) in canonical form, or null. */
function signalName(spec: string): string | null {
  const s = spec.toUpperCase().replace(/^SIG(?=[A-Z])/, "");
  if (/^\d+$/.test(s)) return String(Number(s));
  return SIGNAL_NAMES.has(s) || /^RT(?:MIN|MAX)[+-]\d+$/.test(s) ? s : null;
}

/**
 * The signal named in kill/pkill/killall arguments: `-9`, `-KILL`, `-kill`, `-SIGKILL`, `-s KILL`,
 * `-sKILL`, `--signal=9`, `-n 9` (kill only). Signal names are case-insensitive, as bash and
 * procps read them. Options that are not signals (`pkill -f -9 x`) are skipped, not a stop;
 * `kill -l`/`-L` only lists signals. Returns null when no signal is given (SIGTERM).
 */
export function signalOf(args: readonly string[], command = "kill"): string | null {
  // pkill/pgrep: -s is the session id and -n "newest"; they only take a signal as -SIG or --signal.
  const sOption = command !== "pkill" && command !== "pgrep";
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") break;
    if (!a.startsWith("-") || a.length < 2) continue;
    if (command !== "pkill" && (a === "-l" || a === "-L" || a === "--list" || a === "--table")) return null;
    if ((sOption && (a === "-s" || a === "-n")) || a === "--signal") {
      const sig = signalName(args[i + 1] ?? "");
      if (sig !== null) return sig;
      i++;
      continue;
    }
    if (a.startsWith("--signal=")) {
      const sig = signalName(a.slice(9));
      if (sig !== null) return sig;
      continue;
    }
    if (a.startsWith("--")) continue;
    const whole = signalName(a.slice(1));
    if (whole !== null) return whole;
    if (sOption && (a.startsWith("-s") || a.startsWith("-n"))) {
      const sig = signalName(a.slice(2));
      if (sig !== null) return sig;
    }
  }
  return null;
}

export function isKillSignal(signal: string | null): boolean {
  return signal === "9" || signal === "KILL";
}

export const GIT_GLOBAL: FlagSpec = {
  short: { p: "paginate", P: "no-pager", v: "version", h: "help" },
  shortValue: { C: "C", c: "config" },
  long: { paginate: "paginate", "no-pager": "no-pager", bare: "bare", "no-replace-objects": "n", "literal-pathspecs": "l", "glob-pathspecs": "g", "noglob-pathspecs": "g", "icase-pathspecs": "i", "no-optional-locks": "o", "no-advice": "a", version: "version", help: "help", "html-path": "x", "man-path": "x", "info-path": "x" },
  longValue: { "git-dir": "git-dir", "work-tree": "work-tree", namespace: "namespace", "super-prefix": "super-prefix", "config-env": "config-env", "exec-path": "exec-path", "list-cmds": "list-cmds", "attr-source": "attr-source" },
  stopAtOperand: true,
};

/** `git [-C dir] [-c k=v] ... SUB args`: the subcommand and its arguments (SUB first). */
export function gitSubcommand(args: readonly string[]): readonly string[] | null {
  const p = parseFlags(args, GIT_GLOBAL, 1);
  return p.rest < args.length ? args.slice(p.rest) : null;
}

export const GIT_SPECS: Readonly<Record<string, FlagSpec>> = {
  reset: { short: { q: "quiet", p: "patch", N: "intent-to-add" }, long: { hard: "hard", soft: "soft", mixed: "mixed", merge: "merge", keep: "keep", quiet: "quiet", patch: "patch" } },
  clean: { short: { f: "force", n: "dry-run", d: "d", x: "x", X: "X", i: "interactive", q: "quiet" }, shortValue: { e: "exclude" }, long: { force: "force", "dry-run": "dry-run", interactive: "interactive", quiet: "quiet" }, longValue: { exclude: "exclude" } },
  push: { short: { f: "force", d: "delete", u: "set-upstream", n: "dry-run", q: "quiet", v: "verbose", 4: "ipv4", 6: "ipv6" }, shortValue: { o: "push-option" }, long: { force: "force", "force-if-includes": "force-if-includes", delete: "delete", mirror: "mirror", all: "all", tags: "tags", "set-upstream": "set-upstream", "dry-run": "dry-run", quiet: "quiet", verbose: "verbose", "follow-tags": "follow-tags", atomic: "atomic", "no-verify": "no-verify", prune: "prune" }, longValue: { repo: "repo", "push-option": "push-option", "receive-pack": "receive-pack", exec: "receive-pack" }, longOptional: { "force-with-lease": "force-with-lease", signed: "signed", "recurse-submodules": "recurse-submodules" } },
  branch: { short: { d: "delete", D: "force-delete", f: "force", m: "move", M: "force-move", c: "copy", C: "force-copy", r: "remotes", a: "all", l: "list", v: "verbose", q: "quiet", t: "track" }, shortValue: { u: "set-upstream-to" }, long: { delete: "delete", force: "force", move: "move", copy: "copy", remotes: "remotes", all: "all", list: "list", verbose: "verbose", quiet: "quiet", "show-current": "show-current", "edit-description": "edit-description", "unset-upstream": "unset-upstream" }, longValue: { "set-upstream-to": "set-upstream-to", contains: "contains", "no-contains": "no-contains", merged: "merged", "no-merged": "no-merged", sort: "sort", format: "format", "points-at": "points-at" }, longOptional: { track: "track", color: "color", column: "column" } },
  checkout: { short: { f: "force", q: "quiet", m: "merge", p: "patch", t: "track", l: "l", d: "detach" }, shortValue: { b: "new-branch", B: "force-new-branch" }, long: { force: "force", quiet: "quiet", merge: "merge", patch: "patch", detach: "detach", ours: "ours", theirs: "theirs", "ignore-other-worktrees": "i" }, longValue: { orphan: "orphan", conflict: "conflict", "pathspec-from-file": "pathspec-from-file" }, longOptional: { track: "track" } },
  restore: { short: { S: "staged", W: "worktree", p: "patch", q: "quiet", m: "merge" }, shortValue: { s: "source" }, long: { staged: "staged", worktree: "worktree", patch: "patch", quiet: "quiet", merge: "merge", ours: "ours", theirs: "theirs", "ignore-unmerged": "iu", overlay: "overlay", "no-overlay": "no-overlay" }, longValue: { source: "source", conflict: "conflict", "pathspec-from-file": "pathspec-from-file" } },
  stash: {},
  tag: { short: { d: "delete", a: "annotate", s: "sign", f: "force", l: "list", n: "n", v: "verify" }, shortValue: { m: "message", F: "file", u: "local-user" }, long: { delete: "delete", list: "list", force: "force", annotate: "annotate", sign: "sign", verify: "verify" }, longValue: { message: "message", file: "file", contains: "contains", sort: "sort", format: "format", "points-at": "points-at" } },
  switch: { short: { f: "force", d: "detach", q: "quiet", m: "merge", t: "track" }, shortValue: { c: "create", C: "force-create" }, long: { force: "force", "discard-changes": "discard-changes", detach: "detach", quiet: "quiet", merge: "merge", guess: "guess", "no-guess": "no-guess", progress: "progress", "ignore-other-worktrees": "i" }, longValue: { create: "create", "force-create": "force-create", orphan: "orphan", conflict: "conflict" }, longOptional: { track: "track", "recurse-submodules": "recurse-submodules" } },
  diff: { long: { "ext-diff": "ext-diff", "no-ext-diff": "no-ext-diff", textconv: "textconv", "no-textconv": "no-textconv" }, longValue: { output: "output" } },
};

export function parseGit(sub: readonly string[]): ParsedFlags {
  return parseFlags(sub, GIT_SPECS[sub[0] as string] ?? {}, 1);
}
