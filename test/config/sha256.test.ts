import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/config/sha256.js";

describe("sha256Hex", () => {
  it("matches node:crypto", () => {
    const inputs: (string | Buffer)[] = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "héllo wörld ✓", randomBytes(100_000)];
    for (let n = 0; n < 200; n++) inputs.push(randomBytes(n));
    for (const input of inputs) {
      expect(sha256Hex(input)).toBe(createHash("sha256").update(input).digest("hex"));
    }
  });

  it("known vectors", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});

describe("sha256 (parse.ts) switches to node:crypto for large inputs", () => {
  it("gives the same digest either way", async () => {
    const { sha256 } = await import("../../src/config/parse.js");
    for (const n of [0, 4096, 4097, 20_000]) {
      const b = randomBytes(n);
      expect(sha256(b)).toBe(createHash("sha256").update(b).digest("hex"));
    }
    expect(sha256("ü".repeat(3000))).toBe(createHash("sha256").update("ü".repeat(3000)).digest("hex"));
  });
});
