/**
 * The interactive shell hooks (bash, zsh, fish): see docs/shell.md.
 *
 *   hookScript("zsh", { bin: [process.execPath, "/abs/bin/shellguard.js"] })  → the script to eval
 *   runOnOff("off")  → what the `shellguard off|on` subcommand does when no hook is loaded
 */

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

/**
 * `shellguard off` / `shellguard on` as a program. The hook defines a `shellguard` shell
 * function that handles off/on inside the session (they change the session, which a child
 * process cannot do), so the program only runs when no hook is loaded in this shell: it says
 * so, and how to load it or turn it off, and returns exit code 1.
 */
export function runOnOff(which: "on" | "off", write: (text: string) => void = (t) => process.stderr.write(t)): number {
  const state = process.env.SHELLGUARD;
  const off = state !== undefined && /^(off|0|false|no)$/i.test(state);
  write(
    [
      `shellguard: "shellguard ${which}" switches the shell hook ${which} for the current shell session, but no shellguard hook is loaded in this shell${off ? " (SHELLGUARD=off is set here)" : ""}.`,
      `  Load it: eval "$(shellguard hook bash)" in ~/.bashrc, eval "$(shellguard hook zsh)" in ~/.zshrc, or shellguard hook fish | source in config.fish.`,
      `  Without the hook loaded, SHELLGUARD=off in the environment turns it off; see docs/shell.md.`,
      "",
    ].join("\n"),
  );
  return 1;
}
