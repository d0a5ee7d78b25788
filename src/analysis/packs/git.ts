/**
 * The git pack: operations that lose work or rewrite shared history. Global options (`-C dir`,
 * `-c key=value`, `--git-dir`) are parsed with git's own table, so `git -C x push -f` and a force
 * push configured inline (`-c remote.origin.push=+refs/...`) are seen.
 */

import type { CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { GIT_GLOBAL, parseGit } from "../specs.js";
import { finding, NONE, type Pack } from "./types.js";

/** Pathspecs that cover the whole tree: `.`, `*`, `./*`, `:/`, and exclusion-only magic (`:!x`, `:^x`, `:(exclude)x`). */
function coversTree(spec: string): boolean {
  return /^(?:\.\/?|\.\/\*|\*|:\/?\.?|:\/\*|-A)$/.test(spec) || /^:(?:[!^]|\(exclude\)|\(top,exclude\))/.test(spec);
}

/** Subcommand tables the shared GIT_SPECS lacks. */
const EXTRA_SPECS: Readonly<Record<string, FlagSpec>> = {
  rm: { short: { r: "recursive", f: "force", n: "dry-run", q: "quiet" }, long: { cached: "cached", force: "force", "dry-run": "dry-run", quiet: "quiet", "ignore-unmatch": "ignore-unmatch", sparse: "sparse" }, longValue: { "pathspec-from-file": "pathspec-from-file" } },
  "update-ref": { short: { d: "delete", m: "m", z: "z" }, long: { stdin: "stdin", "no-deref": "no-deref", "create-reflog": "create-reflog" } },
  reflog: { short: { n: "dry-run" }, long: { all: "all", "dry-run": "dry-run", rewrite: "rewrite", updateref: "updateref", "stale-fix": "stale-fix", verbose: "verbose", "single-worktree": "single-worktree" }, longValue: { expire: "expire", "expire-unreachable": "expire-unreachable" } },
  gc: { short: { q: "quiet" }, long: { aggressive: "aggressive", auto: "auto", quiet: "quiet", force: "force", "keep-largest-pack": "keep" }, longOptional: { prune: "prune", "no-prune": "no-prune" } },
  prune: { short: { n: "dry-run", v: "verbose" }, long: { "dry-run": "dry-run", verbose: "verbose", progress: "progress" }, longValue: { expire: "expire" } },
};

function parseSub(sub: readonly string[]) {
  const spec = EXTRA_SPECS[sub[0] as string];
  return spec ? parseFlags(sub, spec, 1) : parseGit(sub);
}

/** `-c key=value` settings given on the command line, keys lower-cased (git's keys are case-insensitive). */
function inlineConfig(args: readonly string[]): { sub: readonly string[] | null; config: Map<string, string> } {
  const p = parseFlags(args, GIT_GLOBAL, 1);
  const config = new Map<string, string>();
  for (const kv of values(p, "config")) {
    const eq = kv.indexOf("=");
    config.set((eq < 0 ? kv : kv.slice(0, eq)).toLowerCase(), eq < 0 ? "true" : kv.slice(eq + 1));
  }
  return { sub: p.rest < args.length ? args.slice(p.rest) : null, config };
}

const isNow = (v: string | undefined): boolean => v !== undefined && /^(?:now|all|0|[0-9]+\.seconds?\.ago)$/i.test(v);

const GIT_ENTRIES = new Set(["reset", "clean", "push", "branch", "checkout", "switch", "restore", "stash", "rm", "update-ref", "reflog", "gc", "prune", "filter-branch", "filter-repo"]);

function git(view: CommandView, ctx: CheckContext): FindingDraft[] {
  if (!ctx.options.gitPack) return NONE;
  const { sub, config } = inlineConfig(view.args);
  if (sub === null || !GIT_ENTRIES.has(sub[0] as string)) return NONE;
  const p = parseSub(sub);
  const operands = p.operands.map((i) => sub[i] as string);
  switch (sub[0]) {
    case "reset":
      return has(p, "hard") ? [finding("dangerous/git-reset-hard", "git reset --hard throws away uncommitted changes; commit or stash them first.")] : NONE;
    case "clean": {
      // `-c clean.requireForce=false` makes a plain `git clean` delete, as -f does.
      const forced = has(p, "force") || /^(?:false|no|off|0)$/i.test(config.get("clean.requireforce") ?? "");
      return forced && !has(p, "dry-run") ? [finding("dangerous/git-clean-force", "git clean -f deletes untracked files for good; run git clean -n first to see what would go.")] : NONE;
    }
    case "push": {
      if (has(p, "dry-run")) return NONE;
      const refspecs = operands.slice(1);
      const out: FindingDraft[] = [];
      // A `+` refspec (given, or configured inline as remote.<name>.push) forces that ref.
      const inlinePlus = [...config].some(([k, v]) => /^remote\..*\.push$/.test(k) && v.startsWith("+"));
      if (has(p, "force") || has(p, "mirror") || refspecs.some((o) => o.startsWith("+")) || inlinePlus) {
        out.push(finding("dangerous/git-push-force", "A force push rewrites the remote branch and can destroy others' commits; push normally, or agree on it first."));
      }
      // --delete, or an empty source (`:main`) deletes the remote branch.
      if ((has(p, "delete") && refspecs.length > 0) || refspecs.some((o) => /^\+?:./.test(o))) {
        out.push(finding("dangerous/git-push-delete", "This push deletes a branch or tag on the remote, for everyone; make sure it is merged and no longer used."));
      }
      return out.length === 0 ? NONE : out;
    }
    case "branch":
      return has(p, "force-delete") || (has(p, "delete") && has(p, "force"))
        ? [finding("dangerous/git-branch-force-delete", "git branch -D deletes a branch even if it is not merged; use -d, which refuses to lose commits.")]
        : NONE;
    case "checkout":
      return has(p, "force") || operands.some(coversTree)
        ? [finding("dangerous/git-checkout-discard", "This checkout overwrites uncommitted changes in the working tree; stash them first.")]
        : NONE;
    case "switch":
      return has(p, "discard-changes") || has(p, "force")
        ? [finding("dangerous/git-checkout-discard", "git switch --discard-changes (-f) overwrites uncommitted changes in the working tree; stash them first.")]
        : NONE;
    case "restore":
      return operands.some(coversTree) && (!has(p, "staged") || has(p, "worktree"))
        ? [finding("dangerous/git-restore-discard", "git restore . discards every uncommitted change in the working tree; stash them first, or restore named files.")]
        : NONE;
    case "stash":
      return sub[1] === "drop" || sub[1] === "clear"
        ? [finding("dangerous/git-stash-drop", `git stash ${sub[1]} deletes stashed work for good; apply or inspect it first.`)]
        : NONE;
    case "rm":
      return has(p, "recursive") && !has(p, "cached") && !has(p, "dry-run") && operands.some(coversTree)
        ? [finding("dangerous/git-rm-all", "git rm -r . deletes every tracked file from the working tree (with -f even modified ones); name what you mean to remove.")]
        : NONE;
    case "update-ref":
      return has(p, "delete") || has(p, "stdin")
        ? [finding("dangerous/git-ref-delete", "git update-ref -d (or --stdin) deletes or rewrites refs directly, with no safety checks; use git branch -d or git tag -d.")]
        : NONE;
    case "reflog":
      return sub[1] === "expire" && (isNow(values(p, "expire")[0]) || isNow(values(p, "expire-unreachable")[0])) && !has(p, "dry-run")
        ? [finding("dangerous/git-reflog-expire", "Expiring the reflog now removes the only record of lost commits, so they cannot be recovered; let it expire on its own.")]
        : sub[1] === "delete" ? [finding("dangerous/git-reflog-expire", "git reflog delete removes the record of where a ref was; lost commits may not be recoverable.")] : NONE;
    case "gc":
    case "prune": {
      const prune = sub[0] === "gc" ? values(p, "prune")[0] : values(p, "expire")[0] ?? "now";
      return isNow(prune) && !has(p, "dry-run")
        ? [finding("dangerous/git-reflog-expire", `git ${sub[0]} pruning unreachable objects now deletes lost commits for good; leave the default grace period.`)]
        : NONE;
    }
    default: // filter-branch, filter-repo
      return [finding("dangerous/git-history-rewrite", `git ${sub[0]} rewrites every commit of the history it is given; work on a fresh clone and agree before pushing it.`)];
  }
}

export const gitPack: Pack = {
  name: "git",
  description: "git operations that lose work or rewrite shared history.",
  entries: new Map([["git", git]]),
  // `xargs git add`: the subcommand is named and none of GIT_ENTRIES, so appended words cannot matter.
  settled: new Map([["git", (view, ctx) => {
    const { sub } = inlineConfig(view.args);
    return !ctx.options.gitPack || (sub !== null && !GIT_ENTRIES.has(sub[0] as string));
  }]]),
  findings: {
    "dangerous/git-reset-hard": { entry: "git reset", description: "git reset --hard." },
    "dangerous/git-clean-force": { entry: "git clean", description: "git clean -f (or with -c clean.requireForce=false) without -n." },
    "dangerous/git-push-force": { entry: "git push", description: "git push --force, -f, --mirror, a +refspec, or a + push refspec set with -c (not --force-with-lease)." },
    "dangerous/git-push-delete": { entry: "git push", description: "git push --delete, or a refspec with an empty source (:main)." },
    "dangerous/git-branch-force-delete": { entry: "git branch", description: "git branch -D (or --delete --force)." },
    "dangerous/git-checkout-discard": { entry: "git checkout, git switch", description: "git checkout . / -- ./* / -f, git switch -f / --discard-changes: discarding working-tree changes." },
    "dangerous/git-restore-discard": { entry: "git restore", description: "git restore of the whole tree (., *, :!x) on the working tree." },
    "dangerous/git-stash-drop": { entry: "git stash", description: "git stash drop or clear." },
    "dangerous/git-rm-all": { entry: "git rm", description: "git rm -r of the whole tree (., *, :/)." },
    "dangerous/git-ref-delete": { entry: "git update-ref", description: "git update-ref -d or --stdin." },
    "dangerous/git-reflog-expire": { entry: "git reflog, git gc, git prune", description: "reflog expire --expire=now, reflog delete, gc --prune=now, prune: lost commits become unrecoverable." },
    "dangerous/git-history-rewrite": { entry: "git filter-branch, git filter-repo", description: "git filter-branch or filter-repo." },
  },
};


