/**
 * CLI entry (bin/shellguard.cjs). Kept lean: `check` with plain arguments — the hot path for
 * agents and scripts — is parsed here and goes straight to check.js without loading yargs;
 * anything else (help, other subcommands, unusual arguments, extra words, unknown options) goes
 * to the yargs CLI in app.ts, which calls the same runCheck or refuses with a usage error, so
 * both paths behave identically: the fast path only ever accepts what yargs accepts.
 * SHELLGUARD_NO_FAST_PATH=1 forces the yargs path (tests compare the two).
 */

import type { CheckArgs } from "./check.js";

const FLAGS = new Set(["json", "stdin", "batch"]);
const VALUES = new Set(["mode", "cwd", "config", "dialect"]);

/** `check` arguments in the simple forms only; null means "let yargs parse it". */
export function parseFastCheck(argv: readonly string[]): CheckArgs | null {
  if (argv[0] !== "check") return null;
  const out: CheckArgs = {};
  const seen = new Set<string>();
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      // `check -- "<command>"`: exactly one word after it, as in app.ts (more is a usage error there).
      if (out.command !== undefined || i + 2 !== argv.length || argv[i + 1] === "") return null;
      out.command = argv[i + 1];
      return out;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (seen.has(name)) return null;
      seen.add(name);
      if (FLAGS.has(name) && eq === -1) {
        out[name as "json" | "stdin" | "batch"] = true;
      } else if (VALUES.has(name)) {
        let value: string | undefined;
        if (eq !== -1) value = arg.slice(eq + 1);
        else {
          value = argv[++i];
          if (value === undefined || value.startsWith("-")) return null;
        }
        if (value === "") return null;
        out[name as "mode" | "cwd" | "config" | "dialect"] = value;
      } else return null;
    } else if (arg.startsWith("-") || arg === "" || out.command !== undefined) {
      return null;
    } else {
      out.command = arg;
    }
  }
  return out;
}

const io = () => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });

/** Subcommands that parse their own arguments: they load neither yargs nor each other. */
const DELEGATED: Readonly<Record<string, (rest: string[]) => Promise<number>>> = {
  "agent-hook": async (rest) => (await import("../agents/index.js")).runAgentHookCommand(rest, io()),
  lint: async (rest) => (await import("../lint/index.js")).runLint(rest, { ...io(), isTTY: process.stdout.isTTY === true }),
  hook: async (rest) => (await import("../shell/cli.js")).runHookCommand(rest, io()),
  on: async (rest) => (await import("../shell/cli.js")).runOnOffCommand("on", rest, io()),
  off: async (rest) => (await import("../shell/cli.js")).runOnOffCommand("off", rest, io()),
  completion: async (rest) => (await import("./completion.js")).runCompletion(rest, (text) => void process.stdout.write(text)),
};

/**
 * `shellguard lint | head`: a closed pipe ends the output, not with a stack trace. Set up for the
 * subcommands that write through process.stdout; `check` writes through out.ts, which never
 * creates that stream when it can help it.
 */
function endOnClosedPipe(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** Subcommands that never parse a command line: they need no parser. */
const NO_PARSER = new Set(["hook", "on", "off", "--version", "-v", "--help", "-h", "init", "trust", "untrust", "completion", "log"]);

/**
 * `--color` / `--no-color` anywhere before `--`, for every subcommand: taken out of the arguments
 * and turned into FORCE_COLOR for the whole process, which every output reads (render/format.ts).
 * The last one given wins.
 */
export function takeColorFlags(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      out.push(...argv.slice(i));
      break;
    }
    if (arg === "--color") env.FORCE_COLOR = "1";
    else if (arg === "--no-color") env.FORCE_COLOR = "0";
    else out.push(arg);
  }
  return out;
}

/**
 * Resolves when the parser is usable: at once with the native addon; without it, once the
 * WebAssembly fallback has loaded (until then every analysis would fail safe to "ask").
 */
async function parserReady(): Promise<void> {
  const { ready } = await import("../facts/index.js");
  await ready();
}

export async function main(rawArgv: readonly string[]): Promise<void> {
  const argv = takeColorFlags(rawArgv, process.env);
  const fast = process.env.SHELLGUARD_NO_FAST_PATH ? null : parseFastCheck(argv);
  if (argv[0] === undefined || !NO_PARSER.has(argv[0])) await parserReady();
  if (fast) {
    const { runCheck } = await import("./check.js");
    process.exitCode = await runCheck(fast);
    return;
  }
  endOnClosedPipe();
  const delegated = argv[0] !== undefined ? DELEGATED[argv[0]] : undefined;
  if (delegated !== undefined) {
    process.exitCode = await delegated(argv.slice(1));
    return;
  }
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    const { version } = await import("./version.js");
    process.stdout.write(version() + "\n");
    return;
  }
  const { runApp } = await import("./app.js");
  await runApp([...argv]);
}
