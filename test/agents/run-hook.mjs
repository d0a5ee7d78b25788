// Runs `shellguard agent-hook <argv...>` from the built library (dist/agents/index.js) with this
// process's own streams, as the CLI does: the tests spawn this file, so every hook answer they
// check went through a real process (stdin pipe, stdout, stderr, exit code).
import { runAgentHookCommand } from "../../dist/agents/index.js";

process.exitCode = await runAgentHookCommand(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
