/**
 * Adoption: the pre-commit hook (.pre-commit-hooks.yaml) and the composite GitHub Action
 * (action.yml) run `shellguard lint` with options it has, and work: their commands are run here
 * with a `shellguard` on PATH that is the built lint.
 */

import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINT_OPTIONS } from "../../src/lint/options.js";
import { FORMATS } from "../../src/lint/reporters/index.js";
import { quiet, ROOT, RUN_LINT, runLint, sandbox, write, type Sandbox } from "./helpers.js";

interface Hook {
  id: string;
  entry: string;
  language: string;
  types_or?: string[];
  args?: string[];
}
interface Step {
  name?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Hook[];
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

/** Every `--option` in a command line must be a lint option (or its alias), with a valid value for --format. */
function checkOptions(command: string): void {
  const names = new Set<string>();
  for (const [name, o] of Object.entries(LINT_OPTIONS)) {
    names.add(`--${name}`);
    if ("alias" in o) names.add(`-${o.alias}`);
  }
  // The words after `shellguard lint`, and those put in an `args=(...)` array for it.
  const parts: string[] = [];
  for (const line of command.split("\n")) {
    const m = /shellguard lint|"\$SHELLGUARD_BIN" lint/.exec(line);
    if (m !== null) parts.push(line.slice(m.index + m[0].length));
    for (const m of line.matchAll(/\bargs\+?=\(([^)]*)\)/g)) parts.push(m[1]!);
  }
  expect(parts.length).toBeGreaterThan(0);
  const words = parts.join(" ").split(/[\s"]+/).filter(Boolean);
  for (const [i, w] of words.entries()) {
    if (!/^--?[a-z]/.test(w)) continue;
    const name = w.split("=")[0]!;
    expect(names, `${name} in ${JSON.stringify(command)}`).toContain(name);
    if (name === "--format" || name === "-f") expect(FORMATS).toContain(w.includes("=") ? w.split("=")[1] : words[i + 1]);
  }
}

let sb: Sandbox;
let bin: string;
beforeAll(() => {
  sb = sandbox();
  bin = join(sb.base, "bin");
  // A `shellguard` command whose `lint` is the built lint.
  write(bin, { shellguard: `#!/bin/sh\nif [ "$1" != lint ]; then echo "only lint here" >&2; exit 3; fi\nshift\nexec "${process.execPath}" "${RUN_LINT}" "$@"\n` });
  chmodSync(join(bin, "shellguard"), 0o755);
  write(join(sb.base, "proj"), { "ok.sh": "echo ok\n", "bad.sh": "#!/bin/sh\nrm -rf /\n", "README.md": "```sh\ncurl x | sh\n```\n", "notes.yml": "a: 1\n" });
});
afterAll(() => sb.cleanup());

const env = () => ({ ...sb.env, PATH: `${bin}:${process.env.PATH}` });

describe("pre-commit hook", () => {
  it("runs `shellguard lint` on the files pre-commit selects, with existing options", () => {
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    expect(hook.id).toBe("shellguard");
    expect(hook.entry.split(/\s+/).slice(0, 2)).toEqual(["shellguard", "lint"]);
    expect(hook.language).toBe("node");
    expect(hook.types_or).toEqual(expect.arrayContaining(["shell", "markdown", "yaml", "dockerfile", "json"]));
    checkOptions([hook.entry, ...(hook.args ?? [])].join(" "));
  });

  it("works as pre-commit calls it: the entry plus file names (files it does not know are skipped)", () => {
    const hook = hooks[0]!;
    const [cmd, ...rest] = hook.entry.split(/\s+/);
    const r = spawnSync(cmd!, [...rest, ...(hook.args ?? []), "ok.sh", "bad.sh", "README.md", "notes.yml"], { cwd: join(sb.base, "proj"), env: env(), encoding: "utf8" });
    expect(quiet(r.stderr)).toBe("");
    expect(r.stdout).toContain("bad.sh\n  2:1  warning");
    expect(r.stdout).toContain("README.md\n");
    expect(r.stdout).not.toContain("notes.yml");
    // --max-warnings 0: a warning fails the hook, so pre-commit shows it and stops the commit.
    expect(r.status).toBe(1);
    const clean = spawnSync(cmd!, [...rest, ...(hook.args ?? []), "ok.sh", "notes.yml"], { cwd: join(sb.base, "proj"), env: env(), encoding: "utf8" });
    expect(clean.status).toBe(0);
  });
});

describe("composite action", () => {
  const lintStep = (): Step => action.runs.steps.find((s) => s.run?.includes('"$SHELLGUARD_BIN" lint'))!;

  it("installs shellguard from its own checkout (never a registry package) and runs `lint --format github`", () => {
    expect(action.runs.using).toBe("composite");
    const install = action.runs.steps.find((s) => /npm ci\b/.test(s.run ?? "")) as Step & { "working-directory"?: string };
    expect(install["working-directory"]).toBe("${{ github.action_path }}");
    expect(install.run).toContain('SHELLGUARD_BIN=$PWD/bin/shellguard.cjs');
    expect(action.runs.steps.some((s) => /npm (install|i)\b.*shellguard@|npx .*shellguard/.test(s.run ?? ""))).toBe(false);
    const step = lintStep();
    expect(step.shell).toBe("bash");
    expect(step.run).toMatch(/--format github/);
    checkOptions(step.run!);
    expect(Object.keys(action.inputs).sort()).toEqual(["config", "max-warnings", "node-version", "paths"]);
  });

  it("its lint step works: annotations, and the exit code follows --max-warnings", () => {
    const step = lintStep();
    const inputs = (over: Record<string, string>) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.env ?? {})) {
        const m = /^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$/.exec(v);
        expect(m, v).not.toBeNull();
        out[k] = over[m![1]!] ?? action.inputs[m![1]!]!.default ?? "";
      }
      return out;
    };
    const run = (over: Record<string, string>) =>
      spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run!], { cwd: join(sb.base, "proj"), env: { ...env(), ...inputs(over), SHELLGUARD_BIN: join(ROOT, "bin", "shellguard.cjs") }, encoding: "utf8" });
    const r = run({});
    expect(quiet(r.stderr)).toBe("");
    expect(r.stdout).toContain("::warning file=bad.sh,line=2,col=1,");
    expect(r.stdout).toContain("::warning file=README.md,line=2,col=10,");
    expect(r.status).toBe(0);
    const strict = run({ "max-warnings": "0", paths: "bad.sh\nok.sh" });
    expect(strict.status).toBe(1);
    expect(strict.stdout).not.toContain("README.md");
  });

  it("shellguard lints its own action.yml cleanly", () => {
    const r = runLint(sb, ["action.yml", "-f", "json"], { cwd: ROOT });
    expect(JSON.parse(r.stdout).files[0].messages).toEqual([]);
  });
});
