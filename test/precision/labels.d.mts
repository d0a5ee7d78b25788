// Types for labels.mjs (plain JavaScript so that bench/precision.js can use it without a build).
import type { ResolvedConfig } from "../../src/config/types.js";
import type { FileResult, LintSettings } from "../../src/lint/lint-file.js";

export interface LabelledEntry {
  src: string;
  text: string;
  should: string[];
  not: string[];
  may: string[];
  file?: string;
  why: string;
  dangerous: boolean;
  /** A dangerous line another issue's fix will catch (named here); not yet required to be caught. */
  pending?: string;
  /** Line in labelled.jsonl. */
  at: number;
}

export interface IdScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
}

export interface LabelledScore {
  lines: number;
  dangerousLines: number;
  quietLines: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number | null;
  warningTruePositives: number;
  warningFalsePositives: number;
  warningPrecision: number | null;
  recall: number | null;
  dangerousRecall: number | null;
  dangerousMissed: string[];
  dangerousPending: string[];
  byId: Record<string, IdScore>;
  falsePositiveLines: string[];
  falseNegativeLines: string[];
}

export type Finding = { id: string; severity: string };

export const LABELLED_FILE: string;
export function loadLabelled(file?: string): LabelledEntry[];
export function scoreLabelled(entries: readonly LabelledEntry[], findingsOf: (e: LabelledEntry) => Finding[]): LabelledScore;
export function labelledFindings(lint: {
  lintText: (path: string, text: string, kind: never, settings: LintSettings) => FileResult;
  lintSettings: (config: ResolvedConfig, cwd: string, env: NodeJS.ProcessEnv) => LintSettings;
  kindByName: (name: string) => string | null;
  DEFAULTS: Readonly<ResolvedConfig>;
}): (e: LabelledEntry) => Finding[];
