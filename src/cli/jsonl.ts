/**
 * The JSON Lines protocol of `check --batch` and `serve`: one request per line,
 * `{"id"?, "command", "mode"?, "cwd"?, "dialect"?}`, one decision object per line out, in order, `id` echoed.
 * A bad line yields `{"id"?, "error": "..."}` and the stream goes on.
 */

import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { Explanation, Guard } from "../engine/guard.js";
import { normalizeMode } from "../engine/modes.js";
import type { ModeName } from "../engine/types.js";
import { DIALECTS, isDialect, type Dialect } from "../analysis/dialects/index.js";

export interface Defaults {
  mode?: ModeName;
  cwd?: string;
  dialect?: Dialect;
}

/** Called with each decision made (the audit log's hook). */
export type OnDecided = (explanation: Explanation) => void;

export interface ErrorLine {
  id?: string | number;
  error: string;
}

function errorLine(message: string, id?: unknown): string {
  const out: ErrorLine = typeof id === "string" || typeof id === "number" ? { id, error: message } : { error: message };
  return JSON.stringify(out);
}

/** Answer one request line; null for a blank line. Never throws. */
export function answerLine(line: string, lineNo: number, guard: Guard, defaults: Defaults, onDecided?: OnDecided): string | null {
  if (line.trim() === "") return null;
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return errorLine(`line ${lineNo}: invalid JSON (${(e as Error).message})`);
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return errorLine(`line ${lineNo}: a request must be a JSON object {"id"?, "command", "mode"?, "cwd"?}`);
  }
  const r = request as Record<string, unknown>;
  const id = r.id;
  if (id !== undefined && typeof id !== "string" && typeof id !== "number") {
    return errorLine(`line ${lineNo}: "id" must be a string or a number`);
  }
  if (typeof r.command !== "string") return errorLine(`line ${lineNo}: "command" must be a string`, id);
  if (r.mode !== undefined && typeof r.mode !== "string") return errorLine(`line ${lineNo}: "mode" must be a string`, id);
  if (r.cwd !== undefined && typeof r.cwd !== "string") return errorLine(`line ${lineNo}: "cwd" must be a string`, id);
  if (r.dialect !== undefined && !isDialect(r.dialect)) return errorLine(`line ${lineNo}: "dialect" must be one of ${DIALECTS.join(", ")}`, id);
  try {
    // A request's own mode is normalised here (the JSON Lines boundary); the default already was.
    const mode = r.mode !== undefined ? normalizeMode(r.mode) : defaults.mode;
    const cwd = r.cwd ?? defaults.cwd;
    const dialect = r.dialect ?? defaults.dialect;
    const explanation = guard.explain(r.command, {
      ...(mode !== undefined ? { mode } : {}),
      ...(dialect !== undefined ? { dialect } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(id !== undefined ? { id } : {}),
    });
    onDecided?.(explanation);
    return JSON.stringify(explanation.decision);
  } catch (e) {
    const err = e as Error;
    const message = err.name === "ConfigError" || err.name === "UnknownModeError" ? err.message : `internal error: ${err.message}`;
    return errorLine(`line ${lineNo}: ${message}`, id);
  }
}

/** Read requests until the input ends, answering each in order. */
export async function runJsonLines(input: Readable, write: (line: string) => void, guard: Guard, defaults: Defaults, onDecided?: OnDecided): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    const out = answerLine(line, lineNo, guard, defaults, onDecided);
    if (out !== null) write(out + "\n");
  }
}
