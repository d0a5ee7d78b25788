/**
 * sed: the seed's constraints on cooked argv. A script may print, substitute, delete and the
 * like; it must not write files (w/W, s///w), run commands (e/E, s///e), or use what cannot be
 * verified here (braces, `!`, comments, -f script files). `-i` on a sensitive file is a finding.
 */

import type { CommandCheck, CheckContext, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { has, values } from "../flags.js";
import { parseFor } from "../specs.js";
import { sensitiveTarget } from "./sensitive-paths.js";
import type { Word } from "../../facts/types.js";

export type SedVerdict = "ok" | "write" | "execute" | "unverifiable";

const SIMPLE = new Set(["p", "d", "D", "P", "n", "N", "g", "G", "h", "H", "x", "=", "l", "q", "Q", "z", "F"]);

/** Skips an address (`12`, `$`, `/re/`, `\%re%`, `first~step`, `addr,addr`, `addr,+N`). */
function skipAddress(s: string, i: number): number {
  const one = (k: number): number => {
    if (s[k] === "$") return k + 1;
    if (s[k] === "/" || s[k] === "\\") {
      const delim = s[k] === "\\" ? s[k + 1] : "/";
      let j = s[k] === "\\" ? k + 2 : k + 1;
      while (j < s.length && s[j] !== delim) j += s[j] === "\\" ? 2 : 1;
      j++;
      while (s[j] === "I" || s[j] === "M") j++;
      return j;
    }
    let j = k;
    while (j < s.length && /[0-9~+]/.test(s[j] as string)) j++;
    return j;
  };
  let j = one(i);
  if (j > i && s[j] === ",") j = one(j + 1);
  return j;
}

/** Classifies one sed script (seed semantics, on the cooked text). */
export function classifySedScript(script: string): SedVerdict {
  let i = 0;
  let verdict: SedVerdict = "ok";
  const worse = (v: SedVerdict): void => {
    const rank = { ok: 0, unverifiable: 1, write: 2, execute: 3 };
    if (rank[v] > rank[verdict]) verdict = v;
  };
  while (i < script.length) {
    while (i < script.length && /[\s;]/.test(script[i] as string)) i++;
    if (i >= script.length) break;
    i = skipAddress(script, i);
    while (script[i] === " ") i++;
    const c = script[i];
    if (c === undefined) break;
    if (c === "!" || c === "{" || c === "}" || c === "#") {
      worse("unverifiable");
      i++;
      continue;
    }
    if (c === "w" || c === "W") {
      worse("write");
      break;
    }
    if (c === "e") {
      worse("execute");
      break;
    }
    if (c === "s" || c === "y") {
      const delim = script[i + 1];
      if (delim === undefined || delim === "\n" || delim === "\\") return "unverifiable";
      let j = i + 2;
      for (let part = 0; part < 2; part++) {
        while (j < script.length && script[j] !== delim) j += script[j] === "\\" ? 2 : 1;
        j++;
      }
      if (j > script.length) return "unverifiable";
      if (c === "s") {
        const flags = /^[gpiImM0-9ew]*/.exec(script.slice(j))?.[0] ?? "";
        if (flags.includes("e")) worse("execute");
        if (flags.includes("w")) worse("write");
        if (flags.includes("e") || flags.includes("w")) break;
        j += flags.length;
      }
      i = j;
      continue;
    }
    if (c === "a" || c === "i" || c === "c" || c === "r" || c === "R" || c === "b" || c === "t" || c === "T" || c === ":" || c === "v") {
      // Text or a label/file to the end of the line: reading (r/R) is harmless.
      const nl = script.indexOf("\n", i);
      i = nl < 0 ? script.length : nl + 1;
      continue;
    }
    if (SIMPLE.has(c)) {
      i++;
      continue;
    }
    return "unverifiable";
  }
  return verdict;
}

function sed(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const p = parseFor("sed", view.args);
  const out: FindingDraft[] = [];
  let operands = p.operands;
  const scripts = values(p, "expression");
  if (has(p, "file")) {
    out.push({ id: "sed/unverifiable-script", message: `sed -f ${values(p, "file")[0]} runs a script file that cannot be checked here; inline the script with -e.` });
  } else if (scripts.length === 0 && operands.length > 0) {
    scripts.push(view.args[operands[0] as number] as string);
    operands = operands.slice(1);
  }
  for (const s of scripts) {
    const v = classifySedScript(s);
    if (v === "write") out.push({ id: "sed/write-file", message: `The sed script '${s}' writes to a file (w/W); use a redirect you can see instead.` });
    else if (v === "execute") out.push({ id: "sed/execute-command", message: `The sed script '${s}' runs shell commands (e); run them directly instead.` });
    else if (v === "unverifiable") out.push({ id: "sed/unverifiable-script", message: `The sed script '${s}' uses constructs that cannot be verified ({}, !, #, or unknown commands); simplify it.` });
  }
  if (has(p, "in-place")) {
    for (const i of operands) {
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
    "sed/unverifiable-script": { description: "A sed script that cannot be verified (-f file, braces, !, comments, unknown commands)." },
    "sed/in-place-sensitive": { description: "sed -i on a sensitive file." },
  },
  check: sed,
};

/** A sed invocation that only reads: no -i, and every script verdict ok. */
export function sedIsReadOnly(view: CommandView): boolean {
  const p = parseFor("sed", view.args);
  if (has(p, "in-place") || has(p, "file")) return false;
  const scripts = values(p, "expression");
  if (scripts.length === 0 && p.operands.length > 0) scripts.push(view.args[p.operands[0] as number] as string);
  return scripts.every((s) => classifySedScript(s) === "ok");
}
