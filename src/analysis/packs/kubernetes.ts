/**
 * The kubernetes pack: kubectl delete of namespaces, nodes, CRDs or everything of a kind, and
 * helm uninstall. `kubectl get`, `describe`, `apply --dry-run` stay quiet.
 */

import type { CommandView } from "../command.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

const KUBECTL: FlagSpec = {
  short: { A: "all-namespaces", w: "wait", R: "recursive" },
  shortValue: { n: "namespace", l: "selector", f: "filename", o: "output", k: "kustomize", s: "server" },
  long: { all: "all", "all-namespaces": "all-namespaces", force: "force", recursive: "recursive", "ignore-not-found": "ignore-not-found", wait: "wait", now: "now", help: "help" },
  longValue: { namespace: "namespace", selector: "selector", filename: "filename", output: "output", context: "context", cluster: "cluster", kubeconfig: "kubeconfig", user: "user", server: "server", "field-selector": "field-selector", "grace-period": "grace-period", cascade: "cascade", timeout: "timeout", "dry-run": "dry-run", token: "token", kustomize: "kustomize", "request-timeout": "request-timeout", as: "as" },
};

/** Kinds whose deletion takes everything inside with it. */
const WHOLESALE = /^(?:ns|namespaces?|nodes?|no|pv|persistentvolumes?|pvc|persistentvolumeclaims?|crds?|customresourcedefinitions?|clusterroles?|clusterrolebindings?|projects?)$/;

/** A resource as kubectl resolves it: any case, a version or group after a dot (`Namespace`, `namespace.v1`, `crd.apiextensions.k8s.io`), `kind/name`. */
const kindOf = (k: string): string => (k.toLowerCase().split("/")[0] as string).split(".")[0] as string;

function kubectl(view: CommandView) {
  const p = parseFlags(view.args, KUBECTL, 1);
  const ops = p.operands.map((i) => view.args[i] as string);
  if (has(p, "help") || values(p, "dry-run").some((v) => v !== "none")) return NONE;
  if (ops[0] === "drain") return [finding("dangerous/kube-delete", "kubectl drain evicts every pod from the node.")];
  if (ops[0] !== "delete") return NONE;
  const kinds = (ops[1] ?? "").split(",");
  const broad = has(p, "all") || has(p, "all-namespaces") || values(p, "selector").length > 0 && has(p, "all-namespaces");
  if (!broad && !kinds.some((k) => WHOLESALE.test(kindOf(k)))) return NONE;
  return [finding("dangerous/kube-delete", `kubectl delete ${ops.slice(1).join(" ")}${broad ? " (all of them)" : ""} removes cluster resources wholesale, with what runs and is stored in them.`)];
}

const HELM: FlagSpec = { shortValue: { n: "namespace" }, long: { "dry-run": "dry-run", "keep-history": "keep-history", help: "help" }, longValue: { namespace: "namespace", "kube-context": "kube-context", kubeconfig: "kubeconfig", timeout: "timeout", cascade: "cascade" } };

function helm(view: CommandView) {
  const p = parseFlags(view.args, HELM, 1);
  const verb = view.args[p.operands[0] ?? 0] ?? "";
  return /^(?:uninstall|delete|del|un)$/.test(verb) && !has(p, "dry-run") && !has(p, "help")
    ? [finding("dangerous/helm-uninstall", `helm ${verb} removes the release and every resource it created.`)]
    : NONE;
}

const ENTRIES = new Map<string, Rule>([["kubectl", kubectl], ["oc", kubectl], ["helm", helm]]);

export const kubernetes: Pack = {
  name: "kubernetes",
  description: "kubectl delete of namespaces, nodes, volumes and their claims, CRDs, --all or -A; kubectl drain; helm uninstall.",
  entries: ENTRIES,
  findings: {
    "dangerous/kube-delete": { entry: "kubectl delete, kubectl drain", description: "kubectl (or oc) delete of a namespace or project, node, persistent volume or claim, CRD or cluster role, or with --all / -A; kubectl drain." },
    "dangerous/helm-uninstall": { entry: "helm uninstall", description: "helm uninstall (delete)." },
  },
};
