/**
 * Meaning-preserving rewrites of a command line, each at least as dangerous as the line it came
 * from: wrappers, shell-in-shell, absolute paths, quoting and escaping, joining with a harmless
 * command. Positions come from the line's real parse (the Facts of this tree's parser), so the
 * same rewrites are made whichever build is under test.
 *
 * Skip rules (a rewrite returns null), kept few and explicit:
 *  S1 Rewrites of "the first command" need a first command (in parse order) with a static, unquoted
 *     name, no `NAME=value` prefix (`sudo X=1 cmd` and `timeout 5 X=1 cmd` mean something else),
 *     and a name a program could have (not a reserved word or a builtin that acts on the shell:
 *     `sudo cd /` does nothing, `/bin/export` does not exist) — see SHELL_ONLY in shell.ts.
 *  S2 Joining a command after the line needs a line that can be continued: not ending in an
 *     operator (`&`, `;`, `|`, `<`, `>`, `(`) or `\`, with no comment (`#`) and no newline (a
 *     heredoc body must stay last).
 *  S3 `printf '%s\n' ARGS | xargs NAME` needs the first command to start the line, with plain-word
 *     arguments (xargs re-splits them) and no redirects.
 *  S4 `bash -c 'exec LINE'` needs a line that is one simple command with no parse error.
 */

import type { Facts, SimpleCommand, Word } from "../../src/facts/types.js";
import { ansiQuote, doubleQuote, isPlainWord, isProgramName, singleQuote } from "./shell.js";

export type Family = "wrap" | "shell-in-shell" | "abs-path" | "quote" | "join";

export interface Transform {
  /** Stable id, `family:variant`, used in reports and in KNOWN_VIOLATIONS. */
  id: string;
  family: Family;
  /** The rewritten line, or null when the rewrite does not apply (skip rules above). */
  apply(line: string, facts: Facts): string | null;
}

/** The first command of the line if rewriting it keeps the meaning (S1), else null. */
export function firstCommand(facts: Facts): SimpleCommand | null {
  const c = facts.commands[0];
  if (!c || c.argv.length === 0 || c.assignments.length > 0) return null;
  const name = c.argv[0]!;
  if (!isLiteral(facts.source, name) || !isProgramName(name.value)) return null;
  return c;
}

/** Written exactly as its value: no quotes, escapes or expansions. */
function isLiteral(source: string, w: Word): boolean {
  return w.dynamic === null && !w.quoted && !w.glob && !w.tilde && source.slice(w.start, w.end) === w.value;
}

function splice(s: string, start: number, end: number, text: string): string {
  return s.slice(0, start) + text + s.slice(end);
}

/** Replace spans (non-overlapping) from the last to the first so offsets stay valid. */
function spliceAll(s: string, edits: Array<[start: number, end: number, text: string]>): string {
  let out = s;
  for (const [start, end, text] of [...edits].sort((a, b) => b[0] - a[0])) out = splice(out, start, end, text);
  return out;
}

/** A prefix wrapper before the first command's name: `rm x; ls` → `sudo rm x; ls`. */
function prefix(words: string, opts: { plainWords?: boolean } = {}): Transform {
  return {
    id: `wrap:${words}`,
    family: "wrap",
    apply(line, facts) {
      const c = firstCommand(facts);
      if (!c) return null;
      // `watch` joins its words with blanks and hands them to `sh -c`: a quoted word holding a
      // blank is split again, so the wrapped line would run something else (not the same command).
      if (opts.plainWords === true && c.argv.some((w) => w.quoted && /\s/.test(w.value))) return null;
      return splice(line, c.argv[0]!.start, c.argv[0]!.start, words + " ");
    },
  };
}

/** The first command's name rewritten in place. */
function rename(id: string, family: Family, spell: (name: string) => string): Transform {
  return {
    id: `${family}:${id}`,
    family,
    apply(line, facts) {
      const c = firstCommand(facts);
      if (!c) return null;
      const name = c.argv[0]!;
      return splice(line, name.start, name.end, spell(name.value));
    },
  };
}

/** Every command name that is a plain program name rewritten (nested ones included). */
function renameAll(id: string, family: Family, spell: (name: string) => string): Transform {
  return {
    id: `${family}:${id}`,
    family,
    apply(line, facts) {
      const edits: Array<[number, number, string]> = [];
      for (const c of facts.commands) {
        const name = c.argv[0];
        if (name && isLiteral(line, name) && isProgramName(name.value)) edits.push([name.start, name.end, spell(name.value)]);
      }
      return edits.length > 1 ? spliceAll(line, edits) : null;
    },
  };
}

/** The first command's plain arguments quoted. */
function quoteArgs(id: string, spell: (w: string) => string): Transform {
  return {
    id: `quote:${id}`,
    family: "quote",
    apply(line, facts) {
      const c = firstCommand(facts);
      if (!c) return null;
      const edits = c.argv.slice(1).filter((w) => isLiteral(line, w) && isPlainWord(w.value))
        .map((w): [number, number, string] => [w.start, w.end, spell(w.value)]);
      return edits.length > 0 ? spliceAll(line, edits) : null;
    },
  };
}

/** Every character but letters and digits backslash-escaped, and the first one in any case. */
export function escapeWord(w: string): string {
  const e = w.replace(/[^A-Za-z0-9]/g, (ch) => "\\" + ch);
  return e.startsWith("\\") ? e : "\\" + e;
}

/** The blanks between the first command's name and its first argument respelled (`rm\t-rf /`). */
function gap(id: string, text: string): Transform {
  return {
    id: `quote:${id}`,
    family: "quote",
    apply(line, facts) {
      const c = firstCommand(facts);
      const [name, arg] = c ? [c.argv[0]!, c.argv[1]] : [];
      if (!name || !arg || !/^[ \t]+$/.test(line.slice(name.end, arg.start))) return null;
      return splice(line, name.end, arg.start, text);
    },
  };
}

/** The whole line as the string of a shell-in-shell. */
function whole(id: string, wrap: (line: string) => string): Transform {
  return { id: `shell-in-shell:${id}`, family: "shell-in-shell", apply: (line) => wrap(line) };
}

/** S2: the line can take a command after it. */
function continuable(line: string): boolean {
  const t = line.trimEnd();
  return t !== "" && !/[&;|<>(\\]$/.test(t) && !line.includes("#") && !line.includes("\n");
}

function join(id: string, build: (line: string) => string, needsEnd: boolean): Transform {
  return {
    id: `join:${id}`,
    family: "join",
    apply: (line) => (line.trim() === "" || (needsEnd && !continuable(line)) ? null : build(line)),
  };
}

/** `exec` makes sense in a subshell: the first command becomes `(exec NAME ARGS)`. */
const execInSubshell: Transform = {
  id: "wrap:(exec)",
  family: "wrap",
  apply(line, facts) {
    const c = firstCommand(facts);
    // The blank keeps `$(` + `(` from reading as `$((` (arithmetic).
    return c ? splice(line, c.start, c.end, ` (exec ${line.slice(c.start, c.end)})`) : null;
  },
};

/** S3: `NAME ARGS` → `printf '%s\n' ARGS | xargs NAME` when the arguments are plain words. */
const printfIntoXargs: Transform = {
  id: "wrap:printf|xargs",
  family: "wrap",
  apply(line, facts) {
    const c = firstCommand(facts);
    if (!c || c.start !== line.length - line.trimStart().length || c.redirects.length > 0) return null;
    const args = c.argv.slice(1);
    if (args.length === 0 || !args.every((w) => isLiteral(line, w) && isPlainWord(w.value))) return null;
    const text = `printf '%s\\n' ${args.map((w) => w.value).join(" ")} | xargs ${c.argv[0]!.value}`;
    return splice(line, c.start, c.end, text);
  },
};

/** S4: `bash -c 'exec LINE'` only for a line that is one simple command (exec takes one). */
const execInShell: Transform = {
  id: "shell-in-shell:bash -c exec",
  family: "shell-in-shell",
  apply(line, facts) {
    const one = facts.commands.length === 1 && facts.constructs.length === 0 && facts.errors.length === 0;
    return one && firstCommand(facts) ? `bash -c ${singleQuote("exec " + line)}` : null;
  },
};

export const TRANSFORMS: readonly Transform[] = [
  prefix("sudo"),
  prefix("sudo -u root"),
  prefix("env"),
  prefix("env X=1"),
  prefix("env -i"),
  prefix("timeout 5"),
  prefix("nice"),
  prefix("nice -n 5"),
  prefix("nohup"),
  prefix("command"),
  // `-a /dev/null`: no arguments added, and the command keeps the line's stdin (GNU xargs).
  prefix("xargs -a /dev/null"),
  prefix("sudo env X=1"),
  prefix("sudo timeout 5"),
  prefix("sudo --"),
  prefix("env --"),
  prefix("doas"),
  prefix("time"),
  prefix("stdbuf -oL"),
  prefix("ionice -c3"),
  prefix("setsid"),
  prefix("flock /tmp/lock"),
  prefix("fakeroot"),
  prefix("watch -n 1", { plainWords: true }),
  execInSubshell,
  printfIntoXargs,
  whole("bash -c", (l) => `bash -c ${singleQuote(l)}`),
  whole("sh -c", (l) => `sh -c ${doubleQuote(l)}`),
  whole("eval", (l) => `eval ${singleQuote(l)}`),
  execInShell,
  whole("sudo bash -c", (l) => `sudo bash -c ${singleQuote(l)}`),
  whole("env sh -c", (l) => `env sh -c ${singleQuote(l)}`),
  rename("/bin", "abs-path", (n) => `/bin/${n}`),
  rename("/usr/bin", "abs-path", (n) => `/usr/bin/${n}`),
  rename("/usr/sbin", "abs-path", (n) => `/usr/sbin/${n}`),
  rename("/usr/local/bin", "abs-path", (n) => `/usr/local/bin/${n}`),
  rename("//bin", "abs-path", (n) => `//bin/${n}`),
  rename("/usr/bin/./", "abs-path", (n) => `/usr/bin/./${n}`),
  rename("/bin/../usr/bin", "abs-path", (n) => `/bin/../usr/bin/${n}`),
  renameAll("/usr/bin all", "abs-path", (n) => `/usr/bin/${n}`),
  rename("'name'", "quote", singleQuote),
  rename('"name"', "quote", doubleQuote),
  rename("\\name", "quote", (n) => "\\" + n),
  rename("n\\ame", "quote", (n) => (n.length > 1 ? n[0] + "\\" + n.slice(1) : "\\" + n)),
  rename("$'name'", "quote", ansiQuote),
  rename("n''ame", "quote", (n) => (n.length > 1 ? n[0] + "''" + n.slice(1) : `''${n}`)),
  renameAll("'every name'", "quote", singleQuote),
  gap("tab after the name", "\t"),
  gap("\\newline after the name", " \\\n"),
  quoteArgs("'args'", singleQuote),
  quoteArgs('"args"', doubleQuote),
  quoteArgs("\\args", escapeWord),
  join("true; L", (l) => `true; ${l}`, false),
  join("true && L", (l) => `true && ${l}`, false),
  join("true\\nL", (l) => `true\n${l}`, false),
  join("echo hi | L", (l) => `echo hi | ${l}`, false),
  join("L; true", (l) => `${l}; true`, true),
  join("L && true", (l) => `${l} && true`, true),
  join("L | cat", (l) => `${l} | cat`, true),
  join("L\\ntrue", (l) => `${l}\ntrue`, true),
  join("L &", (l) => `${l} &`, true),
  join("L 2>/dev/null", (l) => `${l} 2>/dev/null`, true),
  // Blanks inside the parentheses: `(` + `(x)` would read as `((x))` (arithmetic).
  join("( L )", (l) => `( ${l} )`, true),
  join("{ L; }", (l) => `{ ${l}; }`, true),
  join("if true; then L; fi", (l) => `if true; then ${l}; fi`, true),
  // Reserved words the grammar does not know as such (keyword-prefixes.ts).
  join("time { L; }", (l) => `time { ${l}; }`, true),
  join("! if true; then L; fi", (l) => `! if true; then ${l}; fi`, true),
  join("f() { L; }; f", (l) => `f() { ${l}; }; f`, true),
  join('echo "$( L )"', (l) => `echo "$( ${l} )"`, true),
  join("cat <( L )", (l) => `cat <( ${l} )`, true),
];
