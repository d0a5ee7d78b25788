/**
 * sed: what a `sed`/`gsed` script does, read the way GNU sed compiles it (src/analysis/sed/).
 * A script that runs commands (`e`, `s///e`) or writes files (`w`, `W`, `s///w`) is a finding;
 * so is one that cannot be read here: a `-f` file, a script that does not parse, or one whose
 * run-time part sits where a command could go (`sed "$x"`). A run-time part in a data position
 * (`sed "s/$a/$b/"`) is taken as data in guard mode and lint (no finding) and is a finding in
 * the agent modes, where such a sed would otherwise pass as a file edit; it is never read-only. `--sandbox` covers the
 * pieces after it; what it covers cannot write or run anything. `-i` on a sensitive file is a
 * finding too.
 */

import type { CommandCheck, CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { effectsOf, isReadOnlyProgram } from "../sed/effects.js";
import { readSedInvocation, type SedInvocation } from "../sed/invocation.js";
import { sensitiveTarget } from "./sensitive-paths.js";
import type { Word } from "../../facts/types.js";

const SANDBOX_HINT = "or put --sandbox before it so sed refuses e, r and w";

function scriptText(inv: SedInvocation): string {
  return inv.pieces.slice(0, inv.sandboxFrom).map((p) => inv.display(p)).join("' -e '");
}

/** `guard`: guard mode and lint, where a run-time part in a data position is taken as data. */
function scriptFindings(inv: SedInvocation, guard: boolean): FindingDraft[] {
  const out: FindingDraft[] = [];
  const text = scriptText(inv);
  const { executes, writes } = effectsOf(inv.parse);
  if (executes.length > 0) {
    const first = executes[0] as NonNullable<(typeof executes)[number]>;
    const how = first.name === "e" ? (first.arg ? `the e command runs '${inv.display(first.arg)}'` : "the e command runs each line as a command") : "s///e runs each result as a command";
    out.push({ id: "sed/execute-command", message: `The sed script '${text}' runs shell commands (${how}); run them directly instead.` });
  }
  if (writes.length > 0) {
    const files = [...new Set(writes.map((c) => inv.display(c.arg ?? "")))].join("', '");
    out.push({ id: "sed/write-file", message: `The sed script '${text}' writes to '${files}' (w); use a redirect you can see instead.` });
  }
  const parse = inv.parse;
  if (parse.holes === "code") {
    out.push({ id: "sed/unverifiable-script", message: `The sed script '${text}' is only known at run time where a command goes, so it could be any sed command, even e (run a command) or w (write a file); write the script out, ${SANDBOX_HINT}.` });
  } else if (parse.holes === "data" && !guard) {
    out.push({ id: "sed/unverifiable-script", message: `The sed script '${text}' has a part only known at run time; a value holding a newline, ';' or the delimiter would add commands, even e (run a command) or w (write a file); write the value out, ${SANDBOX_HINT}.` });
  } else if (parse.error !== null) {
    out.push({ id: "sed/unverifiable-script", message: `The sed script '${text}' does not parse as GNU sed (${parse.error}): sed rejects it, or shellguard misreads it; fix or simplify it.` });
  }
  for (const file of inv.scriptFiles) {
    out.push({ id: "sed/unverifiable-script", message: `sed -f ${file} runs a script file that cannot be checked here; inline the script with -e, ${SANDBOX_HINT}.` });
  }
  return out;
}

function sed(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const inv = readSedInvocation(view);
  const out = scriptFindings(inv, ctx.options.guard);
  if (inv.inPlace) {
    for (const i of inv.inputs) {
      const hit = sensitiveTarget(view.words[i] as Word, ctx);
      if (hit) out.push({ id: "sed/in-place-sensitive", message: `sed -i edits ${hit}, a sensitive file; edit it by hand.` });
    }
  }
  return out;
}

export const sedCheck: CommandCheck = {
  name: "sed",
  commands: ["sed", "gsed"],
  findings: {
    "sed/write-file": { description: "A sed script that writes files (w, W, s///w)." },
    "sed/execute-command": { description: "A sed script that runs commands (e, s///e)." },
    "sed/unverifiable-script": { description: "A sed script that cannot be checked: a -f file, a run-time part where a command goes, or a parse error." },
    "sed/in-place-sensitive": { description: "sed -i on a sensitive file." },
  },
  check: sed,
};

/**
 * A sed invocation that only reads: no -i, no option sed's table does not know, no word that
 * could become other arguments at run time, no unread -f file, and every command of every
 * script not covered by --sandbox understood and read-only.
 */
export function sedIsReadOnly(view: CommandView): boolean {
  const inv = readSedInvocation(view);
  return !inv.inPlace && inv.unknown.length === 0 && !inv.shiftyWords && inv.scriptFiles.length === 0 && isReadOnlyProgram(inv.parse);
}
