/**
 * Maven's exec plugin given its program on the command line: `mvn exec:exec -Dexec.executable=rm
 * -Dexec.args='-rf ~'` runs `rm -rf ~`, also with the definitions in MAVEN_OPTS or MAVEN_ARGS set
 * for the command. The program and its arguments are read as one command line.
 * Without `exec.executable` on the line the program is the project's pom.xml's, on disk for anyone
 * to read (like a Makefile), and nothing is read here.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { inheritFrom, type Env, type Unwrapper } from "./types.js";
import { variables } from "./script-files.js";

export const mavenExecUnwrapper: Unwrapper = { name: "maven-exec", commands: ["mvn", "mvnw", "mvnd", "mvn.cmd", "mvnw.cmd"], unwrap: (v, e) => mavenExec(v, e) };

/** The goal: `exec:exec`, the plugin's full or versioned name, an execution id (`exec:exec@run`). */
const EXEC_GOAL = /^(?:exec|(?:org\.codehaus\.mojo:)?exec-maven-plugin(?::[^:@]+)?):exec(?:@[\w.-]+)?$/;
/** Options taking the next word as their value (Maven's CLI): skipped so a value is no goal. */
const VALUED = /^(?:-(?:f|s|gs|t|gt|l|pl|rf|P|T|b|c|ep|emp|D)|--(?:file|settings|global-settings|toolchains|global-toolchains|log-file|projects|resume-from|activate-profiles|threads|builder|color|encrypt-password|encrypt-master-password|define))$/;

function mavenExec(view: CommandView, env: Env): void {
  const args = view.args;
  let goal = false;
  const defines = new Map<string, { value: string; word: Word }>();
  // MAVEN_ARGS (extra command-line arguments, Maven 3.9) and MAVEN_OPTS (the JVM's, where -D sets
  // the same properties) set for the command: their -D definitions come first.
  for (const value of variables(view, ["MAVEN_OPTS", "MAVEN_ARGS"])) {
    for (const d of value.value.split(/\s+/)) {
      const eq = d.indexOf("=");
      if (d.startsWith("-D") && eq > 2) defines.set(d.slice(2, eq), { value: d.slice(eq + 1), word: value });
      else if (EXEC_GOAL.test(d)) goal = true;
    }
  }
  for (let k = 1; k < args.length; k++) {
    const a = args[k] as string;
    let define: string | undefined;
    let word = view.words[k] as Word;
    if (/^(?:-D|--define)$/.test(a)) {
      define = args[k + 1];
      word = (view.words[k + 1] as Word | undefined) ?? word;
      k++;
    } else if (a.startsWith("-D")) define = a.slice(2);
    else if (a.startsWith("--define=")) define = a.slice(9);
    else if (VALUED.test(a)) k++;
    else if (EXEC_GOAL.test(a)) goal = true;
    if (define === undefined) continue;
    const eq = define.indexOf("=");
    // The last definition of a property wins.
    if (eq > 0) defines.set(define.slice(0, eq), { value: define.slice(eq + 1), word });
  }
  const program = defines.get("exec.executable");
  if (!goal || program === undefined || program.value === "") return;
  const list = defines.get("exec.args");
  // The plugin splits exec.args on blanks, honouring quotes: a shell's reading of the same text.
  const line = list === undefined ? program.value : `${program.value} ${list.value}`;
  const at = env.at(program.word);
  const end = list === undefined ? at : env.at(list.word);
  env.nest(line, [Math.min(at[0], end[0]), Math.max(at[1], end[1])], inheritFrom(view));
}
