/**
 * Deletion of critical paths, ESLint-style: `input → finding ids` through the real analyze().
 * cwd is /home/u/proj and home /home/u (test-helpers), so `..` is home and `../..` is /home.
 * `[]` means "no deletion/* finding".
 */

import { describe, it } from "vitest";
import { cases, disguises, verify, type Row } from "../test-helpers.js";

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
  ["rm -rf \"${T:?}\"/*", [DYN]],
  ["rm -rf $(pwd)", [DYN]],
  ["rm -rf `pwd`/", [DYN]],
  ["rm -rf ~-", [DYN]],
  ["rm -rf $HOME/$X", [DYN]],
  ["xargs rm -rf", [DYN]],
  ["xargs rm -rf build", [DYN]],
  ["find . -name node_modules -exec rm -rf {} +", [DYN]],
  ["fd -t d node_modules -x rm -rf", [DYN]],
  ["echo a | xargs -I{} rm -rf {}", [DYN]],
  ["rm \"$F\"", []],
  ["rm -f $TMPFILE", []],
  ["rm -rf $HOME/.cache/x", []],
  // find -delete (or -exec rm) from a critical directory
  ["find / -delete", [FIND]],
  ["find ~ -name '*.tmp' -delete", [FIND]],
  ["find $HOME -delete", [FIND]],
  ["find . -delete", [FIND]],
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
  // through wrappers, shells and substitutions
  ["sudo rm -rf /", [ROOT]],
  ["bash -c 'rm -rf \"$HOME\"'", [HOME]],
  ["echo $(rm -rf ~)", [HOME]],
  ["rm {-rf,~}", [HOME]],
  ["r{m,} -rf ~", [HOME]],
  ["rm -rf {/,x}", [ROOT]],
  ["rm -r\\\nf ~", [HOME]],
];

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
