/**
 * side-effect/*, ESLint-style: `input → finding ids` through the real analyze(), in guard mode
 * (where these findings are what keeps such a line from being allowed) and in default mode.
 * Negatives: reads, and programs unwrapping already sees (`find -exec`, `man -P`, `git -c core.pager`).
 */

import { describe, it } from "vitest";
import { cases, verify, type Row } from "../test-helpers.js";

const OUT = "side-effect/output-file";
const RUNS = "side-effect/runs-program";
const HOOK = "side-effect/shell-hook";
const SUB = "side-effect/subscript";
const SENDS = "side-effect/sends-file";

const both = (cmd: string, ids: readonly string[]): Row[] => [[cmd, ids, "has"], [cmd, ids, "has", true]];

const ROWS: Row[] = [
  // wrappers' own output files and programs
  ...both("/usr/bin/time -o ~/.bashrc ls", [OUT]),
  ...both("time --output=out.txt ls", [OUT]),
  ...both("time -oout ls", [OUT]),
  ...both("strace -o trace.txt ls", [OUT]),
  ...both("strace -o '|sh -c id' ls", [RUNS]),
  ...both("strace -E LD_PRELOAD=./x.so ls", [RUNS]),
  ...both("ltrace -o out ls", [OUT]),
  ...both("script -qc 'ls' ~/.bashrc", [OUT]),
  ...both("script -c ls", [OUT]),
    ...both("env -P /tmp ls", [RUNS]),
  ...both("time -o out bash -c 'ls'", [OUT]),
  ...both("sudo time -o out ls", [OUT]),
  // options that run a program unwrapping does not see
  // ... also when the command is not read-only for another reason (arguments from stdin, a variable)
  ...both("xargs -a /dev/null man -Hbrowser ls", [RUNS]),
  ...both("xargs -a /dev/null kubectl --kubeconfig x get pods", [RUNS]),
  ...both("printf '%s\\n' ls | xargs man -Hbrowser", [RUNS]),
  ...both("man -Hbrowser \"$PAGE\"", [RUNS]),
  ...both("bat --pager=less \"$@\"", [RUNS]),
  ...both("xargs -a /dev/null bat --pager 'rm -rf ~' f", [RUNS]),
  ...both("bat --pager 'rm -rf ~' f", [RUNS]),
  ...both("batcat --pager=less f", [RUNS]),
  ...both("ag --pager x foo", [RUNS]),
  ...both("ack --pager=x foo", [RUNS]),
  ...both("rg --pre ./x foo", [RUNS]),
  ...both("colordiff --difftool=evil a b", [RUNS]),
  ...both("nm --plugin ./x.so a.out", [RUNS]),
  ...both("man -C ./evil.conf ls", [RUNS]),
  ...both("sort --compress-program=./x f", [RUNS]),
  ...both("git grep --op=x foo", [RUNS]),
  ...both("git grep -Ox foo", [RUNS]),
  ...both("git ls-remote --upload-pack=x origin", [RUNS]),
  ...both("git -c include.path=/tmp/x log", [RUNS]),
  ...both("git -c man.x.cmd=y help -m log", [RUNS]),
  ...both("git -c protocol.ext.allow=always ls-remote 'ext::sh -c id'", [RUNS]),
  ...both("git -c url.ext::sh.insteadOf=https log", [RUNS]),
  ...both("git --config-env=core.pager=X log", [RUNS]),
  ...both("git --exec-path=/tmp log", [RUNS]),
  ...both("git -c browser.x.cmd=y help -w log", [RUNS]),
  ...both("git diff --ext-diff", [RUNS]),
  ...both("kubectl get pods --kubeconfig ./evil.yaml", [RUNS]),
  ...both("docker --config ./c ps", [RUNS]),
  ...both("pip --python=/tmp/py list", [RUNS]),
  ...both("mapfile -C 'rm -rf ~' -c 1 arr", [RUNS]),
  // options that write a sensitive file
  ...both("git log --output=~/.bashrc", [OUT]),
  ...both("git stash list --output=/home/u/.bashrc", [OUT]),
  ...both("less -O ~/.bashrc f", [OUT]),
  ...both("info -o ~/.ssh/config ls", [OUT]),
  ...both("sort -o ~/.profile f", [OUT]),
  // hook variables, every form
  ...["PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS4", "BASH_ENV", "ENV", "ZDOTDIR", "LD_PRELOAD", "PROMPT", "precmd_functions"].flatMap((v) => [
    ...both(`${v}='$(id)'`, [HOOK]), ...both(`${v}[0]='\`id\`'`, [HOOK]), ...both(`${v}=(id)`, [HOOK]), ...both(`${v}+='$(x)'`, [HOOK]),
    ...both(`export ${v}='$(id)'`, [HOOK]), ...both(`declare -x ${v}='$(id)'`, [HOOK]), ...both(`printf -v ${v} '%s' id`, [HOOK]), ...both(`read ${v}`, [HOOK]),
    ...both(`readarray ${v} < f`, [HOOK]), ...both(`sh -c "${v}='\\$(id)'"`, [HOOK]), ...both(`${v}="$X"`, [HOOK]), ...both(`export ${v}="$X"`, [HOOK]),
  ]),
  // the loader's and the startup files' variables: any value is code (or names it)
  ...["BASH_ENV", "ENV", "LD_PRELOAD", "PROMPT_COMMAND"].flatMap((v) => [...both(`${v}=x`, [HOOK]), ...both(`export ${v}=x`, [HOOK])]),
  // a prompt string is expanded when shown: a value as written with no $(...) or backquote runs nothing
  ...["PS1='\\u@\\h:\\w\\$ '", "PS4='+ $BASH_SOURCE:$LINENO: '", "PS4='+${BASH_SOURCE}:${LINENO}: '", "export PS1='> '", "PS2=", "declare -x PROMPT='%n %~ '", "local PS4=x"]
    .flatMap((c): Row[] => [[c, [], "exact"], [c, [], "exact", true]]),
  ...both("BASH_ENV=./x bash -c ls", [HOOK]),
  ...both("env LD_PRELOAD=./x.so ls", [HOOK]),
  ...both("env -i LD_PRELOAD=./x.so ls", [HOOK]),
  ...both("LD_PRELOAD=./x.so ls", [HOOK]),
  // subscripts that run code
  ...both("printf -v 'a[$(rm -rf ~)]' '%s' x", [SUB]),
  ...both("test -v 'a[$(rm -rf ~)]'", [SUB]),
  ...both("test -v 'a[`id`]'", [SUB]),
  ...both("read 'a[$(id)]'", [SUB]),
  ...both("declare 'a[$(id)]=1'", [SUB]),
  ...both("unset 'a[$(id)]'", [SUB]),
  ...both("[[ -v 'a[$(rm -rf ~)]' ]]", [SUB]),
  ...both("[[ 'a[$(id)]' -eq 1 ]]", [SUB]),
  ...both("[ -v 'a[$(id)]' ]", [SUB]),
  // arithmetic evaluation: let, and values stored for a later (( x )), $(( x )), [[ $x -eq 1 ]], declare -i
  ...both("let 'a[$(touch canary)]'", [SUB]),
  ...both("let \"x = a[\\$(id)] + 1\"", [SUB]),
  ...both("let 'a[`id`]++'", [SUB]),
  ...both("x='a[$(touch canary)]'; (( x ))", [SUB]),
  ...both("declare -i x; x='a[$(touch canary)]'", [SUB]),
  ...both("v='a[$(touch canary)]'; echo $(( v ))", [SUB]),
  ...both("x='a[$(touch canary)]'; [[ $x -eq 1 ]]", [SUB]),
  ...both("x='a[`id`]'; echo ${arr[x]}", [SUB]),
  ...both("x+='a[$(id)]'", [SUB]),
  ...both("X='a[$(id)]' bash -c '(( X ))'", [SUB]),
  ...both("env X='a[$(id)]' bash -c '(( X ))'", [SUB]),
  ...both("export X='a[$(id)]'", [SUB]),
  ...both("local x='a[$(id)]'", [SUB]),
  ...both("bash -c \"x='a[\\$(id)]'; (( x ))\"", [SUB]),
  // `$((` that bash reads as a command (its inner paren not closed by `))`), nested subscripts, attached -v
  ...both("unset 'a[$((id) )]'", [SUB]),
  ...both("printf -v 'a[b[$(id)]]' '%s' x", [SUB]),
  ...both("printf -v'a[$(id)]' '%s' x", [SUB]),
  ...both("[[ 'a[$(( $(id) ))]' -eq 1 ]]", [SUB]),
  ...both("declare 'a[$(id)]'=\"$x\"", [SUB]),
  // not a subscript: `[`/`[[` themselves, bracket expressions, arithmetic `$((...))`, expansions made at once
  ...[
    "[ \"$(id -u)\" -ne 0 ]", "[ $(id -u) -ne 0 ]", "while [ $((--i)) -ge 0 ]; do :; done", "[ -z \"$(command -v gdb)\" ]",
    "[[ $(($cword-$subcword)) -eq 1 ]]", "[[ $((cword - 2)) -ge 1 && ${words[cword - 2]} =~ --* ]]", "[[ $cword -gt 2 && $(f '' 2) == x ]]",
    "unset path[$((${#path[@]} - 1))]", "unset \"words[$((${#words[@]} - 1))]\"", "unset \"a[$i]\"", "printf -v \"a[$(date +%s)]\" '%s' x",
    "local e='[][(){}<>\\\",:;^&!$=?`|'", "local p=$(sed 's/[][\\,.*^$(){}?+|/]/\\\\&/g' <<<\"$x\")", "x='[$(id)]'", "declare -a a=('[$(id)]')",
    "let 'a[$((i + 1))] = 2'",
  ].flatMap((c): Row[] => [[c, [], "exact"], [c, [], "exact", true]]),
  // files sent off the machine
  ...both("dig @127.0.0.1 -f ~/.aws/credentials", [SENDS]),
  // negatives: reads, and programs unwrapping parses and checks itself
  ...["ls -la", "time ls", "time -o /dev/null ls", "script -qc ls /dev/null", "strace -f ls", "sort -o out f", "git log --output=out.txt", "git -c color.ui=always log",
    "git -c core.pager=less log", "find . -exec wc -l {} +", "fd -x wc -l", "man -P cat ls", "PS1=x ls", "HOME=/tmp ls", "export PATH=$PATH:/x", "x=1", "printf -v x '%s' 1",
    "test -v HOME", "read -r line", "nohup ls", "crontab -e", "git config -e", "git help -w log", "PS3='Pick: '", "[[ -v HOME ]]", "[[ $x -eq 1 ]]", "let x=1", "let 'i += 1' 'a[i] = 2'", "x='a[1]'", "x='$(id)'", "x=\"a[$(date +%s)]\"", "x='[a] $(b)'", "(( i++ ))", "echo $(( a[1] + 2 ))", "dig example.com", "bat f", "jobs -x ls"].flatMap((c): Row[] => [[c, [], "exact"], [c, [], "exact", true]]),
];

describe("side-effect: table", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row, "side-effect/"));
});

/** fd's exec in a cluster or attached (`fd -Hx rm`, `fd -xrm`, `fd --exec=rm`) is unwrapped like `fd -x rm`. */
const FD_EXEC: Row[] = ["fd -Hx rm -rf ~", "fdfind -Hx rm -rf ~", "fd -HIx rm -rf ~", "fd -X rm -rf ~", "fd -HX rm -rf ~", "fd --exec=rm -rf ~", "fd -xrm -rf ~"]
  .flatMap((c): Row[] => [[c, ["dangerous/rm-recursive-force", "deletion/home"], "has"], [c, ["dangerous/rm-recursive-force", "deletion/home"], "has", true]]);

describe("side-effect: unwrapping sees fd's exec in every spelling", () => {
  it.each(cases(FD_EXEC))("%s", (_title, row) => verify(row));
});
