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
  "rsync -e '@@' a host:b", "rsync --rsh='@@' a host:b", "rsync -av --rsh '@@' a host:b",
  "tar --to-command='@@' -xf a.tar", "tar -xf a.tar --to-command '@@'", "tar -cf a.tar --checkpoint=1 --checkpoint-action=exec='@@' .",
  "tar -I '@@' -xf a.tar", "tar --use-compress-program='@@' -xf a.tar", "tar -xf a.tar --info-script='@@'", "gtar --new-volume-script '@@' -cf a.tar .",
  "zip -T -TT '@@' a.zip b", "zip -T --unzip-command '@@' a.zip b",
  ...["vim", "vi", "nvim", "view", "ex"].flatMap((v) => [`${v} -c ':!@@'`, `${v} -c '!@@' notes.txt`, `${v} '+:!@@'`, `${v} --cmd '%!@@'`, `${v} -c 'r !@@'`]),
];

const TABLE: Row[] = [
  ...CARRIERS.flatMap((c): Row[] => [[c.replace(AT, CODE), [RM, HOME]], [c.replace(AT, CODE), [RM, HOME], "has", true]]),
  // the -S transport of scp is a program, run like any command
  ["scp -S 'rm -rf ~' a host:b", [RM, HOME]],
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
  ["nvim -c 'lua os.execute(\"x\")'", [OPAQUE]],
  // plain uses stay quiet, in guard too
  ...["ssh host uptime", "ssh -o StrictHostKeyChecking=no host", "ssh -o ProxyCommand=none host", "scp a host:b", "rsync -av a host:b",
    "rsync -e ssh a host:b", "tar xzf a.tgz", "tar -xzf a.tgz -C out", "tar -I zstd -xf a.tar.zst", "zip -r a.zip dir", "vim notes.txt",
    "vim -c 'set nu' f", "vim +42 f", "nvim -c 'Git' ."].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/option-commands: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
