/** The shape of a pack: a named, switchable group of dangerous operations, by command name. */

import type { CheckContext, FindingDraft, FindingMeta } from "../check.js";
import type { CommandView } from "../command.js";

export const PACK_NAMES = ["core", "system", "disks", "git", "containers", "kubernetes", "cloud", "databases"] as const;
export type PackName = (typeof PACK_NAMES)[number];

export type Rule = (view: CommandView, ctx: CheckContext) => FindingDraft[];

export interface PackFindingMeta extends FindingMeta {
  /** The entry (command or subcommand) behind the finding, as `explain` shows it. */
  entry: string;
}

export interface Pack {
  name: PackName;
  /** One line: what the pack covers (docs/checks/dangerous.md has the long form). */
  description: string;
  /** Command name (canonical; `mkfs.*` is a prefix) → its rule. */
  entries: ReadonlyMap<string, Rule>;
  findings: Readonly<Record<string, PackFindingMeta>>;
  /**
   * Command name → whether words appended to the known ones (xargs reads them from stdin) cannot
   * make its rule fire; a command without one is assumed to be open to them (unknown-args.ts).
   */
  settled?: ReadonlyMap<string, (view: CommandView, ctx: CheckContext) => boolean>;
}

export const finding = (id: string, message: string): FindingDraft => ({ id, message });

/** Shared empty result (never mutated): most commands have no finding. */
export const NONE: FindingDraft[] = [];
