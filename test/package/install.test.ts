/**
 * The package as users get it: `npm pack`, then installed from the tarball into an empty project
 * with no compiler, Python or make on PATH and with install scripts off (what npm 11 does for a
 * dependency's scripts unless allowed, and pnpm and bun by default). It must work at once: the
 * prebuilt addon loads, `check` decides, `require` and `import` work, a TypeScript consumer without
 * @types/node compiles, and the CLI starts from its bundle with a V8 code cache from the second run.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/helpers.js";

let dir: string;
let pkg: string;
/** The packed tarball (shared by both installs). */
let tarball: string;
/** PATH with node, npm and sh only: no cc, gcc, make or python. */
let bareEnv: NodeJS.ProcessEnv;

const run = (cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  spawnSync(cmd, args, { cwd: opts.cwd ?? dir, env: opts.env ?? bareEnv, input: opts.input, encoding: "utf8", timeout: 300_000 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shellguard-install-"));
  const bin = join(dir, "bin");
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, "node"));
  const npm = spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim();
  symlinkSync(npm, join(bin, "npm"));
  // A system without a compiler still has a shell: npm runs install scripts with `sh -c`.
  symlinkSync("/bin/sh", join(bin, "sh"));
  const home = join(dir, "home");
  mkdirSync(home);
  bareEnv = { PATH: bin, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), npm_config_cache: join(process.env.HOME ?? home, ".npm"), NO_COLOR: "1" };
  // The packing machine's prebuilt binary (prepack's step), then the tarball of what the tests built.
  const prebuild = spawnSync(process.execPath, [join(ROOT, "scripts", "prebuild.mjs")], { cwd: ROOT, encoding: "utf8" });
  expect(prebuild.status, prebuild.stderr).toBe(0);
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8" });
  expect(pack.status, pack.stderr).toBe(0);
  const tgz = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  expect(tgz).toBeDefined();
  tarball = join(dir, tgz as string);
  const project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const install = run("npm", ["install", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", join(dir, tgz as string)], { cwd: project });
  expect(install.status, install.stderr).toBe(0);
  dir = project;
  pkg = join(project, "node_modules", "shellguard");
}, 600_000);

afterAll(() => {
  if (dir) rmSync(join(dir, ".."), { recursive: true, force: true });
});

describe("installed from the tarball, with no compiler and no install scripts", () => {
  it("ships what it should, and nothing it should not", () => {
    expect(existsSync(join(pkg, "prebuilds", `${process.platform}-${process.arch}`))).toBe(true);
    expect(existsSync(join(pkg, "LICENSE")) && existsSync(join(pkg, "NOTICE")) && existsSync(join(pkg, "CHANGELOG.md"))).toBe(true);
    const files = spawnSync("find", [pkg, "-name", "*.map", "-o", "-name", "*.cache", "-o", "-name", "test-helpers.*"], { encoding: "utf8" }).stdout.trim();
    expect(files).toBe("");
    expect(existsSync(join(pkg, "src")) || existsSync(join(pkg, "test")) || existsSync(join(pkg, "build"))).toBe(false);
  });

  it("check decides with the prebuilt addon (no fallback warning)", () => {
    const shellguard = join(dir, "node_modules", ".bin", "shellguard");
    const ls = run(shellguard, ["check", "ls"]);
    expect(ls.status, ls.stderr).toBe(0);
    expect(ls.stderr).toBe("");
    const rm = run(shellguard, ["check", "rm -rf ~"]);
    expect(rm.status).toBe(1);
    expect(rm.stdout).toMatch(/^ask: /);
    expect(rm.stderr).toBe("");
  });

  it("starts from its bundle, and from the second run with a V8 code cache it wrote itself", () => {
    const shellguard = join(dir, "node_modules", ".bin", "shellguard");
    run(shellguard, ["check", "git status"]);
    const id = readFileSync(join(pkg, "dist", "bundle", "build-id"), "latin1").trim();
    expect(existsSync(join(pkg, "dist", "bundle", `main.cjs.${id}.${process.versions.v8}.cache`))).toBe(true);
    const loader = join(pkg, "bin", "bundle-loader.cjs");
    const probe = run(process.execPath, ["-e", `const l = require(${JSON.stringify(loader)}); const b = l.freshBundle(); const { script } = l.loadBundle(b); process.stdout.write(JSON.stringify({ bundle: b !== null, rejected: script.cachedDataRejected }));`]);
    expect(JSON.parse(probe.stdout)).toEqual({ bundle: true, rejected: false });
  });

  it("require() and import() both work", () => {
    const cjs = run(process.execPath, ["-e", 'const s = require("shellguard"); process.stdout.write(s.createGuard({ mode: "guard" }).check("rm -rf /").decision)']);
    expect(cjs.stdout, cjs.stderr).toBe("ask");
    const esm = run(process.execPath, ["--input-type=module", "-e", 'import { createGuard } from "shellguard"; process.stdout.write(createGuard().check("ls").decision)']);
    expect(esm.stdout, esm.stderr).toBe("allow");
  });

  it("a TypeScript consumer without @types/node compiles against the shipped types", () => {
    writeFileSync(join(dir, "a.ts"), 'import { createGuard, ready, type Decision, type ModeInput } from "shellguard";\nawait ready();\nconst mode: ModeInput = "plan";\nconst d: Decision = createGuard({ mode }).check("ls");\nexport const answer: string = d.decision;\n');
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: [], noEmit: true, skipLibCheck: false }, files: ["a.ts"] }));
    const tsc = run(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });
});

describe("installed from the tarball with install scripts on, and no compiler", () => {
  // npm runs the dependencies' install scripts too: node tree-sitter's tries its prebuilt binding
  // (which needs a newer libstdc++ than Debian 12 has) and then a compile, which fails here. It is
  // an optional dependency (only the reference extractor and a from-source build use it), so the
  // install goes on, and shellguard's own install script finds its prebuilt addon.
  it("installs, and check decides with the prebuilt addon", () => {
    const project = join(dir, "..", "project-scripts");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer-scripts", private: true }));
    const install = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project });
    expect(install.status, install.stderr).toBe(0);
    const shellguard = join(project, "node_modules", ".bin", "shellguard");
    const ls = run(shellguard, ["check", "ls"], { cwd: project });
    expect(ls.status, ls.stderr).toBe(0);
    expect(ls.stderr).toBe("");
    const rm = run(shellguard, ["check", "rm -rf ~"], { cwd: project });
    expect(rm.status).toBe(1);
    expect(rm.stdout).toMatch(/^ask: /);
  }, 600_000);
});
