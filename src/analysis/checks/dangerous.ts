/**
 * Dangerous operations: the packs (src/analysis/packs/: core, system, disks, git, containers,
 * kubernetes, cloud, databases), each switchable in the config, dispatched by command name; and
 * writes onto a block device by any writer (redirects, tee, cp, mv, and in ./devices.ts `-o`,
 * `-O`, `-f`, `of=` of any tool, through a symlink made earlier on the line).
 */

import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import type { Word } from "../../facts/types.js";
import { BY_COMMAND, PACKS, type PackRule } from "../packs/index.js";
import { devicePath, operandsOf } from "../packs/core.js";
import { finding, NONE } from "../packs/types.js";
import { UNKNOWN_ARGUMENTS, unknownArgumentsFinding } from "../packs/unknown-args.js";

/** Write-redirect operators (a fd duplication like `2>&1` writes no file). */
export function isWriteRedirect(op: string, target: Word | null): boolean {
  if (target === null) return false;
  if (op === ">&" || op === "<&") return !/^\d+$|^-$/.test(target.value) && op === ">&";
  return op === ">" || op === ">>" || op === ">|" || op === "&>" || op === "&>>" || op === "<>";
}

/** Any command writing to a device through a redirect, tee or cp/mv. */
function deviceWrites(view: CommandView, ctx: CheckContext): FindingDraft[] {
  let out: FindingDraft[] | null = null;
  const redirects = view.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if (!isWriteRedirect(r.op, r.target)) continue;
    const dev = devicePath(r.target as Word, ctx);
    if (dev !== null) (out ??= []).push({ id: "dangerous/device-write", message: `Writing to ${dev} overwrites the device itself; redirect to a file instead.`, start: r.start, end: r.end });
  }
  if (view.name === "tee" || view.name === "cp" || view.name === "mv") {
    const ops = operandsOf(view);
    const targets = view.name === "tee" ? ops : ops.slice(-1);
    const dev = targets.map((w) => devicePath(w, ctx)).find((d) => d !== null);
    if (dev) (out ??= []).push(finding("dangerous/device-write", `${view.name} writes onto the device ${dev}, destroying what is on it.`));
  }
  return out ?? NONE;
}

/** Whether a pack is on: every pack unless the options name the ones that are. */
function enabled(r: PackRule, ctx: CheckContext): boolean {
  const packs = ctx.options.packs;
  return packs === undefined || packs.includes(r.pack);
}

const MKFS = BY_COMMAND.get("mkfs.*") ?? [];

export const dangerous: CommandCheck = {
  name: "dangerous",
  // Every pack's entries, and the writers deviceWrites looks at besides redirects.
  commands: [...BY_COMMAND.keys(), "tee", "cp", "mv"],
  redirects: true,
  findings: {
    ...Object.fromEntries(PACKS.flatMap((p) => Object.entries(p.findings).map(([id, m]) => [id, { description: m.description }]))),
    [UNKNOWN_ARGUMENTS]: { description: "A command a pack judges by its arguments gets them from stdin (xargs, parallel): printf 0 | xargs init, xargs git, xargs kill." },
    "dangerous/device-write": { description: "A write onto /dev/* other than null, stdout, stderr, tty, fd: a redirect, tee, cp, mv, or any tool's output option (-o, -O, -f, of=), also through a symlink or cd made earlier on the line." },
  },
  check(view, ctx) {
    const rules = BY_COMMAND.get(view.name) ?? (view.name.startsWith("mkfs.") ? MKFS : undefined);
    let own = NONE;
    if (rules !== undefined) {
      for (let k = 0; k < rules.length; k++) {
        const r = rules[k] as PackRule;
        if (!enabled(r, ctx)) continue;
        const found = r.rule(view, ctx);
        if (found.length > 0) own = own.length === 0 ? found : [...own, ...found];
      }
      // `xargs init`: the words from stdin could be what the pack looks for.
      if (own.length === 0 && view.argsUnknown) {
        const unknown = unknownArgumentsFinding(view, ctx, rules.filter((r) => enabled(r, ctx)));
        if (unknown !== null) own = [unknown];
      }
    }
    const name = view.name;
    if (view.redirects.length === 0 && name !== "tee" && name !== "cp" && name !== "mv") return own;
    const dev = deviceWrites(view, ctx);
    return dev.length === 0 ? own : own.length === 0 ? dev : [...own, ...dev];
  },
};
