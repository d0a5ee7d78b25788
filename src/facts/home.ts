/**
 * The user's home directory from the system (`os.homedir()`), for when `HOME` does not say.
 * node:os is loaded only then: every caller reads `HOME` first, so a check's start never loads
 * it (~0.4 ms).
 */
export function homedir(): string {
  return process.getBuiltinModule("node:os").homedir();
}
