/** The shape every check module has (ESLint-style: id, metadata, a pure function over facts). */

import type { Facts } from "../facts/types.js";
import type { AnalysisOptions } from "./types.js";
import type { CommandView } from "./command.js";
import type { PathContext } from "./paths.js";

export interface FindingDraft {
  id: string;
  message: string;
  /** Range in the top-level source; the command's range when absent. */
  start?: number;
  end?: number;
}

export interface CheckContext {
  options: AnalysisOptions;
  paths: PathContext;
}

export interface FindingMeta {
  /** One line: what it catches. The long form is docs/checks/<id>.md. */
  description: string;
}

/** A check over simple commands, dispatched by command name. */
export interface CommandCheck {
  /** The check's name, the prefix of its finding ids. */
  name: string;
  /**
   * The command names (canonical) it looks at; a name ending in `*` is a prefix (`mkfs.*`); "*"
   * is every command. A check is only called for these, so a command none names costs nothing.
   */
  commands: readonly string[] | "*";
  /** Also called for any command with a redirect (the check looks at redirect targets). */
  redirects?: boolean;
  findings: Readonly<Record<string, FindingMeta>>;
  check(view: CommandView, ctx: CheckContext): FindingDraft[];
}

/** A check over a whole parse (constructs, parse errors). */
export interface FactsCheck {
  name: string;
  /**
   * Called once per line (with the line's Facts and the views of every parse, nested strings'
   * too), not once per parse: for a check that walks all the views itself.
   */
  perLine?: boolean;
  findings: Readonly<Record<string, FindingMeta>>;
  /** `contextOf`: a view's context after the line's cds (absent when no view moves: all have `ctx`). */
  check(facts: Facts, ctx: CheckContext, views: readonly CommandView[], contextOf?: (view: CommandView) => CheckContext): FindingDraft[];
}

export const DOCS_BASE = "docs/checks";

export function docsPath(id: string): string {
  return `${DOCS_BASE}/${id}.md`;
}
