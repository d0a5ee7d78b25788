/**
 * The audit trail (docs/audit.md): every front end's decisions, one JSON line each, in the log the
 * user config's `log:` names. Above render (it writes text for people too), below the front ends.
 */

export { recordDecision, auditEntry, MAX_COMMAND, type AuditEntry, type Decided } from "./record.js";
export { redact, REDACTIONS, REDACTED, type RedactionRule } from "./redact.js";
export { appendLine, logFiles, type RotationSettings } from "./append.js";
export { readLog, parseSince, type LogFilter, type LogRead } from "./read.js";
