/**
 * What a command writes or modifies, by command: the operands of rm, cp, mv, tee, chmod, sed -i,
 * tar -x, curl -o and the configuration writers (the seed's list and more). Read by the
 * sensitive-paths check and by acceptEdits' "edits inside the working directory".
 */

import { remoteAsLocal } from "../remote-paths.js";
import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, values, type ParsedFlags } from "../flags.js";
import { parseFor, tarExtractDir } from "../specs.js";
import { CONFIG_WRITERS } from "./sensitive-paths-config.js";
import { findDeletes, findRoots } from "./deletion-find.js";
import { BULK_WRITERS, OUTPUT_WRITER_NAMES, outputTargets } from "./sensitive-writes.js";

function operandWords(view: CommandView, p: ParsedFlags): Word[] {
  return p.operands.map((i) => view.words[i] as Word);
}

/** The commands writeTargets knows (everything else writes nothing but its redirects). */
export const WRITERS: ReadonlySet<string> = new Set([...Object.keys(CONFIG_WRITERS), ...OUTPUT_WRITER_NAMES, ...BULK_WRITERS, "rm", "rmdir", "touch", "tee", "find", "truncate", "shred", "unlink", "chmod", "chown", "chgrp", "sed", "cp", "mv", "ln", "install", "dd", "curl", "wget", "perl", "ruby", "rsync", "scp", "patch", "tar", "unzip"]);

/**
 * A chmod mode that gives no one but the owner anything, and the owner no setuid: an octal mode
 * with no group, other or special bits (`600`, `0700`), or clauses that only take away (`go-rwx`,
 * `a-w`), empty group/other (`go=`), or set the owner's own bits (`u=rw`, `u+x`).
 */
export function onlyTightens(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return (parseInt(mode, 8) & 0o7077) === 0;
  return mode.split(",").every((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (m === null) return false;
    if (m[2] === "-") return true;
    if (m[1] === "u") return !/[st]/.test(m[3] as string);
    return m[2] === "=" && m[3] === "" && m[1] !== "" && !/[ua]/.test(m[1] as string);
  });
}

/** What a command writes or modifies, by command (the seed's list and more). */
export function writeTargets(view: CommandView): Word[] {
  const name = view.name;
  switch (name) {
    case "rm": case "rmdir": case "touch": case "tee": case "truncate": case "shred": case "unlink":
      return operandWords(view, parseFor(name, view.args));
    // `find ~/.ssh -delete`, `find ~/.ssh -exec rm {} +`: what it deletes lies under its start directories.
    case "find":
      return findDeletes(view.args) === null ? [] : findRoots(view).roots;
    case "chmod": case "chown": case "chgrp": {
      const p = parseFor(name === "chgrp" ? "chown" : name, view.args);
      const ops = operandWords(view, p);
      // `chmod 600 ~/.ssh/id_ed25519`, `chmod go-rwx ~/.ssh`: only takes access away from others.
      if (name === "chmod" && !has(p, "reference") && ops[0] !== undefined && ops[0].dynamic === null && onlyTightens(ops[0].value)) return [];
      return ops.slice(has(p, "reference") ? 0 : 1);
    }
    case "sed": {
      const p = parseFor("sed", view.args);
      if (!has(p, "in-place")) return [];
      return operandWords(view, p).slice(values(p, "expression").length > 0 || has(p, "file") ? 0 : 1);
    }
    case "cp": case "mv": case "ln": case "install": {
      const p = parseFor(name, view.args);
      const ops = operandWords(view, p);
      const dir = values(p, "target-directory")[0];
      if (dir !== undefined) return intoDirectory(view, dir, ops);
      if (ops.length < 2) return name === "mv" ? ops : [];
      const dest = ops[ops.length - 1] as Word;
      const sources = ops.slice(0, -1);
      // The destination may be a directory: the files land at dest/<basename of source>. Not a
      // name made from the source's (`cp ~/.bashrc ~/.bashrc.bak`): that is a copy beside it.
      const landed = sources.flatMap((s) => {
        const base = s.value.replace(/\/+$/, "").split("/").pop() ?? "";
        const beside = base !== "" && !dest.value.endsWith("/") && (dest.value.split("/").pop() ?? "").startsWith(base);
        return beside ? [] : [{ ...dest, value: `${dest.value.replace(/\/+$/, "")}/${base}` }];
      });
      return name === "mv" ? [...sources, dest, ...landed] : [dest, ...landed];
    }
    case "dd":
      return view.words.filter((w) => w.value.startsWith("of=")).map((w) => ({ ...w, value: w.value.slice(3), tilde: w.value.startsWith("of=~"), dynamic: w.dynamic && w.dynamic.map(([s, e]): [number, number] => [s - 3, e - 3]) }));
    case "curl": {
      // -o FILE, and --output-dir DIR (where -o/-O files land).
      const p = parseFor("curl", view.args);
      return [...values(p, "output"), ...values(p, "output-dir")].map((v) => wordFor(view, v));
    }
    case "wget": {
      // -O FILE, and -P DIR (--directory-prefix, where downloads land).
      const p = parseFor("wget", view.args);
      return [...values(p, "output-document"), ...values(p, "directory-prefix")].map((v) => wordFor(view, v));
    }
    case "perl": case "ruby": {
      // `perl -pi -e CODE FILES`, `perl -i.bak ...`: the files are edited in place.
      const at = inPlaceFiles(view);
      return at < 0 ? [] : view.words.slice(at);
    }
    case "rsync": case "scp": {
      // The last operand is the destination; `host:path` is judged as the same path here (remote-paths.ts).
      const ops = operandWords(view, parseFor(name, view.args));
      const last = ops[ops.length - 1];
      const dest = last === undefined ? undefined : remoteAsLocal(last) ?? last;
      if (ops.length < 2 || dest === undefined || /^[^/]*:/.test(dest.value)) return [];
      // rsync's `src/` copies the contents of src, not src itself: nothing new is named.
      const sources = ops.slice(0, -1).filter((s) => name === "scp" || !s.value.endsWith("/"));
      // `host:.bashrc`: named by the path after the host (remote-paths.ts).
      const named = (s: Word): string => (remoteAsLocal(s) ?? s).value.replace(/\/+$/, "").split("/").pop() ?? "";
      return [dest, ...sources.map((s) => ({ ...dest, value: `${dest.value.replace(/\/+$/, "")}/${named(s)}` }))];
    }
    case "patch": {
      // `patch [opts] [file [patchfile]]`: the file patched, or -o's output.
      const p = parseFor("patch", view.args);
      if (has(p, "dry-run")) return [];
      const out = values(p, "output").map((v) => wordFor(view, v));
      const first = p.operands[0];
      return first !== undefined && !has(p, "output") ? [...out, view.words[first] as Word] : out;
    }
    case "tar": {
      const dir = tarExtractDir(view.args);
      return dir === null ? [] : [wordFor(view, dir.value)];
    }
    case "unzip": {
      const p = parseFor("unzip", view.args);
      return has(p, "list") || has(p, "test") || has(p, "pipe") ? [] : values(p, "exdir").map((v) => wordFor(view, v));
    }
    default:
      return CONFIG_WRITERS[name]?.(view) ?? outputTargets(view);
  }
}

/**
 * Where the files of `perl -i` / `ruby -i` start (index into words), or -1 without -i. With -e
 * the code is inline and every operand is a file; otherwise the first operand is the script.
 */
function inPlaceFiles(view: CommandView): number {
  let inPlace = false;
  let inline = false;
  let k = 1;
  for (; k < view.args.length; k++) {
    const a = view.args[k] as string;
    if (a === "--") {
      k++;
      break;
    }
    if (!a.startsWith("-") || a === "-") break;
    // A cluster: -i takes the rest as a backup suffix; -e/-E take the next word as code.
    for (let c = 1; c < a.length; c++) {
      const ch = a[c] as string;
      if (ch === "i") {
        inPlace = true;
        break;
      }
      if (ch === "e" || ch === "E") {
        inline = true;
        if (c === a.length - 1) k++;
        break;
      }
      if ("IlmMCdDxF0".includes(ch)) break; // options whose value is the rest of the cluster
    }
  }
  if (!inPlace) return -1;
  return inline ? k : k + 1;
}

function intoDirectory(view: CommandView, dir: string, sources: Word[]): Word[] {
  const d = wordFor(view, dir);
  return [d, ...sources.map((s) => ({ ...d, value: `${d.value.replace(/\/+$/, "")}/${s.value.split("/").pop() ?? ""}` }))];
}

/** The word whose value is `value` (a flag's value), so its quoting and range come along. */
function wordFor(view: CommandView, value: string): Word {
  for (let i = view.words.length - 1; i > 0; i--) {
    const w = view.words[i] as Word;
    if (w.value === value) return w;
    if (w.value.endsWith("=" + value) || (w.value.startsWith("-") && w.value.endsWith(value) && w.value.length > value.length)) {
      return { ...w, value, tilde: value.startsWith("~"), dynamic: null };
    }
  }
  return { value, start: view.start, end: view.end, quoted: false, glob: false, tilde: value.startsWith("~"), dynamic: null };
}
