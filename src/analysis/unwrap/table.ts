/**
 * The registry: every unwrapper, and the one table that dispatches a command name to what
 * unwrapping does with it (its wrapper, its unwrapper, what it does with a pipe). The same shape
 * as the checks (src/analysis/checks/index.ts): a family is a module naming its commands.
 */

import type { Special, Unwrapper } from "./types.js";
import { WRAPPERS, type Wrapper } from "./wrappers.js";
import { TOOL_WRAPPERS } from "./tool-wrappers.js";
import { SESSION_WRAPPERS } from "./session-wrappers.js";
import { aliasUnwrapper, promptCommandUnwrapper, trapUnwrapper } from "./hooks.js";
import { execBlockUnwrapper } from "./exec-blocks.js";
import { gitUnwrapper } from "./git.js";
import { interpreterUnwrapper } from "./interpreters.js";
import { manUnwrapper, moshUnwrapper, npmCallUnwrapper, scriptUnwrapper, secretsCommandUnwrapper, sshUnwrapper, watchUnwrapper } from "./command-strings.js";
import { makeUnwrapper } from "./make.js";
import { containerRunUnwrapper } from "./containers.js";
import { composeExecUnwrapper, kubectlExecUnwrapper } from "./container-exec.js";
import { dbClientUnwrapper } from "./db-clients.js";
import { goExecUnwrapper } from "./go-exec.js";
import { mavenExecUnwrapper } from "./maven-exec.js";
import { startStopDaemonUnwrapper } from "./daemons.js";
import { pipeUnwrapper } from "./pipes.js";
import { evalUnwrapper, shellUnwrapper, suUnwrapper } from "./shell-strings.js";
import { sourceUnwrapper } from "./sourcing.js";
import { gdbUnwrapper, lldbUnwrapper, lessUnwrapper, rsyncUnwrapper, scpUnwrapper, tarUnwrapper, vimUnwrapper, zipUnwrapper } from "./option-commands.js";
import { atUnwrapper, crontabUnwrapper, expectUnwrapper, typedKeysUnwrapper } from "./deferred.js";
import { netcatUnwrapper, netRedirectUnwrapper, servedShellUnwrapper, sharedTerminalUnwrapper, socatUnwrapper, telnetdUnwrapper } from "./remote-shells.js";
import { awkUnwrapper, parallelUnwrapper, sqliteUnwrapper } from "./input-runners.js";
import { bindUnwrapper, completeUnwrapper, enableUnwrapper } from "./hooks.js";
import { commandLanguageUnwrapper } from "./command-languages.js";
import { configCommandUnwrapper } from "./config-commands.js";
import { scriptFileUnwrapper } from "./script-files.js";
import { remotePackageUnwrapper } from "./remote-packages.js";
import { shellStarterUnwrapper } from "./shell-starters.js";
import { commandRunnerUnwrapper } from "./command-runners.js";
import { RUNNER_WRAPPERS } from "./runner-wrappers.js";
import { DEBUGGER_WRAPPERS } from "./debugger-wrappers.js";

/** Commands that run code from their arguments (wrappers apart: the WRAPPERS table). */
export const UNWRAPPERS: readonly Unwrapper[] = [
  shellUnwrapper, suUnwrapper, evalUnwrapper, sourceUnwrapper, execBlockUnwrapper, watchUnwrapper, trapUnwrapper,
  aliasUnwrapper, promptCommandUnwrapper, gitUnwrapper, sshUnwrapper, moshUnwrapper, manUnwrapper, interpreterUnwrapper, pipeUnwrapper,
  // Commands hidden in options, run later, wired to the network, or fed a pipe (issue 15).
  scpUnwrapper, rsyncUnwrapper, tarUnwrapper, zipUnwrapper, vimUnwrapper, lessUnwrapper, gdbUnwrapper, lldbUnwrapper, scriptUnwrapper, npmCallUnwrapper, atUnwrapper, crontabUnwrapper, expectUnwrapper, typedKeysUnwrapper,
  netcatUnwrapper, socatUnwrapper, awkUnwrapper, parallelUnwrapper, sqliteUnwrapper, bindUnwrapper, completeUnwrapper, enableUnwrapper,
  secretsCommandUnwrapper, makeUnwrapper, startStopDaemonUnwrapper, containerRunUnwrapper, kubectlExecUnwrapper, composeExecUnwrapper, dbClientUnwrapper, goExecUnwrapper, mavenExecUnwrapper,
  commandLanguageUnwrapper, configCommandUnwrapper, scriptFileUnwrapper, remotePackageUnwrapper, shellStarterUnwrapper, commandRunnerUnwrapper, servedShellUnwrapper,
  netRedirectUnwrapper, telnetdUnwrapper, sharedTerminalUnwrapper,
];

/** What unwrapping does with a name: one lookup per command. */
export interface Known {
  wrapper: Wrapper | undefined;
  special: Special | undefined;
  piped: Unwrapper["piped"];
  /** Every family's `also` for the name, in registry order (none: undefined). */
  also: ReadonlyArray<NonNullable<Unwrapper["also"]>> | undefined;
}

function buildKnown(): ReadonlyMap<string, Known> {
  const known = new Map<string, Known>();
  const entry = (n: string): Known => {
    let k = known.get(n);
    if (k === undefined) known.set(n, (k = { wrapper: undefined, special: undefined, piped: undefined, also: undefined }));
    return k;
  };
  for (const [n, w] of [...WRAPPERS, ...TOOL_WRAPPERS, ...SESSION_WRAPPERS, ...RUNNER_WRAPPERS, ...DEBUGGER_WRAPPERS]) {
    if (entry(n).wrapper !== undefined) throw new Error(`unwrap: wrapper '${n}' is registered twice`);
    entry(n).wrapper = w;
  }
  for (const u of UNWRAPPERS) {
    for (const n of u.commands) {
      const k = entry(n);
      // One unwrapper per name and role: a second would silently replace the first.
      if ((u.unwrap !== undefined && k.special !== undefined) || (u.piped !== undefined && k.piped !== undefined)) throw new Error(`unwrap: '${n}' is claimed twice (${u.name})`);
      if (u.unwrap !== undefined) k.special = u.unwrap;
      if (u.piped !== undefined) k.piped = u.piped;
      if (u.also !== undefined) k.also = [...(k.also ?? []), u.also];
    }
  }
  return known;
}

export const KNOWN: ReadonlyMap<string, Known> = buildKnown();
/** The longest name in KNOWN: a longer one needs no lookup. */
export const KNOWN_NAME_MAX = Math.max(...[...KNOWN.keys()].map((n) => n.length));
