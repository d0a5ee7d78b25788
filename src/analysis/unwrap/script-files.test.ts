/**
 * Files a program reads commands from, named on the line (script-files.ts): made at run time,
 * fed on stdin, written or downloaded earlier on the line. Every tool's every way of naming the
 * file is generated against every way of making it; files on disk stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, verify } from "../test-helpers.js";
import { sshConfigCommands } from "./script-files.js";

const RM = "dangerous/rm-recursive-force";
const HOME = "deletion/home";
const DYNAMIC = "shell/dynamic-script";
const OPAQUE = "shell/opaque-code";
const PIPE = "shell/pipe-to-shell";
const CODE = "rm -rf ~";

/** Each tool's ways of naming the file: `§` is the file. */
const FORMS: readonly string[] = [
  "ssh -F § h", "ssh -vF § h", "ssh -F§ h", "ssh -p 22 -F § h uptime", "slogin -F § h", "scp -F § a h:b", "sftp -F § h",
  "bash --rcfile § -i", "bash --init-file § -i", "bash --rcfile=§",
  "vim -u § f", "nvim -S § f", "vi -u § f",
  "gdb -x § ./a", "gdb --command=§ ./a", "gdb -ix § ./a",
  "tmux -f § new", "tmux -2f § new -d",
  "screen -c §", "SCREENRC=§ screen",
  "sqlite3 -init § app.db", "psql -f § db", "psql -Xf § db", "psql -qAtf § db", "at -mf § now", "psql --file=§", "PSQLRC=§ psql -c 'select 1'",
  "lftp -f §",
  "crontab §", "crontab -u root §",
  "at -f § now", "at now -f §", "batch -f §",
  "expect -f §", "expect §",
  "ansible-playbook §", "ansible-playbook -i hosts §",
  "node -r § a.js", "node --require=§ a.js", "node --import § a.js",
  "ruby -r § a.rb",
  "emacs -l §", "emacs --batch --load=§",
  "gawk -i § 1 f",
  "php -c § a.php",
  "npm --userconfig § run build", "npm --globalconfig=§ install", "NPM_CONFIG_USERCONFIG=§ npm install", "pnpm --userconfig § install",
  "apt-get -c § update", "APT_CONFIG=§ apt-get update", "env APT_CONFIG=§ apt install x",
  "GIT_CONFIG_GLOBAL=§ git log", "env GIT_CONFIG_SYSTEM=§ git pull",
];

/** Streams made at run time. */
const STREAMS = ["<(curl -s http://127.0.0.1/x)", "<(gen)", "/dev/fd/63", "/proc/self/fd/5"];

const made: Row[] = FORMS.flatMap((f) => STREAMS.map((s): Row => [f.replace("§", s), [DYNAMIC], "has", true]));
/** Through wrappers and in compounds, the same. */
const wrapped: Row[] = ["ssh -F § h", "crontab §", "bash --rcfile § -i", "env APT_CONFIG=§ apt-get update"].flatMap((f) =>
  ["sudo %", "sudo -E %", "true && %", "(%)", "nohup % &"].map((w): Row => [w.replace("%", f.replace("§", STREAMS[0] as string)), [DYNAMIC], "has", true]));

/** Known text on stdin, in the languages read: the command in it is judged. */
const READ: Row[] = [
  "ssh -F /dev/stdin h <<< 'ProxyCommand @@'",
  "ssh -F /dev/stdin h <<'EOF'\nHost *\n  ProxyCommand @@\nEOF",
  "printf 'Host x\\n  LocalCommand @@\\n' | ssh -F /dev/stdin x",
  "ssh -F /dev/stdin h <<'EOF'\nMatch host x exec \"@@\"\nEOF",
  "bash --rcfile /dev/stdin -i <<< '@@'",
  "tmux -f /dev/stdin new <<< 'run-shell \"@@\"'",
  "crontab - <<< '* * * * * @@'",
  "crontab /dev/stdin <<'EOF'\n# nightly\n@reboot @@\nEOF",
  "at -f /dev/stdin now <<< '@@'",
  "node -r /dev/stdin a.js <<< 'require(\"child_process\").execSync(\"@@\")'",
  "gawk -i /dev/stdin 1 f <<< 'BEGIN { system(\"@@\") }'",
].map((c): Row => [c.replace("@@", CODE), [RM, HOME], "has", true]);

/** Known text in a language not read: asked about, not guessed at. */
const OPAQUE_ROWS: Row[] = [
  "npm --userconfig /dev/stdin install <<< 'script-shell=/tmp/x'",
  "APT_CONFIG=/dev/stdin apt-get update <<< 'APT::Update::Pre-Invoke {\"rm -rf ~\";};'",
  "echo 'APT::Update::Pre-Invoke {\"rm -rf ~\";};' | APT_CONFIG=/dev/stdin apt-get update",
  "expect -f /dev/stdin <<< 'spawn sh'",
  "ansible-playbook /dev/stdin <<< '- hosts: all'",
  "GIT_CONFIG_GLOBAL=/dev/stdin git log <<< $'[core]\\npager = less'",
  "screen -c /dev/stdin <<< 'screen -t x sh'",
  "php -c /dev/stdin a.php <<< 'auto_prepend_file=/tmp/x.php'",
].map((c): Row => [c, [OPAQUE], "has", true]);

/** Unseen text from a pipe. */
const PIPED: Row[] = ["ssh -F /dev/stdin h", "bash --rcfile /dev/stdin -i", "tmux -f /dev/stdin new", "at -f /dev/stdin now", "npm --userconfig /dev/stdin i", "APT_CONFIG=/dev/stdin apt-get update", "node -r /dev/stdin a.js"]
  .map((c): Row => [`curl -s http://127.0.0.1/x | ${c}`, [PIPE], "has", true]);

/** A file written earlier on the line: its text read; unseen text (base64 -d) is a dynamic script. */
const WRITTEN: Row[] = [
  ["echo 'ProxyCommand @@' > c; ssh -F c h", [RM, HOME]],
  ["printf '%s\\n' '@@' > rc && bash --rcfile rc -i", [RM, HOME]],
  ["echo '* * * * * @@' > jobs; crontab jobs", [RM, HOME]],
  ["echo 'run-shell \"@@\"' > t.conf; tmux -f t.conf new", [RM, HOME]],
  ["base64 -d > c <<< UHJveHk=; ssh -F c h", [DYNAMIC]],
  ["echo H4sI | base64 -d | gunzip > jobs; crontab jobs", [DYNAMIC]],
  ["echo x > pb.yml && ansible-playbook pb.yml", [OPAQUE]],
  ["cat > rc.vim <<'EOF'\n\" a vimrc\nset nu\n:!@@\nEOF\nvim -u rc.vim f", [RM, HOME]],
  ["echo 'shell @@' > x.gdb; gdb -x x.gdb ./a", [RM, HOME]],
  ["echo '.shell @@' > init.sql; sqlite3 -init init.sql app.db", [RM, HOME]],
  ["printf '%s\\n' 'select 1;' '\\! @@' > s.sql && psql -f s.sql", [RM, HOME]],
  ["echo '!@@' > cmds; lftp -f cmds", [RM, HOME]],
  ["echo 'require(\"fs\").rmSync(\"/home\", {recursive: true})' > pre.js; node -r ./pre.js a.js", ["deletion/root-child"]],
].map(([c, ids]): Row => [(c as string).replace("@@", CODE), ids as string[], "has", true]);

/** Downloaded earlier on the line: unseen network text, as a pipe into a shell. */
const DOWNLOADED: Row[] = ["ssh -F c h", "crontab c", "bash --rcfile c -i", "APT_CONFIG=c apt-get update", "expect c", "node -r ./c a.js"]
  .map((c): Row => [`curl -fsSLo c http://127.0.0.1/c && ${c}`, [PIPE], "has", true]);

/** Files on disk, and plain uses: quiet, in guard too. */
const QUIET: Row[] = [
  "ssh -F ~/.ssh/alt h", "ssh -F config h uptime", "ssh -F /dev/null h", "scp -F cfg a h:b", "bash --rcfile ~/.bashrc -i", "vim -u NONE f", "vim -u ~/.vimrc f",
  "tmux -f ~/.tmux.conf new -s work", "crontab -l", "crontab jobs.txt", "crontab -e", "at -f job.sh now", "expect x.exp", "ansible-playbook site.yml", "ansible-playbook -i hosts site.yml --check",
  "node -r ts-node/register a.ts", "node --import tsx a.ts", "ruby -r json a.rb", "emacs -l init.el", "gawk -i inplace '{print}' f", "php -c php.ini a.php",
  "npm --userconfig .npmrc install", "APT_CONFIG=/etc/apt/alt.conf apt-get update", "GIT_CONFIG_GLOBAL=/dev/null git log", "GIT_CONFIG_GLOBAL=~/.gitconfig-work git log",
  "echo 'Host x' > c; ssh -F c x", "crontab -l > c; echo '0 * * * * /usr/bin/backup' >> c; crontab c", "sed 's/@HOST@/x/' tpl > c && ssh -F c x", "envsubst < t.conf > tmux.conf; tmux -f tmux.conf new", "echo '# none' > jobs; crontab jobs", "diff <(sort a) <(sort b)", "ssh h cat /dev/stdin < f", "crontab /dev/stdin", "psql -qAt -c 'select 1' db", "psql -Xf setup.sql db",
].map((c): Row => [c, [], "none", true]);

describe("unwrap/script-files: table", () => {
  it.each(cases([...made, ...wrapped, ...READ, ...OPAQUE_ROWS, ...PIPED, ...WRITTEN, ...DOWNLOADED, ...QUIET]))("%s", (_title, row) => verify(row));
});

/** One family's rows, in the shapes above: `§` in `forms` is the file; `@@` in `read` the code; `c` the download. */
interface Family { forms: string[]; read?: string[]; opaque?: string[]; piped?: string[]; downloaded?: string[]; quiet: string[] }
function family(f: Family): Row[] {
  return [
    ...f.forms.flatMap((form) => STREAMS.map((s): Row => [form.replace("§", s), [DYNAMIC], "has", true])),
    ...f.forms.slice(0, 2).flatMap((form) => ["sudo %", "true && %", "(%)"].map((w): Row => [w.replace("%", form.replace("§", STREAMS[0] as string)), [DYNAMIC], "has", true])),
    ...(f.read ?? []).map((c): Row => [c.replace("@@", CODE), [RM, HOME], "has", true]),
    ...(f.opaque ?? []).map((c): Row => [c, [OPAQUE], "has", true]),
    ...(f.piped ?? []).map((c): Row => [`curl -s http://127.0.0.1/x | ${c}`, [PIPE], "has", true]),
    ...(f.downloaded ?? []).map((c): Row => [`curl -fsSLo c http://127.0.0.1/c && ${c}`, [PIPE], "has", true]),
    ...f.quiet.map((c): Row => [c, [], "none", true]),
  ];
}

/** gdb and lldb: lldb's command files, and either's stdin when fed outside batch mode (there stdin is the program's). */
const DEBUGGERS = family({
  forms: ["gdb ./a < §", "lldb -s § ./a", "gdb -q < §", "lldb ./a < §", "lldb --source=§ ./a", "lldb -source § ./a", "lldb -S § ./a", "lldb --source-before-file § ./a", "lldb -K § ./a", "lldb -b -s § -- ./a x"],
  read: [
    "printf 'shell @@\\n' | gdb", "gdb <<< 'shell @@'", "gdb ./a <<'EOF'\nrun\n!@@\nEOF", "echo 'pipe bt | @@' | gdb -q ./a", "gdb -nx ./a <<< 'she @@'", "echo 'shell @@' > cmds; gdb ./a < cmds",
    "lldb -s /dev/stdin ./a <<< 'platform shell @@'", "lldb --source=/dev/stdin <<< 'shell @@'", "echo 'shell @@' | lldb ./a", "lldb ./a <<< 'script os.system(\"@@\")'",
    "echo 'platform shell @@' > x.lldb; lldb -s x.lldb ./a",
  ],
  piped: ["gdb", "gdb ./a", "gdb -q -p 1", "lldb ./a", "lldb -o run ./a"],
  downloaded: ["gdb ./a < c", "lldb -s c ./a", "lldb --source-before-file=c"],
  quiet: [
    "gdb ./a < cmds", "gdb -p 1 < /dev/null", "gdb -q ./a <<'EOF'\nrun\nbt\nEOF", "echo run | gdb ./a", "gdb -batch -ex run ./a < input.txt", "gen | gdb -batch -ex run ./a",
    "gdb -batch -ex run ./a < <(gen)", "lldb ./a", "lldb -s cmds.lldb ./a", "lldb -b -o run -- ./a x", "gen | lldb -b -o run ./a",
  ],
});

describe("unwrap/script-files: debuggers", () => {
  it.each(cases(DEBUGGERS))("%s", (_title, row) => verify(row));
});

/** Keys vim types (`-s`, outside Ex mode: there -s is silent), nvim's Lua script, a muttrc, a CMake script, a justfile. */
const TOOLS = family({
  forms: [
    "vim -s § f", "nvim -l §", "nvim -s § f", "gvim -s § f", "nvim --headless -l § x", "mutt -F §", "neomutt -F § -s hi a@b.c", "mutt -nF §", "mutt -F§",
    "cmake -P §", "cmake -DX=1 -P §", "cmake -C § -S . -B b", "just -f § build", "just --justfile § build", "just --justfile=§", "JUST_JUSTFILE=§ just build",
  ],
  opaque: [
    "nvim -l - <<< 'os.execute(\"rm -rf ~\")'", "nvim -l /dev/stdin <<< 'vim.fn.system(\"id\")'", "vim -s /dev/stdin f <<< ':!id'", "mutt -F /dev/stdin <<< 'set editor=\"`id`\"'",
    "cmake -P /dev/stdin <<< 'execute_process(COMMAND id)'", "just -f /dev/stdin build <<< $'build:\\n\\tmake'", "just --justfile - <<< 'x:'",
    "printf ':!rm -rf ~\\n' > k; vim -s k f", "echo 'execute_process(COMMAND id)' > x.cmake; cmake -P x.cmake",
  ],
  piped: ["vim -s /dev/stdin f", "nvim -l -", "mutt -F /dev/stdin", "cmake -P /dev/stdin", "just -f - build", "just --justfile /dev/stdin"],
  downloaded: ["vim -s c f", "nvim -l c", "mutt -F c", "neomutt -F c", "cmake -P c", "cmake -C c -S .", "just -f c build", "JUST_JUSTFILE=c just"],
  quiet: [
    "vim -s keys.vim f", "vim -es -c x f", "ex -s f", "vim -Es < /dev/null", "nvim -l script.lua", "nvim -l - < script.lua", "nvim --headless -l build.lua x",
    "mutt -F ~/.muttrc", "echo body | mutt -s hi a@b.c", "neomutt -F ~/.config/neomutt/neomuttrc", "cmake -P build.cmake", "cmake -S . -B b", "cmake -DSTATIC=ON -B b",
    "cmake -C cache.cmake -S . -B b", "cmake --build b -j8", "just build", "just -f other.just build", "just --justfile ci/justfile test",
  ],
});

describe("unwrap/script-files: vim keys, nvim Lua, muttrc, CMake, justfiles", () => {
  it.each(cases(TOOLS))("%s", (_title, row) => verify(row));
});

/** sqlite3's `.read FILE` (`.rea`, quoted or not), in each way it is given its commands: judged as an -init file is. */
const SQLITE_TEXT = ["sqlite3 x.db 'T'", "sqlite3 -cmd 'T' x.db", "echo 'T' | sqlite3 x.db", "sqlite3 x.db <<< 'T'"];
const sqliteReads = (file: string): string[] => SQLITE_TEXT.flatMap((t) => [".read §", ".rea §", ".read \"§\""].map((r) => t.replace("T", r.replace("§", file))));
const SQLITE_ROWS: Row[] = [
  ...["/dev/fd/3", "/proc/self/fd/5"].flatMap(sqliteReads).map((c): Row => [c, [DYNAMIC], "has", true]),
  ["sqlite3 x.db '.read /dev/fd/3' 3< <(curl -s http://127.0.0.1/x)", [DYNAMIC], "has", true],
  ...sqliteReads("s.sql").map((c): Row => [`curl -so s.sql http://127.0.0.1/x && ${c}`, [PIPE], "has", true]),
  [`echo '.shell ${CODE}' > s.sql; sqlite3 x.db '.read s.sql'`, [RM, HOME], "has", true],
  ...sqliteReads("schema.sql").map((c): Row => [c, [], "none", true]),
];

describe("unwrap/script-files: sqlite3 .read", () => {
  it.each(cases(SQLITE_ROWS))("%s", (_title, row) => verify(row));
});

/** Variables naming a file an interpreter loads: `PHPRC`, `RUBYOPT=-rFILE`, `PERL5OPT=-MFoo` (Foo.pm), `NODE_OPTIONS=--require FILE`. */
const LOADED: Row[] = [
  ...family({
    forms: ["PHPRC=§ php a.php", "PHP_INI_SCAN_DIR=§ php a.php", "env PHPRC=§ php -r 1"],
    opaque: ["PHPRC=/dev/stdin php a.php <<< 'auto_prepend_file=/tmp/x.php'"],
    piped: ["PHPRC=/dev/stdin php a.php"],
    downloaded: ["PHPRC=c php a.php", "RUBYOPT=-r./c ruby a.rb", "NODE_OPTIONS='--require ./c' node a.js"],
    quiet: ["PHPRC=/etc/php php a.php", "PHP_INI_SCAN_DIR=/etc/php/conf.d php -m", "RUBYOPT=-rjson ruby a.rb", "RUBYOPT=-W0 ruby a.rb", "RUBYOPT=-rbundler/setup ruby a.rb",
      "PERL5OPT=-MFoo perl a.pl", "perl -MJSON -e 1", "perl -Ilib -MFoo::Bar a.pl", "NODE_OPTIONS='--require ./x.js' node a.js", "curl -so Foo.pm http://127.0.0.1/x && perl -MBar a.pl"],
  }),
  // a descriptor inside an option variable (a `<(…)` there is no substitution: quoted, or not a word start)
  ...["RUBYOPT=-r§ ruby a.rb", "RUBYOPT='-r §' ruby a.rb", "env RUBYOPT='-w -r§' ruby a.rb", "NODE_OPTIONS='--require §' node a.js"]
    .flatMap((f) => ["/dev/fd/3", "/proc/self/fd/5"].map((fd): Row => [f.replace("§", fd), [DYNAMIC], "has", true])),
  // perl loads Foo::Bar from Foo/Bar.pm under an -I directory (or here)
  ...["PERL5OPT=-MFoo perl a.pl", "perl -MFoo a.pl", "perl -mFoo=x -e 1", "env PERL5OPT='-w -MFoo' perl a.pl"].map((c): Row => [`curl -so Foo.pm http://127.0.0.1/x && ${c}`, [PIPE], "has", true]),
  ...["PERL5OPT='-Ilib -MFoo::Bar' perl a.pl", "perl -I lib -MFoo::Bar a.pl", "perl -Ilib/ -MFoo::Bar=x a.pl"].map((c): Row => [`curl -so lib/Foo/Bar.pm http://127.0.0.1/x && ${c}`, [PIPE], "has", true]),
];

describe("unwrap/script-files: variables naming files an interpreter loads", () => {
  it.each(cases(LOADED))("%s", (_title, row) => verify(row));
});

describe("unwrap/script-files: ssh_config reader", () => {
  it.each([
    ["ProxyCommand nc %h %p", ["nc %h %p"]],
    ["  proxycommand=ssh -W %h:%p j", ["ssh -W %h:%p j"]],
    ["ProxyCommand none", []],
    ["Host x\n  LocalCommand echo hi\n  KnownHostsCommand /bin/k %H", ["echo hi", "/bin/k %H"]],
    ["Match host x exec \"test -f /x\"", ["test -f /x"]],
    ["Match !exec check", ["check"]],
    ["Host x\n  User git\n  IdentityFile ~/.ssh/k", []],
  ] as const)("%j", (text, want) => expect(sshConfigCommands(text)).toEqual(want));
});

/** A wrapper that hands over to a command still reads its own files (`tmux -f § new cmd`): every stream, with a command after. */
const WRAPPER_LEVEL: Row[] = [
  ...["tmux -f § new 'ls'", "tmux -f § new-session -d make", "gdb -x § --args ./a -v", "screen -c § -dm make", "sudo tmux -f § new 'ls'"].flatMap((f) =>
    STREAMS.map((s): Row => [f.replace("§", s), [DYNAMIC], "has", true])),
  ...["tmux -f ~/.tmux.conf new 'ls'", "screen -c .screenrc -dm make"].map((c): Row => [c, [DYNAMIC, PIPE, OPAQUE], "none", true]),
];

describe("unwrap/script-files: a wrapper's own files, with a command after", () => {
  it.each(cases(WRAPPER_LEVEL))("%s", (_title, row) => verify(row));
});
