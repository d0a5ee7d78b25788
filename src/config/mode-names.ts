/**
 * The mode vocabulary: the six mode names and their documented aliases. It lives in the config
 * layer because every boundary that reads a mode from outside (config files, CLI flags, library
 * options, agent payloads) normalises here, once, into a ModeName; the engine below takes
 * ModeName only. The behaviour of each mode is the engine's table (src/engine/modes.ts).
 */

export const MODES = ["default", "acceptEdits", "explore", "bypass", "dontAsk", "guard"] as const;
export type ModeName = (typeof MODES)[number];

/** Accepted spellings besides the six names (Claude Code's names for two of them). */
const ALIASES = {
  plan: "explore",
  bypassPermissions: "bypass",
} as const satisfies Readonly<Record<string, ModeName>>;
export type ModeAlias = keyof typeof ALIASES;
/** Typed as a string record so a lookup by any string (a config value, a flag) is allowed. */
export const MODE_ALIASES: Readonly<Record<string, ModeName>> = ALIASES;

/** What a caller may write where a mode is read from outside: a mode name or an alias. */
export type ModeInput = ModeName | ModeAlias;

/** A mode name that is not one of the modes or their aliases. */
export class UnknownModeError extends Error {
  readonly mode: string;
  constructor(mode: string) {
    super(`Unknown mode "${mode}": expected one of ${[...MODES, ...Object.keys(MODE_ALIASES)].join(", ")}.`);
    this.name = "UnknownModeError";
    this.mode = mode;
  }
}

export function isModeName(value: unknown): value is ModeName {
  return typeof value === "string" && (MODES as readonly string[]).includes(value);
}

/** `plan` → `explore`, `bypassPermissions` → `bypass`; throws UnknownModeError for anything else unknown. */
export function normalizeMode(value: string): ModeName {
  if (isModeName(value)) return value;
  const alias = Object.prototype.hasOwnProperty.call(MODE_ALIASES, value) ? MODE_ALIASES[value] : undefined;
  if (alias) return alias;
  throw new UnknownModeError(value);
}
