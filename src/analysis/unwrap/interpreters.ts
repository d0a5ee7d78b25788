/**
 * Interpreters other than shells (python, node, perl, ruby, php, awk, lua, ...): code they run
 * that cannot be seen, and, for the languages read (src/analysis/interpreters/), what their
 * one-liners hand to a shell (parsed as shell code, like `bash -c`) and what they delete (judged
 * as the `rm` it amounts to). Code that cannot be followed is `shell/opaque-code`.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { HOME, languageOf, MARKER, READ_INTERPRETERS, readCode, type Action, type Language } from "../interpreters/index.js";
import { has, names, parseFlags, values, type FlagSpec } from "../flags.js";
import { interpreterArgs, interpreterOptions } from "./interpreter-options.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { printedBefore } from "./printed.js";
import { catFeeds, moduleWritten, runWritten, stdinWritten } from "./written.js";
import { readsProgramFromStdin } from "./pipes.js";
import { replaceDynamic, isStdinPath, valueWord, wholeDynamic } from "./strings.js";
import { INTERPRETERS, SHELLS } from "./wrappers.js";

export const interpreterUnwrapper: Unwrapper = {
  name: "interpreter",
  commands: [...new Set([...[...INTERPRETERS].filter((n) => !SHELLS.has(n)), ...READ_INTERPRETERS])],
  unwrap: (v, e) => interpreterCode(v, e),
};

const RUNTIMES: ReadonlySet<string> = new Set(["deno", "bun", "ipython", "ipython3", "irb"]);
/** Families whose `-i` (or a `repl` subcommand) reads statements from stdin after the rest. */
const INTERACTIVE: ReadonlySet<string> = new Set(["python", "node", "lua", "deno", "bun", "ipython", "ipython3"]);

/** A shell value spliced into a code word (`python3 -c "f('$X')"`) is a run-time part of the code. */
const RUNTIME = "$RUNTIME_VALUE";

interface Source {
  word: Word;
  text: string;
}

function interpreterCode(view: CommandView, env: Env): void {
  const lang = languageOf(view.name);
  // deno and bun read JavaScript with options and subcommands of their own.
  const family = RUNTIMES.has(view.name) ? view.name : lang !== null ? lang.name : /^lua/.test(view.name) ? "lua" : view.name;
  if (lang?.name === "awk") {
    // `awk -f <(curl …)`: a program file made at run time.
    for (let k = 1; k + 1 < view.words.length; k++) {
      const w = view.words[k + 1] as Word;
      if (/^-[fE]$|^--(?:file|exec)$/.test(view.args[k] as string) && w.dynamic !== null && w.value.startsWith("<(")) {
        env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs a program from '${w.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: env.at(w)[0], end: env.at(w)[1] });
      }
    }
    const program = awkProgram(view);
    return readSources(view, env, lang, program === "stdin" ? stdinSources(view, lang, false) : program === null ? [] : [program]);
  }
  const spec = interpreterOptions(family);
  const sources: Source[] = [];
  let operand = false;
  let interactive = false;
  // The program is named as stdin (`deno run -`, `bun run /dev/stdin`).
  let stdinOperand = false;
  // The script file run (`python3 t.py`), when there is one.
  let script: Word | undefined;
  if (spec !== null) {
    const args = interpreterArgs(family, view.args);
    const code: Array<readonly [number, number, string]> = [];
    // perl's `-MMod` is `use Mod;` run before the program: `-Mbase;system(…)` is code too.
    const seen = (name: string, index: number, offset: number): void => void ((name === "code" || name === "use" || name === "require" || name === "import" || name === "loader") && code.push([index, offset, name]));
    let p = parseFlags(args, spec, 1, seen);
    // An option not in the table may take the next word as its value, which would then pass for
    // the script: look for code past it too rather than miss it.
    if (code.length === 0 && p.unknown.length > 0 && p.rest < args.length) p = parseFlags(args, { ...spec, stopAtOperand: false }, 1, seen);
    if (has(p, "module")) {
      const module = values(p, "module")[0] ?? "";
      // `echo '…' > tool.py; python3 -m tool`: the module is a file the line wrote.
      if (family === "python" && moduleWritten(view, env, module)) return;
      moduleCode(view, env, lang, module, p.rest);
      return;
    }
    for (const [index, offset, name] of code) {
      const w = view.words[index] as Word;
      let text = (name === "use" ? "use " : "") + marked(w).slice(offset);
      // node's --import/--require/--loader take a module: a `data:` URL is code given inline.
      if (name === "require" || name === "import" || name === "loader") {
        const data = /^data:[^,]*?(;base64)?,([^]*)$/i.exec(text);
        if (data === null) continue;
        if (data[1] !== undefined) {
          env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} loads base64-encoded code from a data: URL, which the analysis does not read; save it to a file and read it first.`, start: env.at(w)[0], end: env.at(w)[1] });
          return;
        }
        text = safeDecode(data[2] as string);
      }
      if ((text.includes(MARKER) && text.split(MARKER).join("").trim() === "") || (offset === 0 && wholeDynamic(w))) {
        env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs code from '${w.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: env.at(w)[0], end: env.at(w)[1] });
        return;
      }
      sources.push({ word: w, text });
    }
    // perl's `-MFile::Path -e 'rmtree(…)'`: the modules are in scope of the program, read as one.
    if (family === "perl" && code.some(([, , name]) => name === "use") && sources.length > 1) {
      const uses = sources.filter((x) => x.text.startsWith("use "));
      const rest = sources.filter((x) => !x.text.startsWith("use "));
      if (rest.length > 0) sources.splice(0, sources.length, ...rest.map((x) => ({ word: x.word, text: `${uses.map((u) => u.text).join(";\n")};\n${x.text}` })));
    }
    const first = p.rest < args.length ? (view.words[p.rest] as Word) : undefined;
    // `deno eval CODE`: the operand is the code.
    if (has(p, "eval-sub") && code.length === 0 && first !== undefined) sources.push({ word: first, text: marked(first) });
    // `deno run https://…/x.ts`: a script fetched and run unseen.
    if (code.length === 0 && first !== undefined && /^(?:https?|ftp):\/\//i.test(first.value)) {
      env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs the script at '${first.value}', fetched and run unseen; download it, read it, then run the file.`, start: env.at(first)[0], end: env.at(first)[1] });
      return;
    }
    // `python3 <(curl …)`: the script itself comes from a command.
    if (code.length === 0 && first !== undefined && first.dynamic !== null && /^<\(/.test(first.value)) {
      env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs code from '${first.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: env.at(first)[0], end: env.at(first)[1] });
      return;
    }
    // `python3 /dev/stdin <<< …` reads its program from stdin, as `-` does.
    operand = first !== undefined && !isStdinPath(args[p.rest] as string);
    stdinOperand = first !== undefined && !operand;
    if (operand && code.length === 0) script = first;
    // PowerShell's `-Command -` and `-File -` read the commands from stdin; Windows PowerShell's
    // first operand is a command (pwsh's is a script file).
    if (family === "pwsh" || family === "powershell") {
      const dash = sources.findIndex((s) => s.text === "-");
      if (dash >= 0 || values(p, "file").includes("-")) {
        sources.splice(dash >= 0 ? dash : 0, dash >= 0 ? 1 : 0);
        operand = false;
      } else if (family === "powershell" && first !== undefined && code.length === 0 && !/\.ps1$/i.test(first.value)) {
        sources.push({ word: first, text: marked(first) });
      }
    }
    // `php -- ARGS`: no script, the program is stdin and the words its arguments.
    if (family === "php" && args[p.rest - 1] === "--" && code.length === 0) operand = false;
    // An interactive interpreter (`-i`, php's `-a`) reads statements from stdin after its script.
    interactive = family === "php" ? has(p, "a") || has(p, "interactive") : INTERACTIVE.has(family) && (has(p, "i") || has(p, "interactive"));
  } else {
    operand = view.args.length > 1 && !isStdinPath(view.args[1] as string);
    if (operand) script = view.words[1];
  }
  // `echo 'code' > t.py; python3 t.py`: the line wrote the script; its text is read.
  if (script !== undefined && sources.length === 0 && runWritten(view, env, script, view.name)) return;
  // No inline code and no script file: the program is stdin, a heredoc, a herestring or what the
  // stage before prints (`echo 'print(1)' | python3`).
  const fromStdin = (sources.length === 0 && !operand) || interactive;
  const stdin = fromStdin ? stdinSources(view, lang, interactive) : [];
  if (fromStdin) {
    unseenStdin(view, env);
    stdinWritten(view, env, view.name);
    if (stdinOperand && !interactive) pipedProgram(view, env);
  }
  if (lang === null) {
    // A language not read (lua, AppleScript, PowerShell): its inline code cannot be judged.
    const w = sources[0]?.word ?? stdin[0]?.word;
    if (w !== undefined) env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} runs ${sources.length > 0 ? "inline code" : "code given on stdin"} in a language that is not read, so what it runs is not analysed; run the commands directly, or save the code to a file and read it first.`, start: env.at(w)[0], end: env.at(w)[1] });
    return;
  }
  readSources(view, env, lang, stdin.length > 0 ? [...sources, ...stdin] : sources);
}

/**
 * `curl … | deno run -A -`, `… | bun run -`: a runner whose subcommand reads the program named `-`
 * from the pipe (one that reads it with no operand at all, `| node`, is pipes.ts's), unless the line prints
 * the code itself (then it is read) or cats a file of the user's.
 */
function pipedProgram(view: CommandView, env: Env): void {
  if (view.sc.stage === 0 || readsProgramFromStdin(view)) return;
  const printed = printedBefore(view);
  if (printed?.exact === true || (printed === null && catFeeds(view, env))) return;
  const w = view.words[0] as Word;
  env.out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into ${view.words.map((x) => x.value).join(" ")} runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: env.at(w)[0], end: env.at(w)[1] });
}

/** `python3 < <(curl …)`, `node < "$F"`: the program comes from a command or a run-time name. */
function unseenStdin(view: CommandView, env: Env): void {
  for (const r of view.redirects) {
    if (r.op !== "<" || (r.fd !== null && r.fd !== 0) || r.target === null || r.target.dynamic === null) continue;
    env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} reads its program from '${r.target.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: env.at(r.target)[0], end: env.at(r.target)[1] });
  }
}

/** `timeit`'s statements and setup are code; pdb's `-c` commands may be (`!stmt`, or any line pdb does not know). */
const TIMEIT = { short: { p: "process", v: "verbose", h: "help" }, shortValue: { n: "number", r: "repeat", s: "code", u: "unit" }, long: { process: "process", verbose: "verbose", help: "help" }, longValue: { number: "number", repeat: "repeat", setup: "code", unit: "unit" } };
const PDB = { shortValue: { c: "code" }, longValue: { command: "code" }, stopAtOperand: true };
/** pdb's own commands: anything else on its command line is run as a Python statement. */
const PDB_COMMAND = /^(?:h|help|w|where|bt|d|down|u|up|b|break|tbreak|cl|clear|disable|enable|ignore|condition|commands|s|step|n|next|unt|until|r|return|c|cont|continue|j|jump|l|list|ll|longlist|a|args|p|pp|whatis|source|display|undisplay|retval|rv|run|restart|q|quit|exit|EOF)(?:\s|$)/;

/**
 * Standard modules (and coverage) that run a script or module given as their operand, with the
 * options that take a value and the one that names a module instead of a script.
 */
const SCRIPT_RUNNERS: Readonly<Record<string, FlagSpec & { sub?: string }>> = {
  cProfile: { shortValue: { o: "out", s: "sort", m: "module" }, longValue: { outfile: "out", sort: "sort" }, stopAtOperand: true },
  profile: { shortValue: { o: "out", s: "sort", m: "module" }, longValue: { outfile: "out", sort: "sort" }, stopAtOperand: true },
  trace: { shortValue: { f: "file", C: "dir" }, longValue: { file: "file", coverdir: "dir", "ignore-module": "ignore", "ignore-dir": "ignore" }, long: { module: "module-next" }, stopAtOperand: true },
  pdb: { shortValue: { c: "code", m: "module" }, longValue: { command: "code" }, stopAtOperand: true },
  coverage: { sub: "run", short: { m: "module-flag", p: "parallel", a: "append", L: "pylib" }, long: { module: "module-next" }, longValue: names("rcfile", "source", "omit", "include", "context", "data-file", "concurrency", "debug"), stopAtOperand: true },
};

/** `python3 -m cProfile x.py`, `-m trace --trace x.py`, `-m pdb x.py`: the script they run, when the line wrote it. */
function runnerScript(view: CommandView, env: Env, module: string, from: number): void {
  const spec = SCRIPT_RUNNERS[module];
  if (spec === undefined) return;
  let at = from;
  if (spec.sub !== undefined) {
    if (view.args[at] !== spec.sub) return;
    at++;
  }
  const p = parseFlags(view.args, spec, at);
  const named = values(p, "module")[0];
  const first = p.rest < view.words.length ? (view.words[p.rest] as Word) : undefined;
  // `-m MOD` names a module; `--module` (trace, coverage's `-m`) makes the operand one.
  if (named !== undefined) moduleWritten(view, env, named);
  else if (first !== undefined && (has(p, "module-next") || has(p, "module-flag"))) moduleWritten(view, env, first.value);
  else if (first !== undefined) runWritten(view, env, first, view.name);
}

/** `python3 -m MODULE args`: the modules that run code given as their arguments. */
function moduleCode(view: CommandView, env: Env, lang: Language | null, module: string, from: number): void {
  if (lang === null) return;
  runnerScript(view, env, module, from);
  let code: string[] = [];
  // The interactive consoles read their statements from stdin.
  if (module === "code" || module === "asyncio") {
    unseenStdin(view, env);
    return readSources(view, env, lang, stdinSources(view, lang, true));
  }
  if (module === "timeit") {
    const p = parseFlags(view.args, TIMEIT, from);
    code = [...values(p, "code"), ...p.operands.map((k) => view.args[k] as string)];
  } else if (module === "pdb") {
    code = values(parseFlags(view.args, PDB, from), "code").flatMap((c) => (c.startsWith("!") ? [c.slice(1)] : PDB_COMMAND.test(c) ? [] : [c]));
  }
  readSources(view, env, lang, code.map((text) => ({ word: valueWord(view, text) ?? valueWord(view, `!${text}`) ?? (view.words[from] as Word), text })));
}

/** A data: URL's percent-encoded text (as written when it does not decode). */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The program given on stdin: a heredoc, a herestring or what the stage before prints (after
 * php's `<?php`, which an interactive php does not need). `lang` null: any text given counts.
 */
function stdinSources(view: CommandView, lang: Language | null, interactive: boolean): Source[] {
  const sources: Source[] = [];
  const add = (body: Word): void => {
    if (wholeDynamic(body)) return;
    let text = marked(body);
    if (lang?.stdinOpener !== undefined) {
      const m = lang.stdinOpener.exec(text);
      if (m !== null) text = text.slice(m.index + m[0].length);
      else if (!interactive) return;
    }
    sources.push({ word: body, text });
  };
  for (const r of view.redirects) {
    const body = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (body !== null) add(body);
  }
  const printed = printedBefore(view);
  if (printed !== null) add(printed.word);
  return sources;
}

/** awk's program: the first operand, unless `-f file` names it ("stdin" for `-f /dev/stdin`); gawk's `-e`/`--source` too. */
function awkProgram(view: CommandView): Source | "stdin" | null {
  const at = (k: number): Source | null => {
    const w = view.words[k] as Word | undefined;
    return w === undefined ? null : { word: w, text: marked(w) };
  };
  let file = false;
  for (let k = 1; k < view.words.length; k++) {
    const a = view.args[k] as string;
    if (a === "-e" || a === "--source") return at(k + 1);
    // gawk: `--source=PROG`, `-ePROG` (the shell joins `-e'…'`).
    const joined = /^--source=([^]*)$|^-e([^]+)$/.exec(a);
    if (joined !== null) {
      const prog = (joined[1] ?? joined[2]) as string;
      const w = valueWord(view, prog);
      return w === null ? null : { word: w, text: marked(w) };
    }
    if (a === "--") return file ? null : at(k + 1);
    if (/^-[fFvilE]$|^--(?:file|field-separator|assign|include|load|exec)$/.test(a)) {
      const isFile = /^-[fE]$|^--(?:file|exec)$/.test(a);
      if (isFile && isStdinPath(view.args[k + 1] as string)) return "stdin";
      file ||= isFile;
      k++;
    } else if (a.startsWith("-") && a !== "-") file ||= /^-f.|^--(?:file|exec)=/.test(a);
    else return file ? null : at(k);
  }
  return null;
}

/** The word's text with its run-time parts (`$X`, `$(cmd)`) as MARKER. */
function marked(w: Word): string {
  return replaceDynamic(w, () => MARKER);
}

function readSources(view: CommandView, env: Env, lang: Language, sources: readonly Source[]): void {
  for (const s of sources) {
    const text = view.name.startsWith("ipython") ? ipythonCode(view, env, s) : s.text;
    for (const a of readCode(lang, text)) act(view, env, s.word, a);
  }
}

/** IPython's shell escapes (`!cmd`, `x = !cmd`, `%sx`, `%system`, `%%bash` cells): parsed as shell code; the rest is Python. */
function ipythonCode(view: CommandView, env: Env, s: Source): string {
  const range = env.at(s.word);
  const lines = s.text.split("\n");
  const shell = (cmd: string): void => env.nest(cmd.split(MARKER).join(RUNTIME), range, inheritFrom(view));
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const cell = /^\s*%%(?:bash|sh|system|script\s+(?:\S*\/)?(?:ba|z|da)?sh)\b/.exec(line);
    if (cell !== null) {
      shell(lines.slice(k + 1).join("\n"));
      lines.length = k;
      break;
    }
    const bang = /^\s*(?:[\w.]+\s*=\s*)?(?:!!?|%(?:sx|system|sc\s+(?:-\w+\s+)?\w+\s*=)\s*)([^]*)$/.exec(line);
    if (bang !== null) {
      shell(bang[1] as string);
      lines[k] = "";
    } else if (/^\s*[/,;][A-Za-z_]|get_ipython\s*\(|^\s*%%?(?:script|perl|ruby|python\d?|pypy|js|javascript|html|writefile|run|load|macro|alias)\b/.test(line)) {
      env.out.findings.push({ id: "shell/opaque-code", message: `${view.name} runs '${line.trim()}', an IPython magic or auto-call whose code is not read; run it in plain Python or the shell instead.`, start: range[0], end: range[1] });
      lines[k] = "";
    }
  }
  return lines.join("\n");
}

/** A literal for the shell: single-quoted, run-time parts as "$RUNTIME_VALUE", the home directory as "$HOME". */
function quote(s: string): string {
  return s.split(HOME).map((h) => h.split(MARKER).map((p) => (p === "" ? "" : `'${p.replace(/'/g, "'\\''")}'`)).join(`"${RUNTIME}"`)).join('"$HOME"') || "''";
}

/** A path for the shell: a leading home directory as a bare `~` (as a redirect names it), the rest quoted. */
function pathQuote(path: string): string {
  const home = path.startsWith(HOME) || /^~(?=\/|$)/.test(path);
  return home ? `~${path.length > 1 ? quote(path.slice(1)) : ""}` : quote(path);
}

/** Shell code with the code's run-time parts and home directory as words the shell judges. */
const shellText = (text: string): string => text.split(MARKER).join(RUNTIME).split(HOME).join('"$HOME"');

/** A pattern for the shell: its wildcards and a leading `~` left bare, the rest single-quoted. */
function globQuote(pattern: string): string {
  pattern = pattern.replace(new RegExp(`^${HOME}`), "~");
  const tilde = /^~(?=\/|$)/.test(pattern) ? "~" : "";
  return tilde + pattern.slice(tilde.length).split(/([*?]|\[[^\]/]*\])/).map((p, k) => (k % 2 === 1 ? p : p === "" ? "" : quote(p))).join("");
}

const DELETE_COMMAND = { "rm-r": "rm -r --", "rm-f": "rm --", rmdir: "rmdir --" } as const;

function act(view: CommandView, env: Env, w: Word, a: Action): void {
  const range = env.at(w);
  const finding = (id: string, message: string): void => void env.out.findings.push({ id, message, start: range[0], end: range[1] });
  switch (a.kind) {
    case "opaque":
      return finding("shell/opaque-code", `${view.name} ${a.why}, so what it runs is not analysed; run the commands directly, or save the code to a file and read it first.`);
    case "shell":
      if (a.text.trim() === MARKER) return finding("shell/dynamic-script", `${view.name} hands ${a.api} a shell command only known at run time; it cannot be checked. Run the command directly.`);
      // awk `print | "sh"`, perl `open(F, "|sh")`, `popen("sh", "w")`: what it writes is the script.
      if ((a.api === "print |" || a.fed === true) && feedsInterpreter(a.text.trim().split(/\s+/))) {
        finding("shell/pipe-to-shell", `${view.name} ${a.api === "print |" ? "prints" : "writes"} into '${a.text.trim()}', which runs what it ${a.api === "print |" ? "prints" : "is given"} as code, unseen; write the commands out instead.`);
      }
      return env.nest(shellText(a.text), range, inheritFrom(view));
    case "argv":
      if (a.argv.length === 0) return;
      if ((a.argv[0] as string).trim() === MARKER) return finding("shell/dynamic-script", `${view.name} hands ${a.api} a program only known at run time; it cannot be checked. Run the command directly.`);
      if (a.fed === true && feedsInterpreter(a.argv)) finding("shell/pipe-to-shell", `${view.name} writes into '${a.argv.join(" ")}', which runs what it is given as code, unseen; write the commands out instead.`);
      return env.nest(a.argv.map(quote).join(" "), range, inheritFrom(view));
    case "delete":
      return env.nest(`${DELETE_COMMAND[a.how]} ${a.glob === true ? globQuote(a.path) : quote(a.path)}`, range, inheritFrom(view));
    // Judged as the shell judges the same harm: a redirect to the file, an upload of it.
    case "write":
      return env.nest(`tee -a -- ${pathQuote(a.path)}`, range, inheritFrom(view));
    case "send":
      return env.nest(`curl -T ${pathQuote(a.path)} "${RUNTIME}"`, range, inheritFrom(view));
    case "reverse-shell":
      return finding("shell/reverse-shell", `${view.name} ${a.why}: a reverse shell, whoever is at the other end runs commands here.`);
  }
}

/** A shell or interpreter reading its program from what it is fed: `sh`, `/bin/bash -s`, `python3` (not `sh -c CMD`). */
function feedsInterpreter(argv: readonly string[]): boolean {
  const name = (argv[0] ?? "").split("/").pop() as string;
  return INTERPRETERS.has(name) && !argv.slice(1).some((w) => /^-\w*c\w*$/.test(w) || /^-[ep]$/.test(w) || (!w.startsWith("-") && w !== ""));
}

