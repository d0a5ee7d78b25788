/**
 * Tools that run shell strings given as their operands or option values: benchmark and watch
 * runners (`hyperfine 'cmd'`, its `--prepare`/`--setup`/`--cleanup`; `watchexec -- cmd`,
 * `nodemon --exec 'cmd'`), pipe fitters (`pee 'cmd' 'cmd'`, `mispipe 'a' 'b'`), `concurrently
 * 'a' 'b'`, `asciinema rec -c 'cmd'`; and code in another tool's language: `rake -e` (Ruby, read
 * as `ruby -e`), kakoune's `%sh{…}` blocks in `kak -e`, Miller's `system()`/`exec()` in `mlr put`.
 * Each string is parsed like `sh -c`; a string only known at run time is shell/dynamic-script.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { letters, names, parseFlags, values, type FlagSpec } from "../flags.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { runString, shellQuote, wordFrom, wordsSource } from "./strings.js";

interface Runner {
  spec: FlagSpec;
  /** Canonical option names whose values are shell strings. */
  strings: readonly string[];
  /** Operands: each a shell string, all joined as one (watchexec), or none. */
  operands: "each" | "joined" | "none";
  /** Operands that name something else (`concurrently npm:watch`). */
  skip?: RegExp;
}

const RUNNERS: Readonly<Record<string, Runner>> = {
  hyperfine: {
    spec: { short: letters("iNhV"), shortValue: { w: "w", r: "r", m: "m", M: "M", p: "prepare", c: "cleanup", s: "setup", S: "S", n: "n", P: "P", L: "L", u: "u", D: "D" }, long: names("ignore-failure", "show-output", "help", "version", "sort", "input"), longValue: { warmup: "w", runs: "r", "min-runs": "m", "max-runs": "M", prepare: "prepare", cleanup: "cleanup", setup: "setup", conclude: "cleanup", shell: "S", command_name: "n", "command-name": "n", "parameter-scan": "P", "parameter-step-size": "D", "parameter-list": "L", "time-unit": "u", style: "style", "export-asciidoc": "x", "export-csv": "x", "export-json": "x", "export-markdown": "x", "export-orgmode": "x", output: "o", "reference": "prepare" } },
    strings: ["prepare", "cleanup", "setup"],
    operands: "each",
  },
  pee: { spec: { long: names("ignore-sigpipe", "ignore-write-errors", "no-ignore-sigpipe", "no-ignore-write-errors") }, strings: [], operands: "each" },
  mispipe: { spec: {}, strings: [], operands: "each" },
  concurrently: {
    spec: { short: letters("krgiPhv"), shortValue: { n: "n", c: "c", p: "p", l: "l", t: "t", s: "s", m: "m" }, long: names("kill-others", "kill-others-on-fail", "pad-prefix", "raw", "no-color", "group", "hide", "timings", "passthrough-arguments", "handle-input", "help", "version"), longValue: { names: "n", "name-separator": "n", "prefix-colors": "c", prefix: "p", "prefix-length": "l", "timestamp-format": "t", success: "s", "max-processes": "m", "restart-tries": "r", "restart-after": "r", "default-input-target": "d", "kill-signal": "k", "teardown": "teardown" } },
    strings: ["teardown"],
    operands: "each",
    // `npm:watch`, `yarn:build`: a package script by name.
    skip: /^(?:npm|yarn|pnpm|bun|deno|node):/,
  },
  nodemon: { spec: { short: letters("VIqv"), shortValue: { x: "exec", w: "w", e: "e", i: "i", d: "d", C: "C" }, long: names("legacy-watch", "polling-interval", "on-change-only", "spawn", "quiet", "verbose", "version", "help", "signal", "dump"), longValue: { exec: "exec", watch: "w", ext: "e", ignore: "i", delay: "d", config: "config", signal: "signal", "cwd": "cwd" } }, strings: ["exec"], operands: "none" },
  watchexec: {
    spec: { short: letters("cnrpoNqvh"), shortValue: { w: "w", W: "w", e: "e", f: "f", i: "i", d: "d", s: "s", E: "E", j: "j" }, long: names("clear", "restart", "postpone", "no-vcs-ignore", "no-project-ignore", "no-global-ignore", "no-default-ignore", "no-discover-ignore", "no-meta", "no-process-group", "print-events", "quiet", "bell", "notify", "only-emit-events", "wrap-process", "manual", "help", "version", "verbose"), longValue: { watch: "w", "watch-non-recursive": "w", exts: "e", filter: "f", ignore: "i", debounce: "d", signal: "s", "stop-signal": "s", "stop-timeout": "t", env: "E", shell: "shell", workdir: "workdir", "delay-run": "dr", "on-busy-update": "b", "project-origin": "po", "filter-file": "ff", "ignore-file": "if", "emit-events-to": "et", "filter-prog": "fp", color: "color", "watch-file": "wf", "socket": "socket", "poll": "poll", timings: "timings", fs_events: "fe", "fs-events": "fe", "log-file": "log" }, stopAtOperand: true },
    strings: [],
    operands: "joined",
  },
};

export const commandRunnerUnwrapper: Unwrapper = {
  name: "command-runner",
  commands: [...Object.keys(RUNNERS), "asciinema", "rake", "kak", "mlr"],
  unwrap: (v, e) => {
    if (v.name === "asciinema") return asciinema(v, e);
    if (v.name === "rake") return rake(v, e);
    if (v.name === "kak") return kak(v, e);
    if (v.name === "mlr") return miller(v, e);
    run(v, e, RUNNERS[v.name] as Runner);
  },
};

/** Option values and operands, as words (`--prepare=…` trimmed to its value). */
function run(view: CommandView, env: Env, runner: Runner): void {
  const strings: Word[] = [];
  const p = parseFlags(view.args, runner.spec, 1, (name, index, offset) => {
    if (!runner.strings.includes(name)) return;
    strings.push(wordFrom(view.words[index] as Word, offset));
  });
  const operands = runner.spec.stopAtOperand === true ? range(p.rest, view.args.length) : p.operands;
  for (const s of strings) runString(view, s, env.at(s), env.nest, env.out, "a command");
  if (runner.operands === "none" || operands.length === 0) return;
  if (runner.operands === "joined") {
    // `watchexec -- cargo test`: the words are joined and run by `sh -c`.
    const from = view.args[operands[0] as number] === "--" ? (operands[0] as number) + 1 : (operands[0] as number);
    if (from >= view.words.length) return;
    const a = view.words[from] as Word;
    const b = view.words[view.words.length - 1] as Word;
    // Read both ways where they differ (quoting kept, or lost in the join): neither is missed.
    const joined = view.args.slice(from).join(" ");
    const words = wordsSource(view.words.slice(from));
    env.nest(joined, env.span(a, b), inheritFrom(view));
    if (words !== joined) env.nest(words, env.span(a, b), inheritFrom(view));
    return;
  }
  // `mispipe 'a' 'b'` runs `a | b`: the second reads what the first prints.
  if (view.name === "mispipe" && operands.length === 2) {
    const [a, b] = operands.map((k) => view.words[k] as Word) as [Word, Word];
    if (a.dynamic === null && b.dynamic === null) {
      env.nest(`${a.value} | ${b.value}`, env.span(a, b), inheritFrom(view));
      return;
    }
  }
  for (const k of operands) {
    const w = view.words[k] as Word;
    if (w.value === "--" || runner.skip?.test(w.value) === true) continue;
    runString(view, w, env.at(w), env.nest, env.out, "a command");
  }
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/** `asciinema rec -c 'cmd' [file]` (`--command=`): the recorded session runs the command. */
function asciinema(view: CommandView, env: Env): void {
  parseFlags(view.args, { short: letters("iyqh"), shortValue: { c: "c", t: "t", e: "e", f: "f" }, long: names("stdin", "append", "overwrite", "raw", "quiet", "yes", "help"), longValue: { command: "c", title: "t", env: "e", "idle-time-limit": "i", cols: "cols", rows: "rows", format: "f", "capture-env": "e" } }, 1, (name, index, offset) => {
    if (name !== "c") return;
    const w = view.words[index] as Word;
    runString(view, wordFrom(w, offset), env.at(w), env.nest, env.out, "a command (-c)");
  });
}

/** `rake -e CODE` (`-E`, `-p`, `--execute=`): Ruby code, read as `ruby -e` reads it. */
function rake(view: CommandView, env: Env): void {
  const p = parseFlags(view.args, { short: letters("ABcgGhnNPqsTtvVWX"), shortValue: { e: "code", E: "code", p: "code", f: "f", I: "I", j: "j", m: "m", r: "r", R: "R", D: "D" }, longValue: { execute: "code", "execute-continue": "code", "execute-print": "code", rakefile: "f", libdir: "I", jobs: "j", require: "r", rakelibdir: "R" } }, 1);
  for (const code of values(p, "code")) {
    const w = view.words.find((x) => x.value === code || x.value.endsWith(code)) ?? (view.words[0] as Word);
    env.nest(`ruby -e ${shellQuote(code)}`, env.at(w), inheritFrom(view));
  }
}

/** kakoune's `%sh{…}` (any of its quoting pairs) in `kak -e` commands: shell code. */
function kak(view: CommandView, env: Env): void {
  for (let k = 1; k + 1 < view.words.length; k++) {
    if (view.args[k] !== "-e") continue;
    const w = view.words[k + 1] as Word;
    for (const body of kakShellBlocks(w.value)) env.nest(body, env.at(w), inheritFrom(view));
  }
}

const KAK_CLOSE: Readonly<Record<string, string>> = { "{": "}", "(": ")", "[": "]", "<": ">" };

/** The bodies of `%sh{…}`, `%sh(…)`, `%sh[…]`, `%sh<…>` (nested pairs balanced) and `%sh|…|`. */
export function kakShellBlocks(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/%sh([{([<|])/g)) {
    const open = m[1] as string;
    const close = KAK_CLOSE[open] ?? open;
    let depth = 1;
    let k = (m.index ?? 0) + m[0].length;
    const start = k;
    for (; k < text.length && depth > 0; k++) {
      const c = text[k];
      if (c === close) depth--;
      else if (c === open && close !== open) depth++;
    }
    out.push(text.slice(start, depth === 0 ? k - 1 : k));
  }
  return out;
}

/** Miller's `system("cmd")` and `exec("cmd", [args])` in a `put`/`filter` expression; any other use is opaque. */
function miller(view: CommandView, env: Env): void {
  for (const w of view.words) {
    if (!/\b(?:system|exec)\s*\(/.test(w.value)) continue;
    const calls = [...w.value.matchAll(/\b(system|exec)\s*\(\s*"((?:[^"\\]|\\.)*)"\s*(?:,\s*\[([^\]]*)\])?\s*\)/g)];
    for (const c of calls) {
      const args = c[3] === undefined ? "" : [...c[3].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((a) => shellQuote(a[1] as string)).join(" ");
      env.nest(c[1] === "system" ? (c[2] as string) : `${shellQuote(c[2] as string)} ${args}`, env.at(w), inheritFrom(view));
    }
    if (calls.length === 0 || w.value.split(/\b(?:system|exec)\s*\(/).length - 1 > calls.length) {
      const r = env.at(w);
      env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} runs a command built by its expression ('${w.value.slice(0, 60)}'), which the analysis does not read; run the command directly.`, start: r[0], end: r[1] });
    }
  }
}
