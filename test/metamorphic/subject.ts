/**
 * The guard under test, through the library API (`createGuard`): this tree's src by default, or a
 * built dist named by SHELLGUARD_DIST (another tree's build, read-only: only its index.js is
 * imported). Each guard runs in a temporary HOME with no user or project config.
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type * as Library from "../../src/index.js";
import type { Behavior, Decision, ModeName } from "../../src/index.js";
import { hash32 } from "./corpus.js";

export type GuardLibrary = typeof Library;

/** Where the guard under test comes from, for the report. */
export const SUBJECT = process.env.SHELLGUARD_DIST ? resolve(process.env.SHELLGUARD_DIST) : "src";

export async function loadLibrary(): Promise<GuardLibrary> {
  if (SUBJECT === "src") return import("../../src/index.js");
  return (await import(pathToFileURL(join(SUBJECT, "index.js")).href)) as GuardLibrary;
}

export const RANK: Readonly<Record<Behavior, number>> = { allow: 0, ask: 1, deny: 2 };

export interface Sandbox {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  dispose(): void;
}

/** A temporary HOME with an empty project directory as the working directory. */
export function sandbox(): Sandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-meta-")));
  const home = join(base, "home");
  const cwd = join(home, "project");
  mkdirSync(cwd, { recursive: true });
  const env = { HOME: home, XDG_CONFIG_HOME: join(base, "xdg"), XDG_CACHE_HOME: join(base, "cache"), PATH: "/usr/bin:/bin" };
  return { home, cwd, env, dispose: () => rmSync(base, { recursive: true, force: true }) };
}

/** A line's decision in each of the given modes. */
export type Decide = (command: string, modes: readonly ModeName[]) => Map<ModeName, Decision>;

/** One in VERIFY_EVERY lines (by hash) is also decided by plain `check` in every mode, and compared. */
const VERIFY_EVERY = 32;

/**
 * Decisions through the library API, one analysis per kind of analysis: `explain` in the first
 * mode of each kind (guard mode analyses inside substitutions, the others do not), then the
 * library's `evaluate` on that analysis for the other modes of the kind — what `check` does, without
 * parsing the same line four times. A seeded share of lines is checked both ways and any
 * difference throws, so this shortcut cannot drift from `check`.
 */
export function makeDecider(lib: GuardLibrary, box: Sandbox, deny: readonly string[] = []): Decide {
  const guard = lib.createGuard({
    cwd: box.cwd,
    env: box.env,
    reload: false,
    ...(deny.length > 0 ? { config: { rules: { deny: [...deny] } } } : {}),
  });
  const plain = (command: string, modes: readonly ModeName[]): Map<ModeName, Decision> =>
    new Map(modes.map((mode) => [mode, guard.check(command, { mode })]));
  const fast = (command: string, modes: readonly ModeName[]): Map<ModeName, Decision> => {
    const out = new Map<ModeName, Decision>();
    for (const kind of [false, true]) {
      const group = modes.filter((m) => lib.MODE_POLICY[m].guardAnalysis === kind);
      if (group.length === 0) continue;
      const x = guard.explain(command, { mode: group[0]! });
      out.set(group[0]!, x.decision);
      for (const mode of group.slice(1)) {
        out.set(mode, x.analysis ? lib.evaluate(x.analysis, x.config, { mode }).decision : guard.check(command, { mode }));
      }
    }
    return out;
  };
  return (command, modes) => {
    const got = fast(command, modes);
    if (hash32(command, 7) % VERIFY_EVERY === 0) {
      const want = plain(command, modes);
      for (const [mode, d] of want) {
        const g = got.get(mode)!;
        if (g.decision !== d.decision || g.reason !== d.reason) {
          throw new Error(`decider disagrees with check in ${mode} for ${JSON.stringify(command)}: ${g.decision} (${g.reason}) vs ${d.decision} (${d.reason})`);
        }
      }
    }
    return got;
  };
}
