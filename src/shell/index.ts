/**
 * The interactive shell hooks (bash, zsh, fish): see docs/shell.md.
 *
 *   hookScript("zsh", { bin: [process.execPath, "/abs/bin/shellguard.cjs"] })  → the script to eval
 *   runHookCommand(["zsh"], io) → `shellguard hook zsh`; runOnOffCommand("off", [], io) → `shellguard off`
 */

import { runOnOffCommand } from "./cli.js";

export { hookScript, defaultWorker, shQuote, fishQuote, HOOK_SHELLS, type HookOptions, type HookShell } from "./hook.js";
export { fishToBash } from "./fish.js";
export {
  formatRequest,
  parseRequest,
  formatReply,
  parseReply,
  escapeField,
  unescapeField,
  displayLines,
  type HookRequest,
  type HookReply,
} from "./protocol.js";
export { createAnswerer, runShellWorker } from "./worker.js";

export { runHookCommand, runOnOffCommand, shellguardCommand, type HookIo } from "./cli.js";

/**
 * `shellguard off` / `shellguard on` as a program (see runOnOffCommand): the hook defines a
 * `shellguard` shell function that handles off/on inside the session (they change the session,
 * which a child process cannot do), so the program only runs when no hook is loaded in this
 * shell: it says so, and how to load it or turn it off, and returns exit code 1.
 */
export function runOnOff(which: "on" | "off", write: (text: string) => void = (t) => process.stderr.write(t)): number {
  return runOnOffCommand(which, [], { stdout: { write }, stderr: { write }, env: process.env, cwd: process.cwd() });
}
