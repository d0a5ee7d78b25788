/** `dangerous.packs`: every pack on by default; a trusted file switches them off, an untrusted one may only switch them on. */

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS } from "../../src/config/index.js";
import { PACK_NAMES } from "../../src/analysis/packs/index.js";
import { sandbox } from "./helpers.js";

describe("dangerous.packs", () => {
  it("has every pack on by default", () => {
    expect(DEFAULTS.dangerousPacks).toEqual([...PACK_NAMES]);
  });

  it("a trusted (user) config switches packs off, and back on", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { dangerous: { packs: { cloud: false, databases: false, system: true } } });
    const c = sb.load();
    expect(c.dangerousPacks).toEqual(PACK_NAMES.filter((p) => p !== "cloud" && p !== "databases"));
    expect(c.warnings).toEqual([]);
  });

  it("an untrusted project config may only switch packs on", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { dangerous: { packs: { cloud: false, kubernetes: false } } });
    const file = sb.write("home/repo/.shellguardrc.json", { dangerous: { packs: { cloud: true, databases: false } } });
    const c = sb.load();
    expect(c.dangerousPacks).toEqual(PACK_NAMES.filter((p) => p !== "kubernetes"));
    expect(c.warnings).toEqual([`${file}: dangerous.packs.databases ignored: untrusted project config (run 'shellguard trust ${file}')`]);
  });

  it("rejects a pack name that does not exist", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { dangerous: { packs: { clouds: false } } });
    expect(() => sb.load()).toThrow(/clouds|additional/i);
  });
});
