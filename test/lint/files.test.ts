import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandPaths, listDirectory, PathError, shownPath } from "../../src/lint/files.js";
import { sandbox, write, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const shown = (paths: string[], cwd: string) => expandPaths(paths, cwd).map((t) => `${t.shown}${t.explicit ? " (explicit)" : ""}`);

describe("path expansion", () => {
  it("outside git: a walk that skips node_modules and .git", () => {
    write(sb.base, { "p/a.sh": "", "p/sub/b.md": "", "p/node_modules/x/c.sh": "", "p/.git/hooks/d.sh": "", "p/.github/workflows/ci.yml": "" });
    expect(shown(["p"], sb.base)).toEqual(["p/.github/workflows/ci.yml", "p/a.sh", "p/sub/b.md"]);
  });

  it("in a git work tree: tracked and untracked-but-not-ignored files", () => {
    const repo = `${sb.base}/repo`;
    write(repo, { ".gitignore": "ignored/\n*.tmp.sh\n", "tracked.sh": "", "new.sh": "", "ignored/x.sh": "", "y.tmp.sh": "", "sub/z.sh": "" });
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { env: { ...sb.env, GIT_CONFIG_NOSYSTEM: "1" }, stdio: "ignore" });
    git("init", "-q");
    git("add", "tracked.sh", ".gitignore");
    expect(shown(["."], repo)).toEqual([".gitignore", "new.sh", "sub/z.sh", "tracked.sh"]);
    expect(shown(["sub"], repo)).toEqual(["sub/z.sh"]);
    // A file named explicitly is linted even when ignored.
    expect(shown(["ignored/x.sh"], repo)).toEqual(["ignored/x.sh (explicit)"]);
    expect(listDirectory(repo).some((f) => f.endsWith("y.tmp.sh"))).toBe(false);
  });

  it("globs (dotfiles included) over the listing below their base; duplicates once", () => {
    write(sb.base, { "a.sh": "", "b/c.sh": "", "b/d.md": "", ".github/workflows/x.yml": "", "node_modules/e.sh": "" });
    expect(shown(["**/*.sh"], sb.base)).toEqual(["a.sh", "b/c.sh"]);
    expect(shown(["b/*", "b/c.sh"], sb.base)).toEqual(["b/c.sh", "b/d.md"]);
    expect(shown(["**/*.yml"], sb.base)).toEqual([".github/workflows/x.yml"]);
    expect(shown([`${sb.base}/b/*.md`], sb.base)).toEqual(["b/d.md"]);
  });

  it("a missing path or a glob that matches nothing is a usage error", () => {
    expect(() => expandPaths(["nope.sh"], sb.base)).toThrow(PathError);
    expect(() => expandPaths(["nope.sh"], sb.base)).toThrow("No such file or directory: nope.sh");
    expect(() => expandPaths(["*.nothing"], sb.base)).toThrow("No files match the pattern: *.nothing");
  });

  it("shows paths relative to the cwd when inside it", () => {
    expect(shownPath("/a/b/c.sh", "/a")).toBe("b/c.sh");
    expect(shownPath("/x/c.sh", "/a")).toBe("/x/c.sh");
  });
});
