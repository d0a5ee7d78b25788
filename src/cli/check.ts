/** `shellguard check`: one command (argument or --stdin) or a JSON Lines batch. */

import { readFileSync } from "node:fs";
import { recordDecision } from "../audit/record.js";
import { Guard } from "../engine/guard.js";
import { DIALECTS, isDialect, type Dialect } from "../analysis/dialects/index.js";
import { normalizeMode } from "../engine/modes.js";
import { EXIT, exitFor, reportError, UsageError } from "./errors.js";
import { formatDecision, oneLine, styleFor } from "../render/format.js";
import { stdoutIsTTY, writeStdout } from "./out.js";

export interface CheckArgs {
  command?: string | undefined;
  mode?: string | undefined;
  /** bash, zsh or fish: normalised by dialectOf, once. */
  dialect?: string | undefined;
  cwd?: string | undefined;
  config?: string | undefined;
  json?: boolean | undefined;
  stdin?: boolean | undefined;
  batch?: boolean | undefined;
}

/** All of stdin, minus one trailing newline (what `$(cat)` would give). */
export function readStdin(): string {
  const text = readFileSync(0, "utf8");
  return text.replace(/\r?\n$/, "");
}

export function writeOut(text: string): void {
  writeStdout(text);
}

/** A config warning on stderr; the guard passes each distinct one once (also across a --batch). */
export function printWarning(warning: string): void {
  process.stderr.write(`shellguard: warning: ${oneLine(warning)}\n`);
}

/** The --dialect flag, normalised once where it enters: the shell the command is written for. */
export function dialectOf(value: string | undefined): { dialect?: Dialect } {
  if (value === undefined) return {};
  if (!isDialect(value)) throw new UsageError(`Unknown dialect "${oneLine(value)}": one of ${DIALECTS.join(", ")}.`);
  return { dialect: value };
}

/** Run `check`; returns the exit code. */
export async function runCheck(args: CheckArgs): Promise<number> {
  try {
    const sources = [args.command !== undefined, !!args.stdin, !!args.batch].filter(Boolean).length;
    if (sources === 0) throw new UsageError("check needs a command: shellguard check \"<command>\", --stdin or --batch.");
    if (sources > 1) throw new UsageError("check takes one of: a command argument, --stdin, --batch.");
    // The --mode flag is normalised here, once; everything below takes the ModeName.
    const mode = args.mode !== undefined ? normalizeMode(args.mode) : undefined;
    const dialect = dialectOf(args.dialect);
    const guard = new Guard({
      ...(args.cwd !== undefined ? { cwd: args.cwd } : {}),
      ...(args.config !== undefined ? { configFile: args.config } : {}),
      ...(mode !== undefined ? { mode } : {}),
      reload: false,
      onWarning: printWarning,
    });
    guard.configFor();
    if (args.batch) {
      const { runJsonLines } = await import("./jsonl.js");
      await runJsonLines(process.stdin, writeOut, guard, { ...(mode !== undefined ? { mode } : {}), ...dialect }, (ex) => recordDecision(ex, "check"));
      return EXIT.allow;
    }
    const command = args.stdin ? readStdin() : args.command!;
    const explanation = guard.explain(command, dialect);
    recordDecision(explanation, "check");
    const { decision } = explanation;
    writeOut(args.json ? JSON.stringify(decision) + "\n" : formatDecision(decision, styleFor({ isTTY: stdoutIsTTY() })));
    return exitFor(decision.decision);
  } catch (error) {
    return reportError(error);
  }
}
