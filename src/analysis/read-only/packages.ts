/**
 * Read-only tables: package managers and language runtimes. Only listing and querying
 * subcommands, with the options that change what is shown. npm and pip read any `--name=value`
 * as configuration (a prefix, a shell, a log file), so an option missing here is not read-only.
 */

import { command, operandValues, type ReadOnlyCommand } from "./model.js";

const NPM_COMMON = "-gaplsqd -w: --global --all --json --long --parseable --depth= --omit= --include= --link --production --dev --workspace= --workspaces --include-workspace-root --unicode --no-unicode --color= --no-color --loglevel= --registry= --silent --quiet --verbose --help";
const npmLs = command({ why: "Lists installed packages.", accepts: NPM_COMMON + " --package-lock-only --expect-results --expect-result-count=", example: "npm ls" });
const npmView = command({ why: "Shows registry data for a package.", accepts: NPM_COMMON, example: "npm view react version" });
const npmOutdated = command({ why: "Lists outdated packages (queries the registry).", accepts: NPM_COMMON, example: "npm outdated" });
const npmSearch = command({ why: "Searches the registry.", accepts: NPM_COMMON + " --searchlimit= --searchopts= --searchexclude= --prefer-online --prefer-offline --offline", example: "npm search react" });
const npmPlain = (why: string): ReadOnlyCommand => command({ why, accepts: NPM_COMMON });
const npmConfig = command({
  why: "`npm config get/list` read.",
  accepts: NPM_COMMON,
  subcommands: { get: npmPlain("Prints a setting."), list: npmPlain("Lists settings."), ls: npmPlain("Lists settings.") },
  bareOk: false,
  example: "npm config get registry",
});

const npm = command({
  why: "npm: listing and querying subcommands.",
  accepts: "-v --version " + NPM_COMMON,
  interspersed: true,
  subcommands: {
    ls: npmLs, list: npmLs, la: npmLs, ll: npmLs, view: npmView, v: npmView, info: npmView, show: npmView, outdated: npmOutdated,
    search: npmSearch, s: npmSearch, find: npmSearch, help: npmPlain("Shows help (as a man page)."), whoami: npmPlain("Prints the registry user."),
    root: npmPlain("Prints node_modules' path."), prefix: npmPlain("Prints the prefix."), explain: npmPlain("Explains why a package is installed."), why: npmPlain("Explains why a package is installed."),
    config: npmConfig,
  },
  example: "npm ls",
});

const PIP_GLOBAL = "-vqhV --verbose --quiet --isolated --no-input --disable-pip-version-check --no-color --require-virtualenv --version --help --timeout= --retries= --no-cache-dir";
const pipList = command({ why: "Lists installed packages.", accepts: "-ouel -i: -f: --outdated --uptodate --editable --local --user --path= --pre --format= --not-required --exclude-editable --include-editable --exclude= --index-url= --extra-index-url= --no-index --find-links=", example: "pip list" });
const pipShow = command({ why: "Shows installed packages.", accepts: "-f --files", example: "pip show requests" });
const pipFreeze = command({ why: "Prints installed packages in requirements format.", accepts: "-l -r: --local --user --path= --all --exclude-editable --exclude= --requirement=", example: "pip freeze" });
const pipLocal = (why: string): ReadOnlyCommand => command({ why, accepts: "--local --user --path=" });

export const pip = command({
  why: "pip: listing subcommands. --log, --cache-dir and --python write or run.",
  accepts: PIP_GLOBAL,
  unsafe: { "--log= --log-file= --cache-dir=": ["writes", "writes a log or cache"], "--python=": ["runs", "runs another interpreter"] },
  interspersed: true,
  subcommands: {
    list: pipList, show: pipShow, freeze: pipFreeze, check: pipLocal("Checks installed packages' dependencies."), inspect: pipLocal("Prints the environment as JSON."), help: command({ why: "Shows help." }), debug: command({ why: "Prints debug information." }),
    config: command({ why: "Configuration reads.", subcommands: { list: command({ why: "Lists settings." }), get: command({ why: "Prints a setting." }), debug: command({ why: "Shows where settings come from." }) }, bareOk: false, example: "pip config list" }),
    cache: command({ why: "Cache reads.", subcommands: { dir: command({ why: "Prints the cache directory." }), info: command({ why: "Prints cache information." }), list: command({ why: "Lists cached wheels.", accepts: "--format=" }) }, bareOk: false, example: "pip cache dir" }),
  },
  example: "pip list",
});

const node = command({
  why: "Only `node --version` (any other use runs a script or a REPL).",
  accepts: "-vh --version --help",
  args: (a, p) => a.length > 1 && operandValues(a, p).length === 0,
  example: "node --version",
});

/** python's own table: `--version` only; `python -m pip ...` is pip's table (see index.ts). */
export const python = command({
  why: "Only `python --version`, and `python -m pip ...` judged as pip.",
  accepts: "-Vh --version --help",
  args: (a, p) => a.length > 1 && operandValues(a, p).length === 0,
  example: "python3 --version",
});

export const PACKAGES: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [
  ["npm", npm], ["pip", pip], ["pip3", pip], ["node", node], ["nodejs", node],
];
