/**
 * Read-only classification (step 3's fast path): a command is read-only when it is a system tool
 * on the allowlist (src/analysis/read-only/), every option it is given is a known read-only
 * option of it, no wrapper on the way writes or runs anything itself (`time -o FILE`), the
 * variables set for it are harmless, and it redirects output nowhere but harmless devices.
 * `tee` is never read-only; `./ls` is not the system `ls`; sudo/doas never count.
 */

import type { CommandView } from "../command.js";
import { isHarmlessSink, resolvePath, type PathContext } from "../paths.js";
import { verdictOf } from "../read-only/index.js";
import { isWriteRedirect } from "./dangerous.js";
import { parseFlags } from "../flags.js";
import { SHELLS } from "../unwrap/wrappers.js";
import { SHELL_FLAGS } from "../unwrap/shell-flags.js";
import type { Word } from "../../facts/types.js";

/** env with a command is not this predicate's business: unwrapping sees through it. */
function redirectsAreHarmless(view: CommandView, paths: PathContext): boolean {
  const redirects = view.redirects;
  for (let k = 0; k < redirects.length; k++) {
    const r = redirects[k] as (typeof redirects)[number];
    if (!isWriteRedirect(r.op, r.target)) continue;
    const t = r.target as Word;
    if (t.dynamic === null && !t.tilde && isHarmlessSink(t.value)) continue;
    const path = resolvePath(t, paths).path;
    if (path === null || !isHarmlessSink(path)) return false;
  }
  return true;
}

/**
 * Variables a read-only command may be run with. Any other can make it run code (`PAGER=...
 * git log`, `LESSOPEN='|cmd' less f`, `LD_PRELOAD`, `PATH=.:$PATH ls`, `GIT_EXTERNAL_DIFF`).
 */
const SAFE_ENV = /^(?:LANG|LANGUAGE|LC_[A-Z]+|TZ|TERM|COLORTERM|NO_COLOR|FORCE_COLOR|CLICOLOR(?:_FORCE)?|COLUMNS|LINES|CI|DEBUG|VERBOSE|RUST_LOG|RUST_BACKTRACE|NODE_ENV|PYTHONUNBUFFERED|USER|LOGNAME|TMPDIR|GIT_PAGER_IN_USE)$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

/** `X=1 cmd` and `env X=1 cmd`: every variable set for the command is a harmless one. */
function assignmentsAreHarmless(view: CommandView): boolean {
  const assignments = view.sc.assignments;
  for (let k = 0; k < assignments.length; k++) if (!SAFE_ENV.test((assignments[k] as (typeof assignments)[number]).name)) return false;
  if (view.wrappers.length === 0) return true;
  const first = view.words[0] as Word;
  for (const w of view.sc.argv) {
    if (w === first || w.start >= first.start) break;
    const m = ASSIGNMENT.exec(w.value);
    if (m !== null && !SAFE_ENV.test(m[1] as string)) return false;
  }
  return true;
}

export function isReadOnly(view: CommandView, paths: PathContext): boolean {
  // `bash -c '...'` is as read-only as what it runs, unless variables set for it or a wrapper's
  // own options (`time -o FILE bash -c ...`) change that.
  if (view.wrapperOnly) return assignmentsAreHarmless(view) && !wrapperActs(view) && !shellOptionUnknown(view);
  if (view.words.length === 0) return view.sc.assignments.length === 0 && redirectsAreHarmless(view, paths);
  if (view.privileged || !view.trusted || wrapperActs(view)) return false;
  if (!assignmentsAreHarmless(view)) return false;
  return verdictOf(view).readOnly && redirectsAreHarmless(view, paths);
}

/**
 * `bash -%c '…'`: an option the shell does not know. bash refuses it, but nothing vouches for
 * what another shell makes of it, so the line is not read-only (the string is still checked).
 */
function shellOptionUnknown(view: CommandView): boolean {
  if (!SHELLS.has(view.name)) return false;
  const args = view.args.filter((a, k) => k === 0 || !a.startsWith("+"));
  return parseFlags(args, SHELL_FLAGS, 1).unknown.length > 0;
}

/** Some wrapper on the way writes a file, runs a program or takes an option not known to be harmless. */
function wrapperActs(view: CommandView): boolean {
  // Running in another directory (`env -C dir ls`) is no act of the wrapper's own.
  return view.wrapperEffects !== undefined && view.wrapperEffects.some((e) => e.kind !== "chdir");
}
