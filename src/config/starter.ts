/** The starter config written by `shellguard init`. */

/** Where `$schema` points by default: the schema shipped in the installed package. */
export const DEFAULT_SCHEMA_REF = "./node_modules/shellguard/schema/shellguard.schema.json";

export interface StarterOptions {
  /** yaml (default, commented) or json (no comments; the schema describes every key). */
  format?: "yaml" | "json";
  /** Value of `$schema` (default DEFAULT_SCHEMA_REF; a URL works too). */
  schema?: string;
}

/**
 * A starter config that changes nothing (every value is the built-in default), with every key
 * shown and explained. Keys that only a trusted config may set (mode, shell, agent) are shown
 * commented out, so a fresh, not yet trusted file loads without warnings.
 */
export function starterConfig(opts: StarterOptions = {}): string {
  const schema = opts.schema ?? DEFAULT_SCHEMA_REF;
  if (opts.format === "json") {
    return `${JSON.stringify(
      {
        $schema: schema,
        rules: { deny: [], ask: [], allow: [] },
        workingDirectories: [],
        sensitive: { files: { add: [] }, directories: { add: [] } },
        dangerous: { patterns: { add: [] }, git: true },
        lint: { severity: {}, ignore: [] },
        import: [],
      },
      null,
      2,
    )}\n`;
  }
  return `# yaml-language-server: $schema=${schema}
# shellguard configuration. Reference: docs/config.md in the shellguard package.
#
# A project config (this file) is untrusted until you run 'shellguard trust <this file>':
# until then only tightening settings apply (deny/ask rules, added sensitive paths and dangerous
# patterns, lint). Editing the file revokes trust.
$schema: ${JSON.stringify(schema)}

# Mode for 'shellguard check' and the library when the caller names none:
#   default      ask unless a rule or the read-only check allows
#   acceptEdits  default, plus file edits inside the working directories are allowed
#   explore      read-only commands only, everything else is denied (alias: plan)
#   bypass       allow unless a deny or ask rule objects (safety findings are ignored: use dontAsk for unattended runs that must stay safe) (alias: bypassPermissions)
#   dontAsk      like default, but every ask becomes deny
#   guard        ask only when a check finds something, otherwise allow
# mode: default

# The interactive shell hook (eval "$(shellguard hook zsh)").
# shell:
#   mode: guard        # mode for commands typed at the prompt
#   onError: allow     # if shellguard itself fails: allow (run the command) or deny

# Rules: 'git commit:*' matches the command and anything after it, '*' is a wildcard
# (\\* a literal star), anything else matches as a substring. Bash(...) around a rule is
# accepted, so rules can be pasted from Claude Code settings. A rule can also be an object
# with a reason and examples that are checked when the config loads.
rules:
  # Denied in every mode (highest priority).
  deny: []
  #  - "terraform destroy:*"
  #  - pattern: "git push --force*"
  #    reason: "force-pushing rewrites shared history"
  #    match: ["git push --force origin main"]
  #    notMatch: ["git push origin main"]
  # Always ask a person first.
  ask: []
  #  - "npm publish:*"
  # Allowed without asking (safety findings still ask). Needs a trusted config.
  allow: []
  #  - "npm test:*"
  #  - "Bash(git status)"

# Extra working directories for acceptEdits, relative to this file. Needs a trusted config.
workingDirectories: []
#  - ../common-lib

# Paths commands must not write to. {add, remove} edits the built-in list; a plain array
# replaces it (remove and replace need a trusted config).
sensitive:
  files:              # basenames, globs allowed: .bashrc, .env, .env.*, id_rsa, ...
    add: []
    #  - secrets.yaml
  directories:        # a path segment (.git, .ssh) or an absolute path (/etc), globs allowed
    add: []
    #  - deploy/keys

# Dangerous commands: a match is a safety ask that no allow rule can silence.
dangerous:
  patterns:           # rule syntax
    add: []
    #  - "kubectl delete:*"
  git: true           # reset --hard, clean -f, push --force, branch -D, checkout/restore ., stash drop/clear

# 'shellguard lint': severity (off, info, warning, error) by check name or finding id, and
# paths it skips (gitignore syntax, relative to this file; a .shellguardignore file works too;
# a file named on the command line is linted all the same).
lint:
  severity: {}
  #  injection: "off"
  #  dangerous/rm-recursive-force: error
  ignore: []
  #  - test/fixtures/
  #  - "vendor/**/*.sh"

# AI agent front ends. Needs a trusted config.
# agent:
#   approve: false     # may an agent integration approve an ask itself?

# The audit log (one JSON line per decision) is set in your user config
# ($XDG_CONFIG_HOME/shellguard/config.yaml), never here: a project config's log is ignored.
# log: asks            # asks (asks and denies), all, or off; see docs/audit.md

# Rule sources to import, e.g. claude-settings (Claude Code's permission rules). Needs a trusted config.
import: []
`;
}
