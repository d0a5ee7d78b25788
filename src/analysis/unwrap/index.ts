/**
 * Turns Facts into CommandViews: every simple command seen through its wrappers (sudo, env,
 * xargs, find -exec, ...) and into the strings given to shells (`bash -c '...'`, `eval`, `su -c`,
 * `trap`, `alias`, git aliases, heredocs fed to a shell), parsed again up to a bounded depth.
 * A nested parse inherits the wrapper state of the command that runs it: `sudo bash -c 'ls'`
 * gives a privileged `ls` whose forms start with `sudo bash -c ls`. Also reports the shell-level
 * findings (eval, pipe into a shell, unseen scripts, dynamic command names).
 */

import type { Facts, SimpleCommand } from "../../facts/types.js";
import { AnalysisLimitError, DEFAULT_LIMITS } from "../limits.js";
import { mayHoldQuotedCode, quotedCodeIn, quotedCodeSpans } from "./quoted-code.js";
import { hiddenSubstitutions, promptExpansions } from "./substitutions.js";
import { TOP, type Extract, type Nest, type Origin, type Parse, type Quiet, type UnwrapResult } from "./types.js";
import { NO_ARGS, makeView, unwrapCommand } from "./unwrap-command.js";
import { lineCommand, lineStateOf, newState, recordString, stringWrites, type LineState } from "./line-state.js";
import { writtenSoFar } from "./written.js";
import { positionalValues, snapshot } from "./loop-values.js";

export type { UnwrapResult } from "./types.js";

/**
 * Shell-in-shell strings parsed again up to this depth. Deeper is not analysed (an
 * AnalysisLimitError: "could not be analysed", which no mode allows), not a finding that bypass
 * would ignore.
 */
export const MAX_DEPTH = DEFAULT_LIMITS.maxShellDepth;

export function unwrapFacts(facts: Facts, extract: Extract): UnwrapResult {
  // Nested parses are queued, not recursed into: depth is bounded and the stack stays flat.
  // The queue is also the list of parses handed back.
  const queue: Parse[] = [{ facts, depth: 0, range: null, origin: TOP }];
  const out: UnwrapResult = { views: [], findings: [], parses: queue };
  let origin = TOP;
  // The line state of the parse being walked (nested parses start from its written files).
  let line: LineState | null = null;
  // Where the command being unwrapped starts (what a string it runs inherits is taken there).
  let at = 0;
  // Strings the current command runs that write files: recorded once the command is done.
  const writing: Facts[] = [];
  const nest: Nest = (src, range, inherit) => {
    if (origin.depth + 1 > MAX_DEPTH) {
      throw new AnalysisLimitError("maxShellDepth", `shell code is nested in strings (bash -c, eval, ...) more than ${MAX_DEPTH} levels deep, the limit; run the inner command directly`);
    }
    const from = inherit ?? origin;
    const nested: Origin = { depth: origin.depth + 1, range: origin.range ?? range, privileged: from.privileged, forms: from.forms, allowForms: from.allowForms, argsUnknown: from.argsUnknown, wrappers: from.wrappers, effects: from.effects, stdinFed: from.stdinFed === true, stdinFile: from.stdinFile === true, speculative: from.speculative ?? origin.speculative };
    const facts = extract(src);
    // Values are written into a parse with guessed values already; other strings inherit them.
    let values = inherit?.valuesIn !== true && line !== null && line.values !== null ? snapshot(line.values, at) : undefined;
    // `sh -c '…"$1"' _ ARG`: the string's positional parameters.
    if (inherit?.positional !== undefined && inherit.positional.length > 0) values = new Map([...(values ?? []), ...positionalValues(inherit.positional)]);
    queue.push({ facts, depth: nested.depth, range: nested.range, origin: nested, written: writtenSoFar(line?.written), speculative: nested.speculative, values });
    if (stringWrites(facts)) writing.push(facts);
  };
  for (let q = 0; q < queue.length; q++) {
    const parse = queue[q] as Parse;
    const f = parse.facts;
    origin = parse.origin;
    const commands = f.commands;
    // Functions, renamed programs and downloads of this parse, made on first use.
    line = lineStateOf(f, parse.written, parse.values);
    // `${x@P}` anywhere in this parse (one scan of its source, not one per command).
    const prompts = f.source.includes("@P");
    // `$(( 'a[$(id)]' ))`: quotes bash does not honour there (quoted-code.ts).
    const quoted = mayHoldQuotedCode(f);
    const mark = out.findings.length;
    if (quoted) quotedCodeSpans(f, origin, nest);
    for (let c = 0; c < commands.length; c++) {
      const sc = commands[c] as SimpleCommand;
      at = sc.start;
      hiddenSubstitutions(sc, f, origin, nest);
      quotedCodeIn(sc, f, origin, nest, out, quoted);
      if (prompts) promptExpansions(sc, f, origin, out);
      line = lineCommand(sc, f, line, origin, out, nest);
      if (sc.argv.length === 0) out.views.push(makeView(sc, f, origin, sc.argv, NO_ARGS, 0, "", true, origin.wrappers, origin.privileged, false, origin.forms.slice(), origin.allowForms));
      else unwrapCommand(sc, sc.argv, f, origin, out, nest, line?.written);
      if (writing.length > 0) {
        line ??= newState(parse.written);
        for (const w of writing) recordString(w, line, sc.end);
        writing.length = 0;
      }
    }
    writing.length = 0;
    // What a value makes unreadable or run-time only was reported where the variable is used.
    if (origin.speculative !== undefined) dropQuiet(out.findings, mark, origin.speculative);
  }
  return out;
}

/** Drops, from `at` on, the findings a parse made with guessed values says nothing new with. */
function dropQuiet(findings: UnwrapResult["findings"], at: number, quiet: Quiet): void {
  let w = at;
  for (let r = at; r < findings.length; r++) {
    const f = findings[r] as UnwrapResult["findings"][number];
    if (!quiet(f.id)) findings[w++] = f;
  }
  findings.length = w;
}
