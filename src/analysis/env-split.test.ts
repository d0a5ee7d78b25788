/**
 * `env -S` word splitting, as a table, and against GNU env itself where it is installed (it runs
 * only `printf`).
 */

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { splitEnvString } from "./env-split.js";

const TABLE: [string, string[] | null][] = [
  ["rm x", ["rm", "x"]],
  ["  rm\t x ", ["rm", "x"]],
  ['"r"m x', ["rm", "x"]],
  ["'r'm x", ["rm", "x"]],
  ["rm\\_x", ["rm", "x"]],
  ['"a\\_b" c', ["a b", "c"]],
  ["'a\\'b' c", ["a'b", "c"]],
  ["'a\\\\b' c", ["a\\b", "c"]],
  ["'a\\nb' c", ["a\\nb", "c"]],
  ['"a\\nb" c', ["a\nb", "c"]],
  ["a #c d", ["a"]],
  ["a#b c", ["a#b", "c"]],
  ["a \\c b", ["a"]],
  ["a 'b\"c'", ["a", 'b"c']],
  ["''", [""]],
  ["\\$x \\#y", ["$x", "#y"]],
  ["a\\qb", null],
  ["$HOME", null],
  ['"unterminated', null],
  ["a\\", null],
];

describe("env -S splitting", () => {
  it.each(TABLE)("%j → %j", (raw, words) => {
    const got = splitEnvString(raw);
    expect(got === null ? null : got.map((w) => w.value)).toEqual(words);
    if (got) expect(got.every((w) => !w.dynamic)).toBe(true);
  });

  it("${NAME} is a run-time value", () => {
    expect(splitEnvString("${HOME}/bin/rm x")).toEqual([{ value: "${HOME}/bin/rm", dynamic: true }, { value: "x", dynamic: false }]);
    expect(splitEnvString("${1x}")).toBeNull();
  });

  const gnuEnv = existsSync("/usr/bin/env") && existsSync("/usr/bin/printf");
  it.skipIf(!gnuEnv)("agrees with GNU env on the table", async () => {
    const run = promisify(execFile);
    for (const [raw, words] of TABLE) {
      // printf prints each word in brackets; env's own refusal is an error exit.
      const got = await run("/usr/bin/env", ["-S", `/usr/bin/printf [%s] ${raw}`], { env: {} }).then((r) => r.stdout, () => null);
      const want = words === null ? null : words.map((w) => `[${w}]`).join("");
      expect({ raw, got }).toEqual({ raw, got: want });
    }
  });
});
