/**
 * Many writers at once, through the real CLI: 8 `shellguard check --batch` processes of 200
 * decisions each, started together, all logging to one file. Every line must arrive whole, once,
 * and each process's lines in its own order; with a small cap the log rotates, and rotation
 * drops only the oldest files.
 */

import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { logFiles } from "../../src/audit/append.js";
import type { AuditEntry } from "../../src/audit/record.js";
import { run, sandbox, type Sandbox } from "../cli/helpers.js";

const PROCESSES = 8;
const DECISIONS = 200;

let sb: Sandbox;
afterEach(() => sb?.cleanup());

/** Process `p`'s i-th command: an allow, an ask and a deny in turn, each naming p and i. */
function command(p: number, i: number): string {
  const tag = `p${p}-${i}`;
  return [`ls ${tag}`, `rm -rf ./${tag}`, `terraform destroy ${tag}`][i % 3]!;
}

function batchInput(p: number): string {
  return Array.from({ length: DECISIONS }, (_, i) => JSON.stringify({ id: i, command: command(p, i) })).join("\n") + "\n";
}

/** Start all writers together and wait for all; each must answer all its lines. */
async function writeConcurrently(): Promise<void> {
  const results = await Promise.all(Array.from({ length: PROCESSES }, (_, p) => run(sb, ["check", "--batch"], { input: batchInput(p) })));
  for (const r of results) {
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toHaveLength(DECISIONS);
  }
}

function setUp(log: object): string {
  sb = sandbox();
  const file = join(sb.base, "log", "decisions.jsonl");
  sb.write(join(sb.xdg, "shellguard", "config.json"), { log: { level: "all", file, ...log }, rules: { deny: ["terraform destroy:*"] } });
  return file;
}

/** Every line of the log's files, oldest file first, each parsed (a torn line fails the test). */
function lines(file: string): { files: string[]; entries: AuditEntry[] } {
  const files = logFiles(file);
  const entries = files.flatMap((f) => {
    const text = readFileSync(f, "utf8");
    expect(text.endsWith("\n"), f).toBe(true);
    return text.slice(0, -1).split("\n").map((line) => JSON.parse(line) as AuditEntry);
  });
  return { files, entries };
}

/** (process, index) of an entry, from the tag in its command. */
function tagOf(e: AuditEntry): [number, number] {
  const m = /p(\d+)-(\d+)/.exec(e.command);
  expect(m, e.command).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

/** Each process's indexes, in log order. */
function byProcess(entries: readonly AuditEntry[]): number[][] {
  const out: number[][] = Array.from({ length: PROCESSES }, () => []);
  for (const e of entries) {
    const [p, i] = tagOf(e);
    out[p]!.push(i);
  }
  return out;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);

describe("concurrent writers", () => {
  it(`${PROCESSES} processes × ${DECISIONS} decisions leave exactly ${PROCESSES * DECISIONS} well-formed lines`, async () => {
    const file = setUp({});
    await writeConcurrently();
    const { files, entries } = lines(file);
    expect(files).toEqual([file]);
    expect(entries).toHaveLength(PROCESSES * DECISIONS);
    // Each exactly once, and each process's lines in the order it decided them.
    for (const seen of byProcess(entries)) expect(seen).toEqual(range(0, DECISIONS));
    // The writers did overlap: the log switches between processes far more often than once each.
    const switches = entries.filter((e, k) => k > 0 && tagOf(e)[0] !== tagOf(entries[k - 1]!)[0]).length;
    expect(switches).toBeGreaterThan(4 * PROCESSES);
    for (const e of entries) {
      expect(e.source).toBe("check");
      expect(e.decision).toBe(["allow", "ask", "deny"][tagOf(e)[1] % 3]);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 240_000);

  it("with a small cap the log rotates and, with room to keep them all, loses no line", async () => {
    const maxBytes = 16 * 1024;
    const file = setUp({ maxBytes, keep: 100 });
    await writeConcurrently();
    const { files, entries } = lines(file);
    expect(files.length).toBeGreaterThan(10);
    expect(entries).toHaveLength(PROCESSES * DECISIONS);
    for (const seen of byProcess(entries)) expect(seen).toEqual(range(0, DECISIONS));
    // A file may pass the cap only by the lines of writers that checked its size at the same moment.
    const longest = Math.max(...entries.map((e) => Buffer.byteLength(JSON.stringify(e)) + 1));
    for (const f of files) expect(statSync(f).size).toBeLessThanOrEqual(maxBytes + PROCESSES * longest);
    expect(logFiles(`${file}.lock`)).toEqual([]);
  }, 240_000);

  it("rotation with few files kept drops only the oldest: each process keeps the newest run of its lines", async () => {
    const maxBytes = 16 * 1024;
    const keep = 2;
    const file = setUp({ maxBytes, keep });
    await writeConcurrently();
    const { files, entries } = lines(file);
    expect(files).toEqual([`${file}.2`, `${file}.1`, file]);
    expect(entries.length).toBeLessThan(PROCESSES * DECISIONS);
    expect(entries.length).toBeGreaterThan(keep * (maxBytes / 400));
    // What is kept of each process is contiguous and ends at its last decision: nothing newer was lost.
    for (const seen of byProcess(entries)) {
      if (seen.length === 0) continue;
      expect(seen).toEqual(range(DECISIONS - seen.length, DECISIONS));
    }
  }, 240_000);
});
