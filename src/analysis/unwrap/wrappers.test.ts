/**
 * Wrappers (wrappers.ts, the wrapper loop in unwrap-command.ts): every wrapper with its own options,
 * stacked wrappers, wrappers that hand their words to a shell (`sudo -s`, `flock -c`, `script -c`).
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify, WRAPPERS } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const DYNCMD = "shell/dynamic-command";

const TABLE: Row[] = [
  // every wrapper, with its own options, in front of rm -rf ~
  ...WRAPPERS.map((w): Row => [w.replace("%", "rm -rf ~"), [RM, HOME]]),
  ["sudo -u root -g wheel -- rm -rf ~", [RM, HOME]],
  ["sudo --user=root --preserve-env=PATH rm -rf ~", [RM, HOME]],
  ["sudo -i rm -rf ~", [RM, HOME]],
  ["sudo -s 'rm -rf ~'", [RM, HOME]],
  // sudo -s and -i escape their words for the shell: an argv keeps its bounds
  ...["sudo -s", "sudo -i", "sudo -iu root", "sudo -s -u root"].flatMap((w) => [`${w} sh -c 'rm -rf ~'`, `${w} bash -c "rm -rf ~"`]).map((c): Row => [c, [RM, HOME]]),
  ["doas -- rm -rf ~", [RM, HOME]],
  // env -S splits its string into words but, not being a shell, expands no `~`
  ["env -S 'rm -rf /'", [RM, "deletion/root"]],
  ["env -S'rm -rf /'", [RM, "deletion/root"]],
  ["env --split-string='rm -rf /'", [RM, "deletion/root"]],
  ["env -iS 'rm -rf /'", [RM, "deletion/root"]],
  ["env -S 'rm -rf ~'", [RM]],
  // the other wrappers, with their own options
  ["env -C /tmp rm -rf ~", [RM, HOME]],
  ["command -- rm -rf ~", [RM, HOME]],
  ["exec -c rm -rf ~", [RM, HOME]],
  ["nice -n -20 rm -rf ~", [RM, HOME]],
  ["nice --adjustment=5 rm -rf ~", [RM, HOME]],
  ["timeout -k 5 10 rm -rf ~", [RM, HOME]],
  ["timeout --kill-after=5 --preserve-status 10s rm -rf ~", [RM, HOME]],
  ["stdbuf -i0 -o0 -e0 rm -rf ~", [RM, HOME]],
  ["setsid --fork rm -rf ~", [RM, HOME]],
  ["chrt -r 1 rm -rf ~", [RM, HOME]],
  ["taskset 0x1 rm -rf ~", [RM, HOME]],
  ["chroot / rm -rf ~", [RM, HOME]],
  ["unshare -m rm -rf ~", [RM, HOME]],
  ["nsenter -t 1 -m rm -rf ~", [RM, HOME]],
  ["strace -f -o trace.txt rm -rf ~", [RM, HOME]],
  ["ltrace -o t rm -rf ~", [RM, HOME]],
  ["proxychains4 -q rm -rf ~", [RM, HOME]],
  ["torsocks rm -rf ~", [RM, HOME]],
  ["nocache rm -rf ~", [RM, HOME]],
  ["dbus-run-session rm -rf ~", [RM, HOME]],
  ["toybox rm -rf ~", [RM, HOME]],
  ["coproc rm -rf ~", [RM, HOME]],
  ["coproc { rm -rf ~; }", [RM, HOME]],
  ["coproc worker { rm -rf ~; }", [RM, HOME]],
  ["xargs -a list rm -rf ~", [RM, HOME]],
  ["xargs --max-args=1 --null rm -rf ~", [RM, HOME]],
  ["parallel rm -rf ::: ~", [RM, HOME]],
  ["parallel -j4 'rm -rf {}' ::: ~", [RM, HOME]],
  ["runuser -u x -- rm -rf ~", [RM, HOME]],
  // stacked wrappers
  ["sudo env A=1 nice -n 5 timeout 5 nohup rm -rf ~", [RM, HOME]],
  ["time sudo -E xargs -0 rm -rf ~", [RM, HOME]],
  ["nohup setsid sudo -u x env -i busybox rm -rf ~", [RM, HOME]],
  ["command exec builtin rm -rf ~", [RM, HOME]],
  // wrappers that hand their words to a shell (flock -c, script -c)
  ["flock /tmp/l -c 'rm -rf ~'", [RM, HOME]],
  ["flock -n /tmp/l rm -rf ~", [RM, HOME]],
  ["script -q -c 'rm -rf ~' /dev/null", [RM, HOME]],
  // xargs -I{} fills the replace string in at run time: `{}` as the command is dynamic
  ["xargs -I{} {} -rf ~", [DYNCMD]],
  // inner commands of harmless wrappers stay harmless
  ["sudo -u x ls", [], "none"],
  ["nice -n 5 make", [], "none"],
  ["timeout 5 npm test", [], "none"],
  ["echo a b | xargs -n1 echo", [], "none"],
];

describe("unwrap/wrappers: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
