/**
 * `shellguard lint [paths..]`: the shell kept in a repository's scripts, Markdown, workflows,
 * Dockerfiles and package.json, analysed like `check` (guard analysis), with findings at their
 * line and column in the formats CI systems read. See docs/lint.md.
 *
 *   const code = await runLint(process.argv.slice(3), { stdin: process.stdin, stdout: process.stdout,
 *     stderr: process.stderr, env: process.env, cwd: process.cwd(), isTTY: Boolean(process.stdout.isTTY) });
 */

import { homedir } from "../facts/home.js";
import { resolve } from "node:path";
import yargs from "yargs";
import { styleFor } from "../render/format.js";
import { loadConfig } from "../config/index.js";
import type { ResolvedConfig } from "../config/types.js";
import { verifyRule } from "../engine/verify.js";
import { kindByName } from "./extract/index.js";
import { expandPaths, type Target } from "./files.js";
import { IgnoreMatcher, ignoreFilesFor } from "./ignore.js";
import { lintText, type FileResult, type LintSettings } from "./lint-file.js";
import { LINT_USAGE, lintBuilder } from "./options.js";
import { lintTargets } from "./pool.js";
import { FORMATS, REPORTERS, type Format, type LintReport } from "./reporters/index.js";
import { severityResolver, unknownSeverityKeys } from "./severity.js";
import { ready } from "../facts/index.js";
import type { Env } from "../config/env.js";

export { LINT_OPTIONS, LINT_USAGE, lintBuilder } from "./options.js";
export { FORMATS, type Format, type LintReport } from "./reporters/index.js";
export type { FileResult, LintMessage, LintSettings } from "./lint-file.js";
export { lintText } from "./lint-file.js";
export { DEFAULT_SEVERITY, knownFindings } from "./severity.js";

export interface LintIO {
  stdin: NodeJS.ReadableStream;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: Env;
  cwd: string;
  /** Is stdout a terminal (colour)? */
  isTTY: boolean;
}

export const LINT_EXIT = { clean: 0, problems: 1, error: 3 } as const;

export interface LintArgs {
  paths: string[];
  format: Format;
  maxWarnings?: number;
  stdinFilename?: string;
  config?: string;
  jobs?: number;
}

class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Parse `lint` arguments; `help` holds the help text when --help was asked for. */
export async function parseLintArgs(argv: readonly string[]): Promise<{ args: LintArgs } | { help: string }> {
  const parser = lintBuilder(
    yargs()
      .scriptName("shellguard")
      .usage(LINT_USAGE)
      .parserConfiguration({ "parse-positional-numbers": false, "duplicate-arguments-array": false, "strip-aliased": true })
      .strictOptions()
      .version(false)
      .help("help")
      .alias("help", "h")
      .wrap(null)
      .exitProcess(false),
  );
  const { parsed, output } = await new Promise<{ parsed: Record<string, unknown>; output: string }>((res, rej) => {
    void parser.parse([...argv], {}, (err: Error | undefined, a: Record<string, unknown>, out: string) => {
      if (err) rej(new UsageError(err.message));
      else res({ parsed: a, output: out });
    });
  });
  if (parsed.help) return { help: output.endsWith("\n") ? output : output + "\n" };
  const raw = (parsed._ as unknown[] | undefined) ?? [];
  const paths = raw.map(String);
  const format = parsed.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`Unknown format "${String(format)}" (use ${FORMATS.join(", ")})`);
  const args: LintArgs = { paths, format };
  const max = parsed["max-warnings"];
  if (max !== undefined) {
    if (typeof max !== "number" || !Number.isInteger(max) || max < -1) throw new UsageError(`--max-warnings takes a whole number (or -1 for no limit), not ${asWritten(argv, ["--max-warnings"], max)}`);
    if (max >= 0) args.maxWarnings = max;
  }
  const jobs = parsed.jobs;
  if (jobs !== undefined) {
    if (typeof jobs !== "number" || !Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs takes a whole number of at least 1, not ${asWritten(argv, ["--jobs", "-j"], jobs)}`);
    args.jobs = jobs;
  }
  for (const key of ["stdin-filename", "config"] as const) {
    const v = parsed[key];
    if (v === undefined) continue;
    if (typeof v !== "string" || v === "") throw new UsageError(`--${key} needs a value`);
    if (key === "config") args.config = v;
    else args.stdinFilename = v;
  }
  if (args.stdinFilename !== undefined && !paths.includes("-")) throw new UsageError('--stdin-filename names the text read from stdin: give "-" as a path too');
  if (paths.filter((p) => p === "-").length > 1) throw new UsageError('stdin ("-") can be read only once');
  return { args };
}

/** The value of `--name` as typed (yargs turns `abc` into NaN for a number option), quoted. */
function asWritten(argv: readonly string[], flags: readonly string[], parsed: unknown): string {
  let raw: string | undefined;
  argv.forEach((a, i) => {
    for (const f of flags) {
      if (a === f) raw = argv[i + 1];
      else if (a.startsWith(`${f}=`)) raw = a.slice(f.length + 1);
    }
  });
  return raw === undefined ? String(parsed) : JSON.stringify(raw);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

export function lintSettings(config: ResolvedConfig, cwd: string, env: Env): LintSettings {
  return {
    config,
    analysis: {
      guard: true,
      cwd,
      home: env.HOME || homedir(),
      workingDirectories: config.workingDirectories,
      sensitiveFiles: config.sensitiveFiles,
      sensitiveDirectories: config.sensitiveDirectories,
      secrets: { files: config.secretFiles, except: config.notSecretFiles },
      gitPack: config.gitPack,
      packs: config.dangerousPacks,
    },
  };
}

function errorLine(io: LintIO, error: unknown): number {
  const e = error instanceof Error ? error : new Error(String(error));
  if (e.name === "UsageError") io.stderr.write(`shellguard lint: ${e.message}\nRun "shellguard lint --help" for usage.\n`);
  else if (e.name === "ConfigError") io.stderr.write(`shellguard: ${e.message}\n`);
  else io.stderr.write(`shellguard lint: internal error: ${e.stack ?? e.message}\n`);
  return LINT_EXIT.error;
}

/** Run `shellguard lint` with these arguments (those after `lint`); resolves to the exit code. */
export async function runLint(argv: readonly string[], io: LintIO): Promise<number> {
  try {
    // This bundle has its own parser module: without the addon, its WebAssembly parser loads here.
    await ready();
    const parsed = await parseLintArgs(argv);
    if ("help" in parsed) {
      io.stdout.write(parsed.help);
      return LINT_EXIT.clean;
    }
    const { args } = parsed;
    const cwd = resolve(io.cwd);
    const config = loadConfig({ cwd, env: io.env, verifyRule, ...(args.config !== undefined ? { configFile: args.config } : {}) });
    for (const w of config.warnings) io.stderr.write(`shellguard: ${w}\n`);
    for (const k of unknownSeverityKeys(config.lintSeverity)) io.stderr.write(`shellguard: lint.severity: "${k}" is not a finding id or check name; it has no effect\n`);
    const settings = lintSettings(config, cwd, io.env);

    const paths = args.paths.length ? args.paths : ["."];
    const ignore = new IgnoreMatcher([...config.lintIgnore, ...ignoreFilesFor(cwd)]);
    const files: Target[] = expandPaths(paths.filter((p) => p !== "-"), cwd, ignore);
    const stdinAt = paths.indexOf("-");
    let fromStdin: FileResult | null = null;
    if (stdinAt !== -1) {
      const name = args.stdinFilename ?? "<stdin>";
      const byName = kindByName(name);
      const kind = byName === null || byName === "maybe-script" ? "script" : byName;
      fromStdin = lintText(name.replace(/\\/g, "/"), await readAll(io.stdin), kind, settings);
    }
    const onWorkerError = (e: unknown): void => {
      io.stderr.write(`shellguard lint: worker threads failed (${e instanceof Error ? e.message.split("\n")[0] : String(e)}); linting in one thread\n`);
    };
    const linted = await lintTargets(files, settings, { onWorkerError, ...(args.jobs !== undefined ? { jobs: args.jobs } : {}) });
    const results = linted.filter((r): r is FileResult => r !== null);
    if (fromStdin) results.splice(Math.min(stdinAt, results.length), 0, fromStdin);

    const report: LintReport = {
      results,
      errorCount: results.reduce((n, r) => n + r.errorCount, 0),
      warningCount: results.reduce((n, r) => n + r.warningCount, 0),
      infoCount: results.reduce((n, r) => n + r.infoCount, 0),
      cwd,
      severity: severityResolver(config.lintSeverity),
      ...(args.maxWarnings !== undefined ? { maxWarnings: args.maxWarnings } : {}),
    };
    const style = styleFor({ isTTY: io.isTTY }, io.env);
    io.stdout.write(REPORTERS[args.format](report, { style }));
    const tooMany = args.maxWarnings !== undefined && report.warningCount > args.maxWarnings;
    if (tooMany && args.format !== "stylish" && args.format !== "github") {
      io.stderr.write(`shellguard lint: too many warnings (${report.warningCount}; maximum: ${args.maxWarnings})\n`);
    }
    return report.errorCount > 0 || tooMany ? LINT_EXIT.problems : LINT_EXIT.clean;
  } catch (error) {
    return errorLine(io, error);
  }
}
