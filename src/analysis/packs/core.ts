/**
 * The core pack: the seed's dangerous list (rm -rf, sudo rm, dd, mkfs, fdisk, format, chmod 777,
 * chown -R, kill -9) and the disk tools the guard always knew, matched on cooked, unwrapped argv
 * with flag spellings normalised by the shared option parser.
 */

import type { CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has } from "../flags.js";
import { isHarmlessDevice, resolvePath } from "../paths.js";
import { isKillSignal, parseFor, signalOf } from "../specs.js";
import type { Word } from "../../facts/types.js";
import { argsSource, guardedVariables, isFindPlaceholder, judgeTarget, type Guarded } from "../checks/deletion-targets.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";
import { pidsOnStdin } from "./pid-input.js";

export function operandsOf(view: CommandView): Word[] {
  return parseFor(view.name, view.args).operands.map((i) => view.words[i] as Word);
}

/** The device a word names (not a harmless one like /dev/null), or null. */
export function devicePath(word: Word, ctx: CheckContext): string | null {
  const path = resolvePath(word, ctx.paths).path;
  return path !== null && path.startsWith("/dev/") && !isHarmlessDevice(path) ? path : null;
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
export function kill(view: CommandView): FindingDraft[] {
  if (!isKillSignal(signalOf(view.args, view.name))) return NONE;
  if (view.name !== "killall5" && !killsBroadly(view)) return NONE;
  return [finding("dangerous/kill-force", `${view.name} with SIGKILL stops ${view.name === "kill" ? "every process, init or a whole process group" : "processes chosen broadly"} without letting them clean up; name the process, or try SIGTERM first.`)];
}

/** -1 (every process), 0 (the caller's group), 1 (init), -PGID (a process group). */
const broadPid = (a: string): boolean => /^(?:-\d+|0|1)$/.test(a);

export function killsBroadly(view: CommandView): boolean {
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
      if (/^-[uUgGstP]$|^--[a-z]+$/.test(a)) i++;
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
export function diskTool(id: string, what: string, inspect: { short?: string; long?: readonly string[]; words?: (args: readonly string[]) => boolean } = {}) {
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
export function mkfs(view: CommandView, ctx: CheckContext): FindingDraft[] {
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

const ENTRIES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
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
  ["mkfs.*", mkfs],
]);

export const core: Pack = {
  name: "core",
  description: "The seed's list: rm -rf, sudo rm, dd, mkfs, partition tools, format, chmod 777, chown -R, kill -9, shred of a device.",
  entries: ENTRIES,
  // `lsof -ti :3000 | xargs kill -9`: the words appended are process ids (pid-input.ts).
  settled: new Map([["kill", pidsOnStdin]]),
  findings: {
    "dangerous/rm-recursive-force": { entry: "rm", description: "rm -rf in any spelling (in guard mode and lint: only of a critical target), or rm fed by xargs." },
    "dangerous/privileged-delete": { entry: "rm", description: "rm run through sudo, doas or another privilege wrapper." },
    "dangerous/chmod-world-writable": { entry: "chmod", description: "chmod to a mode that lets every user write (777, a+rwx, o+w; with the sticky bit only of a critical directory)." },
    "dangerous/chown-recursive": { entry: "chown, chgrp", description: "chown or chgrp with -R." },
    "dangerous/kill-force": { entry: "kill, pkill, killall, killall5", description: "SIGKILL to every process, init, a process group, or processes chosen by user or a match-all pattern." },
    "dangerous/dd-device": { entry: "dd", description: "dd with of= a device, or a target only known at run time." },
    "dangerous/mkfs": { entry: "mkfs, mkfs.*, mke2fs, mkswap, newfs", description: "mkfs, mkfs.*, mke2fs, mkswap on a device (not an image file)." },
    "dangerous/partition-table": { entry: "fdisk, sfdisk, cfdisk, gdisk, sgdisk, parted", description: "fdisk, sfdisk, cfdisk, gdisk, sgdisk, parted." },
    "dangerous/wipefs": { entry: "wipefs", description: "wipefs." },
    "dangerous/format": { entry: "format, diskutil", description: "format, diskutil erase*." },
    "dangerous/shred-device": { entry: "shred", description: "shred of a device." },
  },
};

