/**
 * Issue 15 item 3 through the real CLI in guard mode: interpreter one-liners that run or delete
 * something ask (or deny), their plain uses stay allowed. One `check --batch` run for the table.
 */

import { afterAll, describe, expect, it } from "vitest";
import { batchDecisions, sandbox } from "./helpers.js";

const RUNS_OR_DELETES = [
  "python3 -c 'import shutil; shutil.rmtree(\"/home\")'", "python -c 'import os; os.system(\"rm -rf ~\")'",
  "node -e 'require(\"child_process\").execSync(\"rm -rf ~\")'", "perl -e 'system(\"rm -rf ~\")'", "awk 'BEGIN{system(\"rm -rf ~\")}'",
  "scp -S ./evil a host:b", "python3 <<'PY'\nimport os\nos.system(\"rm -rf ~\")\nPY", "ruby -e '%x(rm -rf ~)'", "php -r 'system(\"rm -rf ~\");'",
  "python3 -c 'exec(__import__(\"base64\").b64decode(\"eA==\"))'",
];
const QUIET = [
  "python3 -c 'print(1)'", "node -e 'console.log(1)'", "awk '{print $1}' f", "python3 script.py", "perl -ne 'print if /x/' f",
  "awk -F: '{print $1}' /etc/passwd", "node -p 'process.version'", "ruby -e 'puts 1'",
];

const sb = sandbox();
afterAll(() => sb.cleanup());

describe("guard mode reads interpreter one-liners (issue 15 item 3)", async () => {
  const commands = [...RUNS_OR_DELETES, ...QUIET];
  const r = await batchDecisions(sb, commands, { args: ["--mode", "guard", "--json"] });
  const decisions = new Map(r.decisions.map((d, k) => [commands[k] as string, d]));

  it.each(RUNS_OR_DELETES)("asks: %s", (c) => expect(decisions.get(c), c).toMatch(/^(?:ask|deny)$/));
  it.each(QUIET)("allows: %s", (c) => expect(decisions.get(c), c).toBe("allow"));
});
