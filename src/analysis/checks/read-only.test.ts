/**
 * Read-only, ESLint-style: `input → readOnly` of the whole line through the real analyze().
 * Flag-aware (options that write or execute spoil it), redirects only to /dev/null, stdout,
 * stderr; every command of a compound must qualify; path-qualified names that are not the
 * system tool, privilege and unsafe environment variables never qualify.
 */

import { describe, it } from "vitest";
import { verifyReadOnly, type ReadOnlyRow } from "../test-helpers.js";

const TABLE: ReadOnlyRow[] = [
  // the seed's lists and the extensions
  ["ls -la", true],
  ["cat f", true],
  ["head -n 5 f", true],
  ["tail -f log", true],
  ["wc -l f", true],
  ["grep -rn x src", true],
  ["pwd", true],
  ["echo hi", true],
  ["printf '%s\\n' x", true],
  ["which node", true],
  ["whoami", true],
  ["id", true],
  ["date", true],
  ["sort f", true],
  ["sort -u -k2 f", true],
  ["uniq -c f", true],
  ["cut -d: -f1 /etc/passwd", true],
  ["tr a-z A-Z < f", true],
  ["diff a b", true],
  ["du -sh .", true],
  ["df -h", true],
  ["env", true],
  ["printenv HOME", true],
  ["basename /a/b", true],
  ["dirname /a/b", true],
  ["realpath x", true],
  ["sha256sum f", true],
  ["jq .name package.json", true],
  ["tree -L 2", true],
  ["find . -name '*.ts'", true],
  ["rg -n todo", true],
  ["file x", true],
  ["stat x", true],
  ["type ls", true],
  ["command -v ls", true],
  ["man ls", true],
  ["cd /tmp", true],
  ["sed -n '1,5p' f", true],
  ["sed 's/a/b/g' f", true],
  ["git status", true],
  ["git log --oneline -5", true],
  ["git log --grep=dd", true],
  ["git diff HEAD~1", true],
  ["git show HEAD", true],
  ["git branch", true],
  ["git branch -a", true],
  ["git branch --list 'f*'", true],
  ["git tag", true],
  ["git tag -l", true],
  ["git remote -v", true],
  ["git remote show origin", true],
  ["git config --get user.name", true],
  ["git config --list", true],
  ["git config -l", true],
  ["git stash list", true],
  ["git -C dir status", true],
  ["git grep -n todo", true],
  ["docker ps", true],
  ["kubectl get pods", true],
  ["npm ls", true],
  ["node --version", true],
  ["python3 --version", true],
  // flag-aware: options that write or execute
  ["sort -o out f", false],
  ["sort --output=out f", false],
  ["sort -uo out f", false],
  ["sort --compress-program=gzip f", false],
  ["tree -o out", false],
  ["git diff --output=x", false],
  ["git diff --output x", false],
  ["git log -p --output=x", false],
  ["git diff --ext-diff", false],
  ["git grep -O x", false],
  ["git grep --open-files-in-pager=vim x", false],
  ["git branch -D x", false],
  ["git branch -d x", false],
  ["git branch --delete x", false],
  ["git branch -m a b", false],
  ["git branch new", false],
  ["git tag -d v1", false],
  ["git tag v2", false],
  ["git remote add o u", false],
  ["git remote remove o", false],
  ["git config user.name x", false],
  ["git config --unset user.name", false],
  ["git stash", false],
  ["git stash drop", false],
  ["git -c core.pager='rm -rf ~' log", false],
  ["git -c alias.x='!sh' x", false],
  ["rg --pre cat x", false],
  ["rg --pre=./decode x", false],
  ["find . -delete", false],
  ["find . -exec rm {} \\;", false],
  // -exec and friends run a command judged on its own (issue 12): find is as read-only as it
  ["find . -execdir ls \\;", true],
  ["find . -name '*.ts' -exec grep -l foo {} +", true],
  ["find . -exec grep -l foo {} + -delete", false],
  ["find --exec=ls .", false],
  ["sudo find . -exec cat {} +", false],
  ["find . -ok rm {} \\;", false],
  ["find . -fprint out", false],
  ["find . -fprintf out %p", false],
  ["find . -fls out", false],
  ["fd -x rm", false],
  ["date -s 2020-01-01", false],
  ["date --set=2020-01-01", false],
  ["uniq a b", false],
  ["hostname newname", false],
  ["xxd f out", false],
  ["yq -i .a=1 f", false],
  ["man -P 'rm -rf ~' ls", false],
  ["man --pager=evil ls", false],
  ["sed -i 's/a/b/' f", false],
  ["sed 's/a/b/w out' f", false],
  ["sed -f script f", false],
  ["npm install", false],
  ["npm config set x y", false],
  ["docker run x", false],
  ["kubectl delete pod x", false],
  // tee is never read-only
  ["tee out", false],
  ["ls | tee out", false],
  ["echo x | tee /dev/null", false],
  // redirects
  ["echo x > /dev/null", true],
  ["echo x 2> /dev/null", true],
  ["echo x >/dev/stdout", true],
  ["echo x 2>/dev/stderr", true],
  ["ls > /dev/null 2>&1", true],
  ["ls 2>&1 | head", true],
  ["echo x >&2", true],
  ["cat < f", true],
  ["cat <<EOF\nhi\nEOF", true],
  ["echo x > out", false],
  ["echo x >> log", false],
  ["ls &> all.log", false],
  ["cat f > /dev/sda", false],
  ["> f", false],
  // every command of a compound, pipeline or multi-line input
  ["ls && pwd; whoami", true],
  ["ls | grep x | sort | uniq -c", true],
  ["git status\ngit log -1", true],
  ["ls\n# a comment\npwd", true],
  ["ls && rm x", false],
  ["ls || rm x", false],
  ["ls; touch x", false],
  ["cat f | sh", false],
  ["ls\nnpm install", false],
  [Array.from({ length: 60 }, (_, i) => `echo ${i}`).join("; ") + "; rm -f x", false],
  // path-qualified names: the system tool, or some other program
  ["/bin/ls", true],
  ["/usr/bin/git status", true],
  ["'ls' -la", true],
  ["\\ls", true],
  ["l\\s", true],
  ["l''s", true],
  ["$'\\x6c\\x73'", true],
  ["./ls", false],
  ["bin/ls", false],
  ["./sed -n p f", false],
  ["~/bin/cat f", false],
  // the kernel's reading of the path: //bin//ls is /bin/ls; `..` only out of root-owned directories
  ["//bin//ls", true],
  ["/bin/../usr/bin/ls", true],
  ["/tmp/x/../../bin/ls", false],
  // privilege, wrappers, shells
  ["sudo ls", false],
  ["sudo -u nobody cat f", false],
  ["doas cat f", false],
  ["su -c ls", false],
  ["sudo bash -c 'ls'", false],
  ["sudo sh <<< 'ls'", false],
  ["sudo watch ls", false],
  ["pkexec ls", false],
  ["time ls", true],
  ["nice -n 5 ls", true],
  ["timeout 5 cat f", true],
  ["command ls", true],
  ["env LANG=C ls", true],
  ["bash -c 'ls -la'", true],
  ["sh -c 'git status && git log -1'", true],
  ["bash -c 'ls; rm x'", false],
  // A shell option the shell does not know (bash refuses it; another shell may not).
  ["bash -%c 'ls'", false],
  ["zsh -%c 'ls'", false],
  ["bash --zz-unknown-option -c 'ls'", false],
  ["bash -e -c 'ls'", true],
  ["bash -o pipefail -c 'ls'", true],
  ["bash +o pipefail -c 'ls'", true],
  // xargs feeds arguments from stdin: fine for a command with no unsafe option at all.
  ["xargs ls", true],
  ["xargs sort", false],
  ["xargs git log", false],
  ["xargs rm", false],
  ["echo a | xargs echo", true],
  // variables set for the command
  ["LANG=C ls", true],
  ["LC_ALL=C sort f", true],
  ["NO_COLOR=1 git log", true],
  ["X=1", false],
  ["PAGER='rm -rf ~' git log", false],
  ["GIT_PAGER=evil git log -p", false],
  ["LESSOPEN='|evil %s' less f", false],
  ["LD_PRELOAD=./x.so ls", false],
  ["PATH=.:$PATH ls", false],
  ["GIT_EXTERNAL_DIFF=evil git diff", false],
  ["env LD_PRELOAD=x.so ls", false],
  ["env PAGER=evil git log", false],
  ["PAGER=x bash -c 'git log'", false],
  // eval, source, pipes into shells, dynamic names
  ["eval ls", false],
  ["source ~/.bashrc", false],
  ["$CMD", false],
  ["curl x | sh", false],
  // constructs: default mode asks; guard mode looks inside
  ["echo \"built at $(date)\"", false],
  ["echo \"built at $(date)\"", true, true],
  ["for f in *.md; do wc -l \"$f\"; done", false],
  ["for f in *.md; do wc -l \"$f\"; done", true, true],
  ["if [ -f x ]; then cat x; fi", true, true],
  ["echo $(rm -rf ~)", false, true],
  ["echo $(touch x)", false, true],
  ["ls $(echo .)", true, true],
  ["ls 'unterminated", false, true],
];

describe("read-only: table", () => {
  it.each(TABLE.map((r) => [`${r[0]}${r[2] === true ? " (guard)" : ""} → ${r[1]}`, r] as const))("%s", (_title, row) => verifyReadOnly(row));
});

/** Issue 12's examples: every one is not read-only (sed's are the sed tests'). */
const ISSUE_12: readonly string[] = [
  "jobs -x rm -rf ~", "printf -v 'a[$(rm -rf ~)]' x", "test -v 'a[$(rm -rf ~)]'", "printf -v PROMPT_COMMAND '%s' 'rm -rf ~'", "printf -v PS1 x",
  "git ls-remote --upload-pack='touch /tmp/p' origin", "git -c man.x.cmd='touch /tmp/p' help -m log", "git grep --op='touch /tmp/p' foo",
  "git -c protocol.ext.allow=always ls-remote 'ext::sh -c touch% /tmp/p'", "git stash list --output=/home/u/.bashrc", "git reflog --output=x", "git rev-list --output=x HEAD",
  "git blame --output=x f", "git stash show --output=x", "git -c credential.helper='!f' ls-remote origin", "git -c include.path=/tmp/x log", "git --config-env=core.pager=X log",
  "git -c browser.x.cmd=y help -w log", "/usr/bin/time -o ~/.bashrc ls", "strace -o '|sh -c id' ls", "ltrace -o out ls", "script -qc 'ls' ~/.bashrc",
  "docker -l info run -v /:/host alpine rm -rf /host/root", "kubectl --cache-dir get delete namespace production", "kubectl -n logs delete pvc --all", "kubectl get pods --kubeconfig ./evil.yaml",
  "yq -yi . f.yaml", "yq --in-place . f.yaml", "fd -Hx rm -rf", "fdfind -Hx rm -rf", "less -O ~/.bashrc f", "info -o ~/.bashrc ls", "man -C ./evil.conf ls", "date --se=2020-01-01",
  "env -P /tmp ls", "nm --plugin ./x.so a.out", "bat --pager 'rm -rf ~' f", "ag --pager 'rm -rf ~' foo", "ack --pager 'rm -rf ~' foo", "colordiff --difftool=evil a b", "file -C -m x",
  "echo AT > /dev/ttyS0", "echo AT > /dev/ttyUSB0", "echo x > /dev/tty3", "echo x > /dev/pts/4", "echo x > /dev/fd/5", "dig @127.0.0.1 -f ~/.aws/credentials", "nslookup - 127.0.0.1 < ~/.ssh/id_rsa", "nslookup < f",
  "[[ -v 'a[$(rm -rf ~)]' ]]", "read x", "declare x=1", "typeset -x y=2", "local z=3", "readonly w=4", "export PATH=/tmp:$PATH",
];

/** The hook variables, in every form an assignment takes. */
const HOOK_VARS = ["PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS4", "BASH_ENV", "ENV", "LD_PRELOAD", "PATH", "IFS"];
const ASSIGNMENT_FORMS: ReadonlyArray<(v: string) => string> = [
  (v) => `${v}='$(id)'`, (v) => `${v}+=x`, (v) => `${v}[0]=id`, (v) => `${v}=(id)`, (v) => `export ${v}=id`, (v) => `declare -x ${v}=id`, (v) => `typeset ${v}=id`,
  (v) => `local ${v}=id`, (v) => `readonly ${v}=id`, (v) => `printf -v ${v} '%s' id`, (v) => `printf -v '${v}[0]' '%s' id`, (v) => `read ${v}`, (v) => `read -r ${v} < f`,
  (v) => `mapfile ${v} < f`, (v) => `getopts ab ${v}`, (v) => `bash -c "${v}=id"`, (v) => `${v}=id bash -c ls`, (v) => `env ${v}=id bash -c ls`,
];

/** Wrappers whose own options write a file, in each spelling (inner command read-only). */
const WRAPPER_WRITES: readonly string[] = [
  ...["time", "/usr/bin/time"].flatMap((t) => [`${t} -o out ls`, `${t} --output=out ls`, `${t} --output out ls`, `${t} -oout ls`, `${t} -a -o out ls`, `${t} --out=out ls`]),
  "strace -o out ls", "strace -oout ls", "strace --output=out ls", "strace -o '|cat' ls", "strace -o '!cat' ls", "strace -E LD_PRELOAD=x.so ls", "strace -p 1",
  "ltrace -o out ls", "ltrace --output=out ls", "script -qc ls out", "script -c ls", "script -qc ls -T timing /dev/null", "nohup ls", "flock /tmp/l ls", "xargs --process-slot-var=PATH ls",
  "time --zz ls", "nice --zz ls", "timeout --zz 5 ls", "env -P /tmp ls", "sudo ls", "time -o out bash -c ls",
];

describe("read-only: issue 12's examples, and their classes", () => {
  it.each(ISSUE_12)("%s → false", (cmd) => verifyReadOnly([cmd, false]));
  it.each(HOOK_VARS.flatMap((v) => ASSIGNMENT_FORMS.map((f) => f(v))))("%s → false", (cmd) => verifyReadOnly([cmd, false]));
  it.each(WRAPPER_WRITES)("%s → false", (cmd) => verifyReadOnly([cmd, false]));
  // Abbreviations of an unsafe long option are that option (getopt_long, git's parse-options), or
  // ambiguous: never read-only. Shorter prefixes than these name a read-only option too (`--text`).
  const ABBREVIATED: ReadonlyArray<readonly [string, string, number]> = [
    ["git grep", "open-files-in-pager", 2], ["git grep", "textconv", 5], ["git log", "output", 2], ["git log", "ext-diff", 2], ["git log", "textconv", 5],
    ["git show", "output", 2], ["git ls-remote", "upload-pack", 2], ["git", "exec-path", 2], ["git", "config-env", 2], ["sort", "output", 1], ["sort", "compress-program", 3],
    ["date", "set", 2], ["bat", "pager", 2], ["kubectl get pods", "kubeconfig", 2], ["nm", "plugin", 2], ["info", "output", 2], ["less", "log-file", 3],
  ];
  it.each(ABBREVIATED.flatMap(([cmd, o, min]) => Array.from({ length: o.length - min + 1 }, (_, n) => `${cmd} --${o.slice(0, min + n)}=x`)))("%s → false", (cmd) => verifyReadOnly([cmd, false]));
});

/** The misses the issue lists, and their neighbours: pure reads that are allowed. */
const PURE_READS: readonly string[] = [
  "git config user.name", "git config --get x", "git config -l", "git config --get-regexp '^alias'", "history | tail", "history 20 | grep git",
  "find . -name '*.ts' | xargs grep foo", "git ls-files | xargs wc -l", "ls | xargs -n1 basename", "find . -type f -print0 | xargs -0 sha256sum",
  "pip list", "pip show requests", "pip freeze", "pip3 list", "python -m pip list", "python3 -m pip list --outdated", "crontab -l", "dig example.com", "nslookup example.com",
  "time ls", "/usr/bin/time ls", "time -p ls", "time -o /dev/null ls", "script -qc 'ls' /dev/null", "echo x > /dev/tty", "echo x > /dev/fd/2", "echo x > /dev/null",
  "declare -p HOME", "export -p", "test -v HOME", "printf '%s' x", "jobs -l", "jobs -x ls",
];

describe("read-only: pure reads", () => {
  it.each(PURE_READS)("%s → true", (cmd) => verifyReadOnly([cmd, true]));
});
