/**
 * The call scanner: from a language's tokens, what the code hands to a shell, what it deletes,
 * and what cannot be read. Arguments are judged as values: a string literal is known (its
 * interpolations MARKER), a list of them is argv, anything else is a run-time value (MARKER).
 */

import { MARKER, type Token, tokenize, UnreadableCode } from "./lexer.js";
import type { Language } from "./language.js";
import { mentions, specFor, tablesOf, type Tables } from "./call-tables.js";
import { globbedDeletes, globCall, walkCall, type Globbed } from "./globs.js";
import { value, type Value } from "./values.js";
import { fileUse, interactiveShell, networkCall, pathlibUse, wiresDescriptors, type FileUse } from "./files.js";
import { asPath, pathValue } from "./paths.js";

export type Action =
  /** Shell code, MARKER where a part is only known at run time; `fed`: the code writes into its stdin (`open(F, "|sh")`). */
  | { kind: "shell"; text: string; api: string; fed?: true }
  /** A program and its arguments, run without a shell. */
  | { kind: "argv"; argv: string[]; api: string; fed?: true }
  /** A file the code writes (HOME for the home directory), judged as a redirect to it. */
  | { kind: "write"; path: string; api: string }
  /** A file the code reads in a program that talks to the network: judged as an upload of it. */
  | { kind: "send"; path: string; api: string }
  /** A network socket wired to a shell or to another descriptor of a program that runs one. */
  | { kind: "reverse-shell"; why: string }
  /** `glob`: the path is a pattern the code expanded (`unlink glob("~/*")`), not a literal name. */
  | { kind: "delete"; how: "rm-r" | "rm-f" | "rmdir"; path: string; api: string; glob?: true }
  /** Code the analysis cannot follow (eval of a run-time string, a computed function name). */
  | { kind: "opaque"; why: string };

/** A literal read again (`exec("...")`) is read to this depth; deeper is opaque. */
const MAX_EVAL_DEPTH = 4;
/** Most tokens one call's arguments or one awk pipe's command are read over: keeps a line linear. */
const MAX_WALK = 256;

/** What `code` in `lang` runs and deletes; unreadable code is one opaque action. */
export function readCode(lang: Language, code: string, depth = 0): Action[] {
  if (!tablesOf(lang).hint.test(code)) return [];
  let tokens: Token[];
  try {
    tokens = tokenize(code, lang.rules);
  } catch (e) {
    // A stack overflow is code nested past reading (`f"{f"{f"{...`): unreadable, not a crash.
    if (!(e instanceof UnreadableCode) && !(e instanceof RangeError)) throw e;
    return [{ kind: "opaque", why: `its ${lang.name} code cannot be read (${e.message})` }];
  }
  return new Scan(lang, code, tokens, depth).scan();
}


/** A popen or open mode that writes into the command (`"w"`, `"r+"`, `"a"`). */
const writesInto = (mode: string): boolean => /^[wa]|\+/.test(mode);

/** The seam between two string literals joined by `.` (php, perl), `+` (js, python, ruby) or `..` (lua). */
const GLUE = /(["'])\s*(?:\.\.?|\+)\s*\1/g;

class Scan {
  readonly out: Action[] = [];
  readonly t: Tables;
  #danger: boolean | null = null;

  constructor(
    readonly lang: Language,
    readonly code: string,
    readonly tokens: readonly Token[],
    readonly depth: number,
  ) {
    this.t = tablesOf(lang);
  }

  #named: string | null = null;

  /** The code, and again with its joined string literals as one (`"child" + "_process"`): what it names. */
  get named(): string {
    if (this.#named === null) {
      const glued = this.code.replace(GLUE, "");
      this.#named = glued === this.code ? this.code : `${this.code}\n${glued}`;
    }
    return this.#named;
  }

  /** The code names a run or delete API, also when spelled in pieces (`"sys"."tem"`, `"child" + "_process"`). */
  get danger(): boolean {
    return (this.#danger ??= this.t.danger.test(this.named));
  }

  scan(): Action[] {
    const tokens = this.tokens;
    let importing = false;
    // File-name patterns the code expands with a literal (`glob("~/*")`).
    let globs: Globbed[] | null = null;
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i] as Token;
      if (tok.k === "cmd") this.out.push({ kind: "shell", text: tok.v, api: "a command literal" });
      else if (tok.k === "p") {
        if (tok.v === "\n" || tok.v === ";") importing = false;
        else if (tok.v === "|" && this.lang.name === "awk") this.awkPipe(i);
        else if (tok.v === "]" && tokens[i + 1]?.v === "(" && this.danger) this.opaque("calls a function picked from a list or map at run time");
      } else if (tok.k === "id") {
        if (tok.v === "import" || tok.v === "from") importing = this.lang.name === "python";
        const prev = tokens[i - 1];
        const next = tokens[i + 1];
        // `from os import system as run`, `import subprocess as sp`: the name stands for the original.
        if (importing && tok.v === "as" && prev?.k === "id" && next?.k === "id") this.aliases.set(next.v, prev.v);
        if (!importing) {
          const id = this.unalias(tok.v);
          this.name(i, id);
          this.effects(i, id);
          // Bun's and zx's shell: a template tagged with `$` (`await Bun.$\`rm -rf ~\``, `$\`ls\``);
          // in JavaScript only a template can follow a name directly.
          if (this.lang.name === "node" && (id === "Bun.$" || id === "$") && next?.k === "str") this.out.push({ kind: "shell", text: next.v, api: `${id}\`…\`` });
          const g = globCall(this.lang, this.tokens, i, id);
          if (g !== null) (globs ??= []).push({ pattern: g });
          const walked = walkCall(this.lang, this.tokens, i, id);
          if (walked !== null) (globs ??= []).push(walked);
        }
      }
    }
    if (globs !== null) this.out.push(...globbedDeletes(this.out, globs));
    this.programWide();
    return this.out;
  }

  /** Files read in a program that also uses the network. */
  readonly reads: FileUse[] = [];
  network = false;
  socket = false;

  /** A file, network or socket call at `i` (`open(p, "a")`, `fs.writeFileSync(p)`, `socket.socket()`). */
  effects(i: number, id: string): void {
    const next = this.tokens[i + 1];
    if (next?.v !== "(" && !(this.lang.parenless && (next?.k === "str" || next?.k === "id"))) return;
    const net = networkCall(this.lang, id, this.named);
    this.network ||= net.network;
    this.socket ||= net.socket;
    const args = this.callArgs(i);
    if (args === null) return;
    const use = fileUse(this.lang, id, args, this.named) ?? (this.lang.name === "python" ? pathlibUse(this.tokens, i, args) : null);
    if (use !== null) this.use(use);
  }

  use(u: FileUse): void {
    if (u.how === "write") this.out.push({ kind: "write", path: u.path, api: u.api });
    else this.reads.push(u);
  }

  /** What the program does as a whole: reads a file and talks to the network; wires a socket to a shell. */
  programWide(): void {
    if (this.network) for (const r of this.reads) this.out.push({ kind: "send", path: r.path, api: r.api });
    if (!this.socket) return;
    // A socket and: a shell with no command (it runs what it reads), a command made at run time
    // (read from the socket), or a program run with the socket's descriptor wired to it.
    const runs = this.out.filter((a) => a.kind === "argv" || a.kind === "shell");
    const shell = runs.some((a) => (a.kind === "argv" ? interactiveShell(a.argv) : a.kind === "shell" && interactiveShell(a.text.trim().split(/\s+/))));
    const dynamic = runs.some((a) => a.kind === "shell" && a.text.trim() === MARKER);
    const wired = runs.length > 0 && wiresDescriptors(this.lang, this.code);
    if (shell || dynamic || wired) {
      const why = shell ? "starts a shell" : dynamic ? "runs commands only known at run time" : "wires the socket's descriptor to a program it runs (dup2, a redirect, a pipe)";
      this.out.push({ kind: "reverse-shell", why: `opens a network socket and ${why}` });
    }
  }

  readonly aliases = new Map<string, string>();

  unalias(id: string): string {
    if (this.aliases.size === 0) return id;
    const dot = id.indexOf(".");
    const head = dot < 0 ? id : id.slice(0, dot);
    const real = this.aliases.get(head);
    return real === undefined ? id : real + id.slice(head.length);
  }

  /** pathlib: `Path("/x").unlink()`, `p.rmdir()`: the receiver is the path. */
  pathMethod(i: number, id: string): boolean {
    const m = /(?:^|\.)(unlink|rmdir)$/.exec(id);
    if (m === null || this.tokens[i + 1]?.v !== "(" || !mentions(this.code, "Path")) return false;
    let path = MARKER;
    if (id.startsWith(".") && this.tokens[i - 1]?.v === ")") {
      let j = i - 1;
      for (let depth = 0; j >= 0; j--) {
        const v = (this.tokens[j] as Token).v;
        if (v === ")") depth++;
        else if (v === "(" && --depth === 0) break;
      }
      const ctor = this.tokens[j - 1];
      if (ctor?.k === "id" && /(?:^|\.)(?:Pure|Posix)?Path$/.test(ctor.v)) path = value(this.tokens.slice(j + 1, i - 1).filter((t) => t.v !== "\n")).text;
    }
    this.out.push({ kind: "delete", how: m[1] === "rmdir" ? "rmdir" : "rm-f", path, api: `Path.${m[1] as string}` });
    return true;
  }

  opaque(why: string): void {
    this.out.push({ kind: "opaque", why });
  }

  name(i: number, id: string): void {
    // `.unlink()` with no argument is pathlib's (os.unlink takes the path).
    if (this.lang.name === "python" && this.tokens[i + 2]?.v === ")" && this.pathMethod(i, id)) return;
    const spec = specFor(id, this.named, this.t);
    if (spec === null) {
      if (/^\$/.test(id) && this.lang.name === "php" && this.tokens[i + 1]?.v === "(" && this.danger) this.opaque(`calls the function named by ${id}`);
      return;
    }
    const args = this.callArgs(i);
    if (args === null) {
      const passive = spec.does === "eval" || spec.does === "load" || spec.does === "indirect";
      // Handed on or renamed (`f = os.system`, `map(os.system, ...)`, `{ exec: run }`): its calls are not seen.
      const prev = this.tokens[i - 1]?.v;
      const next = this.tokens[i + 1]?.v;
      // eval handed on as a callback (`.then(eval)`) runs whatever reaches it.
      const callback = prev === "(" && (next === ")" || next === ",");
      if ((!passive || (spec.does === "eval" && callback)) && (prev === "=" || next === ":" || callback)) this.opaque(`uses ${id} without calling it by name`);
      return;
    }
    const api = id.replace(/^\./, "");
    const v = (k: number): Value => value(args[k] ?? []);
    switch (spec.does) {
      case "shell":
        // popen(cmd, "w") (python, ruby, php): what the code writes is the command's stdin.
        if (args.length > 0) this.run(v(0), api, /popen$/.test(api) && writesInto(v(1).text));
        break;
      case "shell-2":
        if (args.length > 1) this.run(v(1), api);
        break;
      case "system": {
        // An env hash first (ruby `system({"A" => "1"}, "cmd")`).
        const from = args[0]?.[0]?.v === "{" ? 1 : 0;
        if (args.length - from > 1) this.out.push({ kind: "argv", argv: args.slice(from).map((a) => value(a).text), api });
        else if (args.length > from) this.run(v(from), api);
        break;
      }
      // execv(file, args) / execl(file, arg0, …); python's spawnv*/spawnl* take a mode first.
      case "exec-v":
      case "spawn-v":
        this.out.push({ kind: "argv", argv: v(spec.does === "exec-v" ? 1 : 2).list ?? [MARKER], api });
        break;
      case "exec-l":
      case "spawn-l":
        this.out.push({ kind: "argv", argv: args.slice(spec.does === "exec-l" ? 1 : 2).map((a) => value(a).text), api });
        break;
      case "program": {
        const first = v(0);
        if (first.list !== null) this.out.push({ kind: "argv", argv: first.list, api });
        else if (args.length > 1 || args[0]?.[0]?.v === "{") this.opaque(`runs a program with arguments set in an options object (${api})`);
        else if (args.length > 0) this.out.push({ kind: "argv", argv: [first.text], api });
        break;
      }
      case "spawn": {
        const rest = args.length > 1 ? (v(1).list ?? [MARKER]) : [];
        if (args.length > 0) this.out.push({ kind: "argv", argv: [v(0).text, ...rest], api });
        break;
      }
      case "open":
        // ruby's Kernel#open: a path starting with `|` is a command; `"w"` writes into it.
        if (this.lang.name === "ruby") {
          const path = v(0).text;
          if (path.startsWith("|")) this.run({ text: path.slice(1), list: null }, api, writesInto(v(1).text));
        } else this.perlOpen(args, api);
        break;
      case "rm-r":
      case "rm-f":
      case "rmdir":
        if (args.length > 0) this.out.push({ kind: "delete", how: spec.does, path: v(0).text, api });
        break;
      case "rm-all":
        for (const a of args) for (const path of value(a).list ?? [value(a).text]) this.out.push({ kind: "delete", how: "rm-f", path, api });
        break;
      case "fs-rm": {
        const recursive = args.slice(1).some((a) => a.some((t) => t.k === "id" && t.v === "recursive"));
        if (args.length > 0) this.out.push({ kind: "delete", how: recursive ? "rm-r" : /rmdir/.test(api) ? "rmdir" : "rm-f", path: v(0).text, api });
        break;
      }
      case "eval":
        this.evalCode(args, api);
        break;
      case "load":
        if (args.length > 0 && v(0).text.includes(MARKER)) this.opaque(`loads code named at run time (${api})`);
        break;
      case "indirect":
        if (this.danger) this.opaque(`reaches a function by a computed name (${api})`);
        break;
    }
  }

  run(v: Value, api: string, fed = false): void {
    const into = fed ? ({ fed: true } as const) : {};
    if (v.list !== null) this.out.push({ kind: "argv", argv: v.list, api, ...into });
    else this.out.push({ kind: "shell", text: v.text, api, ...into });
  }

  evalCode(args: readonly Token[][], api: string): void {
    const first = args[0];
    // perl `eval { ... }` is a block, not a string; JS Function's body is its last argument.
    if (first === undefined || first[0]?.v === "{") return;
    const body = value(args[api === "Function" ? args.length - 1 : 0] as Token[]);
    if (body.list === null && !body.text.includes(MARKER) && this.depth < MAX_EVAL_DEPTH) this.out.push(...readCode(this.lang, body.text, this.depth + 1));
    else this.opaque(`runs code assembled at run time (${api})`);
  }

  /**
   * perl `open(F, "cmd |")`, `open(my $f, "-|", "cmd", @args)`; `"|cmd"` and `"|-"` write into
   * the command. Otherwise a file: `open(F, ">>", P)`, `open(F, ">P")` write it, `<` reads it.
   */
  perlOpen(args: readonly Token[][], api: string): void {
    const vals = args.map(value);
    const mode = vals[1]?.text ?? "";
    if (vals.length === 2 && /^\s*\||\|\s*$/.test(mode)) this.run({ text: mode.replace(/^\s*\|\s*|\s*\|\s*$/g, ""), list: null }, api, /^\s*\|/.test(mode));
    else if (vals.length > 2 && /^\s*(?:-\||\|-)\s*$/.test(mode)) {
      const fed = /^\s*\|-/.test(mode);
      if (vals.length === 3) this.run(vals[2] as Value, api, fed);
      else this.out.push({ kind: "argv", argv: vals.slice(2).map((x) => x.text), api, ...(fed ? { fed: true as const } : {}) });
    } else if (vals.length === 2 && !mode.includes("&")) {
      // Two arguments: the mode leads the path (`">>$ENV{HOME}/.bashrc"`).
      const m = /^\s*(\+?[<>]{0,2})\s*([^]*?)\s*$/.exec(mode) as RegExpExecArray;
      const path = asPath(m[2] as string);
      if (path !== "" && path !== MARKER) this.use({ how: /[>+]/.test(m[1] as string) ? "write" : "read", path, api });
    } else if (vals.length > 2 && /^\s*\+?[<>]{1,2}(?::[^&]*)?\s*$/.test(mode)) {
      const path = pathValue(args[2] as Token[]);
      if (path !== MARKER) this.use({ how: /[>+]/.test(mode) ? "write" : "read", path, api });
    }
  }

  /** awk `print ... | "cmd"` and `"cmd" | getline`: the command is a shell string. */
  awkPipe(i: number): void {
    const tokens = this.tokens;
    const stop = (t: Token): boolean => t.k === "p" && (t.v === ";" || t.v === "\n" || t.v === "{" || t.v === "}");
    if (tokens[i + 1]?.v === "getline") {
      let j = i - 1;
      let depth = 0;
      for (; j >= 0 && i - j < MAX_WALK; j--) {
        const t = tokens[j] as Token;
        if (t.v === ")") depth++;
        else if (t.v === "(" && depth-- === 0) break;
        else if (depth === 0 && (stop(t) || t.v === "=" || t.v === "||" || t.v === "&")) break;
      }
      this.run(value(tokens.slice(j + 1, i) as Token[]), "| getline");
      return;
    }
    let j = i + 1;
    if (tokens[j]?.v === "&") j++;
    const from = j;
    let depth = 0;
    for (; j < tokens.length && j - from < MAX_WALK; j++) {
      const t = tokens[j] as Token;
      if (t.v === "(") depth++;
      else if (t.v === ")" && depth-- === 0) break;
      else if (depth === 0 && (stop(t) || t.v === "|")) break;
    }
    this.run(value(tokens.slice(from, j) as Token[]), "print |");
  }

  /** The arguments of a call at `i`: `f(a, b)`, or paren-less `system "ls"` (perl, ruby); null if not a call. */
  callArgs(i: number): Token[][] | null {
    const tokens = this.tokens;
    const next = tokens[i + 1];
    if (next === undefined) return null;
    const paren = next.v === "(";
    if (!paren && !(this.lang.parenless && (next.k === "str" || next.k === "id" || next.v === "[" || next.v === "{"))) return null;
    if (!paren && next.k === "id" && /^(?:if|unless|or|and|x|eq|ne|lt|gt|le|ge|cmp|do|then)$/.test(next.v)) return null;
    const args: Token[][] = [[]];
    let depth = 0;
    // Arguments longer than the walk end in a part taken as known only at run time.
    const end = Math.min(tokens.length, i + MAX_WALK);
    for (let j = paren ? i + 2 : i + 1; j < end; j++) {
      const t = tokens[j] as Token;
      if (t.k === "p" && "([{".includes(t.v)) depth++;
      else if (t.k === "p" && ")]}".includes(t.v)) {
        if (depth-- === 0) break;
      } else if (depth === 0 && !paren && (t.v === ";" || t.v === "\n" || t.v === "||" || (t.k === "id" && /^(?:if|unless|or|and|do)$/.test(t.v)))) break;
      if (depth === 0 && t.v === ",") {
        args.push([]);
        continue;
      }
      if (t.v !== "\n") (args[args.length - 1] as Token[]).push(t);
      if (j === end - 1 && end < tokens.length) (args[args.length - 1] as Token[]).push({ k: "id", v: MARKER });
    }
    return args[0]?.length === 0 && args.length === 1 ? [] : args;
  }
}
