/**
 * An agent's file tools (read a file, write one), judged by the same checks as the shell: a read
 * of `path` is decided as `cat -- 'path'`, a write as `cat > 'path'`, a deletion as
 * `rm -f -- 'path'`. So a file tool that reads a secret is vetoed exactly when the shell read
 * would be, and a write to a sensitive path exactly when the shell write would be — the same
 * lists, the same rules, one source of truth. A patch tool (Codex's and Copilot CLI's
 * `apply_patch`) names its files in the patch text: each is judged, all in one command.
 */

import { isAbsolute, resolve } from "node:path";
import { describe, isObject } from "../config/json-value.js";
import type { HookRequest } from "./hook.js";
import { REASON_PREFIX, type Verdict } from "./verdict.js";

/** read: a file's content; search: the content of a file or a directory tree; list: names only; write; delete. */
export type FileOp = "read" | "search" | "list" | "write" | "delete";

/** A file tool: the operation it performs and the input field holding its path. */
export interface FileTool {
  op: FileOp;
  field: string;
  /** The path when the field is absent (a search of the working directory); absent: required. */
  optional?: boolean;
}

/** One path a tool call touches, and how. */
export interface FileTarget {
  op: FileOp;
  path: string;
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
    case "delete":
      return `rm -f -- ${p}`;
  }
}

/**
 * The check request for a tool call touching `targets` (relative paths resolve against `cwd`):
 * one command, so the most serious verdict over all of them is the answer.
 */
export function targetsRequest(targets: readonly FileTarget[], field: string, cwd: string, tool: string): HookRequest {
  const absolute: FileTarget[] = [];
  for (const t of targets) {
    if (t.path.includes("\0")) return { kind: "malformed", problem: `"${field}" contains a NUL byte` };
    const path = isAbsolute(t.path) ? t.path : resolve(cwd, t.path);
    if (!absolute.some((a) => a.op === t.op && a.path === path)) absolute.push({ op: t.op, path });
  }
  if (absolute.length === 0) return { kind: "malformed", problem: `"${field}" names no file` };
  const command = absolute.map((t) => fileCommand(t.op, t.path)).join("; ");
  const paths = [...new Set(absolute.map((t) => t.path))].join(", ");
  return { kind: "check", command, cwd, fileTool: { tool, path: paths } };
}

/**
 * The check request for a file tool's operation on `path` (relative paths resolve against `cwd`);
 * malformed when the path is missing or not a string.
 */
export function fileRequest(op: FileOp, path: unknown, field: string, cwd: string, optional = false, tool = "the file tool"): HookRequest {
  if (optional && (path === undefined || path === null || path === "")) path = cwd;
  if (typeof path !== "string" || path === "") return { kind: "malformed", problem: `"${field}" must be a non-empty string, not ${describe(path)}` };
  return targetsRequest([{ op, path }], field, cwd, tool);
}

/** The request for a file tool's input (an object), or a malformed request. */
export function fileToolRequest(name: string, tool: FileTool, input: unknown, cwd: string, prefix = "tool_input"): HookRequest {
  if (!isObject(input)) return { kind: "malformed", problem: `"${prefix}" must be an object, not ${describe(input)}` };
  return fileRequest(tool.op, input[tool.field], `${prefix}.${tool.field}`, cwd, tool.optional === true, name);
}

/** `*** Add File: p`, `*** Update File: p`, `*** Delete File: p`, `*** Move to: p` (leading blanks tolerated: a stray match only adds a path to judge). */
const PATCH_HEADER = /^\s*\*\*\* (Add File|Update File|Delete File|Move to):[ \t]*(.*?)\s*$/;

/**
 * The files an `apply_patch` patch touches, from its headers: added and updated files are
 * writes, deleted ones deletions; a move (`*** Move to:` under an update) writes the new path
 * and deletes the old one. A problem when a header names no path or there is no header at all
 * (the patch cannot be judged, so it is denied).
 */
export function patchTargets(patch: string): FileTarget[] | { problem: string } {
  const targets: FileTarget[] = [];
  let updated: string | null = null;
  for (const line of patch.split("\n")) {
    const m = PATCH_HEADER.exec(line);
    if (!m) continue;
    const [, kind, path = ""] = m;
    if (path === "") return { problem: `the patch line ${JSON.stringify(line.trim())} names no file` };
    if (kind === "Move to") {
      targets.push({ op: "write", path });
      if (updated !== null) targets.push({ op: "delete", path: updated });
      continue;
    }
    updated = kind === "Update File" ? path : null;
    targets.push({ op: kind === "Delete File" ? "delete" : "write", path });
  }
  if (targets.length === 0) return { problem: 'the patch names no file (no "*** Add File:", "*** Update File:" or "*** Delete File:" line)' };
  return targets;
}

/** The check request for a patch tool's text: each file it names, judged like the shell would be. */
export function patchRequest(patch: unknown, field: string, cwd: string, tool: string): HookRequest {
  if (typeof patch !== "string") return { kind: "malformed", problem: `"${field}" must be a string, not ${describe(patch)}` };
  const targets = patchTargets(patch);
  if (!Array.isArray(targets)) return { kind: "malformed", problem: `"${field}": ${targets.problem}` };
  return targetsRequest(targets, field, cwd, tool);
}

/** A file tool's verdict says which call was judged, and as what, before the shell command's reason. */
export function fileToolVerdict(verdict: Verdict, fileTool: { tool: string; path: string }, command: string): Verdict {
  const why = verdict.reason.startsWith(REASON_PREFIX) ? verdict.reason.slice(REASON_PREFIX.length) : verdict.reason;
  return { ...verdict, reason: `${REASON_PREFIX}${fileTool.tool} ${fileTool.path}, judged as \`${command}\`: ${why}` };
}
