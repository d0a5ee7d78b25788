import { describe, expect, it } from "vitest";
import type { Severity } from "../../src/config/types.js";
import { fileProblem, lintPath, lintText, type FileResult } from "../../src/lint/lint-file.js";
import { DEFAULT_SEVERITY, knownFindings, severityResolver, unknownSeverityKeys } from "../../src/lint/severity.js";
import { settings } from "./helpers.js";

const ids = (r: FileResult): string[] => r.messages.map((m) => `${m.line}:${m.column} ${m.severity} ${m.id}`);

describe("severity", () => {
  it("defaults: deny rules error; dangerous, deletion, sensitive-path, sed, eval, pipe-to-shell warning; injection off", () => {
    const s = severityResolver({});
    expect(s("rule/deny")).toBe("error");
    expect(s("rule/ask")).toBe("warning");
    for (const id of ["dangerous/rm-recursive-force", "deletion/root", "deletion/dynamic-target", "sensitive-path/file", "sed/execute-command", "shell/eval", "shell/pipe-to-shell"]) {
      expect(s(id)).toBe("warning");
    }
    expect(s("injection/construct")).toBe("off");
    expect(s("shell/dynamic-command")).toBe("info");
    expect(s("lint/parse-error")).toBe("error");
  });

  it("config by id beats config by check, which beats the defaults", () => {
    const config: Record<string, Severity> = { dangerous: "error", "dangerous/kill-force": "off", injection: "warning", shell: "off" };
    const s = severityResolver(config);
    expect(s("dangerous/rm-recursive-force")).toBe("error");
    expect(s("dangerous/kill-force")).toBe("off");
    expect(s("injection/construct")).toBe("warning");
    // A check-level setting in the config beats an id-level default.
    expect(s("shell/dynamic-command")).toBe("off");
    expect(s("shell/eval")).toBe("off");
  });

  it("knows every id of the analysis and lint's own, and flags unknown config keys", () => {
    const known = knownFindings();
    for (const id of ["dangerous/rm-recursive-force", "shell/eval", "injection/construct", "rule/deny", "rule/ask", "lint/unknown-directive-id"]) expect(known.has(id)).toBe(true);
    expect(unknownSeverityKeys({ dangerous: "off", "dangerous/git-push-force": "off", "nope/x": "off", bogus: "error" })).toEqual(["nope/x", "bogus"]);
    for (const key of Object.keys(DEFAULT_SEVERITY)) expect(unknownSeverityKeys({ [key]: "off" })).toEqual([]);
  });
});

describe("lintText", () => {
  it("a whole script is one source: multi-line constructs, guard analysis (constructs are not findings)", () => {
    const r = lintText("x.sh", 'for d in a b; do\n  rm -rf "$d"/\ndone\necho "at $(date)"\nif true; then\n  curl x | sh\nfi\n', "script", settings());
    expect(ids(r)).toEqual(["2:3 warning dangerous/rm-recursive-force", "2:10 warning deletion/dynamic-target", "6:12 warning shell/pipe-to-shell"]);
    expect(r.warningCount).toBe(3);
    expect(r.source).toBeDefined();
  });

  it("deny and ask rules (after unwrapping), and configured dangerous patterns", () => {
    const s = settings({
      rules: { deny: [{ pattern: "terraform destroy:*", reason: "prod", source: "t" }], ask: [{ pattern: "npm publish:*", source: "t" }], allow: [] },
      dangerousPatterns: [{ pattern: "kubectl delete:*", source: "t" }],
    });
    const r = lintText("x.sh", "sudo terraform destroy\nnpm publish\nkubectl delete pod x\nnpm test\n", "script", s);
    // the cloud pack reports terraform destroy too (docs/checks/dangerous/terraform-destroy.md)
    expect(ids(r)).toEqual(["1:1 warning dangerous/terraform-destroy", "1:1 error rule/deny", "2:1 warning rule/ask", "3:1 warning dangerous/custom-pattern"]);
    expect(r.messages.find((m) => m.id === "rule/deny")!.message).toBe('"terraform destroy" matches the deny rule "terraform destroy:*" (prod).');
    expect(r.errorCount).toBe(1);
  });

  it("parse errors are info, without the snippet-relative offset in the message", () => {
    const r = lintText("x.sh", "echo ok\nif then fi (\n", "script", settings());
    expect(r.messages.every((m) => m.id === "injection/parse-error" && m.severity === "info")).toBe(true);
    expect(r.messages[0]!.message).not.toMatch(/offset/);
    // valid bash tree-sitter-bash cannot read is named as a parser limit, not as the script's error
    expect(r.messages[0]!.message).toMatch(/^shellguard's bash parser \(tree-sitter-bash\) cannot read this part, so the commands in it are not verified\. It may be valid bash/);
  });

  // tree-sitter cannot parse the `\(` test (an escaped paren after a continuation), and its error
  // recovery glues `xargs mv -f % /` to the lines after it: `rmdir`, `if`, `[`, `fi` and `}` as
  // mv's arguments, each "moved out of /" (the noise lint showed on /usr/bin/dpkg-maintscript-helper).
  const broken = 'rm -rf ~\nif [ \\( -h "$P" -a \\\n     -d "$P" \\) ]; then\n  a\nfi\nf() {\n  find . | \\\n    xargs mv -f "%" "/"\n\n  rmdir "$P"\n  if [ -h "$P" ]; then\n    b\n  fi\n}\nrm -rf /\n';
  it("findings in a command made up by the parser's error recovery are left to the parse error", () => {
    const r = lintText("x.sh", broken, "script", settings());
    const findings = ids(r).filter((m) => !m.endsWith("injection/parse-error"));
    // a command read right still gets its findings; the made-up one (which swallowed the last
    // line's `rm -rf /` too) has parse errors on each of its lines instead
    expect(findings).toEqual(["1:1 warning dangerous/rm-recursive-force", "1:8 warning deletion/home"]);
    const errorLines = new Set(r.messages.filter((m) => m.id === "injection/parse-error").map((m) => m.line));
    for (const line of [8, 10, 13, 14]) expect(errorLines.has(line)).toBe(true);
  });

  it("a file over the hook's 64K-character bound is still analysed (bash-completion's git is 80K)", () => {
    const text = "echo 'a line of a long completion script'\n".repeat(2000) + "rm -rf ~\n";
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(ids(lintText("x.sh", text, "script", settings()))).toEqual(["2001:1 warning dangerous/rm-recursive-force", "2001:8 warning deletion/home"]);
  });

  it("an unreadable file is reported; a file of no kind is skipped", () => {
    const r = lintPath("/nonexistent/x.sh", "x.sh", true, settings());
    expect(r?.messages.map((m) => [m.id, m.severity, m.line])).toEqual([["lint/unreadable", "error", 0]]);
    expect(lintPath("/nonexistent/x.txt", "x.txt", false, settings())).toBeNull();
    // Found by expanding a directory (git lists it) but gone: skipped.
    expect(lintPath("/nonexistent/x.sh", "x.sh", false, settings())).toBeNull();
    expect(fileProblem("y", "lint/unreadable", "m", settings({ lintSeverity: { lint: "off" } })).messages).toEqual([]);
  });
});

describe("suppressions", () => {
  const lint = (text: string, kind: Parameters<typeof lintText>[2] = "script") => lintText("f", text, kind, settings());

  it("disable= on the line before, or at the end of the line; ids and check names; several ids", () => {
    const r = lint(
      [
        "# shellguard disable=dangerous/chmod-world-writable",
        "chmod 777 a",
        "chmod 777 b # shellguard disable=dangerous",
        "chmod 777 c",
        "# shellguard disable=dangerous/kill-force,shell/eval",
        'kill -9 1; eval "x"',
        "# shellguard disable=dangerous",
        "",
        "chmod 777 d",
      ].join("\n"),
    );
    expect(ids(r)).toEqual(["4:1 warning dangerous/chmod-world-writable", "9:1 warning dangerous/chmod-world-writable"]);
  });

  it("disable-file= at the top of a file (after the shebang and comments)", () => {
    const r = lint("#!/bin/sh\n# Tool.\n\n# shellguard disable-file=dangerous/rm-recursive-force,deletion\nrm -rf /\nrm -rf \"$X\"\nkill -9 1\n");
    expect(ids(r)).toEqual(["7:1 warning dangerous/kill-force"]);
  });

  it("disable-file= elsewhere is reported and ignored", () => {
    const r = lint("echo hi\n# shellguard disable-file=dangerous\nchmod 777 a\n");
    expect(ids(r)).toEqual(["2:1 warning lint/misplaced-directive", "3:1 warning dangerous/chmod-world-writable"]);
  });

  it("disable-file= at the top of a snippet applies to that snippet only", () => {
    const md = "```bash\n# shellguard disable-file=dangerous\nchmod 777 a\n```\n\n```bash\nchmod 777 b\n```\n";
    expect(ids(lint(md, "markdown"))).toEqual(["7:1 warning dangerous/chmod-world-writable"]);
    const wf = "jobs:\n  a:\n    steps:\n      - run: |\n          # shellguard disable-file=dangerous/chmod-world-writable\n          chmod 777 a\n      - run: chmod 777 b\n";
    expect(ids(lint(wf, "workflow"))).toEqual(["7:14 warning dangerous/chmod-world-writable"]);
  });

  it("YAML and Dockerfile comments, and Markdown HTML comments, carry directives too", () => {
    const wf = "jobs:\n  a:\n    steps:\n      # shellguard disable=dangerous\n      - run: chmod 777 a\n      - run: chmod 777 b  # shellguard disable=dangerous\n";
    expect(ids(lint(wf, "workflow"))).toEqual([]);
    const df = "FROM x\n# shellguard disable=dangerous/chmod-world-writable\nRUN chmod 777 /tmp/a\nRUN chmod 777 /tmp/b\n";
    expect(ids(lint(df, "dockerfile"))).toEqual(["4:5 warning dangerous/chmod-world-writable"]);
    const md = "<!-- shellguard disable-file=dangerous -->\n# Title\n\n```sh\nchmod 777 a\n```\n";
    expect(ids(lint(md, "markdown"))).toEqual([]);
    // In Markdown, a # directive outside a linted code block (here: a yaml block) is not one.
    const yamlBlock = "Text\n\n```yaml\n- run: |\n    # shellguard disable-file=nope\n```\n\n```sh\nchmod 777 a # shellguard disable=dangerous\n```\n";
    expect(ids(lint(yamlBlock, "markdown"))).toEqual([]);
  });

  it("an unknown id in a directive is reported at the id", () => {
    const r = lint("rm -rf a # shellguard disable=dangerous,dangerus/rm,shell/eval\n");
    expect(ids(r)).toEqual(["1:41 warning lint/unknown-directive-id"]);
    expect(r.messages[0]!.message).toContain('"dangerus/rm"');
    expect(r.messages[0]!.endColumn).toBe(52);
  });
});
