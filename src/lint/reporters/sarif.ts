/**
 * `--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF viewers. Every finding
 * id lint can report is a rule, with its one-line description and, where the package has its doc
 * page (`docs/checks/<id>.md`), that page as help text; each rule's configured severity is its
 * default level (`off` → disabled). Paths are relative to %SRCROOT% (the working directory).
 */

import { pathToFileURL } from "node:url";
import type { Log, ReportingDescriptor, Result, Run } from "sarif";
import { helpFor, packageInfo } from "../docs.js";
import { knownFindings, type Severity } from "../severity.js";
import type { LintReport } from "./types.js";

const LEVEL: Readonly<Record<Severity, "error" | "warning" | "note" | "none">> = { error: "error", warning: "warning", info: "note", off: "none" };

function artifactUri(path: string): { uri: string; uriBaseId?: string } {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split("/").map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
}

export function sarif(report: LintReport): string {
  const info = packageInfo();
  const known = [...knownFindings().values()].sort((a, b) => a.id.localeCompare(b.id));
  const rules: ReportingDescriptor[] = known.map((f) => {
    const sev = report.severity(f.id, f.check);
    const help = helpFor(f.id);
    const rule: ReportingDescriptor = {
      id: f.id,
      name: f.id.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
      shortDescription: { text: f.description },
      defaultConfiguration: { level: LEVEL[sev], enabled: sev !== "off" },
      properties: { tags: [f.check] },
    };
    if (help) rule.help = { text: help.text, markdown: help.markdown };
    if (info.homepage) rule.helpUri = `${info.homepage}/blob/main/docs/checks/${f.id}.md`;
    return rule;
  });
  const index = new Map(rules.map((r, i) => [r.id, i]));

  const results: Result[] = [];
  for (const file of report.results) {
    for (const m of file.messages) {
      const physical: NonNullable<NonNullable<Result["locations"]>[number]["physicalLocation"]> = { artifactLocation: artifactUri(file.path) };
      if (m.line > 0) {
        physical.region = { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn };
        if (file.source !== undefined) physical.region.snippet = { text: file.source.slice(m.start, m.end) };
      }
      const result: Result = {
        ruleId: m.id,
        level: LEVEL[m.severity],
        message: { text: m.message },
        locations: [{ physicalLocation: physical }],
      };
      const i = index.get(m.id);
      if (i !== undefined) result.ruleIndex = i;
      if (m.context !== undefined) result.properties = { context: m.context };
      results.push(result);
    }
  }

  const run: Run = {
    tool: {
      driver: {
        name: "shellguard",
        version: info.version,
        semanticVersion: info.version,
        ...(info.homepage ? { informationUri: info.homepage } : {}),
        rules,
      },
    },
    originalUriBaseIds: { "%SRCROOT%": { uri: pathToFileURL(report.cwd.endsWith("/") ? report.cwd : report.cwd + "/").href } },
    columnKind: "utf16CodeUnits",
    results,
  };
  const log: Log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [run],
  };
  return JSON.stringify(log, null, 2) + "\n";
}
