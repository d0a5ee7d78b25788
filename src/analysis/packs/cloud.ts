/**
 * The cloud pack: infrastructure destroyed through its CLI — terraform/tofu destroy, recursive
 * bucket deletes, projects and resource groups deleted. Lists, plans and describes stay quiet.
 */

import type { CommandView } from "../command.js";
import { has, names, parseFlags, values, type FlagSpec, type ParsedFlags } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

const ID = "dangerous/cloud-delete";

/**
 * terragrunt's own options that take a value (`--working-dir d`, and their `--terragrunt-*`
 * spellings before 0.73): their values are not the verb. terraform's one global option
 * (`-chdir=dir`) takes its value after `=` only.
 */
const TERRAGRUNT: FlagSpec = {
  long: names("all", "graph", "non-interactive", "terragrunt-non-interactive", "help", "version"),
  longValue: names(...["config", "working-dir", "download-dir", "tf-path", "tfpath", "source", "source-map", "iam-role", "iam-assume-role", "iam-assume-role-duration", "iam-assume-role-session-name",
    "iam-web-identity-token", "iam-assume-role-web-identity-token", "exclude-dir", "include-dir", "excludes-file", "queue-exclude-dir", "queue-include-dir", "queue-excludes-file", "queue-include-units-reading",
    "modules-that-include", "units-that-include", "parallelism", "log-level", "log-format", "log-custom-format", "hclfmt-file", "hclfmt-exclude-dir", "json-out", "out-dir", "json-out-dir",
    "provider-cache-dir", "provider-cache-hostname", "provider-cache-port", "provider-cache-token", "provider-cache-registry-names", "auth-provider-cmd", "graph-root", "feature", "filter",
    "experiment", "strict-control", "report-file", "report-format", "engine-source", "engine-version", "engine-log-level"].flatMap((n) => [n, `terragrunt-${n}`])),
};

/**
 * The terraform words of the line: terragrunt's runners (`run-all destroy`, `run --all -- destroy`,
 * `stack run destroy`, the old `destroy-all`) run the terraform verb after them.
 */
function terraformOps(view: CommandView): string[] {
  if (view.name !== "terragrunt") return view.args.slice(1).filter((a) => !a.startsWith("-"));
  const p = parseFlags(view.args, TERRAGRUNT, 1);
  let ops = p.operands.map((i) => view.args[i] as string).filter((a) => !a.startsWith("-"));
  if (ops[0] === "stack" && ops[1] === "run") ops = ops.slice(2);
  else if (ops[0] === "run-all" || ops[0] === "run") ops = ops.slice(1);
  return /^(?:destroy|apply)-all$/.test(ops[0] ?? "") ? [(ops[0] as string).slice(0, -4), ...ops.slice(1)] : ops;
}

function terraform(view: CommandView) {
  const ops = terraformOps(view);
  const destroy = ops[0] === "destroy" || (ops[0] === "apply" && view.args.some((a) => /^--?destroy$/.test(a)));
  if (view.args.some((a) => /^--?help$/.test(a))) return NONE;
  const state = stateLoss(view, ops);
  if (state !== null) return [finding("dangerous/terraform-destroy", state)];
  if (!destroy) return NONE;
  return [finding("dangerous/terraform-destroy", `${view.name} ${ops[0]} destroys every resource in the state${view.args.some((a) => /^--?auto-approve$/.test(a)) ? ", without asking (-auto-approve)" : ""}; run plan -destroy first.`)];
}

/**
 * State lost rather than resources: `state rm` makes terraform forget resources (the next apply
 * makes them again beside the old ones, or a later destroy leaves them running), `state push
 * -force` overwrites the shared state, `workspace delete -force` drops a workspace's state.
 * `-dry-run` (state rm) changes nothing.
 */
function stateLoss(view: CommandView, ops: readonly string[]): string | null {
  const force = view.args.some((a) => /^--?force(?:=true)?$/.test(a));
  if (ops[0] === "state" && ops[1] === "rm" && !view.args.some((a) => /^--?dry-run(?:=true)?$/.test(a))) return `${view.name} state rm removes resources from the state: they keep running, unmanaged, and the next apply creates them again. Use a \`removed\` block in the configuration, and plan first.`;
  if (ops[0] === "state" && ops[1] === "push" && force) return `${view.name} state push -force overwrites the stored state, whatever its lineage and serial; pull and compare first.`;
  if (ops[0] === "workspace" && ops[1] === "delete" && force) return `${view.name} workspace delete -force drops the workspace's state while it still tracks resources.`;
  return null;
}

/**
 * aws's global options (`aws help`), those taking a value (`--profile p`, `--region=r`) first,
 * and the `s3` commands' flags.
 */
const AWS: FlagSpec = {
  long: names("debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager", "cli-auto-prompt", "no-cli-auto-prompt", "version", "recursive", "force", "dryrun", "quiet", "delete"),
  longValue: names("profile", "region", "output", "endpoint-url", "query", "color", "ca-bundle", "cli-read-timeout", "cli-connect-timeout", "cli-binary-format", "exclude", "include"),
};

function aws(view: CommandView) {
  const p = parseFlags(view.args, AWS, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  const [svc, verb] = [ops[0] ?? "", ops[1] ?? ""];
  if (svc === "s3") {
    if (has(p, "dryrun")) return NONE;
    if (verb === "rm" && has(p, "recursive")) return [finding(ID, "aws s3 rm --recursive deletes every object under the prefix; there is no undo without versioning.")];
    if (verb === "rb" && has(p, "force")) return [finding(ID, "aws s3 rb --force deletes the bucket and every object in it.")];
    if (verb === "sync" && has(p, "delete")) return [finding(ID, "aws s3 sync --delete deletes what the source lacks from the destination.")];
    return NONE;
  }
  if (view.args.some((a) => a === "--dry-run")) return NONE;
  return /^(?:delete-(?:bucket|db-instance|db-cluster|stack|table|cluster|file-system|vpc|repository|user|role|function|volume|snapshot|db-snapshot|db-cluster-snapshot|secret|log-group|hosted-zone|cache-cluster|replication-group|stream|queue|objects|backup-vault|recovery-point|global-table|keyspace|domain)|terminate-instances|schedule-key-deletion|remove-(?:account|organization))$/.test(verb)
    ? [finding(ID, `aws ${svc} ${verb} deletes cloud resources and their data.`)]
    : NONE;
}

/**
 * gcloud's global flags (`gcloud topic flags`), the hidden ones, and the list and location flags
 * many commands share (gcloud takes flags anywhere after its name, `--project p` or
 * `--project=p`): their values are not command groups. `-r`/`-R` are `storage rm`'s.
 */
const GCLOUD: FlagSpec = {
  short: { q: "quiet", h: "help", r: "recursive", R: "recursive" },
  long: names("quiet", "help", "log-http", "no-log-http", "user-output-enabled", "no-user-output-enabled", "async", "recursive", "all-versions", "uri"),
  longValue: names("access-token-file", "account", "billing-project", "configuration", "flags-file", "flatten", "format", "impersonate-service-account", "project", "trace-token", "verbosity",
    "authority-selector", "authorization-token-file", "credential-file-override", "http-timeout", "trace-email",
    "region", "zone", "location", "filter", "limit", "page-size", "sort-by"),
};

/** az's global arguments (`az --help`) and the ones every resource command takes (`-g`, `-n`, `--ids`). */
const AZ: FlagSpec = {
  short: { h: "help", y: "yes" },
  shortValue: { o: "output", g: "resource-group", n: "name", l: "location" },
  long: names("debug", "help", "only-show-errors", "verbose", "yes", "no-wait"),
  longValue: names("subscription", "output", "query", "resource-group", "name", "location", "ids"),
};

/** gcloud's release tracks: `gcloud beta sql instances delete` is `sql instances delete`. */
const TRACK = /^(?:alpha|beta|preview)$/;

/** `gcloud [GROUP...] delete`, `az [GROUP...] delete`: the verb is the last plain word before the names. */
function gcloudAz(view: CommandView) {
  const p = parseFlags(view.args, view.name === "gcloud" ? GCLOUD : AZ, 1);
  let ops = p.operands.map((i) => view.args[i] as string);
  if (view.name === "gcloud" && TRACK.test(ops[0] ?? "")) ops = ops.slice(1);
  // `gcloud storage rm -r gs://b`, `gcloud storage rm gs://b/**`: gsutil rm by another name.
  if (view.name === "gcloud" && ops[0] === "storage" && ops[1] === "rm" && (has(p, "recursive") || ops.some((a) => /\*\*/.test(a)))) {
    return [finding(ID, "gcloud storage rm -r deletes every object under the prefix.")];
  }
  const at = ops.findIndex((o) => o === "delete" || o === "destroy" || o === "purge" || o === "delete-batch");
  if (at < 1) return NONE;
  const group = ops.slice(0, at).join(" ");
  const wholesale = ops[at] === "delete-batch" || /^(?:projects|group|sql instances|container clusters|storage buckets|storage|compute instances|cosmosdb|aks|vm|sql db|sql server|keyvault|storage account|functionapp|webapp|redis|postgres flexible-server|mysql flexible-server)$/.test(group);
  return wholesale ? [finding(ID, `${view.name} ${group} ${ops[at]} deletes cloud resources and their data.`)] : NONE;
}

function gsutil(view: CommandView) {
  const ops = view.args.slice(1).filter((a) => !a.startsWith("-"));
  const recursive = view.args.some((a) => /^-[A-Za-z]*[rR]/.test(a));
  return (ops[0] === "rm" && recursive) || ops[0] === "rb" ? [finding(ID, `gsutil ${ops[0]} deletes buckets or every object under the prefix.`)] : NONE;
}

/** The first words of `args` that are not options (a value after `--flag` may be among them: they are only compared with verbs). */
const plain = (args: readonly string[]): string[] => args.slice(1).filter((a) => !a.startsWith("-"));
const previewed = (args: readonly string[]): boolean => args.some((a) => /^--?(?:help|h|preview|dry-?run)$/.test(a));

/** Whether `ops` has `a` then `b` side by side (`repo delete`): a global option's value before them does not hide them. */
const pair = (ops: readonly string[], a: string, b: RegExp): boolean => ops.some((o, k) => o === a && b.test(ops[k + 1] ?? ""));

/**
 * Other infrastructure tools whose verb deletes everything they made: `pulumi destroy` (`down`),
 * `pulumi stack rm`, `cdk destroy`, `cdktf destroy`, `serverless remove`; and hosted projects
 * deleted whole: `gh repo delete`, `glab repo delete`, `heroku apps:destroy`, `fly apps destroy`,
 * `doctl … delete` of droplets, databases and clusters, `bq rm -r` of a dataset. The verb is read
 * after the tool's options with values (VALUED), or among the plain words.
 */
const VERBS: Readonly<Record<string, (ops: readonly string[], args: readonly string[], p: ParsedFlags | null) => string | null>> = {
  pulumi: (ops) => (ops[0] === "destroy" || ops[0] === "down" ? "destroys every resource in the stack" : ops[0] === "stack" && /^(?:rm|remove)$/.test(ops[1] ?? "") ? "removes the stack and its history (with --force, while it still has resources)" : null),
  cdk: (ops) => (ops[0] === "destroy" ? "deletes the stacks and their resources" : null),
  cdktf: (ops) => (ops[0] === "destroy" ? "destroys every resource of the stacks" : null),
  serverless: (ops) => (ops[0] === "remove" ? "deletes the service's stack and resources" : null),
  gh: (ops, _args, p) => (pair(ops, "repo", /^delete$/) ? "deletes the repository with its issues, pull requests and wiki"
    : ops[0] === "api" && p !== null && /^delete$/i.test(values(p, "method").at(-1) ?? "") ? "sends a DELETE to the GitHub API (a repository, release, branch or other resource)" : null),
  glab: (ops) => (pair(ops, "repo", /^delete$/) || pair(ops, "project", /^delete$/) ? "deletes the project with its issues and merge requests" : null),
  heroku: (ops) => (/^(?:apps:destroy|apps:delete|destroy|addons:destroy|pg:reset)$/.test(ops[0] ?? "") ? "deletes the app, add-on or database and its data" : null),
  flyctl: (ops) => (/^(?:apps?|vol(?:ume)?s?|postgres|pg|machines?|m)$/.test(ops[0] ?? "") && /^(?:destroy|delete|remove|rm)$/.test(ops[1] ?? "") || ops[0] === "destroy" ? "deletes the app, volume or machine and its data" : null),
  doctl: (ops) => (ops.some((o, k) => /^(?:delete|rm|d|del)$/.test(o) && k >= 1 && /^(?:droplets?|databases?|dbs?|d|kubernetes|k8s|k|clusters?|c|volumes?|projects?|apps?|registry|db)$/.test(ops[k - 1] ?? "")) ? "deletes the droplet, database, cluster or volume" : null),
  bq: (ops, args) => (ops[0] === "rm" && args.some((a) => /^-[A-Za-z]*r|^--recursive/.test(a)) ? "deletes the dataset and every table in it" : null),
  // The command is the first of rclone's command names among the words (rclone takes its many options anywhere).
  rclone: (ops) => {
    const verb = ops.find((o) => RCLONE_COMMANDS.has(o));
    return verb === "purge" ? "deletes the path and everything under it" : verb === "delete" ? "deletes every file under the path" : verb === "rmdirs" ? "deletes the empty directories under the path" : null;
  },
  firebase: (ops, _args, p) => (ops[0] === "database:remove" ? "deletes the Realtime Database data at the path and under it"
    : ops[0] === "firestore:delete" && p !== null && (has(p, "all-collections") || has(p, "recursive")) ? "deletes Firestore documents and every subcollection under them"
    : ops[0] === "firestore:databases:delete" ? "deletes the Firestore database" : null),
  wrangler: (ops) => (/^(?:r2 bucket|d1|kv namespace|kv:namespace|queues|vectorize|hyperdrive|pages project) delete\b/.test(ops.slice(0, 3).join(" ")) || ops[0] === "delete"
    ? "deletes the Cloudflare bucket, database, namespace or Worker and its data" : null),
  supabase: (ops, _args, p) => (ops[0] === "db" && ops[1] === "reset" && p !== null && (has(p, "linked") || has(p, "db-url")) ? "resets the remote database: every table and row is dropped"
    : /^(?:projects|branches) delete$/.test(ops.slice(0, 2).join(" ")) ? "deletes the project or branch with its database"
    : ops[0] === "storage" && ops[1] === "rm" && p !== null && has(p, "recursive") ? "deletes every object under the path" : null),
};

/** rclone's commands (`rclone help`): the first of these among the words is the command. */
const RCLONE_COMMANDS: ReadonlySet<string> = new Set(["about", "archive", "authorize", "backend", "bisync", "cat", "check", "checksum", "cleanup", "completion", "config", "convmv", "copy", "copyto",
  "copyurl", "cryptcheck", "cryptdecode", "dedupe", "delete", "deletefile", "genautocomplete", "gendocs", "gitannex", "hashsum", "link", "listremotes", "ls", "lsd", "lsf", "lsjson", "lsl",
  "md5sum", "mkdir", "mount", "move", "moveto", "ncdu", "nfsmount", "obscure", "purge", "rc", "rcat", "rcd", "rmdir", "rmdirs", "selfupdate", "serve", "settier", "sha1sum", "size", "sync",
  "test", "touch", "tree", "version"]);

/** Each tool's options that take a value before its verb (`pulumi -C dir destroy`, `sls --stage prod remove`). */
const VALUED: Readonly<Record<string, FlagSpec>> = {
  pulumi: { shortValue: { C: "cwd", s: "stack" }, longValue: { cwd: "cwd", stack: "stack", color: "color", tracing: "tracing", "config-file": "config-file", message: "message", target: "target", parallel: "parallel", exclude: "exclude" }, long: { "preview-only": "preview-only", yes: "yes" } },
  cdk: { shortValue: { a: "app", c: "context", o: "output", r: "role-arn", p: "plugin" }, longValue: { app: "app", context: "context", profile: "profile", output: "output", "role-arn": "role-arn", plugin: "plugin", "ca-bundle-path": "ca-bundle-path", proxy: "proxy", build: "build" } },
  serverless: { shortValue: { s: "stage", r: "region", c: "config" }, longValue: { stage: "stage", region: "region", config: "config", "aws-profile": "aws-profile", app: "app", org: "org", param: "param" } },
  heroku: { shortValue: { a: "app", r: "remote" }, longValue: { app: "app", remote: "remote", confirm: "confirm" } },
  flyctl: { shortValue: { a: "app", c: "config", t: "access-token" }, longValue: { app: "app", config: "config", "access-token": "access-token" } },
  bq: { longValue: { location: "location", project_id: "project_id", dataset_id: "dataset_id", format: "format", api: "api" } },
  // `gh api`'s options (`-X DELETE`, `--method=DELETE`), and `-R` of the repository commands.
  gh: { short: { i: "include" }, shortValue: { R: "repo", X: "method", H: "header", f: "raw-field", F: "field", p: "preview", q: "jq", t: "template" },
    long: names("include", "paginate", "silent", "slurp", "verbose"), longValue: names("repo", "method", "header", "field", "raw-field", "jq", "template", "hostname", "input", "cache", "preview") },
  // firebase's global options (`-P project`, `--account`, `--token`), then those of firestore:delete and database:remove.
  firebase: { short: { r: "recursive", f: "force", i: "interactive" }, shortValue: { P: "project" },
    long: names("recursive", "force", "all-collections", "shallow", "json", "non-interactive", "interactive", "debug", "disable-triggers"), longValue: names("project", "account", "token", "config", "database", "instance") },
  wrangler: { shortValue: { c: "config", e: "env", j: "jurisdiction" }, longValue: names("config", "env", "jurisdiction", "cwd", "log-level", "experimental-provision", "location") },
  // supabase's global flags (`--workdir`, `--profile`, `-o`), and `db reset`'s and `storage rm`'s.
  supabase: { short: { r: "recursive" }, shortValue: { o: "output" },
    long: names("linked", "local", "debug", "experimental", "yes", "create-ticket", "recursive"), longValue: names("db-url", "workdir", "profile", "output", "dns-resolver", "network-id", "version", "project-ref") },
  // rclone's options that take a value among the most used (its command is found by name anyway); `-n` is its dry run.
  rclone: { short: { n: "dry-run", v: "verbose", q: "quiet", P: "progress", i: "interactive" },
    longValue: names("config", "transfers", "checkers", "filter", "filter-from", "include", "include-from", "exclude", "exclude-from", "files-from", "min-age", "max-age", "min-size",
      "max-size", "max-depth", "log-file", "log-level", "bwlimit", "stats", "retries", "low-level-retries", "timeout", "contimeout", "user-agent", "backup-dir", "suffix", "cache-dir", "password-command") },
};

/** Other names of the same tools (`npx aws-cdk`, `fly`). */
const ALIASES: Readonly<Record<string, string>> = { sls: "serverless", fly: "flyctl", "aws-cdk": "cdk", "cdktf-cli": "cdktf" };

function hosted(view: CommandView) {
  const name = ALIASES[view.name] ?? view.name;
  const rule = VERBS[name];
  if (rule === undefined || previewed(view.args)) return NONE;
  const spec = VALUED[name];
  const p = spec === undefined ? null : parseFlags(view.args, spec, 1);
  // `--preview-only`: pulumi shows what it would destroy.
  if (p !== null && has(p, "preview-only")) return NONE;
  const ops = p === null ? plain(view.args) : p.operands.map((i) => view.args[i] as string);
  // rclone's `-n`: nothing is deleted.
  if (p !== null && has(p, "dry-run")) return NONE;
  const what = rule(ops, view.args, p);
  return what === null ? NONE : [finding(ID, `${view.name} ${ops.slice(0, 2).join(" ")} ${what}; there is no undo.`)];
}

const ENTRIES = new Map<string, Rule>([["terraform", terraform], ["tofu", terraform], ["terragrunt", terraform], ["aws", aws], ["gcloud", gcloudAz], ["az", gcloudAz], ["gsutil", gsutil],
  ...[...Object.keys(VERBS), ...Object.keys(ALIASES)].map((n): [string, Rule] => [n, hosted])]);

export const cloud: Pack = {
  name: "cloud",
  description: "terraform/tofu/pulumi/cdk destroy, aws s3 rm --recursive / rb --force / delete-*, gcloud and az deletes of projects, groups, clusters, databases, gh repo delete.",
  entries: ENTRIES,
  findings: {
    "dangerous/terraform-destroy": { entry: "terraform destroy, tofu destroy, apply -destroy, state rm, state push -force, workspace delete -force", description: "terraform, tofu or terragrunt destroy (or apply -destroy), or their state dropped." },
    [ID]: { entry: "aws, gcloud, az, gsutil, bq, pulumi, cdk, cdktf, serverless, gh, glab, heroku, flyctl, doctl, rclone, firebase, wrangler, supabase", description: "Deleting buckets, projects, resource groups, clusters, databases, instances, stacks or repositories through a cloud or hosting CLI." },
  },
};
