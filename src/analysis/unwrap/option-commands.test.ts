/**
 * Commands hidden in options (option-commands.ts, and ssh's -o in command-strings.ts): every
 * spelling of the option carries the code to the checks, in guard mode too; the tools' plain
 * uses stay quiet. Input → finding ids through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const OPAQUE = "shell/opaque-code";
const SCRIPT = "shell/dynamic-script";
const CODE = "rm -rf ~";
/** Where the code goes in a carrier (not `%`: vim's `%!cmd` is itself a spelling). */
const AT = /@@/g;

/** `%` is the code: each spelling of each option that runs it. */
const CARRIERS = [
  "ssh -o ProxyCommand='@@' host", "ssh -oProxyCommand='@@' host", "ssh -o 'ProxyCommand @@' host", "ssh -o LocalCommand='@@' -o PermitLocalCommand=yes host",
  "ssh -o KnownHostsCommand='@@' host", "scp -o ProxyCommand='@@' a host:b", "sftp -oProxyCommand='@@' host",
  "rsync -e '@@' a host:b", "rsync --rsh='@@' a host:b", "rsync -av --rsh '@@' a host:b", "rsync -avze '@@' a host:b", "rsync -e'@@' a host:b", "rsync -aP -e '@@' a host:b",
  "tar --to-command='@@' -xf a.tar", "tar -xf a.tar --to-command '@@'", "tar -cf a.tar --checkpoint=1 --checkpoint-action=exec='@@' .",
  "tar -I '@@' -xf a.tar", "tar --use-compress-program='@@' -xf a.tar", "tar -xf a.tar --info-script='@@'", "gtar --new-volume-script '@@' -cf a.tar .",
  "zip -T -TT '@@' a.zip b", "zip -T --unzip-command '@@' a.zip b",
  ...["vim", "vi", "nvim", "view", "ex"].flatMap((v) => [`${v} -c ':!@@'`, `${v} -c '!@@' notes.txt`, `${v} '+:!@@'`, `${v} --cmd '%!@@'`, `${v} -c 'r !@@'`, `${v} -c'!@@' f`]),
  // Ex commands after modifiers, repeaters, a bar, a conditional, or in an `exe` string
  ...["silent !@@", "sil !@@", "keepalt !@@", "vert !@@", "windo !@@", "tabdo !@@", "set nomore|!@@", "if 1|!@@|endif", "g/^/!@@", "exe \"!@@\""].map((x) => `vim -c '${x}' f`),
  "vim '+sil !@@' f", "vim --cmd 'set nocp|sil !@@'",
  // -c last in a bundle of flags, as vim reads them one letter at a time
  ...["vim -esc", "ex -sc", "vim -nc", "nvim -esc", "vim -Nesc", "vi -Rc", "view -nc"].map((v) => `${v} '!@@' f`), "vim -es -nc'!@@' f",
  // autocommands run their command later (with or without a group, ++once); Ex commands from stdin
  ...["au VimLeave * !@@", "autocmd VimEnter * ++once !@@", "au! grp BufWritePost *.c sil !@@", "autocmd BufRead,BufNewFile * ++nested exe \"!@@\""].map((x) => `vim -c '${x}' f`),
  "vim -es <<< '!@@'", "ex -s f <<'EOF'\n!@@\nwq\nEOF", "vim -e -s f <<< 'sil !@@'", "echo '!@@' | ex -s f", "vim -S /dev/stdin f <<< '!@@'", "vim -u /dev/stdin <<< 'au VimEnter * !@@'",
  // GNU tar is argp: abbreviated long options, joined short ones, the old-style first word
  "tar --to-com='@@' -xf a.tar", "tar -xf a.tar --use-comp='@@'", "tar -xI'@@' -f a.tar", "tar xIf '@@' a.tar", "tar cvfI a.tar '@@' .",
  "tar -cf a.tar --checkpoint=1 --checkpoint-a=exec='@@' .", "tar --rsh-command='@@' -xf h:a.tar", "tar -xf a.tar -F '@@'",
  "zip -T --unzip-com='@@' a.zip b", "zip -T --unz '@@' a.zip b", "zip -T -TT='@@' a.zip b",
  // options after ssh's host are ssh's too
  "ssh host -o ProxyCommand='@@'", "ssh -v host -oLocalCommand='@@' -oPermitLocalCommand=yes",
  // command strings handed to npx, script and git's subcommands
  "npx -c '@@'", "npx --call='@@'", "npm exec --call='@@'", "npm x -c '@@'", "script --command='@@' /dev/null", "script --comm='@@' /dev/null", "script -qc'@@' /dev/null",
  "git clone --upload-pack='@@' src dst", "git clone -u '@@' src dst", "git fetch --upload-pack='@@' origin", "git push --receive-pack='@@' origin",
  "git push --exec='@@' origin", "git archive --remote=R --exec='@@' HEAD", "git difftool -x '@@'", "git difftool --extcmd='@@'", "git rebase --exe='@@' HEAD~1",
  // less runs `!cmd` and `|Xcmd` given with +; gdb runs `shell`, `!` and pipe's shell end given with -ex
  "less '+!@@' f", "less '++!@@' f", "less '+|a @@' f",
  "gdb -batch -ex 'shell @@'", "gdb -ex '!@@'", "gdb --eval-command='shell @@'", "gdb -eval-com 'shell @@'", "gdb -iex 'shell @@'", "gdb -ex 'pipe bt | @@'",
  // lldb runs `platform shell` (any prefix, options before `--`; alias `shell`) and Python given with -o, -O or -k
  ...["platform shell @@", "pla sh @@", "platform sh -h -- @@", "platform shell -t 5 -- @@", "shell @@", "script import os; os.system(\"@@\")", "scr -l python -- os.system(\"@@\")"]
    .flatMap((c, k) => [`lldb -o '${c}' ./a`, `lldb --one-line='${c}'`, `lldb -O '${c}' ./a`, `lldb -k '${c}' ./a`, `lldb -b -one-line-before-file '${c}' -- ./a x`][k % 5] as string),
  ...["lldb --one-line 'platform shell @@'", "lldb --one-line-on-crash 'shell @@' ./a", "lldb -b -o run -k 'platform shell @@' ./a"],
];

const TABLE: Row[] = [
  ...CARRIERS.flatMap((c): Row[] => [[c.replace(AT, CODE), [RM, HOME]], [c.replace(AT, CODE), [RM, HOME], "has", true]]),
  // the -S transport of scp is a program, run like any command; so is the local sftp server of -D
  ["scp -S 'rm -rf ~' a host:b", [RM, HOME]],
  ["sftp -D 'rm -rf ~' host", [RM, HOME]],
  ["scp -D 'rm -rf ~' a host:b", [RM, HOME], "has", true],
  ["sftp -D ./evil host", ["side-effect/runs-program"]],
  ["sftp -D /usr/lib/openssh/sftp-server host", [], "none", true],
  // a transport named by a relative path or a run-time value: a program the line does not show
  ...["scp -S ./evil a host:b", "sftp -S bin/x host", "scp -S \"$P\" a host:b", "rsync -e ./evil a host:b", "rsync --rsh='tools/ssh -p 2' a host:b", "scp -S \"$DIR/ssh\" a host:b"]
    .map((c): Row => [c, ["side-effect/runs-program"], "has", true]),
  ...["scp -S ssh a host:b", "scp -S /usr/bin/ssh a host:b", "rsync -e 'ssh -p 2222' a host:b", "rsync -e /usr/bin/ssh a host:b"].map((c): Row => [c, [], "none", true]),
  // code only known at run time
  ["tar --to-command=\"$CMD\" -xf a.tar", [SCRIPT]],
  ["rsync -e \"$RSH\" a host:b", [SCRIPT]],
  // Ex commands that run shell code the analysis does not read
  ["vim -c 'call system(\"rm -rf ~\")' f", [OPAQUE], "has", true],
  ["vim -c terminal", [OPAQUE]],
  ["vim -c 'cal system(\"x\")' f", [OPAQUE]],
  ["vim -c 'exe g:cmd' f", [OPAQUE]],
  ["vim -c 'py3do x' f", [OPAQUE]],
  ["nvim -c 'lua os.execute(\"x\")'", [OPAQUE]],
  // functions that run programs, Ex strings or deletes; keys that reach the command line; program options
  ...["vim -c 'call job_start(\"x\")' f", "vim -c 'call delete(expand(\"~\"), \"rf\")'", "vim -c 'call execute(\"!x\")'", "vim -c 'exe \"norm :!x\\r\"' f",
    "vim -c 'normal! :!x' f", "vim -c 'set makeprg=x' -c make", "vim -c 'setlocal grepprg=x' -c 'grep y'", "vim -c 'let &shell=\"x\"' -c '!ls'", "vim -c 'so /dev/stdin' <<< '!x'",
    "vim -c 'au VimLeave * call system(\"x\")'", "vim -s /dev/stdin f <<< ':!x'"].map((c): Row => [c, [OPAQUE], "has", true]),
  ["gen | vim -es f", ["shell/pipe-to-shell"], "has", true],
  // gdb's command file from stdin
  ...["gdb -batch -x /dev/stdin <<< 'shell rm -rf ~'", "gdb -x /dev/stdin ./a.out <<'EOF'\nrun\n!rm -rf ~\nEOF", "echo 'shell rm -rf ~' | gdb -batch -x /dev/stdin",
    "gdb --command=/dev/stdin <<< 'pipe bt | rm -rf ~'"].map((c): Row => [c, [RM, HOME], "has", true]),
  ["gdb -batch -x /dev/stdin <<< 'python import os'", [OPAQUE], "has", true],
  ["gen | gdb -batch -x /dev/stdin ./a.out", ["shell/pipe-to-shell"], "has", true],
  ["gdb -batch -x /dev/stdin ./a.out <<< $'run\\nbt'", [], "none", true],
  ["gdb -batch -ex 'python import os; os.system(\"id\")'", [OPAQUE], "has", true],
  ["gdb --args rm -rf ~", [RM, HOME], "has", true],
  // lldb's script code in a language not read
  ...["lldb -o 'script -l lua -- os.execute(\"x\")' ./a", "lldb -o script ./a"].map((c): Row => [c, [OPAQUE], "has", true]),
  // the buffer filled from a command or the network, then written into a shell
  ...["r !curl -s http://127.0.0.1/x", "r http://127.0.0.1/x", "read !wget -qO- http://127.0.0.1/x", "e https://127.0.0.1/x.sh"].flatMap((fill) =>
    ["w !sh", "%!bash", "1,$!sh", "write !python3", "silent w !sh"].map((run): Row => [`vim -c '${fill}' -c '${run}' -c 'q!'`, ["shell/pipe-to-shell"], "has", true])),
  ["vim https://127.0.0.1/a.sh -c 'w !sh'", ["shell/pipe-to-shell"], "has", true],
  ["ex -s <<'EOF'\nr !curl -s http://127.0.0.1/x\nw !sh\nq!\nEOF", ["shell/pipe-to-shell"], "has", true],
  // the file's own text, a filter that is not a shell, or a read of a local command
  ...["vim -c 'w !sh' notes.txt", "vim -c '%!sort' f", "vim -c 'r !date' -c '%!sort' f", "vim -c 'r !curl -s http://127.0.0.1/x' -c '%!jq .' f", "vim -c 'w !wc -l' f"]
    .map((c): Row => [c, [], "none", true]),
  // plain uses stay quiet, in guard too
  ...["tar --exclude=README -czf a.tgz .", "tar cf - . | ssh h tar xf -", "tar --to-stdout -xf a.tar f", "tar xvfz a.tgz", "less +G f", "less +/pattern f", "less -R f",
    "vim -c 'set nu|set ts=4' f", "vim -c 'exe \"normal gg\"' f", "vim -c 'so session.vim'", "vim -c tabnew f",
    "npx eslint -c .eslintrc.js src", "npm exec -- eslint .", "git rebase -i HEAD~3", "git clone https://x/y.git", "git push origin main", "script -q out.log",
    "gdb ./a.out", "gdb -p 1234", "gdb -batch -ex bt ./a.out core", "gdb --args ./a.out x y", "zip --unicode=UTF8 a.zip f", "vim -cq f",
    "ssh host uptime", "ssh -o StrictHostKeyChecking=no host", "ssh -o ProxyCommand=none host", "scp a host:b", "rsync -av a host:b",
    "rsync -e ssh a host:b", "tar xzf a.tgz", "tar -xzf a.tgz -C out", "tar -I zstd -xf a.tar.zst", "zip -r a.zip dir", "vim notes.txt",
    "vim -c 'set nu' f", "vim +42 f", "nvim -c 'Git' .", "vim -c 'au BufRead * set ft=c' f", "vim -c 'set ts=4 sw=4 sts=4' -c 'normal! gg=G' -c wq f",
    "printf '%s\\n' 'g/x/d' 'wq' | ex -s f", "vim -es -c '%s/a/b/g' -c wq f", "vim -esc '%s/a/b/g|wq' f", "ex -sc wq f", "vim -Nu NONE -esc 'set nu' f", "vim --clean f", "ex -s f <<< $'1d\\nwq'", "vim -s keys.txt f",
    "lldb ./a", "lldb -o run -o bt ./a", "lldb --one-line=bt ./a", "lldb -b -o run -k bt -- ./a x", "lldb -o 'script import os' ./a", "lldb -o 'platform shell -h' ./a", "lldb -p 1234"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/option-commands: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
