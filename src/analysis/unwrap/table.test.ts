/** The dispatch table: every name an unwrapper or wrapper claims resolves to it, in one lookup. */

import { describe, expect, it } from "vitest";
import { KNOWN, UNWRAPPERS } from "./table.js";
import { INTERPRETERS, WRAPPERS } from "./wrappers.js";

describe("unwrap/table", () => {
  it("dispatches every name an unwrapper claims to that unwrapper", () => {
    for (const u of UNWRAPPERS) {
      expect(u.commands.length, u.name).toBeGreaterThan(0);
      for (const n of u.commands) {
        const k = KNOWN.get(n);
        if (u.unwrap !== undefined) expect(k?.special, `${u.name}: ${n}`).toBe(u.unwrap);
        if (u.piped !== undefined) expect(k?.piped, `${u.name}: ${n}`).toBe(u.piped);
      }
    }
  });

  it("holds every wrapper, and a pipe reader for every interpreter", () => {
    for (const [n, w] of WRAPPERS) expect(KNOWN.get(n)?.wrapper, n).toBe(w);
    for (const n of INTERPRETERS) expect(KNOWN.get(n)?.piped, n).toBeDefined();
    // Interpreters, and the tools that run what a pipe feeds them (at, crontab, parallel, awk, ...).
    const pipeReaders = new Set(UNWRAPPERS.filter((u) => u.piped !== undefined).flatMap((u) => u.commands));
    for (const n of INTERPRETERS) expect(pipeReaders.has(n), n).toBe(true);
    expect([...KNOWN.values()].filter((k) => k.piped !== undefined).length).toBe(pipeReaders.size);
  });

  it("has no entry for names nothing claims", () => {
    for (const n of ["ls", "rm", "cat", ""]) expect(KNOWN.get(n), n).toBeUndefined();
  });
});
