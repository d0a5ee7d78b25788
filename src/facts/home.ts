/**
 * The home directory. node:os is loaded only when `HOME` does not say (a check's start never
 * loads it, ~0.4 ms).
 */

import { isAbsolute } from "node:path";

/** The user's home directory from the system (`os.homedir()`). */
export function homedir(): string {
  return process.getBuiltinModule("node:os").homedir();
}

/** `HOME` when it is an absolute path, else the system's: where user files live (config, agents' settings). */
export function homeDir(env: Readonly<Record<string, string | undefined>>): string {
  const home = env.HOME;
  return home && isAbsolute(home) ? home : homedir();
}
