/**
 * Wrappers that run their command in another directory (the `chdir` wrapper effect): relative
 * paths of the command point there, as after `cd DIR &&`. Every such wrapper × every spelling ×
 * relative harms gives what `cd DIR && harm` gives; in the working directory they stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, ids, type Row, verify } from "../test-helpers.js";

/** `@` is the directory, `%` the command. */
const CHDIRS = [
  "env -C @ %", "env --chdir=@ %", "env --chdir @ %", "env -i -C @ %", "sudo -D @ %", "sudo --chdir=@ %", "cmake -E chdir @ %", "bwrap --bind / / --chdir @ %",
  "unshare -w @ %", "unshare --wd=@ %", "nsenter -t 1 -w @ %", "systemd-run --working-directory=@ %", "run0 -D @ %", "env -C @ sh -c '%'", "sudo -D @ bash -c '%'",
];
const PRIVILEGED = /^(?:sudo|unshare|nsenter|systemd-run|run0) /;
/** Relative harms and the directory they are harms in. */
const HARMS: Array<[string, string, string]> = [
  ["rm -rf etc", "/", "deletion/root-child"],
  ["rm -rf .ssh", "~", "sensitive-path/directory"],
  ["rm -rf u", "/home", "deletion/home"],
];

const ROWS: Row[] = [
  ...CHDIRS.flatMap((w) => HARMS.map(([harm, dir, id]): Row => [w.replace("@", dir).replace("%", harm), [id], "has", true])),
  // in one of the project's directories: nothing but what a privileged wrapper always gives
  ...CHDIRS.map((w): Row => [w.replace("@", "build").replace("%", "rm -rf out"), PRIVILEGED.test(w) ? ["dangerous/privileged-delete"] : [], "exact", true]),
  ["env -C src ls", [], "none", true],
];

describe("unwrap: a wrapper's directory is where its command's relative paths point", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
  it.each(HARMS)("%s finds in %s what cd does", (harm, dir) => {
    for (const w of ["env -C @ %", "sudo -D @ %"]) {
      const cd = ids(`cd ${dir} && ${harm}`, true).filter((id) => id !== "dangerous/privileged-delete");
      expect(ids(w.replace("@", dir).replace("%", harm), true)).toEqual(expect.arrayContaining(cd));
    }
  });
});
