/** The registry: every check, and the table that dispatches commands to checks by name. */

import type { CommandCheck, FactsCheck, FindingMeta } from "../check.js";
import { dangerous } from "./dangerous.js";
import { dangerousInLine } from "./dangerous-line.js";
import { deletion } from "./deletion.js";
import { injection } from "./injection.js";
import { exfiltration } from "./exfiltration.js";
import { secretsCheck } from "./secrets.js";
import { servedFiles } from "./served-files.js";
import { sedCheck } from "./sed.js";
import { sensitivePaths } from "./sensitive-paths.js";
import { sideEffects, sideEffectsInFacts } from "./side-effects.js";

export const COMMAND_CHECKS: readonly CommandCheck[] = [dangerous, sedCheck, sensitivePaths, deletion, sideEffects, secretsCheck, servedFiles];
export const FACTS_CHECKS: readonly FactsCheck[] = [injection, sideEffectsInFacts, exfiltration, dangerousInLine];

/** Findings that unwrapping itself reports (src/analysis/unwrap.ts). */
export const SHELL_FINDINGS: Readonly<Record<string, FindingMeta>> = {
  "shell/eval": { description: "eval of anything: shell code assembled at run time." },
  "shell/source-dynamic": { description: "source or . of a file only known at run time, or downloaded." },
  "shell/pipe-to-shell": { description: "A pipe into a shell or interpreter (curl ... | sh, base64 -d | bash)." },
  "shell/remote-package": { description: "A package installed or run from a URL or a repository, or a package file downloaded on the line (pip install git+https://…, npx github:u/r, curl -o x.deb … && dpkg -i x.deb)." },
  "shell/dynamic-script": { description: "A shell run on a script that cannot be seen (bash <(curl ...), sh -c \"$(curl ...)\", bash -c \"$VAR\")." },
  "shell/dynamic-command": { description: "A command name only known at run time ($CMD, $(echo rm))." },
  "shell/reverse-shell": { description: "A program wired to a network connection (bash < /dev/tcp/h/p, nc -e /bin/sh, socat exec:…)." },
  "shell/opaque-code": { description: "Code handed to a runner the analysis cannot read (expect -c, enable -f, vim :call system(), python exec of run-time code)." },
  "shell/unsupported-syntax": { description: "zsh or fish syntax the analysis cannot follow (=cmd as an argument, r, hash n=p, functions[x]=, fish alias)." },
  "shell/untracked-values": { description: "A variable may hold more values set on the line than the analysis follows (64)." },
};

/** Every finding id with its metadata and check name. */
export function allFindings(): Map<string, FindingMeta & { check: string }> {
  const out = new Map<string, FindingMeta & { check: string }>();
  for (const c of [...COMMAND_CHECKS, ...FACTS_CHECKS]) for (const [id, meta] of Object.entries(c.findings)) out.set(id, { ...meta, check: c.name });
  for (const [id, meta] of Object.entries(SHELL_FINDINGS)) out.set(id, { ...meta, check: "shell" });
  return out;
}

/** The checks for one name: without and with redirects on the command (registry order). */
interface Dispatch {
  plain: readonly CommandCheck[];
  redirected: readonly CommandCheck[];
}

/**
 * Dispatch table: name → its checks; names ending in `*` are prefixes. The prefixes are built at
 * load; a listed name's entry on its first lookup (a one-shot `check` looks up one or two names,
 * and building them all was a noticeable part of every start).
 */
const byName = new Map<string, Dispatch>();
const byPrefix: Array<{ prefix: string; dispatch: Dispatch }> = [];
const LISTED = new Set<string>();

/** Whether a check's `commands` cover `name` (a prefix pattern covers the names it starts). */
function covers(names: readonly string[] | "*", name: string): boolean {
  return names === "*" || names.includes(name) || names.some((p) => p.endsWith("*") && !name.endsWith("*") && name.startsWith(p.slice(0, -1)));
}

function dispatchOf(matches: (names: readonly string[] | "*") => boolean): Dispatch {
  const plain = COMMAND_CHECKS.filter((c) => matches(c.commands));
  const redirected = COMMAND_CHECKS.filter((c) => c.redirects === true || plain.includes(c));
  return { plain, redirected };
}

const NOWHERE = dispatchOf((names) => names === "*");
for (const c of COMMAND_CHECKS) {
  if (c.commands === "*") continue;
  for (const n of c.commands) {
    if (!n.endsWith("*")) LISTED.add(n);
    else if (!byPrefix.some((p) => p.prefix + "*" === n)) byPrefix.push({ prefix: n.slice(0, -1), dispatch: dispatchOf((names) => covers(names, n)) });
  }
}

/**
 * The checks that look at a command of this (canonical) name, in registry order: the ones that
 * name it (or "*"), and with `redirects` the ones that look at every command's redirects.
 */
export function checksFor(name: string, redirects = false): readonly CommandCheck[] {
  let d = byName.get(name);
  if (d === undefined && LISTED.has(name)) {
    d = dispatchOf((names) => covers(names, name));
    byName.set(name, d);
  }
  if (d === undefined) {
    d = NOWHERE;
    for (let k = 0; k < byPrefix.length; k++) {
      const p = byPrefix[k] as (typeof byPrefix)[number];
      if (name.startsWith(p.prefix)) d = p.dispatch;
    }
  }
  return redirects ? d.redirected : d.plain;
}
