/**
 * What a parsed sed program does beyond printing: the commands that run a shell (`e`, `s///e`)
 * and those that write a file (`w`, `W`, `s///w`). `/dev/stdout` and `/dev/stderr` are sed's own
 * output streams (GNU sed does not open them), so writing there is printing.
 */

import type { SedCommand, SedParse } from "./parse.js";

export const STD_STREAMS: ReadonlySet<string> = new Set(["/dev/stdout", "/dev/stderr"]);

export interface SedEffects {
  executes: SedCommand[];
  writes: SedCommand[];
}

export function executes(c: SedCommand): boolean {
  return c.name === "e" || (c.name === "s" && (c.flags ?? "").includes("e"));
}

export function writes(c: SedCommand): boolean {
  const file = c.name === "w" || c.name === "W" || (c.name === "s" && c.arg !== undefined) ? c.arg : undefined;
  return file !== undefined && !STD_STREAMS.has(file);
}

export function effectsOf(parse: SedParse): SedEffects {
  return { executes: parse.commands.filter(executes), writes: parse.commands.filter(writes) };
}

/** Every command understood and none executes or writes; no run-time part anywhere. */
export function isReadOnlyProgram(parse: SedParse): boolean {
  return parse.error === null && parse.holes === "none" && parse.commands.every((c) => !executes(c) && !writes(c));
}
