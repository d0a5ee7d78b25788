/** `--format json`: one JSON document with every file linted and its messages. */

import type { LintReport } from "./types.js";

export function json(report: LintReport): string {
  const files = report.results.map((f) => ({
    path: f.path,
    kind: f.kind,
    errorCount: f.errorCount,
    warningCount: f.warningCount,
    infoCount: f.infoCount,
    messages: f.messages.map((m) => ({
      id: m.id,
      check: m.check,
      severity: m.severity,
      message: m.message,
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
      ...(m.context !== undefined ? { context: m.context } : {}),
    })),
  }));
  const doc = {
    version: 1,
    errorCount: report.errorCount,
    warningCount: report.warningCount,
    infoCount: report.infoCount,
    fileCount: report.results.length,
    ...(report.maxWarnings !== undefined ? { maxWarnings: report.maxWarnings } : {}),
    files,
  };
  return JSON.stringify(doc, null, 2) + "\n";
}
