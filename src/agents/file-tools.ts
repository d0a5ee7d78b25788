/**
 * An agent's file tools (read a file, write one), judged by the same checks as the shell: a read
 * of `path` is decided as `cat -- 'path'`, a write as `cat > 'path'`. So a file tool that reads a
 * secret is vetoed exactly when the shell read would be, and a write to a sensitive path exactly
 * when the shell write would be — the same lists, the same rules, one source of truth.
 */

import { isAbsolute, resolve } from "node:path";
import { describe, isObject } from "../config/json-value.js";
import type { HookRequest } from "./hook.js";

/** read: a file's content; search: the content of a file or a directory tree; list: names only; write. */
export type FileOp = "read" | "search" | "list" | "write";

/** A file tool: the operation it performs and the input field holding its path. */
export interface FileTool {
  op: FileOp;
  field: string;
  /** The path when the field is absent (a search of the working directory); absent: required. */
  optional?: boolean;
}

/** `path` as one single-quoted shell word: no expansion of any kind. */
export function shellQuote(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`;
}

/** The shell command whose verdict a file tool's operation gets. */
export function fileCommand(op: FileOp, path: string): string {
  const p = shellQuote(path);
  switch (op) {
    case "read":
      return `cat -- ${p}`;
    case "search":
      return `grep -r -e x -- ${p}`;
    case "list":
      return `ls -- ${p}`;
    case "write":
      return `cat > ${p}`;
  }
}

/**
 * The check request for a file tool's operation on `path` (relative paths resolve against `cwd`);
 * malformed when the path is missing or not a string.
 */
export function fileRequest(op: FileOp, path: unknown, field: string, cwd: string, optional = false, tool = "the file tool"): HookRequest {
  if (optional && (path === undefined || path === null || path === "")) path = cwd;
  if (typeof path !== "string" || path === "") return { kind: "malformed", problem: `"${field}" must be a non-empty string, not ${describe(path)}` };
  if (path.includes("\0")) return { kind: "malformed", problem: `"${field}" contains a NUL byte` };
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  return { kind: "check", command: fileCommand(op, absolute), cwd, fileTool: { tool, path: absolute } };
}

/** The request for a file tool's input (an object), or a malformed request. */
export function fileToolRequest(name: string, tool: FileTool, input: unknown, cwd: string, prefix = "tool_input"): HookRequest {
  if (!isObject(input)) return { kind: "malformed", problem: `"${prefix}" must be an object, not ${describe(input)}` };
  return fileRequest(tool.op, input[tool.field], `${prefix}.${tool.field}`, cwd, tool.optional === true, name);
}
