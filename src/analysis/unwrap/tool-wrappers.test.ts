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
  "sshpass -p pw %", "sshpass -e %", "ssh-agent %", "ssh-agent -t 60 %", "dbus-launch --exit-with-session %", "rlwrap %", "rlwrap -a -c %", "rlwrap -a %", "rlwrap -aPassword: %", "rlwrap -p %", "rlwrap -pRed -m %", "rlwrap -S '> ' %", "rlwrap -f words.txt %",
  "schroot -c sid -- %", "bwrap --bind / / %", "bwrap --ro-bind /usr /usr --dev /dev --proc /proc --unshare-all -- %", "entr %", "entr -r %", "xterm -e %",
  "uv run %", "uv run --with x %", "poetry run %", "pipenv run %", "pdm run %", "bundle exec %", "pyenv exec %", "rbenv exec %", "conda run -n env %",
  "mamba run -n env %", "mise exec -- %", "mise x node@20 -- %", "direnv exec . %", "doppler run -- %", "infisical run -- %", "infisical run --env=dev -- %", "aws-vault exec prod -- %", "aws-vault exec prod %",
  "aws-vault exec --no-session prod -- %", "aws-vault exec -d 1h prod %", "op run --env-file .env -- %", "nix develop -c %", "nix shell nixpkgs#hello -c %",
  // package runners: a package's command, or any command on PATH
  "npx %", "npx -y %", "npx --yes -p pkg %", "npm exec -- %", "npm exec --yes -- %", "npm x -- %", "pnpm exec %", "pnpm dlx %", "yarn exec %", "yarn dlx %", "bunx %",
  "bun x %", "uvx %", "uvx --from pkg %", "pipx run %",
  // profilers, personalities, limits, host and container bridges
  "perf stat %", "perf stat -e cycles -- %", "perf stat -r 5 -a %", "perf record -g %", "perf record --call-graph dwarf -o out.data -- %", "perf trace %", "perf trace record %",
  "perf sched record %", "setarch x86_64 %", "setarch x86_64 -R %", "setarch -R x86_64 %", "setarch $(uname -m) --addr-no-randomize %", "linux64 %", "linux32 -R %", "i386 %",
  "x86_64 -R %", "faketime '2020-01-01 10:00' %", "faketime -f '+2d' %", "cpulimit -l 50 -- %", "cpulimit -l 50 %", "cpulimit --limit=20 -i %", "systemd-inhibit %",
  "systemd-inhibit --what=sleep --why=backup %", "flatpak-spawn --host %", "flatpak-spawn --host --env=A=1 %", "distrobox-host-exec %", "distrobox enter box -- %",
  "distrobox-enter box -- %", "toolbox run %", "toolbox run -c fedora %", "toolbox run --container f %", "proot -r /srv/root %", "proot -0 -b /dev %",
  "fakechroot %", "fakechroot -e debootstrap -c /etc/fc %", "systemd-nspawn -D /srv/c %", "systemd-nspawn -q --bind=/x -D /srv/c %", "machinectl shell .host %", "machinectl shell root@.host %",
  "machinectl --uid=0 shell .host %", "machinectl -q shell --setenv=A=1 box %", "lxc-attach -n c -- %", "lxc-attach --name c --clear-env -- %", "guix shell python -- %", "guix shell -- %",
  // version managers and process-file runners, proxies and schedulers
  "pnpm --shell-mode exec '%'", "pnpm -c exec '%'", "pnpm exec -c '%'", "yarn exec '%'", "bun exec '%'",
  "nvm exec %", "nvm exec 20 %", "nvm exec --silent v18.1.0 %", "nvm exec --lts %", "nvm exec lts/iron %", "nvm exec node %", "fnm exec -- %", "fnm exec --using=20 %", "fnm exec --using 18 -- %",
  "volta run %", "volta run --node 20 %", "volta run --node=20 --npm 10 %", "foreman run %", "foreman run -e .env %", "honcho run %", "honcho run -e dev.env %", "torify %",
  "trickle -d 100 %", "trickle -s -u 50 -d 100 %", "srun %", "srun -n 4 -p debug %", "srun --mem=4G --time 10 %", "srun -N2 --pty %", "envchain aws %", "envchain --noecho aws %",
];
const SHELL_STRINGS = ["entr -s '%'", "nix-shell -p hello --run '%'", "nix-shell --command '%'"];

const TABLE: Row[] = [
  // a package runner's spec names the package's command: rimraf@5 is rimraf
  ...["npx rimraf@5 ~", "npx -y rimraf@latest ~", "bunx rimraf@6.0.1 ~", "pnpm dlx rimraf@5 ~", "yarn dlx rimraf@5 ~", "npm exec --yes -- rimraf@5 ~"].map((c): Row => [c, [HOME], "has", true]),
  ["npx RM -rf ~", [RM, HOME], "has", true],
  // a runner with no command of its own under xargs runs what xargs reads; one whose subcommand is no run runs nothing
  ...["echo x | xargs npm exec", "echo x | xargs uv run", "echo x | xargs npx", "echo x | xargs -I _ npm _ -- ls"].map((c): Row => [c, ["shell/dynamic-command"], "has", true]),
  ...["echo x | xargs -I _ npm uninstall _", "echo x | xargs -I _ uv pip install _"].map((c): Row => [c, [], "none", true]),
  ...[...FORMS, ...SHELL_STRINGS].map((f): Row => [f.replace("%", "rm -rf ~"), [RM, HOME], "has", true]),
  ...["uv run pytest", "poetry run python app.py", "bundle exec rake test", "uv pip install x", "nix build", "xterm", "conda run -n env python x.py", "ssh-agent -s",
    "setpriv --dump", "direnv allow", "mise install", "npx prettier --check .", "npm exec -- eslint .", "pnpm install", "yarn add x", "perf report", "perf list", "perf top",
    "setarch --list", "npm ls", "pipx install x", "toolbox enter", "machinectl list", "machinectl status box", "nvm use 20", "nvm install --lts", "foreman start", "honcho start",
    "fnm use 20", "volta install node", "pnpm exec eslint .", "yarn exec eslint .", "bun exec 'echo hi'", "pnpm -r exec tsc", "guix shell python", "guix install hello", "lxc-attach -n c", "srun -n 4 hostname", "systemd-nspawn -D /srv/c"].map((c): Row => [c, [], "none", true]),
];

describe("tool wrappers: the wrapped command's findings", () => {
  it.each(TABLE.map((r) => [r[0], r] as const))("%s", (_title, row) => verify(row));
});

describe("tool wrappers: what the engine sees", () => {
  it.each(FORMS)("%s runs the inner command", (form) => {
    expect(run(form.replace("%", "touch notes.txt")).commands.some((c) => c.argv[0] === "touch"), form).toBe(true);
  });
  it.each(["uv run ls", "poetry run ls", "bundle exec ls", "conda run -n e ls", "nix develop -c ls", "direnv exec . ls", "perf record ls", "perf stat -o out.txt ls", "systemd-inhibit sleep 5", "npx ls", "npm exec -- ls", "bunx ls", "uvx ls", "pipx run ls", "pnpm dlx ls"])("%s is not read-only (the runner may set up its environment)", (cmd) => {
    expect(run(cmd).readOnly).toBe(false);
  });
});
