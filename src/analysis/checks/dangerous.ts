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

const finding = (id: string, message: string): FindingDraft => ({ id, message });

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

function rm(view: CommandView): FindingDraft[] {
  const p = parseFor("rm", view.args);
  const out: FindingDraft[] = [];
  if (has(p, "recursive") && has(p, "force")) {
    out.push(finding("dangerous/rm-recursive-force", "rm -rf deletes everything below its targets without asking; check the targets, or delete a named directory without -f."));
  }
  if (view.privileged) out.push(finding("dangerous/privileged-delete", "rm with raised privileges can delete system files; run it without sudo if you can."));
  return out;
}

const WORLD_WRITABLE_SYMBOLIC = /(?:^|,)[ugo]*[ao][ugo]*[+=][rwxXst]*w|(?:^|,)[+=][rwxXst]*w/;

function chmod(view: CommandView): FindingDraft[] {
  const p = parseFor("chmod", view.args);
  const mode = p.operands.length > 0 ? view.args[p.operands[0] as number] as string : "";
  // Octal modes by their bits, so `0777`, `00777`, `1777` and `7` (= 0007) all count.
  const numeric = /^[0-7]{1,8}$/.test(mode) && (parseInt(mode, 8) & 0o002) !== 0;
  if (!numeric && !WORLD_WRITABLE_SYMBOLIC.test(mode)) return [];
  const recursive = has(p, "recursive") ? " recursively" : "";
  return [finding("dangerous/chmod-world-writable", `chmod ${mode}${recursive} lets every user write these files; grant only what is needed (e.g. 755 or u+w).`)];
}

function chown(view: CommandView): FindingDraft[] {
  return has(parseFor("chown", view.args), "recursive")
    ? [finding("dangerous/chown-recursive", `${view.name} -R changes ownership of a whole tree; name the files, or check the target first.`)]
    : [];
}

function kill(view: CommandView): FindingDraft[] {
  return isKillSignal(signalOf(view.args, view.name))
    ? [finding("dangerous/kill-force", `${view.name} with SIGKILL stops processes without letting them clean up; try the default SIGTERM first.`)]
    : [];
}

function dd(view: CommandView, ctx: CheckContext): FindingDraft[] {
  for (const w of view.words.slice(1)) {
    if (!w.value.startsWith("of=")) continue;
    const target = { ...w, value: w.value.slice(3), tilde: w.value.startsWith("of=~"), dynamic: w.dynamic?.map(([s, e]): [number, number] => [s - 3, e - 3]) ?? null };
    const dev = devicePath(target, ctx);
    if (dev !== null) return [finding("dangerous/dd-device", `dd writes straight onto the device ${dev}, destroying what is on it; check the of= target.`)];
  }
  return [];
}

function diskTool(id: string, what: string) {
  return (view: CommandView): FindingDraft[] => [finding(id, `${view.name} ${what}; make sure the device is the one you mean.`)];
}

function shred(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const dev = operandsOf(view).map((w) => devicePath(w, ctx)).find((d) => d !== null);
  return dev ? [finding("dangerous/shred-device", `shred overwrites the whole device ${dev}; check the target.`)] : [];
}

/** Any command writing to a device through a redirect, tee or cp/mv. */
function deviceWrites(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const r of view.redirects) {
    if (!isWriteRedirect(r.op, r.target)) continue;
    const dev = devicePath(r.target as Word, ctx);
    if (dev !== null) out.push({ id: "dangerous/device-write", message: `Writing to ${dev} overwrites the device itself; redirect to a file instead.`, start: r.start, end: r.end });
  }
  if (view.name === "tee" || view.name === "cp" || view.name === "mv") {
    const ops = operandsOf(view);
    const targets = view.name === "tee" ? ops : ops.slice(-1);
    const dev = targets.map((w) => devicePath(w, ctx)).find((d) => d !== null);
    if (dev) out.push(finding("dangerous/device-write", `${view.name} writes onto the device ${dev}, destroying what is on it.`));
  }
  return out;
}

const DISCARD_PATHSPEC = new Set([".", "./", ":/", ":/.", "*", "-A"]);

/** The default git pack: operations that lose work or rewrite shared history. */
function git(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (!ctx.options.gitPack) return [];
  const sub = gitSubcommand(view.args);
  if (sub === null) return [];
  const p = parseGit(sub);
  const operands = p.operands.map((i) => sub[i] as string);
  switch (sub[0]) {
    case "reset":
      return has(p, "hard") ? [finding("dangerous/git-reset-hard", "git reset --hard throws away uncommitted changes; commit or stash them first.")] : [];
    case "clean":
      return has(p, "force") && !has(p, "dry-run") ? [finding("dangerous/git-clean-force", "git clean -f deletes untracked files for good; run git clean -n first to see what would go.")] : [];
    case "push": {
      const plus = operands.slice(1).some((o) => o.startsWith("+"));
      return has(p, "force") || p.flags.has("force-with-lease") || has(p, "force-if-includes") || has(p, "mirror") || plus
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
  ["dd", dd],
  ["mkfs", diskTool("dangerous/mkfs", "creates a new filesystem, erasing the device")],
  ["mke2fs", diskTool("dangerous/mkfs", "creates a new filesystem, erasing the device")],
  ["mkswap", diskTool("dangerous/mkfs", "formats the device as swap, erasing it")],
  ["fdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["sfdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["cfdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["gdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["sgdisk", diskTool("dangerous/partition-table", "edits a partition table")],
  ["parted", diskTool("dangerous/partition-table", "edits a partition table")],
  ["wipefs", diskTool("dangerous/wipefs", "erases filesystem signatures")],
  ["format", diskTool("dangerous/format", "formats a disk")],
  ["shred", shred],
  ["git", git],
]);

export const dangerous: CommandCheck = {
  name: "dangerous",
  commands: "*",
  findings: {
    "dangerous/rm-recursive-force": { description: "rm with both recursive and force flags, in any spelling." },
    "dangerous/privileged-delete": { description: "rm run through sudo, doas or another privilege wrapper." },
    "dangerous/chmod-world-writable": { description: "chmod to a mode that lets every user write (777, a+rwx, o+w, ...)." },
    "dangerous/chown-recursive": { description: "chown or chgrp with -R." },
    "dangerous/kill-force": { description: "kill, pkill or killall with SIGKILL (-9, -KILL, -s KILL, ...)." },
    "dangerous/dd-device": { description: "dd with of= a device." },
    "dangerous/mkfs": { description: "mkfs, mkfs.*, mke2fs, mkswap." },
    "dangerous/partition-table": { description: "fdisk, sfdisk, cfdisk, gdisk, sgdisk, parted." },
    "dangerous/wipefs": { description: "wipefs." },
    "dangerous/format": { description: "format." },
    "dangerous/shred-device": { description: "shred of a device." },
    "dangerous/device-write": { description: "A redirect, tee, cp or mv writing to /dev/* other than null, stdout, stderr, tty, fd." },
    "dangerous/git-reset-hard": { description: "git reset --hard." },
    "dangerous/git-clean-force": { description: "git clean -f without -n." },
    "dangerous/git-push-force": { description: "git push --force, -f, --force-with-lease, --mirror or a +refspec." },
    "dangerous/git-branch-force-delete": { description: "git branch -D (or --delete --force)." },
    "dangerous/git-checkout-discard": { description: "git checkout . / -- . / -f, discarding working-tree changes." },
    "dangerous/git-restore-discard": { description: "git restore . on the working tree." },
    "dangerous/git-stash-drop": { description: "git stash drop or clear." },
  },
  check(view, ctx) {
    const name = view.name.startsWith("mkfs.") ? "mkfs" : view.name;
    const rule = TABLE.get(name);
    const own = rule ? rule(view, ctx) : [];
    return [...own, ...deviceWrites(view, ctx)];
  },
};
