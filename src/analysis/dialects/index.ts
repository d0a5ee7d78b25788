/**
 * Dialect front ends: a line typed at a zsh or fish prompt, read so that the bash-grammar analysis
 * sees every command the shell would run, or the line fails closed (a finding, never less seen).
 *
 *   bash  the line as it is;
 *   zsh   the bash parse, with zsh's own syntax mapped onto bash's at the same offsets (zsh.ts);
 *   fish  the line translated into bash (fish-translate.ts), then fish's own checks (fish.ts).
 *
 * A dialect is normalised once where it enters (the CLI's --dialect, the library's option, the
 * shell hook's request); everything inside takes `Dialect`.
 */

import type { Facts } from "../../facts/types.js";
import type { FindingDraft } from "../check.js";
import { readFish } from "./fish.js";
import { readZsh } from "./zsh.js";
import { nestedDialectFindings } from "./nested.js";

export type Dialect = "bash" | "zsh" | "fish";
export const DIALECTS: readonly Dialect[] = ["bash", "zsh", "fish"];

export function isDialect(value: unknown): value is Dialect {
  return typeof value === "string" && (DIALECTS as readonly string[]).includes(value);
}

/** What the analysis reads: the text its offsets refer to, its parse, and the dialect's findings. */
export interface DialectReading {
  /** The zsh line itself (same offsets); for fish, its bash translation. */
  source: string;
  facts: Facts;
  /** Findings of the `shell` check (constructs the bash reading cannot follow). */
  findings: FindingDraft[];
}

const NONE: FindingDraft[] = [];

/** Parse `line` as typed in `dialect`; `parse` is the Facts extractor (bounded by the analysis' budget). */
export function readLine(line: string, dialect: Dialect, parse: (text: string) => Facts): DialectReading {
  const read = dialect === "zsh" ? readZsh(line, parse) : dialect === "fish" ? readFish(line, parse) : { source: line, facts: parse(line), findings: NONE };
  // `zsh -c '…'` / `fish -c '…'` in a line of any dialect: cheap unless the line names zsh or fish.
  if (NAMES_SHELL.test(line)) {
    const findings = read.findings === NONE ? [] : read.findings;
    nestedDialectFindings(read.facts, parse, findings);
    if (findings.length > 0) return { ...read, findings };
  }
  return read;
}

const NAMES_SHELL = /\b(?:zsh|fish)\b/;
