/**
 * A project config written by someone else must never loosen the guard: not by failing to load,
 * not by shadowing a trusted parent, not by sitting where other users can write. Each class is
 * tested over every search place (generated members), not one file name.
 */

import { chmodSync, chownSync, mkdirSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_SEARCH_PLACES, trust } from "../../src/config/index.js";
import { unsafeConfigReason } from "../../src/config/safety.js";
import { createGuard } from "../../src/index.js";
import { sandbox, type Sandbox } from "./helpers.js";

/** A file that does not load, for each search place (JS configs are not executed untrusted, so they never break). */
function brokenContent(place: string): string | null {
  if (place === "package.json") return '{ "name": "p", "shellguard": { "mode": "bypass" }, }';
  if (place.endsWith(".json")) return "{ this is not json";
  if (/\.(c|m)?js$/.test(place)) return null;
  return "rules:\n  deny: [a, b\nmode: plan\n";
}

/** An empty config in each search place's own syntax. */
function emptyContent(place: string): string {
  if (place === "package.json") return JSON.stringify({ name: "p", shellguard: {} });
  if (/\.(c|m)?js$/.test(place)) return place.endsWith(".mjs") ? "export default {};" : "module.exports = {};";
  return place.endsWith(".json") ? "{}" : "";
}

/** The user's own setting: dontAsk with deny and ask rules, in a trusted parent (the repo). */
function trustedParent(sb: Sandbox): string {
  const file = sb.write("home/repo/.shellguardrc.json", {
    mode: "dontAsk",
    shell: { onError: "deny" },
    rules: { deny: ["touch *canary*"], ask: ["git push:*"], allow: ["npm test:*"] },
  });
  trust(file, { env: sb.env });
  return file;
}

describe("a project config that does not load", () => {
  for (const place of PROJECT_SEARCH_PLACES) {
    const content = brokenContent(place);
    if (content === null) continue;
    it(`${place}: untrusted, it is ignored with a warning; the user's config applies`, () => {
      const sb = sandbox();
      sb.write(join(sb.userDir, "config.json"), { mode: "acceptEdits", rules: { deny: ["user-deny"] } });
      const file = sb.write(`home/repo/${place}`, content);
      const c = sb.load();
      expect(c.mode).toBe("acceptEdits");
      expect(c.rules.deny.map((r) => r.pattern)).toEqual(["user-deny"]);
      expect(c.warnings).toHaveLength(1);
      expect(c.warnings[0]).toMatch(/: ignored: invalid (JSON|YAML)/);
      expect(c.warnings[0]!.startsWith(`${file}: `)).toBe(true);
      expect(c.files.at(-1)).toEqual({ path: file, kind: "project", trusted: false, ignored: true });
    });

    it(`${place}: planted in a subdirectory, the trusted parent still applies`, () => {
      const sb = sandbox();
      const parent = trustedParent(sb);
      const sub = join(sb.repo, "vendor", "lib");
      mkdirSync(sub, { recursive: true });
      sb.write(join(sub, place), content);
      const c = sb.load({ cwd: sub });
      expect(c.mode).toBe("dontAsk");
      expect(c.shell.onError).toBe("deny");
      expect(c.rules.deny.map((r) => r.source)).toEqual([parent]);
      expect(c.warnings).toHaveLength(1);
    });
  }
});

describe("an untrusted config nearer than a trusted one only tightens", () => {
  for (const place of PROJECT_SEARCH_PLACES) {
    it(`an empty ${place} in a subdirectory keeps the trusted parent's mode and rules`, () => {
      const sb = sandbox();
      const parent = trustedParent(sb);
      const sub = join(sb.repo, "sub");
      const child = sb.write(join(sub, place), emptyContent(place));
      const c = sb.load({ cwd: sub });
      expect(c.files).toEqual([
        { path: parent, kind: "project", trusted: true },
        { path: child, kind: "project", trusted: false, ...(/\.(c|m)?js$/.test(place) ? { skipped: true } : {}) },
      ]);
      expect(c.mode).toBe("dontAsk");
      expect(c.rules.deny.map((r) => r.pattern)).toEqual(["touch *canary*"]);
      expect(c.rules.ask.map((r) => r.pattern)).toEqual(["git push:*"]);
      expect(c.rules.allow.map((r) => r.pattern)).toEqual(["npm test:*"]);
    });
  }

  it("the untrusted child adds its deny rules on top; its loosening keys are refused", () => {
    const sb = sandbox();
    trustedParent(sb);
    const child = sb.write("home/repo/sub/.shellguardrc.json", { mode: "bypass", rules: { deny: ["child-deny"], allow: ["rm:*"] } });
    const c = sb.load({ cwd: join(sb.repo, "sub") });
    expect(c.mode).toBe("dontAsk");
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["touch *canary*", "child-deny"]);
    expect(c.rules.allow.map((r) => r.pattern)).toEqual(["npm test:*"]);
    expect(c.warnings.map((w) => w.split(": ")[1])).toEqual(["mode ignored", "rules.allow ignored"]);
    expect(c.warnings.every((w) => w.startsWith(`${child}: `))).toBe(true);
  });

  it("untrusted configs between the nearest and the trusted one are passed over", () => {
    const sb = sandbox();
    trustedParent(sb);
    sb.write("home/repo/a/.shellguardrc.json", { rules: { deny: ["middle"] } });
    sb.write("home/repo/a/b/.shellguardrc.json", { rules: { deny: ["nearest"] } });
    const c = sb.load({ cwd: join(sb.repo, "a", "b") });
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["touch *canary*", "nearest"]);
  });

  it("a trusted nearest config is used alone, as before", () => {
    const sb = sandbox();
    sb.write("home/.shellguardrc.json", { rules: { deny: ["outer"] } });
    const inner = trustedParent(sb);
    const c = sb.load();
    expect(c.files.map((f) => f.path)).toEqual([inner]);
  });
});

describe("a project config where other users can write is not read", () => {
  /** Members of the class: each way the file or its directory can be open to others. */
  const unsafePlaces: [string, (dir: string, file: string) => void, RegExp][] = [
    ["a world-writable directory", (dir) => chmodSync(dir, 0o777), /its directory .* is writable by every user/],
    ["a sticky world-writable directory (like /tmp)", (dir) => chmodSync(dir, 0o1777), /its directory .* is writable by every user/],
    ["a world-writable file", (_dir, file) => chmodSync(file, 0o666), /the file is writable by every user/],
  ];
  for (const place of PROJECT_SEARCH_PLACES) {
    for (const [name, open, reason] of unsafePlaces) {
      it(`${place} in ${name}: ignored with a warning, the search goes on`, () => {
        const sb = sandbox();
        const outer = sb.write("home/.shellguardrc.json", { rules: { deny: ["outer"] } });
        const file = sb.write(`home/repo/${place}`, place === "package.json" ? { shellguard: { rules: { deny: ["planted"] } } } : emptyContent(place));
        trust(file, { env: sb.env });
        open(sb.repo, file);
        const c = sb.load();
        expect(c.files.map((f) => f.path)).toEqual([outer]);
        expect(c.rules.deny.map((r) => r.pattern)).toEqual(["outer"]);
        expect(c.warnings).toHaveLength(1);
        expect(c.warnings[0]!.startsWith(`${file}: not read: `)).toBe(true);
        expect(c.warnings[0]).toMatch(reason);
      });
    }
  }

  it("a package.json without a shellguard key in an open directory is not ours: no warning", () => {
    const sb = sandbox();
    sb.write("home/repo/package.json", { name: "x" });
    chmodSync(sb.repo, 0o777);
    expect(sb.load().warnings).toEqual([]);
  });

  it("a symbolic link to a trusted config does not carry it into another directory", () => {
    const sb = sandbox();
    const real = trustedParent(sb);
    const shared = join(sb.home, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const project = join(shared, "proj");
    mkdirSync(project);
    symlinkSync(real, join(shared, ".shellguardrc.json"));
    const c = sb.load({ cwd: project });
    expect(c.mode).toBe("default");
    expect(c.rules.allow).toEqual([]);
    expect(c.warnings[0]).toMatch(/\.shellguardrc\.json: not read: its directory .*shared is writable by every user/);
  });

  it("a symbolic link into an open directory is checked at its target", () => {
    const sb = sandbox();
    const open = join(sb.root, "open");
    mkdirSync(open);
    chmodSync(open, 0o777);
    const target = sb.write(join(open, "planted.json"), { rules: { deny: ["x"] } });
    symlinkSync(target, join(sb.repo, ".shellguardrc.json"));
    const c = sb.load();
    expect(c.files).toEqual([]);
    expect(c.warnings[0]).toMatch(/not read: its directory .*open is writable by every user/);
  });

  it("a group-writable file is refused unless the group is the owner's private group", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", "{}");
    chmodSync(file, 0o664);
    const st = statSync(file);
    expect(unsafeConfigReason(file, { uid: st.uid, gid: st.gid + 1 })).toMatch(/the file is writable by its group/);
    // a user-private group: uid == gid == the file's group
    expect(unsafeConfigReason(file, { uid: st.gid, gid: st.gid })).toBe(st.uid === st.gid ? null : `the file is owned by another user (uid ${st.uid})`);
  });

  it("a file owned by another user is refused; root's files are accepted", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", "{}");
    const st = statSync(file);
    const other = { uid: st.uid + 1000, gid: st.gid + 1000 };
    if (st.uid === 0) {
      // Root owns it: safe for anyone (root can write everything anyway).
      expect(unsafeConfigReason(file, other)).toBe(null);
      chownSync(file, 4242, 4242);
      expect(unsafeConfigReason(file, { uid: 0, gid: 0 })).toBe("the file is owned by another user (uid 4242)");
      const c = sb.load();
      expect(c.files).toEqual([]);
      expect(c.warnings[0]).toMatch(/not read: the file is owned by another user \(uid 4242\)/);
    } else {
      expect(unsafeConfigReason(file, other)).toBe(`the file is owned by another user (uid ${st.uid})`);
    }
  });

  it("a safe file in a safe directory passes", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", "{}");
    expect(unsafeConfigReason(file)).toBe(null);
    expect(sb.load().warnings).toEqual([]);
  });
});

describe("globs an untrusted config adds are matched in linear time", () => {
  // `sensitive.files` only adds findings, so an untrusted config may extend it. As picomatch
  // regular expressions, these took 24 s and more for one path; the guard must still answer.
  const evil = [["@(a*)*(a*)*(a*)*(a*)b", "aaab"], ["*a*a*a*a*a*a*a*a*a*a*a*a*b", "a".repeat(12) + "b"], ["+(+(+(a)))b", "aab"]];
  it.each(evil)("%s: a write to a long path is still decided, and the glob still works", async (glob, hitPath) => {
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.json", { sensitive: { files: { add: [glob] } } });
    const guard = createGuard({ cwd: sb.repo, env: sb.env, mode: "guard" });
    const long = `${"a".repeat(20_000)}c`;
    const quiet = await guard.check(`touch ${long}`);
    expect(quiet.decision).toBe("allow");
    const hit = await guard.check(`touch ${hitPath}`);
    expect(hit.decision).toBe("ask");
    expect(hit.findings.map((f) => f.id)).toContain("sensitive-path/file");
  }, 20_000);
});
