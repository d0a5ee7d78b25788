/**
 * `--format github`: GitHub Actions workflow commands, one annotation per finding
 * (`::warning file=x,line=3,col=5,endLine=3,endColumn=9,title=id::message`); info is a notice.
 */

import type { LintReport } from "./types.js";

const escapeData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function github(report: LintReport): string {
  const out: string[] = [];
  for (const f of report.results) {
    for (const m of f.messages) {
      const cmd = m.severity === "info" ? "notice" : m.severity;
      const props = [`file=${escapeProperty(f.path)}`];
      if (m.line > 0) {
        props.push(`line=${m.line}`, `col=${m.column}`, `endLine=${m.endLine}`);
        // endColumn is only meaningful on one line; GitHub's is inclusive.
        if (m.endLine === m.line) props.push(`endColumn=${Math.max(m.column, m.endColumn - 1)}`);
      }
      props.push(`title=${escapeProperty(`shellguard ${m.id}`)}`);
      out.push(`::${cmd} ${props.join(",")}::${escapeData(`${m.message} (${m.id})`)}`);
    }
  }
  const total = report.errorCount + report.warningCount + report.infoCount;
  out.push(`shellguard lint: ${total} problem${total === 1 ? "" : "s"} (${report.errorCount} errors, ${report.warningCount} warnings, ${report.infoCount} infos) in ${report.results.length} file${report.results.length === 1 ? "" : "s"}`);
  if (report.maxWarnings !== undefined && report.warningCount > report.maxWarnings) {
    out.push(`::error title=shellguard::Too many warnings (${report.warningCount}; maximum: ${report.maxWarnings}).`);
  }
  return out.join("\n") + "\n";
}
