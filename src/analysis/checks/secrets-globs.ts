/**
 * For a glob operand (`~/.ssh/id_*`, `.env*`, `~/.*\/credentials`): whether it may name a secret.
 * Its text is tested as it is (`id_*` is a pattern too), its directory as a holder of secrets
 * (`~/.ssh/*`), its last segment against the patterns' literal basenames (`.env*` names `.env`),
 * and one wildcard directory against the directories that hold secrets (`~/.*\/credentials` is
 * `~/.aws/credentials` among others: what `find ~ -name credentials` hands its -exec block).
 */

import { compileGlob, type Glob } from "../glob.js";
import { GLOB_CHARS, isExcepted, isSecretContainer, isSecretPathIn, type SecretMatcher } from "./secrets-paths.js";

const WILDCARDS = /\[[^\]]*\]|[*?]/g;

export function globMayNameSecret(m: SecretMatcher, path: string): boolean {
  if (isSecretPathIn(m, path)) return true;
  const slash = path.lastIndexOf("/");
  const dir = slash <= 0 ? "/" : path.slice(0, slash);
  const base = path.slice(slash + 1);
  if (GLOB_CHARS.test(dir)) return wildDirectoryMayNameSecret(m, dir, base);
  // `~/.ssh/*` (not `~/*.txt`: home holds `.npmrc`, which no glob without a leading dot names),
  // unless every name the glob matches is a non-secret (`~/.ssh/*.pub`): tested with its
  // wildcards as a character no literal exception holds.
  if (isSecretContainer(m, dir, false)) return !isExcepted(m, `${dir === "/" ? "" : dir}/${base.replace(WILDCARDS, "\u0001")}`);
  // `*`, `?*.txt`: a glob that starts with a wildcard names nothing in particular (and, without
  // dotglob, no dotfile); only one with a literal start (`.env*`, `id_*`) is taken to aim at a secret.
  if (!GLOB_CHARS.test(base) || GLOB_CHARS.test(base[0] as string)) return false;
  // Only a name that starts with the glob's literal start can match it: the automaton is built
  // for the rare glob some name does (`.env*`), not for every `src*` or `log-*`.
  const start = base.slice(0, base.search(GLOB_CHARS));
  let g: Glob | null = null;
  for (const name of m.literalLasts) {
    if (!name.startsWith(start)) continue;
    g ??= compileGlob(base);
    if (g.test(name) && isSecretPathIn(m, `${dir === "/" ? "" : dir}/${name}`)) return true;
  }
  return false;
}

/**
 * A directory with one wildcard segment (`/home/u/.*`, `/srv/.c*`) and literal ones after it: each
 * directory name that holds secrets and fits the wildcard is tried in its place. With more than
 * one wildcard segment, nothing is said (a glob that wide aims at nothing in particular).
 */
function wildDirectoryMayNameSecret(m: SecretMatcher, dir: string, base: string): boolean {
  // `~/.*/*.txt`: a name that starts with a wildcard aims at nothing in particular here either,
  // unless it fits the name of a secret (`~/.*/*_rsa` is ~/.ssh/id_rsa's, what `find ~ -name
  // '*_rsa'` hands its block).
  if (base === "" || (GLOB_CHARS.test(base[0] as string) && !fitsSecretName(m, base))) return false;
  const segments = dir.split("/");
  const wild = segments.findIndex((s) => GLOB_CHARS.test(s));
  if (segments.some((s, k) => k > wild && GLOB_CHARS.test(s))) return false;
  const pattern = segments[wild] as string;
  // As for a last segment: a directory glob that starts with a wildcard (`*/x`) aims at nothing in
  // particular; `.*` (home's dot directories) and `.aw?` do. Only a dot pattern names a dot directory.
  if (GLOB_CHARS.test(pattern[0] as string)) return false;
  const g = compileGlob(pattern);
  const dots = pattern.startsWith(".");
  for (const names of [m.containerLast, m.containerAbsoluteLast]) {
    for (const name of names) {
      if (name.startsWith(".") !== dots || !g.test(name)) continue;
      segments[wild] = name;
      if (globMayNameSecret(m, `${segments.join("/")}/${base}`)) return true;
    }
  }
  return false;
}

/** Whether a glob with a literal part (`*_rsa`, `*.json`; not `*`) matches the literal name of a secret (`id_rsa`). */
function fitsSecretName(m: SecretMatcher, base: string): boolean {
  if (base.replace(WILDCARDS, "") === "") return false;
  const g = compileGlob(base);
  return m.literalLasts.some((name) => g.test(name));
}
