import type { Style } from "../../render/format.js";
import type { FileResult } from "../lint-file.js";
import type { SeverityResolver } from "../severity.js";

export interface LintReport {
  /** Every file linted, in order (files with no messages too). */
  results: FileResult[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  /** Absolute working directory (relative paths in results are relative to it). */
  cwd: string;
  /** --max-warnings, when given. */
  maxWarnings?: number;
  severity: SeverityResolver;
}

export interface ReporterContext {
  style: Style;
}

export type Reporter = (report: LintReport, ctx: ReporterContext) => string;
