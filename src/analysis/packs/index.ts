/** The registry of dangerous packs, and the dispatch table by command name over them. */

import { cloud } from "./cloud.js";
import { containers } from "./containers.js";
import { core } from "./core.js";
import { databases } from "./databases.js";
import { disks } from "./disks.js";
import { gitPack } from "./git.js";
import { kubernetes } from "./kubernetes.js";
import { system } from "./system.js";
import type { Pack, PackFindingMeta, PackName, Rule } from "./types.js";
import type { CheckContext } from "../check.js";
import type { CommandView } from "../command.js";

export { PACK_NAMES, type PackName } from "./types.js";

export const PACKS: readonly Pack[] = [core, system, disks, gitPack, containers, kubernetes, cloud, databases];

export interface PackRule {
  pack: PackName;
  rule: Rule;
  /** Whether appended words cannot make `rule` fire (unknown-args.ts); undefined: they could. */
  settled: ((view: CommandView, ctx: CheckContext) => boolean) | undefined;
}

/** Command name → the rules of every pack that names it (registry order); `mkfs.*`-style prefixes apart. */
export const BY_COMMAND: ReadonlyMap<string, readonly PackRule[]> = (() => {
  const m = new Map<string, PackRule[]>();
  for (const p of PACKS) for (const [name, rule] of p.entries) m.set(name, [...(m.get(name) ?? []), { pack: p.name, rule, settled: p.settled?.get(name) }]);
  return m;
})();

/** The pack and entry behind a finding id, for `explain`; null for ids no pack owns. */
export function packOf(id: string): { pack: PackName; entry: string } | null {
  for (const p of PACKS) {
    const meta: PackFindingMeta | undefined = p.findings[id];
    if (meta !== undefined) return { pack: p.name, entry: meta.entry };
  }
  return null;
}
