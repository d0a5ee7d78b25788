/**
 * sed, ESLint-style: `input → finding ids` through the real analyze(). Scripts are judged on
 * cooked argv (no shlex re-split): `-e`, `--expression=`, combined flags, `-f`, `-i` on a
 * sensitive file. `[]` means "no sed/* finding".
 */

import { describe, it } from "vitest";
import { cases, disguises, verify, type Row } from "../test-helpers.js";

const WRITE = "sed/write-file";
const EXEC = "sed/execute-command";
const UNVER = "sed/unverifiable-script";
const INPLACE = "sed/in-place-sensitive";

const TABLE: Row[] = [
  // the allowlist: print, substitute, delete, and friends
  ["sed -n '1,5p' f", []],
  ["sed -n 5p f", []],
  ["sed -n '$p' f", []],
  ["sed 's/a/b/' f", []],
  ["sed 's/a/b/g' f", []],
  ["sed 's/a/b/2' f", []],
  ["sed 's/a/b/gI' f", []],
  ["sed 's|a|b|g' f", []],
  ["sed 's/a\\/b/c/' f", []],
  ["sed -E 's/(a+)/<\\1>/g' f", []],
  ["sed -r 's/x+/y/' f", []],
  ["sed '/^#/d' f", []],
  ["sed '1d;$d' f", []],
  ["sed -n '/start/,/end/p' f", []],
  ["sed 'y/abc/xyz/' f", []],
  ["sed -z 's/\\n/ /g' f", []],
  ["sed -s -n 1p a b", []],
  ["sed 'a hello' f", []],
  ["sed '1i header' f", []],
  ["sed '5q' f", []],
  ["sed = f", []],
  ["sed -e 's/a/b/' -e 's/c/d/' f", []],
  ["sed --expression='s/a/b/' f", []],
  ["sed --expression=1d f", []],
  ["sed --quiet --expression=p f", []],
  ["sed -ne 's/x/y/p' f", []],
  ["sed 'r header.txt' f", []],
  ["sed -i 's/a/b/' notes.txt", []],
  ["sed -i.bak 's/a/b/' src/app.ts", []],
  ["cat f | sed 's/a/b/'", []],
  // writing files: w, W, s///w, in any script position
  ["sed 'w out' f", [WRITE]],
  ["sed '1w out' f", [WRITE]],
  ["sed '/x/W out' f", [WRITE]],
  ["sed 's/a/b/w out' f", [WRITE]],
  ["sed 's/a/b/gw out' f", [WRITE]],
  ["sed 's/a/b/3w out' f", [WRITE]],
  ["sed 's|a|b|w out' f", [WRITE]],
  ["sed 's/a\\/b/c/w out' f", [WRITE]],
  ["sed 's/x/y/;w out' f", [WRITE]],
  ["sed -n 's/x/y/ ; 2w /tmp/o' f", [WRITE]],
  ["sed -e 's/x/y/' -e 'w out' f", [WRITE]],
  ["sed -e 's/a/b/w /etc/passwd' f", [WRITE]],
  ["sed --expression='w out' f", [WRITE]],
  ["sed -ne 'w out' f", [WRITE]],
  ["sed -n 'w /dev/stdout' f", [WRITE]],
  ["sed \"s/a/b/w out\" f", [WRITE]],
  ["sed s/a/b/w\\ out f", [WRITE]],
  ["sed $'s/a/b/w out' f", [WRITE]],
  // running commands: e, s///e
  ["sed 'e ls' f", [EXEC]],
  ["sed '1e rm -rf ~' f", [EXEC]],
  ["sed -n 'e' f", [EXEC]],
  ["sed 's/.*/id/e' f", [EXEC]],
  ["sed 's/a/b/ge' f", [EXEC]],
  ["sed -ne 's/a/b/ep' f", [EXEC]],
  ["sed --expression='s/x/y/e' f", [EXEC]],
  ["sed 's/a/b/ ; 1e id' f", [EXEC]],
  ["sed -e p -e '$e reboot' f", [EXEC]],
  // what cannot be verified here: script files, braces, negation, comments, unknown commands
  ["sed -f script.sed f", [UNVER]],
  ["sed --file=script.sed f", [UNVER]],
  ["sed -nf script.sed f", [UNVER]],
  ["sed -f /dev/stdin f", [UNVER]],
  ["sed '1!d' f", [UNVER]],
  ["sed '$!N;P;D' f", [UNVER]],
  ["sed '/a/{p;d}' f", [UNVER]],
  ["sed '# comment' f", [UNVER]],
  ["sed \"$SCRIPT\" f", [UNVER]],
  ["sed 'k' f", [UNVER]],
  // -i on a sensitive file, every spelling of -i and of the path
  ["sed -i 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed -i.bak 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed -i'' 's/a/b/' ~/.zshrc", [INPLACE]],
  ["sed --in-place 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed --in-place=.orig 's/a/b/' ~/.profile", [INPLACE]],
  ["sed -ie 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed -Ei 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed -n -i 's/a/b/' ~/.zshrc", [INPLACE]],
  ["sed -i -e 's/a/b/' .git/config", [INPLACE]],
  ["sed -e 's/a/b/' -i .env", [INPLACE]],
  ["sed 's/a/b/' -i ~/.ssh/config", [INPLACE]],
  ["sed -i 's/a/b/' $HOME/.bashrc", [INPLACE]],
  ["sed -i 's/a/b/' \"${HOME}/.npmrc\"", [INPLACE]],
  ["sed -i 's/a/b/' /home/u/.gitconfig", [INPLACE]],
  ["sed -i 's/a/b/' ../.bashrc", [INPLACE]],
  ["sed -i 's/x/y/' /etc/hosts", [INPLACE]],
  ["sed -i -- 's/a/b/' ~/.bashrc", [INPLACE]],
  ["sed -i 's/a/b/' notes.txt ~/.bashrc", [INPLACE]],
  ["sudo sed -i 's/a/b/' /etc/sudoers", [INPLACE]],
  ["sed 's/a/b/' ~/.bashrc", []],
  ["sed -n p ~/.ssh/config", []],
  // gsed is sed
  ["gsed 's/a/b/w out' f", [WRITE]],
  ["gsed -i 's/a/b/' ~/.bashrc", [INPLACE]],
];

describe("sed: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "sed/"));
});

const FORMS: ReadonlyArray<[string, string[]]> = [
  ["sed 's/a/b/w out' f", [WRITE]],
  ["sed '1e id' f", [EXEC]],
  ["sed -f x.sed f", [UNVER]],
  ["sed -i s/a/b/ ~/.bashrc", [INPLACE]],
];

describe.each(FORMS)("sed: %s in disguise", (form, expected) => {
  it.each(cases(disguises(form, expected)))("%s", (_title, row) => verify(row));
});
