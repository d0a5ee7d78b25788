/**
 * Write targets of tools whose output file is an operand or an option (`uniq IN OUT`,
 * `xxd -r IN OUT`, `iconv -o OUT`, `openssl … -out OUT`, `gpg --output OUT`, `sponge OUT`, ...):
 * one table row per tool, its flag spec read by the shared parser (flags.ts), so `-oFILE`,
 * `-o FILE`, `--output=FILE` and `--output FILE` are one and the same. And the destinations that
 * receive files no word names (`tar -x -C DIR`, `cp -r SRC/. DIR`, `rsync SRC/ DIR`, `stow -t DIR`):
 * the check asks when that is home itself (or an ancestor of an absolute sensitive directory).
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, letters, names, parseFlags, values, type FlagSpec, type ParsedFlags } from "../flags.js";
import { remoteAsLocal } from "../remote-paths.js";
import { parseFor, tarExtractDir } from "../specs.js";

interface OutputWriter {
  spec: FlagSpec;
  /** Canonical names of value flags whose value is a file (or directory) written. */
  outputs?: readonly string[];
  /** Which operand (by position) is written. */
  operand?: number;
  /** A custom reading, when position and flags are not enough. */
  targets?: (view: CommandView, p: ParsedFlags, operands: readonly Word[]) => Word[];
  /** Rewrites the arguments before parsing (openssl: `-out` and `--out` are the same option). */
  args?: (args: readonly string[]) => readonly string[];
}

/** The GNU preprocessor: `cpp [options] IN OUT`, `-o OUT`, `-MF DEPFILE`. */
const CPP: FlagSpec = {
  singleDashLong: true,
  shortValue: { o: "output", I: "I", D: "D", U: "U", x: "x" },
  long: names("MD", "MMD", "MM", "MG", "MP", "dM", "dD", "dN", "dI", "dU", "undef", "nostdinc", "nostdinc++", "traditional", "traditional-cpp", "trigraphs", "remap", "fpreprocessed", "fdirectives-only"),
  longValue: { output: "output", MF: "deps", MT: "MT", MQ: "MQ", include: "include", imacros: "imacros", isystem: "isystem", idirafter: "idirafter", iprefix: "iprefix", iwithprefix: "iwithprefix", iwithprefixbefore: "iwithprefixbefore", isysroot: "isysroot", iquote: "iquote" },
};

/** dos2unix, unix2dos, mac2unix, unix2mac: files converted in place, `-n IN OUT` pairs, `-o` back to in place. */
const DOS2UNIX: FlagSpec = {
  short: { ...letters("1bBeFfhkLlmqRrsSuvV7"), n: "newfile", o: "oldfile", O: "to-stdout", i: "info" },
  shortValue: { c: "convmode", D: "display-enc" },
  long: { newfile: "newfile", oldfile: "oldfile", "to-stdout": "to-stdout", ...names("ascii", "iso", "utf16le", "utf16be", "keep-bom", "add-eol", "no-add-eol", "force", "help", "keepdate", "license", "newline", "add-bom", "quiet", "remove-bom", "safe", "keep-utf16", "verbose", "follow-symlink", "replace-symlink", "skip-symlink", "version", "allow-chown", "no-allow-chown", "gb18030") },
  longValue: { convmode: "convmode", "display-enc": "display-enc" },
  longOptional: { info: "info" },
};

function dos2unix(view: CommandView, p: ParsedFlags): Word[] {
  if (has(p, "to-stdout") || has(p, "info")) return [];
  // The mode flags apply to the files after them: walk the words in order.
  const out: Word[] = [];
  const operands = new Set(p.operands);
  let newfile = false;
  let output = false; // in new-file mode, the next operand is an OUT (after its IN)
  for (let i = 1; i < view.args.length; i++) {
    if (operands.has(i)) {
      if (!newfile || output) out.push(view.words[i] as Word);
      output = newfile && !output;
      continue;
    }
    const a = view.args[i] as string;
    if (!a.startsWith("-") || a === "--") continue;
    const here = parseFlags([a], DOS2UNIX);
    if (has(here, "newfile")) [newfile, output] = [true, false];
    else if (has(here, "oldfile")) newfile = false;
  }
  return out;
}

/** openssl's options are long with one dash or two, and take `=VALUE` too (apps/lib/opt.c). */
const OPENSSL: FlagSpec = {
  long: names("req", "noout", "text", "nodes", "noenc", "new", "x509", "d", "e", "a", "base64", "pbkdf2", "salt", "nosalt"),
  longValue: { ...names("out", "keyout", "outdir", "reqout", "respout", "sess_out", "keylogfile"), ...names("in", "key", "inkey", "signkey", "config", "pass", "passin", "passout", "subj", "days", "k", "kfile", "md", "iter", "inform", "outform", "keyform", "certfile", "CA", "CAkey", "sess_in", "reqin", "respin", "connect") },
};

const GPG: FlagSpec = {
  short: letters("sceadbkKvqntiSy"),
  shortValue: { o: "output", r: "recipient", R: "recipient", u: "local-user", f: "recipient", F: "recipient", z: "compress-level", N: "notation" },
  long: names("sign", "clearsign", "clear-sign", "encrypt", "symmetric", "decrypt", "verify", "armor", "detach-sign", "list-keys", "list-secret-keys", "export", "export-secret-keys", "import", "batch", "yes", "no", "quiet", "verbose", "dry-run", "no-tty"),
  longValue: { output: "output", recipient: "recipient", "local-user": "local-user", homedir: "homedir", keyring: "keyring", "secret-keyring": "keyring", passphrase: "passphrase", "passphrase-file": "passphrase-file", "passphrase-fd": "passphrase-fd", "pinentry-mode": "pinentry-mode", "trust-model": "trust-model", "default-key": "default-key", "cipher-algo": "algo", "digest-algo": "algo", "compress-algo": "algo", "compress-level": "compress-level", "status-fd": "fd", "logger-fd": "fd", "command-fd": "fd", "attribute-fd": "fd", "set-filename": "set-filename", "keyserver": "keyserver", "recv-keys": "recv-keys" },
};

const SPLIT: FlagSpec = {
  short: { d: "numeric", x: "hex", e: "elide", u: "unbuffered" },
  shortValue: { a: "suffix-length", b: "bytes", C: "line-bytes", l: "lines", n: "number", t: "separator" },
  long: names("elide-empty-files", "unbuffered", "verbose", "help", "version"),
  longValue: names("suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"),
  longOptional: { "numeric-suffixes": "numeric", "hex-suffixes": "hex" },
};

const CSPLIT: FlagSpec = {
  short: { k: "keep", s: "quiet", q: "quiet", z: "elide" },
  shortValue: { f: "prefix", b: "suffix-format", n: "digits" },
  long: { "keep-files": "keep", quiet: "quiet", silent: "quiet", "elide-empty-files": "elide", "suppress-matched": "suppress" },
  longValue: names("prefix", "suffix-format", "digits"),
};

/** `PREFIX` of split and csplit as the first file written (`PREFIXaa`, `PREFIX00`) plus its suffix. */
function prefixed(w: Word, suffix: string): Word {
  return { ...w, value: w.value + suffix };
}

export const OUTPUT_WRITERS: Readonly<Record<string, OutputWriter>> = {
  uniq: {
    spec: { short: { c: "count", d: "repeated", D: "D", i: "ignore-case", u: "unique", z: "zero" }, shortValue: { f: "skip-fields", s: "skip-chars", w: "check-chars" }, long: names("count", "repeated", "ignore-case", "unique", "zero-terminated", "help", "version"), longValue: names("skip-fields", "skip-chars", "check-chars"), longOptional: names("all-repeated", "group") },
    // `uniq +3 IN OUT`: the obsolete `+N` (skip characters) is no operand.
    targets: (_v, _p, ops) => ops.filter((w) => !/^\+\d+$/.test(w.value)).slice(1, 2),
  },
  xxd: {
    spec: { singleDashLong: true, short: letters("abCdeEhiprRuv"), shortValue: { c: "cols", g: "groupsize", l: "len", n: "name", o: "offset", s: "seek", R: "color" }, long: names("autoskip", "bits", "capitalize", "decimal", "EBCDIC", "help", "include", "ps", "postscript", "plain", "revert", "uppercase", "version"), longValue: names("cols", "groupsize", "len", "name", "seek") },
    operand: 1,
  },
  cpp: { spec: CPP, outputs: ["output", "deps"], operand: 1 },
  dos2unix: { spec: DOS2UNIX, targets: dos2unix },
  unix2dos: { spec: DOS2UNIX, targets: dos2unix },
  mac2unix: { spec: DOS2UNIX, targets: dos2unix },
  unix2mac: { spec: DOS2UNIX, targets: dos2unix },
  iconv: { spec: { short: { c: "c", s: "silent", l: "list" }, shortValue: { f: "from-code", t: "to-code", o: "output" }, long: names("list", "silent", "verbose", "help", "version"), longValue: names("from-code", "to-code", "output") }, outputs: ["output"] },
  uudecode: { spec: { short: { c: "continue", i: "no-clobber" }, shortValue: { o: "output" }, long: names("continue", "help", "version"), longValue: { "output-file": "output" } }, outputs: ["output"] },
  openssl: {
    spec: OPENSSL,
    outputs: ["out", "keyout", "outdir", "reqout", "respout", "sess_out", "keylogfile"],
    args: (args) => args.map((a, i) => (i > 0 && a.length > 1 && a.startsWith("-") && !a.startsWith("--") ? "-" + a : a)),
  },
  gpg: { spec: GPG, outputs: ["output"] },
  gpg2: { spec: GPG, outputs: ["output"] },
  sponge: { spec: { short: { a: "append" } }, operand: 0 },
  link: { spec: { long: names("help", "version") }, operand: 1 },
  history: {
    spec: { short: letters("canrwps"), shortValue: { d: "delete" } },
    // `history -w FILE`, `history -a FILE` write the history (commands) to FILE; -r and -n read it.
    targets: (_v, p, ops) => (has(p, "w") || has(p, "a") ? ops.slice(0, 1) : []),
  },
  split: {
    spec: SPLIT,
    // `split IN PREFIX` writes PREFIXaa, PREFIXab, ... (with --additional-suffix after); --filter writes none.
    targets: (_v, p, ops) => (has(p, "filter") || ops[1] === undefined ? [] : [prefixed(ops[1], "aa" + (values(p, "additional-suffix")[0] ?? ""))]),
  },
  csplit: { spec: CSPLIT, targets: (view, p) => values(p, "prefix").map((v) => prefixed(valueWord(view, v), "00")) },
};

/** The commands OUTPUT_WRITERS knows. */
export const OUTPUT_WRITER_NAMES: readonly string[] = Object.keys(OUTPUT_WRITERS);

/** What `view` writes, for a command of OUTPUT_WRITERS (else []). */
export function outputTargets(view: CommandView): Word[] {
  const w = OUTPUT_WRITERS[view.name];
  if (w === undefined) return [];
  const args = w.args === undefined ? view.args : w.args(view.args);
  // Where each value flag's value sits, so a target keeps its word's range and quoting.
  const at = new Map<string, Word[]>();
  const seen = (name: string, index: number, offset: number): void => {
    if (w.outputs?.includes(name) !== true) return;
    const word = view.words[index] as Word;
    const value = word.value.slice(offset - (args[index] as string).length + word.value.length);
    const list = at.get(name) ?? [];
    list.push(offset === 0 ? word : tail(word, value));
    at.set(name, list);
  };
  const p = parseFlags(args, w.spec, 1, seen);
  const ops = p.operands.map((i) => view.words[i] as Word);
  const out: Word[] = [];
  for (const name of w.outputs ?? []) out.push(...(at.get(name) ?? []));
  if (w.operand !== undefined && ops[w.operand] !== undefined) out.push(ops[w.operand] as Word);
  if (w.targets !== undefined) out.push(...w.targets(view, p, ops));
  return out;
}

/** The end of `word` that is `value` (`-o$HOME/x` → `$HOME/x`), its run-time parts moved along. */
function tail(word: Word, value: string): Word {
  const cut = word.value.length - value.length;
  const dynamic = word.dynamic === null ? null : word.dynamic.filter(([, e]) => e > cut).map(([s, e]): [number, number] => [Math.max(0, s - cut), e - cut]);
  return { ...word, value, tilde: value.startsWith("~"), dynamic: dynamic === null || dynamic.length === 0 ? null : dynamic };
}

/** The word holding a flag's `value` (for csplit's prefix). */
function valueWord(view: CommandView, value: string): Word {
  for (let i = view.words.length - 1; i > 0; i--) {
    const w = view.words[i] as Word;
    if (w.value === value) return w;
    if (w.value.endsWith(value) && w.value.startsWith("-")) return tail(w, value);
  }
  return { value, start: view.start, end: view.end, quoted: false, glob: false, tilde: value.startsWith("~"), dynamic: null };
}

const STOW: FlagSpec = {
  short: { S: "stow", D: "delete", R: "restow", n: "simulate", v: "verbose", p: "compat" },
  shortValue: { d: "dir", t: "target" },
  long: { stow: "stow", delete: "delete", restow: "restow", no: "simulate", simulate: "simulate", compat: "compat", adopt: "adopt", "no-folding": "no-folding", dotfiles: "dotfiles", help: "help", version: "version" },
  longValue: { dir: "dir", target: "target", ignore: "ignore", defer: "defer", override: "override" },
  longOptional: { verbose: "verbose" },
};

/** Commands whose destination receives files no word of the line names. */
export const BULK_WRITERS: readonly string[] = ["tar", "unzip", "cp", "rsync", "stow"];

/**
 * The directories `view` puts files into that no word names: what an archive holds (`tar -x -C`,
 * `unzip -d`), a directory's contents (`cp -r SRC/. DIR`, `rsync SRC/ DIR`), a stow package's
 * files (`stow -t DIR`, by default the stow directory's parent). The caller asks only when such a
 * directory is home itself (or holds an absolute sensitive directory, as `/` holds `/etc`):
 * `tar -xzf r.tgz -C build` is the everyday case and stays quiet.
 */
export function bulkDestinations(view: CommandView): Word[] {
  switch (view.name) {
    case "tar": {
      const dir = tarExtractDir(view.args);
      return dir === null ? [] : [(view.words[dir.index] as Word | undefined)?.value === dir.value ? view.words[dir.index] as Word : valueWord(view, dir.value)];
    }
    case "unzip": {
      const p = parseFor("unzip", view.args);
      return has(p, "list") || has(p, "test") || has(p, "pipe") ? [] : values(p, "exdir").map((v) => valueWord(view, v));
    }
    case "cp": {
      const p = parseFor("cp", view.args);
      if (!has(p, "recursive") && !has(p, "archive")) return [];
      const ops = p.operands.map((i) => view.words[i] as Word);
      const dir = values(p, "target-directory")[0];
      const sources = dir === undefined ? ops.slice(0, -1) : ops;
      // `SRC/.` (or `-T SRC DEST`) copies what SRC holds, not SRC itself.
      if (!has(p, "no-target-directory") && !sources.some((s) => /(?:^|\/)\.\/*$/.test(s.value))) return [];
      const dest = dir === undefined ? ops[ops.length - 1] : valueWord(view, dir);
      return dest === undefined ? [] : [dest];
    }
    case "rsync": {
      const ops = parseFor("rsync", view.args).operands.map((i) => view.words[i] as Word);
      const last = ops[ops.length - 1];
      if (ops.length < 2 || last === undefined || !ops.slice(0, -1).some((s) => s.value.endsWith("/"))) return [];
      return [remoteAsLocal(last) ?? last];
    }
    case "stow": {
      const p = parseFlags(view.args, STOW, 1);
      if (has(p, "simulate") || p.operands.length === 0) return [];
      const target = values(p, "target")[0];
      if (target !== undefined) return [valueWord(view, target)];
      const dir = values(p, "dir")[0];
      return [valueWord(view, dir === undefined ? ".." : `${dir.replace(/\/+$/, "")}/..`)];
    }
    default:
      return [];
  }
}
