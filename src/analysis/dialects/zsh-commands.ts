/**
 * zsh words and builtins the bash reading would take for harmless ones: each is a finding, so a
 * line with one fails closed. Run over the parse after zsh.ts has mapped what it understands.
 *
 *   =cmd as an argument or target   the path of cmd (`rm -rf =ls` deletes /usr/bin/ls)
 *   *(e:…:) *(+f) (#q…)             glob qualifiers that run shell code for each file
 *   repeat N do ... done            a loop form the bash grammar does not have
 *   r, fc                           run a command from history (a line shellguard stopped, too)
 *   sched, emulate -c, zpty, zstyle -e, zmodload ./mod, autoload /path
 *                                    run a string, native code or a file's functions, unseen
 *   hash name=path, functions[x]=…, aliases[x]=…, commands[x]=…
 *                                    change what a command name runs
 */

import type { Facts, Word } from "../../facts/types.js";
import type { FindingDraft } from "../check.js";

const UNSUPPORTED = "shell/unsupported-syntax";
const OPAQUE = "shell/opaque-code";

/** zsh's special hashes whose elements are functions, aliases or command paths. */
const NAME_TABLES = /^(?:functions|functions_source|aliases|galiases|saliases|dis_functions|dis_aliases|dis_galiases|dis_saliases|commands|builtins|reswords|nameddirs|userdirs)(?:\[|$)/;

/** `*(e:…:)`, `*(+cmd)`: a trailing qualifier group (no `|`, `~` or `(` in it) with e or +; or `(#q…)`. */
const CODE_QUALIFIER = /\((?:#q)?[^()|~]*[e+][^()|~]*\)$|\(#q[^)]*[e+]/;

export function zshCommandFindings(facts: Facts, line: string, out: FindingDraft[]): void {
  const text = facts.source;
  for (const sc of facts.commands) {
    for (const a of sc.assignments) {
      if (NAME_TABLES.test(a.name)) out.push({ id: UNSUPPORTED, message: `In zsh, assigning ${a.name.replace(/\[.*/, "")} changes what a command name runs, which the analysis does not follow; define it in your startup files if you mean it.`, start: a.start, end: a.end });
    }
    const argv = sc.argv;
    for (let k = 0; k < argv.length; k++) wordFindings(text, argv[k] as Word, k === 0, out);
    for (const r of sc.redirects) if (r.target !== null && r.body === null) wordFindings(text, r.target, false, out);
    const name = argv[0]?.value;
    if (name === undefined) continue;
    const why = builtinProblem(name, argv.slice(1).map((w) => w.value));
    if (why !== null) out.push({ id: why[0], message: why[1], start: sc.start, end: sc.end });
  }
  // Offsets are the line's: the rewrites kept its length.
  if (text.length !== line.length) throw new Error("zsh front end: the rewritten line changed length");
}

function wordFindings(text: string, w: Word, command: boolean, out: FindingDraft[]): void {
  const raw = text.slice(w.start, w.end);
  if (!command && raw.length > 1 && raw[0] === "=" && /[\w./+-]/.test(raw[1] as string)) {
    out.push({ id: UNSUPPORTED, message: `In zsh, ${raw} expands to the path of the command ${raw.slice(1)}, which the analysis cannot know; write the path out.`, start: w.start, end: w.end });
  }
  if (raw.includes("(") && CODE_QUALIFIER.test(unquoted(raw))) {
    out.push({ id: OPAQUE, message: `The glob qualifier in ${raw} runs shell code for every file it matches, which the analysis does not read; list the files another way.`, start: w.start, end: w.end });
  }
}

/** Quoted runs blanked out (their characters are literal), so only unquoted syntax is tested. */
function unquoted(raw: string): string {
  return raw.replace(/'[^']*'|"(?:\\.|[^"\\])*"|\$\([^)]*\)/g, (m) => "_".repeat(m.length));
}

function builtinProblem(name: string, args: readonly string[]): [string, string] | null {
  const operands = args.filter((a) => !a.startsWith("-") && !a.startsWith("+"));
  switch (name) {
    case "repeat":
      // `repeat N cmd` was mapped to cmd (zsh.ts); what is left is a body zsh loops over.
      return [UNSUPPORTED, "zsh's repeat ... do ... done loop is not read by the analysis; run the body as its own line."];
    case "r":
      return [UNSUPPORTED, "In zsh, r runs the last command from history again, unseen (a line shellguard stopped is in history too); type the command itself."];
    case "fc":
      if (args.some((a) => /^-[a-zA-Z]*l/.test(a))) return null;
      return [UNSUPPORTED, "fc runs commands from history (after an editor, or at once with -e -/-s), unseen; type the command itself."];
    case "sched":
      return operands.length > 0 ? [OPAQUE, "sched runs its command later, as shell code the analysis does not read; run the command directly."] : null;
    case "emulate":
      return args.includes("-c") ? [OPAQUE, "emulate -c runs its argument as shell code the analysis does not read; run the command directly."] : null;
    case "zpty":
      return operands.length > 1 ? [OPAQUE, "zpty runs its command string in a pseudo-terminal, unseen; run the command directly."] : null;
    case "zstyle":
      return args.includes("-e") ? [OPAQUE, "zstyle -e stores shell code that zsh evaluates later, unseen; set it in your startup files if you mean it."] : null;
    case "zmodload":
      return operands.some((m) => !m.startsWith("zsh/")) ? [OPAQUE, "zmodload of a module outside zsh/ loads native code, which cannot be checked."] : null;
    case "autoload":
      return operands.some((f) => f.includes("/")) ? [OPAQUE, "autoload from a path defines functions from a file the analysis does not read; source a file you have read."] : null;
    case "hash":
      return operands.some((a) => a.includes("=")) ? [UNSUPPORTED, "In zsh, hash name=path makes the command name run another program, which the analysis does not follow; run the program by its own name."] : null;
    default:
      return null;
  }
}
