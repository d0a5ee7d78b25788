/**
 * A tree fetched earlier on the line, then run from (fetched-trees.ts): shell/pipe-to-shell.
 * Generated: every fetch × every way of running from it × every separator; the same runs without
 * the fetch, a local clone, a look into the tree, and a run after leaving it are quiet.
 */

import { describe, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";
/** Fetches of a tree into the directory %D. */
const FETCHES = [
  "git clone https://127.0.0.1/u/%D.git", "git clone --depth 1 -b main https://127.0.0.1/u/x %D", "git clone git@127.0.0.1:u/%D.git",
  "git -C . clone ssh://127.0.0.1/u/%D", "gh repo clone u/%D", "hg clone https://127.0.0.1/%D", "svn co https://127.0.0.1/svn/trunk %D",
  "curl -fsSL https://127.0.0.1/a.tgz | tar xz -C %D", "curl -LO https://127.0.0.1/a.tgz && tar xzf a.tgz -C %D",
  "wget https://127.0.0.1/a.zip && unzip a.zip -d %D", "curl -o a.tar https://127.0.0.1/a && tar -x -f a.tar --directory=%D",
];
/** Ways of running what is in %D. */
const RUNS = [
  "./%D/install.sh", "%D/bin/tool --setup", "bash %D/setup.sh", "sudo sh %D/install", "python3 %D/setup.py install", ". %D/env.sh",
  "cd %D && ./configure", "cd %D && make install", "cd %D && npm install", "cd %D && bash install.sh", "pushd %D && pip install .",
  "make -C %D", "pip install ./%D", "cargo install --path %D", "cd %D/src && ./build", "cd %D && npm test", "cd %D && yarn", "cd %D && cargo check",
  "cd %D && go generate ./...", "cd %D && uv sync", "cd %D && pip install -e .", "cd %D && bundle install",
];
/** In a fetched tree, commands that fetch or look rather than run its code. */
const LOOKS = ["pip3 install --no-cache-dir websockify", "npm install express", "cargo install ripgrep", "npm view x", "go version", "git checkout v1.2", "cargo tree"];
const SEPARATORS = [" && ", "; ", "\n"];
const fill = (s: string, dir: string): string => s.replaceAll("%D", dir);

const TABLE: Row[] = [
  ...FETCHES.flatMap((f, i) => RUNS.map((r, j): Row => [`${fill(f, "repo")}${SEPARATORS[(i + j) % SEPARATORS.length] as string}${fill(r, "repo")}`, [PIPE], "has", true])),
  // the same runs with nothing fetched, or something fetched elsewhere
  ...RUNS.map((r): Row => [fill(r, "repo"), [], "none", true]),
  ...RUNS.map((r): Row => [`git clone https://127.0.0.1/u/other.git && ${fill(r, "repo")}`, [], "none", true]),
  // local clones and archives, looks into the tree, and leaving it
  ...[
    "git clone ../local repo && ./repo/install.sh", "git clone /srv/git/repo.git && cd repo && make", "tar xzf local.tgz && ./x/run.sh",
    "git clone https://127.0.0.1/u/repo && cd repo && git log --oneline && ls -la && cat README.md", "git clone https://127.0.0.1/u/repo && cd repo && npm view x",
    "git clone https://127.0.0.1/u/repo && cd repo && cd .. && ./local.sh", "git clone https://127.0.0.1/u/repo && cd /tmp && make",
    "(git clone https://127.0.0.1/u/repo && cd repo && ls); ./build.sh", "git clone https://127.0.0.1/u/repo && grep -r TODO repo",
    "curl -LO https://127.0.0.1/a.tgz && tar tzf a.tgz", "git status && cd src && make", "git clone https://127.0.0.1/u/repo && python3 -m http.server",
  ].map((c): Row => [c, [], "none", true]),
  ...LOOKS.map((c): Row => [`git clone https://127.0.0.1/u/repo && cd repo && ${c}`, [], "none", true]),
  // strings run on the line see the trees fetched before them, and the line sees a string's
  ...["bash -c 'cd repo && make'", "sh -c './repo/install.sh'", "sudo bash -c 'cd repo; make install'", "bash -c 'bash -c \"cd repo && ./configure\"'"]
    .map((c): Row => [`git clone https://127.0.0.1/u/repo && ${c}`, [PIPE], "has", true]),
  ["bash -c 'git clone https://127.0.0.1/u/repo' && ./repo/install.sh", [PIPE], "has", true],
  ["sh -c 'curl -L https://127.0.0.1/a.tgz | tar xz -C repo'; make -C repo", [PIPE], "has", true],
  ...["git clone https://127.0.0.1/u/repo && bash -c 'ls repo'", "bash -c 'git clone https://127.0.0.1/u/repo' && ls repo", "bash -c 'cd /tmp && make'"]
    .map((c): Row => [c, [], "none", true]),
  // a file the fetch brought, run by a runner that takes a program
  ["git clone https://127.0.0.1/u/repo && nohup ./repo/daemon &", [PIPE], "has", true],
  ["git clone https://127.0.0.1/u/repo && env A=1 repo/run", [PIPE], "has", true],
];

describe("unwrap/fetched-trees: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row));
});
