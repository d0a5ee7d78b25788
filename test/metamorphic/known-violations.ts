/**
 * Violations known and owned by work in progress elsewhere, as classes (never single strings).
 * Each entry names its owner and why; the lead empties this list when the fixes are merged. A
 * violation that no entry matches fails the test.
 */

import type { Violation } from "./property.js";

export interface KnownViolation {
  /** Short name of the class, shown in the summary. */
  name: string;
  /** Who fixes it (the issue item and the part of the code). */
  owner: string;
  reason: string;
  matches(v: Violation): boolean;
}

export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [];
