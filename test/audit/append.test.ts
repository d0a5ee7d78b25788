/** Rotation's lock: a crashed rotator's stale lock is taken over; a live one never costs a line. logFiles' order. */

import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendLine, logFiles } from "../../src/audit/append.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function full(maxBytes = 1024): { file: string; lock: string; settings: { file: string; maxBytes: number; keep: number } } {
  const dir = mkdtempSync(join(tmpdir(), "shellguard-append-"));
  dirs.push(dir);
  const file = join(dir, "d.jsonl");
  writeFileSync(file, `${"x".repeat(maxBytes - 4)}\n`);
  return { file, lock: `${file}.lock`, settings: { file, maxBytes, keep: 3 } };
}

describe("rotation lock", () => {
  it("a stale lock (its rotator died) is removed, and the full file rotates", () => {
    const { file, lock, settings } = full();
    writeFileSync(lock, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    appendLine(settings, "new line");
    expect(readFileSync(file, "utf8")).toBe("new line\n");
    expect(readFileSync(`${file}.1`, "utf8")).toMatch(/^x+\n$/);
    expect(existsSync(lock)).toBe(false);
  });

  it("a live lock that is never released: the line is appended anyway, over the cap, and the lock left alone", () => {
    const { file, lock, settings } = full();
    writeFileSync(lock, "");
    appendLine(settings, "kept");
    expect(readFileSync(file, "utf8")).toMatch(/^x+\nkept\n$/);
    expect(existsSync(`${file}.1`)).toBe(false);
    expect(existsSync(lock)).toBe(true);
  });

  it("keep bounds the rotated files: the oldest is dropped", () => {
    const { file, settings } = full();
    for (let i = 0; i < 6; i++) appendLine(settings, `${i}`.repeat(1000));
    expect(logFiles(file)).toEqual([`${file}.3`, `${file}.2`, `${file}.1`, file]);
    expect(readFileSync(file, "utf8")).toBe(`${"5".repeat(1000)}\n`);
    expect(readFileSync(`${file}.3`, "utf8")).toBe(`${"2".repeat(1000)}\n`);
  });
});

describe("logFiles", () => {
  it("oldest first, rotated numbers compared as numbers, other files ignored", () => {
    const dir = mkdtempSync(join(tmpdir(), "shellguard-append-"));
    dirs.push(dir);
    const file = join(dir, "d.jsonl");
    for (const name of ["d.jsonl", "d.jsonl.1", "d.jsonl.2", "d.jsonl.10", "d.jsonl.lock", "d.jsonl.bak", "other.jsonl.3"]) writeFileSync(join(dir, name), "");
    expect(logFiles(file)).toEqual([`${file}.10`, `${file}.2`, `${file}.1`, file]);
    expect(logFiles(join(dir, "missing", "d.jsonl"))).toEqual([]);
  });
});
