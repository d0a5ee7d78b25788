/**
 * Permission rules: a pattern compiled once into a matcher over the normalised form of a simple
 * command (cooked words joined by one space — `AnalyzedCommand.forms`).
 *
 * Syntax (the seed's Bash `match_rule`, see docs/engine.md); every kind matches in time linear in
 * the form (times the pattern, for wildcards: wildcard.ts), never through a RegExp:
 * - `prefix:*` — the form is `prefix` or starts with `prefix ` (the prefix is literal);
 * - a pattern with an unescaped `*` — a wildcard pattern matched against the whole form; `*`
 *   matches any text, `\*` is a literal star, `\\` a literal backslash, and a trailing `*`
 *   also matches nothing at all after the text before it (`git *` matches bare `git`);
 * - otherwise a substring of the form (`\*` and `\\` unescaped first).
 * `Bash(...)` around a pattern is stripped; bare `Bash` (Claude Code: the whole tool) matches
 * every command.
 */

import type { RuleSpec } from "../config/types.js";
import { commandName } from "../analysis/command.js";
import type { AnalyzedCommand } from "../analysis/types.js";
import { compileWildcard, wildcardMatch, wildcardMatchEveryCompletion, wildcardMatchFromWords, wildcardMatchOpen } from "./wildcard.js";

export type RuleKind = "prefix" | "wildcard" | "substring" | "all";

/** Anything that names a rule: a pattern string, a RuleSpec, or a RuleSpec without its source. */
export type RuleInput = string | (Omit<RuleSpec, "source"> & { source?: string });

export interface CompiledRule {
  /** The pattern as written (before `Bash(...)` is stripped). */
  readonly pattern: string;
  /** The pattern after `Bash(...)` stripping and trimming. */
  readonly body: string;
  readonly kind: RuleKind;
  readonly reason: string | undefined;
  readonly source: string | undefined;
  readonly spec: RuleInput;
  /** Does this rule match one normalised command form? */
  test(form: string): boolean;
  /**
   * Does it match the form or its tail from any word on? For text that could not be analysed,
   * where wrappers cannot be told from the command they run (`timeout 5 rm x` → also `rm x`).
   */
  testFromWords(form: string): boolean;
  /**
   * Deny and ask: could it match `fixed` followed by arguments only known at run time (xargs reads
   * them from stdin)? `fixed` "" stands for a command wholly unknown (`xargs sudo`): every rule could.
   */
  testOpen(fixed: string): boolean;
  /** Allow: does it match `fixed` followed by ANY arguments, none included? */
  coversOpen(fixed: string): boolean;
}

/** Strip `Bash(...)`; returns null for a bare `Bash`/`Bash()` (match everything). */
export function stripToolWrapper(pattern: string): string | null {
  const p = pattern.trim();
  if (p === "Bash") return null;
  const m = /^Bash\(([\s\S]*)\)$/.exec(p);
  if (m) {
    const inner = (m[1] ?? "").trim();
    return inner === "" ? null : inner;
  }
  return p;
}

/** Is there a `*` not preceded by an escaping backslash? (`\\*` is an escaped backslash, then a star.) */
export function hasUnescapedStar(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "*") return true;
  }
  return false;
}

/** `\\` → `\`, `\*` → `*`; any other backslash is kept as written. */
export function unescapePattern(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const next = pattern[i + 1];
    if (c === "\\" && (next === "\\" || next === "*")) {
      out += next;
      i++;
    } else out += c;
  }
  return out;
}

function ruleFields(input: RuleInput): { pattern: string; reason?: string; source?: string } {
  if (typeof input === "string") return { pattern: input };
  return { pattern: input.pattern, reason: input.reason, source: input.source };
}

type Compiled = Pick<CompiledRule, "body" | "kind" | "test" | "testFromWords" | "testOpen" | "coversOpen">;

const cache = new Map<string, Compiled>();

/** `form` is `prefix` or starts with `prefix ` at offset `at`. */
function prefixAt(form: string, prefix: string, at: number): boolean {
  const end = at + prefix.length;
  return form.startsWith(prefix, at) && (end === form.length || form.charCodeAt(end) === 32);
}

/**
 * Could `needle` occur in `fixed + " " + X` for some X, starting inside `fixed`? Either it lies in
 * `fixed + " "` or a tail of that text begins it and X supplies the rest. A needle lying wholly in
 * X is not counted: that is an argument's text, not what the command runs.
 */
function substringOpen(needle: string, fixed: string): boolean {
  if (fixed.includes(needle)) return true;
  const text = fixed + " ";
  for (let i = Math.max(0, text.length - needle.length); i < fixed.length; i++) {
    if (needle.startsWith(text.slice(i))) return true;
  }
  return false;
}

function compilePattern(pattern: string): Compiled {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const body = stripToolWrapper(pattern);
  let compiled: Compiled;
  if (body === null) {
    const yes = (): boolean => true;
    compiled = { body: "", kind: "all", test: yes, testFromWords: yes, testOpen: yes, coversOpen: yes };
  } else if (body.endsWith(":*")) {
    const prefix = body.slice(0, -2).trim();
    const test = (form: string): boolean => prefix !== "" && prefixAt(form, prefix, 0);
    compiled = {
      body,
      kind: "prefix",
      test,
      testFromWords: (form) => {
        if (prefix === "") return false;
        for (let at = 0; at >= 0; at = form.indexOf(" ", at) + 1 || -1) if (prefixAt(form, prefix, at)) return true;
        return false;
      },
      // `git` + unknown words can be `git push`: the prefix starts with the fixed words.
      testOpen: (fixed) => prefix !== "" && (fixed === "" || test(fixed) || prefix.startsWith(fixed + " ")),
      coversOpen: (fixed) => fixed !== "" && test(fixed),
    };
  } else if (hasUnescapedStar(body)) {
    const w = compileWildcard(body);
    const test = (form: string): boolean => wildcardMatch(w, form);
    compiled = {
      body, kind: "wildcard", test, testFromWords: (form) => wildcardMatchFromWords(w, form),
      testOpen: (fixed) => fixed === "" || test(fixed) || wildcardMatchOpen(w, fixed + " "),
      coversOpen: (fixed) => fixed !== "" && test(fixed) && wildcardMatchEveryCompletion(w, fixed + " "),
    };
  } else {
    const needle = unescapePattern(body);
    const test = (form: string): boolean => needle !== "" && form.includes(needle);
    compiled = {
      body, kind: "substring", test, testFromWords: test,
      testOpen: (fixed) => needle !== "" && (fixed === "" || substringOpen(needle, fixed)),
      coversOpen: (fixed) => fixed !== "" && test(fixed),
    };
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Compile a rule once; the result's `test` is cheap. */
export function compileRule(input: RuleInput): CompiledRule {
  const f = ruleFields(input);
  const c = compilePattern(f.pattern);
  return {
    pattern: f.pattern, body: c.body, kind: c.kind, reason: f.reason, source: f.source, spec: input,
    test: c.test, testFromWords: c.testFromWords, testOpen: c.testOpen, coversOpen: c.coversOpen,
  };
}

/**
 * Deny, ask and dangerous-pattern rules: one written with a program's system path
 * (`/usr/bin/rm:*`) also matches its name (`rm x`), since that runs the same program. Allow rules
 * are not widened: `rm` found on PATH need not be `/usr/bin/rm`.
 */
export function compileRestrictiveRule(input: RuleInput): CompiledRule {
  const rule = compileRule(input);
  const named = namedBody(rule.body);
  if (named === null) return rule;
  const other = compilePattern(named);
  return {
    ...rule,
    test: (f) => rule.test(f) || other.test(f),
    testFromWords: (f) => rule.testFromWords(f) || other.testFromWords(f),
    testOpen: (f) => rule.testOpen(f) || other.testOpen(f),
  };
}

/** The body with its first word, a path in a system directory, by the program's name; else null. */
function namedBody(body: string): string | null {
  const space = body.indexOf(" ");
  const end = space >= 0 ? space : body.endsWith(":*") ? body.length - 2 : body.length;
  const first = body.slice(0, end);
  if (!first.includes("/") || first.includes("*") || first.includes("\\")) return null;
  const { name, trusted } = commandName({ value: first, start: 0, end: 0, quoted: false, glob: false, tilde: false, dynamic: null });
  return trusted && name !== "" ? name + body.slice(end) : null;
}

/** A problem with the pattern itself (not its examples), or null. */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== "string") return "the pattern must be a string";
  const body = stripToolWrapper(pattern);
  if (body === null) return null;
  if (body.endsWith(":*") && body.slice(0, -2).trim() === "") return `the prefix rule "${pattern}" has an empty prefix`;
  if (body === "") return "the pattern is empty";
  return null;
}

export interface RuleHit {
  rule: CompiledRule;
  command: AnalyzedCommand;
  form: string;
}

/**
 * Deny/ask semantics: the first rule (in order) that matches ANY form of ANY command, with the
 * first command and form it matched. A command that reads more arguments at run time (`xargs git`)
 * matches a rule those arguments could complete (`git push:*`): the stricter decision.
 */
export function findAnyMatch(rules: readonly CompiledRule[], commands: readonly AnalyzedCommand[]): RuleHit | null {
  for (const rule of rules) {
    for (const command of commands) {
      for (const form of command.forms) {
        if (rule.test(form)) return { rule, command, form };
      }
      const open = command.openForms;
      if (open === undefined) continue;
      for (let k = 0; k < open.length; k++) {
        const fixed = open[k] as string;
        if (rule.testOpen(fixed)) return { rule, command, form: unknownTail(fixed) };
      }
    }
  }
  return null;
}

/** How a form with arguments still to come is shown in a reason: `git …`. */
export function unknownTail(fixed: string): string {
  return fixed === "" ? "… (a command read at run time)" : `${fixed} …`;
}

/** The first rule matching one of a command's first `allowForms` forms. */
export function allowRuleFor(rules: readonly CompiledRule[], command: AnalyzedCommand): RuleHit | null {
  const n = Math.min(command.allowForms, command.forms.length);
  const open = command.openForms;
  for (const rule of rules) {
    for (let i = 0; i < n; i++) {
      const form = command.forms[i]!;
      // Arguments read at run time must not widen an allow: it has to hold for every completion.
      if (open === undefined ? rule.test(form) : i < open.length && rule.coversOpen(open[i] as string)) return { rule, command, form };
    }
  }
  return null;
}

/**
 * Allow semantics: the line is allowed only if EVERY command is covered — read-only, or one of
 * its first `allowForms` forms matches an allow rule — and at least one allow rule matched.
 * Returns the first rule that allowed a command, or null.
 */
export function findAllowCover(rules: readonly CompiledRule[], commands: readonly AnalyzedCommand[]): RuleHit | null {
  if (rules.length === 0 || commands.length === 0) return null;
  let first: RuleHit | null = null;
  for (const command of commands) {
    const hit = allowRuleFor(rules, command);
    if (hit) {
      first ??= hit;
      continue;
    }
    if (!command.readOnly) return null;
  }
  return first;
}
