import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS, trust } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

describe("discovery", () => {
  it("uses the defaults when there is no config file", () => {
    const sb = sandbox();
    const c = sb.load();
    expect(c.files).toEqual([]);
    expect(c.warnings).toEqual([]);
    expect(c.mode).toBe(DEFAULTS.mode);
    expect(c.sensitiveFiles).toEqual(DEFAULTS.sensitiveFiles);
    expect(c.imports).toEqual([]);
  });

  it("finds the project config from a subdirectory", () => {
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["terraform destroy:*"] } });
    const sub = join(sb.repo, "a", "b");
    mkdirSync(sub, { recursive: true });
    const c = sb.load({ cwd: sub });
    expect(c.files).toEqual([{ path: file, kind: "project", trusted: false }]);
    expect(c.rules.deny).toEqual([{ pattern: "terraform destroy:*", source: file }]);
  });

  it("takes the nearest directory's config only", () => {
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["outer"] } });
    const inner = sb.write("home/repo/pkg/.shellguardrc.yaml", "rules:\n  deny: [inner]\n");
    const c = sb.load({ cwd: join(sb.repo, "pkg") });
    expect(c.files.map((f) => f.path)).toEqual([inner]);
    expect(c.rules.deny.map((r) => r.pattern)).toEqual(["inner"]);
  });

  it("tries the search places in cosmiconfig's order within a directory", () => {
    const sb = sandbox();
    sb.write("home/repo/shellguard.config.cjs", "module.exports = {}");
    sb.write("home/repo/.shellguardrc.yml", "rules: {deny: [yml]}");
    const json = sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["json"] } });
    expect(sb.load().files.map((f) => f.path)).toEqual([json]);
    sb.write("home/repo/package.json", { name: "x", shellguard: { rules: { deny: ["pkg"] } } });
    expect(sb.load().rules.deny.map((r) => r.pattern)).toEqual(["pkg"]);
  });

  it("does not search above the home directory", () => {
    const sb = sandbox();
    sb.write(".shellguardrc.json", { rules: { deny: ["above-home"] } });
    expect(sb.load().files).toEqual([]);
    const inHome = sb.write("home/.shellguardrc.json", { rules: { deny: ["home"] } });
    expect(sb.load().files.map((f) => f.path)).toEqual([inHome]);
  });

  it("searches up to the root when the cwd is outside home", () => {
    const sb = sandbox();
    const file = sb.write("elsewhere/.shellguardrc.json", { rules: { ask: ["x"] } });
    const deep = join(sb.root, "elsewhere", "deep");
    mkdirSync(deep, { recursive: true });
    expect(sb.load({ cwd: deep }).files.map((f) => f.path)).toEqual([file]);
  });

  it("skips a package.json without a shellguard key and keeps searching", () => {
    const sb = sandbox();
    const rc = sb.write("home/repo/.shellguardrc.json", { rules: { deny: ["rc"] } });
    sb.write("home/repo/sub/package.json", { name: "sub", devDependencies: { shellguard: "^1" } });
    sb.write("home/repo/other/package.json", "{ this is not json");
    expect(sb.load({ cwd: join(sb.repo, "sub") }).files.map((f) => f.path)).toEqual([rc]);
    expect(sb.load({ cwd: join(sb.repo, "other") }).files.map((f) => f.path)).toEqual([rc]);
  });

  it("treats an empty config file as an empty config", () => {
    const sb = sandbox();
    const f = sb.write("home/repo/.shellguardrc.yaml", "# nothing yet\n");
    const c = sb.load();
    expect(c.files.map((x) => x.path)).toEqual([f]);
    expect(c.rules).toEqual({ deny: [], ask: [], allow: [] });
  });
});

describe("file formats", () => {
  const body = { rules: { deny: ["rm -rf /:*"] } };
  const yaml = "rules:\n  deny:\n    - 'rm -rf /:*'\n";
  const cases: [string, string][] = [
    [".shellguardrc", yaml],
    [".shellguardrc.json", JSON.stringify(body)],
    [".shellguardrc.yaml", yaml],
    [".shellguardrc.yml", yaml],
    [".shellguardrc.js", `module.exports = ${JSON.stringify(body)};`],
    [".shellguardrc.cjs", `module.exports = ${JSON.stringify(body)};`],
    [".shellguardrc.mjs", `export default ${JSON.stringify(body)};`],
    ["shellguard.config.js", `module.exports = ${JSON.stringify(body)};`],
    ["shellguard.config.cjs", `module.exports = ${JSON.stringify(body)};`],
    ["shellguard.config.mjs", `export default ${JSON.stringify(body)};`],
    ["package.json", JSON.stringify({ name: "p", version: "1.0.0", shellguard: body })],
  ];
  for (const [name, content] of cases) {
    it(`reads ${name}`, () => {
      const sb = sandbox();
      const file = sb.write(`home/repo/${name}`, content);
      if (/\.[cm]?js$/.test(name)) trust(file, { env: sb.env });
      const c = sb.load();
      expect(c.warnings).toEqual([]);
      expect(c.files).toEqual([{ path: file, kind: "project", trusted: /\.[cm]?js$/.test(name) }]);
      expect(c.rules.deny).toEqual([{ pattern: "rm -rf /:*", source: file }]);
    });
  }

  it("reads an ES module .js file in a type: module package", () => {
    const sb = sandbox();
    sb.write("home/repo/package.json", { name: "m", type: "module" });
    const file = sb.write("home/repo/shellguard.config.js", "export default { rules: { ask: ['esm'] } };");
    trust(file, { env: sb.env });
    expect(sb.load().rules.ask.map((r) => r.pattern)).toEqual(["esm"]);
  });

  for (const name of ["config.json", "config.yaml", "config.yml"]) {
    it(`reads the user config ${name}`, () => {
      const sb = sandbox();
      const file = sb.write(join(sb.userDir, name), name.endsWith("json") ? '{"mode":"plan"}' : "mode: plan\n");
      const c = sb.load();
      expect(c.files).toEqual([{ path: file, kind: "user", trusted: true }]);
      expect(c.mode).toBe("explore");
    });
  }

  it("reads only the first user config and says so", () => {
    const sb = sandbox();
    const json = sb.write(join(sb.userDir, "config.json"), { mode: "guard" });
    const yml = sb.write(join(sb.userDir, "config.yml"), "mode: bypass\n");
    const c = sb.load();
    expect(c.files.map((f) => f.path)).toEqual([json]);
    expect(c.mode).toBe("guard");
    expect(c.warnings).toEqual([`${yml}: ignored: only one user config is read, and ${json} exists`]);
  });

  it("defaults XDG_CONFIG_HOME to ~/.config", () => {
    const sb = sandbox();
    const file = sb.write("home/.config/shellguard/config.yaml", "mode: dontAsk\n");
    const c = sb.load({ env: { HOME: sb.home, XDG_CACHE_HOME: sb.env.XDG_CACHE_HOME } });
    expect(c.files.map((f) => f.path)).toEqual([file]);
    expect(c.mode).toBe("dontAsk");
  });
});
