/**
 * docs/checks: one page per finding id, an overview per check, an index, and examples that still
 * produce the finding they document. Ids come from the code (allFindings), so a renamed or new id
 * fails here until its page follows.
 */

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyze } from "../src/analysis/analyze.js";
import { allFindings } from "../src/analysis/checks/index.js";
import { options } from "../src/analysis/test-helpers.js";
import type { AnalysisOptions } from "../src/analysis/types.js";
import type { Dialect } from "../src/analysis/dialects/index.js";
import { evaluate } from "../src/engine/engine.js";
import { MODE_POLICY, normalizeMode } from "../src/engine/modes.js";
import { extractFactsReference } from "../src/facts/reference.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOCS = join(ROOT, "docs/checks");

/** Findings the engine reports itself (not a check module): id → the source file that emits it. */
const ENGINE_FINDINGS: Readonly<Record<string, { check: string; source: string }>> = {
  "dangerous/custom-pattern": { check: "dangerous", source: "src/engine/engine.ts" },
  "internal/analysis-failed": { check: "internal", source: "src/engine/engine.ts" },
};

/** Overview pages for checks that report no finding of their own. */
const EXTRA_OVERVIEWS = ["read-only"];

const HEADINGS = ["## What it catches", "## Why it matters", "## Example", "## How to fix", "## How to allow it deliberately", "## Related"];

const MAX_LINES = 60;

/** The examples run as if in this directory, with this home (docs/checks/README.md says so). */
const CWD = "/home/me/project";
const HOME = "/home/me";

const findings = allFindings();
const documented = new Map<string, string>([...findings].map(([id, meta]) => [id, meta.check]));
for (const [id, meta] of Object.entries(ENGINE_FINDINGS)) documented.set(id, meta.check);
const ids = [...documented.keys()];
const checks = [...new Set(documented.values())];

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...markdownFiles(path));
    else if (entry.endsWith(".md")) out.push(path);
  }
  return out;
}

function page(id: string): string {
  return readFileSync(join(DOCS, `${id}.md`), "utf8");
}

/** The text of one `## ` section (without its heading). */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) return "";
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

/** POSIX shell words of one line: '...' literal, "..." with \" \\ \$ \` escapes, \x outside quotes. */
function shellWords(line: string): string[] {
  const out: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < line.length; ) {
    const c = line[i] as string;
    if (c === " " || c === "\t") {
      if (cur !== null) out.push(cur);
      cur = null;
      i++;
      continue;
    }
    cur ??= "";
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      cur += line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === "\\" && '"\\$`'.includes(line[i + 1] ?? "")) i++;
        cur += line[i];
        i++;
      }
      if (i >= line.length) throw new Error(`unterminated " in: ${line}`);
      i++;
    } else if (c === "\\") {
      cur += line[i + 1] ?? "";
      i += 2;
    } else {
      cur += c;
      i++;
    }
  }
  if (cur !== null) out.push(cur);
  return out;
}

interface Example {
  command: string;
  mode: string;
  /** `--dialect zsh|fish`: the line is read as typed at that shell's prompt. */
  dialect: Dialect | undefined;
  /** Finding ids the printed output shows (`  <id>: message`). */
  shown: string[];
}

/** The `$ shellguard check [--mode M] 'cmd'` block of a page's Example section. */
function example(text: string): Example | null {
  const block = /```console\n\$ shellguard check ([^\n]*)\n([\s\S]*?)```/.exec(section(text, "## Example"));
  if (!block) return null;
  const words = shellWords(block[1] as string);
  let mode = "default";
  let dialect: Dialect | undefined;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "--mode") mode = words[++i] as string;
    else if (words[i] === "--dialect") dialect = words[++i] as Dialect;
    else rest.push(words[i] as string);
  }
  if (rest.length !== 1) throw new Error(`expected exactly one command in: ${block[1]}`);
  const shown = [...(block[2] as string).matchAll(/^ {2}([a-z0-9-]+\/[a-z0-9-]+): /gm)].map((m) => m[1] as string);
  return { command: rest[0] as string, mode, dialect, shown };
}

/** The checks' options for a mode, in the examples' home and project (the pages show /home/me). */
function optionsFor(mode: string, dialect?: Dialect): AnalysisOptions {
  return options(MODE_POLICY[normalizeMode(mode)].guardAnalysis, { cwd: CWD, home: HOME, ...(dialect !== undefined ? { dialect } : {}) });
}

describe("docs/checks", () => {
  it("knows every finding id from the code, and the engine still reports its own", () => {
    expect(findings.size).toBeGreaterThan(0);
    for (const [id, meta] of Object.entries(ENGINE_FINDINGS)) {
      expect(findings.has(id), `${id} is now a check finding: drop it from ENGINE_FINDINGS`).toBe(false);
      expect(readFileSync(join(ROOT, meta.source), "utf8"), `${meta.source} no longer reports ${id}`).toContain(`"${id}"`);
    }
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(ids)("%s has a page with the required headings", (id) => {
    const file = join(DOCS, `${id}.md`);
    expect(existsSync(file), `missing docs/checks/${id}.md`).toBe(true);
    const text = page(id);
    expect(text.split("\n")[0]).toBe(`# ${id}`);
    let last = -1;
    for (const h of HEADINGS) {
      const at = text.indexOf(`\n${h}\n`);
      expect(at, `${id}: missing "${h}"`).toBeGreaterThan(-1);
      expect(at, `${id}: "${h}" out of order`).toBeGreaterThan(last);
      last = at;
      expect(section(text, h).trim(), `${id}: "${h}" is empty`).not.toBe("");
    }
    expect(text.trimEnd().split("\n").length, `${id}: keep the page short`).toBeLessThanOrEqual(MAX_LINES);
    expect(text, `${id}: link back to its check`).toContain(`(../${documented.get(id)}.md)`);
  });

  it.each(ids)("%s: the example command produces the finding", (id) => {
    const text = page(id);
    const ex = example(text);
    expect(ex, `${id}: the Example needs a \`$ shellguard check '...'\` console block`).not.toBeNull();
    const { command, mode, dialect, shown } = ex as Example;
    expect(shown, `${id}: the example output shows the finding`).toContain(id);
    if (id === "internal/analysis-failed") return; // a shellguard bug cannot be reproduced on purpose
    const analysis = analyze(command, optionsFor(mode, dialect), extractFactsReference);
    let produced = analysis.findings.map((f) => f.id);
    if (id === "dangerous/custom-pattern") {
      const pattern = /pattern: "([^"]+)"/.exec(text)?.[1];
      expect(pattern, `${id}: the page shows the configured pattern`).toBeDefined();
      const rules = { deny: [], ask: [], allow: [] };
      const decision = evaluate(analysis, { rules, dangerousPatterns: [pattern as string] }, { mode: normalizeMode(mode) }).decision;
      produced = decision.findings.map((f) => f.id);
    }
    expect(produced, `${id}: \`${command}\` (${mode}) no longer produces it`).toContain(id);
    for (const other of shown) expect(produced, `${id}: the example output shows ${other}, which \`${command}\` no longer produces`).toContain(other);
  });

  it("has an overview page per check that lists its findings", () => {
    for (const check of [...checks, ...EXTRA_OVERVIEWS]) {
      const file = join(DOCS, `${check}.md`);
      expect(existsSync(file), `missing docs/checks/${check}.md`).toBe(true);
      const text = readFileSync(file, "utf8");
      expect(text.split("\n")[0]).toBe(`# ${check}`);
      for (const [id, c] of documented) if (c === check) expect(text, `${check}.md lists ${id}`).toContain(`](${id}.md)`);
    }
  });

  it("has an index listing every id with its check and page", () => {
    const readme = readFileSync(join(DOCS, "README.md"), "utf8");
    for (const [id, check] of documented) {
      const row = readme.split("\n").find((l) => l.startsWith(`| \`${id}\` |`));
      expect(row, `README.md has no row for ${id}`).toBeDefined();
      expect(row).toContain(`[${check}](${check}.md)`);
      expect(row).toContain(`](${id}.md)`);
    }
    expect(readme).toContain("## Allowing a finding deliberately");
  });

  it("has no orphan pages", () => {
    const overviews = new Set(["README", ...checks, ...EXTRA_OVERVIEWS]);
    for (const file of markdownFiles(DOCS)) {
      const name = relative(DOCS, file).replace(/\.md$/, "");
      if (name.includes("/")) expect(documented.has(name), `docs/checks/${name}.md is not a finding id`).toBe(true);
      else expect(overviews.has(name), `docs/checks/${name}.md is neither README nor a check overview`).toBe(true);
    }
  });

  it("has no broken relative links", () => {
    for (const file of markdownFiles(DOCS)) {
      const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/.test(target) || target.startsWith("#")) continue;
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const abs = resolve(dirname(file), path);
        expect(existsSync(abs), `${relative(ROOT, file)}: broken link ${target}`).toBe(true);
        if (anchor !== undefined && abs.endsWith(".md")) {
          const slugs = [...readFileSync(abs, "utf8").matchAll(/^#+ (.+)$/gm)].map((h) => (h[1] as string).toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-"));
          expect(slugs, `${relative(ROOT, file)}: no heading for #${anchor} in ${path}`).toContain(anchor);
        }
      }
    }
  });
});
