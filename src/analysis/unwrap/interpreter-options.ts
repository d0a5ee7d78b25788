/**
 * The command-line options of the interpreters whose inline code is found (unwrap/interpreters.ts),
 * as flag specs for the shared option parser: code is found however it is spelled, attached
 * (`python3 -c'…'`, `perl -le'…'`, `node --eval=…`) or not. The canonical name `code` is inline
 * code; `module` is python's `-m`. Where an interpreter's own reading is unclear, a letter is read
 * as the code option rather than not: code read that never runs costs nothing, code missed runs.
 */

import { names, type FlagSpec } from "../flags.js";

const letters = (s: string, name = (c: string) => c): Record<string, string> => Object.fromEntries([...s].map((c) => [c, name(c)]));

/** CPython's getopt (`bBc:dEhiIJm:OPqRsStuUvVW:xX:?` and 2.x's -3, -Q): options end after -c or -m. */
const python = (): FlagSpec => ({
  short: letters("bBdEhiIJOPqRsStuUvVx3?"),
  shortValue: { c: "code", m: "module", W: "W", X: "X", Q: "Q" },
  long: { help: "help", version: "version", "help-env": "help", "help-xoptions": "help", "help-all": "help" },
  longValue: { "check-hash-based-pycs": "check-hash-based-pycs" },
  stopAtOperand: true,
  endAfter: ["code", "module"],
});

/**
 * node: `-e`/`--eval` and `-p`/`--print` take code (`-pe` is node's alias of both, read as `-p`);
 * node does not join short options, so `-e'…'` is no option at all, but read as one all the same.
 * The options that take a value, so that the value is not taken for the script.
 */
const node = (): FlagSpec => ({
  short: letters("ich"),
  shortValue: { e: "code", p: "code", r: "require", C: "conditions" },
  long: { interactive: "interactive", check: "check", help: "help", version: "version", test: "test", watch: "watch", inspect: "inspect", "inspect-brk": "inspect", "enable-source-maps": "enable-source-maps", "no-warnings": "no-warnings", "experimental-strip-types": "strip-types", "experimental-vm-modules": "vm-modules" },
  longValue: {
    eval: "code", print: "code", require: "require", import: "import", "input-type": "input-type", loader: "loader", "experimental-loader": "loader",
    conditions: "conditions", title: "title", "env-file": "env-file", "env-file-if-exists": "env-file", "inspect-port": "inspect-port", "redirect-warnings": "redirect-warnings",
    "report-dir": "report-dir", "report-directory": "report-dir", "report-filename": "report-filename", "openssl-config": "openssl-config", "icu-data-dir": "icu-data-dir",
    "unhandled-rejections": "unhandled-rejections", "diagnostic-dir": "diagnostic-dir", "dns-result-order": "dns-result-order", "heapsnapshot-signal": "heapsnapshot-signal",
    "cpu-prof-dir": "cpu-prof-dir", "cpu-prof-name": "cpu-prof-name", "heap-prof-dir": "heap-prof-dir", "heap-prof-name": "heap-prof-name", "disable-warning": "disable-warning",
    "watch-path": "watch-path", "test-name-pattern": "test-name-pattern", "test-reporter": "test-reporter", "test-reporter-destination": "test-reporter-destination",
    "experimental-config-file": "config-file", "localstorage-file": "localstorage-file", "trace-event-categories": "trace-event-categories", "stack-trace-limit": "stack-trace-limit",
  },
  stopAtOperand: true,
});

/**
 * perl's switches (perlrun). `-e`/`-E` take the rest of the word or the next one, and several may
 * be given. -i, -x, -F and -V: take the rest of the word; -M and -m too; -I: the rest or the
 * next word. -0, -l and -C take digits or letters after them and the cluster goes on (`-l0e`,
 * `-CSDe`): here they are plain, so the letters after them are read as switches.
 */
const perl = (): FlagSpec => ({
  short: letters("acdDfhlnpsStTuUvwWX0C"),
  shortValue: { e: "code", E: "code", I: "include", M: "use", m: "use" },
  shortOptional: { i: "in-place", x: "x", F: "F", V: "V" },
  long: { help: "help", version: "version" },
  stopAtOperand: true,
});

/** ruby (ruby --help): -e as perl's; -C, -E, -I and -r take a value; -i, -x and -F the rest of the word. */
const ruby = (): FlagSpec => ({
  short: letters("0acdhlnpsSvwWyUTK"),
  shortValue: { e: "code", C: "directory", E: "encoding", I: "include", r: "require" },
  shortOptional: { i: "in-place", x: "x", F: "F" },
  long: { verbose: "verbose", version: "version", copyright: "copyright", yydebug: "yydebug", help: "help", jit: "jit", yjit: "yjit" },
  longValue: { enable: "enable", disable: "disable", encoding: "encoding", "external-encoding": "encoding", "internal-encoding": "encoding", dump: "dump" },
  stopAtOperand: true,
});

/** php-cli: -r runs code; -B, -R and -E run code before, per and after input lines. */
const php = (): FlagSpec => ({
  short: letters("aCehHilmnqsvw"),
  shortValue: { r: "code", B: "code", R: "code", E: "code", c: "ini", d: "define", f: "file", F: "file", z: "zend-extension", S: "server", t: "docroot" },
  long: { interactive: "interactive", "no-php-ini": "no-php-ini", "no-chdir": "no-chdir", info: "info", modules: "modules", "syntax-check": "syntax-check", version: "version", help: "help" },
  longValue: { run: "code", "process-begin": "code", "process-code": "code", "process-end": "code", "php-ini": "ini", define: "define", file: "file", "process-file": "file", "zend-extension": "zend-extension" },
  stopAtOperand: true,
});

/** lua: `-e STAT` (attached too), `-l MOD`. */
const lua = (): FlagSpec => ({
  short: letters("ivEW"),
  shortValue: { e: "code", l: "library" },
  stopAtOperand: true,
});

/** osascript: each `-e` is a line of the script (AppleScript's `do shell script` runs a shell). */
const osascript = (): FlagSpec => ({
  shortValue: { e: "code", l: "language", s: "output" },
  stopAtOperand: true,
});

/**
 * PowerShell: parameters with one dash, any case (interpreterArgs lowers them), any unique prefix
 * (`-comm`); -Command, -EncodedCommand and -CommandWithArgs run code.
 */
const pwsh = (): FlagSpec => ({
  long: { nologo: "nologo", noprofile: "noprofile", noninteractive: "noninteractive", noexit: "noexit", interactive: "interactive", login: "login", mta: "mta", sta: "sta", help: "help", version: "version" },
  longValue: {
    command: "code", c: "code", encodedcommand: "code", e: "code", ec: "code", commandwithargs: "code", cwa: "code", file: "file", f: "file",
    executionpolicy: "policy", ex: "policy", ep: "policy", workingdirectory: "directory", wd: "directory", configurationname: "configuration", inputformat: "format", outputformat: "format", windowstyle: "window", settingsfile: "settings",
  },
  singleDashLong: true,
  stopAtOperand: true,
});

/**
 * deno: `eval CODE` (read as the flag `--eval-sub`, then the first operand is code), `run FILE|-`,
 * `repl [--eval CODE]` (then stdin); permissions and the like are flags or `--name=value` words.
 */
const deno = (): FlagSpec => ({
  short: letters("Aqph"),
  shortValue: { c: "config", L: "log-level" },
  long: { "eval-sub": "eval-sub", "run-sub": "run-sub", "repl-sub": "interactive", "allow-all": "A", quiet: "quiet", print: "p", "no-check": "no-check", unstable: "unstable", reload: "reload", watch: "watch", "no-prompt": "no-prompt", help: "help", version: "version" },
  longValue: { eval: "code", "eval-file": "eval-file", config: "config", "import-map": "import-map", lock: "lock", cert: "cert", location: "location", "v8-flags": "v8-flags", seed: "seed", ext: "ext", "log-level": "log-level" },
  stopAtOperand: true,
});

/** bun: `-e`/`--eval` and `-p`/`--print` take code; `run FILE|-` (read as the flag `--run-sub`), `repl`. */
const bun = (): FlagSpec => ({
  short: letters("bh"),
  shortValue: { e: "code", p: "code", r: "preload", c: "config" },
  long: { "run-sub": "run-sub", "repl-sub": "interactive", bun: "bun", hot: "hot", watch: "watch", smol: "smol", silent: "silent", "no-install": "no-install", help: "help", version: "version" },
  longValue: { eval: "code", print: "code", preload: "preload", cwd: "cwd", "env-file": "env-file", config: "config", install: "install", "tsconfig-override": "tsconfig-override" },
  stopAtOperand: true,
});

/** IPython: `-c CODE`, `-m MODULE`, `-i`; its other options are `--name[=value]` words. */
const ipython = (): FlagSpec => ({
  short: letters("i"),
  shortValue: { c: "code", m: "module" },
  long: { "no-banner": "no-banner", quick: "quick", classic: "classic", "no-autoindent": "no-autoindent", pdb: "pdb", pylab: "pylab", matplotlib: "matplotlib", help: "help", version: "version", "help-all": "help" },
  longValue: { "profile-dir": "profile-dir", profile: "profile", ipython_dir: "ipython-dir", "ipython-dir": "ipython-dir", config: "config", "log-level": "log-level" },
  stopAtOperand: true,
});

/** irb: `-r LIB`, `-I DIR`; a file operand is run; with none it reads statements from stdin. */
const irb = (): FlagSpec => ({
  short: letters("fdUEvwh"),
  shortValue: { r: "require", I: "include", W: "W" },
  long: { noecho: "noecho", echo: "echo", noinspect: "noinspect", inspect: "inspect", "noprompt": "noprompt", "simple-prompt": "simple-prompt", "inf-ruby-mode": "inf-ruby-mode", "nocolorize": "nocolorize", "noverbose": "noverbose", "single-irb": "single-irb", version: "version", help: "help" },
  longValue: { "back-trace-limit": "back-trace-limit", "context-mode": "context-mode", prompt: "prompt" },
  stopAtOperand: true,
});

/**
 * Languages whose code is not read (issue 15's red-team pass): the options that give them code
 * (shell/opaque-code when used) and the ones that take a value; a script operand is a file, and
 * with neither they read their program from stdin.
 */
const OTHER_LANGUAGES: Readonly<Record<string, FlagSpec>> = {
  // Names as the analysis sees them, lowercased (`Rscript`). `R` is seen as `r`, also littler's R
  // front end (`r -e`); zsh's own `r` (repeat the last command) takes no code, so nothing is lost.
  rscript: { shortValue: { e: "code" }, longValue: { default: "default" }, stopAtOperand: true },
  r: {
    short: { q: "q", s: "s", v: "v", i: "i", d: "d", p: "p", h: "h" },
    shortValue: { e: "code", f: "file", l: "library", g: "gui" },
    long: names("no-save", "save", "vanilla", "no-environ", "no-site-file", "no-init-file", "no-restore", "no-restore-data", "no-restore-history", "restore", "quiet", "silent", "slave", "no-echo", "interactive", "verbose", "args", "no-readline", "version", "help"),
    longValue: { file: "file", encoding: "encoding", gui: "gui", "max-ppsize": "max-ppsize", "min-vsize": "min-vsize", "min-nsize": "min-nsize" },
    stopAtOperand: true,
  },
  julia: { shortValue: { e: "code", E: "code", L: "load", J: "sysimage", p: "procs", t: "threads", O: "optimize", C: "cpu-target" }, longValue: { eval: "code", print: "code", load: "load", project: "project", threads: "threads", procs: "procs", sysimage: "sysimage" }, stopAtOperand: true },
  guile: { shortValue: { c: "code", l: "load", e: "entry", L: "path", C: "path", x: "extension" }, long: { "no-auto-compile": "nac", "auto-compile": "ac", debug: "debug", q: "q" }, longValue: { language: "language", listen: "listen", "use-srfi": "srfi" }, stopAtOperand: true },
  racket: { shortValue: { e: "code", f: "load", t: "require", l: "lib", r: "load", u: "require" }, longValue: { eval: "code", load: "load", require: "require", lib: "lib" }, stopAtOperand: true },
  sbcl: { long: { "non-interactive": "ni", "no-userinit": "nu", "no-sysinit": "ns", "disable-debugger": "dd", quit: "quit", noinform: "noinform", "end-toplevel-options": "end" }, longValue: { eval: "code", load: "load", script: "script", core: "core", "dynamic-space-size": "dss", "control-stack-size": "css" }, stopAtOperand: true },
  clisp: { short: { q: "q", i: "i", norc: "norc" }, shortValue: { x: "code", M: "memfile", m: "memory", E: "encoding" }, stopAtOperand: true },
  erl: { long: { noshell: "noshell", noinput: "noinput", detached: "detached" }, longValue: { eval: "code", s: "call", run: "call", pa: "path", pz: "path", sname: "name", name: "name", setcookie: "cookie", config: "config" }, singleDashLong: true, stopAtOperand: true },
  elixir: { shortValue: { e: "code", r: "require", S: "script", pa: "path", pz: "path" }, longValue: { eval: "code", require: "require", sname: "name", name: "name", cookie: "cookie", erl: "code" }, stopAtOperand: true },
  emacs: { short: { Q: "Q", q: "q", nw: "nw" }, shortValue: { l: "load", f: "funcall", L: "directory" }, long: { batch: "batch", "no-init-file": "q", quick: "Q", "no-site-file": "nsf", "no-splash": "ns" }, longValue: { eval: "code", execute: "code", load: "load", funcall: "funcall", directory: "directory", script: "script", "init-directory": "init-directory" }, singleDashLong: true, stopAtOperand: true },
  groovy: { shortValue: { e: "code", cp: "classpath", D: "define" }, longValue: { classpath: "classpath", encoding: "encoding" }, stopAtOperand: true },
  scala: { shortValue: { e: "code", cp: "classpath" }, longValue: { classpath: "classpath" }, stopAtOperand: true },
  octave: { short: { q: "q", W: "W", f: "f", H: "H", i: "i" }, longValue: { eval: "code", path: "path", "exec-path": "path" }, long: { "no-gui": "ng", quiet: "q", "no-init-file": "nif", "persist": "persist" }, stopAtOperand: true },
  gnuplot: { shortValue: { e: "code", c: "script" }, long: { persist: "persist", default: "default" }, stopAtOperand: true },
  elvish: { shortValue: { c: "code" }, stopAtOperand: true },
  nu: { shortValue: { c: "code", e: "code" }, longValue: { commands: "code", execute: "code", config: "config", "env-config": "config" }, stopAtOperand: true },
  xonsh: { short: { i: "i", l: "l" }, shortValue: { c: "code", D: "define", rc: "rc" }, long: { "no-rc": "norc", login: "l", interactive: "i" }, longValue: { rc: "rc", shell: "shell-type" }, stopAtOperand: true },
  rc: { short: { e: "e", i: "i", l: "l", n: "n", p: "p", s: "s", v: "v", x: "x" }, shortValue: { c: "code" }, stopAtOperand: true },
  es: { short: { e: "e", i: "i", l: "l", n: "n", p: "p", s: "s", v: "v", x: "x" }, shortValue: { c: "code" }, stopAtOperand: true },
};
/** Their names, for the tables of commands that run code. */
export const OTHER_LANGUAGE_NAMES: readonly string[] = Object.keys(OTHER_LANGUAGES);

const SPECS: Readonly<Record<string, () => FlagSpec>> = {
  python, node, perl, ruby, php, lua, osascript, pwsh, powershell: pwsh, deno, bun, ipython, ipython3: ipython, irb,
  ...Object.fromEntries(Object.entries(OTHER_LANGUAGES).map(([name, spec]) => [name, () => spec])),
};

/** Subcommands read as flags (a 1:1 word map, so word indices stay): `deno eval …` is `deno --eval-sub …`. */
const SUBCOMMANDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  deno: { eval: "--eval-sub", run: "--run-sub", repl: "--repl-sub" },
  bun: { run: "--run-sub", repl: "--repl-sub" },
};
const made = new Map<string, FlagSpec>();

/** The option spec of an interpreter family (python, node, perl, ruby, php, lua, osascript, pwsh), made on first use. */
export function interpreterOptions(family: string): FlagSpec | null {
  let spec = made.get(family);
  if (spec === undefined) {
    const make = SPECS[family];
    if (make === undefined) return null;
    spec = make();
    made.set(family, spec);
  }
  return spec;
}

/** A PowerShell parameter also begins with an en or em dash, a horizontal bar or (Windows) a slash. */
const POWERSHELL_DASH = /^(?:[-\u2013\u2014\u2015]|\/(?=[a-z]+$))/i;

function powershellArg(a: string, k: number): string {
  const m = k > 0 ? POWERSHELL_DASH.exec(a) : null;
  return m === null ? a : `-${a.slice(m[0].length).toLowerCase()}`;
}

/**
 * The words as the interpreter's parser sees them: node's alias `-pe` is `--print --eval` (the
 * code is the next word, not the letter `e`); PowerShell's parameter names have no case.
 */
export function interpreterArgs(family: string, args: readonly string[]): readonly string[] {
  if (family === "pwsh" || family === "powershell") return args.map(powershellArg);
  const subs = SUBCOMMANDS[family];
  if (subs !== undefined) {
    const k = args.findIndex((a, j) => j > 0 && !a.startsWith("-"));
    const as = k > 0 ? subs[args[k] as string] : undefined;
    return as === undefined ? args : args.map((a, j) => (j === k ? as : a));
  }
  return family === "node" && args.includes("-pe") ? args.map((a) => (a === "-pe" ? "-p" : a)) : args;
}
