/**
 * git (git.ts): `-c key=cmd`, `!` aliases, `submodule foreach`, `rebase --exec`, `bisect run`.
 * ESLint-style: `input → finding ids` through the real analyze().
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";

const TABLE: Row[] = [
  // every place git runs shell code from
  ["git -c alias.x='!rm -rf ~' x", [RM, HOME]],
  ["git -c core.pager='rm -rf ~' log", [RM, HOME]],
  ["git -c core.sshCommand='rm -rf ~' fetch", [RM, HOME]],
  ["git -c diff.external='rm -rf ~' diff", [RM, HOME]],
  ["git submodule foreach 'rm -rf ~'", [RM, HOME]],
  ["git submodule foreach --recursive rm -rf '~'", [RM, HOME]],
  ["git rebase -x 'rm -rf ~' main", [RM, HOME]],
  ["git rebase --exec='rm -rf ~' main", [RM, HOME]],
  ["git bisect run rm -rf ~", [RM, HOME]],
  // several words are an argv that keeps its bounds: `sh -c 'rm -rf ~'` is not `sh -c rm`
  ...["git bisect run %", "git submodule foreach %", "git submodule foreach --recursive %", "git -c alias.x='!env' x %"]
    .flatMap((f) => ["sh -c 'rm -rf ~'", "bash -c \"rm -rf ~\"", "env sh -c 'rm -rf ~'", "sudo sh -c 'rm -rf ~'"].map((c): Row => [f.replace("%", c), [RM, HOME]])),
  ["git -c alias.x='!sh -c' x 'rm -rf ~'", [RM, HOME]],
  // git's other commands that run a program on the far side
  ["git send-pack --receive-pack='rm -rf ~' h:r", [RM, HOME]],
  ["git send-pack --exec='rm -rf ~' h:r", [RM, HOME]],
  ["git fetch-pack --upload-pack='rm -rf ~' h:r", [RM, HOME]],
  ["git bisect run make test", [], "none"],
  ["git submodule foreach git pull", [], "none"],
  // other config keys are not commands
  ["git -c color.ui=always log", [], "none"],
  ["git -c core.pager=less log", [], "none"],
  // more keys that run a program, and clone's own -c/--config (second red-team pass)
  ...["git -c interactive.diffFilter=@ add -p", "git -c sendemail.sendmailcmd=@ send-email --to=a x.patch", "git -c sendemail.tocmd=@ send-email x.patch",
    "git -c gpg.format=ssh -c gpg.ssh.defaultKeyCommand=@ commit -S -m x", "git clone -c core.sshCommand=@ ssh://h/r", "git clone --config core.sshCommand=@ ssh://h/r",
    "git clone --config=core.fsmonitor=@ https://h/r", "git clone --depth 1 -c core.pager=@ https://h/r"]
    .flatMap((c): Row[] => [[c.replace("@", "'rm -rf ~'"), ["deletion/home"], "has", true], [c.replace("@", "'cat'"), [], "none", true]]),
  ...["git clone -c user.name=x https://h/r", "git clone --config=http.sslVerify=true https://h/r"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/git: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
