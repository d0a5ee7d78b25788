/**
 * The checks' cheap first looks must never drop what the full test would find: each is compared
 * with the test it stands in front of, over the tldr corpus' words and generated members of
 * every pattern class (literal names, affix globs, `dir/**` directories, containers, odd
 * spellings, non-ASCII), with the built-in lists and with a custom one.
 */

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Word } from "../../facts/types.js";
import { compileGlob } from "../glob.js";
import { resolvePath } from "../paths.js";
import { DEFAULT_NOT_SECRET_FILES, DEFAULT_SECRET_FILES } from "../secret-lists.js";
import { deviceArg } from "./dangerous-line.js";
import { isSecretContainer, isSecretPathIn, mayBeSecret, secretMatcher } from "./secrets-paths.js";

const CORPUS = fileURLToPath(new URL("../../../test/fixtures/corpus/tldr-commands.txt", import.meta.url));
const corpusWords = [...new Set(readFileSync(CORPUS, "utf8").split(/\s+/).map((w) => w.replace(/^['"]|['"]$/g, "")))];

const PATHS = { cwd: "/home/u/proj", home: "/home/u" };
const word = (value: string): Word => ({ value, start: 0, end: value.length, quoted: false, glob: false, tilde: value.startsWith("~"), dynamic: null });

/** Names each pattern of a list stands for: itself, its globs filled in, its `**` directories with and without a file. */
function members(patterns: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of patterns) {
    const filled = p.replace(/\*\*/g, "x/y").replace(/\*/g, "abc").replace(/\?/g, "q");
    const empty = p.replace(/\/\*\*$/, "").replace(/\*/g, "").replace(/\?/g, "q");
    for (const m of [filled, empty, p.replace(/\/\*\*$/, "")]) {
      const rel = m.replace(/^~\//, "");
      for (const prefix of ["", "./", "a/", "/x/", "~/", "../", "--file=", "if="]) out.push(prefix + rel, `${prefix + rel}/`, `${prefix + rel}//`);
      out.push(m);
    }
  }
  return out;
}

const ODD = ["", ".", "..", "/", "//", "~", "~/", "~root", "-", "--", "=", "@", "é", "ü.key", "x/é", "./.", "a/..", "/.."];

describe("mayBeSecret never drops a word that resolves to a secret or a directory of them", () => {
  const lists = [
    { name: "built-in lists", secrets: { files: DEFAULT_SECRET_FILES, except: DEFAULT_NOT_SECRET_FILES } },
    { name: "a custom list", secrets: { files: ["ünï.key", "*ß", "tok*", "*-x", "deep/dir/**", "a/b/c", "~/.cfg/tool.json", "/etc/app/**", "[ab]cd", "{x,y}.tok"], except: ["tok.pub"] } },
  ];
  for (const { name, secrets } of lists) {
    it(name, () => {
      const m = secretMatcher({ home: PATHS.home, secrets });
      const values = [...corpusWords, ...members(secrets.files), ...members(DEFAULT_SECRET_FILES), ...ODD];
      let secretsSeen = 0;
      for (const v of values) {
        const path = resolvePath(word(v), PATHS).path;
        if (path === null) continue;
        const secret = isSecretPathIn(m, path);
        const container = isSecretContainer(m, path);
        if (secret) secretsSeen++;
        if (secret) expect(mayBeSecret(m, v, false), v).toBe(true);
        if (secret || container) expect(mayBeSecret(m, v, true), v).toBe(true);
      }
      // The generated members do reach the full test: the comparison is not vacuous.
      expect(secretsSeen).toBeGreaterThan(100);
    });
  }
});

/** The list's meaning written out plainly: each pattern alone, a relative one against every tail of the path. */
function reference(files: readonly string[], home: string): (path: string) => boolean {
  const globs = files.map((f) => {
    const p = f.length > 1 ? f.replace(/\/+$/, "") : f;
    const anchored = p === "~" ? home : p.startsWith("~/") ? home + p.slice(1) : p;
    return { absolute: anchored.startsWith("/"), glob: compileGlob(anchored) };
  });
  return (path) => globs.some(({ absolute, glob }) => {
    if (absolute) return glob.test(path);
    for (let k = path.lastIndexOf("/"); k >= 0; k = k === 0 ? -1 : path.lastIndexOf("/", k - 1)) if (glob.test(path.slice(k + 1))) return true;
    return false;
  });
}

describe("isSecretPathIn (first looks, tails tested by where a pattern can match) is the lists' plain meaning", () => {
  const lists = [
    { files: DEFAULT_SECRET_FILES, except: DEFAULT_NOT_SECRET_FILES },
    { files: ["ünï.key", "*ß", "tok*", "*-x", "deep/dir/**", "a/b/c", "~/.cfg/tool.json", "/etc/app/**", "[ab]cd", "{x,y}.tok", "**/z.tok", "[xy]/w.tok"], except: ["tok.pub"] },
  ];
  for (const secrets of lists) {
    it(secrets.files.slice(0, 3).join(", "), () => {
      const m = secretMatcher({ home: PATHS.home, secrets });
      const isSecret = reference(secrets.files, PATHS.home);
      const isExcepted = reference(secrets.except, PATHS.home);
      let seen = 0;
      for (const v of [...corpusWords, ...members(secrets.files), ...members(DEFAULT_SECRET_FILES), ...ODD, "x/w.tok", "a/y/w.tok", "z.tok", "a/b/z.tok"]) {
        const path = resolvePath(word(v), PATHS).path;
        if (path === null) continue;
        const expected = isSecret(path) && !isExcepted(path);
        if (expected) seen++;
        expect(isSecretPathIn(m, path), path).toBe(expected);
      }
      expect(seen).toBeGreaterThan(100);
    });
  }
});

describe("deviceArg is the anchored device pattern", () => {
  const PATTERN = /^(?:-[A-Za-z]|[-\w]{1,40}=)?\/dev\//;
  const pieces = ["", "-", "--", "-o", "-9", "of", "x", "_", "é", "=", "==", "/dev/", "/dev", "dev/", "/", "sda", ".", "a".repeat(39), "a".repeat(40)];
  it("agrees on every joining of up to three pieces, and on the corpus' words", () => {
    const values = [...corpusWords];
    for (const a of pieces) for (const b of pieces) for (const c of pieces) values.push(a + b + c);
    let devices = 0;
    for (const v of values) {
      const expected = PATTERN.test(v);
      if (expected) devices++;
      expect(deviceArg(v), v).toBe(expected);
    }
    expect(devices).toBeGreaterThan(20);
  });
});
