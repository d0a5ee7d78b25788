/**
 * configStamp reuses a directory's listing while the directory's stat is unchanged (listings.ts).
 * Whatever is done to the search, the stamp must still move: every way a config appears,
 * disappears or is renamed, in a directory whose listing is cached (the clock moved past the racy
 * window) and in one just changed (not cached).
 */

import { mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configStamp } from "../../src/config/index.js";
import { clearListings, namesIn } from "../../src/config/listings.js";
import { sandbox, type Sandbox } from "./helpers.js";

afterEach(() => {
  vi.useRealTimers();
  clearListings();
});

/** Pretend the directories were last changed long ago, so their listings are kept. */
function ageListings(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
}

/** Changes to the search, each from a directory holding one config (`.shellguardrc.json`) in `dir`. */
const CHANGES: Record<string, (sb: Sandbox, dir: string) => void> = {
  "a config added beside it": (_sb, dir) => writeFileSync(join(dir, ".shellguardrc.yaml"), "mode: plan\n"),
  "a package.json added": (_sb, dir) => writeFileSync(join(dir, "package.json"), '{"shellguard":{}}'),
  "the config removed": (_sb, dir) => rmSync(join(dir, ".shellguardrc.json")),
  "the config renamed to another search place": (_sb, dir) => renameSync(join(dir, ".shellguardrc.json"), join(dir, ".shellguardrc")),
  "the config renamed away": (_sb, dir) => renameSync(join(dir, ".shellguardrc.json"), join(dir, "old.json")),
  "the config's content changed": (_sb, dir) => writeFileSync(join(dir, ".shellguardrc.json"), '{"mode":"dontAsk"}'),
  "a config added, then the directory's mtime put back": (_sb, dir) => {
    const before = statSync(dir);
    writeFileSync(join(dir, ".shellguardrc.yml"), "mode: plan\n");
    utimesSync(dir, before.atime, before.mtime);
  },
  "a config added in a parent directory": (sb) => writeFileSync(join(sb.home, ".shellguardrc.json"), "{}"),
};

describe("configStamp with reused directory listings", () => {
  for (const cached of [true, false]) {
    it.each(Object.keys(CHANGES))(`${cached ? "cached" : "just changed"}: %s moves the stamp`, (name) => {
      const sb = sandbox();
      const sub = join(sb.repo, "packages", "web");
      mkdirSync(sub, { recursive: true });
      sb.write("home/repo/.shellguardrc.json", "{}");
      const opts = { cwd: sub, env: sb.env };
      if (cached) ageListings();
      const before = configStamp(opts);
      expect(configStamp(opts)).toBe(before);
      (CHANGES[name] as (sb: Sandbox, dir: string) => void)(sb, sb.repo);
      expect(configStamp(opts)).not.toBe(before);
    });
  }

  it("a listing is reused only while the directory is unchanged", () => {
    const sb = sandbox();
    ageListings();
    const first = namesIn(sb.repo);
    expect(namesIn(sb.repo)).toBe(first);
    writeFileSync(join(sb.repo, "x"), "");
    const second = namesIn(sb.repo);
    expect(second).not.toBe(first);
    expect(second.has("x")).toBe(true);
  });

  it("a directory changed within the racy window is read again every time", () => {
    const sb = sandbox();
    const first = namesIn(sb.repo);
    expect(namesIn(sb.repo)).not.toBe(first);
    expect([...namesIn(sb.repo)]).toEqual([...first]);
  });

  it("a directory that disappears has no names", () => {
    const sb = sandbox();
    ageListings();
    expect(namesIn(sb.repo).size).toBe(0);
    sb.write("home/repo/a", "");
    expect(namesIn(sb.repo).has("a")).toBe(true);
    rmSync(sb.repo, { recursive: true });
    expect(namesIn(sb.repo).size).toBe(0);
  });
});
