/**
 * Dangerous patterns: the seed's list (rm -rf, sudo rm, dd, mkfs, fdisk, format, chmod 777,
 * chown -R, kill -9, writes to /dev/*) matched on cooked, unwrapped argv with flag spellings
 * normalised by the shared option parser, plus the default git pack.
 */

import type { CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has } from "../flags.js";
import { isHarmlessDevice, resolvePath } from "../paths.js";
import { gitSubcommand, isKillSignal, parseFor, parseGit, signalOf } from "../specs.js";
import type { CheckContext } from "../check.js";
import type { Word } from "../../facts/types.js";
import { argsSource, guardedVariables, isFindPlaceholder, judgeTarget, type Guarded } from "./deletion-targets.js";

const finding = (id: string, message: string): FindingDraft => ({ id, message });

/** Shared empty result (never mutated): most commands have no finding. */
const NONE: FindingDraft[] = [];

function operandsOf(view: CommandView): Word[] {
  return parseFor(view.name, view.args).operands.map((i) => view.words[i] as Word);
}

function devicePath(word: Word, ctx: CheckContext): string | null {
  const path = resolvePath(word, ctx.paths).path;
  return path !== null && path.startsWith("/dev/") && !isHarmlessDevice(path) ? path : null;
}

/** Write-redirect operators (a fd duplication like `2>&1` writes no file). */
export function isWriteRedirect(op: string, target: Word | null): boolean {
  if (target === null) return false;
  if (op === ">&" || op === "<&") return !/^\d+$|^-$/.test(target.value) && op === ">&";
  return op === ">" || op === ">>" || op === ">|" || op === "&>" || op === "&>>" || op === "<>";
}

/**
 * `rm -rf`. The agent modes keep the seed's pattern: every `rm -rf` is a finding, whatever it
 * deletes. Guard mode and lint (`options.guard`) judge it by its targets: a finding only when one
 * is critical, becomes critical when a variable is empty, or empties a critical directory —
 * `rm -rf node_modules` is everyday work. Arguments xargs reads from stdin may be `-rf /`.
 */
function rm(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("rm", view.args);
  const out: FindingDraft[] = [];
  const source = argsSource(view);
  if (source === "stdin") {
    out.push(finding("dangerous/rm-recursive-force", "rm gets its arguments from stdin (xargs), which may hold -rf and any path; check the input list first."));
  } else if (has(p, "recursive") && has(p, "force") && (!ctx.options.guard || rmTargetsCritical(view, p.operands, ctx, source))) {
    out.push(finding("dangerous/rm-recursive-force", "rm -rf deletes everything below its targets without asking; check the targets, or delete a named directory without -f."));
  }
  if (view.privileged) out.push(finding("dangerous/privileged-delete", "rm with raised privileges can delete system files; run it without sudo if you can."));
  return out;
}

function rmTargetsCritical(view: CommandView, operands: readonly number[], ctx: CheckContext, source: string | null): boolean {
  const guarded = guardedVariables(view.facts, view.sc.start);
  return operands.some((i) => {
    const w = view.words[i] as Word;
    if (source === "find" && isFindPlaceholder(w)) return false;
    const j = judgeTarget(w, ctx.paths, guarded);
    return j !== null && j.kind !== "unknown";
  });
}

const WORLD_WRITABLE_SYMBOLIC = /(?:^|,)[ugo]*[ao][ugo]*[+=][rwxXst]*w|(?:^|,)[+=][rwxXst]*w/;

/**
 * World-writable modes. With the sticky bit (`1777`, `01777`, `+t` as /tmp has) only owners may
 * delete or rename entries, so a shared directory is the intent; that is a finding only for a
 * critical target (/, home, a top-level directory, the working directory and its parents).
 */
function chmod(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("chmod", view.args);
  const mode = p.operands.length > 0 ? view.args[p.operands[0] as number] as string : "";
  // Octal modes by their bits, so `0777`, `00777`, `1777` and `7` (= 0007) all count.
  const octal = /^[0-7]{1,8}$/.test(mode) ? parseInt(mode, 8) : null;
  const numeric = octal !== null && (octal & 0o002) !== 0;
  if (!numeric && !WORLD_WRITABLE_SYMBOLIC.test(mode)) return [];
  const sticky = octal !== null ? (octal & 0o1000) !== 0 : /t/.test(mode);
  if (sticky && !p.operands.slice(1).some((i) => judgeTarget(view.words[i] as Word, ctx.paths, NO_VARS)?.kind === "critical")) return [];
  const recursive = has(p, "recursive") ? " recursively" : "";
  return [finding("dangerous/chmod-world-writable", `chmod ${mode}${recursive} lets every user write these files; grant only what is needed (e.g. 755 or u+w).`)];
}

const NO_VARS: Guarded = { has: () => false };

function chown(view: CommandView): FindingDraft[] {
  return has(parseFor("chown", view.args), "recursive")
    ? [finding("dangerous/chown-recursive", `${view.name} -R changes ownership of a whole tree; name the files, or check the target first.`)]
    : [];
}

/** pkill/killall options that select processes without a name pattern. */
const SELECTORS = /^-(?:[uUgGstP]|-(?:euid|uid|pgroup|group|session|terminal|parent|user))(?:=|$)|^-[uUgGstP]./;

/**
 * SIGKILL is a finding when it reaches beyond one named process: every process (`kill -9 -1`),
 * init (`1`), the caller's own group (`0`), a process group (`-PGID`), killall5, or pkill/killall
 * choosing by user or session alone, or by a pattern that matches everything. `kill -9 1234`
 * and `pkill -9 node` are how a hung process is stopped.
 */
function kill(view: CommandView): FindingDraft[] {
  if (!isKillSignal(signalOf(view.args, view.name))) return NONE;
  if (view.name !== "killall5" && !killsBroadly(view)) return NONE;
  return [finding("dangerous/kill-force", `${view.name} with SIGKILL stops ${view.name === "kill" ? "every process, init or a whole process group" : "processes chosen broadly"} without letting them clean up; name the process, or try SIGTERM first.`)];
}

/** -1 (every process), 0 (the caller's group), 1 (init), -PGID (a process group). */
const broadPid = (a: string): boolean => /^(?:-\d+|0|1)$/.test(a);

function killsBroadly(view: CommandView): boolean {
  const args = view.args;
  if (view.name === "kill") {
    // The first `-N` is the signal; a later one is a process group. `-s SIG` takes a value.
    let signal = false;
    for (let i = 1; i < args.length; i++) {
      const a = args[i] as string;
      if (a === "--") return args.slice(i + 1).some(broadPid);
      if (a === "-s" || a === "-n") i++;
      if (a === "-s" || a === "-n" || (a.startsWith("-") && (!signal || !/^-\d+$/.test(a)))) {
        signal = true;
        continue;
      }
      if (broadPid(a)) return true;
    }
    return false;
  }
  // pkill/killall: which words are names or patterns (not options or their values).
  const patterns: string[] = [];
  let selected = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (SELECTORS.test(a)) {
      selected = true;
      if (/^-[uUgGstP]$/.test(a)) i++;
      continue;
    }
    if (a === "--signal" || a === "-F" || a === "--pidfile" || a === "--ns" || a === "--nslist") i++;
    if (a.startsWith("-")) continue;
    patterns.push(a);
  }
  if (patterns.length === 0) return selected || view.name !== "pkill";
  return patterns.some((p) => /^(?:\.\*?|\^|\.\+|\$|)$/.test(p));
}

function dd(view: CommandView, ctx: CheckContext): FindingDraft[] {
  for (const w of view.words.slice(1)) {
    if (!w.value.startsWith("of=")) continue;
    const target = { ...w, value: w.value.slice(3), tilde: w.value.startsWith("of=~"), dynamic: w.dynamic?.map(([s, e]): [number, number] => [s - 3, e - 3]) ?? null };
    const dev = devicePath(target, ctx);
    if (dev !== null) return [finding("dangerous/dd-device", `dd writes straight onto the device ${dev}, destroying what is on it; check the of= target.`)];
    // `dd of=$DISK`: the target is only known at run time and may well be a device.
    if (resolvePath(target, ctx.paths).dynamic) return [finding("dangerous/dd-device", `dd writes to ${target.value}, only known at run time; it may be a device (dd of=/dev/sda destroys the disk). Write the target out.`)];
  }
  return [];
}

/**
 * A disk tool, unless this invocation only inspects: `inspect` lists the options (short letters
 * in any cluster, or long names) that put it in a listing/help mode that writes nothing.
 */
function diskTool(id: string, what: string, inspect: { short?: string; long?: readonly string[]; words?: (args: readonly string[]) => boolean } = {}) {
  const short = inspect.short ?? "hV";
  const long = new Set([...(inspect.long ?? []), "help", "version"]);
  return (view: CommandView): FindingDraft[] => {
    const args = view.args;
    for (let i = 1; i < args.length; i++) {
      const a = args[i] as string;
      if (a.startsWith("--") && long.has(a.slice(2).split("=")[0] as string)) return [];
      if (/^-[A-Za-z]+$/.test(a) && [...a.slice(1)].some((c) => short.includes(c))) return [];
    }
    if (inspect.words?.(args)) return [];
    return [finding(id, `${view.name} ${what}; make sure the device is the one you mean.`)];
  };
}

/** `wipefs DEV` only lists signatures; it erases with -a/--all or -o/--offset, unless -n (no-act). */
function wipefs(view: CommandView): FindingDraft[] {
  const erases = view.args.some((a, i) => i > 0 && (/^-[A-Za-z]*[ao]/.test(a) && !a.startsWith("--") || /^--(?:all|offset)(?:=|$)/.test(a)));
  const noAct = view.args.some((a, i) => i > 0 && (/^-[A-Za-z]*n/.test(a) && !a.startsWith("--") || a === "--no-act"));
  const help = view.args.some((a, i) => i > 0 && /^(?:-[hV]|--help|--version)$/.test(a));
  return erases && !noAct && !help ? [finding("dangerous/wipefs", "wipefs erases filesystem signatures; make sure the device is the one you mean.")] : [];
}

/** `parted DEV print` (or only `print`/`help` commands): reads the table. */
const partedReads = (args: readonly string[]): boolean => {
  const cmds = args.slice(1).filter((a) => !a.startsWith("-") && !a.startsWith("/"));
  return cmds.length > 0 && cmds.every((c) => c === "print" || c === "p" || c === "help" || c === "unit" || /^(?:s|B|kB|MB|GB|TB|KiB|MiB|GiB|TiB|%|cyl|chs|compact)$/.test(c));
};

/**
 * mkfs on a file (`mkfs.ext4 ./disk.img`) builds an image, it erases nothing; a device, or a
 * target only known at run time, is the finding.
 */
function mkfs(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const base = diskTool("dangerous/mkfs", view.name === "mkswap" ? "formats the device as swap, erasing it" : "creates a new filesystem, erasing the device", { short: "" })(view);
  if (base.length === 0) return base;
  const ops = view.args.map((a, i) => ({ a, i })).filter(({ a, i }) => i > 0 && !a.startsWith("-") && !/^\d+$/.test(a));
  const target = ops.length > 0 ? view.words[(ops[ops.length - 1] as { i: number }).i] as Word : null;
  if (target === null) return base;
  const r = resolvePath(target, ctx.paths);
  return r.path !== null && !r.path.startsWith("/dev/") && !r.glob ? NONE : base;
}

function shred(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const dev = operandsOf(view).map((w) => devicePath(w, ctx)).find((d) => d !== null);
  return dev ? [finding("dangerous/shred-device", `shred overwrites the whole device ${dev}; check the target.`)] : [];
}

/** Any command writing to a device through a redirect, tee or cp/mv. */
function deviceWrites(view: CommandView, ctx: CheckContext): FindingDraft[] {
  let out: FindingDraft[] | null = null;
  const redirects = view.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if (!isWriteRedirect(r.op, r.target)) continue;
    const dev = devicePath(r.target as Word, ctx);
    if (dev !== null) (out ??= []).push({ id: "dangerous/device-write", message: `Writing to ${dev} overwrites the device itself; redirect to a file instead.`, start: r.start, end: r.end });
  }
  if (view.name === "tee" || view.name === "cp" || view.name === "mv") {
    const ops = operandsOf(view);
    const targets = view.name === "tee" ? ops : ops.slice(-1);
    const dev = targets.map((w) => devicePath(w, ctx)).find((d) => d !== null);
    if (dev) (out ??= []).push(finding("dangerous/device-write", `${view.name} writes onto the device ${dev}, destroying what is on it.`));
  }
  return out ?? NONE;
}

const DISCARD_PATHSPEC = new Set([".", "./", ":/", ":/.", "*", "-A"]);

/** The subcommands the pack looks at: any other is not parsed further. */
const GIT_PACK: ReadonlySet<string> = new Set(["reset", "clean", "push", "branch", "checkout", "switch", "restore", "stash"]);

/** The default git pack: operations that lose work or rewrite shared history. */
function git(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (!ctx.options.gitPack) return NONE;
  const sub = gitSubcommand(view.args);
  if (sub === null || !GIT_PACK.has(sub[0] as string)) return NONE;
  const p = parseGit(sub);
  const operands = p.operands.map((i) => sub[i] as string);
  switch (sub[0]) {
    case "reset":
      return has(p, "hard") ? [finding("dangerous/git-reset-hard", "git reset --hard throws away uncommitted changes; commit or stash them first.")] : [];
    case "clean":
      return has(p, "force") && !has(p, "dry-run") ? [finding("dangerous/git-clean-force", "git clean -f deletes untracked files for good; run git clean -n first to see what would go.")] : [];
    case "push": {
      const plus = operands.slice(1).some((o) => o.startsWith("+"));
      // --force-with-lease (with or without --force-if-includes) refuses to overwrite commits it
      // has not seen: the safe way to update a rebased branch, not a blind force push.
      return has(p, "force") || has(p, "mirror") || plus
        ? [finding("dangerous/git-push-force", "A force push rewrites the remote branch and can destroy others' commits; push normally, or agree on it first.")]
        : [];
    }
    case "branch":
      return has(p, "force-delete") || (has(p, "delete") && has(p, "force"))
        ? [finding("dangerous/git-branch-force-delete", "git branch -D deletes a branch even if it is not merged; use -d, which refuses to lose commits.")]
        : [];
    case "checkout":
      return has(p, "force") || operands.some((o) => DISCARD_PATHSPEC.has(o))
        ? [finding("dangerous/git-checkout-discard", "This checkout overwrites uncommitted changes in the working tree; stash them first.")]
        : [];
    case "switch":
      return has(p, "discard-changes") || has(p, "force")
        ? [finding("dangerous/git-checkout-discard", "git switch --discard-changes (-f) overwrites uncommitted changes in the working tree; stash them first.")]
        : [];
    case "restore":
      return operands.some((o) => DISCARD_PATHSPEC.has(o)) && (!has(p, "staged") || has(p, "worktree"))
        ? [finding("dangerous/git-restore-discard", "git restore . discards every uncommitted change in the working tree; stash them first, or restore named files.")]
        : [];
    case "stash":
      return sub[1] === "drop" || sub[1] === "clear"
        ? [finding("dangerous/git-stash-drop", `git stash ${sub[1]} deletes stashed work for good; apply or inspect it first.`)]
        : [];
    default:
      return [];
  }
}

type Rule = (view: CommandView, ctx: CheckContext) => FindingDraft[];

/** Dispatch by command name (one table, as ShellCheck's Commands.hs). */
const TABLE: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ["rm", rm],
  ["chmod", chmod],
  ["chown", chown],
  ["chgrp", chown],
  ["kill", kill],
  ["pkill", kill],
  ["killall", kill],
  ["killall5", kill],
  ["dd", dd],
  ["mkfs", mkfs],
  ["mke2fs", mkfs],
  ["mkswap", mkfs],
  ["newfs", diskTool("dangerous/mkfs", "creates a new filesystem, erasing the device", { short: "" })],
  ["fdisk", diskTool("dangerous/partition-table", "edits a partition table", { short: "lhV", long: ["list", "list-details"] })],
  ["sfdisk", diskTool("dangerous/partition-table", "edits a partition table", { short: "ldJsgVhvF", long: ["list", "dump", "json", "show-size", "show-geometry", "verify", "list-free", "list-types", "backup-pt-sectors"] })],
  ["cfdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["gdisk", diskTool("dangerous/partition-table", "edits a partition table", { short: "lhV" })],
  ["sgdisk", diskTool("dangerous/partition-table", "edits a partition table", { short: "pvLiOPhV", long: ["print", "verify", "list-types", "info", "print-mbr", "pretend"] })],
  ["parted", diskTool("dangerous/partition-table", "edits a partition table", { short: "lhv", long: ["list"], words: partedReads })],
  ["wipefs", wipefs],
  ["format", diskTool("dangerous/format", "formats a disk")],
  ["diskutil", (view) => /^(?:erase(?:Disk|Volume)|zeroDisk|randomDisk|secureErase|partitionDisk|reformat|eraseCD|apfs)$/.test(view.args[1] ?? "") && !(view.args[1] === "apfs" && !/^(?:delete|erase)/i.test(view.args[2] ?? ""))
    ? [finding("dangerous/format", `diskutil ${view.args[1]} erases or repartitions a disk; make sure the device is the one you mean.`)]
    : []],
  ["shred", shred],
  ["git", git],
]);

export const dangerous: CommandCheck = {
  name: "dangerous",
  // Its table, and the writers deviceWrites looks at besides redirects.
  commands: [...TABLE.keys(), "mkfs.*", "tee", "cp", "mv"],
  redirects: true,
  findings: {
    "dangerous/rm-recursive-force": { description: "rm -rf in any spelling (in guard mode and lint: only of a critical target), or rm fed by xargs." },
    "dangerous/privileged-delete": { description: "rm run through sudo, doas or another privilege wrapper." },
    "dangerous/chmod-world-writable": { description: "chmod to a mode that lets every user write (777, a+rwx, o+w; with the sticky bit only of a critical directory)." },
    "dangerous/chown-recursive": { description: "chown or chgrp with -R." },
    "dangerous/kill-force": { description: "SIGKILL to every process, init, a process group, or processes chosen by user or a match-all pattern." },
    "dangerous/dd-device": { description: "dd with of= a device, or a target only known at run time." },
    "dangerous/mkfs": { description: "mkfs, mkfs.*, mke2fs, mkswap on a device (not an image file)." },
    "dangerous/partition-table": { description: "fdisk, sfdisk, cfdisk, gdisk, sgdisk, parted." },
    "dangerous/wipefs": { description: "wipefs." },
    "dangerous/format": { description: "format." },
    "dangerous/shred-device": { description: "shred of a device." },
    "dangerous/device-write": { description: "A redirect, tee, cp or mv writing to /dev/* other than null, stdout, stderr, tty, fd." },
    "dangerous/git-reset-hard": { description: "git reset --hard." },
    "dangerous/git-clean-force": { description: "git clean -f without -n." },
    "dangerous/git-push-force": { description: "git push --force, -f, --mirror or a +refspec (not --force-with-lease)." },
    "dangerous/git-branch-force-delete": { description: "git branch -D (or --delete --force)." },
    "dangerous/git-checkout-discard": { description: "git checkout . / -- . / -f, git switch -f / --discard-changes: discarding working-tree changes." },
    "dangerous/git-restore-discard": { description: "git restore . on the working tree." },
    "dangerous/git-stash-drop": { description: "git stash drop or clear." },
  },
  check(view, ctx) {
    const name = view.name.startsWith("mkfs.") ? "mkfs" : view.name;
    const rule = TABLE.get(name);
    const own = rule ? rule(view, ctx) : NONE;
    if (view.redirects.length === 0 && name !== "tee" && name !== "cp" && name !== "mv") return own;
    const dev = deviceWrites(view, ctx);
    return dev.length === 0 ? own : own.length === 0 ? dev : [...own, ...dev];
  },
};
