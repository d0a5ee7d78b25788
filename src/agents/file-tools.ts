/**
 * An agent's file tools (read a file, write one), judged by the same checks as the shell: a read
 * of `path` is decided as `cat -- 'path'`, a write as `cat > 'path'`. So a file tool that reads a
 * secret is vetoed exactly when the shell read would be, and a write to a sensitive path exactly
 * when the shell write would be — the same lists, the same rules, one source of truth.
 */

import { isAbsolute, resolve } from "node:path";
import { describe } from "../config/json-value.js";
import type { HookRequest } from "./hook.js";

export type FileOp = "read" | "write";

/** `path` as one single-quoted shell word: no expansion of any kind. */
export function shellQuote(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`;
}

/** The shell command whose verdict a file tool's operation gets. */
export function fileCommand(op: FileOp, path: string): string {
  return op === "read" ? `cat -- ${shellQuote(path)}` : `cat > ${shellQuote(path)}`;
}

/**
 * The check request for a file tool's operation on `path` (relative paths resolve against `cwd`);
 * malformed when the path is missing or not a string.
 */
export function fileRequest(op: FileOp, path: unknown, field: string, cwd: string): HookRequest {
  if (typeof path !== "string" || path === "") return { kind: "malformed", problem: `"${field}" must be a non-empty string, not ${describe(path)}` };
  if (path.includes("\0")) return { kind: "malformed", problem: `"${field}" contains a NUL byte` };
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  return { kind: "check", command: fileCommand(op, absolute), cwd, fileTool: true };
}
