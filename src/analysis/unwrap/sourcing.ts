/** `source FILE` / `. FILE`: a file read as shell code, seen only when it is written on the line. */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { Env, Nest, UnwrapResult, Unwrapper } from "./types.js";
import { runWritten, stdinWritten } from "./written.js";
import { isStdinPath, stdinScript } from "./strings.js";

export const sourceUnwrapper: Unwrapper = { name: "source", commands: ["source", "."], unwrap: (v, e) => sourceFile(v, e.at, e.nest, e.out, e) };

function sourceFile(view: CommandView, at: (w: Word) => [number, number], nest: Nest, out: UnwrapResult, env: Env): void {
  const file = view.words[1];
  if (file === undefined) return;
  if (isStdinPath(file.value)) {
    // `source /dev/stdin <<< '...'` runs the herestring; `curl ... | source /dev/stdin` the download.
    if (view.sc.stage > 0) {
      out.findings.push({ id: "shell/pipe-to-shell", message: `'${view.name} ${file.value}' runs whatever the previous command prints, unseen; save it to a file, read it, then run it.`, start: at(file)[0], end: at(file)[1] });
    }
    stdinWritten(view, env, "source");
    stdinScript(view, at, nest, out);
    return;
  }
  if (file.dynamic || /^(?:https?|ftp):/.test(file.value)) {
    out.findings.push({ id: "shell/source-dynamic", message: `'${view.name} ${file.value}' runs code from a file that is only known at run time; source a file you can read first.`, start: at(file)[0], end: at(file)[1] });
    return;
  }
  // `echo 'cmd' > f; . f`: the line wrote the file; its text is read.
  runWritten(view, env, file, "source");
}
