/** Interpreters other than shells (python, perl, node, ...): code they run that cannot be seen. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { UnwrapResult, Unwrapper } from "./types.js";
import { wholeDynamic } from "./strings.js";
import { INTERPRETERS, SHELLS } from "./wrappers.js";

export const interpreterUnwrapper: Unwrapper = {
  name: "interpreter",
  commands: [...INTERPRETERS].filter((n) => !SHELLS.has(n)),
  unwrap: (v, e) => interpreterCode(v, e.at, e.out),
};

/** The option that takes inline code, per interpreter family. */
const CODE_OPTION: Readonly<Record<string, RegExp>> = { python: /^-[A-Za-z]*c$/, perl: /^-[A-Za-z]*[eE]$/, ruby: /^-[A-Za-z]*e$/, node: /^(?:-[A-Za-z]*[ep]|--eval|--print)$/, php: /^-[A-Za-z]*r$/, lua: /^-[A-Za-z]*e$/ };

/**
 * `python3 -c "$(curl ...)"`, `perl -e "$CODE"`, `node <(curl ...)`: an interpreter running code
 * that cannot be seen before it runs (its own code strings are not analysed here).
 */
function interpreterCode(view: CommandView, at: (w: Word) => [number, number], out: UnwrapResult): void {
  const family = /^python/.test(view.name) ? "python" : view.name;
  const code = CODE_OPTION[family];
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const inline = code !== undefined && code.test(view.args[k - 1] as string) && k > 1;
    if ((inline && wholeDynamic(w)) || (w.dynamic !== null && /^<\(/.test(w.value))) {
      out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs code from '${w.value}', which cannot be seen before it runs. Save it to a file and read it first.`, start: at(w)[0], end: at(w)[1] });
      return;
    }
    if (!w.value.startsWith("-") && !inline) return;
  }
}
