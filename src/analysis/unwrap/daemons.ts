/**
 * Launchers whose program and arguments are not one run of words: `start-stop-daemon --start
 * --exec /bin/prog -- args` runs `--startas` (else `--exec`) with the words after `--`.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { has, parseFlags, values, type FlagSpec } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { shellQuote, wordsSource } from "./strings.js";

export const startStopDaemonUnwrapper: Unwrapper = { name: "start-stop-daemon", commands: ["start-stop-daemon"], unwrap: (v, e) => startStopDaemon(v, e) };

const SSD: FlagSpec = {
  short: { S: "start", K: "stop", T: "status", H: "help", V: "version", b: "background", C: "no-close", m: "make-pidfile", o: "oknodo", q: "quiet", t: "test", v: "verbose" },
  shortValue: { x: "exec", a: "startas", n: "name", p: "pidfile", u: "user", c: "chuid", g: "group", r: "chroot", d: "chdir", N: "nicelevel", P: "procsched", I: "iosched", k: "umask", s: "signal", R: "retry", O: "output", e: "env" },
  long: { start: "start", stop: "stop", status: "status", help: "help", version: "version", background: "background", "no-close": "no-close", "make-pidfile": "make-pidfile", "remove-pidfile": "remove-pidfile", oknodo: "oknodo", quiet: "quiet", test: "test", verbose: "verbose", "notify-await": "notify-await" },
  longValue: { exec: "exec", startas: "startas", name: "name", pidfile: "pidfile", user: "user", chuid: "chuid", group: "group", chroot: "chroot", chdir: "chdir", nicelevel: "nicelevel", procsched: "procsched", iosched: "iosched", umask: "umask", signal: "signal", retry: "retry", output: "output", "notify-timeout": "notify-timeout", ppid: "ppid" },
};

function startStopDaemon(view: CommandView, env: Env): boolean {
  const dashes = view.args.indexOf("--");
  const p = parseFlags(dashes > 0 ? view.args.slice(0, dashes) : view.args, SSD, 1);
  // Only --start runs anything; --test only says what it would do.
  if (!has(p, "start") || has(p, "test")) return false;
  const program = values(p, "startas")[0] ?? values(p, "exec")[0];
  if (program === undefined) return false;
  const w = view.words.find((x, k) => k > 0 && x.value === program) ?? (view.words[0] as Word);
  const args = dashes > 0 ? view.words.slice(dashes + 1) : [];
  const r = env.at(w);
  env.nest([w.dynamic === null ? shellQuote(program) : wordsSource([w]), ...(args.length > 0 ? [wordsSource(args)] : [])].join(" "), r, inheritFrom(view));
  return true;
}
