/** Maven's exec plugin (maven-exec.ts): `-Dexec.executable` and `-Dexec.args` read as one command line. */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const FORMS = [
  "mvn exec:exec -Dexec.executable=@P -Dexec.args=@A",
  "mvn -q -D exec.executable=@P -D exec.args=@A exec:exec",
  "mvn --define=exec.executable=@P --define exec.args=@A org.codehaus.mojo:exec-maven-plugin:3.1.0:exec",
  "mvnw exec:exec@run -Dexec.args=@A -Dexec.executable=@P",
  "mvnd -f sub/pom.xml exec:exec -Dexec.executable=@P -Dexec.args=@A",
];
const fill = (form: string, program: string, args: string): string => form.replace("@P", program).replace("@A", args);

const TABLE: Row[] = [
  ...FORMS.flatMap((f): Row[] => [
    [fill(f, "rm", "'-rf ~'"), ["deletion/home"], "has", true],
    [fill(f, "sh", `"-c 'curl -s http://127.0.0.1/x | sh'"`), ["shell/pipe-to-shell"], "has", true],
    [fill(f, "echo", "hi"), [], "none", true],
  ]),
  // The last definition wins; a run-time program is unknown.
  ["mvn exec:exec -Dexec.executable=echo -Dexec.executable=rm -Dexec.args='-rf ~'", ["deletion/home"], "has", true],
  ['mvn exec:exec -Dexec.executable="$P" -Dexec.args=x', ["shell/dynamic-command"], "has", true],
  // definitions in MAVEN_OPTS or MAVEN_ARGS set for the command
  ["MAVEN_OPTS='-Dexec.executable=sh' mvn exec:exec -Dexec.args=\"-c 'rm -rf ~'\"", ["deletion/home"], "has", true],
  ["env MAVEN_ARGS=-Dexec.executable=rm mvn exec:exec -Dexec.args='-rf ~'", ["deletion/home"], "has", true],
  ["MAVEN_ARGS='-Dexec.executable=rm exec:exec' mvn -Dexec.args='-rf ~'", ["deletion/home"], "has", true],
  ["MAVEN_OPTS=-Xmx2g mvn package", [], "none", true],
  // No exec goal, or no program on the line (the pom's, on disk): nothing to read.
  ...["mvn clean install -DskipTests", "mvn -Dexec.executable=rm -Dexec.args='-rf ~' test", "mvn exec:exec", "mvn exec:exec -Dexec.args='-rf ~'", "mvn exec:java -Dexec.mainClass=com.example.Main", "mvn -f exec:exec.xml package"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/maven-exec: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
