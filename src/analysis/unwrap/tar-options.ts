/**
 * GNU tar's options (tar --help, 1.34) for the shared option parser, and its old-style first word
 * (`tar xIf PROG a.tar`: each letter that takes a value takes the next word). tar is argp: long
 * options may be abbreviated (`--to-com`, `--use-comp`) and short ones joined (`-xIPROG`).
 * The canonical name `runs` is an option whose value is a command or program tar runs.
 */

import type { FlagSpec } from "../flags.js";

const RUNS = "runs";

let spec: FlagSpec | undefined;

export function tarOptions(): FlagSpec {
  return (spec ??= {
    short: Object.fromEntries([..."AcdrtuxaBhijJklmMnoOpPRsSUvwWzZG"].map((c) => [c, c])),
    shortValue: { b: "blocking-factor", C: "directory", f: "file", F: RUNS, g: "listed-incremental", H: "format", I: RUNS, K: "starting-file", L: "tape-length", N: "newer", T: "files-from", V: "label", X: "exclude-from" },
    long: Object.fromEntries(["catenate", "concatenate", "create", "diff", "compare", "delete", "append", "list", "update", "extract", "get", "test-label", "auto-compress", "gzip", "gunzip", "ungzip",
      "bzip2", "xz", "lzip", "lzma", "lzop", "zstd", "compress", "uncompress", "verbose", "keep-old-files", "keep-newer-files", "overwrite", "to-stdout", "touch", "absolute-names",
      "dereference", "hard-dereference", "preserve-permissions", "same-permissions", "same-owner", "no-same-owner", "numeric-owner", "sparse", "verify", "interactive", "confirmation",
      "multi-volume", "ignore-zeros", "incremental", "one-file-system", "remove-files", "unlink-first", "recursive-unlink", "totals", "show-transformed-names", "wildcards", "no-recursion",
      "recursion", "null", "no-null", "utc", "full-time", "check-links", "seek", "no-seek", "block-number", "read-full-records", "preserve-order", "same-order", "help", "usage", "version",
      "xattrs", "no-xattrs", "acls", "no-acls", "selinux", "no-selinux", "posix", "old-archive", "portability", "no-auto-compress", "ignore-failed-read", "ignore-command-error",
      "no-ignore-command-error", "skip-old-files", "no-overwrite-dir", "overwrite-dir", "delay-directory-restore", "no-delay-directory-restore", "anchored", "no-anchored",
      "ignore-case", "no-ignore-case", "wildcards-match-slash", "no-wildcards", "no-wildcards-match-slash", "exclude-backups", "exclude-caches", "exclude-caches-all",
      "exclude-caches-under", "exclude-vcs", "exclude-vcs-ignores", "unquote", "no-unquote", "numeric-owner", "show-defaults", "show-omitted-dirs", "show-stored-names",
      "no-check-device", "check-device", "keep-directory-symlink", "restrict", "sparse", "unlink-first", "verbatim-files-from", "no-verbatim-files-from", "zero", "interactive"].map((n) => [n, n])),
    longValue: {
      "to-command": RUNS, "use-compress-program": RUNS, "info-script": RUNS, "new-volume-script": RUNS, "rsh-command": RUNS, "checkpoint-action": "checkpoint-action",
      directory: "directory", file: "file", "files-from": "files-from", exclude: "exclude", "exclude-from": "exclude-from", "exclude-tag": "exclude-tag", "listed-incremental": "listed-incremental",
      format: "format", label: "label", newer: "newer", "newer-mtime": "newer", "after-date": "newer", owner: "owner", group: "group", mode: "mode", mtime: "mtime", transform: "transform",
      xform: "transform", "strip-components": "strip-components", "blocking-factor": "blocking-factor", "record-size": "record-size", "tape-length": "tape-length", "starting-file": "starting-file",
      "volno-file": "volno-file", suffix: "suffix", "index-file": "index-file", warning: "warning", "quoting-style": "quoting-style", "owner-map": "owner-map", "group-map": "group-map",
      "sort": "sort", "hole-detection": "hole-detection", "xattrs-include": "xattrs", "xattrs-exclude": "xattrs", "pax-option": "pax-option",
    },
    longOptional: { checkpoint: "checkpoint", backup: "backup", occurrence: "occurrence", "sparse-version": "sparse-version", "atime-preserve": "atime-preserve" },
  });
}

/**
 * The words as options: an old-style first word (no dash: `xzf a.tgz`) becomes its letters, each
 * value-taking one followed by the next unused word, as tar reads it.
 */
export function tarArgs(args: readonly string[]): readonly string[] {
  const first = args[1];
  if (first === undefined || first.startsWith("-") || !/^[A-Za-z0-9]+$/.test(first)) return args;
  const values = tarOptions().shortValue as Readonly<Record<string, string>>;
  const out = [args[0] as string];
  let next = 2;
  for (const c of first) {
    out.push(`-${c}`);
    if (values[c] !== undefined && next < args.length) out.push(args[next++] as string);
  }
  return [...out, ...args.slice(next)];
}
