/**
 * Modes at the library boundary: createGuard takes a mode name or a documented alias (ModeInput),
 * normalises it once, and a typo is a compile error (the @ts-expect-error lines fail typecheck if
 * the types ever loosen to string) as well as a run-time UnknownModeError for untyped callers.
 */

import { describe, expect, it } from "vitest";
import { createGuard, UnknownModeError, type ModeInput, type ModeName } from "../../src/index.js";

const env = { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" };

describe("mode input", () => {
  it.each([
    ["plan", "explore"],
    ["bypassPermissions", "bypass"],
    ["dontAsk", "dontAsk"],
  ] satisfies [ModeInput, ModeName][])("createGuard({ mode: %s }) decides in %s", (input, mode) => {
    expect(createGuard({ cwd: "/", env, reload: false, mode: input }).check("make").mode).toBe(mode);
  });

  it("aliases in config overrides are normalised once, at createGuard", () => {
    const config = createGuard({ cwd: "/", env, reload: false, config: { mode: "plan", shell: { mode: "bypassPermissions" } } }).explain("ls").config;
    expect(config.mode).toBe("explore");
    expect(config.shell.mode).toBe("bypass");
  });

  it("a typo is a compile error and a run-time error", () => {
    // @ts-expect-error "defualt" is not a ModeInput
    expect(() => createGuard({ cwd: "/", env, reload: false, mode: "defualt" })).toThrow(UnknownModeError);
    // @ts-expect-error nor is a typo in a config override
    expect(() => createGuard({ cwd: "/", env, reload: false, config: { shell: { mode: "gaurd" } } })).toThrow(UnknownModeError);
    // @ts-expect-error an alias is input only: inside, a ModeName is one of the six names
    const inside: ModeName = "plan";
    expect(inside).toBe("plan");
  });
});
