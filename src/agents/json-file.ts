/**
 * Reading and rewriting an agent's JSON settings file without losing anything in it: every other
 * key keeps its value and its place, the file's indentation and final newline are kept, a symlink
 * (a dotfiles manager's) is written through, and the write is atomic (temp file + rename).
 */

import { chmodSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isObject } from "../config/json-value.js";

/** A settings file that cannot be read or changed safely; the file is left untouched. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.file = file;
  }
}

export interface JsonFile {
  path: string;
  /** False when the file does not exist (yet). */
  exists: boolean;
  value: Record<string, unknown>;
  /** Indentation to write with (the file's own, else two spaces). */
  indent: string;
  /** Whether the text ends with a newline (new files do). */
  finalNewline: boolean;
  bom: boolean;
}

/** `text` without `//` and `/* *\/` comments and trailing commas (outside strings): JSONC → JSON. */
export function stripJsonComments(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}

/** Read a JSON settings file whose top level must be an object; a missing file is `{}`. */
export function readJsonFile(path: string): JsonFile {
  let text: string;
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return { path, exists: false, value: {}, indent: "  ", finalNewline: true, bom: false };
    if (!st.isFile()) throw new SettingsError(path, "is not a regular file");
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof SettingsError) throw error;
    throw new SettingsError(path, `cannot be read (${firstLine((error as Error).message)})`);
  }
  const bom = text.startsWith("\uFEFF");
  const body = bom ? text.slice(1) : text;
  const indent = /^([ \t]+)\S/m.exec(body)?.[1] ?? "  ";
  const finalNewline = body.length === 0 || body.endsWith("\n");
  if (body.trim() === "") return { path, exists: true, value: {}, indent, finalNewline, bom };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    let commented = false;
    try {
      JSON.parse(stripJsonComments(body));
      commented = true;
    } catch {
      // not JSON with comments either
    }
    if (commented) {
      throw new SettingsError(path, "has comments (JSONC); shellguard does not rewrite it, because the comments would be lost. Add the hook entry by hand");
    }
    throw new SettingsError(path, `is not valid JSON (${firstLine((error as Error).message)}); fix it first, shellguard leaves it as it is`);
  }
  if (!isObject(value)) throw new SettingsError(path, "must hold a JSON object at the top level");
  return { path, exists: true, value, indent, finalNewline, bom };
}

/** Write the file atomically, through a symlink, keeping its mode. */
export function writeJsonFile(file: JsonFile): void {
  let target = file.path;
  let mode: number | undefined;
  try {
    if (file.exists) {
      if (lstatSync(file.path).isSymbolicLink()) target = realpathSync(file.path);
      mode = statSync(target).mode & 0o7777;
    } else {
      mkdirSync(dirname(file.path), { recursive: true });
    }
    const text = (file.bom ? "\uFEFF" : "") + JSON.stringify(file.value, null, file.indent) + (file.finalNewline ? "\n" : "");
    const temp = join(dirname(target), `.${basename(target)}.shellguard-${process.pid}.tmp`);
    try {
      writeFileSync(temp, text, { flag: "wx", ...(mode !== undefined ? { mode } : {}) });
      if (mode !== undefined) chmodSync(temp, mode);
      renameSync(temp, target);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  } catch (error) {
    throw new SettingsError(file.path, `cannot be written (${firstLine((error as Error).message)})`);
  }
}
