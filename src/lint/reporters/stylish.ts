/**
 * The default, for people: findings grouped by file, each with its position, severity, message
 * and id, then the source line with the span marked; a summary at the end. Colour only on a
 * terminal and never with NO_COLOR (the caller picks the Style).
 */

import { oneLine, underline, type Style } from "../../render/format.js";
import type { LintMessage } from "../lint-file.js";
import type { LintReport, ReporterContext } from "./types.js";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function severityLabel(m: LintMessage, s: Style): string {
  if (m.severity === "error") return s.red("error");
  if (m.severity === "warning") return s.yellow("warning");
  return s.cyan("info");
}

export function stylish(report: LintReport, { style: s }: ReporterContext): string {
  const out: string[] = [];
  for (const file of report.results) {
    if (file.messages.length === 0) continue;
    out.push(s.bold(oneLine(file.path)));
    const pos = file.messages.map((m) => (m.line > 0 ? `${m.line}:${m.column}` : "-"));
    const width = Math.max(...pos.map((p) => p.length));
    const sevWidth = Math.max(...file.messages.map((m) => m.severity.length));
    file.messages.forEach((m, i) => {
      const sev = severityLabel(m, s) + " ".repeat(sevWidth - m.severity.length);
      out.push(`  ${s.dim(pos[i]!.padStart(width))}  ${sev}  ${oneLine(m.message)}  ${s.dim(m.id)}`);
      if (m.line > 0 && file.source !== undefined) {
        const [text, carets] = underline(file.source, m.start, m.end);
        const indent = " ".repeat(width + 4);
        out.push(`${indent}${text}`, `${indent}${s.red(carets)}`);
      }
    });
    out.push("");
  }
  const total = report.errorCount + report.warningCount + report.infoCount;
  if (total > 0) {
    const parts = [plural(report.errorCount, "error"), plural(report.warningCount, "warning")];
    if (report.infoCount > 0) parts.push(plural(report.infoCount, "info"));
    const mark = report.errorCount > 0 ? s.red("✖") : report.warningCount > 0 ? s.yellow("⚠") : s.cyan("ℹ");
    out.push(s.bold(`${mark} ${plural(total, "problem")} (${parts.join(", ")}) in ${plural(report.results.length, "file")}`));
  }
  if (report.maxWarnings !== undefined && report.warningCount > report.maxWarnings) {
    out.push(s.red(`Too many warnings (${report.warningCount}; maximum: ${report.maxWarnings}).`));
  }
  return out.length ? out.join("\n") + "\n" : "";
}
