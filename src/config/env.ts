/**
 * An environment: what `process.env` is, spelled without Node's own types, so the public type
 * declarations compile for a TypeScript consumer that has no `@types/node`.
 */
export type Env = Record<string, string | undefined>;
