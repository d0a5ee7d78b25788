/**
 * Sensitive paths: writes to shell start-up files, credentials, keys and system directories.
 * Targets are what a command writes or modifies (not what it reads), with `~` and `$HOME`
 * expanded; redirect targets of any command count too.
 */

import picomatch from "picomatch";
import type { Word } from "../../facts/types.js";
import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, values, type ParsedFlags } from "../flags.js";
import { resolvePath, isHarmlessDevice } from "../paths.js";
import { parseFor, tarExtractDir } from "../specs.js";
import { isWriteRedirect } from "./dangerous.js";

const matchers = new WeakMap<readonly string[], (s: string) => boolean>();

function matcher(list: readonly string[]): (s: string) => boolean {
  let m = matchers.get(list);
  if (m === undefined) {
    m = list.length > 0 ? picomatch(list as string[], { dot: true }) : () => false;
    matchers.set(list, m);
  }
  return m;
}

/** Why writing to `word` is sensitive ("~/.bashrc (a sensitive file)"), or null. */
export function sensitiveTarget(word: Word, ctx: CheckContext): string | null {
  const r = resolvePath(word, ctx.paths);
  if (r.path === null || isHarmlessDevice(r.path)) return null;
  return sensitivePath(r.path, ctx);
}

export function sensitivePath(path: string, ctx: CheckContext): string | null {
  const { sensitiveFiles, sensitiveDirectories } = ctx.options;
  const segments = path.split("/").filter(Boolean);
  const base = segments[segments.length - 1] ?? "/";
  const files = matcher(sensitiveFiles);
  // A file pattern with a slash (".ssh/config") matches the end of the path.
  for (let k = segments.length - 1; k >= 0; k--) {
    if (files(segments.slice(k).join("/"))) return `${path} (a sensitive file: ${segments.slice(k).join("/")})`;
  }
  if (files(base)) return `${path} (a sensitive file)`;
  const dirs = matcher(sensitiveDirectories);
  for (const d of sensitiveDirectories) {
    if (d.startsWith("/") && (path === d || path.startsWith(d + "/"))) return `${path} (inside ${d})`;
  }
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k] as string;
    if (dirs(seg) || dirs(segments.slice(k, k + 2).join("/"))) return `${path} (inside a sensitive directory: ${seg})`;
  }
  return null;
}

function operandWords(view: CommandView, p: ParsedFlags): Word[] {
  return p.operands.map((i) => view.words[i] as Word);
}

/** What a command writes or modifies, by command (the seed's list and more). */
export function writeTargets(view: CommandView): Word[] {
  const name = view.name;
  switch (name) {
    case "rm": case "rmdir": case "touch": case "mkdir": case "tee": case "truncate": case "shred": case "unlink":
      return operandWords(view, parseFor(name, view.args));
    case "chmod": case "chown": case "chgrp": {
      const p = parseFor(name === "chgrp" ? "chown" : name, view.args);
      return operandWords(view, p).slice(has(p, "reference") ? 0 : 1);
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
      // The destination may be a directory: the files land at dest/<basename of source>.
      const landed = sources.map((s) => ({ ...dest, value: `${dest.value.replace(/\/+$/, "")}/${s.value.replace(/\/+$/, "").split("/").pop() ?? ""}` }));
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
      // The last operand is the destination; `host:path` and `rsync://` are another machine.
      const ops = operandWords(view, parseFor(name, view.args));
      const dest = ops[ops.length - 1];
      if (ops.length < 2 || dest === undefined || /^[^/]*:/.test(dest.value)) return [];
      // rsync's `src/` copies the contents of src, not src itself: nothing new is named.
      const sources = ops.slice(0, -1).filter((s) => name === "scp" || !s.value.endsWith("/"));
      return [dest, ...sources.map((s) => ({ ...dest, value: `${dest.value.replace(/\/+$/, "")}/${s.value.replace(/\/+$/, "").split("/").pop() ?? ""}` }))];
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
      return [];
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

function check(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  const seen = new Set<string>();
  const report = (word: Word, range: { start?: number; end?: number }): void => {
    const hit = sensitiveTarget(word, ctx);
    if (hit === null || seen.has(hit)) return;
    seen.add(hit);
    const id = hit.includes("sensitive file") ? "sensitive-path/file" : "sensitive-path/directory";
    out.push({ id, message: `${view.name} writes to ${hit}; change it by hand if you mean to.`, ...range });
  };
  if (view.name !== "sed") for (const w of writeTargets(view)) report(w, view.depth === 0 ? { start: w.start, end: w.end } : {});
  for (const r of view.redirects) {
    if (isWriteRedirect(r.op, r.target)) report(r.target as Word, view.depth === 0 ? { start: r.start, end: r.end } : {});
  }
  return out;
}

export const sensitivePaths: CommandCheck = {
  name: "sensitive-path",
  commands: "*",
  findings: {
    "sensitive-path/file": { description: "A write to a sensitive file (.bashrc, .env, id_rsa, .gitconfig, ...)." },
    "sensitive-path/directory": { description: "A write inside a sensitive directory (.git, .ssh, /etc, ...)." },
  },
  check,
};
