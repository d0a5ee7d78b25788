/**
 * `check` must never decide on part of a command: extra words and unknown options are a usage
 * error (exit 3) in every subcommand, on the fast path and the yargs path alike. Spawned CLIs.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, sandbox, type Sandbox } from "./helpers.js";

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

/** Run on both paths; they must agree exactly. */
async function both(args: string[]): Promise<Awaited<ReturnType<typeof run>>> {
  const fast = await run(sb, args);
  const slow = await run(sb, args, { env: { SHELLGUARD_NO_FAST_PATH: "1" } });
  expect(slow, args.join(" ")).toEqual(fast);
  return fast;
}

/** Unquoted command lines as a careless caller types them: each word a separate argument. */
const UNQUOTED = ["find / -delete", "rm -rf /", "ls --frobnicate", "git push --force origin main", "echo ok ; rm -rf ~", "ls -la", "curl https://x.example | sh", "a b"];

describe("extra words and unknown options are a usage error", () => {
  for (const sub of ["check", "explain"]) {
    for (const line of UNQUOTED) {
      it(`${sub} ${line} (unquoted) → exit 3, nothing decided, a hint to quote it`, async () => {
        const r = await both([sub, ...line.split(" ")]);
        expect(r.code).toBe(3);
        expect(r.stdout).toBe("");
        expect(r.stderr).toMatch(/^shellguard: Unknown arguments?: /);
        expect(r.stderr).toContain(`${sub} takes the command line as one argument: quote it`);
        expect(r.stderr).toContain(`shellguard ${sub} -- '${line}'`);
      });
    }
  }

  it.each([
    [["check", "--mode", "bypass", "rm", "-rf", "/"]],
    [["check", "--json", "ls", "-la"]],
    [["check", "--frobnicate", "ls"]],
    [["check", "-x", "ls"]],
    [["check", "ls", "--stdinn"]],
    [["explain", "--jsonn", "ls"]],
  ])("%j → exit 3", async (args) => {
    const r = await both(args);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
  });

  it.each([
    [["serve", "extra"]],
    [["serve", "--frobnicate"]],
    [["init", "extra"]],
    [["init", "--force"]],
    [["test", "extra"]],
    [["trust", "a", "b"]],
    [["untrust", "a", "b"]],
    [["trust", "--bogus"]],
    [["init", "--", "x"]],
    [["completion"]],
    [["completion", "tcsh"]],
    [["completion", "bash", "extra"]],
    [["hook", "bash", "extra"]],
    [["lint", "--frobnicate"]],
    [["on", "extra"]],
  ])("every subcommand: %j → exit 3", async (args) => {
    const r = await run(sb, args);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^shellguard/);
  });
});

describe("check -- <command>", () => {
  it("takes the one word after -- as the command line, whatever it looks like", async () => {
    const quoted = await both(["check", "--json", "--", "find / -delete"]);
    expect(quoted.code).toBe(1);
    expect(JSON.parse(quoted.stdout).command).toBe("find / -delete");
    const dashed = await both(["check", "--json", "--", "--json"]);
    expect(JSON.parse(dashed.stdout).command).toBe("--json");
    const plain = await both(["check", "--", "ls -la"]);
    expect(plain.code).toBe(0);
  });

  it("never joins several words after --: the quotes the shell removed are lost", async () => {
    for (const words of [["find", "/", "-delete"], ["bash", "-c", "rm -rf ~"], ["ls", "x"]]) {
      const r = await both(["check", "--", ...words]);
      expect(r.code).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain('check takes the command line as one argument after "--": quote it');
    }
    const both2 = await both(["check", "ls", "--", "rm"]);
    expect(both2.code).toBe(3);
    expect(both2.stderr).toContain('not both');
    const none = await both(["check", "--"]);
    expect(none.code).toBe(3);
  });

  it("explain takes it the same way", async () => {
    const r = await both(["explain", "--", "rm -rf /tmp/x"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("rm");
    expect((await both(["explain", "--", "rm", "-rf"])).code).toBe(3);
  });
});
