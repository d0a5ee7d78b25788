/**
 * A line the grammar cannot read whole may hold commands the analysis did not see. The class:
 * whatever breaks the parse (heredoc bodies bash reads differently, a dangling quote or paren, a
 * backslash-newline before `#`), a deny or ask rule on a command in the line still matches — in
 * every mode, bypass included — because rules are then also tried on the raw text.
 */
import { describe, expect, it } from "vitest";
import { createGuard, MODES } from "../../src/index.js";

const guard = createGuard({
  env: { HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-xdg" },
  cwd: "/",
  reload: false,
  config: { rules: { deny: ["touch:*"], ask: ["git push:*"] } },
});

/** Ways to hide a command from the grammar while bash still runs it (or may). */
const BREAKERS: readonly ((c: string) => string)[] = [
  (c) => `cat <<EOF\n $(${c})\nEOF`,
  (c) => `cat <<EOF\n\t\`${c}\`\nEOF`,
  (c) => `ls\\\n#; ${c}`,
  (c) => `${c}; echo ((`,
  (c) => `echo ); ${c}`,
  (c) => `${c} && ) x`,
  (c) => `if; then ${c}; fi`,
];

describe("rules over a line that does not parse", () => {
  const members = BREAKERS.flatMap((b) => [b("touch notes.txt"), b("/usr/bin/touch x"), b("'touch' x")]);

  it("every member that fails to parse meets the deny rule, in every mode", () => {
    const missed: string[] = [];
    const unread = members.filter((command) => (guard.explain(command).facts?.errors.length ?? 1) > 0);
    expect(unread.length).toBeGreaterThanOrEqual(members.length - 3);
    for (const command of unread) {
      for (const mode of MODES) {
        const d = guard.check(command, { mode });
        if (d.decision !== "deny" || d.step !== "deny-rule") missed.push(`${JSON.stringify(command)} in ${mode}: ${d.decision} (${d.step})`);
      }
    }
    expect(missed).toEqual([]);
  });

  it("the ask rule too, in bypass", () => {
    const d = guard.check("cat <<EOF\n $(git push --force)\nEOF", { mode: "bypass" });
    expect(d).toMatchObject({ decision: "ask", step: "ask-rule", rule: "git push:*" });
  });

  it("a line that does not parse and names no ruled command is left to the mode", () => {
    expect(guard.check("echo ((", { mode: "bypass" })).toMatchObject({ decision: "allow", step: "mode" });
    expect(guard.check("echo ((", { mode: "default" })).toMatchObject({ decision: "ask", step: "check" });
  });

  it("a line that parses is matched by its commands only, not its data", () => {
    expect(guard.check("echo 'touch x'", { mode: "bypass" })).toMatchObject({ decision: "allow" });
  });
});
