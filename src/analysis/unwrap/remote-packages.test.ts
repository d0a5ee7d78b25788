/**
 * Packages installed or run from a URL or a repository, or from a file downloaded on the line
 * (remote-packages.ts): every installer's install spellings against every remote spelling of a
 * package; registry names, index URLs and local paths stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { remoteSpec } from "./remote-packages.js";

const REMOTE = "shell/remote-package";

/** Install commands: `§` is the package. */
const PIP = ["pip install §", "pip3 install -U §", "pip install --user §", "pip install -e §", "pip --quiet install §", "python3 -m pip install §", "python -m pip install --upgrade §", "uv pip install §", "uv tool install §", "uv add §", "pipx install §", "pip wheel §", "pip install -i https://pypi.org/simple §"];
const NPM = ["npm install §", "npm i -g §", "npm i --save-dev §", "npm add §", "pnpm add §", "pnpm add -g §", "yarn add §", "yarn global add §", "bun add §", "bun a §", "npm install --prefix tools/x §"];
const SYSTEM = ["dnf install §", "sudo dnf in §", "yum localinstall §", "zypper in §", "rpm -ivh §", "rpm -U §", "sudo rpm --install §"];

const PIP_SPECS = ["git+https://github.com/u/r", "git+ssh://git@github.com/u/r.git", "https://example.com/r/archive/main.zip", "'pkg @ git+https://github.com/u/r'", "hg+https://hg.example.com/r"];
const NPM_SPECS = ["https://example.com/x.tgz", "git+https://github.com/u/r.git", "github:u/r", "u/r", "u/r#dev", "gitlab:u/r", "git@github.com:u/r.git", "x@https://example.com/x.tgz", "bitbucket:u/r"];
const SYSTEM_SPECS = ["https://example.com/x.rpm", "ftp://example.com/x.rpm", "\"https://example.com/x-$(rpm -E %fedora).rpm\""];

const gen = (forms: readonly string[], specs: readonly string[]): Row[] => forms.flatMap((f) => specs.map((s): Row => [f.replace("§", s), [REMOTE], "has", true]));

/** Package runners: the package they fetch and run. */
const RUNNERS: Row[] = ["npx github:u/r", "npx u/r", "npx --yes u/r#main", "npx -p https://example.com/x.tgz x", "npx --package=git+https://github.com/u/r x", "npm exec u/r", "pnpm dlx u/r", "yarn dlx github:u/r", "bunx u/r", "bun x u/r",
  "uvx --from git+https://github.com/u/r tool", "uvx --from=git+https://github.com/u/r tool", "pipx run --spec git+https://github.com/u/r r", "pipx run https://example.com/x.py", "sudo npx github:u/r"]
  .map((c): Row => [c, [REMOTE], "has", true]);

/** Downloaded earlier on the line, then installed. */
const DOWNLOADED: Row[] = ["sudo dpkg -i x.deb", "sudo apt install ./x.deb", "apt-get install -y ./x.deb", "sudo rpm -ivh x.deb", "dnf install ./x.deb", "npm install ./x.deb", "pip install ./x.deb", "gem install ./x.deb"]
  .flatMap((c) => ["curl -fsSLo x.deb https://example.com/x.deb && %", "wget https://example.com/x.deb; %", "curl https://example.com/x > x.deb && %"].map((d): Row => [d.replace("%", c), [REMOTE], "has", true]));

const QUIET: Row[] = [
  "pip install requests", "pip install 'requests>=2'", "pip install -r requirements.txt", "pip install -e .", "pip install ./dist/x.whl", "pip install -i https://test.pypi.org/simple/ x", "pip install --extra-index-url https://download.pytorch.org/whl/cu118 torch",
  "pip install -f https://download.pytorch.org/whl/torch_stable.html torch", "pip download git+https://github.com/u/r", "python3 -m pip install -U pip", "uv pip install -r req.txt", "uv add requests", "pipx install black",
  "npm install", "npm install lodash", "npm i @scope/pkg", "npm i @scope/pkg@2", "npm i ./packages/x", "npm i ../x.tgz", "npm i --prefix tools/x lodash", "npm i -w packages/a lodash", "npm install --registry https://registry.example.com/ x",
  "npm hook add pkg event https://target.example.com/", "yarn add react", "pnpm add -D typescript", "bun add zod", "npx cowsay hi", "npx rimraf@5 dist", "npx @scope/cli init", "pnpm exec tools/x", "bun exec scripts/deploy.sh", "yarn exec scripts/x",
  "cargo install ripgrep", "cargo install --path .", "cargo install --locked --version 1.0 x", "gem install rails", "sudo dnf install nginx", "rpm -qi bash", "rpm -qa", "dpkg -l", "dpkg -i local.deb", "sudo apt install ./local.deb",
  "curl -o x.deb https://example.com/x.deb", "uvx ruff check", "pipx run black .",
].map((c): Row => [c, [], "none", true]);

describe("unwrap/remote-packages: table", () => {
  it.each(cases([...gen(PIP, PIP_SPECS), ...gen(NPM, NPM_SPECS), ...gen(SYSTEM, SYSTEM_SPECS), ...gen(["cargo install --git §", "cargo install --git=§ x"], ["https://github.com/u/r", "ssh://git@github.com/u/r"]), ...RUNNERS, ...DOWNLOADED, ...QUIET]))("%s", (_title, row) => verify(row));
});

describe("unwrap/remote-packages: specs", () => {
  it.each([
    ["git+https://x/y", false, true], ["https://x/y.tgz", false, true], ["github:u/r", false, true], ["git@github.com:u/r", false, true], ["pkg @ https://x", false, true], ["x@git+https://x/y", false, true],
    ["u/r", true, true], ["u/r", false, false], ["u/r.tgz", true, false], ["@scope/x", true, false], ["./x", true, false], ["requests", false, false], ["requests==2.0", false, false], ["lodash@4", true, false], ["file:///x", false, false],
  ] as const)("%s (shorthand %s)", (spec, shorthand, want) => expect(remoteSpec(spec, shorthand)).toBe(want));
});

describe("unwrap/remote-packages: flakes and hook repositories", () => {
  it.each(cases([
    ...["nix run github:u/r", "nix shell github:u/r#x", "nix develop github:u/r", "nix profile install github:u/r", "nix run git+https://example.com/r", "pre-commit try-repo https://github.com/u/hooks", "pre-commit try-repo git@github.com:u/hooks"]
      .map((c): Row => [c, [REMOTE], "has", true]),
    // the flake registry, local flakes, Go modules by version (the module proxy and checksum database stand behind them)
    ...["nix run nixpkgs#hello", "nix shell nixpkgs#jq", "nix develop", "nix run .#app", "pre-commit try-repo ../hooks", "pre-commit run --all-files", "go run ./cmd/x", "go run golang.org/x/tools/cmd/stringer@v0.1.0"]
      .map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});

describe("unwrap/remote-packages: red-team spellings", () => {
  it.each(cases([
    ...["npm --prefix ./app install github:u/r", "pnpm --filter web add u/r", "pnpm -C web add u/r", "pnpm add -w github:u/r", "pip --proxy http://p:3128 install git+https://x/y", "pip install -egit+https://x/y#egg=y",
      "pip3.11 install git+https://x/y", "python3.12 -m pip install git+https://x/y", "nix --extra-experimental-features 'nix-command flakes' run github:u/r", "nix profile add github:u/r",
      "curl -o x.deb https://example.com/x.deb && sudo dpkg -i --force-depends x.deb"].map((c): Row => [c, [REMOTE], "has", true]),
    ...["npm -w web install lodash", "pnpm add -w lodash", "npm --prefix ./app install", "pip3.11 install requests"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});

describe("unwrap/remote-packages: other installers, plugins and requirement lists", () => {
  it.each(cases([
    ...["poetry add git+https://github.com/u/r", "pdm add git+https://example.com/r", "bundle add x --git https://github.com/u/r", "brew install u/tap/tool", "helm plugin install https://github.com/u/helm-x",
      "asdf plugin add x https://github.com/u/asdf-x", "gh extension install u/gh-x", "pip install -r https://example.com/requirements.txt", "pip install --requirement=https://example.com/r.txt",
      "uv run https://example.com/script.py", "uv run --with git+https://example.com/r python"].map((c): Row => [c, [REMOTE], "has", true]),
    ...["poetry add requests", "pdm add httpx", "bundle add rails", "brew install wget", "brew install --cask firefox", "helm install my ./chart", "helm install my https://charts.example/x.tgz",
      "asdf plugin add nodejs", "gh pr list", "gh extension list", "pip install -r requirements.txt", "uv run pytest", "uv run --with requests python x.py"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});

/** Wrappers and places the commands below are seen through (and a shell string): `%` is the command. */
const AROUND = ["sudo %", "env A=1 %", "nohup %", "true && %", "(%)"];
const around = (rows: readonly string[], ids: readonly string[]): Row[] => rows.flatMap((c) => [c, ...AROUND.map((w) => w.replace("%", c)), ...(c.includes("'") ? [] : [`sh -c '${c}'`])]).map((c): Row => [c, ids, ids.length === 0 ? "none" : "has", true]);

describe("unwrap/remote-packages: nix expressions from the network", () => {
  const URLS = ["https://example.com/x.tar.gz", "https://github.com/u/r/archive/main.tar.gz"];
  it.each(cases([
    ...around(URLS.flatMap((u) => [`nix-shell ${u}`, `nix-shell --pure ${u}`, `nix-shell -A dev ${u}`, `nix-build ${u}`, `nix-build --argstr v 1 ${u}`, `nix-shell -I foo=${u}`, `nix-shell -Ifoo=${u} -p hello`, `nix-shell --include=foo=${u}`,
      `nix-env -if ${u}`, `nix-env -i -f ${u}`, `nix-env -i --file=${u}`, `nix-env -f ${u} -iA x`, `nix-env --install --file ${u} x`, `nix-env -uf ${u}`,
      `nix-shell -E 'import (fetchTarball "${u}") {}'`, `nix-shell -E 'import (builtins.fetchTarball { url = "${u}"; })'`, `nix-build --expr 'import (fetchGit { url = "${u}"; })'`]), [REMOTE]),
    // nixpkgs pinned by URL, packages by name, a local shell.nix, queries
    ...around(["nix-shell -p hello", "nix-shell", "nix-shell --pure shell.nix", "nix-shell -p hello -I nixpkgs=https://github.com/NixOS/nixpkgs/archive/abc123.tar.gz", "nix-shell -I nixpkgs=channel:nixos-23.11 -p jq",
      "nix-shell -p hello -I nixpkgs=https://nixos.org/channels/nixos-unstable/nixexprs.tar.xz", "nix-shell -E 'with import <nixpkgs> {}; mkShell { }'", "nix-shell -E 'import (fetchTarball \"https://github.com/NixOS/nixpkgs/archive/x.tar.gz\") {}'",
      "nix-build '<nixpkgs>' -A hello", "nix-build --argstr src https://example.com/x.tar.gz default.nix", "nix-env -iA nixpkgs.hello", "nix-env -i hello", "nix-env -f https://example.com/x.tar.gz -qa", "nix-env -q"], []),
  ]))("%s", (_title, row) => verify(row));
});

describe("unwrap/remote-packages: workspaces, global installs, deno install, ansible", () => {
  it.each(cases([
    ...around([...["https://example.com/x.tgz", "github:u/r", "git+https://github.com/u/r.git", "u/r"].flatMap((s) => [`yarn workspace web add ${s}`, `yarn workspace @s/web add -D ${s}`, `pnpm --filter web add ${s}`, `pnpm --filter=web add ${s}`, `npm -w web install ${s}`, `npm --workspace=web i ${s}`]),
      "yarn global add github:u/r", "pnpm -g add https://example.com/x.tgz", "bun add -g github:u/r", "npm i -g u/r"], [REMOTE]),
    ...around(["https://github.com/u/play", "git@github.com:u/play.git", "ssh://git@example.com/u/play"].flatMap((u) => [`ansible-pull -U ${u}`, `ansible-pull --url=${u}`, `ansible-pull --url ${u} -C dev`, `ansible-pull -U ${u} -C main -i localhost, site.yml`, `ansible-pull -oU ${u}`, `ansible-pull -U${u}`]), [REMOTE]),
    ...around(["ansible-galaxy install git+https://github.com/u/role", "ansible-galaxy role install git+https://github.com/u/role,v1", "ansible-galaxy collection install git+https://github.com/u/coll.git", "ansible-galaxy install -p roles https://example.com/role.tar.gz",
      "ansible-galaxy collection install -r https://example.com/requirements.yml"], [REMOTE]),
    ...around(["deno install https://example.com/x.ts", "deno install -g https://example.com/x.ts", "deno install -g -n serve --allow-net --allow-read https://deno.land/std/http/file_server.ts", "deno install --global --allow-net=example.com -n x https://example.com/x.ts",
      "deno install -gAf https://example.com/x.ts", "deno i -g --root /opt/deno https://example.com/x.ts"], [REMOTE]),
    ...around(["deno install", "deno install npm:cowsay", "deno install -g jsr:@std/http/file-server", "deno install -g ./cli.ts https://example.com/arg", "deno install --import-map https://example.com/map.json -g ./cli.ts", "deno install --entrypoint main.ts", "deno add jsr:@std/path"], []),
    ...around(["yarn workspace web add lodash", "yarn workspace web run build", "pnpm --filter web add react", "npm -w web install zod", "yarn global add typescript", "bun add -g prettier",
      "ansible-pull -U /srv/play", "ansible-pull -d /srv -U file:///srv/play", "ansible-galaxy install geerlingguy.docker", "ansible-galaxy install -r requirements.yml", "ansible-galaxy collection install community.general", "ansible-galaxy collection list", "ansible-galaxy role init x"], []),
  ]))("%s", (_title, row) => verify(row));
});

/** A wrapper fetching a package and running a command in it (`nix shell github:u/r -c hello`) still fetches it. */
const WRAPPER_LEVEL: Row[] = [
  ...["nix shell § -c hello", "nix develop § -c make", "nix develop § --command make test", "nix-shell § --run make", "nix-shell § --command 'make test'", "sudo nix shell § -c hello"].flatMap((f) =>
    ["github:u/r", "https://example.com/x.tar.gz", "git+https://example.com/r"].map((s): Row => [f.replace("§", s), [REMOTE], "has", true])),
  ...["nix shell nixpkgs#hello -c hello", "nix develop -c make", "nix-shell -p hello --run hello", "nix-shell --run 'make test'", "nix develop .#dev -c make"].map((c): Row => [c, [REMOTE], "none", true]),
];

describe("unwrap/remote-packages: a wrapper's own package, with a command after", () => {
  it.each(cases(WRAPPER_LEVEL))("%s", (_title, row) => verify(row));
});
