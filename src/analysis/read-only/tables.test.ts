/**
 * The read-only tables, through the real analyze(): per command, lines from its man page that
 * only read (positives) and that write, run or change state (negatives); the metamorphic
 * property "adding an unknown option to a read-only command never keeps it read-only" over
 * every command and subcommand on the list; and the tables' own consistency.
 */

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FlagSpec } from "../flags.js";
import { run } from "../test-helpers.js";
import { FAMILIES, READ_ONLY_COMMANDS, type ReadOnlyCommand } from "./index.js";
import { mergeSpecs, UNSAFE } from "./model.js";

/** command → [lines that are read-only, lines that are not]. */
const PER_COMMAND: Readonly<Record<string, readonly [readonly string[], readonly string[]]>> = {
  ls: [["ls -la", "ls -lhS --color=auto", "ls --sort=time -r", "ls -I '*.o' src", "ls -w80 -C", "ls --all"], ["ls --zz", "ls -j", "ls --colour-me"]],
  cat: [["cat -n f", "cat -A f", "cat --show-all f"], ["cat -o f", "cat --output f"]],
  head: [["head -n 5 f", "head -5 f", "head -c 100 f", "head --lines=3 f"], ["head -o f"]],
  tail: [["tail -f log", "tail -n +3 f", "tail -F --retry log", "tail --pid=1 -f log", "tail -20 f"], ["tail -x f"]],
  wc: [["wc -l f", "wc --files0-from=list"], ["wc -o out f"]],
  sort: [["sort -u -k2 f", "sort -t: -k3n /etc/passwd", "sort -T /tmp f", "sort --random-source=f f"], ["sort -o out f", "sort -uo out f", "sort --output=out f", "sort --out=o f", "sort --compress-program=gzip f", "sort --compress=gzip f"]],
  uniq: [["uniq -c f", "uniq -d", "uniq f"], ["uniq a b", "uniq -c in out"]],
  cut: [["cut -d: -f1 /etc/passwd", "cut -c1-5 f"], ["cut -o x f"]],
  tr: [["tr a-z A-Z", "tr -d '\\r'"], ["tr -o x y"]],
  diff: [["diff -u a b", "diff -ruN a b", "diff --color=always a b", "diff -U3 a b"], ["diff --output=x a b"]],
  colordiff: [["colordiff -u a b"], ["colordiff --difftool=evil a b", "colordiff --difftool evil a b"]],
  date: [["date", "date +%s", "date -d yesterday", "date -u +%F", "date --iso-8601=seconds"], ["date -s 2020-01-01", "date --set=2020-01-01", "date --se=2020-01-01", "date 010100002020"]],
  env: [["env", "env -0", "env -u HOME"], ["env -P /tmp", "env --zz"]],
  xxd: [["xxd f", "xxd -r -p hex", "xxd -l 16 f"], ["xxd f out", "xxd -r hex out"]],
  du: [["du -sh .", "du -d 1 -h", "du --max-depth=1"], ["du --zz ."]],
  stat: [["stat -c %s f", "stat --printf='%n' f"], ["stat -o f"]],
  grep: [["grep -rn todo src", "grep -E 'a|b' f", "grep --color=auto -i x f", "grep -A3 -B2 x f", "grep -e -v f", "grep -- --output f"], ["grep --zz x f", "grep -j x f"]],
  rg: [["rg -n todo", "rg -t ts -g '!dist' x", "rg --json x"], ["rg --pre cat x", "rg --pre=./decode x", "rg --hostname-bin=./x x", "rg --pre-glob='*' x"]],
  ag: [["ag todo src", "ag -i x"], ["ag --pager 'rm -rf ~' x", "ag --pager=less x"]],
  ack: [["ack todo src", "ack -i x"], ["ack --pager=less x", "ack --output='$&' x", "ack --ackrc=./rc x", "ack --env x"]],
  fd: [["fd -H ts src", "fd -e md", "fd -t f -E node_modules x", "fd -x wc -l", "fd -Hx wc -l", "fd --exec=cat", "fd -e ts -X grep -l todo"], ["fd -x rm", "fd -Hx rm -rf", "fd --exec rm", "fd -X rm", "fd --exec-batch=rm"]],
  fdfind: [["fdfind -H ts"], ["fdfind -Hx rm -rf"]],
  find: [["find . -name '*.ts'", "find . -type f -mtime -1 -print0", "find / -maxdepth 1 -printf '%p\\n'", "find . -newermt 2020-01-01 -ls", "find . \\( -name a -o -name b \\) -prune",
    // -exec and friends run a command judged on its own: find is as read-only as that command
    "find . -name x -exec grep -l foo {} +", "find . -exec grep -l foo {} \\;", "find . -execdir cat {} \\;", "find . -ok ls {} \\;", "find . -okdir wc -l {} \\;", "find . -exec sh -c 'ls \"$1\"' _ {} \\;", "find . -type f -exec stat -c %s {} + -name y"],
    ["find . -delete", "find . -exec rm {} ;", "find . -execdir rm {} \\;", "find . -exec grep foo {} + -delete", "find . -exec grep foo {} + -fprint out", "find . -exec sed -i s/a/b/ {} +", "find . -exec \"$C\" {} +", "find . -exec sh -c 'rm \"$1\"' _ {} \\;", "find . -exec grep -l foo {} + -zzz", "find . -ok rm {} ;", "find . -fprint out", "find . -fprintf out %p", "find . -fls out", "find . -del", "find . -zzz"]],
  bat: [["bat -n README.md", "bat --paging=never f", "bat -l ts f"], ["bat --pager 'rm -rf ~' f", "bat --pager=less f", "bat cache --build"]],
  jq: [["jq .name package.json", "jq -r '.a' f", "jq --arg x y .a f", "jq -n --argjson n 1 '$n'"], ["jq --zz . f"]],
  yq: [["yq .a f.yaml", "yq -y . f.yaml", "yq -r .a f"], ["yq -i .a=1 f", "yq -yi . f.yaml", "yq --in-place . f", "yq --inplace . f", "yq -s .a f"]],
  tree: [["tree -L 2", "tree -a -I node_modules"], ["tree -o out", "tree -R -H . "]],
  file: [["file x", "file -b --mime-type x", "file -L x"], ["file -C -m x", "file --compile", "file -p x"]],
  less: [["less f", "less -R f", "less -N +10 f"].slice(0, 2), ["less -O out f", "less -o out f", "less --log-file=out f", "less -k keys f", "less '+!rm -rf ~' f", "less +10 f"]],
  more: [["more f"], ["more --zz f"]],
  uname: [["uname -a", "uname -sr"], ["uname -z"]],
  hostname: [["hostname", "hostname -f", "hostname -I"], ["hostname newname", "hostname -F file", "hostname -b"]],
  man: [["man ls", "man 5 crontab", "man -k grep", "man -f ls", "man -w ls"], ["man -P 'rm -rf ~' ls", "man --pager=evil ls", "man -C ./evil.conf ls", "man -H ls", "man --html=evil ls", "man -l ./x.1", "man --preprocessor=x ls"]],
  info: [["info ls", "info -f ./x.info"], ["info -o out ls", "info --output=out ls", "info --dribble=f ls", "info --init-file=f ls"]],
  nm: [["nm -C a.out", "nm -D lib.so"], ["nm --plugin ./x.so a.out", "nm --plugin=./x.so a.out"]],
  dig: [["dig example.com", "dig @127.0.0.1 example.com MX", "dig -x 127.0.0.1", "dig +short example.com"], ["dig -f names.txt", "dig @127.0.0.1 -f ~/.aws/credentials", "dig -k key example.com"]],
  nslookup: [["nslookup example.com", "nslookup -type=mx example.com 127.0.0.1"], ["nslookup", "nslookup - 127.0.0.1", "nslookup -zz example.com", "nslookup \"$H\" 127.0.0.1"]],
  crontab: [["crontab -l", "crontab -l -u me"], ["crontab -e", "crontab -r", "crontab file", "crontab -", "crontab"]],
  sleep: [["sleep 1", "sleep 1d 3h", "sleep inf", "sleep --help"], ["sleep --zz 1", "sleep 1 --zz-unknown-option"]],
  lsof: [["lsof -i :8080", "lsof +D /tmp", "lsof -iTCP -sTCP:LISTEN -P -n", "lsof -p 1 -a -d cwd", "lsof +c 15 -u root", "lsof -t -i:3000", "lsof -- /tmp/f"],
    ["lsof -D b", "lsof \"$OPT\"", "lsof -j", "lsof --zz", "lsof +m", "lsof +zz", "lsof -%i"]],
  ps: [["ps aux", "ps -ef", "ps -eo pid,comm", "ps axjf", "ps o pid,comm", "ps -p 1 -o comm=", "ps --sort=-%mem -A", "ps 1234", "ps -aux", "ps -m", "ps auxww", "ps -u root u", "ps -eLf"],
    ["ps --zz", "ps -m --zz-unknown-option", "ps -%aux", "ps auxY", "ps -J", "ps o", "ps \"$OPTS\""]],
  echo: [["echo hi", "echo -n x", "echo --zz"], []],
  printf: [["printf '%s\\n' x", "printf -- '-v'", "printf '%s %s' \"$A\" \"$B\""], ["printf -v x hi", "printf -v PS1 '%s' x", "printf -vx hi"]],
  test: [["test -f x", "test -v HOME", "test -n \"x\"", "test \"$X\" = /bin/zsh", "test -z \"$B\""], ["test -v 'a[$(rm -rf ~)]'", "test -v 'a[0]'", "test \"$X\" 'a[$(id)]'", "test -v \"$N\""]],
  command: [["command -v ls", "command -V git"], ["command"]],
  jobs: [["jobs", "jobs -l"], ["jobs -x rm x", "jobs -lx rm x", "jobs -x"]],
  history: [["history", "history 20"], ["history -c", "history -w out", "history -d 5", "history -s x"]],
  declare: [["declare -p HOME", "declare -f", "declare -F"], ["declare x=1", "declare -x PS1", "declare PS1='$(id)'", "declare -a arr"]],
  export: [["export", "export -p"], ["export PATH=/tmp", "export FOO", "export PROMPT_COMMAND=id"]],
  git: [
    ["git status", "git status -sb", "git log --oneline -5", "git log -p --stat -- src", "git log --format='%h %s' --since=1.week", "git diff HEAD~1 --name-only", "git diff --cached", "git show HEAD:README.md",
      "git blame -L 1,5 f", "git shortlog -sn", "git rev-parse --show-toplevel", "git ls-files -z", "git ls-remote origin", "git cat-file -p HEAD", "git reflog", "git reflog show", "git merge-base a b",
      "git for-each-ref --format='%(refname)'", "git describe --tags", "git grep -n todo", "git branch", "git branch -a -v", "git branch --list 'f*'", "git tag -l", "git tag", "git tag --contains v1", "git branch -a --contains abc123", "git branch --merged main", "git remote -v", "git remote show origin",
      "git config user.name", "git config --get x", "git config -l", "git config --list --show-origin", "git config get user.name", "git stash list", "git stash show -p", "git worktree list", "git -C dir status",
      "git --no-pager log", "git -P log", "git version", "git help log", "git --version"],
    ["git -c core.pager='rm -rf ~' log", "git -c color.ui=always log", "git --config-env=core.pager=X log", "git --exec-path=/tmp log", "git log --output=x", "git log --out=x", "git diff --ext-diff", "git diff --textconv",
      "git ls-remote --upload-pack=x origin", "git ls-remote --upload=x origin", "git grep -O x", "git grep -Ovim x", "git grep --op=x x", "git grep --open-files-in-pager x", "git help -w log", "git help --web log",
      "git branch -D x", "git branch new", "git branch -m a b", "git branch --set-upstream-to=o/m", "git tag v2", "git tag -d v1", "git tag -a v1 -m x", "git remote add o u", "git remote remove o",
      "git config user.name x", "git config --unset x", "git config -e", "git config set user.name x", "git stash", "git stash drop", "git stash push", "git worktree add x", "git reflog expire --all",
      "git cat-file --textconv HEAD:f", "git cat-file --filters HEAD:f", "git stash list --output=x", "git rev-list --output=x HEAD", "git blame --output=x f", "git stash show --output=x", "git commit", "git log --zz"],
  ],
  docker: [["docker ps", "docker ps -a --format '{{.Names}}'", "docker images", "docker logs -f web", "docker inspect web", "docker image ls", "docker container ls -a", "docker --context x ps", "docker -D info", "docker system df", "docker top web", "docker top web aux", "docker top web -eo pid,comm"],
    ["docker run x", "docker -l info run x", "docker --log-level info run x", "docker -H tcp://x ps", "docker --config ./c ps", "docker image rm x", "docker container", "docker ps --zz", "docker top web --zz", "docker top web -%ef", "docker top --zz web"]],
  kubectl: [["kubectl get pods", "kubectl get pods -n prod -o yaml", "kubectl -n prod get pods -w", "kubectl logs -f web -c app", "kubectl describe pod web", "kubectl config view", "kubectl get pods --context prod", "kubectl auth can-i get pods", "kubectl version --client"],
    ["kubectl delete pod x", "kubectl --cache-dir get delete namespace production", "kubectl -n logs delete pvc --all", "kubectl get pods --kubeconfig ./evil.yaml", "kubectl --kubeconfig=./x get pods", "kubectl get pods --as admin",
      "kubectl cluster-info dump", "kubectl config set-context x", "kubectl get pods -k .", "kubectl get pods --log-file=x", "kubectl"]],
  npm: [["npm ls", "npm ls --all --json", "npm view react version", "npm outdated", "npm config get registry", "npm -v", "npm --version", "npm explain react"], ["npm install", "npm config set x y", "npm ls --prefix=/tmp", "npm --userconfig=./x ls", "npm version patch", "npm run build"]],
  pip: [["pip list", "pip list -o --format=json", "pip show requests", "pip show -f requests", "pip freeze", "pip --version", "pip check"], ["pip install x", "pip list --log=out", "pip --python=/tmp/x list", "pip uninstall x", "pip download x", "pip list --zz"]],
  pip3: [["pip3 list", "pip3 freeze"], ["pip3 install x"]],
  python3: [["python3 --version", "python3 -V", "python3 -m pip list", "python3 -m pip show x"], ["python3", "python3 x.py", "python3 -c 'print(1)'", "python3 -m pip install x", "python3 -m http.server"]],
  node: [["node --version", "node -v"], ["node", "node x.js", "node -e 1"]],
};

describe("read-only: per command (from the man pages)", () => {
  const rows: Array<[string, string, boolean]> = [];
  for (const [name, [yes, no]] of Object.entries(PER_COMMAND)) {
    for (const l of yes) rows.push([name, l, true]);
    for (const l of no) rows.push([name, l, false]);
  }
  it.each(rows)("%s: %s → %s", (_name, line, expected) => {
    expect(run(line).readOnly, line).toBe(expected);
  });
  it("has a table for commands on the list", () => {
    for (const name of Object.keys(PER_COMMAND)) expect(READ_ONLY_COMMANDS.has(name), name).toBe(true);
  });
});

/** Every command and subcommand on the list: its path (`git stash list`), the specs along it, its example. */
interface Entry {
  path: string;
  example: string;
  cmd: ReadOnlyCommand;
  spec: FlagSpec;
}

function entries(): Entry[] {
  const out: Entry[] = [];
  const walk = (path: string, cmd: ReadOnlyCommand, inherited: FlagSpec | undefined): void => {
    const spec = inherited !== undefined ? mergeSpecs(inherited, cmd.spec()) : cmd.spec();
    // An alias (`fdfind`, `pip3`) shares its table and example with the command it names.
    const first = path.split(" ")[0] as string;
    const example = cmd.example === "" ? path : path.includes(" ") ? cmd.example : first + cmd.example.slice(cmd.example.indexOf(" ") < 0 ? cmd.example.length : cmd.example.indexOf(" "));
    if (cmd.subcommands === undefined || cmd.bareOk) out.push({ path, example: example.startsWith(path) ? example : path, cmd, spec });
    for (const [sub, s] of cmd.subcommands ?? []) walk(`${path} ${sub}`, s, cmd.interspersed ? spec : inherited);
  };
  for (const [name, cmd] of READ_ONLY_COMMANDS) if (name !== "python" && name !== "python3") walk(name, cmd, undefined);
  return out;
}

/** Long options of a spec, and whether each takes a value. */
function longs(spec: FlagSpec): Map<string, { canonical: string; value: boolean }> {
  const m = new Map<string, { canonical: string; value: boolean }>();
  for (const [k, v] of Object.entries(spec.long ?? {})) m.set(k, { canonical: v, value: false });
  for (const [k, v] of Object.entries(spec.longOptional ?? {})) m.set(k, { canonical: v, value: false });
  for (const [k, v] of Object.entries(spec.longValue ?? {})) m.set(k, { canonical: v, value: true });
  return m;
}

/** The shortest prefix of `name` that getopt_long resolves to it (no other long option starts with it), if shorter. */
function uniqueAbbreviation(name: string, all: Iterable<string>): string | null {
  const others = [...all].filter((o) => o !== name);
  for (let n = 1; n < name.length; n++) {
    const p = name.slice(0, n);
    if (!others.some((o) => o.startsWith(p))) return p;
  }
  return null;
}

/** The example with `extra` inserted right after the command path (an option position for every parser). */
function withOption(e: Entry, extra: string): string {
  return `${e.path} ${extra}${e.example.slice(e.path.length)}`;
}

describe("read-only: adding an unknown option never keeps a command read-only", () => {
  const list = entries().filter((e) => !e.cmd.anyArgs);
  it("covers every command on the list", () => {
    expect(list.length).toBeGreaterThan(150);
  });
  it.each(list.map((e) => [e.path, e] as const))("%s", (_path, e) => {
    expect(run(e.example).readOnly, `${e.example} is the read-only example`).toBe(true);
    const shorts = new Set([...Object.keys(e.spec.short ?? {}), ...Object.keys(e.spec.shortValue ?? {}), ...Object.keys(e.spec.shortOptional ?? {})]);
    const letter = [..."QZYXWKJjqzyxwk"].find((c) => !shorts.has(c)) as string;
    const mutants = [withOption(e, "--zz-unknown"), withOption(e, `-${letter}`), withOption(e, "--zz-unknown=1")];
    const table = longs(e.spec);
    for (const [name, { canonical, value }] of table) {
      if (!canonical.startsWith(UNSAFE)) continue;
      mutants.push(withOption(e, `--${name}${value ? "=x" : ""}`));
      const abbr = uniqueAbbreviation(name, table.keys());
      if (abbr !== null) mutants.push(withOption(e, `--${abbr}${value ? "=x" : ""}`));
    }
    for (const [c, canonical] of [...Object.entries(e.spec.short ?? {}), ...Object.entries(e.spec.shortValue ?? {})]) {
      if (canonical.startsWith(UNSAFE)) mutants.push(withOption(e, `-${c}${e.spec.shortValue?.[c] !== undefined ? " x" : ""}`));
    }
    for (const m of mutants) expect(run(m).readOnly, m).toBe(false);
  });
});

describe("read-only: the tables", () => {
  it("give no letter or long name two meanings", () => {
    for (const e of entries()) {
      const s = e.cmd.spec();
      const seen = new Set<string>();
      for (const [kind, table] of [["-", s.short], ["-", s.shortValue], ["-", s.shortOptional], ["--", s.long], ["--", s.longValue], ["--", s.longOptional]] as const) {
        for (const k of Object.keys(table ?? {})) {
          expect(seen.has(kind + k), `${e.path}: ${kind}${k} is listed with and without a value, or as safe and unsafe`).toBe(false);
          seen.add(kind + k);
        }
      }
    }
  });
});

/** The reference section of docs/checks/read-only.md, rendered from the tables. */
function reference(): string {
  const lines: string[] = [];
  const describeCommand = (names: string, cmd: ReadOnlyCommand, depth: number): void => {
    const pad = "  ".repeat(depth);
    lines.push(`${pad}- **${names}**: ${cmd.why}`);
    if (cmd.anyArgs) lines.push(`${pad}  Every argument is an operand${cmd.args !== undefined ? " (with the condition above)" : ""}.`);
    else if (cmd.accepts !== "") lines.push(`${pad}  Read-only options: ${cmd.accepts.split(/\s+/).map((o) => "`" + o + "`").join(" ")}`);
    else if (cmd.subcommands === undefined) lines.push(`${pad}  No options.`);
    for (const [notation, what] of cmd.unsafe) lines.push(`${pad}  Not read-only: ${notation.split(/\s+/).map((o) => "`" + o + "`").join(" ")}: ${what.why} (${what.effect}).`);
    const subs = new Map<ReadOnlyCommand, string[]>();
    for (const [name, sub] of cmd.subcommands ?? []) subs.set(sub, [...(subs.get(sub) ?? []), name]);
    for (const [sub, names2] of subs) describeCommand(names2.map((n) => "`" + n + "`").join(", "), sub, depth + 1);
  };
  for (const family of FAMILIES) {
    lines.push("", `### ${family.title}`, "");
    const groups = new Map<ReadOnlyCommand, string[]>();
    for (const [name, cmd] of family.commands) groups.set(cmd, [...(groups.get(cmd) ?? []), name]);
    for (const [cmd, names] of groups) describeCommand(names.map((n) => "`" + n + "`").join(", "), cmd, 0);
  }
  return lines.join("\n").trimStart() + "\n";
}

const DOC = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/checks/read-only.md");
const BEGIN = "<!-- commands: generated from src/analysis/read-only/ (UPDATE_DOCS=1 npx vitest run src/analysis/read-only/tables.test.ts) -->\n";
const END = "<!-- end of commands -->";

describe("read-only: docs/checks/read-only.md", () => {
  it("lists every command with the options it accepts, the ones it does not and why", () => {
    const text = readFileSync(DOC, "utf8");
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    expect(start, "the generated section's markers").toBeGreaterThan(-1);
    const fresh = text.slice(0, start + BEGIN.length) + reference() + text.slice(end);
    if (process.env.UPDATE_DOCS === "1") writeFileSync(DOC, fresh);
    expect(text, "docs/checks/read-only.md is out of date: UPDATE_DOCS=1 npx vitest run src/analysis/read-only/tables.test.ts").toBe(fresh);
    for (const name of READ_ONLY_COMMANDS.keys()) expect(text).toContain("`" + name + "`");
  });
});
