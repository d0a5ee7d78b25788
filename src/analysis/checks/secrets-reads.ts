/**
 * What a command reads that is a secret: any operand (also `--opt=FILE`, `@FILE`, `if=FILE`),
 * glob operand or input redirect (`< FILE`) naming one, unless the command only looks at names
 * and metadata (`ls`, `stat`, `chmod`, `test`) or uses the file as a credential without printing
 * it (`ssh -i KEY`, `curl --cert`). An interpreter one-liner that names one in its code reads it
 * too. Shared by the read check (secrets.ts) and the exfiltration check (exfiltration.ts).
 */

import type { Word } from "../../facts/types.js";
import type { CheckContext } from "../check.js";
import type { CommandView } from "../command.js";
import { normalise, resolvePath, type PathContext } from "../paths.js";
import { wholeDynamic } from "../unwrap/strings.js";
import { UNKNOWN } from "../unwrap/inert.js";
import { isSecretContainer, isSecretPathIn, mayBeSecret, secretMatcher, type SecretMatcher } from "./secrets-paths.js";
import { globMayNameSecret } from "./secrets-globs.js";

/** One secret a command names: the path, and the range of the word or redirect that names it. */
export interface SecretHit {
  path: string;
  start: number;
  end: number;
}

/** Commands that look at names, metadata or permissions, or run a file as shell code, not print it. */
export const NOT_READERS: ReadonlySet<string> = new Set([
  "ls", "dir", "vdir", "stat", "file", "du", "df", "test", "[", "[[", "realpath", "readlink", "basename", "dirname",
  "chmod", "chown", "chgrp", "chattr", "lsattr", "setfacl", "getfacl", "touch", "rm", "rmdir", "unlink", "shred", "truncate",
  "mkdir", "mv", "ln", "tee", "wc", "cd", "pushd", "popd", "echo", "printf", "find", "locate", "which", "type", "lsof", "fuser",
  "ssh", "ssh-add", "ssh-keygen", "ssh-copy-id", "ssh-agent", "autossh", "mosh", "source", ".", "export", "unset",
  "dconf", "gsettings", "dropbearkey", "wg",
]);

/** Options whose value is a credential the tool uses without printing it (any command): `--kubeconfig FILE`. */
const CREDENTIAL_LONG: ReadonlySet<string> = new Set([
  "--kubeconfig", "--identity-file", "--cert", "--key", "--cacert", "--capath", "--proxy-cert", "--proxy-key", "--proxy-cacert",
  "--netrc-file", "--private-key", "--certificate", "--ca-certificate", "--ca-directory", "--key-file", "--cert-file",
  "--tls-key", "--tls-cert", "--tlscert", "--tlskey", "--tlscacert", "--ssh-key", "--ssl-key", "--ssl-cert", "--client-key", "--client-cert",
]);

/**
 * Any tool's options, by name, whose value is a key or certificate it uses (`--keyfile`,
 * `--signing-key`, `-inkey`, `--ssl-certfile`) or a file it writes (`-out`, `--outfile`).
 */
const KEY_OR_OUTPUT_OPTION = /^-{1,2}(?:[\w-]*(?:key|keyfile|key-file|privkey|cert|certfile|cert-file|certificate|identity|identity-file|secret|cafile|capath)|out|output|outfile|out-file|output-file|keyout)$/i;

/** Short options of that kind, per command (`ssh -i KEY`, `curl -E CERT`). */
const CREDENTIAL_SHORT: Readonly<Record<string, string>> = {
  scp: "iF", sftp: "iF", ssh: "iF", rsync: "e", curl: "E", sshfs: "F", age: "i", rage: "i", dbclient: "i",
};

/** Options whose value is a file the command writes, not reads (`curl -o FILE`). */
const OUTPUT_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  curl: new Set(["-o", "--output", "--output-dir", "-c", "--cookie-jar", "-D", "--dump-header", "--trace", "--trace-ascii", "--stderr", "--etag-save", "--hsts", "--alt-svc"]),
  wget: new Set(["-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "-P", "--directory-prefix", "--save-cookies"]),
};

/** Commands that read whole directories (`tar czf - ~/.ssh`, `grep -r token ~/.aws`, `cp -r ~/.ssh x`). */
const RECURSIVE_READERS: ReadonlySet<string> = new Set([
  "tar", "bsdtar", "zip", "7z", "7za", "rar", "cpio", "pax", "cp", "rsync", "scp", "grep", "egrep", "fgrep", "rg", "ag", "ack",
  "git", "aws", "gsutil", "rclone", "restic", "borg", "duplicity", "gh", "zstd", "xz", "gzip",
  "gcloud", "s3cmd", "s4cmd", "azcopy", "kubectl", "oc", "mc", "croc", "wormhole", "magic-wormhole", "ffsend", "az", "b2", "hf", "huggingface-cli",
]);

const INTERPRETERS: ReadonlySet<string> = new Set([
  "python", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "luajit", "tclsh", "wish", "Rscript",
  "osascript", "pwsh", "powershell", "awk", "gawk", "mawk", "nawk", "busybox", "groovy", "kotlin", "scala", "julia", "racket",
  "guile", "sbcl", "elixir", "erl", "swift", "java", "jshell",
]);

/** Interpreters whose code arguments may name a file (`python3 -c "open('/home/u/.netrc')"`); `python3.12` is `python`. */
export function isInterpreter(name: string): boolean {
  if (INTERPRETERS.has(name)) return true;
  const c = name.charCodeAt(name.length - 1);
  return c >= 48 && c <= 57 && INTERPRETERS.has(name.replace(/[0-9.]+$/, ""));
}

/** Linux's PATH_MAX: no file name a command can open is longer. */
const PATH_MAX = 4096;
const HOME_FIRST = /^\$(?:\{HOME\}|HOME\b)/;

/** A path text (`~/x`, `$HOME/x`, `a/b`) → absolute; null when a run-time part remains. */
export function resolveText(text: string, paths: PathContext): string | null {
  let t = text;
  if (t === "~" || t.startsWith("~/")) t = paths.home + t.slice(1);
  else {
    const m = HOME_FIRST.exec(t);
    if (m !== null) t = paths.home + t.slice(m[0].length);
  }
  if (t === "" || t.includes("$") || t.includes("`")) return null;
  return normalise(t, paths.cwd);
}

/**
 * Where a short option's value starts when it is attached, alone or after a cluster of flags
 * (`-T/path`, `-sT$HOME/x`, `-i~/.ssh/k`): the first `/`, `~`, `$` or `.` after the letters; -1
 * when there is none (`-rf`, `--long`, a bare relative name).
 */
function attachedValueAt(value: string): number {
  if (value.length < 3 || value.charCodeAt(0) !== 45 /* - */ || value.charCodeAt(1) === 45) return -1;
  for (let k = 2; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c === 47 /* / */ || c === 126 /* ~ */ || c === 36 /* $ */ || c === 46 /* . */) return k;
    // Letters, digits and curl's `#` (progress bar) may stand in a cluster; anything else ends it.
    const letter = (c | 32) >= 97 && (c | 32) <= 122;
    if (!letter && !(c >= 48 && c <= 57) && c !== 35 /* # */) return -1;
  }
  return -1;
}

/**
 * The paths an argument word may name besides itself: after `=` (`if=F`, `--file=F`, `x=@F`),
 * after `@` (`@F`, `name@F`), attached to a short option (`-T/F`, `-sTF`); a curl form's file
 * ends at its first `;` (`a=@F;type=text/plain`).
 */
function embeddedTexts(value: string, tool = ""): string[] {
  const out: string[] = [];
  // socat's file addresses: `FILE:path[,options]`, `OPEN:…`, `GOPEN:…` (any case).
  if (tool === "socat") {
    const m = SOCAT_FILE.exec(value);
    if (m !== null) out.push(value.slice(m[0].length).split(",", 1)[0] as string);
  }
  const eq = value.indexOf("=");
  if (eq >= 0) out.push(value.slice(eq + 1).replace(/^[@<]/, ""));
  if (value.startsWith("@") || value.startsWith("<")) out.push(value.slice(1));
  // curl --data-urlencode NAME@FILE
  const at = value.indexOf("@");
  if (at > 0 && eq < 0) out.push(value.slice(at + 1));
  const attached = attachedValueAt(value);
  if (attached > 0) out.push(value.slice(attached));
  // aws reads a parameter from `file://F` or `fileb://F` (and sends it).
  for (let k = -1, n = tool === "aws" ? out.length : -1; k < n; k++) {
    const t = k < 0 ? value : (out[k] as string);
    if (FILE_URL.test(t)) out.push(t.slice(t.indexOf("//") + 2));
  }
  for (let k = 0, n = out.length; k < n; k++) {
    const t = out[k] as string;
    const semi = t.indexOf(";");
    if (semi > 0) out.push(t.slice(0, semi));
  }
  return out;
}

/** socat's addresses that open a file (`FILE:`, `OPEN:`, `GOPEN:`, `CREATE:`, any case; exfiltration-sources.ts reads them too). */
export const SOCAT_FILE = /^(?:FILE|OPEN|GOPEN|CREATE)[A-Za-z0-9-]*:/i;

/** Tokens of code (`open('/home/u/.netrc').read()`) that look like paths. */
function pathTokens(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/[~$A-Za-z0-9_./{}@+-]+/g)) {
    const t = m[0];
    if (t.includes("/") || t.startsWith(".") || t.includes(".")) out.push(t.replace(/^[@]/, ""));
  }
  return out;
}

/** The secret `text` names, if any; `glob`: it is a pattern (`f=@$HOME/.ssh/*`), judged as one. */
function isSecretText(m: SecretMatcher, text: string, paths: PathContext, recursive: boolean, glob: boolean): string | null {
  const p = resolveText(text, paths);
  if (p === null) return null;
  if (glob && GLOB_CHAR.test(text)) return globMayNameSecret(m, p) ? p : null;
  return isSecretPathIn(m, p) || (recursive && isSecretContainer(m, p)) ? p : null;
}

const GLOB_CHAR = /[*?[]/;

/** Whether word k is the value of a credential or output option (`-i KEY`, `--cert=X`, `-o FILE`), or is such an option with its value attached. */
function optionValueToSkip(view: CommandView, k: number): boolean {
  const short = CREDENTIAL_SHORT[view.name] ?? "";
  const outputs = OUTPUT_OPTIONS[view.name];
  const valueOf = (opt: string): boolean => CREDENTIAL_LONG.has(opt) || (outputs?.has(opt) ?? false) || (opt.length === 2 && opt[0] === "-" && short.includes(opt[1] as string)) || (opt.length > 2 && opt[0] === "-" && KEY_OR_OUTPUT_OPTION.test(opt));
  const a = view.args[k] as string;
  if (a.startsWith("--")) {
    const eq = a.indexOf("=");
    if (eq > 0) return valueOf(a.slice(0, eq));
  } else if (a.length > 2 && a[0] === "-") {
    // `-i~/.ssh/id_rsa`, `-vi~/.ssh/id_rsa`: the letter the value is attached to.
    const at = attachedValueAt(a);
    if (short.includes(a[at > 0 ? at - 1 : 1] as string)) return true;
  }
  const prev = view.args[k - 1];
  return prev !== undefined && k > 1 && valueOf(prev);
}

/** The secrets `view` reads (empty for a command that only looks at names or metadata). */
export function secretReads(view: CommandView, ctx: CheckContext): SecretHit[] {
  return computeReads(view, ctx);
}

function computeReads(view: CommandView, ctx: CheckContext): SecretHit[] {
  const words = view.words;
  const redirects = view.redirects;
  if (words.length <= 1 && redirects.length === 0) return NONE;
  const m = secretMatcher(ctx.options);
  let out: SecretHit[] | null = null;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if ((r.op === "<" || r.op === "<>") && r.target !== null) {
      const p = resolvePath(r.target, ctx.paths).path;
      if (p !== null && (r.target.glob ? globMayNameSecret(m, p) : isSecretPathIn(m, p))) out = addHit(out, p, r.start, r.end);
    }
  }
  if (words.length <= 1 || NOT_READERS.has(view.name)) return out ?? NONE;
  const recursive = RECURSIVE_READERS.has(view.name);
  const code = isInterpreter(view.name);
  for (let k = 1; k < words.length; k++) {
    const w = words[k] as Word;
    if (w.dynamic === null && !w.glob && !code && !mayBeSecret(m, w.value, recursive) && !embeds(w.value, view.name)) continue;
    // No path is longer than PATH_MAX, and a word that is wholly a run-time value (`<(…)`, `"$(…)"`;
    // $HOME aside) has no text to name one: such words, which hold every level nested in them, are
    // not scanned, so nesting stays linear.
    if (!code && (w.value.length > PATH_MAX || (wholeDynamic(w) && !HOME_FIRST.test(w.value)))) continue;
    const r = resolvePath(w, ctx.paths);
    if (r.path !== null && !w.value.startsWith("-")) {
      const hit = w.glob ? globMayNameSecret(m, r.path) : isSecretPathIn(m, r.path) || (recursive && isSecretContainer(m, r.path));
      if (hit) {
        if (!skip(view, k, w)) out = addHit(out, r.path, w.start, w.end);
        continue;
      }
    }
    // `~/.ssh/id_rsa$(true)`, `"$(pwd)/.env"`: a substitution may print nothing.
    const bare = w.dynamic !== null ? withoutSubstitutions(w) : null;
    if (bare !== null && !bare.startsWith("-")) {
      const p = isSecretText(m, bare, ctx.paths, recursive, w.glob);
      if (p !== null) {
        if (!skip(view, k, w)) out = addHit(out, p, w.start, w.end);
        continue;
      }
    }
    // A static word's parts get the same cheap first look as whole words (most `key=value`,
    // `user@host` and tokens of code name nothing that could be a secret).
    const plain = w.dynamic === null && !w.glob;
    for (const t of code ? pathTokens(w.value) : embeddedTexts(w.value, view.name)) {
      if (plain && !mayBeSecret(m, t, recursive)) continue;
      const p = isSecretText(m, t, ctx.paths, recursive, w.glob);
      if (p !== null) {
        if (!skip(view, k, w)) out = addHit(out, p, w.start, w.end);
        break;
      }
    }
  }
  return out ?? NONE;
}

/** The word as written with its command substitutions (and a guess's unknown parts) left out; null when it has none. */
function withoutSubstitutions(w: Word): string | null {
  let out = "";
  let pos = 0;
  let dropped = false;
  for (const [s, e] of w.dynamic ?? []) {
    const part = w.value.slice(s, e);
    out += w.value.slice(pos, s);
    if ((part.startsWith("$(") && !part.startsWith("$((")) || part.startsWith("`") || part === UNKNOWN) dropped = true;
    else out += part;
    pos = e;
  }
  return dropped ? out + w.value.slice(pos) : null;
}

/** `out` with the hit added (made on the first; one per path). */
function addHit(out: SecretHit[] | null, path: string, start: number, end: number): SecretHit[] {
  const list = out ?? [];
  if (!list.some((h) => h.path === path)) list.push({ path, start, end });
  return list;
}

/** Whether word k, which names a secret, is passed over: a URL, or the value of a credential or output option. Only asked of the rare word that names one. */
function skip(view: CommandView, k: number, w: Word): boolean {
  return (URL.test(w.value) && !(view.name === "aws" && FILE_URL.test(w.value))) || ((w.value.startsWith("-") || (view.args[k - 1] as string).startsWith("-")) && optionValueToSkip(view, k));
}

/** Whether a word may name a path besides itself (`if=F`, `@F`, `<F`, `-TF`, socat's `FILE:F`): it holds `=`, `@` or `<`, or is an option with a value attached. */
function embeds(value: string, tool: string): boolean {
  if (attachedValueAt(value) > 0 || (tool === "socat" && SOCAT_FILE.test(value)) || (tool === "aws" && value.includes("file"))) return true;
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c === 61 /* = */ || c === 64 /* @ */ || c === 60 /* < */) return true;
  }
  return false;
}

const NONE: SecretHit[] = [];
const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A local file as aws's parameter file (`file://F`, `fileb://F`, `~` expanded). */
const FILE_URL = /^fileb?:\/\//i;

/** Paths shown relative to home (`~/.ssh/id_rsa`), as a person would write them. */
export function display(path: string, paths: PathContext): string {
  return path === paths.home ? "~" : path.startsWith(paths.home + "/") ? "~" + path.slice(paths.home.length) : path;
}
