/**
 * The kubernetes pack: kubectl delete of namespaces, nodes, CRDs or everything of a kind, and
 * helm uninstall. `kubectl get`, `describe`, `apply --dry-run` stay quiet.
 */

import type { CommandView } from "../command.js";
import { names, parseFlags, values, type FlagSpec } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

/**
 * kubectl's global options (`kubectl options`), those taking a value first: `kubectl -v 9 delete
 * ns x`, `--as-group system:masters delete ...` must not read the value as the verb. pflag takes
 * `--opt value` and `--opt=value` alike; a boolean takes a value only after `=`.
 */
export const KUBECTL_GLOBAL: FlagSpec = {
  short: { h: "help" },
  shortValue: { n: "namespace", s: "server", v: "v" },
  long: names("add-dir-header", "alsologtostderr", "disable-compression", "insecure-skip-tls-verify", "logtostderr", "match-server-version", "one-output", "skip-headers", "skip-log-headers", "warnings-as-errors", "help"),
  longValue: {
    ...names("as", "as-group", "as-uid", "cache-dir", "certificate-authority", "client-certificate", "client-key", "cluster", "context", "kubeconfig", "kuberc", "log-backtrace-at", "log-dir", "log-file",
      "log-file-max-size", "log-flush-frequency", "namespace", "password", "profile", "profile-output", "request-timeout", "server", "stderrthreshold", "tls-server-name", "token", "user", "username", "v", "vmodule"),
  },
};

/**
 * kubectl's global options, and those of `delete`, `drain` and `debug` (`--cascade` and
 * `--dry-run` take a value only after `=`; debug's `--profile` shares the global's name).
 */
const KUBECTL: FlagSpec = {
  short: { ...KUBECTL_GLOBAL.short, A: "all-namespaces", w: "wait", R: "recursive", i: "interactive", t: "tty", q: "quiet" },
  shortValue: { ...KUBECTL_GLOBAL.shortValue, l: "selector", f: "filename", o: "output", k: "kustomize", c: "container" },
  long: { ...KUBECTL_GLOBAL.long, ...names("all", "all-namespaces", "force", "recursive", "ignore-not-found", "wait", "now", "interactive", "delete-emptydir-data", "delete-local-data", "disable-eviction", "ignore-daemonsets",
    "stdin", "tty", "quiet", "attach", "replace", "same-node", "share-processes", "keep-annotations", "keep-init-containers", "keep-labels", "keep-liveness", "keep-readiness", "keep-startup") },
  longValue: { ...KUBECTL_GLOBAL.longValue, ...names("selector", "filename", "output", "field-selector", "grace-period", "timeout", "kustomize", "raw", "pod-selector", "chunk-size", "skip-wait-for-delete-timeout",
    "image", "container", "target", "copy-to", "env", "image-pull-policy", "custom", "set-image") },
  longOptional: names("cascade", "dry-run"),
};

/** Whether a boolean flag is on: given, and its last value (pflag's `--flag=false`) not false. */
const on = (p: ReturnType<typeof parseFlags>, name: string): boolean => !/^(?:0|f|false)$/i.test(values(p, name).at(-1) ?? "false");

/** kubectl's `--dry-run[=client|server|none]`: the last one wins; `none` and a false boolean (`--dry-run=false`) run for real. */
const dryRun = (v: readonly string[]): boolean => v.length > 0 && !/^(?:none|0|f|false)$/i.test(v.at(-1) as string);

/** Kinds whose deletion takes everything inside with it. */
const WHOLESALE = /^(?:ns|namespaces?|nodes?|no|pv|persistentvolumes?|pvc|persistentvolumeclaims?|crds?|customresourcedefinitions?|clusterroles?|clusterrolebindings?|projects?)$/;

/** A resource as kubectl resolves it: any case, a version or group after a dot (`Namespace`, `namespace.v1`, `crd.apiextensions.k8s.io`), `kind/name`. */
const kindOf = (k: string): string => (k.toLowerCase().split("/")[0] as string).split(".")[0] as string;

function kubectl(view: CommandView) {
  const p = parseFlags(view.args, KUBECTL, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  if (on(p, "help") || dryRun(values(p, "dry-run"))) return NONE;
  if (ops[0] === "debug") return debug(view, p, ops);
  if (ops[0] === "drain") return [finding("dangerous/kube-delete", "kubectl drain evicts every pod from the node.")];
  if (ops[0] !== "delete") return NONE;
  const kinds = (ops[1] ?? "").split(",");
  const broad = on(p, "all") || on(p, "all-namespaces");
  if (!broad && !kinds.some((k) => WHOLESALE.test(kindOf(k)))) return NONE;
  return [finding("dangerous/kube-delete", `kubectl delete ${ops.slice(1).join(" ")}${broad ? " (all of them)" : ""} removes cluster resources wholesale, with what runs and is stored in them.`)];
}

/**
 * `kubectl debug node/x`: a pod on the node with the node's / mounted at /host and its PID and
 * network namespaces (`-- chroot /host CMD` runs CMD as root on the node); `--profile=sysadmin`: a
 * privileged debug container, which can mount the host's disks.
 */
function debug(view: CommandView, p: ReturnType<typeof parseFlags>, ops: readonly string[]) {
  const node = /^(?:no|nodes?)$/.test(kindOf(ops[1] ?? "")) && (ops[1] ?? "").includes("/");
  const sysadmin = values(p, "profile").includes("sysadmin");
  if (!node && !sysadmin) return NONE;
  const dash = view.args.indexOf("--");
  const cmd = dash > 0 ? `runs \`${view.args.slice(dash + 1).join(" ")}\`` : "starts a shell";
  return [finding(HOST, `${view.name} debug ${ops[1] ?? ""} ${cmd} in ${node ? "a pod with the node's / at /host, in its PID and network namespaces" : "a privileged container (--profile=sysadmin)"}: what runs there changes the node unseen.`)];
}

/** helm's global options (`helm --help`), then uninstall's; pflag, as kubectl. */
const HELM: FlagSpec = {
  short: { h: "help" },
  shortValue: { n: "namespace" },
  long: names("debug", "kube-insecure-skip-tls-verify", "help", "dry-run", "keep-history", "ignore-not-found", "no-hooks", "wait"),
  longValue: names("burst-limit", "color", "colour", "content-cache", "kube-apiserver", "kube-as-group", "kube-as-user", "kube-ca-file", "kube-context", "kube-tls-server-name", "kube-token", "kubeconfig",
    "namespace", "qps", "registry-config", "repository-cache", "repository-config", "cascade", "description", "timeout"),
};

function helm(view: CommandView) {
  const p = parseFlags(view.args, HELM, 1);
  const verb = view.args[p.operands[0] ?? 0] ?? "";
  return /^(?:uninstall|delete|del|un)$/.test(verb) && !on(p, "dry-run") && !on(p, "help")
    ? [finding("dangerous/helm-uninstall", `helm ${verb} removes the release and every resource it created.`)]
    : NONE;
}

const HOST = "dangerous/kube-host-access";

const ENTRIES = new Map<string, Rule>([["kubectl", kubectl], ["oc", kubectl], ["helm", helm]]);

export const kubernetes: Pack = {
  name: "kubernetes",
  description: "kubectl delete of namespaces, nodes, volumes and their claims, CRDs, --all or -A; kubectl drain; kubectl debug of a node; helm uninstall.",
  entries: ENTRIES,
  findings: {
    "dangerous/kube-delete": { entry: "kubectl delete, kubectl drain", description: "kubectl (or oc) delete of a namespace or project, node, persistent volume or claim, CRD or cluster role, or with --all / -A; kubectl drain." },
    [HOST]: { entry: "kubectl debug node/…", description: "kubectl (or oc) debug of a node (the node's / at /host, its PID and network), or with --profile=sysadmin." },
    "dangerous/helm-uninstall": { entry: "helm uninstall", description: "helm uninstall (delete)." },
  },
};
