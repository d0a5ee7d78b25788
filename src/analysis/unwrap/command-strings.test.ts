/**
 * Command strings (command-strings.ts): `watch 'cmd'`, `ssh host 'cmd'`, `man -P 'cmd'`.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

const TABLE: Row[] = [
  // the string runs through a shell (watch: sh -c; ssh: the remote shell; man: the pager)
  ["watch -n 1 'rm -rf ~'", [RM, HOME]],
  ["watch rm -rf ~", [RM, HOME]],
  ["ssh host 'rm -rf ~'", [RM, HOME]],
  ["ssh -p 22 -i key host rm -rf '~'", [RM, HOME]],
  ["ssh host -t 'rm -rf ~'", [RM, HOME]],
  ["man -P 'rm -rf ~' ls", [RM, HOME]],
  // autossh takes ssh's options (its own -M PORT apart); mosh runs the words on the host, --ssh here; rsync's --rsync-path on the host
  ...["autossh -M 0 host 'rm -rf ~'", "autossh -M 20000 -f host rm -rf '~'", "autossh -M0 -t host 'rm -rf ~'", "mosh host -- sh -c 'rm -rf ~'", "mosh host rm -rf '~'", "mosh -p 60001 u@host -- rm -rf '~'",
    "mosh --ssh='rm -rf ~' host", "mosh --server='rm -rf ~' host", "rsync -av a host:b --rsync-path 'rm -rf ~'", "rsync -av --rsync-path='rm -rf ~' a host:b"]
    .flatMap((c): Row[] => [[c, [RM, HOME]], [c, [RM, HOME], "has", true]]),
  ...["autossh -M 0 -f -N -L 8080:localhost:80 host", "autossh -M 0 host uptime", "mosh host", "mosh -p 60001 host -- tmux attach", "mosh --ssh='ssh -p 2222' host", "rsync -av --rsync-path='sudo rsync' a host:b"]
    .map((c): Row => [c, [], "none", true]),
  // npm's script shell, a secrets runner's --command
  ...["npm run build --script-shell='rm -rf ~'", "npm test --script-shell 'rm -rf ~'", "npx --script-shell='rm -rf ~' -c 'eslint .'", "doppler run --command='rm -rf ~'",
    "doppler run -p web --command 'rm -rf ~'", "infisical run --command 'rm -rf ~'", "infisical run --env=prod --command='rm -rf ~'"]
    .flatMap((c): Row[] => [[c, [RM, HOME]], [c, [RM, HOME], "has", true]]),
  ["npm run build --script-shell=\"$SH\"", ["shell/dynamic-script"], "has", true],
  // harmless commands stay harmless
  ...["npm test --script-shell=/bin/bash", "npm run build -- --script-shell='rm -rf ~'", "doppler run --command 'ls -la'", "doppler secrets get X --plain", "infisical run -- npm start"]
    .map((c): Row => [c, [], "none", true]),
  ["ssh host uptime", [], "none"],
  ["watch -n 5 df -h", [], "none"],
];

describe("unwrap/command-strings: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
