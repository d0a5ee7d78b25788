/**
 * Cloud and cluster copiers, as downloaders (downloads.ts, line-state.ts): what `aws s3 cp|mv|sync`
 * (`s3api get-object`), `gsutil cp|mv|rsync`, `gcloud storage cp|mv|rsync`, `azcopy copy|sync`,
 * `az storage blob|file download[-batch]`, `rclone copy|copyto|move|moveto|sync|copyurl`, `kubectl`/`oc cp`,
 * `docker`/`podman cp`, `oras pull`, `s3cmd get|sync`, `s5cmd cp|sync`, `lxc`/`incus file pull` and
 * `gcloud compute scp` write here from a bucket, a pod or a container: the files,
 * and the directory a recursive copy fills (anything under it came from there). A copy from a local
 * source (an upload) writes nothing here; `aws s3 cp s3://b/x -`, `rclone cat`, `gsutil cat` print
 * what they fetch (a pipe into a shell is pipe-to-shell already; `> F` makes F a download).
 */

import { has, letters, names, parseFlags, values, type FlagSpec } from "../flags.js";

/** What a subcommand does: copy (files; a tree when recursive), copy to a file, sync a tree, fetch to a file operand, print. */
type Kind = "copy" | "copyto" | "sync" | "object" | "print" | "az" | "oras";

interface Copier {
  /** Subcommand words (the first operands, joined by spaces) → what they do. */
  subs: Readonly<Record<string, Kind>>;
  /** Every option of the tool and its copy subcommands (global ones may come anywhere). */
  spec: FlagSpec;
  /** A source that is not here: a bucket, a remote, a pod, a container (none: the subcommand says where it writes). */
  remote?: RegExp;
  /** Copying a source with no extension copies a directory (`rclone copy r:b/d ./d`, `kubectl cp pod:/d d`). */
  dirs?: true;
  /** Into `.` or `DIR/`, a directory is copied as itself (`docker cp c:/app .` makes ./app). */
  into?: true;
  /** Sources are all operands but the last (`gsutil cp a b DIR`); otherwise source and destination are the first two. */
  manySources?: true;
  /** Without a destination, the copy is made in the working directory (`s3cmd get s3://b/i.sh`). */
  here?: true;
}

const AWS: Copier = {
  subs: { "s3 cp": "copy", "s3 mv": "copy", "s3 sync": "sync", "s3api get-object": "object" },
  spec: {
    long: names("recursive", "debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager", "cli-auto-prompt", "no-cli-auto-prompt", "dryrun", "quiet", "no-progress", "follow-symlinks", "no-follow-symlinks", "only-show-errors", "delete", "size-only", "exact-timestamps", "force-glacier-transfer", "ignore-glacier-warnings", "no-guess-mime-type"),
    longValue: names("profile", "region", "endpoint-url", "output", "query", "ca-bundle", "cli-read-timeout", "cli-connect-timeout", "color", "cli-binary-format", "include", "exclude", "acl", "storage-class", "sse", "sse-c", "sse-c-key", "sse-kms-key-id", "sse-c-copy-source", "sse-c-copy-source-key", "content-type", "cache-control",
      "content-disposition", "content-encoding", "content-language", "expires", "metadata", "metadata-directive", "grants", "website-redirect", "expected-size", "source-region", "request-payer", "copy-props", "checksum-algorithm", "checksum-mode", "page-size", "bucket", "key", "range", "version-id", "part-number",
      "if-match", "if-none-match", "if-modified-since", "if-unmodified-since", "expected-bucket-owner"),
  },
  remote: /^s3:\/\//,
};

const GSUTIL: Copier = {
  subs: { cp: "copy", mv: "copy", rsync: "sync", cat: "print" },
  spec: { short: { ...letters("mqdDpncePIJUvAMCZ"), r: "recursive", R: "recursive" }, shortValue: letters("uohiajLszxy") },
  remote: /^(?:gs|s3):\/\//,
  manySources: true,
};

const GCLOUD: Copier = {
  subs: { "storage cp": "copy", "storage mv": "copy", "storage rsync": "sync", "storage cat": "print", "compute scp": "copy" },
  spec: {
    short: { r: "recursive", R: "recursive", q: "quiet", n: "no-clobber" },
    long: { recurse: "recursive", ...names("recursive", "compress", "dry-run", "force-key-file-overwrite", "plain", "strict-host-key-checking", "tunnel-through-iap", "internal-ip", "quiet", "no-clobber", "continue-on-error", "preserve-posix", "do-not-decompress", "daisy-chain", "print-created-message", "delete-unmatched-destination-objects", "checksums-only", "log-http", "read-paths-from-stdin", "skip-unsupported", "ignore-symlinks") },
    longValue: names("zone", "port", "scp-flag", "ssh-key-expire-after", "project", "account", "configuration", "verbosity", "impersonate-service-account", "format", "billing-project", "manifest-path", "storage-class", "cache-control", "content-type", "custom-metadata", "exclude", "predefined-acl", "encryption-key", "decryption-keys", "additional-headers", "trace-token", "flags-file"),
  },
  // A bucket, or `[USER@]INSTANCE:PATH` (compute scp).
  remote: /^(?:gs|s3):\/\/|^[\w.-]+@?[\w.-]*:(?!\/\/)/,
  manySources: true,
};

/** `s3cmd get s3://b/i.sh [DEST]`, `s3cmd sync s3://b/d/ d/`. */
const S3CMD: Copier = {
  subs: { get: "copy", sync: "sync" },
  spec: {
    short: { r: "recursive", f: "force", n: "dry-run", v: "verbose", d: "debug", q: "quiet", H: "human-readable", P: "acl-public" },
    shortValue: { c: "config", e: "encrypt" },
    long: names("recursive", "force", "dry-run", "verbose", "debug", "quiet", "skip-existing", "continue", "delete-removed", "no-delete-removed", "preserve", "no-preserve", "check-md5", "no-check-md5", "no-ssl", "ssl", "progress", "no-progress", "human-readable", "acl-public", "acl-private", "encrypt", "no-encrypt"),
    longValue: names("config", "access_key", "secret_key", "access_token", "host", "host-bucket", "region", "bucket-location", "exclude", "include", "rexclude", "rinclude", "exclude-from", "include-from", "storage-class", "limit-rate", "multipart-chunk-size-mb", "cache-file", "ca-certs"),
  },
  remote: /^s3:\/\//,
  manySources: true,
  here: true,
};

/** `s5cmd [--endpoint-url U] cp s3://b/i.sh .`. */
const S5CMD: Copier = {
  subs: { cp: "copy", mv: "copy", sync: "sync", cat: "print" },
  spec: {
    short: { n: "no-clobber", s: "if-size-differ", u: "if-source-newer", f: "flatten" },
    long: names("dry-run", "stat", "json", "no-verify-ssl", "use-list-objects-v1", "request-payer", "install-completion", "no-sign-request", "no-clobber", "if-size-differ", "if-source-newer", "flatten", "raw", "force-glacier-transfer", "ignore-glacier-warnings", "delete", "size-only", "exit-on-error"),
    longValue: names("endpoint-url", "numworkers", "retry-count", "log", "credentials-file", "profile", "concurrency", "part-size", "storage-class", "sse", "sse-kms-key-id", "acl", "cache-control", "expires", "content-type", "content-encoding", "content-disposition", "exclude", "include", "metadata", "source-region", "destination-region", "version-id"),
  },
  remote: /^s3:\/\//,
  manySources: true,
};

/** `lxc file pull c/path DEST` (incus too): every source is in the container. */
const LXC: Copier = {
  subs: { "file pull": "copy" },
  spec: { short: { r: "recursive", p: "create-dirs", q: "quiet" }, long: names("recursive", "create-dirs", "quiet", "debug", "verbose", "force-local"), longValue: names("project", "mode", "uid", "gid") },
  // `CONTAINER/path` (a name starts with a letter or digit: `./x` and `../x` are here).
  remote: /^(?!\.\.?\/)[\w-][\w.-]*\/./,
  manySources: true,
  dirs: true,
};

const AZCOPY: Copier = {
  subs: { copy: "copy", cp: "copy", c: "copy", sync: "sync", s: "sync" },
  spec: {
    long: names("recursive", "as-subdir", "put-md5", "follow-symlinks", "dry-run", "preserve-symlinks", "check-length", "s2s-preserve-access-tier"),
    longValue: names("include-pattern", "exclude-pattern", "include-path", "exclude-path", "include-regex", "exclude-regex", "log-level", "cap-mbps", "block-size-mb", "from-to", "overwrite", "check-md5", "output-type", "list-of-files", "list-of-versions", "include-after", "include-before",
      "delete-destination", "compare-hash", "blob-type", "block-blob-tier", "page-blob-tier", "metadata", "content-type", "content-encoding", "trusted-microsoft-suffixes", "exclude-attributes", "include-attributes"),
  },
  remote: /^https?:\/\//,
};

const AZ: Copier = {
  subs: { "storage blob download": "az", "storage blob download-batch": "az", "storage file download": "az", "storage file download-batch": "az" },
  spec: {
    short: {},
    shortValue: { c: "container-name", n: "name", f: "file", d: "destination", s: "source", o: "output" },
    long: names("no-progress", "overwrite", "validate-content", "dryrun", "debug", "verbose", "only-show-errors"),
    longValue: names("account-name", "account-key", "container-name", "name", "file", "dest", "path", "share-name", "connection-string", "sas-token", "auth-mode", "destination", "source", "pattern", "blob-url", "max-connections", "start-range", "end-range", "if-match", "if-none-match",
      "if-modified-since", "if-unmodified-since", "lease-id", "open-mode", "snapshot", "timeout", "version-id", "subscription", "output", "query", "blob-endpoint"),
  },
};

const RCLONE: Copier = {
  subs: { copy: "copy", move: "copy", copyto: "copyto", moveto: "copyto", copyurl: "copyto", sync: "sync", cat: "print" },
  spec: {
    short: { ...letters("PvnqiIcuL"), a: "auto-filename" },
    long: names("progress", "dry-run", "interactive", "verbose", "quiet", "checksum", "update", "ignore-existing", "size-only", "no-traverse", "create-empty-src-dirs", "auto-filename", "print-filename", "no-clobber", "stdout", "ignore-times", "no-check-dest", "fast-list", "copy-links", "links"),
    longValue: names("max-age", "min-age", "include", "exclude", "filter", "config", "transfers", "checkers", "bwlimit", "log-file", "log-level", "max-size", "min-size", "max-depth", "backup-dir", "suffix", "files-from", "exclude-from", "include-from", "filter-from", "order-by", "retries",
      "low-level-retries", "stats", "timeout", "contimeout", "user-agent", "max-transfer", "cutoff-mode", "compare-dest", "copy-dest", "multi-thread-streams", "buffer-size", "tpslimit", "header", "max-backlog"),
  },
  // `remote:path`; `/x`, `./x`, `~/x` are here, and copyurl's source is a URL.
  remote: /^[\w.-]+:(?!\/\/)|^https?:\/\//,
  dirs: true,
};

const KUBECTL: Copier = {
  subs: { cp: "copy" },
  spec: {
    long: names("no-preserve", "insecure-skip-tls-verify"),
    shortValue: { c: "container", n: "namespace", s: "server" },
    longValue: names("container", "namespace", "context", "kubeconfig", "cluster", "user", "retries", "request-timeout", "server", "token", "as", "as-group"),
  },
  // `pod:/x`, `ns/pod:/x`.
  remote: /^(?:[\w.-]+\/)?[\w.-]+:/,
  dirs: true,
};

const DOCKER: Copier = {
  subs: { cp: "copy", "container cp": "copy" },
  spec: { short: letters("aLqD"), shortValue: { H: "host", c: "context", l: "log-level" }, long: names("archive", "follow-link", "quiet", "debug", "tls", "tlsverify"), longValue: names("host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey") },
  remote: /^[\w.-]+:/,
  dirs: true,
  into: true,
};

const ORAS: Copier = {
  subs: { pull: "oras" },
  spec: {
    short: letters("dv"),
    shortValue: { o: "output", u: "username", p: "password" },
    long: names("allow-path-traversal", "include-subject", "insecure", "plain-http", "keep-old-files", "verbose", "debug", "password-stdin", "identity-token-stdin"),
    longValue: names("output", "username", "password", "config", "platform", "registry-config", "ca-file", "cert-file", "key-file", "concurrency", "resolve", "oci-layout-path"),
  },
};

export const COPIERS: Readonly<Record<string, Copier>> = { aws: AWS, gsutil: GSUTIL, gcloud: GCLOUD, azcopy: AZCOPY, az: AZ, rclone: RCLONE, kubectl: KUBECTL, oc: KUBECTL, docker: DOCKER, s3cmd: S3CMD, s5cmd: S5CMD, lxc: LXC, incus: LXC, podman: DOCKER, oras: ORAS };

export interface Copied {
  /** Files written here (a destination, and each source's name inside it). */
  files: string[];
  /** The directory a recursive copy fills, or null. */
  tree: string | null;
  /** The subcommand prints what it fetches (a `> F` redirect is then a download). */
  prints: boolean;
  /** What copied it: `aws s3 cp`. */
  by: string;
}

const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
/** A source's name once copied: `s3://b/d/i.sh` → i.sh, `pod:/d/` → d, `https://a.blob…/c/i.sh?sv=…` → i.sh. */
const nameOf = (s: string): string => base(s.replace(/[?#].*$/, "").replace(/^[a-z0-9]+:\/\/[^/]*/, "").replace(/^[^/:]*:/, "").replace(/\/+$/, ""));

/** What `args` (a copier's words, its name first) writes here, or null for a command that fetches nothing. */
export function cloudCopy(args: readonly string[], name: string): Copied | null {
  const copier = COPIERS[name];
  if (copier === undefined) return null;
  const p = parseFlags(args, copier.spec, 1);
  const ops = p.operands.map((k) => args[k] as string);
  // The subcommand: the longest run of first operands the table knows (`storage blob download-batch`).
  let sub = "";
  let kind: Kind | undefined;
  let at = 0;
  for (let n = 1; n <= 3 && n <= ops.length; n++) {
    const words = ops.slice(0, n).join(" ");
    if (copier.subs[words] !== undefined) [sub, kind, at] = [words, copier.subs[words], n];
  }
  if (kind === undefined) return null;
  const by = `${name} ${sub}`;
  const rest = ops.slice(at);
  const out: Copied = { files: [], tree: null, prints: kind === "print", by };
  if (kind === "az") {
    // `az storage blob download -f F` (without -f it prints), `storage file download --dest F`, `download-batch -d DIR`.
    out.files.push(...values(p, "file"), ...values(p, "dest"));
    if (sub.endsWith("-batch")) out.tree = values(p, "destination")[0] ?? null;
    else out.prints = out.files.length === 0;
    return out;
  }
  if (kind === "oras") {
    out.tree = values(p, "output")[0] ?? ".";
    return out;
  }
  if (kind === "object") {
    // `aws s3api get-object --bucket b --key k OUTFILE`.
    if (rest[0] !== undefined) out.files.push(rest[0]);
    return out;
  }
  if (kind === "print") return out;
  const remote = copier.remote ?? /$^/;
  // `s3cmd get s3://b/i.sh`: no destination is the working directory.
  const here = copier.here === true && rest.length === 1;
  const dest = here ? "." : copier.manySources === true ? rest[rest.length - 1] : rest[1];
  const sources = here ? rest : copier.manySources === true ? rest.slice(0, -1) : rest.slice(0, 1);
  if (dest === undefined || !sources.some((s) => remote.test(s))) return null;
  // `aws s3 cp s3://b/i.sh -`: printed, not written.
  if (dest === "-" || has(p, "stdout")) return { ...out, prints: true };
  if (remote.test(dest)) return null;
  if (kind === "copyto" && !has(p, "auto-filename")) out.files.push(dest);
  else out.files.push(dest, ...sources.map((s) => `${dest.replace(/\/+$/, "")}/${nameOf(s)}`));
  const dir = sources.find((s) => !/\.\w+$/.test(nameOf(s)));
  if (kind === "sync" || has(p, "recursive")) out.tree = dest;
  else if (copier.dirs === true && kind === "copy" && dir !== undefined) out.tree = copier.into === true && /^\.?$|\/$/.test(dest) ? `${dest.replace(/\/+$/, "")}/${nameOf(dir)}` : dest;
  // A tree holds its files (and the destination itself): one finding for `kubectl cp pod:/x x && ./x`.
  if (out.tree !== null) out.files = [];
  return out;
}
