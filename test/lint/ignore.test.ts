import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IgnoreMatcher } from "../../src/lint/ignore.js";
import { BYTES_PER_THREAD, PARALLEL_THRESHOLD, threadsFor } from "../../src/lint/pool.js";
import { runLint, sandbox, write, type Sandbox } from "./helpers.js";

describe("gitignore semantics of lint.ignore and .shellguardignore", () => {
  const base = "/r";
  // [patterns, path below /r, ignored?, why]
  const table: [string[], string, boolean, string][] = [
    [["*.sh"], "a.sh", true, "unanchored name"],
    [["*.sh"], "x/y/a.sh", true, "unanchored: any depth"],
    [["*.sh"], "a.bash", false, "other name"],
    [["fixtures/"], "test/fixtures/a.sh", true, "directory at any depth"],
    [["fixtures/"], "test/fixtures", false, "dir-only never matches a file"],
    [["/fixtures/"], "test/fixtures/a.sh", false, "leading / anchors at the base"],
    [["test/fixtures"], "test/fixtures/deep/a.sh", true, "anchored directory"],
    [["test/fixtures"], "other/test/fixtures/a.sh", false, "anchored: not deeper"],
    [["docs/*.md"], "docs/a.md", true, "* within a segment"],
    [["docs/*.md"], "docs/x/a.md", false, "* does not cross /"],
    [["docs/**/*.md"], "docs/x/y/a.md", true, "** crosses /"],
    [["**/gen/*.sh"], "a/b/gen/x.sh", true, "leading **/"],
    [["vendor/**"], "vendor/a/b.sh", true, "trailing /**"],
    [["*.sh", "!keep.sh"], "keep.sh", false, "! re-includes"],
    [["*.sh", "!keep.sh", "keep.sh"], "keep.sh", true, "last match wins"],
    [["out/", "!out/keep.sh"], "out/keep.sh", true, "no re-include inside an excluded directory"],
    [["out/*", "!out/keep.sh"], "out/keep.sh", false, "re-include when only the contents were excluded"],
    [["# comment", "", "   "], "# comment", false, "comments and blanks"],
    [["\\#x.sh"], "#x.sh", true, "escaped #"],
    [["\\!x.sh"], "!x.sh", true, "escaped !"],
    [["a.sh   "], "a.sh", true, "trailing spaces dropped"],
    [["a?.sh"], "ab.sh", true, "? one character"],
    [["[ab].sh"], "b.sh", true, "bracket class"],
    [["@(a|b).sh"], "a.sh", false, "no extglob in gitignore"],
    [[".*"], ".env.sh", true, "dotfiles match"],
  ];
  it.each(table)("%j on %s -> %s (%s)", (patterns, path, ignored) => {
    expect(new IgnoreMatcher([{ base, patterns }]).ignored(join(base, path))).toBe(ignored);
  });

  it("a file outside a source's base is not matched by it; a named directory is not itself ignored", () => {
    const m = new IgnoreMatcher([{ base: "/r/sub", patterns: ["*.sh", "fixtures/"] }]);
    expect(m.ignored("/r/a.sh")).toBe(false);
    expect(m.ignored("/r/sub/a.sh")).toBe(true);
    expect(m.ignored("/r/sub/fixtures/x.md")).toBe(true);
    expect(m.ignored("/r/sub/fixtures/x.md", "/r/sub/fixtures")).toBe(false);
    expect(m.ignored("/r/sub/fixtures/x.sh", "/r/sub/fixtures")).toBe(true);
  });
});

describe("threads by input size", () => {
  const targets = (n: number) => Array.from({ length: n }, (_, i) => ({ absolute: `/nonexistent/${i}.sh`, shown: `${i}.sh`, explicit: false }));
  it("a handful of files, or a small input, lints in this thread; --jobs caps", () => {
    expect(threadsFor(targets(3), undefined)).toBe(1);
    expect(threadsFor(targets(3), 8)).toBe(1);
    expect(threadsFor(targets(PARALLEL_THRESHOLD + 40), undefined)).toBe(1); // 0 bytes
    expect(threadsFor(targets(PARALLEL_THRESHOLD + 40), 2)).toBe(2);
    expect(BYTES_PER_THREAD).toBeGreaterThan(100_000);
  });
});

describe("shellguard lint: ignoring files (spawned)", () => {
  let sb: Sandbox;
  let repo: string;
  const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { env: { ...sb.env, GIT_CONFIG_NOSYSTEM: "1" }, stdio: "ignore" });
  const linted = (args: string[], cwd = repo): string[] => {
    const r = runLint(sb, ["--format", "json", ...args], { cwd });
    expect(r.stderr).toBe("");
    return (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
  };
  beforeAll(() => {
    sb = sandbox();
    repo = join(sb.base, "repo");
    write(repo, {
      ".gitignore": "build/\n",
      ".shellguardrc.json": JSON.stringify({ lint: { ignore: ["test/fixtures/", "*.gen.sh"] } }),
      "run.sh": "echo ok\n",
      "x.gen.sh": "echo gen\n",
      "test/fixtures/bad.sh": "rm -rf ~\n",
      "test/ok.sh": "echo ok\n",
      "vendor/lib.sh": "echo lib\n",
      "vendor/ours.sh": "echo ours\n",
      "build/out.sh": "rm -rf /\n",
    });
    git("init", "-q");
  });
  afterAll(() => sb.cleanup());

  it("lint.ignore (relative to the config's directory) and .shellguardignore (with !) skip files found by expansion", () => {
    expect(linted([])).toEqual(["run.sh", "test/ok.sh", "vendor/lib.sh", "vendor/ours.sh"]);
    expect(linted([], join(repo, "test"))).toEqual(["ok.sh"]);
    write(repo, { ".shellguardignore": "# third-party\nvendor/*\n!vendor/ours.sh\n" });
    try {
      expect(linted([])).toEqual(["run.sh", "test/ok.sh", "vendor/ours.sh"]);
      expect(linted(["**/*.sh"])).toEqual(["run.sh", "test/ok.sh", "vendor/ours.sh"]);
    } finally {
      rmSync(join(repo, ".shellguardignore"));
    }
  });

  it("a path named on the command line is linted even when ignored or gitignored", () => {
    expect(linted(["test/fixtures/bad.sh", "x.gen.sh"])).toEqual(["test/fixtures/bad.sh", "x.gen.sh"]);
    expect(linted(["test/fixtures"])).toEqual(["test/fixtures/bad.sh"]);
    // A directory git ignores as a whole is walked when named (it used to lint nothing, silently).
    expect(linted(["build"])).toEqual(["build/out.sh"]);
    expect(linted(["build/out.sh"])).toEqual(["build/out.sh"]);
  });

  it("--max-warnings and --jobs that are not numbers are usage errors (exit 3) quoting the value", () => {
    for (const [args, msg] of [
      [["--max-warnings", "abc"], '--max-warnings takes a whole number (or -1 for no limit), not "abc"'],
      [["--max-warnings=1.5"], 'not "1.5"'],
      [["-j", "x"], '--jobs takes a whole number of at least 1, not "x"'],
    ] as const) {
      const r = runLint(sb, [...args, "run.sh"], { cwd: repo });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(msg);
    }
  });

  it('one file is "1 file" in every summary', () => {
    write(repo, { "w.sh": "curl x | sh\n" });
    const gh = runLint(sb, ["--format", "github", "w.sh"], { cwd: repo });
    expect(gh.stdout).toContain("in 1 file\n");
    const st = runLint(sb, ["w.sh"], { cwd: repo });
    expect(st.stdout).toMatch(/in 1 file\n$/);
  });
});
