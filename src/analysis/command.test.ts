/**
 * commandName: every spelling of a path into a system directory names the system tool (so rules
 * and checks see `//bin/sudo`, `/usr/bin/./rm`, `/bin/../usr/bin/sudo`), and no path a user could
 * steer with a symlink does.
 */

import { describe, expect, it } from "vitest";
import { commandName } from "./command.js";
import type { Word } from "../facts/types.js";

const word = (value: string): Word => ({ value, start: 0, end: value.length, quoted: false, dynamic: null, glob: false, tilde: false }) as unknown as Word;

const DIRS = ["/bin", "/usr/bin", "/usr/sbin", "/usr/local/bin"];
/** Respellings of a directory that the kernel resolves to it. */
const SPELLINGS: ReadonlyArray<(d: string) => string> = [
  (d) => d,
  (d) => "/" + d,
  (d) => d.replace(/\//g, "//"),
  (d) => d + "/.",
  (d) => d + "/./.",
  (d) => "/." + d,
  (d) => d + "/../" + d.slice(d.lastIndexOf("/") + 1),
  (d) => "/bin/.." + d,
  (d) => "/usr/.." + d,
  (d) => "/.." + d,
  (d) => "/usr/local/../.." + d,
];

describe("commandName: a system directory however it is spelled", () => {
  const rows = DIRS.flatMap((d) => SPELLINGS.map((s) => `${s(d)}/sudo`));
  it.each(rows)("%s is sudo", (path) => {
    expect(commandName(word(path))).toEqual({ name: "sudo", trusted: true });
  });
});

describe("commandName: paths that are not the system tool", () => {
  it.each([
    "./sudo", "bin/sudo", "../bin/sudo", "/sudo", "/tmp/sudo", "/home/u/bin/sudo",
    // `..` out of a directory a user may control could follow a symlink anywhere
    "/tmp/x/../../bin/sudo", "/home/u/link/../../usr/bin/sudo", "/tmp/../bin/sudo",
    "/usr/bin/x/../sudo", "/usr/bin/../bin2/sudo",
  ])("%s is not trusted", (path) => {
    expect(commandName(word(path)).trusted).toBe(false);
  });
});
