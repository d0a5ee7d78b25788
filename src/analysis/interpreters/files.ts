/**
 * What interpreter code does with files and the network, beside what it runs: the files it writes
 * (judged as a redirect to the same path would be), the files it reads in a program that also
 * talks to the network (judged as an upload of that file), and a network socket wired to a shell
 * (a reverse shell). Per language, the calls that write, read, connect and wire descriptors.
 */

import type { Language } from "./language.js";
import { HOME, MARKER, type Token } from "./lexer.js";
import { pathValue } from "./paths.js";

/**
 * How a call uses a path: `write`/`read` its argument `at`; `mode`: its argument `at`, written when
 * the mode argument `mode` (or a `mode=` option) says so, else read.
 */
interface FileCall {
  fns: readonly string[];
  /** The module a bare name needs the code to name (`fs` for `writeFileSync`); "" for builtins. */
  mod: string;
  how: "write" | "read" | "mode";
  at: number;
  mode?: number;
}

const FILE_CALLS: Readonly<Record<string, readonly FileCall[]>> = {
  python: [
    { fns: ["open", "io.open", "codecs.open"], mod: "", how: "mode", at: 0, mode: 1 },
    { fns: ["os.open"], mod: "", how: "mode", at: 0, mode: 1 },
    { fns: ["shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.move", "os.rename", "os.replace", "os.symlink", "os.link"], mod: "", how: "write", at: 1 },
  ],
  node: [
    { fns: ["writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream"], mod: "fs", how: "write", at: 0 },
    { fns: ["fs.promises.writeFile", "fs.promises.appendFile", "Bun.write", "Deno.writeTextFile", "Deno.writeTextFileSync", "Deno.writeFile", "Deno.writeFileSync"], mod: "", how: "write", at: 0 },
    { fns: ["copyFileSync", "copyFile", "renameSync", "rename", "cpSync", "cp", "symlinkSync", "symlink", "linkSync", "link"], mod: "fs", how: "write", at: 1 },
    { fns: ["openSync", "open"], mod: "fs", how: "mode", at: 0, mode: 1 },
    { fns: ["readFileSync", "readFile", "createReadStream"], mod: "fs", how: "read", at: 0 },
    { fns: ["fs.promises.readFile", "Bun.file", "Deno.readTextFile", "Deno.readTextFileSync", "Deno.readFile", "Deno.readFileSync"], mod: "", how: "read", at: 0 },
  ],
  ruby: [
    { fns: ["File.write", "IO.write", "File.binwrite", "IO.binwrite"], mod: "", how: "write", at: 0 },
    { fns: ["File.open", "File.new", "open", "Kernel.open", "IO.open"], mod: "", how: "mode", at: 0, mode: 1 },
    { fns: ["FileUtils.cp", "FileUtils.mv", "FileUtils.copy", "FileUtils.move", "FileUtils.copy_file", "FileUtils.install", "FileUtils.ln", "FileUtils.ln_s", "FileUtils.ln_sf", "File.rename", "File.symlink", "File.link"], mod: "", how: "write", at: 1 },
    { fns: ["File.read", "IO.read", "File.readlines", "IO.readlines", "File.binread", "IO.binread", "File.foreach", "IO.foreach"], mod: "", how: "read", at: 0 },
  ],
  php: [
    { fns: ["file_put_contents"], mod: "", how: "write", at: 0 },
    { fns: ["fopen", "SplFileObject"], mod: "", how: "mode", at: 0, mode: 1 },
    { fns: ["copy", "rename", "symlink", "link"], mod: "", how: "write", at: 1 },
    { fns: ["file_get_contents", "file", "readfile", "parse_ini_file"], mod: "", how: "read", at: 0 },
  ],
  perl: [
    { fns: ["copy", "move", "File.Copy.copy", "File.Copy.move", "rename", "symlink", "link"], mod: "", how: "write", at: 1 },
    { fns: ["write_file", "append_file", "File.Slurp.write_file", "File.Slurp.append_file"], mod: "", how: "write", at: 0 },
    { fns: ["read_file", "File.Slurp.read_file"], mod: "", how: "read", at: 0 },
    { fns: ["sysopen"], mod: "", how: "mode", at: 1, mode: 2 },
  ],
};

/** Calls that talk to the network, per language (the called name, dotted). */
const NETWORK: Readonly<Record<string, RegExp>> = {
  python: /^(?:requests|httpx|aiohttp|urllib3|pycurl|ftplib|smtplib|websocket|paramiko|urllib\.request|urllib2|http\.client)\.|^(?:urlopen|socket|create_connection|socket\.socket|socket\.create_connection)$|(?:^|\.)(?:urlopen|sendall|HTTPS?Connection)$/,
  node: /^(?:fetch|axios|WebSocket|XMLHttpRequest|EventSource|Bun\.connect|Deno\.connect|Deno\.connectTls)$|^(?:axios|https?|http2|net|tls|dgram|undici|got|needle|superagent)\.\w+$|(?:^|\.)createConnection$/,
  ruby: /^(?:Net\.HTTP|HTTParty|Faraday|RestClient|Excon|HTTPX?|URI\.open)(?:\.|$)/,
  perl: /^(?:IO\.Socket|LWP|HTTP\.Tiny|Net\.|WWW\.Mechanize|Mojo\.UserAgent|Furl)|^(?:socket|getstore|mirror)$/,
  php: /^(?:fsockopen|pfsockopen|stream_socket_client|socket_create|socket_connect|curl_init|curl_exec|ftp_connect|ftp_ssl_connect|ssh2_connect|mail)$/,
};

/** Calls that open a network socket (a connection a shell could be wired to). */
const SOCKET: Readonly<Record<string, RegExp>> = {
  python: /^(?:socket|socket\.socket|socket\.create_connection|create_connection|socket\.fromfd)$/,
  node: /^(?:net|tls)\.(?:connect|createConnection|Socket)$|^(?:Bun\.connect|Deno\.connect|Deno\.connectTls)$|^\.(?:connect|createConnection)$/,
  ruby: /^(?:TCPSocket|UDPSocket|Socket|UNIXSocket|OpenSSL\.SSL\.SSLSocket)\.(?:new|open|tcp|udp)$/,
  perl: /^(?:socket|IO\.Socket(?:\.\w+)*)$/,
  php: /^(?:fsockopen|pfsockopen|stream_socket_client|socket_create)$/,
};

/**
 * Code that hands a descriptor to another (`os.dup2`, perl's `open(STDIN, ">&S")`, ruby's
 * `:in => s` / `$stdin.reopen`, node's `.pipe(`), tested on the code's text.
 */
const WIRE: Readonly<Record<string, RegExp>> = {
  python: /\bdup2\s*\(|\bstd(?:in|out)\s*=\s*\w+\.fileno\(\)|\bpty\.spawn\b/,
  node: /\.pipe\s*\(|\bstdio\s*:\s*\[\s*\w+\s*,/,
  ruby: /(?::in|:out|:err|\bin:|\bout:|\berr:)\s*(?:=>)?\s*\w|\[\s*:in\b|\.reopen\s*\(|\bIO\.dup2\b|[<>]&\s*(?:\d|%d|#\{)/,
  perl: /\bopen\s*\(?\s*\*?STD(?:IN|OUT|ERR)\s*,\s*["']\s*[<>+]*&|\bdup2\s*\(|\bfdopen\s*\(/,
  php: /\bproc_open\s*\([^;]*\$\w+|[<>]&\s*\d/,
};

/** The network module a bare node call (`.connect(`, `.request(`) belongs to, when the code loads it. */
const NODE_NET_MODULE = /\brequire\s*\(\s*["'`](?:node:)?(?:net|tls|https?|http2|dgram)["'`]\s*\)|\bfrom\s+["'`](?:node:)?(?:net|tls|https?|http2|dgram)["'`]/;

const lastSegment = (id: string): string => id.slice(id.lastIndexOf(".") + 1);

/** The file call a name makes (`fs.writeFileSync`; `writeFileSync` when the code names `fs`). */
function fileCallOf(lang: Language, id: string, code: string): FileCall | null {
  const table = FILE_CALLS[lang.name];
  if (table === undefined) return null;
  const name = id.replace(/^\./, "");
  for (const c of table) {
    // `f.open(…)` is another object's method; `require("fs").writeFileSync(…)` names its module.
    if (c.mod === "" && !id.startsWith(".") && c.fns.includes(name)) return c;
    if (c.mod !== "" && c.fns.includes(lastSegment(name)) && new RegExp(`\\b${c.mod}\\b`).test(code)) return c;
  }
  return null;
}

/** A mode that writes: a string with w, a, x or + before any `:encoding`, or O_WRONLY-style flags. */
function writesMode(mode: readonly Token[] | undefined): boolean {
  if (mode === undefined) return false;
  if (mode.some((t) => t.k === "id" && /WRONLY|RDWR|APPEND|CREAT|TRUNC/.test(t.v))) return true;
  const str = mode.find((t) => t.k === "str");
  return str !== undefined && /[wax+]/.test(str.v.split(":")[0] as string);
}

/** `mode="a"` (python), `mode: "a"` (ruby) among the arguments. */
function modeOption(args: readonly Token[][]): Token[] | undefined {
  const opt = args.find((a) => a[0]?.v === "mode" && (a[1]?.v === "=" || a[1]?.v === ":"));
  return opt?.slice(2);
}

export interface FileUse {
  how: "write" | "read";
  path: string;
  api: string;
}

/** What a call at token `i` does with a file, given its arguments; null when it is no file call. */
export function fileUse(lang: Language, id: string, args: readonly Token[][], code: string): FileUse | null {
  const call = fileCallOf(lang, id, code);
  if (call === null) return null;
  const api = id.replace(/^\./, "");
  const arg = args[call.at];
  if (arg === undefined) return null;
  let how: "write" | "read" = call.how === "mode" ? "read" : call.how;
  if (call.how === "mode") {
    const positional = args.filter((a) => !(a[1]?.v === "=" || (a[1]?.v === ":" && a[0]?.k === "id")));
    if (writesMode(modeOption(args) ?? positional[call.mode as number])) how = "write";
  }
  const path = pathValue(arg);
  // ruby's `open("|cmd")`, `IO.write("|cmd", …)`: a command (calls.ts), not a file.
  if (path.startsWith("|") || path === MARKER) return null;
  return { how, path, api };
}

/** Python's pathlib: `Path(p).write_text(…)`, `(Path.home() / ".x").open("a")`, `p.read_text()`: the receiver is the path. */
export function pathlibUse(tokens: readonly Token[], i: number, args: readonly Token[][]): FileUse | null {
  const m = /^\.(write_text|write_bytes|read_text|read_bytes|open|touch|symlink_to|hardlink_to)$/.exec((tokens[i] as Token).v);
  if (m === null) return null;
  const method = m[1] as string;
  const from = receiverStart(tokens, i);
  if (from === i) return null;
  const path = pathValue(tokens.slice(from, i));
  // A pathlib path: built by Path…(), or the home (`Path.home()`, `expanduser`).
  if (path === MARKER || !(path.includes(HOME) || tokens.slice(from, i).some((t) => t.k === "id" && /Path/.test(t.v)))) return null;
  const how = /^(?:write|touch|symlink|hardlink)/.test(method) || (method === "open" && writesMode(modeOption(args) ?? args[0])) ? "write" : "read";
  return { how, path, api: `Path.${method}` };
}

/** Where the receiver of the method at `i` starts: back over names, calls and brackets. */
function receiverStart(tokens: readonly Token[], i: number): number {
  let j = i - 1;
  while (j >= 0) {
    const t = tokens[j] as Token;
    if (t.k === "p" && (t.v === ")" || t.v === "]")) {
      let depth = 0;
      for (; j >= 0; j--) {
        const v = (tokens[j] as Token).v;
        if (v === ")" || v === "]") depth++;
        else if ((v === "(" || v === "[") && --depth === 0) break;
      }
      const before = tokens[j - 1];
      if (before?.k === "id") {
        j--;
        if (!before.v.startsWith(".")) return j;
      } else return j;
      j--;
    } else if (t.k === "id") return t.v.startsWith(".") ? j - 1 >= 0 && tokens[j - 1]?.v === ")" ? j - 1 : j : j;
    else if (t.k === "str") return j;
    else return j + 1;
  }
  return 0;
}

/** Whether the named call opens a network connection, and whether that is a socket. */
export function networkCall(lang: Language, id: string, code: string): { network: boolean; socket: boolean } {
  if (id.startsWith(".")) {
    // `require("net").connect(…)`, `new (require("https")).request`: a method of a network module the code loads.
    const bare = lang.name === "node" && /^\.(?:connect|createConnection|request|get|post)$/.test(id) && NODE_NET_MODULE.test(code);
    return { network: bare, socket: bare && /connect|createConnection/i.test(id) };
  }
  const socket = SOCKET[lang.name]?.test(id) ?? false;
  return { network: socket || (NETWORK[lang.name]?.test(id) ?? false), socket };
}

/** Names whose presence may make a file, network or descriptor call: code with none has none. */
export function fileHint(lang: Language): string {
  const fns = (FILE_CALLS[lang.name] ?? []).flatMap((c) => c.fns.map(lastSegment));
  return `\\b(?:${[...new Set(fns)].join("|")}|write_text|write_bytes|read_text|read_bytes|socket|Socket|connect|fetch|request|urlopen|requests|httpx|fsockopen|stream_socket_client|curl_init|LWP|HTTP|Net|axios|WebSocket|net|tls|https?|dup2|pipe)\\b`;
}

/** The code hands a descriptor to another (dup2, `>&S`, `:in => s`, `.pipe(`). */
export function wiresDescriptors(lang: Language, code: string): boolean {
  return WIRE[lang.name]?.test(code) ?? false;
}

/** A shell started with no command to run (`sh -i`, `/bin/bash`, `cmd.exe`): it runs what it reads. */
export function interactiveShell(argv: readonly string[]): boolean {
  const prog = (argv[0] ?? "").trim().split(/[\\/]/).pop() ?? "";
  return /^(?:(?:ba|da|z|k|c|tc|a|mk|y|fi)?sh|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh)$/.test(prog) && !argv.slice(1).some((a) => /^-\w*c\w*$/.test(a) || a === "/c");
}
