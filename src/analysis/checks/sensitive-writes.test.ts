/**
 * The output-writer table and bulk destinations (sensitive-writes.ts) through the real analyze():
 * where the finding points (the word holding the target, also inside `-oFILE` / `--output=FILE`),
 * what its message names, and that every row of the table is a command the check runs on. The
 * id tables over spellings are in sensitive-paths.test.ts.
 */

import { describe, expect, it } from "vitest";
import { run } from "../test-helpers.js";
import { OUTPUT_WRITER_NAMES } from "./sensitive-writes.js";

const mine = (cmd: string) => run(cmd, true).findings.filter((f) => f.id.startsWith("sensitive-path/"));

describe("sensitive-writes: the finding underlines the word that holds the target", () => {
  it.each([
    ["iconv -f a -t b -o ~/.bashrc in", "~/.bashrc"],
    ["iconv -o$HOME/.bashrc in", "-o$HOME/.bashrc"],
    ["gpg --output=~/.bashrc -d in", "--output=~/.bashrc"],
    ["openssl enc -d -in in -out=~/.bashrc", "-out=~/.bashrc"],
    ["uniq in \"$HOME/.bashrc\"", "\"$HOME/.bashrc\""],
    ["tar -xf x.tar -C ~", "~"],
  ] as const)("%s → %s", (cmd, underlined) => {
    const f = mine(cmd);
    expect(f).toHaveLength(1);
    expect(cmd.slice(f[0]?.start, f[0]?.end)).toBe(underlined);
  });
});

describe("sensitive-writes: messages", () => {
  it("name the file as written under home", () => {
    expect(mine("xxd -r in /home/u/.bashrc")[0]?.message).toBe("xxd writes to ~/.bashrc (a sensitive file: .bashrc); change it by hand if you mean to.");
    expect(mine("cp x ~/bin/ls")[0]?.message).toContain("~/bin/ls (inside ~/bin)");
  });
  it("say why home itself (or /) is no place for files nobody named", () => {
    expect(mine("cp -r dots/. ~")[0]?.message).toMatch(/^cp puts files this line does not name into ~ \(home itself/);
    expect(mine("tar -C / -xf x.tar")[0]?.message).toContain("into / (it holds /etc)");
  });
});

describe("sensitive-writes: every table row is a command the check runs on", () => {
  it.each(OUTPUT_WRITER_NAMES.filter((n) => n !== "csplit" && n !== "split"))("%s", (name) => {
    const cmd = name === "sponge" ? "sponge ~/.bashrc"
      : name === "history" ? "history -w ~/.bashrc"
      : name.includes("2") && name !== "gpg2" ? `${name} -n in ~/.bashrc`
      : ["iconv", "uudecode", "gpg", "gpg2"].includes(name) ? `${name} -o ~/.bashrc in`
      : name === "openssl" ? "openssl enc -out ~/.bashrc"
      : `${name} in ~/.bashrc`;
    expect(mine(cmd).map((f) => f.id)).toEqual(["sensitive-path/file"]);
  });
});
