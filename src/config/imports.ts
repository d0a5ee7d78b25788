/**
 * Rule imports (`import: ["claude-settings"]`): the Bash(...) permission rules of the Claude Code
 * settings files that apply to the working directory, merged as shellguard rules. A project's
 * `.claude/settings.json` comes with the repository, so like an untrusted project config it may
 * only tighten: its allow entries are dropped (with a warning); deny and ask are taken from every
 * file, allow only from the user's own files (~/.claude/settings.json, settings.local.json).
 */

import { claudeSettingsRules } from "./claude-settings.js";
import type { ResolvedConfig, RuleSpec } from "./types.js";
import type { Env } from "./env.js";

export function withImports(config: ResolvedConfig, cwd: string, env: Env): ResolvedConfig {
  if (!config.imports?.includes("claude-settings")) return config;
  const found = claudeSettingsRules(cwd, env);
  const rules = { deny: [...config.rules.deny], ask: [...config.rules.ask], allow: [...config.rules.allow] };
  const warnings = [...config.warnings, ...found.warnings];
  for (const file of found.byFile) {
    const source = `claude-settings:${file.path}`;
    const spec = (pattern: string): RuleSpec => ({ pattern, source });
    rules.deny.push(...file.rules.deny.map(spec));
    rules.ask.push(...file.rules.ask.map(spec));
    if (file.scope === "project") {
      if (file.rules.allow.length > 0) warnings.push(`${file.path}: ${file.rules.allow.length} allow rule(s) not imported: a project's Claude settings may only tighten`);
    } else {
      rules.allow.push(...file.rules.allow.map(spec));
    }
  }
  for (const name of config.imports.filter((i) => i !== "claude-settings")) warnings.push(`import: unknown source "${name}" ignored (known: claude-settings)`);
  warnings.push(`claude-settings: ${found.files.length} file(s) read, ${found.ignored} non-Bash entr${found.ignored === 1 ? "y" : "ies"} ignored`);
  return { ...config, rules, warnings };
}
