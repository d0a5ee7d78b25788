/**
 * A command that only wraps what was parsed from it (`bash -c '…'`, `sudo -i cmd`, `flock f -c`)
 * still has its own redirects, opened by the line's shell whatever runs inside (analyze.ts):
 * they are checked like those of any command.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "./test-helpers.js";

const WRAPPERS = ["bash -c 'echo x'", "sh -c 'true'", "sudo -i echo x", "sudo -iu root echo x", "sudo -s echo x", "flock /tmp/l -c 'echo x'", "su -c 'echo x' u", "bash <<< 'echo x'", "eval 'echo x'"];
const TARGETS: ReadonlyArray<readonly [string, string]> = [
  [">> ~/.bashrc", "sensitive-path/file"],
  ["> ~/.ssh/authorized_keys", "sensitive-path/file"],
  ["> /dev/sda", "dangerous/device-write"],
  [">> /etc/sudoers", "sensitive-path/file"],
];

const ROWS: Row[] = [
  ...WRAPPERS.flatMap((w) => TARGETS.map(([t, id]): Row => [`${w} ${t}`, [id], "has", true])),
  // ordinary redirects of a wrapper stay quiet
  ...WRAPPERS.filter((w) => !w.startsWith("eval")).map((w): Row => [`${w} > out.txt 2>&1`, [], "none", true]),
  ["bash -c 'make' < /dev/null > build.log", [], "none", true],
];

describe("analyze: a wrapper's own redirects", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});
