/**
 * Files a command writes from the network (line-state.ts records them; running, sourcing or
 * installing one later on the line is a pipe to a shell): curl and wget (`-o F`, `-O`, `> F`,
 * wget's default name and `-P DIR`), aria2c and axel (`-o F`, `-d DIR`, the URL's name), httpie
 * and xh (`--download`, `-o F`), BSD fetch and ftp given a URL (`-o F`, the URL's name), `gh release download -O F`, `gh gist view --raw ID > F`, scp or
 * rsync copying from a remote host, and cloud and cluster copiers (cloud-copies.ts: `aws s3 cp`,
 * `rclone copy`, `kubectl cp`, …). And the command under its wrappers (`sudo curl …`, `env X=1 wget …`).
 */

import type { SimpleCommand } from "../../facts/types.js";
import { KNOWN } from "./table.js";
import { cloudCopy, COPIERS } from "./cloud-copies.js";

export const DOWNLOADERS: ReadonlySet<string> = new Set(["curl", "wget", "aria2c", "axel", "http", "https", "xh", "xhs", "gh", "scp", "rsync", "fetch", "ftp", "tnftp", ...Object.keys(COPIERS)]);

const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
const URL = /^(?:https?|ftps?):\/\//;
/** `host:path`, `user@host:path`, `rsync://…`, `scp://…`: a remote source. */
const REMOTE = /^(?:(?:rsync|scp|sftp):\/\/|[\w.-]+@?[\w.-]*:(?!\/\/))/;

/** The files `sc` (named `name`, its first word) writes from the network. */
export function downloadedFiles(sc: SimpleCommand, name: string): string[] {
  const args = sc.argv.map((w) => w.value);
  if (COPIERS[name] !== undefined) {
    const copy = cloudCopy(args, name);
    return copy === null ? [] : copy.prints ? [...copy.files, ...stdoutFiles(sc)] : copy.files;
  }
  const files: string[] = [];
  const url = args.find((a, k) => k > 0 && URL.test(a));
  const remoteName = url === undefined ? undefined : base(url.replace(/[?#].*$/, "")) || "index.html";
  let dir = "";
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    const next = args[k + 1];
    let out: string | undefined;
    if (name === "curl") out = /^(?:-[a-zA-Z]*o|--output)$/.test(a) ? next : /^-[a-zA-Z]*?o(.+)$/.exec(a)?.[1] ?? /^--output=(.+)$/.exec(a)?.[1];
    // `-O F`, `-qO F`, `-OF`, `--output-document=F` (`-qO-` is stdout).
    else if (name === "wget") out = /^(?:-[a-zA-Z]*O|--output-document)$/.test(a) ? next : /^-[a-zA-Z]*?O(.+)$/.exec(a)?.[1] ?? /^--output-document=(.+)$/.exec(a)?.[1];
    else if (name === "gh") out = /^(?:-O|--output)$/.test(a) ? next : /^--output=(.+)$/.exec(a)?.[1];
    else if (name !== "scp" && name !== "rsync") out = /^(?:-o|--out|--output)$/.test(a) ? next : /^--(?:out|output)=(.+)$/.exec(a)?.[1];
    if (out !== undefined && out !== "-") files.push(name === "curl" ? out : dir + out);
    if (name === "curl" && /^(?:-[a-zA-Z]*O|--remote-name(?:-all)?)$/.test(a) && remoteName !== undefined) files.push(remoteName);
    // The directory it writes into: `-P DIR`, `-PDIR`, `--directory-prefix=DIR`, curl's `--output-dir`, aria2c's `--dir=`.
    const into = /^(?:-P|--directory-prefix|--output-dir|-d|--dir|-D)$/.test(a) ? next : /^(?:-P(.+)|--(?:directory-prefix|output-dir|dir)=(.+))$/.exec(a)?.slice(1).find((x) => x !== undefined);
    if (into !== undefined && (name === "wget" ? /^-P|^--directory-prefix/.test(a) : name === "curl" ? a.startsWith("--output-dir") : name === "aria2c" || name === "gh" ? /^-[dD]$|^--dir/.test(a) : false)) dir = `${into}/`;
  }
  // `gh release download`, and `gh gist view --raw ID > F` (a gist's text, printed).
  if (name === "gh" && (args[1] !== "release" || args[2] !== "download") && (args[1] !== "gist" || args[2] !== "view")) return [];
  // curl's --output-dir holds its -o and -O files, wherever it is given.
  if (name === "curl" && dir !== "") for (let k = 0; k < files.length; k++) if (!(files[k] as string).startsWith("/") && !(files[k] as string).startsWith(dir)) files[k] = dir + (files[k] as string);
  if (name === "scp" || name === "rsync") return remoteCopy(args, name);
  files.push(...stdoutFiles(sc));
  // The URL's own name when none is given: wget, aria2c, axel, httpie's --download.
  const download = name === "wget" || name === "aria2c" || name === "axel" || name === "fetch" || name === "ftp" || name === "tnftp" || ((name === "http" || name === "https" || name === "xh" || name === "xhs") && args.some((a) => a === "--download" || a === "-d"));
  if (files.length === 0 && download && remoteName !== undefined) files.push(dir + remoteName);
  return files;
}

/** The files `sc`'s standard output is written to (`> F`, `>> F`, `>| F`). */
function stdoutFiles(sc: SimpleCommand): string[] {
  return sc.redirects.flatMap((r) => ((r.op === ">" || r.op === ">>" || r.op === ">|") && r.target !== null && (r.fd === null || r.fd === 1) ? [r.target.value] : []));
}

/** The directory a recursive cloud copy fills (`aws s3 sync s3://b/d ./d`), and what filled it; or null. */
export function downloadedTree(sc: SimpleCommand, name: string): { dir: string; by: string } | null {
  const copy = COPIERS[name] === undefined ? null : cloudCopy(sc.argv.map((w) => w.value), name);
  return copy === null || copy.tree === null ? null : { dir: copy.tree, by: copy.by };
}

/** `scp host:x.sh /tmp/x.sh`, `rsync -a host:dir/ here/`: the destination, when a source is remote. */
function remoteCopy(args: readonly string[], name: string): string[] {
  const operands: string[] = [];
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (name === "scp" && /^-[cFiJloPS]$/.test(a)) k++;
    else if (name === "rsync" && /^(?:-e|--rsh|--exclude|--include|--filter|-f|--files-from|--log-file|--password-file|--port|--chmod|--chown|--temp-dir|-T)$/.test(a)) k++;
    else if (!a.startsWith("-")) operands.push(a);
  }
  if (operands.length < 2) return [];
  const dest = operands[operands.length - 1] as string;
  const sources = operands.slice(0, -1);
  if (REMOTE.test(dest) || !sources.some((s) => REMOTE.test(s))) return [];
  // Copied into a directory: each source's name inside it, and the path itself.
  // `host:dir/x.sh` is named x.sh there (the path after the host's colon, or a URL's).
  const nameOf = (s: string): string => base(s.replace(/^[a-z]+:\/\/[^/]*/, "").replace(/^[^/:]*:/, "").replace(/\/+$/, ""));
  return [dest, ...sources.map((s) => `${dest.replace(/\/+$/, "")}/${nameOf(s)}`)];
}

/**
 * The command `sc` runs under its wrappers (`sudo -u x env A=1 curl …` → `curl …`), by the
 * wrapper table; `sc` itself when it has none. Wrappers that run a shell string are left as they are.
 */
export function throughWrappers(sc: SimpleCommand): SimpleCommand {
  let at = 0;
  for (let level = 0; level < 8 && at < sc.argv.length; level++) {
    const w = sc.argv[at];
    if (w === undefined || w.dynamic !== null) break;
    const wrapper = KNOWN.get(base(w.value))?.wrapper;
    if (wrapper === undefined) break;
    const hit = wrapper(sc.argv.slice(at).map((x) => x.value));
    if (hit === null || hit.shellString === true || hit.inner <= 0 || at + hit.inner >= sc.argv.length) break;
    at += hit.inner;
  }
  return at === 0 ? sc : { ...sc, argv: sc.argv.slice(at) };
}
