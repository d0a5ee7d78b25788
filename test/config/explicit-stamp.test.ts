import { chmodSync, existsSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configStamp, createConfigCache, trust } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

describe("explicit --config", () => {
  it("uses exactly that file instead of discovery; the user config still applies beneath it", () => {
    const sb = sandbox();
    const user = sb.write(join(sb.userDir, "config.yaml"), "mode: guard\nrules: { deny: [user] }\n");
    sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["project"] } });
    const explicit = sb.write("home/repo/ci/shellguard.yaml", "mode: dontAsk\nrules: { deny: [explicit], allow: [ok] }\n");
    const c = sb.load({ configFile: "ci/shellguard.yaml" });
    expect(c.files).toEqual([
      { path: user, kind: "user", trusted: true },
      { path: explicit, kind: "explicit", trusted: true },
    ]);
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["user", "explicit"]);
    expect(c.rules.allow.map((r) => r.pattern)).toEqual(["ok"]);
    expect(c.mode).toBe("dontAsk");
    expect(c.warnings).toEqual([]);
  });

  it("executes an explicit JavaScript file (the user named it)", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/sg.config.cjs", "module.exports = { mode: 'plan' };");
    expect(sb.load({ configFile: file }).mode).toBe("explore");
  });

  it("reads package.json#shellguard when named explicitly", () => {
    const sb = sandbox();
    const file = sb.write("home/other/package.json", { name: "o", shellguard: { mode: "acceptEdits" } });
    const c = sb.load({ configFile: file });
    expect(c.mode).toBe("acceptEdits");
    expect(c.files).toEqual([{ path: file, kind: "explicit", trusted: true }]);
  });

  it("naming the user config reads it once", () => {
    const sb = sandbox();
    const user = sb.write(join(sb.userDir, "config.json"), { rules: { deny: ["x"] } });
    const c = sb.load({ configFile: user });
    expect(c.files).toEqual([{ path: user, kind: "explicit", trusted: true }]);
    expect(c.rules.deny).toHaveLength(1);
  });
});

describe("configStamp and createConfigCache", () => {
  it("changes when a config file is edited, appears, or trust changes", () => {
    const sb = sandbox();
    const opts = { cwd: join(sb.repo), env: sb.env };
    const s0 = configStamp(opts);
    expect(configStamp(opts)).toBe(s0);
    const outer = sb.write("home/.shellguardrc.json", { mode: "plan" });
    const s1 = configStamp(opts);
    expect(s1).not.toBe(s0);
    // a closer config appears
    const inner = sb.write("home/repo/.shellguardrc.yaml", "mode: plan\n");
    const s2 = configStamp(opts);
    expect(s2).not.toBe(s1);
    // the found file is edited (same size, new mtime)
    sb.write(inner, "mode: PLAN\n");
    utimesSync(inner, new Date(), new Date(Date.now() + 5000));
    const s3 = configStamp(opts);
    expect(s3).not.toBe(s2);
    // trust changes
    trust(inner, { env: sb.env });
    const s4 = configStamp(opts);
    expect(s4).not.toBe(s3);
    // a user config appears
    sb.write(join(sb.userDir, "config.yaml"), "mode: guard\n");
    expect(configStamp(opts)).not.toBe(s4);
    // the outer file still counts: a trusted config above an untrusted one applies beneath it
    const s5 = configStamp(opts);
    sb.write(outer, { mode: "bypass" });
    utimesSync(outer, new Date(), new Date(Date.now() + 9000));
    const s6 = configStamp(opts);
    expect(s6).not.toBe(s5);
    // and so do the owner and mode of a config's directory (an unsafe place is not read)
    chmodSync(sb.repo, 0o777);
    expect(configStamp(opts)).not.toBe(s6);
    chmodSync(sb.repo, 0o755);
    expect(configStamp(opts)).toBe(s6);
  });

  it("the cache returns the same frozen object until something changes", () => {
    const sb = sandbox();
    const cache = createConfigCache();
    const opts = { cwd: sb.repo, env: sb.env };
    const a = cache.load(opts);
    expect(cache.load(opts)).toBe(a);
    expect(Object.isFrozen(a.rules.deny)).toBe(true);
    const file = sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["x"] } });
    const b = cache.load(opts);
    expect(b).not.toBe(a);
    expect(b.rules.deny).toEqual([{ pattern: "x", source: file }]);
    expect(cache.load(opts)).toBe(b);
    // another directory has its own entry
    const c = cache.load({ cwd: sb.home, env: sb.env });
    expect(c.rules.deny).toEqual([]);
    expect(cache.load(opts)).toBe(b);
  });

  it("the cache passes verifyRule and does not cache errors", () => {
    const sb = sandbox();
    let n = 0;
    const cache = createConfigCache({ verifyRule: () => (n++ === 0 ? "bad example" : null) });
    trust(sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["x"] } }), { env: sb.env });
    const opts = { cwd: sb.repo, env: sb.env };
    expect(() => cache.load(opts)).toThrow(/rules\.deny\[0\]: bad example/);
    expect(cache.load(opts).rules.deny).toHaveLength(1);
  });

  it("parsed YAML is cached by content hash under XDG_CACHE_HOME", () => {
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.yaml", "rules: { deny: [a] }\n");
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["a"]);
    expect(existsSync(join(sb.root, "xdg-cache", "shellguard", "yaml"))).toBe(true);
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["a"]);
    sb.write("home/repo/.shellguardrc.yaml", "rules: { deny: [b] }\n");
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["b"]);
  });
});

describe("JavaScript config reloading", () => {
  it("a CommonJS config is re-read after it changes", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.cjs", "module.exports = { rules: { deny: ['one'] } };");
    trust(file, { env: sb.env });
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["one"]);
    sb.write(file, "module.exports = { rules: { deny: ['two'] } };");
    trust(file, { env: sb.env });
    const c = sb.load();
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["two"]);
    expect(c.warnings).toEqual([]);
  });

  it("an ES module config cannot be reloaded in-process: the old value is kept, with a warning", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.mjs", "export default { rules: { deny: ['one'] } };");
    trust(file, { env: sb.env });
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["one"]);
    sb.write(file, "export default { rules: { deny: ['two'] } };");
    trust(file, { env: sb.env });
    const c = sb.load();
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["one"]);
    expect(c.warnings).toEqual([`${file}: changed since this process first loaded it; ES module configs are reloaded only when shellguard restarts`]);
  });
});
