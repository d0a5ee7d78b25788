/** What the analysis (Facts + unwrapping + the six checks) hands the engine. */

import type { Facts } from "../facts/types.js";
import type { Dialect } from "./dialects/index.js";

/** One safety finding of a check (or of unwrapping): the analysis' output, the engine's input. */
export interface Finding {
  /** Stable id, `check/name`, e.g. `deletion/root`. */
  id: string;
  /** The check that produced it: injection, read-only, dangerous, sed, sensitive-path, deletion, unwrap. */
  check: string;
  message: string;
  /** The offending simple command's text (or the construct's). */
  command: string;
  /** UTF-16 offsets into the checked command string. */
  start: number;
  end: number;
}

/** One leaf simple command of the line, seen through its wrappers and through `bash -c` strings. */
export interface AnalyzedCommand {
  /** The command's cooked argv after unwrapping (`sudo -u x env A=1 rm -rf /` → `rm -rf /`). */
  argv: string[];
  /**
   * The normalised text (cooked words joined by one space) at each wrapper level, outermost
   * first: `["sudo terraform destroy", "terraform destroy"]`. Deny and ask rules may match any.
   */
  forms: string[];
  /**
   * How many of `forms`, from the outermost, an allow rule may match: unwrapping stops at a
   * wrapper that raises privilege (sudo, doas), since privilege is never auto-allowed.
   */
  allowForms: number;
  /**
   * Set when the command reads more arguments at run time (`xargs git`, `xargs -I{} git {}`): each
   * form's fixed part, where the unknown words start, and "" when the program it runs is itself
   * unknown (`xargs sudo`). Deny and ask rules match what those words could complete; an allow rule
   * must hold for every completion (src/analysis/open-forms.ts).
   */
  openForms?: string[] | undefined;
  /** Runs with raised privileges or as another user (sudo, doas, su -c, pkexec, runuser). */
  privileged: boolean;
  /** This command alone is read-only (flag-aware, redirects included). */
  readOnly: boolean;
  /** Range in the checked string (for a command inside `bash -c '...'`: the range of that word). */
  start: number;
  end: number;
  /** Nesting depth of shell-in-shell (`bash -c`) strings this command came from; 0 at top level. */
  depth: number;
}

export interface Analysis {
  source: string;
  facts: Facts;
  commands: AnalyzedCommand[];
  /** Safety findings of the six checks (and unwrapping: eval, pipe into a shell, ...). */
  findings: Finding[];
  /** Every command is read-only and nothing in the line (construct, parse error) spoils that. */
  readOnly: boolean;
  /**
   * acceptEdits' filesystem allow: every command is mkdir/touch/rm/rmdir/mv/cp/sed whose every
   * path argument and redirect target lies inside a working directory.
   */
  editsInsideWorkdirs: boolean;
}

export interface AnalysisOptions {
  /** guard mode: injection constructs are analysed inside instead of being findings themselves. */
  guard: boolean;
  /** Working directory, absolute. */
  cwd: string;
  /** Home directory used to expand `~` and `$HOME`. */
  home: string;
  /** Extra working directories (absolute) for acceptEdits. */
  workingDirectories: readonly string[];
  sensitiveFiles: readonly string[];
  sensitiveDirectories: readonly string[];
  /** Secret patterns and their exceptions (config `sensitive.secrets` / `notSecrets`); the built-in lists when absent. */
  secrets?: { files: readonly string[]; except: readonly string[] };
  /** The default git pack of dangerous patterns. */
  gitPack: boolean;
  /** The dangerous packs that are on (src/analysis/packs/); every pack when absent. */
  packs?: readonly string[];
  /** The shell the line is written for (src/analysis/dialects/); bash when absent. */
  dialect?: Dialect;
}
