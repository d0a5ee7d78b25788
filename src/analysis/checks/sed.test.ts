/**
 * sed, ESLint-style: `input → finding ids` and `input → read-only` through the real analyze().
 * Scripts are read the way GNU sed compiles them (src/analysis/sed/), on cooked argv: `-e`
 * pieces, `--expression=`, combined flags, `-f`, `--sandbox` and its position, run-time parts
 * judged by where they land, `-i` on a sensitive file. `[]` means "no sed/* finding".
 * Generated rows cover each class (label ends, run-time scripts, sandbox order), not only the
 * reported strings.
 */

import { describe, it } from "vitest";
import { cases, disguises, verify, verifyReadOnly, type ReadOnlyRow, type Row } from "../test-helpers.js";

const WRITE = "sed/write-file";
const EXEC = "sed/execute-command";
const UNVER = "sed/unverifiable-script";
const INPLACE = "sed/in-place-sensitive";

const TABLE: Row[] = [
  // print, substitute, delete, and friends
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
  // issue 14: read-only idioms with !, {}, comments are understood now
  ["sed '/x/!d' f", []],
  ["sed '{p;q}' f", []],
  ["sed -n '/re/{p;q}' f", []],
  ["sed '$!d' f", []],
  ["sed '1!G;h;$!d' f", []],
  ["sed '$!N;P;D' f", []],
  ["sed '1!d' f", []],
  ["sed '/a/{p;d}' f", []],
  ["sed '# comment' f", []],
  ["sed -e :a -e '$!N;s/\\n//;ta' f", []],
  ["sed ':a;N;$!ba;s/\\n/ /g' f", []],
  ["sed -n 'w /dev/stdout' f", []],
  ["sed 's/x/y/w /dev/stderr' f", []],
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
  ["sed -n 'w /dev/stdin' f", [WRITE]],
  ["sed \"s/a/b/w out\" f", [WRITE]],
  ["sed s/a/b/w\\ out f", [WRITE]],
  ["sed $'s/a/b/w out' f", [WRITE]],
  ["sed '/x/{w out\n}' f", [WRITE]],
  // running commands: e, s///e
  ["sed 'e ls' f", [EXEC]],
  ["sed '1e rm -rf ~' f", [EXEC]],
  ["sed -n 'e' f", [EXEC]],
  ["sed 's/.*/id/e' f", [EXEC]],
  // a script only known at run time is unverifiable, never read as its variable's name
  // (`$e` is not the e command, `$w` not the w command), in every mode
  ["sed \"$e\" f", [UNVER], "exact"],
  ["sed \"$escape\" f", [UNVER], "exact"],
  ["sed \"${escape}\" f", [UNVER], "exact"],
  ["sed $escape f", [UNVER], "exact"],
  ["sed -n \"$e\" f", [UNVER], "exact"],
  ["sed \"$w\" f", [UNVER], "exact"],
  ["sed -e \"$e\" -e 's/a/b/' f", [UNVER], "exact"],
  ["sed \"$e\" f", [UNVER], "exact", true],
  ["sed \"$escape\" f", [UNVER], "exact", true],
  ["sed 's/a/b/ge' f", [EXEC]],
  ["sed -ne 's/a/b/ep' f", [EXEC]],
  ["sed --expression='s/x/y/e' f", [EXEC]],
  ["sed 's/a/b/ ; 1e id' f", [EXEC]],
  ["sed -e p -e '$e reboot' f", [EXEC]],
  ["sed '/x/!{e id\n}' f", [EXEC]],
  ["sed 'w out\ne id' f", [EXEC, WRITE]],
  // issue 12: labels end at `;` (and blanks, `}`, `#`), so what follows is a command
  ["sed -n 't;e rm -rf ~' f", [EXEC]],
  ["sed -n ':a;w ~/.bashrc' f", [WRITE]],
  ["sed 'v;e touch /tmp/p' f", [EXEC]],
  ["sed 'v 4.2 e id' f", [EXEC]],
  // text that only looks like commands: a/i/c and w run to the end of the line
  ["sed 'a e id' f", []],
  ["sed 'c foo;e id' f", []],
  ["sed -e 'a foo\\' -e 'e id' f", []],
  ["sed -e 'a\\' -e 'w out' f", []],
  ["sed 'a\\\nfoo\\\ne id' f", []],
  ["sed 'a foo\ne id' f", [EXEC]],
  ["sed 's/a/b/;#e id' f", []],
  // what cannot be read here: script files, parse errors, run-time scripts
  ["sed -f script.sed f", [UNVER]],
  ["sed --file=script.sed f", [UNVER]],
  ["sed -nf script.sed f", [UNVER]],
  ["sed -f /dev/stdin f", [UNVER]],
  ["sed 'k' f", [UNVER]],
  ["sed '{p' f", [UNVER]],
  ["sed 's/a/b/x' f", [UNVER]],
  ["sed 'b nowhere' f", [UNVER]],
  ["sed \"$SCRIPT\" f", [UNVER]],
  // issue 12/14: a run-time script is unverifiable, never read as its variable's name
  ["sed \"$x\" f", [UNVER]],
  ["sed $p f", [UNVER]],
  ["sed -n \"$range\" f", [UNVER]],
  ["x='e touch /tmp/p'; echo hi | sed \"$x\"", [UNVER]],
  ["sed \"$escape\"", [UNVER]],
  ["sed -e \"$x\" f", [UNVER]],
  ["sed \"s/a/b/$flags\" f", [UNVER]],
  ["sed \"p;$more\" f", [UNVER]],
  ["sed \"s${d}a${d}b${d}\" f", [UNVER]],
  // ... but one in a data position is judged by position: no finding in guard mode and lint,
  // unverifiable in the agent modes (where a sed without findings passes as a file edit)
  ["sed \"s/$a/$b/\" f", [], "exact", true],
  ["sed \"s/$a/$b/\" f", [UNVER]],
  ["sed \"s|$from|$to|g\" f", [], "exact", true],
  ["sed \"s|$from|$to|g\" f", [UNVER]],
  ["sed 's/@VERSION@/'\"$VERSION\"'/g' f", [], "exact", true],
  ["sed 's/@VERSION@/'\"$VERSION\"'/g' f", [UNVER]],
  ["sed \"/$re/d\" f", [], "exact", true],
  ["sed \"/$re/d\" f", [UNVER]],
  ["sed -n \"${n}p\" f", [], "exact", true],
  ["sed -n \"${n}p\" f", [UNVER]],
  ["sed -n \"${start},${end}p\" f", [], "exact", true],
  ["sed -n \"${start},${end}p\" f", [UNVER]],
  ["sed \"1i $header\" f", [], "exact", true],
  ["sed \"1i $header\" f", [UNVER]],
  ["sed \"$x\"p f", [], "exact", true],
  ["sed \"$x\"p f", [UNVER]],
  ["sed -n \"$line\"'{p;q}' f", [], "exact", true],
  ["sed -n \"$line\"'{p;q}' f", [UNVER]],
  ["sed -n \"$(( n + 1 ))p\" f", [], "exact", true],
  ["sed -n \"$(( n + 1 ))p\" f", [UNVER]],
  ["b='x/e;#'; echo a | sed \"s/a/$b/\"", [UNVER]],
  // --sandbox: what it covers cannot write or run; it covers the -e pieces after it
  ["sed --sandbox 'e id' f", []],
  ["sed --sandbox -e 'w out' f", []],
  ["sed 'w out' --sandbox f", []],
  ["sed --sandbox \"$x\" f", []],
  ["sed --sandbox -f script.sed f", []],
  ["sed -e 'w out' --sandbox f", [WRITE]],
  ["sed -e 'e id' --sandbox -e p f", [EXEC]],
  ["sed -f script.sed --sandbox f", [UNVER]],
  ["sed -e \"$x\" --sandbox f", [UNVER]],
  ["sed --sandbox -e 'e id' -e \"$x\" f", []],
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
  ["gsed -n 't;e id' f", [EXEC]],
];

describe("sed: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "sed/"));
});

/** The label class: every label command, every way a label ends, then e or w. */
function labelClass(): Row[] {
  const rows: Row[] = [];
  for (const cmd of ["b", "t", "T", ":a", "b a", "t a", "v", "v 4.2"]) {
    for (const end of [";", "\n", " ", "#x\n"]) {
      // a blank only ends a label that has begun: `b e id` is `b` to label "e", then `i d`
      if (end === " " && (cmd === "b" || cmd === "t" || cmd === "T" || cmd === "v")) continue;
      rows.push([`sed -n '${cmd}${end}e id' f`, [EXEC]]);
      rows.push([`sed -n '${cmd}${end}w out' f`, [WRITE]]);
    }
    rows.push([`sed -n '{${cmd}};e id' f`, [EXEC]]);
  }
  return rows;
}

/** The run-time script class: each spelling of a run-time value, in each script slot. */
function dynamicClass(): Row[] {
  const rows: Row[] = [];
  for (const v of ["\"$x\"", "$x", "\"${x}\"", "\"$(cat s)\"", "`cat s`", "\"$1\"", "\"${arr[0]}\"", "\"$x;p\"", "\"$x\"\\;p"]) {
    for (const slot of ["sed %s f", "sed -n %s f", "sed -e %s f", "sed --expression=%s f", "echo hi | sed %s", "sed -E -e p -e %s f"]) {
      rows.push([slot.replace("%s", v), [UNVER]]);
    }
  }
  return rows;
}

describe("sed: labels end at ; blanks } #", () => {
  it.each(cases(labelClass()))("%s", (_title, row) => verify(row, "sed/"));
});

describe("sed: a run-time script is unverifiable", () => {
  it.each(cases(dynamicClass()))("%s", (_title, row) => verify(row, "sed/"));
});

const READ_ONLY: ReadOnlyRow[] = [
  ["sed -n '1,5p' f", true],
  ["sed 's/a/b/g' f", true],
  ["sed '/x/!d' f", true],
  ["sed -n '/re/{p;q}' f", true],
  ["sed '1!G;h;$!d' f", true],
  ["sed '$!d' f", true],
  ["sed -n 'w /dev/stdout' f", true],
  ["sed -n p \"dir/$f\"", true],
  ["sed -n p src/*.ts", true],
  ["sed -n p -- \"$f\"", true],
  ["sed -n p -- $f", false],
  ["sed s/a*/b/ f", false],
  ["sed -n p src/[ab].ts", true],
  ["sed --sandbox 'e id' f", true],
  ["sed --sandbox -e \"$x\" f", true],
  ["sed --sandbox -f script.sed f", true],
  ["sed 'w out' --sandbox f", true],
  // issue 12: each of these was allowed as read-only
  ["sed -n 't;e rm -rf ~' f", false],
  ["sed -n ':a;w ~/.bashrc' f", false],
  ["sed 'v;e touch /tmp/p' f", false],
  ["sed \"$x\" f", false],
  ["sed $p f", false],
  ["sed -n \"$range\" f", false],
  ["x='e touch /tmp/p'; echo hi | sed \"$x\"", false],
  // a run-time part anywhere in a script is never read-only, even in a data position
  ["sed \"s/$a/$b/\" f", false],
  ["sed -n \"${n}p\" f", false],
  ["sed \"/$re/d\" f", false],
  // words that could become options or more words at run time (`f=-i`, `*` matching `-i.txt`)
  ["sed -n p \"$f\"", false],
  ["f=-i; sed s/a/b/ \"$f\" ~/.bashrc", false],
  ["sed -n p $f", false],
  ["sed -n p dir/$f", false],
  ["sed -n p *.txt", false],
  ["sed -n p \"$@\"", false],
  ["sed --sandbox -e $x f", false],
  ["sed --sandbox \"$x\" f", false],
  ["sed -e \"$x\" --sandbox f", false],
  // writes, runs, cannot be read, unknown options
  ["sed 'w out' f", false],
  ["sed -e 'w out' --sandbox f", false],
  ["sed 's/a/b/e' f", false],
  ["sed -i 's/a/b/' notes.txt", false],
  ["sed -f script.sed f", false],
  ["sed -f script.sed --sandbox f", false],
  ["sed 'k' f", false],
  ["sed --frobnicate p f", false],
  ["sed -X p f", false],
];

describe("sed: read-only", () => {
  it.each(READ_ONLY.map((r) => [r[0], r] as const))("%s", (_title, row) => verifyReadOnly(row));
});

const FORMS: ReadonlyArray<[string, string[]]> = [
  ["sed 's/a/b/wout' f", [WRITE]],
  ["sed '1e id' f", [EXEC]],
  ["sed -f x.sed f", [UNVER]],
  ["sed -i s/a/b/ ~/.bashrc", [INPLACE]],
  ["sed -n -e t -e e f", [EXEC]],
];

describe.each(FORMS)("sed: %s in disguise", (form, expected) => {
  it.each(cases(disguises(form, expected)))("%s", (_title, row) => verify(row));
});
