import { describe, expect, it } from "vitest";
import { parseFastCheck } from "../../src/cli/main.js";
import { COLOR, PLAIN, formatDecision, sanitize, styleFor, underline } from "../../src/render/format.js";
import type { Decision } from "../../src/engine/types.js";

describe("the check fast path's argument parser", () => {
  it.each([
    [["check", "ls"], { command: "ls" }],
    [["check", "--json", "rm -rf /"], { json: true, command: "rm -rf /" }],
    [["check", "--mode", "guard", "--cwd=/tmp", "x"], { mode: "guard", cwd: "/tmp", command: "x" }],
    [["check", "--stdin"], { stdin: true }],
    [["check", "--batch", "--config", "c.json"], { batch: true, config: "c.json" }],
    [["check"], {}],
    [["check", "--", "rm -rf ~"], { command: "rm -rf ~" }],
    [["check", "--json", "--", "--json"], { json: true, command: "--json" }],
  ])("%j → %j", (argv, expected) => {
    expect(parseFastCheck(argv)).toEqual(expected);
  });

  it.each([
    [["explain", "ls"]],
    [["check", "--help"]],
    [["check", "-h"]],
    [["check", "a", "b"]],
    [["check", "--json", "--json", "a"]],
    [["check", "--mode"]],
    [["check", "--mode", "--json", "a"]],
    [["check", "--json=true", "a"]],
    [["check", "--", "find", "/", "-delete"]],
    [["check", "ls", "--", "rm"]],
    [["check", "--"]],
    [["check", "--", ""]],
    [["check", "find", "/", "-delete"]],
    [["check", "ls", "--frobnicate"]],
    [["check", ""]],
    [["check", "-n"]],
    [["check", "--no-json", "a"]],
  ])("leaves %j to yargs", (argv) => {
    expect(parseFastCheck(argv)).toBeNull();
  });
});

describe("underline", () => {
  it.each([
    ["rm -rf /", 0, 8, "rm -rf /", "^^^^^^^^"],
    ["ls && rm -rf /", 6, 14, "ls && rm -rf /", "      ^^^^^^^^"],
    ["a\nb && rm x\nc", 7, 11, "b && rm x", "     ^^^^"],
    ["\trm x", 1, 5, "\trm x", "\t^^^^"],
    ["echo 日本 && rm x", 11, 15, "echo 日本 && rm x", "             ^^^^"],
    ["x", 1, 1, "x", " ^"],
  ])("%j [%i,%i)", (src, s, e, line, carets) => {
    expect(underline(src, s, e)).toEqual([line, carets]);
  });

  it("shows a window of a long line", () => {
    const src = "echo " + "a".repeat(200) + " && rm -rf / && " + "b".repeat(200);
    const at = src.indexOf("rm -rf");
    const [line, carets] = underline(src, at, at + 8);
    expect(line.length).toBeLessThan(120);
    expect(line.startsWith("…")).toBe(true);
    expect(line.endsWith("…")).toBe(true);
    expect(line.slice(carets.indexOf("^"), carets.indexOf("^") + 8)).toBe("rm -rf /");
  });
});

describe("styles", () => {
  it("colour only on a TTY without NO_COLOR", () => {
    expect(styleFor({ isTTY: true }, {})).toBe(COLOR);
    expect(styleFor({ isTTY: false }, {})).toBe(PLAIN);
    expect(styleFor({ isTTY: true }, { NO_COLOR: "1" })).toBe(PLAIN);
    expect(styleFor({ isTTY: true }, { NO_COLOR: "" })).toBe(COLOR);
  });

  it("sanitizes control characters one for one", () => {
    expect(sanitize("a\u001b[31mb\u0007")).toBe("a\ufffd[31mb\ufffd");
  });

  it("formats a decision", () => {
    const d: Decision = {
      command: "ls && rm -rf /", mode: "default", decision: "ask", reason: "Bad (deletion/root).", step: "check", safety: true,
      findings: [{ id: "deletion/root", check: "deletion", message: "deletes /", command: "rm -rf /", start: 6, end: 14 }],
      rule: null, suggestions: ["rm -rf:*"],
    };
    expect(formatDecision(d, PLAIN)).toBe([
      "ask: Bad (deletion/root).",
      "  mode default · step check · safety",
      "  deletion/root: deletes /",
      "      ls && rm -rf /",
      "            ^^^^^^^^",
      '  suggested allow rules (an allow rule does not silence a safety finding): "rm -rf:*"',
      "",
    ].join("\n"));
  });
});
