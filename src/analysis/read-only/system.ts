/**
 * Read-only tables: system information, documentation, binary inspection and network lookups.
 * A lookup that only sends a name to a server stays read-only; one that reads a file or stdin
 * into queries (`dig -f`, `nslookup` reading stdin) sends that data off the machine and is not.
 */

import type { ParsedFlags } from "../flags.js";
import { command, operandValues, type ReadOnlyCommand } from "./model.js";

const info0 = (why: string, accepts: string, example?: string): ReadOnlyCommand => command({ why, accepts, ...(example !== undefined ? { example } : {}) });

const uname = info0("Prints system information.", "-asnrvmpio --all --kernel-name --nodename --kernel-release --kernel-version --machine --processor --hardware-platform --operating-system --help --version");
const arch = info0("Prints the machine architecture.", "--help --version");
const nproc = info0("Prints the number of processors.", "--all --ignore= --help --version");
const id = info0("Prints user and group ids.", "-aZgGnruz --context --group --groups --name --real --user --zero --help --version");
const groups = info0("Prints group memberships.", "--help --version");
const whoami = info0("Prints the user name.", "--help --version");
const tty = info0("Prints the terminal's name.", "-s --silent --quiet --help --version");
const locale = info0("Prints locale settings.", "-ackmv --all-locales --category-name --keyword-name --charmaps --verbose --help --version");
const getconf = info0("Prints configuration values.", "-a -v: --all --help --version", "getconf PAGESIZE");
const uptime = info0("Prints how long the system has run.", "-psrV --pretty --since --container --raw --help --version");
const w = info0("Shows who is logged on and what they do.", "-hisfoupV --no-header --ip-addr --short --from --old-style --no-current --pids --help --version");
const who = info0("Shows who is logged on.", "-abdHlmpqrstTuw --all --boot --dead --heading --ips --login --lookup --process --count --runlevel --short --time --mesg --message --writable --users --help --version");
const users = info0("Prints the users logged on.", "--help --version");
const last = info0("Shows the last logins.", "-adFiRwxhV0123456789 -f: -n: -s: -t: -p: --hostlast --dns --file= --fulltimes --ip --limit= --nohostname --since= --until= --present= --fullnames --system --time-format= --help --version");
const cal = info0("Prints a calendar.", "-13ymjsSwYhvV -n: -c: --one --three --months= --span --sunday --monday --julian --reform= --iso --year --twelve --week[=] --vertical --color[=] --columns= --help --version");
const free = info0("Prints memory usage.", "-bkmghltvwV -s: -c: --bytes --kilo --mega --giga --tera --peta --kibi --mebi --gibi --tebi --pebi --human --si --lohi --line --total --committed --seconds= --count= --wide --help --version");
const lsblk = info0("Lists block devices.", "-abdDfiJlmnOpPrsStTzAEMhV -I: -e: -o: -x: -Q: --all --bytes --nodeps --discard --noempty --fs --include= --exclude= --ascii --json --list --merge --perms --noheadings --output= --output-all --paths --pairs --raw --inverse --topology --scsi --sort= --tree[=] --width= --zoned --dedup= --filter= --highlight= --properties-by= --sysroot= --help --version");
/** ps's BSD-style words (`aux`, `o pid,comm`): letters, some taking the rest of the word or the next word. */
const PS_BSD_FLAGS = new Set("aTxrfjlZsuvXHmceknSLVwgN");
const PS_BSD_VALUED = new Set("opqtUOk");
const PID_LIST = /^[\d,]+$/;
function psBsdWordsAreKnown(a: readonly string[], p: ParsedFlags): boolean {
  const ops = p.operands;
  for (let k = 0; k < ops.length; k++) {
    const word = a[ops[k] as number] as string;
    if (PID_LIST.test(word)) continue;
    for (let c = 0; c < word.length; c++) {
      const letter = word[c] as string;
      if (PS_BSD_VALUED.has(letter)) {
        // `o pid` takes the next word (an operand right after it), `opid` the rest of this one.
        if (c === word.length - 1) {
          if (ops[k + 1] !== (ops[k] as number) + 1) return false;
          k++;
        }
        break;
      }
      if (!PS_BSD_FLAGS.has(letter)) return false;
    }
  }
  return true;
}
export const ps = command({
  why: "Lists processes; it has no option that writes or runs anything. UNIX, GNU and BSD-style options (`ps aux`) are all checked against its table.",
  accepts: "-AadeNcfFHjlLmMPTVwyZ -C: -G: -g: -p: -q: -s: -t: -u: -U: -O: -o: -n: --deselect --Group= --group= --pid= --ppid= --quick-pid= --sid= --tty= --user= --User= --forest --format= --context --headers --no-headers --no-header --cols= --columns= --width= --rows= --lines= --sort= --cumulative --info --help[=] --version",
  args: psBsdWordsAreKnown,
  example: "ps aux",
});
const pgrep = info0("Finds processes by name (pkill is not read-only).", "-lavwcfinoxALh -F: -r: -d: -g: -G: -P: -s: -t: -u: -U: --delimiter= --list-name --list-full --inverse --lightweight --count --full --pgroup= --group= --ignore-case --newest --oldest --older= --parent= --session= --terminal= --euid= --uid= --exact --pidfile= --logpidfile --runstates= --ignore-ancestors --cgroup= --ns= --nslist= --env= --help --version", "pgrep -l node");
/** lsof's `+` options (`+D DIR`, `+c 15`); `+m` writes a mount supplement file. Their values are operands. */
const LSOF_PLUS = /^\+(?:c|d|D|E|e|f[gG]?|L\d*|M|r[0-9m].*|r|w)$/;
const lsof = command({
  why: "Lists open files. Its -D option builds or updates a device cache file; +m writes a mount supplement.",
  accepts: "-?abhlnNOPRtUvVXEQw -K:: -F:: -g:: -i:: -L:: -o:: -r:: -s:: -S:: -T:: -x:: -f:: -Z:: -c: -d: -e: -p: -u:",
  unsafe: { "-D:": ["writes", "builds or updates a device cache file"] },
  args: (a, p) => operandValues(a, p).every((x) => !x.startsWith("+") || LSOF_PLUS.test(x)),
  example: "lsof -i :8080",
});
const hostname = command({
  why: "Prints the host name; an operand, -F/--file and -b/--boot set it.",
  accepts: "-adfiIAsyV --alias --domain --fqdn --long --all-fqdns --ip-address --all-ip-addresses --short --yp --nis --help --version",
  unsafe: { "-F: --file=": ["state", "sets the host name from FILE"], "-b --boot": ["state", "sets the host name"] },
  args: (a, p) => p.operands.length === 0,
});
const which = info0("Locates a command.", "-as --all --skip-alias --skip-functions --help --version", "which node");
const whereis = info0("Locates a command's files.", "-bmsulgf -B: -M: -S:", "whereis ls");

const MANDB = "-dvrwelaV -s: -m: -M: -L: --debug --verbose --regex --wildcard --exact --long --and --sections= --systems= --manpath= --locale= --help --usage --version";
const apropos = command({ why: "Searches manual page descriptions.", accepts: MANDB, unsafe: { "-C: --config-file=": ["runs", "reads a man-db configuration (it names programs)"] }, example: "apropos grep" });

const man = command({
  why: "Shows manual pages. Pagers, preprocessors, HTML browsers and configuration files name programs it runs.",
  accepts: "-adDfkKwWuiI7 -S: -s: -e: -M: -m: -L: -r: -E: --debug --default --warnings[=] --whatis --apropos --global-apropos --where --path --location --where-cat --location-cat --catman --recode= --locale= --systems= --manpath= --sections= --extension= --ignore-case --match-case --regex --wildcard --names-only --all --update --no-subpages --prompt= --ascii --encoding= --no-hyphenation --nh --no-justification --nj --help --usage --version " + "-0123456789",
  unsafe: {
    "-P: --pager=": ["unwrapped", "runs PAGER"],
    "-C: --config-file=": ["runs", "reads a configuration that names programs"],
    "-p: --preprocessor=": ["runs", "runs preprocessors"],
    "-H:: --html[=]": ["runs", "runs a browser"],
    "-X:: --gxditview[=]": ["runs", "runs gxditview"],
    "-t --troff -T:: --troff-device[=] -Z --ditroff": ["runs", "runs groff on the page source"],
    "-l --local-file": ["runs", "formats a local file (groff requests)"],
  },
  example: "man ls",
});

const info = command({
  why: "Shows Info documents; -o/--output and --dribble write files.",
  accepts: "-ahvw -f: -n: -d: -k: --all --apropos= --directory= --file= --node= --index-search= --show-options --usage --vi-keys --where --location --help --version",
  unsafe: { "-o: --output= --out=": ["writes", "writes the nodes to FILE"], "--dribble=": ["writes", "records keystrokes to FILE"], "--restore=": ["runs", "replays keystrokes from FILE"], "--init-file=": ["runs", "reads key bindings and variables from FILE"] },
  example: "info ls",
});

const tldr = command({ why: "Shows tldr pages (an update writes the cache).", accepts: "-lv -p: -L: --list --platform= --language= --version --help", unsafe: { "-u --update --clear-cache": ["writes", "downloads or clears the page cache"] }, example: "tldr tar" });
const tput = command({ why: "Prints terminal capabilities (escape sequences to the terminal).", accepts: "-SVx -T:", example: "tput cols" });

const nm = command({
  why: "Lists symbols of object files. --plugin loads a shared library into nm.",
  accepts: "-aABCDefgjlnoprsSuUPhVW -t: -X: --debug-syms --print-file-name --format= --demangle[=] --no-demangle --recurse-limit --no-recurse-limit --dynamic --extern-only --ifunc-chars= --just-symbols --line-numbers --numeric-sort --no-sort --portability --reverse-sort --print-size --print-armap --quiet --size-sort --special-syms --synthetic --radix= --target= --undefined-only --defined-only --unicode= --no-weak --with-symbol-versions --without-symbol-versions --help --version",
  unsafe: { "--plugin=": ["runs", "loads NAME as a plugin"] },
  example: "nm -C a.out",
});
const objdump = command({
  why: "Shows object files.",
  accepts: "-afphxdDSsgeGLtTrRviHlFCwz -P: -W:: -b: -m: -j: -M: -E: -I: --archive-headers --file-headers --private-headers --private= --all-headers --disassemble[=] --disassemble-all --source --source-comment[=] --full-contents --debugging --debugging-tags --stabs --dwarf[=] --process-links --ctf[=] --sframe[=] --syms --dynamic-syms --reloc --dynamic-reloc --info --target= --architecture= --section= --disassembler-options= --endian= --file-start-context --include= --line-numbers --file-offsets --demangle[=] --recurse-limit --no-recurse-limit --wide --unicode= --disassemble-zeroes --start-address= --stop-address= --no-addresses --prefix-addresses --no-show-raw-insn --show-raw-insn --insn-width= --adjust-vma= --show-all-symbols --special-syms --inlines --prefix= --prefix-strip= --dwarf-depth= --dwarf-start= --dwarf-check --ctf-parent= --visualize-jumps[=] --disassembler-color= --help --version",
  unsafe: { "--plugin=": ["runs", "loads a plugin"] },
  example: "objdump -d a.out",
});
const readelf = command({
  why: "Shows ELF files.",
  accepts: "-ahlSgtesnrudVADILczTWHvC -x: -p: -R: -w:: -N: -P --all --file-header --program-headers --segments --section-headers --sections --section-groups --section-details --headers --syms --symbols --dyn-syms --lto-syms --sym-base= --demangle[=] --no-demangle --recurse-limit --no-recurse-limit --unicode= --notes --relocs --unwind --dynamic --version-info --arch-specific --archive-index --use-dynamic --lint --enable-checks --hex-dump= --string-dump= --relocated-dump= --decompress --debug-dump[=] --process-links --dwarf-depth= --dwarf-start= --ctf[=] --ctf-parent= --ctf-symbols= --ctf-strings= --sframe[=] --histogram --wide --silent-truncation --help --version",
  example: "readelf -h a.out",
});

const dig = command({
  why: "DNS lookup of the names on the line. -f reads queries from a file (sent to the server), -k/-y sign with a key file.",
  accepts: "-46hmruv -b: -c: -p: -q: -t: -x:",
  unsafe: { "-f:": ["network", "sends every line of FILE to the DNS server as a query"], "-k: -y:": ["network", "reads a TSIG key"] },
  example: "dig example.com",
});
const host = command({ why: "DNS lookup of the name on the line.", accepts: "-46aCdilrsTUvV -c: -N: -R: -t: -W: -m:", example: "host example.com" });

/** nslookup's `-type=A`-style options; without a name (or with `-`) it reads queries from stdin. */
const NSLOOKUP_OPTION = /^-(?:no)?(?:debug|d2|vc|recurse|search|defname|ignoretc|fail)$|^-(?:type|query|querytype|q|t|class|port|timeout|retry|domain|ndots)=[A-Za-z0-9._-]*$/;
const nslookup = command({
  why: "DNS lookup. Without a name, or with `-`, it reads queries from stdin and sends them to the server.",
  anyArgs: true,
  args: (a) => {
    let names = 0;
    for (let i = 1; i < a.length; i++) {
      const x = a[i] as string;
      if (x.startsWith("$")) return false; // could be `-`: queries from stdin
      if (x.startsWith("-")) {
        if (x === "-" || !NSLOOKUP_OPTION.test(x)) return false;
      } else names++;
    }
    return names > 0;
  },
  example: "nslookup example.com",
});

const ping = command({ why: "Sends echo requests to a host.", accepts: "-46aAbBdDLnOqRrUv -c: -i: -I: -l: -m: -M: -p: -Q: -s: -S: -t: -T: -w: -W:", example: "ping -c 1 127.0.0.1" });

const crontab = command({
  why: "Lists the crontab with -l. Editing (-e), removing (-r) or installing a file (an operand) are not read-only.",
  accepts: "-l -u:",
  unsafe: { "-e": ["state", "runs your editor and installs the result"], "-r -i": ["writes", "removes the crontab"] },
  args: (a, p) => operandValues(a, p).length === 0 && a.includes("-l"),
  example: "crontab -l",
});

export const SYSTEM: ReadonlyArray<readonly [string, ReadOnlyCommand]> = [
  ["uname", uname], ["arch", arch], ["nproc", nproc], ["id", id], ["groups", groups], ["whoami", whoami], ["tty", tty], ["locale", locale], ["getconf", getconf],
  ["uptime", uptime], ["w", w], ["who", who], ["users", users], ["last", last], ["cal", cal], ["free", free], ["lsblk", lsblk], ["ps", ps], ["pgrep", pgrep], ["lsof", lsof],
  ["hostname", hostname], ["which", which], ["whereis", whereis], ["apropos", apropos], ["whatis", apropos], ["man", man], ["info", info], ["tldr", tldr], ["tput", tput],
  ["nm", nm], ["objdump", objdump], ["readelf", readelf], ["dig", dig], ["host", host], ["nslookup", nslookup], ["ping", ping], ["crontab", crontab],
];
