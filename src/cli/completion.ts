/**
 * `shellguard completion bash|zsh|fish`: a completion script for that shell, generated from one
 * table of subcommands, their options and the values those take (a test holds the table to each
 * subcommand's --help). The scripts complete words only; they never run shellguard.
 */

import { AGENTS } from "../agents/registry.js";
import { MODES, MODE_ALIASES } from "../engine/types.js";
import { DIALECTS } from "../analysis/dialects/index.js";
import { LINT_OPTIONS } from "../lint/options.js";
import { EXIT, reportError, UsageError } from "./errors.js";

export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** What follows an option or stands in a positional: fixed words, a file, a directory, or anything. */
type Values = readonly string[] | "file" | "dir" | "any";

export interface OptionSpec {
  /** Long name, without `--`. */
  name: string;
  short?: string;
  describe: string;
  /** Absent: a flag that takes no value. */
  takes?: Values;
}

export interface CommandSpec {
  name: string;
  describe: string;
  options: readonly OptionSpec[];
  /** What the positional words are. */
  args?: Values;
}

const MODE_NAMES = [...MODES, ...Object.keys(MODE_ALIASES)];
const CWD: OptionSpec = { name: "cwd", describe: "Working directory", takes: "dir" };
const CONFIG: OptionSpec = { name: "config", describe: "Use exactly this config file", takes: "file" };
const MODE: OptionSpec = { name: "mode", describe: "Permission mode", takes: MODE_NAMES };
const DIALECT: OptionSpec = { name: "dialect", describe: "The shell the command is written for", takes: [...DIALECTS] };
const JSON_OUT: OptionSpec = { name: "json", describe: "JSON output" };
const STDIN: OptionSpec = { name: "stdin", describe: "Read one whole command from stdin" };

const LINT: OptionSpec[] = Object.entries(LINT_OPTIONS).map(([name, o]) => {
  const spec: OptionSpec = { name, describe: o.describe, takes: "choices" in o ? o.choices : name === "config" || name === "stdin-filename" ? "file" : "any" };
  if ("alias" in o) spec.short = o.alias;
  return spec;
});

/** Every subcommand, as `shellguard --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  { name: "check", describe: "Decide whether a command may run", options: [MODE, DIALECT, CWD, CONFIG, JSON_OUT, STDIN, { name: "batch", describe: "Read JSON Lines requests from stdin" }], args: "any" },
  { name: "explain", describe: "Show the facts of a command and each step's outcome", options: [MODE, DIALECT, CWD, CONFIG, JSON_OUT, STDIN], args: "any" },
  { name: "serve", describe: "Answer JSON Lines check requests on stdin", options: [MODE, CWD, CONFIG] },
  { name: "lint", describe: "Lint shell in scripts, Markdown, workflows, Dockerfiles, package.json", options: LINT, args: "file" },
  { name: "hook", describe: "Print the shell integration", options: [], args: ["bash", "zsh", "fish"] },
  { name: "agent-hook", describe: "Veto hook for coding agents", options: [{ name: "strict", describe: "Also answer the mode's fallback" }, { name: "ask", describe: "(gemini-cli) answer ask" }, { name: "project", describe: "The project's agent settings" }, { name: "user", describe: "The user's agent settings" }], args: [...AGENTS, "install", "uninstall"] },
  {
    name: "log",
    describe: "Show the audit log",
    options: [
      { name: "since", describe: "Only entries since a time (1h, 2d, a date)", takes: "any" },
      { name: "decision", describe: "Only these decisions", takes: ["allow", "ask", "deny", "ask,deny"] },
      { name: "source", describe: "Only this source", takes: ["check", "serve", "shell", ...AGENTS] },
      JSON_OUT,
      { name: "file", describe: "Read this log file", takes: "file" },
      CONFIG,
    ],
  },
  { name: "init", describe: "Write a starter config", options: [{ name: "cwd", describe: "Directory to write it in", takes: "dir" }, { name: "format", describe: "yaml or json", takes: ["yaml", "json"] }] },
  { name: "test", describe: "Check every rule's match/notMatch examples", options: [CWD, CONFIG] },
  { name: "trust", describe: "Trust a project config file", options: [CWD], args: "file" },
  { name: "untrust", describe: "Forget the trust of a project config file", options: [CWD], args: "file" },
  { name: "off", describe: "Switch the shell hook off for this session", options: [] },
  { name: "on", describe: "Switch the shell hook back on for this session", options: [] },
  { name: "completion", describe: "Print a shell completion script", options: [], args: [...COMPLETION_SHELLS] },
];

/** Options every subcommand takes. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { name: "help", short: "h", describe: "Show help" },
  { name: "color", describe: "Colour the output" },
  { name: "no-color", describe: "Never colour the output" },
];

/** Options at the top level (`shellguard --version`). */
const TOP_OPTIONS: readonly OptionSpec[] = [...GLOBAL_OPTIONS, { name: "version", short: "v", describe: "Show the version" }];

const words = (list: readonly string[]): string => list.join(" ");
const optionWords = (options: readonly OptionSpec[]): string[] => options.flatMap((o) => [`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])]);

function bash(): string {
  const cases = COMMANDS.map((c) => {
    const valued = c.options.filter((o) => o.takes !== undefined);
    const values = valued
      .map((o) => `        ${[`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])].join("|")}) ${bashValues(o.takes as Values)}; return ;;`)
      .join("\n");
    return `    ${c.name})
      case "$prev" in
${values}
      esac
      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${words([...optionWords(c.options), ...optionWords(GLOBAL_OPTIONS)])}" -- "$cur")); return; fi
      ${c.args ? bashValues(c.args) : "COMPREPLY=()"}
      ;;`;
  }).join("\n");
  return `# shellguard bash completion: eval "$(shellguard completion bash)" in ~/.bashrc
_shellguard_completion() {
  local cur prev sub i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  sub=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) sub="\${COMP_WORDS[i]}"; break ;; esac
  done
  if [[ -z "$sub" ]]; then
    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${words(optionWords(TOP_OPTIONS))}" -- "$cur")); else COMPREPLY=($(compgen -W "${words(COMMANDS.map((c) => c.name))}" -- "$cur")); fi
    return
  fi
  case "$sub" in
${cases}
  esac
}
complete -o default -F _shellguard_completion shellguard
`;
}

function bashValues(v: Values): string {
  if (v === "file") return `COMPREPLY=($(compgen -f -- "$cur"))`;
  if (v === "dir") return `COMPREPLY=($(compgen -d -- "$cur"))`;
  if (v === "any") return "COMPREPLY=()";
  return `COMPREPLY=($(compgen -W "${words(v)}" -- "$cur"))`;
}

/** A zsh _arguments spec's text, with its brackets and colons escaped. */
const zq = (s: string): string => s.replace(/[[\]:\\']/g, (c) => (c === "'" ? "'\\''" : `\\${c}`));

function zshAction(v: Values): string {
  if (v === "file") return "_files";
  if (v === "dir") return "_files -/";
  if (v === "any") return " ";
  return `(${v.join(" ")})`;
}

function zshOption(o: OptionSpec): string[] {
  const arg = o.takes === undefined ? "" : `:${o.name}:${zshAction(o.takes)}`;
  return [`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])].map((flag) => `'${flag}[${zq(o.describe)}]${arg}'`);
}

function zsh(): string {
  const cases = COMMANDS.map((c) => {
    const specs = [...c.options, ...GLOBAL_OPTIONS].flatMap(zshOption);
    if (c.args) specs.push(`'*:${c.name === "lint" || c.args === "file" ? "file" : "argument"}:${zshAction(c.args)}'`);
    return `    (${c.name})\n      _arguments -s ${specs.join(" ")}\n      ;;`;
  }).join("\n");
  const described = COMMANDS.map((c) => `'${c.name}:${zq(c.describe)}'`).join(" ");
  return `#compdef shellguard
# shellguard zsh completion: eval "$(shellguard completion zsh)" in ~/.zshrc (after compinit)
_shellguard() {
  local curcontext="$curcontext" state line
  _arguments -C ${TOP_OPTIONS.flatMap(zshOption).join(" ")} '1:command:->command' '*::argument:->argument'
  case $state in
    (command)
      local -a subcommands
      subcommands=(${described})
      _describe -t commands 'shellguard command' subcommands
      ;;
    (argument)
      case $line[1] in
${cases}
      esac
      ;;
  esac
}
compdef _shellguard shellguard
`;
}

const fq = (s: string): string => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function fishOption(o: OptionSpec, condition: string): string {
  let line = `complete -c shellguard -n ${fq(condition)} -l ${o.name}`;
  if (o.short) line += ` -s ${o.short}`;
  if (o.takes !== undefined) {
    line += " -r";
    if (o.takes === "file") line += " -F";
    else if (o.takes === "dir") line += ` -a ${fq("(__fish_complete_directories)")}`;
    else if (o.takes !== "any") line += ` -f -a ${fq(o.takes.join(" "))}`;
  }
  return `${line} -d ${fq(o.describe)}`;
}

function fish(): string {
  const names = COMMANDS.map((c) => c.name).join(" ");
  const lines = [
    "# shellguard fish completion: shellguard completion fish | source (in ~/.config/fish/config.fish)",
    "complete -c shellguard -f",
    ...TOP_OPTIONS.map((o) => fishOption(o, `not __fish_seen_subcommand_from ${names}`)),
    ...COMMANDS.map((c) => `complete -c shellguard -n ${fq(`not __fish_seen_subcommand_from ${names}`)} -a ${c.name} -d ${fq(c.describe)}`),
  ];
  for (const c of COMMANDS) {
    const when = `__fish_seen_subcommand_from ${c.name}`;
    for (const o of [...c.options, ...GLOBAL_OPTIONS]) lines.push(fishOption(o, when));
    if (c.args === "file") lines.push(`complete -c shellguard -n ${fq(when)} -F`);
    else if (Array.isArray(c.args)) lines.push(`complete -c shellguard -n ${fq(when)} -a ${fq(c.args.join(" "))}`);
  }
  return lines.join("\n") + "\n";
}

const SCRIPTS: Readonly<Record<CompletionShell, () => string>> = { bash, zsh, fish };

export function completionScript(shell: CompletionShell): string {
  return SCRIPTS[shell]();
}

/** `shellguard completion <shell>`: exit 0 with the script, 3 on a usage error. */
export function runCompletion(args: readonly string[], write: (text: string) => void): number {
  try {
    if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
      write(`Usage: shellguard completion <${COMPLETION_SHELLS.join("|")}>\n\n  bash  ~/.bashrc                   eval "$(shellguard completion bash)"\n  zsh   ~/.zshrc (after compinit)   eval "$(shellguard completion zsh)"\n  fish  ~/.config/fish/config.fish  shellguard completion fish | source\n`);
      return EXIT.allow;
    }
    const shell = args[0];
    if (args.length !== 1 || !(COMPLETION_SHELLS as readonly string[]).includes(shell ?? "")) {
      throw new UsageError(`completion takes one shell: ${COMPLETION_SHELLS.join(", ")}${args.length > 0 ? ` (got ${args.map((w) => JSON.stringify(w)).join(" ")})` : ""}.`);
    }
    write(completionScript(shell as CompletionShell));
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}
