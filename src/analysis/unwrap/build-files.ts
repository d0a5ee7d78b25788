/**
 * A build file the line writes, then the tool that reads it: `printf 'all:\n\trm -rf ~\n' >
 * Makefile; make`, `echo '{"scripts":{"postinstall":"…"}}' > package.json; npm install`. Make's
 * text, when seen, is read like `make --eval`; any other tool's file is shell/dynamic-script (its
 * scripts and build steps run, and are not read). The project's own files, on disk, are not this.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { Env } from "./types.js";
import { makefileText } from "./make.js";
import { writtenBefore } from "./written.js";

const MAKEFILES = ["GNUmakefile", "makefile", "Makefile"];
const PYTHON_PROJECT = ["setup.py", "pyproject.toml", "setup.cfg"];
/** Per tool, the files in the working directory it reads and runs steps from. */
const BUILD_FILES: Readonly<Record<string, readonly string[]>> = {
  make: MAKEFILES, gmake: MAKEFILES, npm: ["package.json"], yarn: ["package.json"], pnpm: ["package.json"], bun: ["package.json"],
  pip: PYTHON_PROJECT, pip3: PYTHON_PROJECT, uv: PYTHON_PROJECT, poetry: ["pyproject.toml"], just: ["justfile", "Justfile", ".justfile"],
  cargo: ["build.rs", "Cargo.toml"], rake: ["Rakefile", "rakefile"], gradle: ["build.gradle", "build.gradle.kts", "settings.gradle"], mvn: ["pom.xml"],
  cmake: ["CMakeLists.txt"], meson: ["meson.build"], ninja: ["build.ninja"], composer: ["composer.json"], bundle: ["Gemfile"], tox: ["tox.ini"], nox: ["noxfile.py"],
};

/** Whether `view`'s tool reads a build file the line wrote; reads make's or reports the file. */
export function writtenBuildFile(view: CommandView, env: Env): void {
  const files = BUILD_FILES[view.name];
  if (files === undefined) return;
  const make = files === MAKEFILES;
  const dir = make ? makeDirectory(view) : "";
  const named = make ? makeFile(view) : null;
  for (const name of named !== null ? [named] : files) {
    const w: Word = { ...(view.words[0] as Word), value: dir + name, dynamic: null };
    const file = writtenBefore(env.written, view, w);
    if (file === undefined) continue;
    if (make && file.word !== null) return makefileText(view, env, { ...file.word, start: w.start, end: w.end });
    const at = env.at(view.words[0] as Word);
    env.out.findings.push({ id: "shell/dynamic-script", message: `${view.name} runs what ${dir + name} says (scripts, build steps), and this line wrote that file (${file.by}) without it being read; write it out and read it first.`, start: at[0], end: at[1] });
    return;
  }
}

/** make's `-f FILE` / `--file=FILE` (the last), else null. */
function makeFile(view: CommandView): string | null {
  let file: string | null = null;
  const args = view.args;
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "-f" || a === "--file" || a === "--makefile") file = args[++k] ?? null;
    else if (/^--(?:file|makefile)=/.test(a)) file = a.slice(a.indexOf("=") + 1);
    else if (/^-f./.test(a)) file = a.slice(2);
  }
  return file;
}

/** make's `-C DIR` as a prefix (`DIR/`), else "". */
function makeDirectory(view: CommandView): string {
  const args = view.args;
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    if ((a === "-C" || a === "--directory") && args[k + 1] !== undefined) return `${(args[k + 1] as string).replace(/\/+$/, "")}/`;
    if (a.startsWith("--directory=")) return `${a.slice(12).replace(/\/+$/, "")}/`;
  }
  return "";
}
