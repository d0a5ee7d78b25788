/**
 * Smoke run of the addon's fuzz target (native/fuzz/fuzz.c, built with ASan + UBSan by
 * scripts/fuzz-native.mjs): a few seconds from a fixed seed. A sanitizer report, crash or broken
 * record fails it, with the input saved under build/fuzz/crashes/.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe.skipIf(process.platform !== "linux")("the addon's fuzz target (ASan + UBSan)", () => {
  it("survives a fixed-seed smoke run", () => {
    const r = spawnSync(process.execPath, [path.join(root, "scripts/fuzz-native.mjs"), "--seconds", "4", "--seed", "20261203"], { encoding: "utf8", timeout: 280_000 });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(Number(/fuzz: (\d+) inputs/.exec(r.stdout)?.[1] ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
