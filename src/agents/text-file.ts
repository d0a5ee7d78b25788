/** Writing a file shellguard owns outright (a plugin): parents created, atomic (temp + rename). */

import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { SettingsError } from "./json-file.js";

export function writeTextFile(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.shellguard-${process.pid}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, text, { flag: "wx" });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new SettingsError(path, `cannot be written (${(error as Error).message.split("\n")[0]})`);
  }
}
