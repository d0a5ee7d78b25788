/** Small helpers for JSON values read from files and payloads (config imports, agent hooks). */

/** A plain object (a JSON object), not an array or null. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "a string", "an array", "null", ... for messages about a JSON value's type. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}
