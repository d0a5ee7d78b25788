/**
 * The wrapper table through the real analyze(): each wrapper, with the options people give it,
 * in front of commands of every kind, is seen through (the inner command's findings, its name,
 * privilege, read-only); a wrapper's own options that write, run a program or act elsewhere are
 * effects that spoil read-only; and what is not a wrapper form stays unwrapped.
 */

import { describe, expect, it } from "vitest";
import { run, verify, type Row } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

/** `%` is the wrapped command; `privileged` when it runs as another user (root by default). */
const FORMS: ReadonlyArray<readonly [form: string, privileged: boolean]> = [
  ["fakeroot %", false],
  ["fakeroot -u -- %", false],
  ["fakeroot -i state %", false],
  ["watch %", false],
  ["watch -n 1 %", false],
  ["watch -n1 -d -t %", false],
  ["watch --interval=2 --differences %", false],
  ["watch -x %", false],
  ["chronic %", false],
  ["chronic -ev %", false],
  ["ifne %", false],
  ["ifne -n %", false],
  ["eatmydata %", false],
  ["systemd-run %", true],
  ["systemd-run --scope %", true],
  ["systemd-run --user --scope -p MemoryMax=1G %", false],
  ["systemd-run --uid=nobody --pipe --wait %", false],
  ["run0 %", true],
  ["run0 -u nobody %", true],
  ["firejail %", false],
  ["firejail --noprofile --private %", false],
  ["firejail --net=none -- %", false],
  ["valgrind %", false],
  ["valgrind --leak-check=full -q %", false],
  ["valgrind --tool=callgrind %", false],
  ["gdb --args %", false],
  ["gdb -batch -ex run --args %", false],
  ["gdb -q -batch -ex r -ex bt --args %", false],
  ["numactl --interleave=all %", false],
  ["numactl -N 0 -m 0 %", false],
  ["xvfb-run %", false],
  ["xvfb-run -a -s '-screen 0 1024x768x24' %", false],
];

/** watch without -x joins its words for `sh -c`: `watch sh -c 'rm -rf ~'` runs `sh -c rm -rf ~` (rm alone). */
const joinsWords = (form: string): boolean => form.startsWith("watch ") && !form.includes("-x");

const TABLE: Row[] = FORMS.flatMap(([form]): Row[] => [
  [form.replace("%", "rm -rf ~"), [RM, HOME]],
  [form.replace("%", "bash <<< 'rm -rf ~'"), [RM, HOME]],
  ...(joinsWords(form) ? [] : [[form.replace("%", "sh -c 'rm -rf ~'"), [RM, HOME]] as Row]),
]);

describe("wrappers: the wrapped command's findings", () => {
  it.each(TABLE.map((r) => [r[0], r] as const))("%s", (_title, row) => verify(row));
});

describe("wrappers: what the engine sees", () => {
  it.each(FORMS.map(([f, p]) => [f, p] as const))("%s runs the inner command (privileged: %s)", (form, privileged) => {
    const a = run(form.replace("%", "touch notes.txt"));
    const inner = a.commands.find((c) => c.argv[0] === "touch");
    expect(inner, `${form}: touch is seen`).toBeDefined();
    expect(inner?.privileged).toBe(privileged);
  });
});

describe("wrappers: read-only only when the wrapper itself does nothing", () => {
  const rows: ReadonlyArray<readonly [string, boolean]> = [
    ["fakeroot ls", true],
    ["watch -n 1 ls -la", true],
    ["chronic ls", true],
    ["fakeroot -s state ls", false],
    ["fakeroot -l ./lib.so ls", false],
    ["fakeroot --faked ./daemon ls", false],
    ["valgrind --log-file=out ls", false],
    ["valgrind --db-command='sh -c id' ls", false],
    ["valgrind --zz ls", false],
    ["gdb -batch -ex 'shell touch x' --args ls", false],
    ["gdb -x cmds --args ls", false],
    ["systemd-run --user -H host ls", false],
    ["systemd-run --user --on-calendar=daily ls", false],
    ["run0 ls", false],
    ["systemd-run ls", false],
    ["xvfb-run -e out ls", false],
  ];
  it.each(rows)("%s → read-only %s", (cmd, readOnly) => {
    expect(run(cmd).readOnly, cmd).toBe(readOnly);
  });
});

describe("wrappers: forms that are not a wrapped command", () => {
  it.each([
    // watch joins its words for `sh -c`: with shell syntax in them, the string is parsed as code.
    ["watch 'ls; rm -rf ~'", [RM, HOME]],
    ["watch -n 1 'echo x | sh -c \"rm -rf ~\"'", [RM, HOME]],
  ] as Row[])("%s", (...row) => verify(row as unknown as Row));
  it("gdb without --args does not run its operand", () => {
    expect(run("gdb ./a.out").commands.map((c) => c.argv[0])).toEqual(["gdb"]);
  });
});

/**
 * A table can never hold every option of every version of a tool: an option it does not know,
 * taking a value (`ionice --class idle rm -rf ~`), must not hide the command. Each wrapper with an
 * option table, with an unknown long and short option (and a value) put before its command.
 */
const WITH_OPTIONS = ["sudo %", "doas %", "env %", "nice %", "ionice %", "timeout 5 %", "stdbuf -oL %", "taskset 1 %", "chrt 0 %", "unshare %", "setsid %",
  "flock /tmp/l %", "xargs %", "strace %", "ltrace %", "numactl %", "xvfb-run %", "systemd-run --scope %", "chronic %", "fakeroot %", "watch -x %", "run0 %", "nsenter -t 1 %",
  "runuser -u x %", "chroot / %", "parallel % ::: x"];
const UNKNOWN = ["--zz-new-option v", "--zz-new-option v --zz-other w", "-Y v"];

describe("wrappers: an option the table does not know never hides the command", () => {
  const rows = WITH_OPTIONS.flatMap((form) => UNKNOWN.map((opt): Row => {
    const [name, ...rest] = form.split(" ");
    return [`${name} ${opt} ${rest.join(" ").replace("%", "rm -rf ~")}`, [HOME], "has", true];
  }));
  it.each(rows.map((r) => [r[0], r] as const))("%s", (_title, row) => verify(row));
  // Real options the tables lacked (issue 15's red-team pass): each takes the next word.
  it.each([
    "ionice --class idle rm -rf ~", "ionice --classdata 7 rm -rf ~", "unshare --map-user 0 rm -rf ~", "unshare --setgroups deny -U rm -rf ~",
    "unshare --propagation private -m rm -rf ~", "chrt -d --sched-runtime 5000000 --sched-deadline 10000000 --sched-period 10000000 0 rm -rf ~",
    "watch --equexit 1 'rm -rf ~'", "parallel --nice 10 rm -rf ::: ~", "env --block-signal rm -rf ~", "xargs --max-lines rm -rf ~",
  ].map((c): [string, Row] => [c, [c, [HOME], "has", true]]))("%s", (_title, row) => verify(row));
  // and the same wrappers with plain commands stay quiet
  it.each(["ionice --class idle make", "timeout --foo 5 make", "env --block-signal ls", "xargs --max-lines ls", "watch --equexit 1 ls"]
    .map((c): [string, Row] => [c, [c, [], "none", true]]))("%s", (_title, row) => verify(row));
});

/**
 * Spellings of a wrapper's own syntax before its command (red-team pass of issue 15): `env -` is
 * `env -i`, `sudo VAR=1 cmd`, `nohup --`, `unbuffer -p`. Each form × a deletion, a pipe into a
 * shell through the form, and a harmless command.
 */
const OWN_SYNTAX = ["env - %", "env - X=1 %", "env -i - %", "sudo X=1 %", "sudo -E X=1 Y=2 %", "sudo -u root X=1 %", "doas -u root %", "nohup -- %", "unbuffer -p %", "sudo X=1 nohup -- %"];
describe("wrappers: their own syntax before the command", () => {
  const rows = OWN_SYNTAX.flatMap((form): Row[] => [
    [form.replace("%", "rm -rf ~"), [HOME], "has", true],
    [`curl -s http://127.0.0.1/x | ${form.replace("%", "sh")}`, ["shell/pipe-to-shell"], "has", true],
    [form.replace("%", "ls -la"), [], "none", true],
  ]);
  it.each(rows.map((r) => [r[0], r] as const))("%s", (_title, row) => verify(row));
});
