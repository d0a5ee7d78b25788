/**
 * CLI polish, through the real CLI: completion scripts for bash, zsh and fish generated from one
 * table (held to each subcommand's --help), `-v`, one message per error, `--cwd` that does not
 * exist, and colour as FORCE_COLOR, --color and --no-color ask, in every subcommand that colours.
 */

import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS, GLOBAL_OPTIONS } from "../../src/cli/completion.js";
import { run, sandbox, type Sandbox } from "./helpers.js";

const exec = promisify(execFile);
let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const has = async (tool: string): Promise<boolean> => exec(tool, ["-c", "true"]).then(() => true, () => false);

/** The candidates bash offers after `words` (the last one being completed), from the sourced script. */
async function bashCandidates(script: string, words: string[]): Promise<string[]> {
  const file = join(sb.dir, "completion.bash");
  writeFileSync(file, script);
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const program = `source ${file}; complete -p shellguard >/dev/null || exit 9; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _shellguard_completion; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await exec("bash", ["--norc", "-c", program]);
  return stdout.split("\n").filter((l) => l !== "");
}

describe("completion", () => {
  it("bash: sourced, it registers for shellguard and completes every subcommand, option and value", async () => {
    const r = await run(sb, ["completion", "bash"]);
    expect(r.code, r.stderr).toBe(0);
    expect(await bashCandidates(r.stdout, ["shellguard", ""])).toEqual(COMMANDS.map((c) => c.name));
    for (const c of COMMANDS) {
      const options = await bashCandidates(r.stdout, ["shellguard", c.name, "--"]);
      for (const o of [...c.options, ...GLOBAL_OPTIONS]) expect(options, c.name).toContain(`--${o.name}`);
      for (const o of c.options) {
        if (!Array.isArray(o.takes)) continue;
        expect(await bashCandidates(r.stdout, ["shellguard", c.name, `--${o.name}`, ""]), `${c.name} --${o.name}`).toEqual(o.takes);
      }
      if (Array.isArray(c.args)) expect(await bashCandidates(r.stdout, ["shellguard", c.name, ""])).toEqual(c.args);
    }
    expect(await bashCandidates(r.stdout, ["shellguard", "check", "--mode", "dont"])).toEqual(["dontAsk"]);
    expect(await bashCandidates(r.stdout, ["shellguard", "-"])).toContain("-v");
  });

  it.each(["zsh", "fish"])("%s: the script parses", async (shell) => {
    const r = await run(sb, ["completion", shell]);
    expect(r.code, r.stderr).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toContain(c.name);
    if (!(await has(shell))) return;
    const file = join(sb.dir, `completion.${shell}`);
    writeFileSync(file, r.stdout);
    await expect(exec(shell, ["-n", file])).resolves.toBeDefined();
  });

  // The table and the CLI must not drift: every option a subcommand's --help lists is completed.
  it.each(COMMANDS.filter((c) => !["off", "on", "completion", "hook"].includes(c.name)).map((c) => [c.name]))("%s: the table covers its --help", async (name) => {
    const r = await run(sb, [name, "--help"]);
    const listed = new Set([...r.stdout.matchAll(/^\s+(?:-\w, )?--([a-z][a-z-]*)/gm)].map((m) => m[1]));
    expect(listed.size, r.stdout).toBeGreaterThan(0);
    const spec = COMMANDS.find((c) => c.name === name)!;
    const known = new Set([...spec.options, ...GLOBAL_OPTIONS, { name: "version" }].map((o) => o.name));
    for (const option of listed) if (!/^(no-)?color$/.test(option as string)) expect(known, `${name} --${option}`).toContain(option);
  });
});

describe("-v, single errors, --cwd", () => {
  it("-v prints the version, like --version, on both paths", async () => {
    const v = await run(sb, ["--version"]);
    for (const env of [{}, { SHELLGUARD_NO_FAST_PATH: "1" }]) expect(await run(sb, ["-v"], { env })).toEqual(v);
  });

  it.each([
    [["--bogus"]],
    [["-x"]],
    [["bogus"]],
    [["check", "--mode", "fast", "ls"]],
    [["explain", "--mode", "fast", "ls"]],
    [["check", "ls", "--frobnicate"]],
    [["serve", "--frobnicate"]],
    [["trust", "a", "b"]],
    [["completion"]],
  ])("%j: one error, printed once", async (args) => {
    for (const env of [{}, { SHELLGUARD_NO_FAST_PATH: "1" }]) {
      const r = await run(sb, args, { env });
      expect(r.code).toBe(3);
      expect(r.stderr.match(/^shellguard: /gm), r.stderr).toHaveLength(1);
    }
  });

  it.each([["init"], ["test"], ["trust"], ["untrust"]])("%s --cwd <missing>: a one-line error, exit 3", async (sub) => {
    const missing = join(sb.dir, "no", "such", "dir");
    const r = await run(sb, [sub, "--cwd", missing]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`shellguard: --cwd ${missing}: no such directory.\n`);
  });
});

describe("colour", () => {
  const ESC = "\u001b[";
  const colours = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> => {
    const r = await run(sb, args, { env });
    return (r.stdout + r.stderr).includes(ESC);
  };
  /** Every subcommand whose human output colours, with arguments that give it something to say. */
  const OUTPUTS: Record<string, () => string[]> = {
    check: () => ["check", "rm -rf ~"],
    explain: () => ["explain", "rm -rf ~"],
    lint: () => {
      writeFileSync(join(sb.dir, "x.sh"), "rm -rf ~\n");
      return ["lint", "x.sh"];
    },
  };
  it.each(Object.keys(OUTPUTS))("%s: plain when piped; FORCE_COLOR and --color colour it; 0 and --no-color do not", async (name) => {
    const args = (OUTPUTS[name] as () => string[])();
    expect(await colours(args)).toBe(false);
    for (const level of ["1", "2", "3", ""]) expect(await colours(args, { FORCE_COLOR: level }), `FORCE_COLOR=${level}`).toBe(true);
    expect(await colours(args, { FORCE_COLOR: "0" })).toBe(false);
    expect(await colours([...args.slice(0, 1), "--color", ...args.slice(1)])).toBe(true);
    expect(await colours([...args, "--color"], { NO_COLOR: "1" })).toBe(true);
    expect(await colours([...args.slice(0, 1), "--no-color", ...args.slice(1)], { FORCE_COLOR: "1" })).toBe(false);
    expect(await colours(["--no-color", "--color", ...args])).toBe(true);
  });

  it("--color after -- is the command line, not a flag", async () => {
    const r = await run(sb, ["check", "--json", "--", "--color"]);
    expect(JSON.parse(r.stdout).command).toBe("--color");
  });
});
