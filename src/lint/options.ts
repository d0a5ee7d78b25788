/** The options of `shellguard lint`, shared by its own parser and (for help) the CLI. */

import type { Argv, Options } from "yargs";
import { FORMATS } from "./reporters/index.js";

export const LINT_USAGE = `shellguard lint [paths..]

Lint the shell in scripts, Markdown code blocks, GitHub Actions workflows and composite actions, Dockerfiles and package.json scripts. Paths are files, directories (in a git work tree: the files git tracks or does not ignore) or globs; "-" reads stdin (name it with --stdin-filename). Exit: 0 clean (warnings allowed unless over --max-warnings), 1 errors, 3 usage or config errors.`;

export const LINT_OPTIONS = {
  format: { alias: "f", type: "string", choices: [...FORMATS], default: "stylish", describe: "Output format" },
  "max-warnings": { type: "number", describe: "Exit 1 when there are more warnings than this (-1: no limit)" },
  "stdin-filename": { type: "string", describe: "The file name of the text read from stdin (\"-\"), which decides how it is read" },
  config: { alias: "c", type: "string", describe: "Use exactly this config file (no discovery)" },
  jobs: { alias: "j", type: "number", describe: "Threads at most (default: one per core for large inputs, none for a few files or a few hundred KB; 1: none)" },
} as const satisfies Record<string, Options>;

/**
 * Add the lint options and examples to a yargs instance. The paths are the positional arguments
 * (`argv._`); a CLI that declares `lint [paths..]` as a command can use this for its help.
 */
export function lintBuilder<T>(y: Argv<T>) {
  return y
    .options(LINT_OPTIONS)
    .example("$0 lint", "Lint every file git knows in the working directory")
    .example("$0 lint scripts/ README.md .github/workflows", "")
    .example("$0 lint --format sarif > shellguard.sarif", "For GitHub code scanning")
    .example("cat x.sh | $0 lint - --stdin-filename x.sh", "");
}
