/**
 * Options a table does not know. A table can never list every option of every version of a
 * tool, and one that takes a value would hide the command after it (`ionice --class idle rm`
 * read as the command `idle`). Where a wrapper's command is its first operand, the parse is also
 * made as if each unknown option took a value, and the command from there is checked too.
 */

import { parseFlags, type FlagSpec, type ParsedFlags } from "../flags.js";

/**
 * Whether the first operand follows an option the table does not know, written without `=`
 * (`--class`, `-z`): the operand may be that option's value, and the command the word after it.
 * A table can never list every option of every version of a tool; this keeps a missing one
 * from hiding the command.
 */
export function valueSlot(args: readonly string[], p: ParsedFlags): boolean {
  if (p.unknown.length === 0 || p.rest >= args.length - 1) return false;
  const prev = args[p.rest - 1];
  if (prev === undefined || prev.length < 2 || prev[0] !== "-" || prev === "--" || prev.includes("=")) return false;
  return p.unknown.includes(prev) || (prev[1] !== "-" && p.unknown.includes(`-${prev[prev.length - 1]}`));
}

/**
 * The parse as it would be if each unknown option before the first operand took that operand as
 * its value (`--setgroups deny -U rm`: options go on after `deny`), or null when none did.
 */
export function ifValues(args: readonly string[], p: ParsedFlags, spec: FlagSpec): ParsedFlags | null {
  let q: ParsedFlags | null = null;
  // Bounded: each round moves past a word, and a line of thousands of unknown options is not a command.
  for (let n = 0; n < 16 && valueSlot(args, q ?? p); n++) q = parseFlags(args, spec, (q ?? p).rest + 1);
  return q;
}
