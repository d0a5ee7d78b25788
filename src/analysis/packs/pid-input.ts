/**
 * `lsof -ti :3000 | xargs kill`, `pgrep -f vite | head -1 | xargs kill -9`: what xargs appends to
 * kill is a list of process ids, printed by a tool that prints nothing else. Such words cannot be
 * `-1` (every process) or a signal, so the kill rules have nothing more to judge than the words on
 * the line (they are settled; packs/unknown-args.ts). Any other producer, or a filter that could
 * change the words (`tr`, `sed`, `awk`), leaves them unknown.
 */

import type { SimpleCommand } from "../../facts/types.js";
import type { CommandView } from "../command.js";

/** Filters that pass lines of process ids on unchanged, or drop some. */
const PASS_THROUGH: ReadonlySet<string> = new Set(["head", "tail", "sort", "uniq", "grep", "egrep", "fgrep", "shuf"]);

/** Per printer, its options that take the next word as their value. */
const VALUED: Readonly<Record<string, RegExp>> = {
  pgrep: /^(?:-[a-zA-Z]*[gGPstuUF]|--(?:pgroup|group|parent|session|terminal|euid|uid|pidfile|ns|nslist|runstates))$/,
  pidof: /^-[a-zA-Z]*o$/,
  lsof: /^-[a-zA-Z]*[iusgpcdDaF]$/,
};

/** Whether `sc` prints process ids and nothing else. */
function printsPids(sc: SimpleCommand): boolean {
  const name = sc.argv[0];
  if (name === undefined || name.dynamic !== null) return false;
  const args = sc.argv.slice(1);
  // A word known only at run time may be an option's value (`-u "$USER"`) or an address (`:$PORT`), never an option.
  const valued = VALUED[name.value];
  if (valued === undefined || args.some((w, k) => w.dynamic !== null && (w.dynamic[0]?.[0] === 0 || w.value.startsWith("-")) && !valued.test(args[k - 1]?.value ?? ""))) return false;
  const opts = args.map((w) => w.value);
  switch (name.value) {
    // Not with names (-l, -a), a count (-c) or a delimiter of the caller's (-d).
    case "pgrep":
      return !opts.some((o) => /^-[a-zA-Z]*[lacd]/.test(o) && !o.startsWith("--") || /^--(?:list-name|list-full|count|delimiter)/.test(o));
    // Not with a separator of the caller's (-S, -d).
    case "pidof":
      return !opts.some((o) => /^-[a-zA-Z]*[Sd]/.test(o) || o.startsWith("--separator"));
    // Terse mode (-t): process ids only.
    case "lsof":
      return opts.some((o) => /^-[a-zA-Z]*t/.test(o));
    default:
      return false;
  }
}

/** Whether the stdin xargs reads in `view` (its own simple command) holds process ids only. */
export function pidsOnStdin(view: CommandView): boolean {
  const sc = view.sc;
  if (sc.stage <= 0 || view.wrappers[view.wrappers.length - 1] !== "xargs") return false;
  const stages = view.facts.commands.filter((c) => c.pipeline === sc.pipeline && c.stage < sc.stage).sort((a, b) => b.stage - a.stage);
  // Nearest stage first: filters, then the producer; a stage that is not one simple command (`{ a; b; }`) is not followed.
  if (new Set(stages.map((c) => c.stage)).size !== stages.length) return false;
  for (let k = 0, want = sc.stage - 1; k < stages.length; k++, want--) {
    const s = stages[k] as SimpleCommand;
    if (s.stage !== want || s.redirects.some((r) => r.fd === null || r.fd === 0 || r.fd === 1)) return false;
    if (printsPids(s)) return true;
    if (!PASS_THROUGH.has(s.argv[0]?.value ?? "") || s.argv.some((w) => w.dynamic !== null)) return false;
  }
  return false;
}
