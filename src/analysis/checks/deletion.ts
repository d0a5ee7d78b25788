/**
 * Deletion of critical paths: `/`, home, direct children of `/`, the working directory and its
 * parents, and globs that empty one of those — after path normalisation (`//`, `/./`, `/usr/..`,
 * `$HOME`, `"${HOME}"`, `~`). Also `find <critical> -delete` and deletes whose target is dynamic.
 */

import { remoteAsLocal } from "../remote-paths.js";
import type { Word } from "../../facts/types.js";
import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, parseFlags, values } from "../flags.js";
import { tarArgs, tarOptions } from "../unwrap/tar-options.js";
import { resolvePath } from "../paths.js";
import { parseFor } from "../specs.js";
import { loopTargets } from "./loop-targets.js";
import { argsSource, criticalPath, guardedVariables, isFindPlaceholder, judgeTarget, type Guarded } from "./deletion-targets.js";
import { find, isLockOutMode } from "./deletion-find.js";

function targetFindings(view: CommandView, word: Word, recursive: boolean, ctx: CheckContext, guarded: Guarded): FindingDraft[] {
  const j = judgeTarget(word, ctx.paths, guarded);
  if (j === null) return [];
  const range = view.depth === 0 ? { start: word.start, end: word.end } : {};
  if (j.kind === "critical") return [{ id: j.id, message: `${view.name} ${word.value} ${j.message}`, ...range }];
  // Non-recursive deletes of a whole unknown name remove one file at most.
  if (!recursive && !word.glob) return [];
  if (j.kind === "empty-critical") return [{ id: "deletion/dynamic-target", message: `${view.name} ${word.value}: ${j.message}`, ...range }];
  return [{ id: "deletion/dynamic-target", message: `${view.name} ${word.value}: the target is only known at run time; check it first (e.g. [ -n "$DIR" ] && [ -d "$DIR" ], or \${DIR:?}).`, ...range }];
}

/** What a loop variable deletes, judged as each of the words it walks over (loop-targets.ts); null when `w` is no such variable. */
function walked(view: CommandView, w: Word, recursive: boolean, ctx: CheckContext, guarded: Guarded): FindingDraft[] | null {
  const walk = loopTargets(view, w);
  if (walk === null) return null;
  const found = walk.words.flatMap((v) => targetFindings(view, v, recursive, ctx, guarded).map((f) => ({ ...f, message: f.message.replace(`${view.name} ${v.value}`, `${view.name} ${w.value}, run for each of ${v.value},`) })));
  // A line read from find may be any path: what the variable alone says still holds.
  return walk.only ? found : [...found, ...targetFindings(view, w, recursive, ctx, guarded)];
}

function rmLike(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor(view.name, view.args);
  const source = argsSource(view);
  // rmdir only removes empty directories: a run-time target cannot cost data.
  const recursive = view.name === "rm" ? has(p, "recursive") : view.name === "shred";
  const guarded = guardedVariables(view.facts, view.sc.start);
  const out: FindingDraft[] = [];
  for (const i of p.operands) {
    const w = view.words[i] as Word;
    // find's {} are the paths it found: the find check judges its start directories and filters.
    if (source === "find" && isFindPlaceholder(w)) continue;
    // `rmdir .` and `rmdir ..` fail (EINVAL, ENOTEMPTY): a path ending in a dot names no directory rmdir removes.
    if (view.name === "rmdir" && w.dynamic === null && /^(?:\.\/*)+$/.test(w.value)) continue;
    // `for f in ~/*; do rm "$f"; done`: a loop variable is judged as each word it walks over.
    const found = walked(view, w, recursive, ctx, guarded) ?? targetFindings(view, w, recursive, ctx, guarded);
    for (const f of found) if (view.name !== "rmdir" || f.id !== "deletion/dynamic-target") out.push(f);
  }
  // xargs (stdin) may hand rm `-rf /` or every file in home: assume the worst of what it reads.
  if (view.name !== "rmdir" && out.length === 0 && (source === "stdin" || (source === "fd" && recursive))) {
    const from = source === "stdin" ? "from stdin (xargs), which may hold any path and options such as -rf" : "from fd at run time";
    out.push({ id: "deletion/dynamic-target", message: `${view.name} gets its targets ${from}; check the input list first.` });
  }
  return out;
}

/**
 * `mv / x`, `mv ~ /tmp/old`, `mv /usr/* x`: moving a critical directory (or everything in it)
 * away breaks the system or the account as surely as deleting it. The working directory and
 * its parents are left out: renaming a project, or `mv * ..`, is everyday work.
 */
function mv(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("mv", view.args);
  const ops = p.operands.map((i) => view.words[i] as Word);
  const sources = values(p, "target-directory").length > 0 ? ops : ops.slice(0, -1);
  const out: FindingDraft[] = [];
  for (const w of sources) {
    const r = resolvePath(w, ctx.paths);
    const path = r.globAll ? r.globDir : r.path;
    const c = path !== null ? criticalPath(path, ctx.paths, w.value) : null;
    if (c === null || c.id === "deletion/working-directory") continue;
    const range = view.depth === 0 ? { start: w.start, end: w.end } : {};
    out.push({ id: r.globAll ? "deletion/critical-glob" : c.id, message: `mv ${w.value} would move ${r.globAll ? "everything in " : ""}${c.what} away; move what you mean inside it.`, ...range });
  }
  return out;
}

/** Judges each word as a delete target and keeps the critical ones, under `verb` in the message. */
function criticalTargets(view: CommandView, targets: readonly Word[], verb: string, ctx: CheckContext): FindingDraft[] {
  const guarded = guardedVariables(view.facts, view.sc.start);
  const out: FindingDraft[] = [];
  for (const w of targets) {
    const j = judgeTarget(w, ctx.paths, guarded);
    if (j?.kind === "critical") out.push({ id: j.id, message: `${verb} ${w.value} ${j.message}`, ...(view.depth === 0 ? { start: w.start, end: w.end } : {}) });
  }
  return out;
}

const plainOperands = (view: CommandView, from: number): Word[] => view.words.slice(from).filter((w) => !w.value.startsWith("-"));

/** `rsync --delete SRC DEST`: DEST ends up holding only what SRC has; an empty SRC empties it. */
const RSYNC_DELETE = /^--(?:delete(?:-before|-during|-delay|-after|-excluded)?|del)$/;
function rsync(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (!view.args.some((a) => RSYNC_DELETE.test(a)) || view.args.some((a) => a === "-n" || a === "--dry-run" || /^-[A-Za-z]*n[A-Za-z]*$/.test(a) && !a.startsWith("--"))) return [];
  const p = parseFor("rsync", view.args);
  const last = p.operands.length > 1 ? view.words[p.operands[p.operands.length - 1] as number] as Word : null;
  // `rsync --delete empty/ host:` empties the remote home: judged as the same path here.
  const dest = last === null ? null : remoteAsLocal(last) ?? last;
  return dest === null ? [] : criticalTargets(view, [dest], "rsync --delete into", ctx);
}

/** `rimraf PATH...`, also run through a package runner (`npx rimraf`, `pnpm dlx rimraf`, `bunx rimraf`). */
function rimraf(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  let at = view.name === "rimraf" || view.name === "del-cli" ? 1 : -1;
  if (at < 0) {
    let i = 1;
    if ((view.name === "pnpm" || view.name === "yarn") && args[1] === "dlx") i = 2;
    while (i < args.length && (args[i] as string).startsWith("-")) i += /^(?:-p|--package)$/.test(args[i] as string) ? 2 : 1;
    if (!/^(?:rimraf|del-cli)(?:@.*)?$/.test(args[i] ?? "")) return [];
    at = i + 1;
  }
  return criticalTargets(view, plainOperands(view, at), "rimraf", ctx);
}

/** `cmake -E rm -rf PATH`, `remove_directory`, `remove -f`. */
function cmake(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const e = view.args.indexOf("-E");
  const verb = e > 0 ? view.args[e + 1] ?? "" : "";
  if (!/^(?:rm|remove|remove_directory)$/.test(verb)) return [];
  return criticalTargets(view, plainOperands(view, e + 2), `cmake -E ${verb}`, ctx);
}

/**
 * `chmod 000 ~`, `chmod -R a= /`: locks everyone (the owner too) out of a critical path; so does a
 * recursive mode that takes the owner's search bit off every directory (`chmod -R 600 ~`). And
 * `chmod -R 755 /` (or of a system directory) resets every file's mode: setuid programs, private
 * keys, the sticky /tmp, the system no longer works as it did.
 */
function chmodLockOut(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("chmod", view.args);
  // `chmod -R -x ~`: a mode that starts with a dash reads like options (none of chmod's own letters).
  const dashed = view.args.find((a, k) => k > 0 && /^-[rwxXst]+$/.test(a) && k < (p.operands[0] ?? view.args.length));
  const mode = dashed ?? (p.operands.length > 0 ? view.args[p.operands[0] as number] as string : "");
  const recursive = has(p, "recursive");
  const targets = p.operands.slice(dashed === undefined ? 1 : 0).map((i) => view.words[i] as Word);
  if (isLockOutMode(mode) || (recursive && ownerLosesSearch(mode))) return reworded(criticalTargets(view, targets, `chmod ${mode}`, ctx), "would lock everyone out of");
  if (!recursive) return [];
  return reworded(criticalTargets(view, targets, `chmod -R ${mode}`, ctx).filter((f) => SYSTEM_IDS.has(f.id)), "would reset the mode of every file in", "name the files whose mode should change");
}

/** criticalTargets' findings for a tool that does not delete: what it does instead, and (optionally) what to do. */
function reworded(found: FindingDraft[], does: string, fix?: string): FindingDraft[] {
  return found.map((f) => {
    const message = f.message.replace("would delete", does);
    return { ...f, message: fix === undefined ? message : message.replace(/name what you mean to delete inside it|list the files you mean/, fix) };
  });
}

/**
 * `chattr +i` / `+a` / `=i` on a critical path: immutable (or append-only), it can no longer be
 * changed or deleted, nor files made in it, even by root, until the flag is cleared.
 */
function chattrLockOut(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  let k = 1;
  // `-R`, `-V`, `-f` flags; `-v VERSION`, `-p PROJECT` take a value; a mode may start with `-` (`-i`) only to clear.
  while (k < args.length && /^-[RVf]+$|^-[vp]$/.test(args[k] as string)) k += /^-[vp]$/.test(args[k] as string) ? 2 : 1;
  const modes: string[] = [];
  while (k < args.length && /^[-+=][aAcCdDeFijmPsStTux]+$/.test(args[k] as string)) modes.push(args[k++] as string);
  if (!modes.some((m) => /^[+=][^-+=]*[ia]/.test(m))) return [];
  return reworded(criticalTargets(view, view.words.slice(k), `chattr ${modes.join(" ")}`, ctx), "would freeze (no change, no delete, no new file, even as root)", "name the files to freeze");
}

/** BSD's `chflags [-R] schg|uchg|sappnd|uappnd PATH`: immutable or append-only, as `chattr +i`. */
function chflagsLockOut(view: CommandView, ctx: CheckContext): FindingDraft[] {
  let k = 1;
  while (k < view.args.length && /^-[RHLPfhv]+$/.test(view.args[k] as string)) k++;
  const flags = view.args[k] ?? "";
  if (!flags.split(",").some((f) => /^(?:s|u)?(?:chg|appnd|immutable|append|simmutable|sappend|uimmutable|uappend)$/.test(f) && !f.startsWith("no"))) return [];
  return reworded(criticalTargets(view, view.words.slice(k + 1), `chflags ${flags}`, ctx), "would freeze (no change, no delete, no new file)", "name the files to freeze");
}

/** The root and its system directories: a recursive chmod there breaks the system. */
const SYSTEM_IDS: ReadonlySet<string> = new Set(["deletion/root", "deletion/root-child"]);

/** A mode without the owner's execute bit (`600`, `0644`, `u-x`, `a=r`): applied to a tree, no directory in it can be entered. */
function ownerLosesSearch(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return (parseInt(mode, 8) & 0o100) === 0;
  const m = /^([ugoa]*)([-=])([rwxXst]*)$/.exec(mode);
  if (m === null) return false;
  const who = m[1] as string;
  if (who !== "" && !who.includes("u") && !who.includes("a")) return false;
  return m[2] === "-" ? (m[3] as string).includes("x") : !/[xX]/.test(m[3] as string);
}

/** `truncate -s 0 PATH` of a critical path (a directory cannot be truncated; a glob over one can). */
function truncate(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("truncate", view.args);
  return reworded(criticalTargets(view, p.operands.map((i) => view.words[i] as Word).filter((w) => w.glob), "truncate", ctx), "would empty");
}

/**
 * Archivers that delete what they archive: `tar --remove-files` (`--remove`, any unambiguous
 * abbreviation, GNU tar), `zip -m`/`--move` (`-rm`, `-qrm`), `7z a -sdel`, `rar m` / `rar a -df`: the archive goes
 * anywhere (`/dev/null`), the sources are gone.
 */
function archiveDeletes(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  let targets: Word[] = [];
  if (view.name === "tar" || view.name === "gtar") {
    const read = tarArgs(args);
    const p = parseFlags(read, tarOptions(), 1);
    if (!has(p, "remove-files")) return [];
    // `find ~ | tar --remove-files -T - …`: the files come from stdin, any of them.
    if (values(p, "files-from").some((f) => f === "-" || f === "/dev/stdin")) return [{ id: "deletion/dynamic-target", message: `${view.name} --remove-files deletes the files it reads from stdin, which may be any path; check the list first.` }];
    // An old-style first word (`cf x.tar`) moves the words: operands are found again by value, in order.
    let at = 1;
    for (const i of p.operands) {
      while (at < view.words.length && view.args[at] !== read[i]) at++;
      if (at < view.words.length) targets.push(view.words[at++] as Word);
    }
    // `-C DIR`: the names are inside DIR (the last -C before them, in the usual single-C form).
    const dir = values(p, "directory").at(-1);
    if (dir !== undefined) targets = targets.map((w) => (w.value.startsWith("/") || w.dynamic !== null ? w : { ...w, value: `${dir.replace(/\/+$/, "")}/${w.value}`, tilde: dir.startsWith("~") }));
  } else if (view.name === "zip") {
    if (!args.some((a, k) => k > 0 && (a === "--move" || /^-[a-zA-Z0-9]*m[a-zA-Z0-9]*$/.test(a) && !a.startsWith("--")))) return [];
    if (args.includes("-@") || args.includes("--names-stdin")) return [{ id: "deletion/dynamic-target", message: "zip -m deletes the files it reads from stdin (-@), which may be any path; check the list first." }];
    // The first operand is the archive; the rest are moved into it. Options take no value but -b, -n, -t, -x, -i, -P, -O.
    const ops: Word[] = [];
    for (let k = 1; k < args.length; k++) {
      const a = args[k] as string;
      if (/^-[bntxiPOZ]$|^--(?:temp-path|suffixes|from-date|exclude|include|password|output-file|compression-method)$/.test(a)) k++;
      else if (!a.startsWith("-") || a === "-") ops.push(view.words[k] as Word);
    }
    targets = ops.slice(1);
  } else if (view.name === "rar") {
    // rar m|mf ARCHIVE FILES… (move into the archive), or a|u|f with -df (delete) / -dr (to the recycle bin).
    const cmd = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
    const sub = cmd < 0 ? "" : (args[cmd] as string).toLowerCase();
    const switches = args.filter((a) => a.startsWith("-")).map((a) => a.toLowerCase());
    if (!(sub === "m" || sub === "mf" || (/^[auf]$/.test(sub) && switches.some((a) => a === "-df" || a === "-dr")))) return [];
    targets = view.words.slice(cmd + 1).filter((w) => !w.value.startsWith("-") && !w.value.startsWith("@")).slice(1);
  } else {
    // 7z a [switches] ARCHIVE FILES… -sdel
    const cmd = args.findIndex((a, k) => k > 0 && !a.startsWith("-"));
    if (cmd < 0 || (args[cmd] !== "a" && args[cmd] !== "u") || !args.some((a) => a.toLowerCase() === "-sdel")) return [];
    targets = view.words.slice(cmd + 1).filter((w) => !w.value.startsWith("-")).slice(1);
  }
  return criticalTargets(view, targets, `${view.name}, deleting what it archives,`, ctx);
}

/** `rsync --remove-source-files SRC… DEST`: every file of SRC is removed once copied. */
function rsyncSources(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (!view.args.some((a) => a === "--remove-source-files" || a === "--remove-sent-files")) return [];
  const p = parseFor("rsync", view.args);
  const sources = p.operands.slice(0, -1).map((i) => view.words[i] as Word).map((w) => remoteAsLocal(w) ?? w);
  return criticalTargets(view, sources, "rsync --remove-source-files from", ctx);
}

/**
 * Other deleters: `srm`/`wipe` (`-r`), the trash (`trash-put`, `trash`, `gio trash`, `gtrash
 * put`, `gvfs-trash`, `kioclient5 move … trash:/`: the path leaves its place, and `trash-empty`
 * finishes it), `kioclient5 remove`, rclone (`purge`, `delete`,
 * `deletefile`; `sync` into DEST empties DEST of what SRC lacks; `move` empties SRC).
 */
const RCLONE_VALUED = /^--(?:config|transfers|checkers|log-file|log-level|bwlimit|cache-dir|retries|low-level-retries|stats|user-agent|timeout|contimeout|tpslimit|filter|filter-from|include|exclude|exclude-from|include-from|files-from|max-age|min-age|max-size|min-size|backup-dir|suffix)$/;

/** `file:/etc`, `file:///etc`, `file://localhost/etc`: the path. */
function fileUrlPath(w: Word): Word {
  const m = /^file:(?:\/\/(?:localhost)?)?(\/[^]*)$/i.exec(w.value);
  return m === null ? w : { ...w, value: m[1] as string };
}

/** kioclient's options that take a value (Qt's own included). */
const KIO_VALUED = /^-{1,2}(?:platform|display|qwindowgeometry|qwindowtitle|qwindowicon|stylesheet|style|session|reverse-dummy)$/;

function otherDeleter(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const args = view.args;
  const operands = (from: number): Word[] => view.words.slice(from).filter((w) => !w.value.startsWith("-"));
  if (view.name === "gio" || view.name === "gtrash") {
    // `gio trash`, `gio remove` (`rm`), `gio move SRC… trash:///`; gtrash put.
    const sub = args[1] ?? "";
    const ops = operands(2).map(fileUrlPath);
    if (view.name === "gio" && sub === "move" && ops.length >= 2) return criticalTargets(view, ops.slice(0, -1), "gio move from", ctx);
    const deletes = view.name === "gio" ? /^(?:trash|remove|rm)$/.test(sub) : sub === "put";
    return deletes && !args.includes("--empty") && !args.includes("--list") ? criticalTargets(view, ops, `${view.name} ${sub}`, ctx) : [];
  }
  if (/^(?:kioclient\d?|kfmclient)$/.test(view.name)) {
    // `kioclient5 move SRC… DEST` (DEST may be trash:/), `kioclient5 remove URL…`; file: URLs are paths.
    const k = args.findIndex((a, j) => j > 0 && !a.startsWith("-") && !KIO_VALUED.test(args[j - 1] as string));
    const ops = k > 0 ? operands(k + 1).map(fileUrlPath) : [];
    if (args[k] === "remove" || args[k] === "rm") return criticalTargets(view, ops, `${view.name} remove`, ctx);
    if ((args[k] === "move" || args[k] === "mv") && ops.length >= 2) return criticalTargets(view, ops.slice(0, -1), `${view.name} move from`, ctx);
    return [];
  }
  if (view.name === "rclone") {
    // The subcommand: the first word that is neither an option nor a global option's value (`--config F`).
    const k = args.findIndex((a, j) => j > 0 && !a.startsWith("-") && !RCLONE_VALUED.test(args[j - 1] as string));
    const sub = k > 0 ? (args[k] as string) : "";
    const ops = operands(k + 1).map((w) => remoteAsLocal(w) ?? w);
    if (/^(?:purge|delete|deletefile)$/.test(sub)) return criticalTargets(view, ops, `rclone ${sub}`, ctx);
    if (sub === "sync" && ops.length >= 2 && !args.some((a) => a === "--dry-run" || a === "-n")) return criticalTargets(view, ops.slice(-1), "rclone sync into", ctx);
    if (sub === "move" && ops.length >= 2) return criticalTargets(view, ops.slice(0, -1), "rclone move from", ctx);
    return [];
  }
  return criticalTargets(view, operands(1), view.name, ctx);
}

const OTHER_TOOLS: Readonly<Record<string, (view: CommandView, ctx: CheckContext) => FindingDraft[]>> = {
  rsync: (v, c) => [...rsync(v, c), ...rsyncSources(v, c)], rimraf, "del-cli": rimraf, npx: rimraf, pnpx: rimraf, bunx: rimraf, pnpm: rimraf, yarn: rimraf, cmake, chmod: chmodLockOut, chattr: chattrLockOut, truncate,
  tar: archiveDeletes, gtar: archiveDeletes, zip: archiveDeletes, "7z": archiveDeletes, "7za": archiveDeletes, "7zz": archiveDeletes, "7zr": archiveDeletes,
  srm: otherDeleter, wipe: otherDeleter, "trash-put": otherDeleter, trash: otherDeleter, gio: otherDeleter, gtrash: otherDeleter, rclone: otherDeleter,
  rar: archiveDeletes, "gvfs-trash": otherDeleter, "gvfs-rm": otherDeleter, kioclient: otherDeleter, kioclient5: otherDeleter, kioclient6: otherDeleter, kfmclient: otherDeleter, chflags: chflagsLockOut,
};

export const deletion: CommandCheck = {
  name: "deletion",
  commands: ["rm", "rmdir", "unlink", "shred", "find", "mv", ...Object.keys(OTHER_TOOLS)],
  findings: {
    "deletion/root": { description: "Deleting / in any spelling." },
    "deletion/home": { description: "Deleting the home directory (~, $HOME, /home/me)." },
    "deletion/root-child": { description: "Deleting a direct child of / (/usr, /etc, /var, ...)." },
    "deletion/working-directory": { description: "Deleting the working directory or one of its parents (., .., ../..)." },
    "deletion/critical-glob": { description: "A glob that empties a critical directory (*, ./*, /*, ~/*, /var/*)." },
    "deletion/dynamic-target": { description: "A recursive delete whose target becomes critical when a variable is empty (rm -rf \"$DIR\"/), is wholly unknown, or comes from stdin (xargs rm)." },
    "deletion/find-delete": { description: "find <critical dir> -delete, or -exec rm / truncate / shred / chmod 000 (under the working directory: unless it picks files by name, age or size)." },
  },
  check(view, ctx) {
    const other = OTHER_TOOLS[view.name];
    if (other !== undefined) return other(view, ctx);
    return view.name === "find" ? find(view, ctx) : view.name === "mv" ? mv(view, ctx) : rmLike(view, ctx);
  },
};
