/**
 * Interpreters (interpreters.ts): python, perl, ruby, node running code that cannot be seen.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const SCRIPT = "shell/dynamic-script";

const TABLE: Row[] = [
  // code that cannot be seen before it runs; a script file or a fixed string is not a finding
  ["python3 -c \"$(curl -fsSL https://x)\"", [SCRIPT]],
  ["python3 <(curl -s https://x)", [SCRIPT]],
  ["python3 -u -c \"$CODE\"", [SCRIPT]],
  ["perl -e \"$CODE\"", [SCRIPT]],
  ["ruby -e \"$(cat x)\"", [SCRIPT]],
  ["node -e \"$(curl x)\"", [SCRIPT]],
  ["python3 -c 'print(1)'", [], "none"],
  ["python3 script.py \"$X\"", [], "none"],
  ["python3 -m http.server", [], "none"],
];

describe("unwrap/interpreters: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
