/**
 * Read-only tables: coreutils and the other text and file tools (options from their man pages).
 * Only what a command writes to stdout/stderr counts as read-only; options that name an output
 * file, run a program or change system state are listed as unsafe.
 */

import { command, operandValues, type ReadOnlyCommand } from "./model.js";

const DIGITS = "-0123456789";

const ls = command({
  why: "Lists directory contents.",
  accepts: "-aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1 -I: -T: -w: --all --almost-all --author --escape --block-size= --ignore-backups --color[=] --colour[=] --directory --dired --classify[=] --file-type --format= --full-time --group-directories-first --no-group --human-readable --si --dereference-command-line --dereference-command-line-symlink-to-dir --hide= --hyperlink[=] --indicator-style= --inode --ignore= --kibibytes --dereference --numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --quoting-style= --reverse --recursive --size --sort= --time= --time-style= --tabsize= --width= --context --zero --help --version",
});

const cat = command({ why: "Prints files.", accepts: "-AbeEnstTuv --show-all --number-nonblank --show-ends --number --squeeze-blank --show-tabs --show-nonprinting --help --version" });

const headTail = "-qvz -c: -n: --bytes= --lines= --quiet --silent --verbose --zero-terminated --help --version " + DIGITS;
const head = command({ why: "Prints the first lines of files.", accepts: headTail });
const tail = command({ why: "Prints the last lines of files (and follows them).", accepts: headTail + " -fFr -s: --follow[=] --retry --max-unchanged-stats= --pid= --sleep-interval=" });

const wc = command({ why: "Counts lines, words and bytes.", accepts: "-cmlLw --bytes --chars --lines --max-line-length --words --files0-from= --total= --help --version" });

const sort = command({
  why: "Sorts lines to stdout.",
  accepts: "-bdfgiMhnRrVcCmsuz -k: -t: -S: -T: --ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort --random-source= --reverse --sort= --version-sort --batch-size= --check[=] --debug --key= --merge --stable --buffer-size= --field-separator= --temporary-directory= --parallel= --unique --zero-terminated --files0-from= --help --version",
  unsafe: { "-o: --output=": ["writes", "writes the sorted lines to FILE"], "--compress-program=": ["runs", "runs PROG to compress temporary files"] },
});

const uniq = command({
  why: "Filters repeated lines. A second operand is an output file, so at most one operand.",
  accepts: "-cdDiuz -f: -s: -w: --count --repeated --all-repeated[=] --skip-fields= --group[=] --ignore-case --skip-chars= --unique --zero-terminated --check-chars= --help --version " + DIGITS,
  args: (a, p) => p.operands.length < 2,
});

const cut = command({ why: "Prints selected parts of lines.", accepts: "-nsz -b: -c: -d: -f: --bytes= --characters= --delimiter= --fields= --complement --only-delimited --output-delimiter= --zero-terminated --help --version" });
const tr = command({ why: "Translates characters from stdin.", accepts: "-cCdst --complement --delete --squeeze-repeats --truncate-set1 --help --version" });
const nl = command({ why: "Numbers lines.", accepts: "-p -b: -d: -f: -h: -i: -l: -n: -s: -v: -w: --body-numbering= --section-delimiter= --footer-numbering= --header-numbering= --line-increment= --join-blank-lines= --number-format= --no-renumber --number-separator= --starting-line-number= --number-width= --help --version" });
const od = command({ why: "Dumps files in octal and other formats.", accepts: "-abcdfilosxv -A: -j: -N: -S: -t: -w:: --address-radix= --endian= --skip-bytes= --read-bytes= --strings[=] --format= --output-duplicates --width[=] --traditional --help --version" });
const hexdump = command({ why: "Dumps files in hex.", accepts: "-bcCdoxv -e: -f: -n: -s: -L:: --one-byte-octal --one-byte-char --canonical --two-bytes-decimal --two-bytes-octal --two-bytes-hex --color[=] --format= --format-file= --length= --skip= --no-squeezing --help --version" });
const xxd = command({
  why: "Hex dump. A second operand is an output file, so at most one operand; -r (revert) is fine to stdout.",
  accepts: "-abeEiprRuvdh -c: -g: -l: -n: -o: -s: -C --autoskip --bits --cols= --groupsize= --len= --name= --ps --postscript --plain --revert --seek= --uppercase --version --help",
  args: (a, p) => p.operands.length < 2,
});
const strings = command({ why: "Prints printable strings in files.", accepts: "-adfwS -n: -t: -e: -s: -T: " + DIGITS + " --all --data --print-file-name --bytes= --radix= --include-all-whitespace --target= --encoding= --unicode= --output-separator= --help --version" });

const checksum = command({ why: "Prints or checks checksums.", accepts: "-bctzwrs -a: -l: --sysv --binary --check --tag --text --zero --ignore-missing --quiet --status --strict --warn --algorithm= --length= --untagged --base64 --raw --debug --help --version" });
const base64 = command({ why: "Encodes or decodes to stdout.", accepts: "-di -w: --decode --ignore-garbage --wrap= --help --version" });
const basenc = command({ why: "Encodes or decodes to stdout.", accepts: "-di -w: --decode --ignore-garbage --wrap= --base64 --base64url --base58 --base32 --base32hex --base16 --base2msbf --base2lsbf --z85 --help --version" });

const column = command({ why: "Formats input into columns.", accepts: "-tnxeJLRVhlHW -s: -o: -c: -N: -E: -d -r: -T: -O: -i: -p: --table --table-name= --table-order= --table-columns= --table-columns-limit= --table-noextreme= --table-noheadings --table-header-repeat --table-hide= --table-right= --table-truncate= --table-wrap= --keep-empty-lines --json --tree= --tree-id= --tree-parent= --output-width= --output-separator= --separator= --fillrows --help --version" });
const fold = command({ why: "Wraps lines.", accepts: "-bs -w: --bytes --spaces --width= --help --version " + DIGITS });
const fmt = command({ why: "Reformats paragraphs.", accepts: "-cstu -p: -w: -g: --crown-margin --prefix= --split-only --tagged-paragraph --uniform-spacing --width= --goal= --help --version " + DIGITS });
const expand = command({ why: "Converts tabs to spaces.", accepts: "-i -t: --initial --tabs= --help --version " + DIGITS });
const unexpand = command({ why: "Converts spaces to tabs.", accepts: "-a -t: --all --first-only --tabs= --help --version " + DIGITS });
const rev = command({ why: "Reverses lines.", accepts: "-0hV --zero --help --version" });
const tac = command({ why: "Prints files last line first.", accepts: "-br -s: --before --regex --separator= --help --version" });
const paste = command({ why: "Merges lines of files.", accepts: "-sz -d: --delimiters= --serial --zero-terminated --help --version" });
const join = command({ why: "Joins lines of two files on a field.", accepts: "-iz -a: -e: -j: -o: -t: -v: -1: -2: --ignore-case --check-order --nocheck-order --header --zero-terminated --help --version" });
const comm = command({ why: "Compares two sorted files.", accepts: "-123z --check-order --nocheck-order --output-delimiter= --total --zero-terminated --help --version" });
const cmp = command({ why: "Compares two files byte by byte.", accepts: "-blsv -i: -n: --print-bytes --ignore-initial= --verbose --bytes= --quiet --silent --help --version" });

const DIFF = "-qscenyptTlrNaiEZbwBduv -C: -U: -x: -X: -S: -F: -I: -D: -W: -L: " + DIGITS + " --normal --brief --report-identical-files --context[=] --unified[=] --ed --rcs --side-by-side --width= --left-column --suppress-common-lines --show-c-function --show-function-line= --label= --expand-tabs --initial-tab --tabsize= --suppress-blank-empty --paginate --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case --exclude= --exclude-from= --starting-file= --from-file= --to-file= --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-matching-lines= --text --strip-trailing-cr --ifdef= --line-format= --old-line-format= --new-line-format= --unchanged-line-format= --old-group-format= --new-group-format= --changed-group-format= --unchanged-group-format= --minimal --horizon-lines= --speed-large-files --color[=] --palette= --help --version";
const diff = command({ why: "Compares files; writes nothing but its output.", accepts: DIFF });
const colordiff = command({ why: "diff with colours (diff's options).", accepts: DIFF, unsafe: { "--difftool=": ["runs", "runs PROGRAM instead of diff"] } });
const wdiff = command({ why: "Word-level diff.", accepts: "-123ilnstv -w: -x: -y: -z: -d -h --no-deleted --no-inserted --no-common --ignore-case --less-mode --auto-pager --printer --statistics --terminal --start-delete= --end-delete= --start-insert= --end-insert= --avoid-wraps --diff-input --help --version" });

const numfmt = command({ why: "Formats numbers.", accepts: "-dz --debug --delimiter= --field= --format= --from= --from-unit= --grouping --header[=] --invalid= --padding= --round= --suffix= --unit-separator= --to= --to-unit= --zero-terminated --help --version" });
const seq = command({ why: "Prints a sequence of numbers.", accepts: "-w -f: -s: --format= --separator= --equal-width --help --version" });
const pathTool = (why: string, accepts: string): ReadOnlyCommand => command({ why, accepts });
const basename = pathTool("Strips directories from a name.", "-asz --multiple --suffix= --zero --help --version");
const dirname = pathTool("Strips the last name from a path.", "-z --zero --help --version");
const realpath = pathTool("Prints the resolved path.", "-emLPqsz --canonicalize-existing --canonicalize-missing --logical --physical --quiet --relative-to= --relative-base= --strip --no-symlinks --zero --help --version");
const readlink = pathTool("Prints a symlink's target.", "-efmnqsvz --canonicalize --canonicalize-existing --canonicalize-missing --no-newline --quiet --silent --verbose --zero --help --version");

const stat = command({ why: "Prints file status.", accepts: "-Lft -c: --dereference --file-system --cached= --format= --printf= --terse --help --version" });
const du = command({ why: "Prints disk usage.", accepts: "-0abcDhHklLmPsSx -B: -d: -t: -X: --null --all --apparent-size --block-size= --bytes --total --dereference-args --max-depth= --summarize --human-readable --inodes --dereference --count-links --no-dereference --separate-dirs --si --threshold= --time[=] --time-style= --exclude-from= --exclude= --one-file-system --files0-from= --help --version" });
const df = command({ why: "Prints filesystem usage.", accepts: "-ahHiklPTv -B: -t: -x: --all --block-size= --human-readable --si --inodes --local --no-sync --output[=] --portability --sync --total --type= --print-type --exclude-type= --help --version" });

const date = command({
  why: "Prints the date. Setting it (-s, or an MMDDhhmm operand) is not read-only; a +FORMAT operand is.",
  accepts: "-IRu -d: -f: -r: --date= --debug --file= --iso-8601[=] --resolution --rfc-email --rfc-3339= --reference= --utc --universal --help --version",
  unsafe: { "-s: --set=": ["state", "sets the system clock"] },
  args: (a, p) => operandValues(a, p).every((o) => o.startsWith("+")),
});

const printenv = command({ why: "Prints environment variables.", accepts: "-0 --null --help --version" });
const env = command({
  why: "With no command, prints the environment (with a command it is a wrapper: the command is judged).",
  accepts: "-0iv -u: -C: --null --ignore-environment --unset= --chdir= --debug --list-signal-handling --help --version",
  unsafe: { "-P:": ["runs", "looks the command up in DIR (BSD env): it need not be the system tool"], "-S: --split-string=": ["runs", "splits a string into a command"] },
  args: (a, p) => operandValues(a, p).every((o) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(o)),
});

const zcat = command({ why: "Prints compressed files (always to stdout).", accepts: "-fhlLqtvV -S: --force --help --list --license --quiet --suffix= --test --verbose --version" });
const look = command({ why: "Prints lines beginning with a string.", accepts: "-bdfa -t: --alternative --alphanum --ignore-case --terminate= --help --version" });
const expr = command({ why: "Evaluates an expression; every argument is an operand.", anyArgs: true, example: "expr 1 + 2" });
const sleep = command({ why: "Waits; every operand is a duration (GNU sleep rejects unknown options anywhere).", accepts: "--help --version", example: "sleep 1" });

/** Name → table, for this family. */
export const COREUTILS: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [
  ["ls", ls], ["dir", ls], ["vdir", ls], ["ll", ls],
  ["cat", cat], ["head", head], ["tail", tail], ["wc", wc], ["sort", sort], ["uniq", uniq], ["cut", cut], ["tr", tr], ["nl", nl],
  ["od", od], ["hexdump", hexdump], ["xxd", xxd], ["strings", strings],
  ["sha1sum", checksum], ["sha224sum", checksum], ["sha256sum", checksum], ["sha384sum", checksum], ["sha512sum", checksum], ["md5sum", checksum], ["b2sum", checksum], ["cksum", checksum], ["sum", checksum],
  ["base64", base64], ["base32", base64], ["basenc", basenc],
  ["column", column], ["fold", fold], ["fmt", fmt], ["expand", expand], ["unexpand", unexpand], ["rev", rev], ["tac", tac], ["paste", paste], ["join", join], ["comm", comm], ["cmp", cmp],
  ["diff", diff], ["colordiff", colordiff], ["wdiff", wdiff],
  ["numfmt", numfmt], ["seq", seq], ["basename", basename], ["dirname", dirname], ["realpath", realpath], ["readlink", readlink],
  ["stat", stat], ["du", du], ["df", df], ["date", date], ["printenv", printenv], ["env", env],
  ["zcat", zcat], ["bzcat", zcat], ["xzcat", zcat], ["zstdcat", zcat], ["look", look], ["expr", expr], ["sleep", sleep],
];
