/**
 * Deletion of critical paths, ESLint-style: `input → finding ids` through the real analyze().
 * cwd is /home/u/proj and home /home/u (test-helpers), so `..` is home and `../..` is /home.
 * `[]` means "no deletion/* finding".
 */

import { describe, expect, it } from "vitest";
import { cases, disguises, run, verify, type Row } from "../test-helpers.js";

const ROOT = "deletion/root";
const HOME = "deletion/home";
const CHILD = "deletion/root-child";
const CWD = "deletion/working-directory";
const GLOB = "deletion/critical-glob";
const DYN = "deletion/dynamic-target";
const FIND = "deletion/find-delete";

const TABLE: Row[] = [
  // / in every spelling
  ["rm -rf /", [ROOT]],
  ["rm -rf //", [ROOT]],
  ["rm -rf ///", [ROOT]],
  ["rm -rf /.", [ROOT]],
  ["rm -rf /./", [ROOT]],
  ["rm -rf /usr/..", [ROOT]],
  ["rm -rf /usr/../", [ROOT]],
  ["rm -rf /home/u/../..", [ROOT]],
  ["rm -rf ../../..", [ROOT]],
  ["rm -rf '/'", [ROOT]],
  ["rm -rf \"/\"", [ROOT]],
  ["rm -rf \\/", [ROOT]],
  ["rm -rf $'/'", [ROOT]],
  ["rm -rf -- /", [ROOT]],
  ["rm -rf / --no-preserve-root", [ROOT]],
  ["rm -r /", [ROOT]],
  ["rm / -rf", [ROOT]],
  ["rmdir /", [ROOT]],
  // an empty operand and rmdir of a dot name nothing (both fail); `rm -rf .` and `rmdir ../x` do
  ...["rm -rf ''", 'rm -rf ""', "rm ''", "rmdir .", "rmdir ./", "rmdir ..", "rmdir ./.."].map((c): Row => [c, []]),
  ["rm -rf .", ["deletion/working-directory"]],
  ["rmdir ../proj", ["deletion/working-directory"]],
  // another user's home, as whole an account as your own; what is inside it is judged as usual
  ["find /home/alice -delete", ["deletion/find-delete"], "has", true],
  ...["rm -rf /home/alice", "rm -rf /home/alice/", "cd /home && rm -rf alice", "rm -r /Users/bob", "sudo rm -rf /var/home/carol", "mv /home/alice /tmp/old"]
    .map((c): Row => [c, [HOME], "has", true]),
  ...["rm -rf /home/alice/tmp", "rm -rf /home/alice/.cache/pip", "rm -f /Users/bob/Downloads/x.dmg"].map((c): Row => [c, [], "none", true]),
  // home in every spelling
  ["rm -rf ~", [HOME]],
  ["rm -rf ~/", [HOME]],
  ["rm -rf ~/.", [HOME]],
  ["rm -rf ~//", [HOME]],
  ["rm -rf ~u", [HOME]],
  ["rm -rf $HOME", [HOME]],
  ["rm -rf $HOME/", [HOME]],
  ["rm -rf \"$HOME\"", [HOME]],
  ["rm -rf \"$HOME/\"", [HOME]],
  ["rm -rf \"$HOME\"/", [HOME]],
  ["rm -rf ${HOME}", [HOME]],
  ["rm -rf \"${HOME}\"", [HOME]],
  ["rm -rf \"${HOME}/\"", [HOME]],
  ["rm -rf /home/u", [HOME]],
  ["rm -rf /home/u/", [HOME]],
  ["rm -rf /home//u", [HOME]],
  ["rm -rf /home/./u/.", [HOME]],
  ["rm -rf ..", [HOME]],
  ["rm -rf ../", [HOME]],
  ["rm -rf ./..", [HOME]],
  ["rm -rf ~/proj/..", [HOME]],
  ["rm -r ~", [HOME]],
  ["rm ~", [HOME]],
  ["unlink ~", [HOME]],
  // direct children of /
  ["rm -rf /usr", [CHILD]],
  ["rm -rf /etc/", [CHILD]],
  ["rm -rf /var", [CHILD]],
  ["rm -rf /home", [CHILD]],
  ["rm -rf ../..", [CHILD]],
  ["rm -rf /usr/local/..", [CHILD]],
  ["rm -rf ~root", [CHILD]],
  ["rm -rf /bin /sbin", [CHILD]],
  // the working directory and its parents
  ["rm -rf .", [CWD]],
  ["rm -rf ./", [CWD]],
  ["rm -rf ./.", [CWD]],
  ["rm -rf .//", [CWD]],
  ["rm -rf $PWD", [CWD]],
  ["rm -rf \"$PWD\"", [CWD]],
  ["rm -rf ${PWD}/", [CWD]],
  ["rm -rf ~+", [CWD]],
  ["rm -rf /home/u/proj", [CWD]],
  ["rm -rf ../proj", [CWD]],
  ["rm -rf ~/proj", [CWD]],
  ["rm -rf src/..", [CWD]],
  // globs that empty a critical directory; everyday globs do not count
  ["rm -rf *", [GLOB]],
  ["rm -rf ./*", [GLOB]],
  ["rm -rf .*", [GLOB]],
  ["rm -rf /*", [GLOB]],
  ["rm -rf //*", [GLOB]],
  ["rm -rf ~/*", [GLOB]],
  ["rm -rf ~/.*", [GLOB]],
  ["rm -rf $HOME/*", [GLOB]],
  ["rm -rf \"$HOME\"/*", [GLOB]],
  ["rm -rf /var/*", [GLOB]],
  ["rm -rf /usr/*", [GLOB]],
  ["rm -rf ../*", [GLOB]],
  ["rm -f *", [GLOB]],
  ["rmdir *", [GLOB]],
  ["rm -rf build/*", []],
  ["rm -rf ./build/*", []],
  ["rm -rf /var/lib/apt/lists/*", []],
  ["rm -rf /tmp/build-*", []],
  ["rm -f *.log", []],
  ["rm -f ./*.o", []],
  ["rm -rf ~/.cache/pip/*", []],
  ["rm -rf node_modules dist", []],
  ["rm -rf /tmp/x", []],
  ["rm -rf ~/proj/build", []],
  ["rm -rf ../other-project", []],
  ["rm -rf /usr/local/lib/node_modules/foo", []],
  ["rm '*'", []],
  ["rm -rf \"/\"x", [CHILD]],
  ["rm -rf \"/\"tmp/x", []],
  ["rm -rf '~'", []],
  ["rm -rf \\~", []],
  ["rm -rf ./~", []],
  // targets only known at run time
  ["rm -rf \"$DIR\"/", [DYN]],
  ["rm -rf $DIR", [DYN]],
  ["rm -rf \"$DIR\"", [DYN]],
  ["rm -rf ${DIR}/", [DYN]],
  ["rm -rf $T/*", [DYN]],
  ["rm -rf \"${T:?}\"/*", []],
  ["rm -rf $(pwd)", [DYN]],
  ["rm -rf `pwd`/", [DYN]],
  ["rm -rf ~-", [DYN]],
  // a name mktemp just made is never empty: the temp-dir idioms
  ...["tmp=$(mktemp -d) && rm -rf \"$tmp\"", "tmp=\"$(mktemp -d)\"; rm -rf \"$tmp\"/", "d=$(mktemp -d -t x.XXXX) && cd \"$d\" && rm -rf \"${d}\"", "rm -rf \"$(mktemp -d)\"",
    "local t=$(mktemp); rm -f \"$t\"", "T=$(mktemp -d)\nrm -rf $T/*"].map((c): Row => [c, [], "exact"]),
  // but not a variable set otherwise, nor before mktemp set it, nor another variable
  ["rm -rf \"$tmp\"; tmp=$(mktemp -d)", [DYN]],
  ["tmp=$(mktemp -d) && rm -rf \"$other\"", [DYN]],
  ["tmp=$(ls) && rm -rf \"$tmp\"", [DYN]],
  ["tmp=$(mktemp -d) && rm -rf \"$tmp\"/../..", [DYN]],
  ["[ -n \"$X\" ] && rm -rf \"$X\"/..", [DYN]],
  ["rm -rf $HOME/$X", [DYN]],
  ["xargs rm -rf", [DYN]],
  // xargs reads arguments from stdin: they may be `-rf /` or every file in home
  ["printf '%s\\n' -rf / | xargs rm", [DYN]],
  ["find ~ -type f | xargs rm", [DYN]],
  ["find . -print0 | xargs -0 rm -f", [DYN]],
  ["ls | xargs -n1 unlink", [DYN]],
  ["ls | xargs shred", [DYN]],
  ["ls | xargs rmdir", []],
  ["ls | xargs rm -rf build", [DYN]],
  ["xargs rm -rf build", [DYN]],
  ["find . -name node_modules -exec rm -rf {} +", []],
  ["fd -t d node_modules -x rm -rf", [DYN]],
  ["echo a | xargs -I{} rm -rf {}", [DYN]],
  // an empty or unset variable that leaves a critical path (SC2115), or a wholly unknown target
  ["rm -rf $X/bin", [DYN]],
  ["rm -rf \"$X/\"*", [DYN]],
  ["rm -rf \"$X\"/*", [DYN]],
  ["rm -rf \"$X\"/.*", [DYN]],
  ["rm -rf \"$PREFIX\"/usr/*", [DYN]],
  ["rm -rf \"$D/$name\"", [DYN]],
  ["rm -rf \"$prefix\"*", [DYN]],
  ["rm -rf \"${X}\"/etc", [DYN]],
  ["rm -rf \"$(dirname \"$0\")\"/", [DYN]],
  ["rm -rf \"$X/\"", [DYN]],
  ["rm -r \"$X\"/", [DYN]],
  ["[ -n \"$Y\" ] && rm -rf \"$X\"/", [DYN]],
  ["rm -rf \"$X\"; [ -n \"$X\" ]", [DYN]],
  ["[ -n \"$X\" ] || rm -rf \"$X\"/*", [DYN]],
  ["[ -n \"$X\" ]; rm -rf \"$X\"/", [DYN]],
  ["[ -n \"$X\" ] && echo ok; rm -rf \"$X\"/", [DYN]],
  ["! [ -n \"$X\" ] && rm -rf \"$X\"/", [DYN]],
  ["if [ -d \"$X\" ]; then :; else rm -rf \"$X\"/; fi", [DYN]],
  ["if [ -d \"$X\" ]; then :; fi; rm -rf \"$X\"/", [DYN]],
  ["[ -z \"$X\" ] && rm -rf \"$X\"/", [DYN]],
  // a default is what the part becomes when the variable is unset: judged as the target too
  ...["${X:-/}", "${X-/}", "${X:=/}", "${X=/}", "\"${X:-/}\"", "${X:-/}/*", "${X:-~}", "\"${X:-$HOME}\"", "${X:-/usr}", "\"${X:-/}\"/"].map((t): Row => [`rm -rf ${t}`, [DYN], "has"]),
  ["find ${X:-/} -delete", [DYN], "has"],
  // HOME and PWD are set and not empty: ${HOME:-x}, ${HOME=x}, ${PWD?} are $HOME and $PWD
  ...["${HOME:-/tmp}", "\"${HOME:-/tmp}/\"", "${HOME:=/tmp}", "${HOME:?}", "${HOME?no home}"].map((t): Row => [`rm -rf ${t}`, ["deletion/home"], "has"]),
  ["rm -rf ${PWD:-.}", ["deletion/working-directory"], "has"],
  ["rm -rf ${X:-\"/\"}", [DYN], "has"],
  ["rm -rf ${X:-'/usr'}", [DYN], "has"],
  ["rm -rf ${X:-'~'}", []],
  ["rm -rf \"${BUILD_DIR:-./build}\"", []],
  ["rm -rf \"${X:-/tmp/cache}\"", []],
  // a guard, a suffix or infix, or a name that no system has at the top level: not critical
  ["rm -rf \"${X:?}\"/", []],
  ["rm -rf \"${X:?unset}/\"*", []],
  ["rm -rf \"${X?}/bin\"", []],
  ["rm -rf \"${BIN:?}/$tool\"", []],
  ["rm -rf \"${X:-build}\"/", []],
  ["[ -n \"$X\" ] && rm -rf \"$X\"/", []],
  ["[ -n \"$X\" ] && rm -rf \"$X\"", []],
  ["[[ -d $X ]] && rm -rf \"$X/\"*", []],
  ["if [ -d \"$X\" ]; then rm -rf \"$X\"; fi", []],
  ["test -e \"$X\" && rm -rf \"$X\"/", []],
  ["[ -d \"$X\" ] && cd \"$X\" && rm -rf \"$X\"/*", []],
  ["if [ -n \"$X\" ]\nthen\n  echo go\n  rm -rf \"$X\"/\nfi", []],
  ["rm -r \"build-$VERSION\"", []],
  ["rm -rf \"build-$VERSION\"", []],
  ["rm -rf \"$name.tmp\"", []],
  ["rm -rf \"${name}_old\"/", []],
  ["rm -rf \"$tmp/foo\"", []],
  ["rm -rf \"$WORK/build\"", []],
  ["rmdir \"$X\"", []],
  ["rmdir \"$X\"/", []],
  ["rmdir -p \"$X/a/b\"", []],
  ["rm \"$F\"", []],
  ["rm -f $TMPFILE", []],
  ["rm -rf $HOME/.cache/x", []],
  // find -delete (or -exec rm) from a critical directory
  ["find / -delete", [FIND]],
  ["find ~ -name '*.tmp' -delete", [FIND]],
  ["find $HOME -delete", [FIND]],
  ["find . -delete", [FIND]],
  ["find . -type f -delete", [FIND]],
  ["find . -mindepth 1 -delete", [FIND]],
  ["find . ! -name keep -delete", [FIND]],
  ["find . -name x -o -delete", [FIND]],
  ["find .. -name '*.o' -delete", [FIND]],
  ["find / -name '*.pyc' -delete", [FIND]],
  ["find . -exec rm -rf {} +", [FIND]],
  ["find . -exec rm -rf / \\;", [ROOT]],
  // under the working directory, picking files by name, age or size: a clean-up
  ["find . -name '*.pyc' -delete", []],
  ["find . -name '*.o' -exec rm {} +", []],
  ["find . -name node_modules -prune -exec rm -rf {} +", []],
  ["find -type f -iname '*.orig' -delete", []],
  ["find . -mtime +30 -type f -delete", []],
  ["find . -type d -empty -delete", []],
  ["find \"${D:?}\" -name x -delete", []],
  ["find -delete", [FIND]],
  ["find .. -type f -delete", [FIND]],
  ["find / -exec rm {} \\;", [FIND]],
  ["find -L /usr -exec /bin/rm -f {} +", [FIND]],
  ["find \"$D\" -delete", [DYN]],
  ["find build -delete", []],
  ["find /tmp/cache -name '*.tmp' -delete", []],
  ["find . -name '*.pyc'", []],
  ["find / -name passwd", []],
  // mv of a critical directory away (the working directory is left to everyday work)
  ["mv ~ /tmp/old-home", [HOME]],
  ["mv / /x", [ROOT]],
  ["mv /usr /usr.bak", [CHILD]],
  ["mv ~/* /tmp", [GLOB]],
  ["mv -t /tmp ~", [HOME]],
  ["mv * ..", []],
  ["mv ../proj ../proj-old", []],
  ["mv a b", []],
  // relative paths after a cd resolve against where it went (a cd in ( ... ) stays inside)
  ["cd / && rm -rf usr", [CHILD]],
  ["cd /; rm -rf etc", [CHILD]],
  ["pushd / && rm -rf var", [CHILD]],
  ["cd -P / && rm -r usr", [CHILD]],
  ["cd && rm -rf *", [GLOB]],
  ["cd ~ && rm -rf .", [HOME]],
  ["cd /tmp && rm -rf /home/u/proj", [CWD]],
  ["cd \"$DIR\" && rm -rf *", [GLOB]],
  ["cd $X; rm -rf .", [CWD]],
  ["cd - && rm -rf ..", [CWD]],
  ["popd; rm -rf .", [CWD]],
  ["bash -c 'cd / && rm -rf etc'", [CHILD]],
  ["(cd / && rm -rf usr)", [CHILD]],
  ["echo $(cd / && rm -rf usr)", [CHILD]],
  ["cd /tmp && rm -rf build", []],
  ["cd \"$DIR\" && rm -rf build", []],
  ["(cd / && ls); rm -rf build", []],
  ["cd sub && rm -rf node_modules", []],
  // through wrappers, shells and substitutions
  ["sudo rm -rf /", [ROOT]],
  ["bash -c 'rm -rf \"$HOME\"'", [HOME]],
  ["echo $(rm -rf ~)", [HOME]],
  ["rm {-rf,~}", [HOME]],
  ["r{m,} -rf ~", [HOME]],
  ["rm -rf {/,x}", [ROOT]],
  ["rm -r\\\nf ~", [HOME]],
];

/** Deleting, emptying or locking out a critical path whatever the tool, and globs read as patterns. */
const OTHER_TOOLS: Row[] = [
  ["find ~ -type f | xargs rm", [DYN]],
  ["find ~ -exec truncate -s0 {} +", [FIND]],
  ["find / -exec chmod 000 {} +", [FIND]],
  ["find ~ -exec shred -u {} \\;", [FIND]],
  ["rsync -a --delete empty/ ~/", [HOME]],
  ["rsync -av --delete-after /tmp/x/ /", [ROOT]],
  ["rsync --del src/ /usr", [CHILD]],
  ["npx rimraf ~", [HOME]],
  ["npx -y rimraf@5 /", [ROOT]],
  ["pnpm dlx rimraf ~", [HOME]],
  ["bunx rimraf .", [CWD]],
  ["rimraf ~", [HOME]],
  ["cmake -E rm -rf ~", [HOME]],
  ["cmake -E remove_directory /", [ROOT]],
  ["chmod -R 000 ~", [HOME]],
  ["chmod 0 /usr", [CHILD]],
  ["chmod -R a= ~", [HOME]],
  ["chmod -rwx ~", [HOME]],
  // recursive modes without the owner's search bit lock the owner out of every directory below
  ...["600", "0644", "400", "u-x", "a-rwx", "-x", "a=r", "u=rw", "=rw"].map((m): [string, string[]] => [`chmod -R ${m} ~`, [HOME]]),
  // a recursive chmod of the root or a system directory resets every mode in it (setuid, keys, /tmp)
  ...["755", "700", "g+w", "u=rwX,go=rX"].flatMap((m): Array<[string, string[]]> => [[`chmod -R ${m} /`, [ROOT]], [`chmod --recursive ${m} /usr`, [CHILD]], [`sudo chmod -R ${m} /etc/`, [CHILD]]]),
  ["truncate -s0 ~/*", [GLOB]],
  // chattr: immutable or append-only, a critical path can no longer change
  ...["+i", "=i", "+a", "+ia", "-R +i", "-Rf +i", "-V +i", "-v 2 +i", "-p 1 +i", "-e +i", "+A +i"].flatMap((m): Array<[string, string[]]> => [[`chattr ${m} ~`, [HOME]], [`chattr ${m} /`, [ROOT]], [`sudo chattr ${m} /etc`, [CHILD]]]),
  // globs read as patterns: they cover (nearly) everything in a critical directory
  ["rm -r ~/[!.]*", [GLOB]],
  ["rm -r ~/*/*", [GLOB]],
  ["rm -r ~/??*", [GLOB]],
  ["rm -r ~/.[^.]*", [GLOB]],
  ["rm -r /var/[a-z]*", [GLOB]],
  ["rm -r /.??*", [GLOB]],
  // quiet
  ["rsync -a --delete src/ dest/", []],
  ["rsync -a src/ ~/", []],
  ["rsync -an --delete empty/ ~/", []],
  ["npx rimraf dist", []],
  ["npx prettier ~/x.js", []],
  ["cmake -E rm -rf build", []],
  ["cmake -E copy a ~", []],
  ["chmod 000 secret.txt", []],
  ...["chattr +i /etc/resolv.conf", "chattr -i /etc", "chattr -R -i /", "chattr +A ~", "chattr +i notes.txt", "lsattr /"].map((c): [string, string[]] => [c, []]),
  ["chmod 644 ~", []],
  ["chmod -R 755 ~", []],
  ...["700", "go-rwx", "u=rwX,go=", "og-w", "711"].map((m): [string, string[]] => [`chmod -R ${m} ~`, []]),
  ["chmod 755 /", []],
  ["chmod -R 755 /opt/app", []],
  ["chmod -R 644 ./docs", []],
  ["find . -name '*.tmp' -exec truncate -s0 {} +", []],
  ["find ~ -exec chmod 644 {} +", []],
  ["truncate -s0 app.log", []],
  ["rm -r build/*", []],
  ["rm -r ~/*.log", []],
  ["rm -r ~/.cache/*/tmp", []],
  ["rm -rf /var/lib/apt/lists/*", []],
];

describe("deletion: other tools and glob patterns (guard)", () => {
  it.each(cases(OTHER_TOOLS.map((r) => [r[0], r[1], r[1].length === 0 ? "exact" : "has", true] as Row)))("%s", (_title, row) => verify(row, "deletion/"));
});

describe("deletion: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "deletion/"));
});

const FORMS: ReadonlyArray<[string, string[]]> = [
  ["rm -rf ~", [HOME, "dangerous/rm-recursive-force"]],
  ["rm -rf /", [ROOT]],
  ["rm -rf \"$HOME\"", [HOME]],
  ["rm -rf /usr/..", [ROOT]],
  ["rm -rf ..", [HOME]],
  ["rm -rf *", [GLOB]],
  ["rm -rf \"$DIR\"/", [DYN]],
  ["find ~ -delete", [FIND]],
];

describe.each(FORMS)("deletion: %s in disguise", (form, expected) => {
  it.each(cases(disguises(form, expected)))("%s", (_title, row) => verify(row));
});

describe("deletion: find's message names what deletes", () => {
  it.each([["find . -exec rm -rf {} +", "with -exec rm"], ["find . -delete", "with -delete"], ["find / -execdir rm {} \\;", "with -execdir rm"]])("%s says %s", (cmd, says) => {
    const f = run(cmd).findings.find((x) => x.id === FIND);
    expect(f?.message).toContain(says);
  });
});

/** Tools that delete by another name: `§` is the target. Archivers deleting their sources, rsync's sources, srm, the trash, rclone. */
const DELETERS = [
  "tar --remove-files -cf /dev/null §", "tar -cf /dev/null --remove §", "tar cf /tmp/x.tar --remove-files §", "tar -czf - --remove-files § | cat > /dev/null", "gtar --remove-files -cf x.tar §",
  "zip -qrm /tmp/h.zip §", "zip -m /tmp/h.zip §", "zip -9rm /tmp/h.zip §", "rsync -a --remove-sent-files § /tmp/x/", "zip --move -r x.zip §", "7z a -sdel /tmp/x.7z §", "7za a x.7z § -sdel",
  "rsync -a --remove-source-files § /tmp/x/", "rsync -av --remove-source-files §/ host:backup/",
  "srm -r §", "wipe -rf §", "trash-put §", "trash §", "gio trash §", "gtrash put §", "rclone purge §", "rclone delete §", "rclone sync empty/ §", "rclone move § remote:x",
  "rar m /tmp/x.rar §", "rar mf -r x.rar §", "rar a -df x.rar §", "rar a -r -DF x.rar §", "rar u -dr x.rar §", "gvfs-trash §",
  "kioclient5 move § trash:/", "kioclient move § /tmp/x", "kioclient6 --noninteractive remove §", "kioclient5 rm §", "kfmclient move § trash:/",
  "gio remove §", "gio remove -f §", "gio rm §", "gio move § trash:///", "gvfs-rm §", "chflags -R schg §", "chflags uchg §", "chflags sappnd,uchg §",
];
const DELETER_ROWS: Row[] = [
  ...DELETERS.flatMap((f) => [["~", HOME], ["/", ROOT], ["/etc", CHILD], ["\"$HOME\"", HOME]].map(([t, id]): Row => [f.replace(/§/g, t as string), [id as string], "has", true])),
  ...["sudo %", "nice %", "true && %"].map((w): Row => [w.replace("%", "tar --remove-files -cf /dev/null ~"), [HOME], "has", true]),
  ["tar -C / --remove-files -cf /dev/null home etc", [CHILD], "has", true],
  ["tar -C ~ --remove-files -cf /dev/null .", [HOME], "has", true],
  ["rclone --config /dev/null purge ~", [HOME], "has", true],
  ["rclone --transfers 8 sync empty ~", [HOME], "has", true],
  // A remote tree deleted is no deletion of a path here, but the cloud pack asks (dangerous/cloud-delete).
  ["rclone purge remote:bucket/tmp", ["dangerous/cloud-delete"], "has", true],
  ["kioclient5 remove file:///home", [CHILD], "has", true], ["kioclient5 remove file:/etc", [CHILD], "has", true], ["kioclient5 remove file://localhost/etc", [CHILD], "has", true],
  ["gio remove file:///etc", [CHILD], "has", true], ["kioclient5 --platform offscreen move ~ trash:/", [HOME], "has", true],
  ...["find ~ | tar --remove-files -cf /dev/null -T -", "find ~ -type f | zip -m -@ x.zip", "find / | tar --remove-files --files-from=- -cf /dev/null"].map((c): Row => [c, [DYN], "has", true]),
  ...["tar -C build --remove-files -czf out.tgz dist", "rclone --config rc.conf copy a b", "find logs -name '*.log' | zip -@ logs.zip"].map((c): Row => [c, [], "none", true]),
  // their everyday uses
  ...["tar -czf out.tgz src", "tar czf logs.tgz --remove-files logs", "tar --remove-files -cf old.tar build/old", "zip -r a.zip dir", "zip -m a.zip old.log", "zip -mr logs.zip logs",
    "7z a x.7z dir", "7z a -sdel x.7z tmp/", "rsync -a --remove-source-files out/ host:backup/", "rsync -av --remove-source-files ./out/ host:/srv/", "srm -r secrets/", "trash-put build/", "gio trash old.txt", "gio open README.md",
    "rclone copy remote:x ./x", "rclone sync ./site remote:www", "rclone move ./out remote:archive",
    "rar a x.rar ~", "rar a -r backup.rar ~/docs", "rar x a.rar", "rar m old.rar logs/", "rar a -df logs.rar logs", "kioclient5 move old.txt trash:/", "kioclient5 copy ~ /mnt/b", "kioclient5 exec ~/x.desktop", "gvfs-trash build/",
    "gio remove old.txt", "gio move a.txt b.txt", "gio open ~", "chflags nouchg ~", "chflags hidden ~/x", "chflags -R uchg ~/notes"].map((c): Row => [c, [], "none", true]),
];

describe("deletion: tools that delete by another name (guard)", () => {
  it.each(cases(DELETER_ROWS))("%s", (_title, row) => verify(row));
});
