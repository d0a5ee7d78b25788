/**
 * `shellguard serve`: the `--batch` protocol kept alive for the shell hook. The config is re-read
 * when a config file changes (stat-based); a config error answers the request with an error
 * object and the worker stays up, so the hook can apply its own on-error policy. Config warnings
 * go to stderr, each once.
 */

import { recordDecision } from "../audit/record.js";
import { Guard } from "../engine/guard.js";
import { normalizeMode } from "../engine/modes.js";
import { EXIT, reportError } from "./errors.js";
import { printWarning } from "./check.js";
import { runJsonLines } from "./jsonl.js";

export interface ServeArgs {
  mode?: string | undefined;
  cwd?: string | undefined;
  config?: string | undefined;
}

export async function runServe(args: ServeArgs): Promise<number> {
  try {
    const mode = args.mode !== undefined ? normalizeMode(args.mode) : undefined;
    const guard = new Guard({
      ...(args.cwd !== undefined ? { cwd: args.cwd } : {}),
      ...(args.config !== undefined ? { configFile: args.config } : {}),
      ...(mode !== undefined ? { mode } : {}),
      reload: true,
      onWarning: printWarning,
    });
    // The reader went away: nothing more to answer.
    process.stdout.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(EXIT.allow);
      throw e;
    });
    await runJsonLines(process.stdin, (line) => process.stdout.write(line), guard, {}, (ex) => recordDecision(ex, "serve"));
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}
