/**
 * Read-only tables: search tools, pagers and viewers (options from their man pages). Pagers,
 * preprocessors, plugins, `--exec` options and log files are the unsafe ones.
 */

import { command, operandValues, type ReadOnlyCommand } from "./model.js";

const DIGITS = "-0123456789";

const GREP = "-EFGPiyvwxcLloqsbHhnTuZzaIrRU -e: -f: -m: -A: -B: -C: -d: -D: " + DIGITS + " --extended-regexp --fixed-strings --basic-regexp --perl-regexp --regexp= --file= --ignore-case --no-ignore-case --word-regexp --line-regexp --null-data --no-messages --invert-match --version --help --max-count= --byte-offset --line-number --no-line-number --line-buffered --with-filename --no-filename --label= --only-matching --quiet --silent --binary-files= --text --directories= --devices= --recursive --dereference-recursive --include= --exclude= --exclude-from= --exclude-dir= --files-without-match --files-with-matches --count --initial-tab --null --before-context= --after-context= --context= --group-separator= --no-group-separator --color[=] --colour[=] --binary";
const grep = command({ why: "Searches text. GNU grep has no option that writes or runs anything.", accepts: GREP, example: "grep -rn todo src" });

const rg = command({
  why: "ripgrep.",
  accepts: "-acFHhiIlLnNopqSsuUvVwxz0b -A: -B: -C: -E: -e: -f: -g: -j: -M: -m: -r: -t: -T: -d: " + DIGITS + " --after-context= --before-context= --context= --binary --block-buffered --byte-offset --case-sensitive --color= --colors= --column --context-separator= --no-context-separator --count --count-matches --crlf --debug --dfa-size-limit= --encoding= --engine= --field-context-separator= --field-match-separator= --file= --files --files-with-matches --files-without-match --fixed-strings --follow --glob= --glob-case-insensitive --heading --no-heading --hidden --iglob= --ignore-case --ignore-file= --ignore-file-case-insensitive --include-zero --invert-match --json --line-buffered --line-number --line-regexp --max-columns= --max-columns-preview --max-count= --max-depth= --max-filesize= --mmap --multiline --multiline-dotall --no-config --no-ignore --no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global --no-ignore-messages --no-ignore-parent --no-ignore-vcs --no-line-number --no-messages --no-mmap --no-require-git --no-unicode --null --null-data --one-file-system --only-matching --passthru --path-separator= --pcre2 --pretty --quiet --regex-size-limit= --regexp= --replace= --search-zip --smart-case --sort= --sortr= --stats --text --threads= --trim --type= --type-not= --type-list --unrestricted --vimgrep --with-filename --no-filename --word-regexp --help --version --files-with-matches --hyperlink-format= --no-pcre2-unicode --auto-hybrid-regex --line-number",
  unsafe: { "--pre=": ["runs", "runs COMMAND on every file searched"], "--pre-glob=": ["runs", "chooses the files --pre runs on"], "--hostname-bin=": ["runs", "runs PROGRAM to find the host name"] },
  example: "rg -n todo src",
});

const ag = command({
  why: "The silver searcher.",
  accepts: "-aDfHiLlnoQrRsStuUvVwz0 -A: -B: -C: -G: -g: -m: -p: -W: --ackmate --all-text --all-types --after= --before= --break --nobreak --case-sensitive --color --nocolor --color-line-number= --color-match= --color-path= --column --context= --count --debug --depth= --filename --nofilename --files-with-matches --files-without-matches --file-search-regex= --follow --group --nogroup --heading --noheading --hidden --ignore= --ignore-dir= --ignore-case --invert-match --line-numbers --list-file-types --literal --max-count= --one-device --only-matching --path-to-ignore= --print0 --print-long-lines --search-binary --search-zip --silent --skip-vcs-ignores --smart-case --stats --unrestricted --vimgrep --width= --word-regexp --workers= --help --version",
  unsafe: { "--pager=": ["runs", "pipes the output into PAGER"] },
  example: "ag todo src",
});

const ack = command({
  why: "ack (Perl).",
  accepts: "-cfhHiIklLnosvwxQ1 -A: -B: -C: -g: -m: -t: -T: --count --files-with-matches --files-without-matches --filename --no-filename --with-filename --ignore-case --smart-case --invert-match --word-regexp --line= --literal --match= --max-count= --column --no-column --context= --after-context= --before-context= --break --nobreak --group --nogroup --heading --noheading --color --nocolor --colour --nocolour --flush --follow --nofollow --sort-files --show-types --type= --type-add= --type-set= --ignore-dir= --noignore-dir= --ignore-file= --print0 --range-start= --range-end= --noenv --help --version --help-types",
  unsafe: { "--pager=": ["runs", "pipes the output into PAGER"], "--output=": ["runs", "evaluates a Perl expression per match"], "--ackrc=": ["runs", "reads options (a pager, say) from FILE"], "--env": ["runs", "reads .ackrc files, which may set a pager"] },
  example: "ack todo src",
});

const fd = command({
  why: "Finds files (fd, Debian's fdfind). -x/-X run a command checked as a command of the line, so fd is read-only when that command is.",
  accepts: "-HIsiglLpaFu0q -e: -d: -t: -E: -c: -j: -S: -o: --hidden --no-ignore --no-ignore-vcs --no-ignore-parent --unrestricted --case-sensitive --ignore-case --glob --regex --fixed-strings --and= --absolute-path --list-details --follow --full-path --print0 --max-depth= --min-depth= --exact-depth= --prune --type= --extension= --exclude= --ignore-file= --color= --threads= --size= --changed-within= --changed-before= --newer= --older= --owner= --format= --base-directory= --path-separator= --search-path= --strip-cwd-prefix[=] --one-file-system --max-results= --quiet --show-errors --help --version",
  unsafe: { "-x: --exec=": ["unwrapped", "runs a command for each result"], "-X: --exec-batch=": ["unwrapped", "runs a command with all results"] },
  example: "fd -H ts src",
});

/** find's primaries (tests, read-only actions, options, operators), one dash each. */
const find = command({
  why: "Finds files. -delete and the actions that write to a file are unsafe; -print, -printf, -ls are fine; -exec, -execdir, -ok and -okdir run a command checked as a command of the line, so find is read-only when that command is.",
  accepts: "-HLP -D: -O: --name= --iname= --path= --ipath= --wholename= --iwholename= --regex= --iregex= --lname= --ilname= --type= --xtype= --size= --perm= --user= --group= --uid= --gid= --links= --inum= --samefile= --newer= --anewer= --cnewer= --newermt= --newerct= --neweram= --newerat= --newerac= --newercm= --newerma= --newermc= --newerBt= --mtime= --mmin= --atime= --amin= --ctime= --cmin= --used= --maxdepth= --mindepth= --fstype= --regextype= --context= --printf= --files0-from= --empty --executable --readable --writable --nouser --nogroup --true --false --depth --mount --xdev --noleaf --ignore_readdir_race --noignore_readdir_race --daystart --follow --print --print0 --ls --prune --quit --not --and --or --a --o --help --version",
  unsafe: {
    "--delete": ["writes", "deletes what it finds"],
    "--exec= --execdir= --ok= --okdir=": ["unwrapped", "runs a command"],
    "--fprint= --fprint0= --fls=": ["writes", "writes the list to FILE"],
    "--fprintf=": ["writes", "writes to FILE"],
  },
  singleDash: true,
  example: "find . -name '*.ts'",
});

const bat = command({
  why: "cat with syntax highlighting. `bat cache --build` writes its cache, so a first operand `cache` is not read-only.",
  accepts: "-AbfnpPuhVdL -r: -l: -H: -m: -p --show-all --nonprintable-notation= --binary= --plain --language= --highlight-line= --file-name= --diff --diff-context= --tabs= --wrap= --chop-long-lines --terminal-width= --number --color= --italic-text= --decorations= --force-colorization --paging= --map-syntax= --ignored-suffix= --theme= --theme-light= --theme-dark= --list-themes --squeeze-blank --squeeze-limit= --strip-ansi= --style= --line-range= --list-languages --unbuffered --no-config --no-custom-assets --lessopen --no-lessopen --config-file --config-dir --cache-dir --acknowledgements --diagnostic --help --version",
  unsafe: { "--pager=": ["runs", "runs PAGER on the output"] },
  args: (a, p) => operandValues(a, p)[0] !== "cache",
  example: "bat -n README.md",
});

const jq = command({
  why: "JSON processor: no option writes or runs anything (--arg/--rawfile read their values).",
  accepts: "-cnrRsCMSajeh -f: -L: --compact-output --null-input --raw-input --raw-output --raw-output0 --join-output --ascii-output --slurp --color-output --monochrome-output --sort-keys --tab --indent= --from-file= --arg= --argjson= --slurpfile= --rawfile= --args --jsonargs --exit-status --seq --stream --stream-errors --unbuffered --help --version --build-configuration",
  example: "jq .name package.json",
});

const yq = command({
  why: "YAML processor (python yq and mikefarah yq). In-place editing and split files are unsafe.",
  accepts: "-yYrjcenCMSaP -o: -p: -I: --yaml-output --yaml-roundtrip --output-format= --input-format= --raw-output --compact-output --exit-status --null-input --colors --no-colors --sort-keys --prettyPrint --unwrapScalar --indent= --tab --arg= --argjson= --xml-output --toml-output --help --version",
  unsafe: { "-i --in-place --inplace": ["writes", "rewrites the input file"], "-s: --split-exp=": ["writes", "writes each result to a file (mikefarah yq)"] },
  example: "yq .a f.yaml",
});

const tree = command({
  why: "Lists directory trees. -o writes the listing to a file, -R with -H writes HTML files.",
  accepts: "-adlfxqNQpugshDFvtcUrCAnSJXi -L: -P: -I: -H: -T: --gitignore --ignore-case --matchdirs --metafirst --prune --info --noreport --charset= --filelimit= --timefmt= --si --du --inodes --device --dirsfirst --filesfirst --sort= --fromfile --fflinks --hyperlink --nolinks --help --version",
  unsafe: { "-o:": ["writes", "writes the listing to FILE"], "-R": ["writes", "writes 00Tree.html into each directory (with -H)"] },
  example: "tree -L 2",
});

const file = command({
  why: "Guesses file types.",
  accepts: "-bcEhiklLnNrsSzZd0v -e: -f: -F: -m: -P: --brief --checking-printout --exclude= --exclude-quiet= --files-from= --separator= --no-dereference --mime --mime-type --mime-encoding --apple --extension --keep-going --list --dereference --magic-file= --no-buffer --no-pad --print0 --parameter= --raw --special-files --uncompress --uncompress-noreport --debug --help --version",
  unsafe: { "-C --compile": ["writes", "compiles a magic file into FILE.mgc"], "-p --preserve-date": ["writes", "sets the files' access times back"] },
  example: "file README.md",
});

const less = command({
  why: "Pager. Log files and lesskey files are unsafe, and so is an initial command (`+...`: it may be `!cmd`).",
  accepts: "-aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX -z: -b: -h: -j: -p: -P: -t: -T: -x: -y: -#: -~ --search-skip-screen --auto-buffers --buffers= --clear-screen --CLEAR-SCREEN --dumb --color= --quit-at-eof --QUIT-AT-EOF --force --quit-if-one-screen --hilite-search --HILITE-SEARCH --max-back-scroll= --ignore-case --IGNORE-CASE --jump-target= --status-column --no-lessopen --long-prompt --LONG-PROMPT --line-numbers --LINE-NUMBERS --pattern= --prompt= --quiet --QUIET --silent --SILENT --raw-control-chars --RAW-CONTROL-CHARS --squeeze-blank-lines --chop-long-lines --tag= --tag-file= --underline-special --UNDERLINE-SPECIAL --hilite-unread --HILITE-UNREAD --tabs= --no-init --max-forw-scroll= --window= --tilde --shift= --follow-name --incsearch --line-num-width= --mouse --MOUSE --no-keypad --no-histdups --redraw-on-quit --rscroll= --no-number-headers --status-col-width= --use-backslash --use-color --wheel-lines= --wordwrap --header= --help --version",
  unsafe: {
    "-o: -O: --log-file= --LOG-FILE=": ["writes", "copies the input to FILE"],
    "-k: --lesskey-file= --lesskey-src= --lesskey-content=": ["runs", "reads key bindings and environment (LESSOPEN) from FILE"],
  },
  args: (a, p) => !operandValues(a, p).some((o) => o.startsWith("+")),
  example: "less README.md",
});

const more = command({ why: "Pager.", accepts: "-dflcpsue -n: --silent --logical --no-pause --print-over --clean-print --squeeze --plain --exit-on-eof --lines= --help --version " + DIGITS, example: "more README.md" });

const eza = command({
  why: "ls replacement (exa, eza).",
  accepts: "-1lGxRTFaAdDfrUuBghHimnSXZ@ -L: -I: -s: -t: -w: --oneline --long --grid --across --recurse --tree --classify[=] --colour[=] --color[=] --colour-scale[=] --color-scale[=] --icons[=] --hyperlink --all --almost-all --list-dirs --only-dirs --only-files --level= --reverse --sort= --group-directories-first --group-directories-last --ignore-glob= --git-ignore --binary --bytes --group --header --links --modified --changed --accessed --created --time= --time-style= --inode --numeric --blocksize --total-size --no-permissions --no-filesize --no-user --no-time --no-icons --git --no-git --git-repos --extended --context --octal-permissions --smart-group --width= --absolute[=] --follow-symlinks --help --version",
  example: "eza -l",
});

export const SEARCH: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [
  ["grep", grep], ["egrep", grep], ["fgrep", grep], ["zgrep", grep], ["zegrep", grep], ["zfgrep", grep],
  ["rg", rg], ["ag", ag], ["ack", ack], ["ack-grep", ack], ["fd", fd], ["fdfind", fd], ["find", find],
  ["bat", bat], ["batcat", bat], ["jq", jq], ["yq", yq], ["tree", tree], ["file", file], ["less", less], ["more", more],
  ["exa", eza], ["eza", eza],
];
