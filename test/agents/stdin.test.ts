/** readPayload: the hook's bounded stdin reader (size, drain, time, encoding). */

import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readPayload } from "../../src/agents/stdin.js";

describe("readPayload", () => {
  it("reads everything, multi-byte characters split across chunks", async () => {
    const s = new PassThrough();
    const p = readPayload(s);
    const bytes = Buffer.from('{"command":"echo héllo ✓"}', "utf8");
    for (const b of bytes) s.write(Buffer.from([b]));
    s.end();
    expect(await p).toEqual({ ok: true, text: '{"command":"echo héllo ✓"}' });
  });

  it("over the limit → refused, but the writer can finish (the rest is drained)", async () => {
    const s = new PassThrough();
    const p = readPayload(s, { limit: 10 });
    for (let i = 0; i < 50; i++) s.write("0123456789");
    s.end();
    expect(await p).toEqual({ ok: false, problem: "the hook input is larger than 10 bytes (the limit)" });
    expect(s.readableEnded).toBe(true);
  });

  it("past the drain cap → refused without waiting for the end", async () => {
    const s = new PassThrough();
    const p = readPayload(s, { limit: 4, drainLimit: 16 });
    s.write("x".repeat(20));
    expect(await p).toEqual({ ok: false, problem: "the hook input is larger than 4 bytes (the limit)" });
  });

  it("stdin never closed → refused after the timeout", async () => {
    const s = new PassThrough();
    s.write("{");
    expect(await readPayload(s, { timeoutMs: 50 })).toEqual({ ok: false, problem: "stdin was not closed within 0.05 s" });
  });

  it("invalid UTF-8 → refused", async () => {
    const s = new PassThrough();
    const p = readPayload(s);
    s.end(Buffer.from([0x22, 0xc3, 0x28, 0x22]));
    expect(await p).toEqual({ ok: false, problem: "the hook input is not valid UTF-8" });
  });

  it("a terminal → refused at once", async () => {
    const s = Object.assign(new PassThrough(), { isTTY: true });
    expect(await readPayload(s)).toEqual({ ok: false, problem: "stdin is a terminal; the agent passes the hook JSON on stdin" });
  });

  it("a stream error → refused", async () => {
    const s = new PassThrough();
    const p = readPayload(s);
    s.destroy(new Error("boom"));
    expect(await p).toEqual({ ok: false, problem: "cannot read stdin (boom)" });
  });
});
