/** Exit codes and the error kinds the CLI maps to them. */

import type { Behavior } from "../engine/types.js";

export const EXIT = { allow: 0, ask: 1, deny: 2, error: 3 } as const;

export function exitFor(decision: Behavior): number {
  return EXIT[decision];
}

/** Bad arguments: exit 3 with the message and a pointer to --help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A problem with a file or directory the user named (missing, unwritable): one line, exit 3. */
export class PathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PathError";
  }
}

/** Print an error the way every subcommand does and return the exit code (3). */
export function reportError(error: unknown): number {
  const e = error instanceof Error ? error : new Error(String(error));
  if (e.name === "UsageError" || e.name === "UnknownModeError") {
    process.stderr.write(`shellguard: ${e.message}\nRun "shellguard --help" for usage.\n`);
  } else if (e.name === "ConfigError" || e.name === "PathError") {
    process.stderr.write(`shellguard: ${e.message}\n`);
  } else {
    process.stderr.write(`shellguard: internal error: ${e.stack ?? e.message}\n`);
  }
  return EXIT.error;
}
