/**
 * Injection, ESLint-style: `input → finding ids` through the real analyze(). Default mode: the
 * seed's eleven construct types and parse failures are findings, naming the commands inside.
 * Guard mode: constructs are analysed inside instead; only what they run can be a finding.
 * `[]` means "no injection/* finding".
 */

import { describe, expect, it } from "vitest";
import { cases, run, verify, type Row } from "../test-helpers.js";

const C = "injection/construct";
const PARSE = "injection/parse-error";

const DEFAULT: Row[] = [
  // the seed's node types
  ["echo $(date)", [C]],
  ["echo `date`", [C]],
  ["diff <(ls a) <(ls b)", [C]],
  ["tee >(wc -l) < f", [C]],
  ["echo ${HOME}", [C]],
  ["echo ${x:-default}", [C]],
  ["(cd sub && make)", [C]],
  ["for f in *.md; do wc -l \"$f\"; done", [C]],
  ["for ((i = 0; i < 3; i++)); do echo $i; done", [C]],
  ["while read l; do echo \"$l\"; done < f", [C]],
  ["until false; do break; done", [C]],
  ["if true; then ls; fi", [C]],
  ["case $x in a) ls;; esac", [C]],
  ["f() { ls; }", [C]],
  ["function g { ls; }", [C]],
  ["[[ -f x ]] && cat x", [C]],
  ["x=$(date)", [C]],
  ["cat <<EOF\n$(date)\nEOF", [C]],
  ["echo \"${x:-`date`}\"", [C]],
  ["cat <<EOF\n`date`\nEOF", [C]],
  // not constructs: plain words, simple expansions, arithmetic, groups
  ["ls -la", []],
  ["echo $HOME", []],
  ["echo \"$HOME\"", []],
  ["echo $((1 + 2))", []],
  ["{ ls; pwd; }", []],
  ["ls && pwd || whoami; date", []],
  ["ls | wc -l", []],
  ["cat <<'EOF'\n$(date)\nEOF", []],
  ["echo '$(rm -rf /)'", []],
  ["echo \\$\\(date\\)", []],
  // parse failures, in every mode
  ["echo 'unterminated", [PARSE]],
  ["if true; then", [PARSE]],
  ["ls )", [PARSE]],
  ["echo $(", [PARSE]],
  ["<Ctrl c>", [PARSE]],
];

const GUARD: Row[] = [
  ["echo \"built at $(date)\"", [], "none", true],
  ["for f in *.md; do wc -l \"$f\"; done", [], "none", true],
  ["diff <(ls a) <(ls b)", [], "none", true],
  ["if [ -f x ]; then cat x; fi", [], "none", true],
  ["(cd sub && make)", [], "none", true],
  ["echo ${HOME} ${x:-default}", [], "none", true],
  ["x=$(git rev-parse HEAD)", [], "none", true],
  ["echo $(rm -rf ~)", ["deletion/home"], "has", true],
  ["echo \"$(rm -rf ~)\"", ["deletion/home"], "has", true],
  ["echo `rm -rf ~`", ["deletion/home"], "has", true],
  ["ls $(rm -rf /)", ["deletion/root"], "has", true],
  ["cat <(rm -rf ~)", ["deletion/home"], "has", true],
  ["echo ${x:-$(rm -rf ~)}", ["deletion/home"], "has", true],
  ["echo \"${x:=`rm -rf ~`}\"", ["deletion/home"], "has", true],
  ["cat <<EOF\n`rm -rf ~`\nEOF", ["deletion/home"], "has", true],
  ["cat <<EOF\n$(rm -rf ~)\nEOF", ["deletion/home"], "has", true],
  ["f() { rm -rf ~; }", ["deletion/home"], "has", true],
  ["if true; then git push -f; fi", ["dangerous/git-push-force"], "has", true],
  ["echo 'unterminated", [PARSE], "has", true],
  ["cat <<'EOF'\n$(rm -rf ~)\nEOF", [], "none", true],
];

describe("injection: default mode", () => {
  it.each(cases(DEFAULT))("%s", (_title, row) => verify(row, "injection/"));
});

describe("injection: guard mode", () => {
  it.each(cases(GUARD))("%s", (_title, row) => verify(row));
});

describe("injection: messages and ranges", () => {
  it("names the commands inside: ls $(rm -rf /)", () => {
    const f = run("ls $(rm -rf /)").findings.find((x) => x.id === C);
    expect(f?.message).toContain("rm -rf /");
    expect(f?.start).toBe(3);
    expect(f?.end).toBe(14);
  });

  it("names the command through quoting: ls $('r'm -rf ~)", () => {
    expect(run("ls $('r'm -rf ~)").findings.find((x) => x.id === C)?.message).toContain("rm -rf ~");
  });

  // The form an allow rule would match, never a deny-only spelling of it (`./x` seen as `x`).
  it.each([
    ["echo $(./x)", "it runs: ./x."],
    ["echo $(./deploy --prod)", "it runs: ./deploy --prod."],
    ["echo $(timeout 5 ./x)", "it runs: ./x."],
    ["echo $(nice -n 5 ./x a)", "it runs: ./x a."],
    ["echo $(sudo ./x a)", "it runs: sudo ./x a."],
    ["echo $(/bin/ls -la)", "it runs: ls -la."],
    ["echo $(command ls)", "it runs: ls."],
    ["echo $(./x; ../y b)", "it runs: ./x; ../y b."],
  ])("names what an allow rule would match: %s", (line, text) => {
    expect(run(line).findings.find((x) => x.id === C)?.message).toContain(text);
  });

  it("names the construct kind", () => {
    expect(run("for f in a; do ls; done").findings.find((x) => x.id === C)?.message).toContain("for loop");
    expect(run("cat <(curl x)").findings.find((x) => x.id === C)?.message).toContain("process substitution");
  });

  it("reports a parse error at its offset", () => {
    const f = run("ls; echo 'x").findings.find((x) => x.id === PARSE);
    expect(f).toBeDefined();
    expect(f?.start).toBeGreaterThanOrEqual(4);
  });

  it("guard mode makes constructs read-only when what they run is", () => {
    expect(run("echo \"built at $(date)\"", true).readOnly).toBe(true);
    expect(run("for f in *.md; do wc -l \"$f\"; done", true).readOnly).toBe(true);
    expect(run("echo \"built at $(date)\"").readOnly).toBe(false);
    expect(run("echo $(rm -rf ~)", true).findings.length).toBeGreaterThan(0);
  });
});

describe("injection: the list stays short on a long line", () => {
  // Generated members: each construct kind repeated past the cap.
  const KINDS: Record<string, string> = { "$(ls)": "a command substitution", "(ls)": "a subshell ( ... )", "if true; then ls; fi": "an if statement", "${x:-y}": "a parameter expansion ${...}" };
  it.each(Object.entries(KINDS))("%s × 45", (one, label) => {
    const line = Array.from({ length: 45 }, () => (one.startsWith("$") ? `echo ${one}` : one)).join("; ");
    const found = run(line).findings.filter((x) => x.id === C);
    expect(found).toHaveLength(21);
    const summary = found[20];
    expect(summary?.message).toContain(`25 more constructs`);
    expect(summary?.message).toContain(`${label} ×25`);
    expect(summary?.end).toBe(line.length);
  });

  it("cuts the commands it names", () => {
    const long = "x".repeat(500);
    const f = run(`echo $(ls ${long})`).findings.find((x) => x.id === C);
    expect(f?.message).toContain("…");
    expect(f?.message.length).toBeLessThan(250);
  });

  it("at most 20 parse errors are listed, then one counts the rest", () => {
    const found = run(Array.from({ length: 30 }, () => "ls )").join("; ")).findings.filter((x) => x.id === PARSE);
    expect(found.length).toBeLessThanOrEqual(21);
    expect(found.length).toBeGreaterThan(1);
  });

  it("any id: at most 20 findings, then one summary", () => {
    const found = run(Array.from({ length: 30 }, () => "rm -rf /").join("; ")).findings.filter((x) => x.id === "deletion/root");
    expect(found).toHaveLength(21);
    expect(found[20]?.message).toMatch(/^10 more deletion\/root findings/);
  });
});
