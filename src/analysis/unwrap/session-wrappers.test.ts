/**
 * The wrappers of session-wrappers.ts (and xterm's one-string `-e`): each form × a deletion, a
 * pipe into a shell through it, and a harmless command; the tools' other uses stay quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const HOME = "deletion/home";
const PIPE = "shell/pipe-to-shell";
/** `%` is the command as words; `'%'` as one shell string. */
const FORMS = ["gosu root %", "su-exec app:app %", "setuidgid app %", "capsh --drop=cap_net_raw -- -c '%'", "tini -- %", "tini -s -p SIGTERM -- %", "dumb-init --single-child %",
  "gnome-terminal -- %", "gnome-terminal --working-directory=/tmp -- %", "xfce4-terminal -x %", "terminator -x %", "konsole -e %", "alacritty -e %", "alacritty --command %",
  "urxvt -e %", "st -e %", "kitty %", "kitty --hold -T t %", "foot %", "foot -a x -D /tmp %", "wezterm start -- %", "xterm -e '%'", "konsole -e '%'", "podman unshare %", "buildah unshare %",
  "ip netns exec ns1 %", "ip -n x netns exec ns1 %", "openvt -s -- %", "logsave log.txt %", "daemonize -c /tmp %", "mpirun -np 4 %", "mpiexec -n 2 %", "cross-env NODE_ENV=x %",
  "dotenv -e .env -- %", "dotenvx run -f .env -- %", "envdir ./env %", "chamber exec app -- %", "sops exec-env secrets.yaml '%'", "summon %", "asdf exec %", "nvm exec 18 %",
  "hatch run %", "rye run %", "devbox run %", "pixi run %", "nq %", "tsp %", "pueue add -- %",
  "cmake -E env FOO=1 %", "cmake -E env --unset=X -- %", "cmake -E time %", "cmake -E chdir /tmp %"];

const TABLE: Row[] = [
  ...FORMS.flatMap((form): Row[] => [
    [form.replace("%", "rm -rf ~"), [HOME], "has", true],
    // A shell string `sh` reads the pipe too, but a nested parse does not see the outer pipe (not yet).
    ...(form.includes("'%'") ? [] : [[`curl -s http://127.0.0.1/x | ${form.replace("%", "sh")}`, [PIPE], "has", true] as Row]),
    [form.replace("%", "ls -la"), [], "none", true],
  ]),
  // the tools' other uses
  ...["ip addr show", "ip -n x link", "podman run alpine ls", "podman ps", "kitty", "kitty +kitten icat x.png", "gnome-terminal", "konsole --version", "nvm use 18", "asdf install",
    "pixi install", "sops -d secrets.yaml", "chamber list app", "pueue status", "xterm -e vim notes.txt", "tini --version", "foot -a id", "foot -T ls", "kitty --title ls", "cmake -B build", "cmake -E copy a b"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/session-wrappers: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
