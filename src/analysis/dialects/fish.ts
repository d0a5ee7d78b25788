/**
 * The fish front end: the line translated into bash (fish-translate.ts), parsed, and fish's own
 * builtins that run code the translation does not show made findings, so a fish line is seen
 * whole or fails closed:
 *
 *   bind KEY 'cmd'                       runs cmd when the key is pressed, unseen
 *   complete -n 'cond' / -a '(cmd)'      runs code when completing, unseen
 *   alias name 'body'                    fish's alias syntax: name runs body from now on
 *   … | source, source -                 runs what the pipe carries (pipe-to-shell)
 *
 * Offsets of the findings, and of the analysis, are in the bash spelling of the line.
 */

import type { Facts } from "../../facts/types.js";
import type { FindingDraft } from "../check.js";
import type { DialectReading } from "./index.js";
import { translateFish } from "./fish-translate.js";

export function readFish(line: string, parse: (text: string) => Facts): DialectReading {
  const text = translateFish(line);
  if (text === null) {
    const facts = parse(line);
    return { source: line, facts, findings: [{ id: "shell/unsupported-syntax", message: "This fish line could not be translated for the analysis, so it cannot be checked; split it into simpler lines.", start: 0, end: line.length }] };
  }
  const facts = parse(text);
  return { source: text, facts, findings: fishCommandFindings(facts) };
}

function fishCommandFindings(facts: Facts): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const sc of facts.commands) {
    const argv = sc.argv.map((w) => w.value);
    const name = argv[0];
    if (name === undefined) continue;
    const args = argv.slice(1);
    const operands = args.filter((a) => !a.startsWith("-"));
    const at = { start: sc.start, end: sc.end };
    if (name === "bind" && !args.some((a) => a === "-e" || a === "--erase") && operands.length > 1) {
      out.push({ id: "shell/opaque-code", message: "bind makes a key run a command later, which the analysis does not check when the key is pressed; bind it in your config if you mean it.", ...at });
    } else if (name === "complete" && args.some((a) => /^(-n|--condition)/.test(a) || a.includes("("))) {
      out.push({ id: "shell/opaque-code", message: "complete runs this code when you press Tab, unseen; define completions in your config if you mean it.", ...at });
    } else if (name === "alias" && operands.length >= 2 && !(operands[0] as string).includes("=")) {
      out.push({ id: "shell/unsupported-syntax", message: `In fish, alias ${operands[0]} makes that name run other commands from now on, which the analysis does not follow; define it in your config if you mean it.`, ...at });
    } else if ((name === "source" || name === ".") && (operands.length === 0 || operands[0] === "-") && (sc.stage > 0 || sc.redirects.some((r) => r.op.startsWith("<")))) {
      out.push({ id: "shell/pipe-to-shell", message: `${name} with no file runs whatever comes in on its input, unseen; save it to a file, read it, then source that.`, ...at });
    }
  }
  return out;
}
