/**
 * Shell code in a string for zsh or fish (`zsh -c '…'`, `sudo fish -c '…'`), in a line of any
 * dialect: unwrapping parses such a string as bash, like `bash -c '…'`. When the string uses its
 * shell's own syntax — the zsh front end would rewrite it, or find something in it; the fish
 * translation differs from it — that bash reading may see less than the shell runs, so it is a
 * finding instead.
 */

import type { Facts, Word } from "../../facts/types.js";
import type { FindingDraft } from "../check.js";
import { translateFish } from "./fish-translate.js";
import { readZsh } from "./zsh.js";

/** The option that makes the next word the script: `-c`, clustered (`-lc`), or fish's long forms. */
const SCRIPT_FLAG = /^(?:-[a-zA-Z]*c|--command|-C|--init-command)$/;

export function nestedDialectFindings(facts: Facts, parse: (text: string) => Facts, out: FindingDraft[]): void {
  for (const sc of facts.commands) {
    const argv = sc.argv;
    for (let k = 0; k < argv.length; k++) {
      const shell = shellOf(argv[k] as Word);
      if (shell === null) continue;
      let f = k + 1;
      while (f < argv.length && !SCRIPT_FLAG.test((argv[f] as Word).value) && (argv[f] as Word).value.startsWith("-")) f++;
      const script = argv[f + 1];
      if (f >= argv.length || script === undefined || !SCRIPT_FLAG.test((argv[f] as Word).value) || script.dynamic !== null) continue;
      if (differs(shell, script.value, parse)) {
        out.push({ id: "shell/unsupported-syntax", message: `This ${shell} script in a string uses ${shell}'s own syntax, which the analysis reads as bash; put it in a file, or check it on its own with --dialect ${shell}.`, start: script.start, end: script.end });
      }
      break;
    }
  }
}

function shellOf(w: Word): "zsh" | "fish" | null {
  const name = w.value.slice(w.value.lastIndexOf("/") + 1);
  return name === "zsh" || name === "fish" ? name : null;
}

function differs(shell: "zsh" | "fish", script: string, parse: (text: string) => Facts): boolean {
  if (shell === "fish") return translateFish(script) !== script;
  const read = readZsh(script, parse);
  return read.findings.length > 0 || read.facts.source !== script;
}
