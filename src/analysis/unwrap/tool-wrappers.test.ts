/**
 * The process tools and project runners of tool-wrappers.ts through the real analyze(): each,
 * with the options people give it, runs the command after it (its findings, in guard mode too);
 * a project runner is never read-only (it may install or sync its environment first); what is not
 * a run of a command stays unwrapped.
 */

import { describe, expect, it } from "vitest";
import { run, verify, type Row } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

/** `%` is the wrapped command. */
const FORMS = [
  "setpriv %", "setpriv --reuid 0 --regid 0 --init-groups %", "prlimit --nofile=100 %", "prlimit -n100 %", "chpst -u nobody %", "cgexec -g cpu:grp %",
  "sshpass -p pw %", "sshpass -e %", "ssh-agent %", "ssh-agent -t 60 %", "dbus-launch --exit-with-session %", "rlwrap %", "rlwrap -a -c %",
  "schroot -c sid -- %", "bwrap --bind / / %", "bwrap --ro-bind /usr /usr --dev /dev --proc /proc --unshare-all -- %", "entr %", "entr -r %", "xterm -e %",
  "uv run %", "uv run --with x %", "poetry run %", "pipenv run %", "pdm run %", "bundle exec %", "pyenv exec %", "rbenv exec %", "conda run -n env %",
  "mamba run -n env %", "mise exec -- %", "mise x node@20 -- %", "direnv exec . %", "doppler run -- %", "op run --env-file .env -- %", "nix develop -c %", "nix shell nixpkgs#hello -c %",
];
const SHELL_STRINGS = ["entr -s '%'", "nix-shell -p hello --run '%'", "nix-shell --command '%'"];

const TABLE: Row[] = [
  ...[...FORMS, ...SHELL_STRINGS].map((f): Row => [f.replace("%", "rm -rf ~"), [RM, HOME], "has", true]),
  ...["uv run pytest", "poetry run python app.py", "bundle exec rake test", "uv pip install x", "nix build", "xterm", "conda run -n env python x.py", "ssh-agent -s",
    "setpriv --dump", "direnv allow", "mise install"].map((c): Row => [c, [], "none", true]),
];

describe("tool wrappers: the wrapped command's findings", () => {
  it.each(TABLE.map((r) => [r[0], r] as const))("%s", (_title, row) => verify(row));
});

describe("tool wrappers: what the engine sees", () => {
  it.each(FORMS)("%s runs the inner command", (form) => {
    expect(run(form.replace("%", "touch notes.txt")).commands.some((c) => c.argv[0] === "touch"), form).toBe(true);
  });
  it.each(["uv run ls", "poetry run ls", "bundle exec ls", "conda run -n e ls", "nix develop -c ls", "direnv exec . ls"])("%s is not read-only (the runner may set up its environment)", (cmd) => {
    expect(run(cmd).readOnly).toBe(false);
  });
});
