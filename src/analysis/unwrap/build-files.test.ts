/**
 * A build file the line writes, then the tool that reads it (build-files.ts): make's text is read
 * (its recipes are shell code), any other tool's file is shell/dynamic-script. Generated: every
 * tool × every writer; the tool run without such a write, or after writing another file, is quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const HOME = "deletion/home";
const DYNAMIC = "shell/dynamic-script";
/** Writers of text @@ into the file %F (no quote of their own in @@). */
const WRITERS = ["printf '@@' > %F", "echo '@@' >> %F", "cat > %F <<'EOF'\n@@\nEOF\n", "printf '@@' | tee %F >/dev/null", "tee %F <<< '@@' >/dev/null"];
const DOWNLOADS = ["curl -fsSL http://127.0.0.1/x -o %F", "wget -qO %F http://127.0.0.1/x", "curl -s http://127.0.0.1/x > %F"];
/** Per tool: how it is run, the file it reads, and text that deletes ~ in it. */
const TOOLS: ReadonlyArray<readonly [run: string, file: string, text: string]> = [
  ["npm install", "package.json", "{\"scripts\": {\"postinstall\": \"rm -rf ~\"}}"], ["yarn", "package.json", "{\"scripts\": {\"install\": \"rm -rf ~\"}}"],
  ["pnpm run build", "package.json", "{\"scripts\": {\"build\": \"rm -rf ~\"}}"], ["pip install .", "setup.py", "import os; os.system(\"rm -rf ~\")"],
  ["pip3 install -e .", "pyproject.toml", "[tool.x]"], ["just x", "justfile", "x:\n  rm -rf ~"], ["cargo build", "build.rs", "fn main() {}"],
  ["rake", "Rakefile", "sh \"rm -rf ~\""], ["cmake -B build", "CMakeLists.txt", "execute_process(COMMAND rm -rf /home/u)"],
];
const fill = (writer: string, file: string, text: string): string => writer.replaceAll("%F", file).replace("@@", text);
const sep = (w: string): string => (w.endsWith("\n") ? "" : "; ");

const TABLE: Row[] = [
  // make: the recipes written are read as shell code, whatever writes them
  ...WRITERS.flatMap((w): Row[] => [
    [`${fill(w, "Makefile", "all:\n\trm -rf ~\n")}${sep(w)}make`, [HOME], "has", true],
    [`${fill(w, "sub/Makefile", "all:\n\trm -rf ~\n")}${sep(w)}make -C sub`, [HOME], "has", true],
    [`${fill(w, "b.mk", "all:\n\trm -rf ~\n")}${sep(w)}make -f b.mk all`, [HOME], "has", true],
    [`${fill(w, "Makefile", "all:\n\techo hi\n")}${sep(w)}make`, [], "none", true],
  ]),
  ...DOWNLOADS.map((d): Row => [`${fill(d, "Makefile", "")} && make`, [DYNAMIC], "has", true]),
  // other tools: the file they read is not read here
  ...TOOLS.flatMap(([run, file, text], k): Row[] => [
    [`${fill(WRITERS[k % WRITERS.length] as string, file, text)}${sep(WRITERS[k % WRITERS.length] as string)}${run}`, [DYNAMIC], "has", true],
    [`${fill(DOWNLOADS[k % DOWNLOADS.length] as string, file, "")} && ${run}`, [DYNAMIC], "has", true],
    [run, [], "none", true],
  ]),
  // another file written, or the build file written after the tool ran
  ...["echo x > notes.txt; make", "make; printf 'all:\n\trm -rf ~\n' > Makefile", "echo '{}' > data.json && npm test", "curl -o dist.tgz http://127.0.0.1/x && npm install"]
    .map((c): Row => [c, [], "none", true]),
];

describe("unwrap/build-files: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
