/**
 * The full CLI, built with yargs (loaded only when the fast path in main.ts does not apply).
 * Every subcommand's module is imported when that subcommand runs.
 */

import yargs, { type Argv } from "yargs";
import { MODES, MODE_ALIASES } from "../engine/types.js";
import { EXIT, reportError, UsageError } from "./errors.js";
import { version } from "./version.js";
import { ready } from "../facts/index.js";

const MODE_LIST = [...MODES, ...Object.keys(MODE_ALIASES)].join(", ");

function configOptions<T>(y: Argv<T>) {
  return y
    .option("cwd", { type: "string", describe: "Working directory (config discovery, path checks)" })
    .option("config", { type: "string", describe: "Use exactly this config file (no discovery)" });
}

function modeOption<T>(y: Argv<T>) {
  return y.option("mode", { type: "string", describe: `Permission mode: ${MODE_LIST}` });
}

function dialectOption<T>(y: Argv<T>) {
  return y.option("dialect", { type: "string", describe: "The shell the command is written for: bash (default), zsh or fish" });
}

const setExit = (code: number): void => {
  process.exitCode = code;
};

/** Subcommands whose one positional is a command line. */
const TAKES_COMMAND = new Set(["check", "explain"]);
const OWN_OPTION = /^--(?:no-)?(?:mode|dialect|cwd|config|json|stdin|batch)(?:=|$)/;

/** POSIX single quotes, for the hint that shows how to quote a command line. */
function quoteArg(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * For check and explain, what a usage error adds: the command line must be one argument. The
 * example quotes the words given when they hold none of the subcommand's own options.
 */
function quoteHint(argv: readonly string[]): string {
  const sub = argv[0] ?? "check";
  const words = argv.slice(1).filter((w) => w !== "--");
  const line = words.length > 0 && !words.some((w) => OWN_OPTION.test(w)) ? quoteArg(words.join(" ")) : "'<command line>'";
  return `${sub} takes the command line as one argument: quote it, as in shellguard ${sub} ${line} (or shellguard ${sub} -- ${line}).`;
}

/**
 * The command line of check or explain: the positional, or the one word after `--`. Several words
 * are never joined: the shell has already removed their quotes, so the text would not be the
 * command that runs (`check -- bash -c 'rm -rf ~'` would become `bash -c rm -rf ~`).
 */
function commandLine(sub: string, positional: string | undefined, rest: readonly string[] | undefined): string | undefined {
  if (!rest || rest.length === 0) return positional;
  if (positional !== undefined) throw new UsageError(`${sub} takes one command line, before "--" or after it, not both.`);
  if (rest.length > 1) throw new UsageError(`${sub} takes the command line as one argument after "--": quote it, as in shellguard ${sub} -- ${quoteArg(rest.join(" "))}.`);
  return rest[0];
}

export async function runApp(argv: string[]): Promise<void> {
  // This bundle has its own parser module: without the addon, its WebAssembly parser loads here.
  await ready();
  // yargs runs the handler even after a validation failure when exitProcess is off: once fail()
  // has been called, no handler may run (an unknown option must never lead to a decision).
  let failed = false;
  const cli = yargs(argv)
    .scriptName("shellguard")
    .usage("$0 <command> [options]\n\nDecides, before a shell command runs, whether it may run: allow, ask or deny, and says why.")
    .parserConfiguration({ "parse-positional-numbers": false, "parse-numbers": false, "duplicate-arguments-array": false, "populate--": true })
    .command(
      "check [command]",
      "Decide whether a command may run (exit 0 allow, 1 ask, 2 deny, 3 error)",
      (y) =>
        dialectOption(modeOption(configOptions(y)))
          .positional("command", { type: "string", describe: "The command line to check, as one argument (quote it; or after --)" })
          .option("json", { type: "boolean", describe: "Print the decision as one JSON object per line" })
          .option("stdin", { type: "boolean", describe: "Read one whole command from stdin" })
          .option("batch", { type: "boolean", describe: 'Read JSON Lines {"id"?, "command", "mode"?, "cwd"?, "dialect"?} from stdin; one decision per line' })
          .example('$0 check "rm -rf build"', "")
          .example('$0 check --json --mode dontAsk "git push --force"', "")
          .example('$0 check -- "$line"', "the one word after -- is the command line, even when it starts with -"),
      async (a) => {
        if (failed) return;
        const command = commandLine("check", a.command, a["--"] as string[] | undefined);
        const { runCheck } = await import("./check.js");
        setExit(await runCheck({ command, mode: a.mode, dialect: a.dialect, cwd: a.cwd, config: a.config, json: a.json, stdin: a.stdin, batch: a.batch }));
      },
    )
    .command(
      "explain [command]",
      "Show the facts of a command and each of the six steps' outcome",
      (y) =>
        dialectOption(modeOption(configOptions(y)))
          .positional("command", { type: "string", describe: "The command line to explain" })
          .option("json", { type: "boolean", describe: "Print the Facts as JSON" })
          .option("stdin", { type: "boolean", describe: "Read one whole command from stdin" }),
      async (a) => {
        if (failed) return;
        const command = commandLine("explain", a.command, a["--"] as string[] | undefined);
        const { runExplain } = await import("./explain.js");
        setExit(await runExplain({ command, mode: a.mode, dialect: a.dialect, cwd: a.cwd, config: a.config, json: a.json, stdin: a.stdin }));
      },
    )
    .command(
      "serve",
      "Answer JSON Lines check requests on stdin until it closes (for the shell hook)",
      (y) => modeOption(configOptions(y)),
      async (a) => {
        if (failed) return;
        const { runServe } = await import("./serve.js");
        setExit(await runServe({ mode: a.mode, cwd: a.cwd, config: a.config }));
      },
    )
    .command(
      "init",
      "Write a starter config (.shellguardrc.yaml) in the working directory",
      (y) =>
        y
          .option("cwd", { type: "string", describe: "Directory to write it in" })
          .option("format", { type: "string", describe: "yaml (default, commented) or json" }),
      async (a) => {
        if (failed) return;
        const { runInit } = await import("./manage.js");
        setExit(runInit({ cwd: a.cwd, format: a.format }));
      },
    )
    .command(
      "test",
      "Check every rule's match/notMatch examples (exit 0 all pass, 1 some fail)",
      (y) => configOptions(y),
      async (a) => {
        if (failed) return;
        const { runTest } = await import("./manage.js");
        setExit(runTest({ cwd: a.cwd, config: a.config }));
      },
    )
    .command(
      "doctor",
      "Is shellguard active? Shell hooks, agent hooks (a canary each), config, parser (exit 1 when something is broken)",
      (y) => y.option("json", { type: "boolean", describe: "Machine-readable report" }).option("cwd", { type: "string", describe: "Working directory" }),
      async (a) => {
        if (failed) return;
        const { runDoctor } = await import("../agents/doctor-cli.js");
        setExit(await runDoctor({ json: a.json, cwd: a.cwd }, { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }));
      },
    )
    .command(
      "log",
      "Show the audit log: the decisions recorded when the user config's log is on (docs/audit.md)",
      (y) =>
        y
          .option("since", { type: "string", describe: "Only entries since a time: 90s, 30m, 1h, 2d, 1w, or a date (2026-12-04T10:00)" })
          .option("decision", { type: "string", describe: "Only these decisions: allow, ask, deny (comma-separated)" })
          .option("source", { type: "string", describe: "Only this source: check, serve, shell (any shell) or shell:bash, an agent (claude-code, ...)" })
          .option("json", { type: "boolean", describe: "Print the entries as JSON Lines" })
          .option("file", { type: "string", describe: "Read this log file (default: the user config's log.file)" })
          .option("config", { type: "string", describe: "Use exactly this config file (no discovery)" })
          .example("$0 log --since 1h --decision deny", "")
          .example("$0 log --source claude-code --json", ""),
      async (a) => {
        if (failed) return;
        const { runLog } = await import("./log.js");
        setExit(runLog({ since: a.since, decision: a.decision, source: a.source, json: a.json, file: a.file, config: a.config }, { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }));
      },
    )
    .command(
      "trust [file]",
      "Trust a project config file (default: the one found from the working directory)",
      (y) => y.positional("file", { type: "string" }).option("cwd", { type: "string", describe: "Working directory" }),
      async (a) => {
        if (failed) return;
        const { runTrust } = await import("./manage.js");
        setExit(runTrust({ file: a.file, cwd: a.cwd }));
      },
    )
    .command(
      "untrust [file]",
      "Forget the trust of a project config file",
      (y) => y.positional("file", { type: "string" }).option("cwd", { type: "string", describe: "Working directory" }),
      async (a) => {
        if (failed) return;
        const { runUntrust } = await import("./manage.js");
        setExit(runUntrust({ file: a.file, cwd: a.cwd }));
      },
    )
    // Parsed by their own modules (main.ts delegates before yargs loads); listed here for --help.
    .command("lint [paths..]", "Lint shell in scripts, Markdown, workflows, Dockerfiles, package.json (see shellguard lint --help)", (y) => y.strict(false).help(false), () => undefined)
    .command("agent-hook <agent>", "Veto hook for coding agents: claude-code, gemini-cli, codex, copilot-cli, cursor, opencode, install, uninstall (see shellguard agent-hook --help)", (y) => y.strict(false).help(false), () => undefined)
    .command("hook <shell>", "Print the shell integration to eval: bash, zsh or fish (see docs/shell.md)", (y) => y.strict(false).help(false), () => undefined)
    .command("off", "Switch the shell hook off for this shell session (a function the hook defines)", (y) => y, () => undefined)
    .command("on", "Switch the shell hook back on for this shell session", (y) => y, () => undefined)
    .command("completion <shell>", "Print a shell completion script: bash, zsh or fish (eval \"$(shellguard completion bash)\")", (y) => y.strict(false).help(false), () => undefined)
    .option("color", { type: "boolean", describe: "Colour the output even when it is not a terminal (--no-color: never); FORCE_COLOR and NO_COLOR are honoured too" })
    // Words after "--" belong to check and explain only (their command line).
    .check((a) => {
      const sub = String(a._[0] ?? "");
      const rest = a["--"] as unknown[] | undefined;
      if (rest?.length && !TAKES_COMMAND.has(sub)) throw new UsageError(`${sub} takes no words after "--" (got ${rest.map((w) => JSON.stringify(w)).join(" ")}).`);
      return true;
    }, true)
    .demandCommand(1, "Name a command: check, explain, serve, lint, hook, agent-hook, doctor, log, init, test, trust, untrust, completion.")
    .recommendCommands()
    .strict()
    .version(version())
    .alias("v", "version")
    .alias("h", "help")
    .help()
    .wrap(process.stdout.isTTY && process.stdout.columns ? Math.min(120, process.stdout.columns) : null)
    .fail((msg, err) => {
      // yargs may report one mistake several times (a missing command and an unknown option):
      // the first is the one printed.
      if (failed) return;
      failed = true;
      if (err) {
        process.exitCode = reportError(err);
        return;
      }
      const hint = TAKES_COMMAND.has(argv[0] ?? "") && /^Unknown argument/.test(msg) ? `\n${quoteHint(argv)}` : "";
      process.stderr.write(`shellguard: ${msg}${hint}\nRun "shellguard --help" for usage.\n`);
      process.exitCode = EXIT.error;
    })
    .exitProcess(false);
  try {
    await cli.parseAsync();
  } catch (error) {
    // fail() has reported it already (yargs calls it with a handler's error, then rejects).
    if (!failed) process.exitCode = reportError(error);
  }
}
