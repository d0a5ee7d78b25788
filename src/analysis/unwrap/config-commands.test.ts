/**
 * Commands hidden in a tool's settings (config-commands.ts): hg, apt, dpkg, svn, rpm, tcpdump,
 * ansible. Every spelling of the setting carries the code to the checks, in guard mode too; the
 * tools' plain uses, settings that run nothing among them, stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { rpmShellMacros } from "./config-commands.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const OPAQUE = "shell/opaque-code";
const CODE = "rm -rf ~";
const AT = /@@/g;

/** Each spelling of each setting that runs `@@`. */
const CARRIERS = [
  // Mercurial: hooks, ssh, editor, pager, merge tools, shell aliases; global options anywhere
  ...["hooks.pre-status", "hooks.post-commit.x", "hooks.preoutgoing", "ui.ssh", "ui.editor", "pager.pager", "merge-tools.kdiff3.executable"].flatMap((k) => [
    `hg --config ${k}='@@' status`, `hg --config=${k}='@@' log`, `hg status --config '${k}=@@'`, `chg --config ${k}='@@' pull`]),
  "hg --config alias.x='!@@' x", "hg clone -e '@@' ssh://h/r", "hg pull --ssh='@@' ssh://h/r", "hg push --ssh '@@'", "hg -R repo incoming -e '@@'",
  // apt's Invoke hooks and programs: every spelling of -o, any case, list items
  ...["APT::Update::Pre-Invoke::", "APT::Update::Post-Invoke", "APT::Update::Post-Invoke-Success::", "DPkg::Pre-Invoke::", "Dpkg::Post-Invoke::0", "dpkg::pre-install-pkgs::", "Acquire::http::Proxy-Auto-Detect", "Dir::Bin::dpkg"].flatMap((k) => [
    `apt-get -o ${k}='@@' update`, `apt -o${k}='@@' install x`, `apt-get --option ${k}='@@' upgrade`, `apt-get --option=${k}='@@' update`, `apt-get -qqyo ${k}='@@' update`, `aptitude -o ${k}='@@' update`]),
  "dpkg --pre-invoke='@@' -i x.deb", "dpkg --post-invoke '@@' -i x.deb", "dpkg --status-logger='@@' -i x.deb",
  // red-team pass: hg's abbreviated commands and options, --repo before the command, -e of every peer command
  "hg --repo . pull -e '@@' ssh://h/r", "hg pul -e '@@' ssh://h/r", "hg pull --ss '@@' ssh://h/r", "hg init -e '@@' ssh://h/r", "hg bundle -e '@@' --all b.hg ssh://h/r", "hg --conf hooks.pre-status='@@' st",
  // a tool's arguments appended to its program, run through the shell
  "hg --config merge-tools.x.executable=sh --config 'merge-tools.x.args=-c \"@@\"' resolve --tool x --all", "hg --config extdiff.cmd.x=true --config 'extdiff.opts.x=; @@' x",
  // apt's -o=, long options in any case, dpkg hooks handed on through DPkg::Options
  "apt-get -o='APT::Update::Pre-Invoke::=@@' update", "apt-get --Option 'APT::Update::Pre-Invoke::=@@' update", "apt-get -o 'DPkg::Options::=--post-invoke=@@' install -y x",
  "apt-get -o Dpkg::Options::='--pre-invoke=@@' upgrade",
  // Subversion's tunnels and helpers
  "svn --config-option config:tunnels:ssh='@@' co svn+ssh://h/r", "svn --config-option=config:tunnels:x='$SVN_X @@' ls svn+x://h/r",
  "svn --config-option 'config:helpers:editor-cmd=@@' commit", "svn diff --diff-cmd '@@'", "svn merge --diff3-cmd='@@' ^/b", "svn commit --editor-cmd '@@'",
  // rpm's %( ) macros and --pipe
  "rpm --eval '%{expand:%%(@@)}'", "rpm --predefine 'x %(@@)' -E '%x'", "ansible localhost -m shell -a='@@'",
  "rpm --eval '%(@@)'", "rpm -E '%(@@)'", "rpm --eval='%{?x}%(@@)'", "rpmbuild --define 'x %(@@)' -ba x.spec", "rpm -D 'x %(@@)' -q x", "rpmspec -E '%(@@)'", "rpm -qa --pipe '@@'",
  // tcpdump's command for rotated files
  "tcpdump -w x -G 60 -z '@@'", "tcpdump -nz '@@' -w x -C 1",
  // ansible's ad-hoc command, shell and raw modules (command is the default)
  "ansible all -a '@@'", "ansible all -m shell -a '@@'", "ansible localhost -m ansible.builtin.shell -a '@@'", "ansible all --module-name=raw --args='@@'", "ansible -i inv web -b -m command -a '@@'",
];

const TABLE: Row[] = [
  ...CARRIERS.map((c): Row => [c.replace(AT, CODE), [RM, HOME], "has", true]),
  // code in another language, or loaded from a file
  ["hg --config hooks.pre-status='python:hooks.run' status", [OPAQUE], "has", true],
  ["hg --config extensions.evil=./evil.py status", [OPAQUE], "has", true],
  ["rpm --eval '%{lua: os.execute(\"id\")}'", [OPAQUE], "has", true],
  // what runs is built when the tool expands it: rpm macros inside %( ), ansible's templates
  ["rpm -D 'c rm -rf' -E '%(%c ~)'", [OPAQUE], "has", true],
  ["ansible localhost -m shell -a 'r{{ \"m -rf\" }} ~'", [OPAQUE], "has", true],
  ["ansible localhost -m file -a 'path=~ state=\"absent\"'", [HOME], "has", true],
  ["ansible localhost -m file -a 'path=\"/etc\" state=absent'", ["deletion/root-child"], "has", true],
  // apt reading a configuration the line makes (script-files.ts)
  ["apt-get -c <(echo 'APT::Update::Pre-Invoke {\"rm -rf ~\";};') update", ["shell/dynamic-script"], "has", true],
  ["apt-get -c /dev/stdin update <<< 'APT::Update::Pre-Invoke {\"rm -rf ~\";};'", [OPAQUE], "has", true],
  // a program named by a relative path
  ["tcpdump -w x -G 60 -z ./post.sh", ["side-effect/runs-program"], "has", true],
  // ansible's file module removing a path
  ["ansible all -m file -a 'path=/etc state=absent'", ["deletion/root-child"], "has", true],
  ["ansible all -m ansible.builtin.file -a 'state=absent path=/home/u'", [HOME], "has", true],
  // run-time values
  ["hg --config hooks.pre-status=\"$H\" status", ["shell/dynamic-command"], "has", true],
  ["apt-get -o APT::Update::Pre-Invoke::=\"$X\" update", ["shell/dynamic-command"], "has", true],
  // plain uses and settings that run nothing stay quiet, in guard too
  ...["hg status", "hg --config extensions.rebase= rebase -d default", "hg --config extensions.mq=! log", "hg --config ui.username=me commit -m x", "hg commit -e -m msg", "hg tag -e v1", "hg --config merge-tools.kdiff3.args='$base $local $other -o $output' merge", "hg --config extdiff.cmd.vd=vimdiff --config extdiff.opts.vd=-f vd", "apt-get -c /etc/apt/my.conf update", "hg ci -e", "hg clone -e 'ssh -i key' ssh://h/r", "rpmbuild --define '_topdir %(pwd)/rpmbuild' -ba x.spec", "hg log -r . --config alias.x=log",
    "apt-get -o Dpkg::Options::=--force-confold install x", "apt-get -o Acquire::Retries=3 update", "apt-get -o APT::Sandbox::User=root update", "apt-get -qqy install curl", "apt install ./x.deb",
    "dpkg -i x.deb", "dpkg --force-confnew -i x.deb",
    "svn diff --diff-cmd diff -x -u", "svn co https://h/r", "svn --config-option servers:global:http-timeout=60 up",
    "rpm --eval '%{_libdir}'", "rpm -qa", "rpm -E '%%(not a macro)'", "rpmbuild --define '_topdir /tmp/x' -ba x.spec",
    "tcpdump -i eth0 -w x.pcap", "tcpdump -z gzip -C 100 -w x", "tcpdump -nn -i any port 53",
    "ansible all -m ping", "ansible all -a uptime", "ansible all -m copy -a 'src=a dest=/tmp/b'", "ansible all -m file -a 'path=/tmp/x state=directory'"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/config-commands: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});

describe("unwrap/config-commands: rpm macros", () => {
  it.each([
    ["%(ls)", ["ls"]], ["%(echo (a))", ["echo (a)"]], ["%%(ls)", []], ["%{lua: x}", [null]], ["%(ls", [null]], ["%{_libdir}", []], ["a %(id) b %(ls)", ["id", "ls"]],
  ] as const)("%j", (text, want) => expect(rpmShellMacros(text)).toEqual(want));
});
