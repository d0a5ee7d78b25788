/**
 * Read-only tables: git. Global options are parsed first (with their real table), then the
 * subcommand's own. `-c`/`--config-env` are never read-only: configuration names programs git
 * runs (core.pager, credential.helper, include.path, man.<tool>.cmd, browser.<tool>.cmd,
 * protocol.ext.allow, ...). Options that write a file (`--output`), run a program (`--ext-diff`,
 * `--textconv`, `--upload-pack`, `-O`) or open a browser are unsafe, abbreviated or not.
 */

import type { ParsedFlags } from "../flags.js";
import { command, operandValues } from "./model.js";

const DIGITS = "-0123456789";

/** The diff options shared by diff, log, show and friends. */
const DIFF = "-pusziwbWRa -B:: -U:: -M:: -C:: -l: -O: -S: -G: --patch --no-patch --unified= --output-indicator-new= --output-indicator-old= --output-indicator-context= --raw --patch-with-raw --indent-heuristic --no-indent-heuristic --minimal --patience --histogram --anchored= --diff-algorithm= --stat[=] --stat-width= --stat-name-width= --stat-count= --stat-graph-width= --compact-summary --numstat --shortstat --dirstat[=] --cumulative --dirstat-by-file[=] --summary --patch-with-stat --name-only --name-status --submodule[=] --color[=] --no-color --color-moved[=] --no-color-moved --color-moved-ws= --no-color-moved-ws --word-diff[=] --word-diff-regex= --color-words[=] --no-renames --rename-empty --no-rename-empty --check --ws-error-highlight= --full-index --binary --abbrev[=] --break-rewrites[=] --find-renames[=] --find-copies[=] --find-copies-harder --irreversible-delete --diff-filter= --find-object= --pickaxe-all --pickaxe-regex --skip-to= --rotate-to= --relative[=] --no-relative --text --ignore-cr-at-eol --ignore-space-at-eol --ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-matching-lines= --inter-hunk-context= --function-context --exit-code --quiet --no-ext-diff --no-textconv --ignore-submodules[=] --src-prefix= --dst-prefix= --no-prefix --default-prefix --line-prefix= --ita-invisible-in-index --ita-visible-in-index --cached --staged --merge-base --no-index --cc --dd --combined-all-paths --diff-merges= --no-diff-merges --remerge-diff --help " + DIGITS;

/** Revision walking and formatting (log, rev-list, shortlog, ...). */
const WALK = " -L: -g -m -c -t -i -E -F -P --max-count= --skip= --since= --after= --since-as-filter= --until= --before= --author= --committer= --grep-reflog= --grep= --all-match --invert-grep --regexp-ignore-case --basic-regexp --extended-regexp --fixed-strings --perl-regexp --remove-empty --merges --no-merges --min-parents= --max-parents= --no-min-parents --no-max-parents --first-parent --exclude-first-parent-only --not --all --branches[=] --tags[=] --remotes[=] --glob= --exclude= --exclude-hidden= --reflog --alternate-refs --single-worktree --ignore-missing --bisect --stdin --cherry-mark --cherry-pick --left-only --right-only --cherry --walk-reflogs --merge --boundary --simplify-by-decoration --show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path[=] --date-order --author-date-order --topo-order --reverse --no-walk[=] --do-walk --pretty[=] --format= --abbrev-commit --no-abbrev-commit --oneline --encoding= --expand-tabs[=] --no-expand-tabs --notes[=] --no-notes --show-notes[=] --show-notes-by-default --standard-notes --no-standard-notes --relative-date --date= --parents --children --left-right --graph --show-linear-break[=] --decorate[=] --no-decorate --decorate-refs= --decorate-refs-exclude= --clear-decorations --source --mailmap --no-mailmap --use-mailmap --no-use-mailmap --full-diff --log-size --follow --no-follow --count --objects --objects-edge --in-commit-order --timestamp";
const LOG = DIFF + " -n:" + WALK;

/** Unsafe in every diff-producing subcommand. */
const DIFF_UNSAFE = {
  "--output=": ["writes", "writes the output to FILE"],
  "--ext-diff": ["runs", "runs the external diff program from the configuration"],
  "--textconv": ["runs", "runs textconv filters from the configuration"],
} as const;

const log = command({ why: "Shows commit logs.", accepts: LOG, unsafe: DIFF_UNSAFE, example: "git log --oneline -5" });
const diff = command({ why: "Shows changes.", accepts: DIFF, unsafe: DIFF_UNSAFE, example: "git diff HEAD~1" });
const show = command({ why: "Shows objects.", accepts: LOG, unsafe: DIFF_UNSAFE, example: "git show HEAD" });

const status = command({ why: "Shows the working tree status.", accepts: "-sbvz -u:: --short --branch --show-stash --porcelain[=] --long --verbose --untracked-files[=] --ignore-submodules[=] --ignored[=] --column[=] --no-column --ahead-behind --no-ahead-behind --renames --no-renames --find-renames[=] --null --help", example: "git status" });

const blame = command({ why: "Shows who changed each line.", accepts: "-bltfnsepwc -M:: -C:: -L: -S: --root --show-stats --score-debug --show-name --show-number --show-email --porcelain --line-porcelain --incremental --encoding= --contents= --date= --progress --no-progress --reverse --first-parent --abbrev[=] --ignore-rev= --ignore-revs-file= --color-lines --color-by-age --minimal --since= --help", unsafe: DIFF_UNSAFE, example: "git blame README.md" });
const shortlog = command({ why: "Summarises the log.", accepts: "-nsec -w:: --numbered --summary --email --group= --help" + WALK, unsafe: DIFF_UNSAFE, example: "git shortlog -sn" });
const describe = command({ why: "Names a commit from tags.", accepts: "--all --tags --contains --abbrev= --candidates= --exact-match --debug --long --match= --exclude= --always --first-parent --dirty[=] --broken[=] --help", example: "git describe --tags" });
const revParse = command({ why: "Parses revisions and prints repository facts.", accepts: "-q --quiet --verify --short[=] --abbrev-ref[=] --symbolic --symbolic-full-name --all --branches[=] --tags[=] --remotes[=] --glob= --exclude= --exclude-hidden= --disambiguate= --git-dir --absolute-git-dir --git-common-dir --git-path= --show-toplevel --show-cdup --show-prefix --show-superproject-working-tree --show-object-format[=] --show-ref-format --is-inside-git-dir --is-inside-work-tree --is-bare-repository --is-shallow-repository --resolve-git-dir= --shared-index-path --local-env-vars --path-format= --default= --prefix= --revs-only --no-revs --flags --no-flags --sq --sq-quote --not --since= --after= --until= --before= --parseopt --stuck-long --keep-dashdash --stop-at-non-option --help", example: "git rev-parse HEAD" });
const revList = command({ why: "Lists commits.", accepts: LOG, unsafe: DIFF_UNSAFE, example: "git rev-list --count HEAD" });
const lsFiles = command({ why: "Lists files in the index.", accepts: "-cdmoiskuftvz -x: -X: --cached --deleted --modified --others --ignored --stage --unmerged --killed --directory --no-empty-directory --eol --exclude= --exclude-from= --exclude-per-directory= --exclude-standard --error-unmatch --with-tree= --full-name --recurse-submodules --abbrev[=] --debug --deduplicate --format= --sparse --help", example: "git ls-files" });
const lsTree = command({ why: "Lists a tree object.", accepts: "-drtlz --long --name-only --name-status --object-only --full-name --full-tree --abbrev[=] --format= --help", example: "git ls-tree HEAD" });
const lsRemote = command({
  why: "Lists references in a remote repository (a read over the network).",
  accepts: "-htqb --heads --tags --branches --refs --quiet --get-url --symref --sort= --server-option= -o: --help",
  unsafe: { "--upload-pack= --exec=": ["runs", "runs PROGRAM (on the remote side, or locally for a local path)"] },
  example: "git ls-remote origin",
});
const catFile = command({
  why: "Prints repository objects. --textconv and --filters run configured programs.",
  accepts: "-tsepZz --batch[=] --batch-check[=] --batch-command[=] --batch-all-objects --buffer --unordered --follow-symlinks --path= --allow-unknown-type --mailmap --no-mailmap --use-mailmap --no-use-mailmap --help",
  unsafe: { "--textconv --filters": ["runs", "runs textconv or filter programs from the configuration"] },
  example: "git cat-file -p HEAD",
});
const reflog = command({
  why: "Shows the reflog (`show`, the default); `expire`, `delete` and `drop` change it.",
  accepts: LOG,
  unsafe: DIFF_UNSAFE,
  args: (a, p) => !["expire", "delete", "drop"].includes(operandValues(a, p)[0] ?? ""),
  example: "git reflog",
});
const mergeBase = command({ why: "Finds a common ancestor.", accepts: "-a --all --octopus --independent --is-ancestor --fork-point --help", example: "git merge-base HEAD main" });
const nameRev = command({ why: "Names revisions.", accepts: "--tags --refs= --exclude= --all --annotate-stdin --stdin --name-only --no-undefined --always --help", example: "git name-rev HEAD" });
const showRef = command({ why: "Lists references (-d is --dereference here).", accepts: "-dsq --head --heads --branches --tags --dereference --hash[=] --abbrev[=] --verify --quiet --exclude-existing[=] --exists --help", example: "git show-ref --tags" });
const forEachRef = command({ why: "Lists references with a format.", accepts: "-s -p --count= --shell --perl --python --tcl --sort= --format= --color[=] --points-at= --merged[=] --no-merged[=] --contains[=] --no-contains[=] --ignore-case --omit-empty --exclude= --stdin --start-after= --help", example: "git for-each-ref" });
const countObjects = command({ why: "Counts objects.", accepts: "-vH --verbose --human-readable --help" });
const version = command({ why: "Prints git's version.", accepts: "--build-options --help" });
const help = command({
  why: "Shows help (as a man page). -w/--web opens a browser.",
  accepts: "-agimc --all --guides --info --man --config --user-interfaces --developer-interfaces --no-external-commands --no-aliases --verbose",
  unsafe: { "-w --web": ["state", "opens your web browser (help.browser; with -c browser.<tool>.cmd it is a finding)"] },
  example: "git help log",
});
const grep = command({
  why: "Searches tracked files. -O/--open-files-in-pager runs a program on the matches.",
  accepts: "-aiIwvhHEGPFnlLzocqWr -A: -B: -C: -e: -f: -m: " + DIGITS + " --cached --no-index --untracked --no-exclude-standard --exclude-standard --recurse-submodules --text --ignore-case --max-depth= --recursive --no-recursive --word-regexp --invert-match --full-name --extended-regexp --basic-regexp --perl-regexp --fixed-strings --line-number --column --files-with-matches --name-only --files-without-match --null --only-matching --count --color[=] --no-color --break --heading --show-function --context= --before-context= --after-context= --threads= --function-context --max-count= --and --or --not --all-match --quiet --help",
  unsafe: { "-O:: --open-files-in-pager[=]": ["runs", "runs a pager or editor on the matching files"], "--textconv": ["runs", "runs textconv filters"] },
  example: "git grep -n todo",
});

/** `git branch` lists unless it is given a name (and no --list) or a writing option. */
const branch = command({
  why: "Lists branches; naming a branch without --list creates it.",
  accepts: "-arlvqi --all --remotes --list --verbose --quiet --show-current --contains= --no-contains= --merged= --no-merged= --sort= --format= --points-at= --color[=] --no-color --column[=] --no-column --ignore-case --abbrev= --no-abbrev --omit-empty --help",
  unsafe: {
    "-d -D --delete -m -M --move -c -C --copy -f --force": ["writes", "deletes, moves, copies or overwrites a branch"],
    "-u: --set-upstream-to= --unset-upstream -t --track[=] --no-track --edit-description --create-reflog --recurse-submodules": ["writes", "changes branch configuration"],
  },
  args: (a, p) => p.operands.length === 0 || p.flags.has("-l") || p.flags.has("--list"),
  example: "git branch -a",
});
const listing = (p: ParsedFlags): boolean => p.flags.has("-l") || p.flags.has("--list") || p.flags.has("-v") || p.flags.has("--verify");
const tag = command({
  why: "Lists tags; naming a tag without --list creates it.",
  accepts: "-lvi -n:: --list --verify --sort= --contains= --no-contains= --merged= --no-merged= --points-at= --format= --column[=] --no-column --color[=] --ignore-case --omit-empty --help",
  unsafe: { "-a -s -u: -f -d -m: -F: -e --annotate --sign --local-user= --force --delete --message= --file= --edit --cleanup= --create-reflog --trailer=": ["writes", "creates or deletes a tag"] },
  args: (a, p) => p.operands.length === 0 || listing(p),
  example: "git tag -l",
});
const remote = command({
  why: "Lists remotes; `show` and `get-url` read, every other subcommand changes them.",
  accepts: "-v --verbose --help",
  subcommands: {
    show: command({ why: "Shows a remote (queries it).", accepts: "-n", example: "git remote show origin" }),
    "get-url": command({ why: "Prints a remote's URL.", accepts: "--push --all", example: "git remote get-url origin" }),
  },
  example: "git remote -v",
});

const CONFIG_ACTIONS = new Set(["--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "--list", "-l"]);
const config = command({
  why: "Reads configuration: `--get*`, `-l`/`--list`, `get`, `list`, or a single name. Setting, unsetting, editing are not read-only.",
  accepts: "-lz -f: --get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool --list --global --system --local --worktree --file= --blob= --show-origin --show-scope --null --name-only --type= --bool --int --bool-or-int --path --expiry-date --includes --no-includes --default= --all --regexp --value= --fixed-value --url= --help",
  unsafe: { "-e --edit": ["state", "runs your editor on the configuration"], "--add --replace-all --unset --unset-all --rename-section --remove-section": ["writes", "changes the configuration"] },
  args: (a, p) => {
    const ops = operandValues(a, p);
    if (ops[0] === "get" || ops[0] === "list") return true;
    const action = [...p.flags.keys()].some((k) => CONFIG_ACTIONS.has(k));
    if (["set", "unset", "rename-section", "remove-section", "edit"].includes(ops[0] ?? "")) return false;
    return action ? ops.length <= 2 : ops.length <= 1;
  },
  example: "git config user.name",
});
const stash = command({
  why: "`stash list` and `stash show` read; a bare `git stash` stashes.",
  accepts: "--help",
  subcommands: {
    list: command({ why: "Lists stashes.", accepts: LOG, unsafe: DIFF_UNSAFE, example: "git stash list" }),
    show: command({ why: "Shows a stash.", accepts: DIFF + " --include-untracked --only-untracked", unsafe: DIFF_UNSAFE, example: "git stash show" }),
  },
  bareOk: false,
  example: "git stash list",
});
const worktree = command({
  why: "`worktree list` reads.",
  accepts: "--help",
  subcommands: { list: command({ why: "Lists worktrees.", accepts: "-vz --porcelain --verbose --expire= ", example: "git worktree list" }) },
  bareOk: false,
  example: "git worktree list",
});

export const git = command({
  why: "git: the global options, then a read-only subcommand.",
  accepts: "-C: -pPvh --no-pager --paginate --no-replace-objects --no-lazy-fetch --no-optional-locks --no-advice --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --bare --version --help --html-path --man-path --info-path --list-cmds= --namespace= --git-dir= --work-tree=",
  unsafe: {
    "-c: --config-env=": ["runs", "sets configuration, which can name programs git runs (credential.helper, core.pager, include.path, ...)"],
    "--exec-path[=]": ["runs", "runs git's subcommands from DIR"],
    "--super-prefix= --attr-source=": ["state", "internal options"],
  },
  subcommands: {
    status, log, show, diff, blame, shortlog, describe, "rev-parse": revParse, "rev-list": revList, "ls-files": lsFiles, "ls-tree": lsTree,
    "ls-remote": lsRemote, "cat-file": catFile, reflog, "merge-base": mergeBase, "name-rev": nameRev, "show-ref": showRef,
    "for-each-ref": forEachRef, "count-objects": countObjects, whatchanged: log, version, help, grep, branch, tag, remote, config, stash, worktree,
  },
  example: "git status",
});
