/**
 * Files a line writes and then runs: `echo 'rm -rf ~' > x.sh; bash x.sh`, `cat > t.py <<'EOF'
 * … EOF; python3 t.py`, `printf … | tee run; ./run`. The text a printer writes (printed.ts) is
 * read as the program of whatever runs the file, as if it were fed on stdin; a file written with
 * text the analysis cannot see (`base64 -d > x.sh`, `cat > x.sh`) and then run is a dynamic script.
 */

import type { Facts, Redirect, SimpleCommand, Word } from "../../facts/types.js";
import { hasName } from "../../facts/names.js";
import type { CommandView } from "../command.js";
import { AWKS, languageOf } from "../interpreters/index.js";
import { fedText, printedBy, type Printed } from "./printed.js";
import { inheritFrom, type Env } from "./types.js";
import { isStdinPath, runString, shellQuote } from "./strings.js";
import { INTERPRETERS, SHELLS } from "./wrappers.js";
import { catFedLine } from "./stdin-feeds.js";

export interface Written {
  /** The text written (run-time parts as `dynamic`), null when it cannot be seen. */
  word: Word | null;
  /** True when `word` is exactly the file's text. */
  exact: boolean;
  /** What wrote it, for messages (`base64`, `a redirect`). */
  by: string;
  /** Where the write ends in the parse: only later commands run what it wrote. */
  at: number;
  /** A file of the disk's copied over it: no longer the line's. */
  replaced?: true;
  /** Runners its text was already read for (each is read once). */
  read?: Set<string>;
  /** Downloaded (`curl -o F`): running it is line-state.ts's finding; a tool reading it is build-files.ts'. */
  download?: true;
  /** Not a file: a directory fetched from the network (fetched-trees.ts), kept here so strings run later see it. */
  tree?: string;
}

/** Files by path as written (`./x` and `x` alike). */
export type FileMap = Map<string, Written>;

/**
 * Files written on the line: this parse's own, and those of the parses it is nested in (shared,
 * not copied: everything they wrote was written before the string ran, `echo … > x; sh -c 'bash x'`).
 */
export interface WrittenFiles {
  own: FileMap;
  outer: readonly FileMap[];
  /**
   * What strings run by this parse's commands wrote (`sh -c 'echo … > x'; bash x`), one map per
   * string, each file dated at the end of the command that ran it. Kept apart from `own`: the
   * string's own parse must not see its writes as made before it ran.
   */
  inner: FileMap[];
}

export function newWrittenFiles(outer: readonly FileMap[] = []): WrittenFiles {
  return { own: new Map(), outer, inner: [] };
}

/** What a parse nested in the current one inherits (undefined: nothing written). */
export function writtenSoFar(files: WrittenFiles | undefined): readonly FileMap[] | undefined {
  if (files === undefined) return undefined;
  if (files.own.size === 0 && files.inner.length === 0) return files.outer.length > 0 ? files.outer : undefined;
  return [...files.outer, files.own, ...files.inner];
}

export const anyWritten = (files: WrittenFiles | undefined): files is WrittenFiles => files !== undefined && (files.own.size > 0 || files.outer.length > 0 || files.inner.length > 0);

/**
 * Records what the commands of a string run by this parse write (`bash -c 'echo … > x'`), as
 * written when the command that runs it (ending at `at`) is done. One level: a string nested in
 * that string is read when its own parse is walked, after the line's commands.
 */
export function recordNested(facts: Facts, files: WrittenFiles, at: number): void {
  const map: FileMap = new Map();
  const scratch: WrittenFiles = { own: map, outer: writtenSoFar(files) ?? [], inner: [] };
  for (const sc of facts.commands) if (writesFile(sc)) recordWrites(sc, facts, scratch);
  if (map.size === 0) return;
  for (const w of map.values()) w.at = at;
  files.inner.push(map);
}

/** The file at `path` as written before `before` (an offset in this parse): the latest write of this parse's, else the parses' around it. */
function find(files: WrittenFiles, path: string, before: number): Written | undefined {
  let f = files.own.get(path);
  if (f !== undefined && f.at > before) f = undefined;
  for (let k = files.inner.length - 1; k >= 0; k--) {
    const i = (files.inner[k] as FileMap).get(path);
    if (i !== undefined && i.at <= before && (f === undefined || i.at > f.at)) f = i;
  }
  if (f !== undefined) return f.replaced === true ? undefined : f;
  if (files.own.has(path)) return undefined;
  for (let k = files.outer.length - 1; k >= 0; k--) {
    const o = (files.outer[k] as FileMap).get(path);
    if (o !== undefined) return o.replaced === true ? undefined : o;
  }
  return undefined;
}

const norm = (p: string): string => p.replace(/^(?:\.\/+)+/, "").replace(/\/+/g, "/");
const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
const OUTPUT = new Set([">", ">>", ">|", "&>", "&>>"]);
/** Device paths a write to leaves no file behind. */
const DEVICE = /^\/dev\/(?:null|stdout|stderr|tty|fd\/\d+|zero|full)$/;
const COPIES: ReadonlySet<string> = new Set(["cp", "mv", "install", "ln"]);
/** Options of cp, mv and install whose value is the next word. */
const COPY_VALUED = /^-[a-zA-Z]*[mogS]$|^--(?:mode|owner|group|suffix)$/;
/** Commands that print nothing: `: > F` empties F. */
const SILENT: ReadonlySet<string> = new Set([":", "true", "false"]);

/** awk's and find's own ways of writing a file: `print … > "F"`, `-fprint F`, `-fprintf F FMT`, `-fls F`. */
const AWK_OUTPUT = />>?\s*"([^"]+)"/g;
const FIND_OUTPUT: ReadonlySet<string> = new Set(["-fprint", "-fprint0", "-fprintf", "-fls"]);

/** Does `sc` write a file the line may later run (a redirect of output to a named file, tee, a copy)? */
export function writesFile(sc: SimpleCommand): boolean {
  for (const r of sc.redirects) if (OUTPUT.has(r.op) && r.target !== null) return true;
  const name = sc.argv[0]?.value;
  if (name === undefined) return false;
  if (name === "tee" || name === "dd" || name === "sponge" || hasName(COPIES, name)) return true;
  if (AWKS.includes(name)) return sc.argv.some((w, k) => k > 0 && w.value.includes(">"));
  return name === "find" && sc.argv.some((w) => FIND_OUTPUT.has(w.value));
}

/** Record what `sc` writes: the printed text for a printer, unseen text for anything else. */
export function recordWrites(sc: SimpleCommand, facts: Facts, files: WrittenFiles): void {
  const name = sc.argv[0]?.dynamic === null ? (sc.argv[0] as Word).value : "";
  // curl and wget are downloads (line-state.ts): running one is its own finding.
  if (name === "curl" || name === "wget") return;
  for (const r of sc.redirects) {
    if (!OUTPUT.has(r.op) || r.target === null) continue;
    const toStdout = r.fd === null || r.fd === 1;
    // `: > F`, `> F`: the file is emptied.
    const printed = !toStdout ? null : sc.argv.length === 0 || SILENT.has(name) ? { word: { ...r.target, value: "", dynamic: null }, exact: true } : printedBy(sc, facts, r);
    write(files, r.target, printed, r.op.endsWith(">>"), printed === null ? by(name, r) : name, sc.end);
  }
  const argv = sc.argv;
  if (name === "tee") {
    const source = stdinFile(sc);
    const printed = source === null ? fedText(sc, facts) : null;
    const append = argv.some((w, k) => k > 0 && (/^-[a-zA-Z]*a/.test(w.value) || w.value === "--append"));
    for (let k = 1; k < argv.length; k++) {
      const w = argv[k] as Word;
      if (w.value.startsWith("-") && w.dynamic === null) continue;
      if (source !== null && w.dynamic === null) copy(files, source, w.value, "tee", sc);
      else write(files, w, printed, append, "tee", sc.end);
    }
  } else if (name === "sponge") {
    // moreutils: soaks up stdin, then writes it to the file (`-a` appends).
    const append = argv.some((w, k) => k > 0 && w.value === "-a");
    const file = argv.find((w, k) => k > 0 && (w.dynamic !== null || !w.value.startsWith("-")));
    if (file !== undefined) write(files, file, fedText(sc, facts), append, "sponge", sc.end);
  } else if (AWKS.includes(name)) {
    // `awk 'BEGIN { print "…" > "x.sh" }'`: what the program prints there is not read.
    for (let k = 1; k < argv.length; k++) {
      const w = argv[k] as Word;
      if (!w.value.includes(">")) continue;
      for (const m of w.value.matchAll(AWK_OUTPUT)) write(files, { ...w, value: m[1] as string, dynamic: null }, null, false, name, sc.end);
    }
  } else if (name === "find") {
    for (let k = 1; k < argv.length - 1; k++) if (FIND_OUTPUT.has((argv[k] as Word).value)) write(files, argv[k + 1] as Word, null, false, "find", sc.end);
  } else if (name === "dd") {
    for (const w of argv) if (w.value.startsWith("of=")) write(files, { ...w, value: w.value.slice(3), dynamic: w.dynamic === null ? null : [[0, w.value.length - 3]] }, null, false, "dd", sc.end);
  } else if (hasName(COPIES, name)) {
    const operands: Word[] = [];
    let dir: Word | null = null;
    for (let k = 1; k < argv.length; k++) {
      const w = argv[k] as Word;
      if (w.dynamic !== null || !w.value.startsWith("-")) operands.push(w);
      else if (/^-[a-zA-Z]*t$|^--target-directory$/.test(w.value)) dir = argv[++k] ?? null;
      else if (COPY_VALUED.test(w.value)) k++;
    }
    // `cp -t DIR SRC`, `install -m 755 SRC DST`.
    if (dir !== null && operands.length === 1) operands.push({ ...dir, value: `${dir.value}/` });
    if (operands.length !== 2) return;
    const [src, dst] = operands as [Word, Word];
    if (dst.dynamic !== null) return;
    // `cp /dev/stdin x <<< …`: the text fed; `cp <(curl …) x`: text only known at run time.
    if (isStdinPath(src.value) || src.dynamic !== null) {
      write(files, dst, src.dynamic === null ? fedText(sc, facts) : null, false, name, sc.end);
      return;
    }
    copy(files, src.value, dst.value, name, sc);
  }
}

/** `dst` becomes a copy of the file `src`: the line's text when the line wrote it, else a file of the disk. */
function copy(files: WrittenFiles, src: string, dst: string, name: string, sc: SimpleCommand): void {
  const from = find(files, norm(src), sc.start);
  // A copy of a file the line did not write is that file: nothing of the line's to read.
  if (from === undefined) {
    if (find(files, norm(dst), sc.start) !== undefined) files.own.set(norm(dst), { word: null, exact: false, by: name, at: sc.end, replaced: true });
    return;
  }
  files.own.set(norm(dst), { ...from, at: sc.end, read: undefined });
  files.own.set(norm(`${dst}/${base(src)}`), { ...from, at: sc.end, read: undefined });
}

/** The file `sc` reads on stdin (`tee x < f`), when that is its last stdin redirect and has a name. */
function stdinFile(sc: SimpleCommand): string | null {
  let file: string | null = null;
  for (const r of sc.redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === "<") file = r.target !== null && r.target.dynamic === null && !isStdinPath(r.target.value) ? r.target.value : null;
    else if (r.op === "<<<" || r.op === "<<" || r.op === "<<-" || r.op === "<&" || r.op === "<>") file = null;
  }
  return file;
}

function by(name: string, r: Redirect): string {
  return `${name === "" ? "a command" : `'${name}'`} ${r.fd !== null && r.fd !== 1 ? `(its fd ${r.fd})` : ""}`.trim();
}

/** `target` now holds `printed` (null: text not seen), or has it appended. */
function write(files: WrittenFiles, target: Word, printed: Printed | null, append: boolean, writer: string, at: number): void {
  // `> "$f"`: a file only known at run time is not followed.
  if (target.dynamic !== null || DEVICE.test(target.value)) return;
  const text = printed === null ? null : printed.newline === true ? { ...printed.word, value: `${printed.word.value}\n` } : printed.word;
  const exact = printed?.exact === true;
  const path = norm(target.value);
  const before = append ? find(files, path, at) : undefined;
  // Appending to a file the line did not write: its earlier text is a file on disk, like any script.
  const word = text === null || before?.word === null ? null : before === undefined ? text : concat(before.word as Word, text);
  files.own.set(path, { word, exact: word !== null && exact && (before?.exact ?? true), by: writer, at });
}

function concat(a: Word, b: Word): Word {
  const dynamic = [...(a.dynamic ?? []), ...(b.dynamic ?? []).map(([s, e]): [number, number] => [s + a.value.length, e + a.value.length])];
  return { ...a, value: a.value + b.value, dynamic: dynamic.length > 0 ? dynamic : null };
}

/** The file `w` names, when the line wrote it before `view` runs. */
export function writtenBefore(files: WrittenFiles | undefined, view: CommandView, w: Word): Written | undefined {
  if (!anyWritten(files) || w.dynamic !== null) return undefined;
  return find(files, norm(w.value), view.sc.start);
}

/**
 * `runner` (a shell, `source`, or an interpreter's name) runs the file `w` names. When the line
 * wrote it, its text is read as that runner's program. Returns true when it was.
 */
export function runWritten(view: CommandView, env: Env, w: Word, runner: string): boolean {
  const file = writtenBefore(env.written, view, w);
  if (file === undefined || file.download === true) return false;
  const range = env.at(w);
  const shell = runner === "source" || SHELLS.has(runner);
  if (file.word === null || (!shell && !file.exact)) {
    env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs '${w.value}', which ${file.by} wrote earlier on this line with text that cannot be seen; write the script out and read it first.`, start: range[0], end: range[1] });
    return true;
  }
  // Read once per runner: running it again runs the same text.
  const read = (file.read ??= new Set());
  if (read.has(runner)) return true;
  read.add(runner);
  if (shell) return runString(view, file.word, range, env.nest, env.out, `'${w.value}', a script written earlier on the line,`);
  const text = file.word.value;
  let delimiter = "SHELLGUARD_WRITTEN";
  while (text.includes(delimiter)) delimiter += "_";
  env.nest(`${shellQuote(runner)} /dev/stdin <<'${delimiter}'\n${text}\n${delimiter}\n`, range, inheritFrom(view));
  return true;
}

/** `bash < x.sh`, `python3 < t.py`: the program read from stdin is a file the line wrote. */
export function stdinWritten(view: CommandView, env: Env, runner: string): void {
  if (!anyWritten(env.written)) return;
  for (const r of view.redirects) {
    if (r.op === "<" && (r.fd === null || r.fd === 0) && r.target !== null) runWritten(view, env, r.target, runner);
  }
}

/**
 * `cat a.sh b.sh | sh`, `cat deploy.sh | ssh host`: a line that is only that pipeline, printing
 * files by name into what runs them, reads them as `sh < a.sh` does: the user's own files, as
 * `sh a.sh` is. Anything else on the line (or around a nested string) could have made a name
 * mean something else (a download, a link, `cd /dev`, a function called cat), so then, or when
 * a name is a device, stdin or a descriptor, or anything feeds cat, it stays a pipe.
 */
export function catFeeds(view: CommandView, env: Env): boolean {
  return !anyWritten(env.written) && catFedLine(view);
}

/** `python3 -m tool` runs tool.py (or tool/__main__.py) from the working directory. */
export function moduleWritten(view: CommandView, env: Env, module: string): boolean {
  if (!anyWritten(env.written) || module === "") return false;
  const path = module.replace(/\./g, "/");
  for (const file of [`${path}.py`, `${path}/__main__.py`]) {
    if (runWritten(view, env, { ...(view.words[0] as Word), value: file, dynamic: null }, view.name)) return true;
  }
  return false;
}

/** `./x` where the line wrote x: the interpreter its `#!` line names, or sh without one. */
export function runWrittenProgram(view: CommandView, env: Env): void {
  const w = view.words[0] as Word;
  const file = writtenBefore(env.written, view, w);
  if (file === undefined || file.download === true) return;
  const bang = file.word === null ? null : /^#!\s*(\S+)(?:[ \t]+([^\n]*))?/.exec(file.word.value);
  let runner = "sh";
  if (bang !== null) {
    const args = (bang[2] ?? "").split(/[ \t]+/).filter((a) => a !== "");
    runner = base(bang[1] as string);
    // `#!/usr/bin/env [-S] python3 -u`: the program env runs.
    if (runner === "env") runner = args.find((a) => !a.startsWith("-") && !a.includes("=")) ?? "";
  }
  if (runner === "sh" || SHELLS.has(runner) || INTERPRETERS.has(runner) || languageOf(runner) !== null) {
    runWritten(view, env, w, runner);
    return;
  }
  const range = env.at(w);
  env.out.findings.push({ id: "shell/dynamic-script", message: `'${w.value}', written earlier on this line, runs through '${runner}', whose code the analysis does not read; write the script out and read it first.`, start: range[0], end: range[1] });
}
