/**
 * `shellguard lint` end to end: the built lint (dist/lint) spawned through test/lint/run-lint.mjs
 * on the fixture repository (test/lint/fixtures/repo: a script, an extensionless script, Markdown,
 * a workflow, a composite action, a Dockerfile, package.json, broken YAML and JSON, a config with
 * deny/ask rules and severities). Every format must carry the same findings at the same places.
 */

import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Log } from "sarif";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLint as runLintInProcess } from "../../src/lint/index.js";
import { FIXTURE, quiet, ROOT, RUN_LINT, runLint, runLintAsync, sandbox, write, type Sandbox } from "./helpers.js";

const require = createRequire(import.meta.url);

/** [path, id, line, column, severity] of every finding in the fixture repository. */
// `rm -rf /tmp/apt-cache`, `sudo rm -rf /var/lib/thing` and `rm -rf dist` name their targets:
// lint judges rm -rf by them (the sudo one keeps dangerous/privileged-delete).
const EXPECTED: [string, string, number, number, string][] = [
  [".github/workflows/broken.yml", "lint/parse-error", 3, 1, "error"],
  [".github/workflows/ci.yml", "dangerous/rm-recursive-force", 8, 14, "warning"],
  [".github/workflows/ci.yml", "deletion/dynamic-target", 8, 21, "warning"],
  [".github/workflows/ci.yml", "shell/pipe-to-shell", 12, 53, "warning"],
  [".github/workflows/ci.yml", "dangerous/git-push-force", 15, 11, "warning"],
  [".github/workflows/ci.yml", "dangerous/chmod-world-writable", 17, 15, "warning"],
  [".github/workflows/ci.yml", "shell/dynamic-command", 22, 14, "info"],
  [".github/workflows/ci.yml", "dangerous/rm-recursive-force", 28, 14, "warning"],
  [".github/workflows/ci.yml", "deletion/dynamic-target", 28, 21, "warning"],
  ["Dockerfile", "shell/pipe-to-shell", 7, 82, "warning"],
  ["Dockerfile", "dangerous/chown-recursive", 11, 1, "warning"],
  ["Dockerfile", "sensitive-path/directory", 13, 15, "warning"],
  ["Dockerfile", "dangerous/kill-force", 19, 5, "warning"],
  ["README.md", "shell/pipe-to-shell", 6, 41, "warning"],
  ["README.md", "dangerous/privileged-delete", 12, 3, "warning"],
  ["README.md", "dangerous/chmod-world-writable", 16, 3, "warning"],
  ["README.md", "dangerous/rm-recursive-force", 24, 3, "warning"],
  ["README.md", "deletion/home", 24, 10, "warning"],
  ["README.md", "dangerous/dd-device", 26, 3, "warning"],
  ["README.md", "deletion/dynamic-target", 39, 7, "warning"],
  ["action.yml", "dangerous/mkfs", 8, 9, "warning"],
  ["bin/release", "dangerous/git-reset-hard", 4, 1, "warning"],
  ["broken/package.json", "lint/parse-error", 5, 1, "error"],
  ["package.json", "dangerous/git-push-force", 6, 38, "warning"],
  ["package.json", "sed/execute-command", 7, 13, "error"],
  ["scripts/deploy.sh", "dangerous/rm-recursive-force", 5, 1, "warning"],
  ["scripts/deploy.sh", "deletion/dynamic-target", 5, 8, "warning"],
  ["scripts/deploy.sh", "shell/pipe-to-shell", 6, 45, "warning"],
  ["scripts/deploy.sh", "rule/deny", 7, 1, "error"],
  ["scripts/deploy.sh", "dangerous/terraform-destroy", 7, 1, "warning"],
  ["scripts/deploy.sh", "rule/ask", 12, 1, "warning"],
  ["scripts/deploy.sh", "shell/eval", 13, 1, "warning"],
  ["scripts/deploy.sh", "shell/dynamic-command", 13, 6, "info"],
];
const sortRows = <T extends unknown[]>(rows: T[]): T[] => rows.slice().sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

interface JsonReport {
  version: number;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fileCount: number;
  files: { path: string; kind: string; messages: { id: string; severity: string; line: number; column: number; endLine: number; endColumn: number; message: string; context?: string }[] }[];
}

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

describe("the fixture repository in every format", () => {
  it("json: the expected findings at the expected lines and columns", () => {
    const r = runLint(sb, ["--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    const rows = report.files.flatMap((f) => f.messages.map((m) => [f.path, m.id, m.line, m.column, m.severity] as [string, string, number, number, string]));
    expect(sortRows(rows)).toEqual(sortRows(EXPECTED));
    expect(report.files.map((f) => f.path)).toEqual([".github/workflows/broken.yml", ".github/workflows/ci.yml", "Dockerfile", "README.md", "action.yml", "bin/release", "broken/package.json", "package.json", "scripts/deploy.sh"]);
    expect(report.files.map((f) => f.kind)).toEqual(["workflow", "workflow", "dockerfile", "markdown", "action", "script", "package-json", "package-json", "script"]);
    expect([report.errorCount, report.warningCount, report.infoCount, report.fileCount]).toEqual([4, 27, 2, 9]);
    const ci = report.files[1]!.messages;
    expect(ci.find((m) => m.id === "shell/dynamic-command")!.message).toContain("'${{ inputs.cmd }}'");
    expect(ci[0]!.context).toBe("jobs.build.steps[1]");
    expect(ci.find((m) => m.id === "dangerous/git-push-force")).toMatchObject({ line: 15, endLine: 16, endColumn: 18 });
  });

  it("sarif: validates against the SARIF 2.1.0 schema and carries the same results, rules with help from the docs", () => {
    const r = runLint(sb, ["--format", "sarif"]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as Log;
    const Ajv = require("ajv-draft-04") as typeof import("ajv-draft-04").default;
    const addFormats = require("ajv-formats") as typeof import("ajv-formats").default;
    // The official 2.1.0 schema (as SchemaStore serves it), shipped by @microsoft/jest-sarif.
    // Its `language` pattern is not valid as a Unicode regular expression, hence unicodeRegExp: false.
    const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json") as object;
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);

    const run = log.runs[0]!;
    const rows = run.results!.map((res) => {
      const loc = res.locations![0]!.physicalLocation!;
      const level = { error: "error", warning: "warning", note: "info" }[res.level as string];
      return [decodeURIComponent(loc.artifactLocation!.uri!), res.ruleId!, loc.region!.startLine!, loc.region!.startColumn!, level!] as [string, string, number, number, string];
    });
    expect(sortRows(rows)).toEqual(sortRows(EXPECTED));
    const rules = run.tool.driver.rules!;
    for (const res of run.results!) expect(rules[res.ruleIndex!]!.id).toBe(res.ruleId);
    const rmrf = rules.find((x) => x.id === "dangerous/rm-recursive-force")!;
    expect(rmrf.help?.markdown).toBe(readFileSync(join(FIXTURE, "../../../../docs/checks/dangerous/rm-recursive-force.md"), "utf8").trim());
    expect(rmrf.shortDescription?.text).toMatch(/rm/);
    expect(rules.find((x) => x.id === "injection/construct")!.defaultConfiguration).toEqual({ level: "none", enabled: false });
    expect(rules.find((x) => x.id === "sed/execute-command")!.defaultConfiguration).toEqual({ level: "error", enabled: true });
    expect(run.results!.find((x) => x.ruleId === "rule/deny")!.locations![0]!.physicalLocation!.region!.snippet!.text).toBe("terraform destroy -auto-approve");
    expect(run.originalUriBaseIds!["%SRCROOT%"]!.uri).toMatch(/^file:\/\/.*\/test\/lint\/fixtures\/repo\/$/);
  });

  it("github: one workflow command per finding, with file, line and column", () => {
    const r = runLint(sb, ["--format", "github"]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    const cmds = lines.filter((l) => l.startsWith("::"));
    const rows = cmds.map((l) => {
      const m = /^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),endLine=\d+,(?:endColumn=\d+,)?title=shellguard (\S+)::/.exec(l);
      if (!m) throw new Error(`bad line: ${l}`);
      return [m[2]!, m[5]!, Number(m[3]), Number(m[4]), m[1] === "notice" ? "info" : m[1]!] as [string, string, number, number, string];
    });
    expect(sortRows(rows)).toEqual(sortRows(EXPECTED));
    expect(cmds).toContain("::error file=scripts/deploy.sh,line=7,col=1,endLine=7,endColumn=31,title=shellguard rule/deny::\"terraform destroy -auto-approve\" matches the deny rule \"terraform destroy:*\" (production infrastructure). (rule/deny)");
    expect(lines[lines.length - 1]).toBe("shellguard lint: 33 problems (4 errors, 27 warnings, 2 infos) in 9 files");
  });

  it("stylish: grouped by file, position, severity, message, id, the source line with the span marked, a summary; no colour off a TTY", () => {
    const r = runLint(sb, []);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain("\u001b[");
    const out = r.stdout;
    for (const [path] of EXPECTED) expect(out).toContain(`\n${path}\n`.replace(/^\n(\.github)/, "$1"));
    expect(out).toContain(
      [
        "scripts/deploy.sh",
        "   5:1  warning  rm -rf deletes everything below its targets without asking; check the targets, or delete a named directory without -f.  dangerous/rm-recursive-force",
        '        rm -rf "$BUILD_DIR"/',
        "        ^^^^^^^^^^^^^^^^^^^^",
        "   5:8  warning  rm $BUILD_DIR/: if a variable in it is empty or unset, this is / (the root directory /); guard it with ${VAR:?} or a [ -n \"$VAR\" ] test first.  deletion/dynamic-target",
        '        rm -rf "$BUILD_DIR"/',
        "               ^^^^^^^^^^^^^",
      ].join("\n"),
    );
    expect(out).toContain("  12:53  warning  Piping into bash");
    expect(out).toContain("                   curl -sSL https://example.com/i.sh | sudo bash\n                                                             ^^^^\n");
    expect(out.trimEnd().split("\n").pop()).toBe("✖ 33 problems (4 errors, 27 warnings, 2 infos) in 9 files");
  });

  it("the same findings with worker threads and without", async () => {
    const one = runLint(sb, ["--format", "json", "-j", "1"]);
    const many = await runLintAsync(sb, ["--format", "json", "-j", "4"]);
    expect(many.stdout).toBe(one.stdout);
  });
});

describe("many files: worker threads", () => {
  it("lints more than 32 files on worker threads with the same results, in order", async () => {
    const dir = join(sb.base, "many");
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) {
      const name = `s${String(i).padStart(3, "0")}`;
      files[`${name}.sh`] = `echo ${i}\n${"true\n".repeat(i % 7)}rm -rf "$D${i}"/\n`;
      if (i % 10 === 0) files[`d${i}/README.md`] = "```sh\ncurl x | sh\n```\n";
    }
    write(dir, files);
    const serial = runLint(sb, ["--format", "json", "-j", "1"], { cwd: dir });
    const parallel = await runLintAsync(sb, ["--format", "json", "-j", "3"], { cwd: dir });
    expect(parallel.stderr).toBe("");
    expect(parallel.code).toBe(0);
    expect(parallel.stdout).toBe(serial.stdout);
    const report = JSON.parse(parallel.stdout) as JsonReport;
    expect(report.fileCount).toBe(132);
    expect(report.warningCount).toBe(120 * 2 + 12);
    const s7 = report.files.find((f) => f.path === "s007.sh")!;
    expect(s7.messages.map((m) => `${m.line}:${m.column} ${m.id}`)).toEqual(["2:1 dangerous/rm-recursive-force", "2:8 deletion/dynamic-target"]);
    // Node flags a worker may not take (per-process ones) do not stop the workers.
    const flagged = spawnSync(process.execPath, ["--max-semi-space-size=16", RUN_LINT, "--format", "json", "-j", "3"], { cwd: dir, env: sb.env, encoding: "utf8" });
    expect(quiet(flagged.stderr)).toBe("");
    expect(flagged.stdout).toBe(serial.stdout);
    // And through the shellguard CLI (its esbuild bundle when the build made a current one).
    const cli = spawnSync(process.execPath, [join(ROOT, "bin", "shellguard.cjs"), "lint", "--format", "json", "-j", "3"], { cwd: dir, env: sb.env, encoding: "utf8" });
    expect(quiet(cli.stderr)).toBe("");
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(serial.stdout);
  });
});

describe("colour", () => {
  const io = (isTTY: boolean, env: NodeJS.ProcessEnv) => {
    let stdout = "";
    let stderr = "";
    return {
      io: { stdin: process.stdin, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, env: { ...sb.env, ...env }, cwd: FIXTURE, isTTY },
      out: () => stdout,
      err: () => stderr,
    };
  };

  it("on a TTY, and never with NO_COLOR", async () => {
    const tty = io(true, {});
    expect(await runLintInProcess(["scripts/deploy.sh"], tty.io)).toBe(1);
    expect(tty.out()).toContain("\u001b[33mwarning\u001b[39m");
    expect(tty.out()).toContain("\u001b[31merror\u001b[39m");
    const noColor = io(true, { NO_COLOR: "1" });
    expect(await runLintInProcess(["scripts/deploy.sh"], noColor.io)).toBe(1);
    expect(noColor.out()).not.toContain("\u001b[");
    expect(noColor.err()).toBe("");
  });
});

describe("exit codes and options", () => {
  let dir: string;
  beforeAll(() => {
    dir = join(sb.base, "proj");
    mkdirSync(dir, { recursive: true });
    write(dir, {
      "clean.sh": "#!/bin/sh\necho hello\nls -la\n",
      "warn.sh": "chmod 777 build\ncurl x | sh\n",
      "info.sh": '"$CMD" --x\n',
      "bad.yaml": "rules: [\n",
      "bad-severity.yaml": "lint:\n  severity:\n    dangerous: loud\n",
      "strict.yaml": "lint:\n  severity:\n    dangerous: error\n    nope/x: off\n",
      "quiet.yaml": "lint:\n  severity:\n    dangerous: 'off'\n    shell: 'off'\n",
      "notes.txt": "rm -rf /\n",
      "tool": "rm -rf ~\n",
      "data.yml": "run: rm -rf /\n",
    });
  });

  it("0 when clean, or with warnings and infos only", () => {
    expect(runLint(sb, ["clean.sh"], { cwd: dir })).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(runLint(sb, ["warn.sh", "info.sh"], { cwd: dir }).code).toBe(0);
  });

  it("--max-warnings", () => {
    expect(runLint(sb, ["warn.sh", "--max-warnings", "2"], { cwd: dir }).code).toBe(0);
    const over = runLint(sb, ["warn.sh", "--max-warnings", "1"], { cwd: dir });
    expect(over.code).toBe(1);
    expect(over.stdout, over.stderr).toContain("Too many warnings (2; maximum: 1).");
    const json = runLint(sb, ["warn.sh", "info.sh", "--max-warnings=0", "-f", "json"], { cwd: dir });
    expect(json.code).toBe(1);
    expect(json.stderr).toBe("shellguard lint: too many warnings (2; maximum: 0)\n");
    expect(runLint(sb, ["warn.sh", "--max-warnings", "-1"], { cwd: dir }).code).toBe(0);
    // Infos never count.
    expect(runLint(sb, ["info.sh", "--max-warnings", "0"], { cwd: dir }).code).toBe(0);
  });

  it("1 for errors; severities from --config", () => {
    const r = runLint(sb, ["warn.sh", "--config", "strict.yaml", "-f", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('shellguard: lint.severity: "nope/x" is not a finding id or check name; it has no effect\n');
    expect((JSON.parse(r.stdout) as JsonReport).files[0]!.messages.map((m) => `${m.severity} ${m.id}`)).toEqual(["error dangerous/chmod-world-writable", "warning shell/pipe-to-shell"]);
    expect(runLint(sb, ["warn.sh", "-c", "quiet.yaml"], { cwd: dir })).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("3 for usage and config errors", () => {
    for (const args of [["--bogus"], ["--format", "xml"], ["--max-warnings", "many"], ["missing.sh"], ["*.nothing"], ["--stdin-filename", "x.sh"], ["-", "-"], ["--jobs", "0"]]) {
      const r = runLint(sb, args, { cwd: dir });
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^shellguard lint: [\s\S]+\nRun "shellguard lint --help" for usage\.\n$/);
    }
    for (const cfg of ["bad.yaml", "bad-severity.yaml", "missing.yaml"]) {
      const r = runLint(sb, ["clean.sh", "--config", cfg], { cwd: dir });
      expect(r.code, cfg).toBe(3);
      expect(r.stderr).toContain(cfg);
    }
  });

  it("files of no known kind are skipped, unless named and extensionless", () => {
    const r = runLint(sb, ["notes.txt", "data.yml", "tool", "-f", "json"], { cwd: dir });
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.files.map((f) => f.path)).toEqual(["tool"]);
    expect(report.files[0]!.messages.map((m) => m.id)).toEqual(["dangerous/rm-recursive-force", "deletion/home"]);
    // Found by expanding a directory, an extensionless file needs a shebang (or modeline).
    const all = JSON.parse(runLint(sb, ["-f", "json"], { cwd: dir }).stdout) as JsonReport;
    expect(all.files.map((f) => f.path).sort()).toEqual(["clean.sh", "info.sh", "warn.sh"]);
  });

  it("--help", () => {
    const r = runLint(sb, ["--help"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("shellguard lint [paths..]");
    for (const o of ["--format", "--max-warnings", "--stdin-filename", "--config", "--jobs"]) expect(r.stdout).toContain(o);
  });
});

describe("stdin", () => {
  it("- reads stdin; --stdin-filename names it and picks the extractor", () => {
    const wf = "jobs:\n  a:\n    steps:\n      - run: |\n          echo hi\n          rm -rf /\n";
    const r = runLint(sb, ["-", "--stdin-filename", ".github/workflows/x.yml", "-f", "json"], { input: wf });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.files.map((f) => [f.path, f.kind])).toEqual([[".github/workflows/x.yml", "workflow"]]);
    expect(report.files[0]!.messages.map((m) => `${m.line}:${m.column} ${m.id}`)).toEqual(["6:11 dangerous/rm-recursive-force", "6:18 deletion/root"]);
  });

  it("without a name it is a shell script; stdin and files together", () => {
    const r = runLint(sb, ["-", "bin/release", "-f", "github"], { input: "echo ok\nkill -9 1\n" });
    expect(r.stdout).toContain("::warning file=<stdin>,line=2,col=1,endLine=2,endColumn=9,title=shellguard dangerous/kill-force::");
    expect(r.stdout).toContain("file=bin/release,line=4");
    const md = runLint(sb, ["-", "--stdin-filename", "doc.md"], { input: "text\n\n```sh\nrm -rf /\n```\n" });
    expect(md.stdout).toContain("doc.md\n  4:1  warning");
  });
});
