/**
 * A web server started on a directory publishes every file under it: `python3 -m http.server
 * --directory ~/.ssh`, `cd ~/.aws && python3 -m http.server`, `php -S 0.0.0.0:8000 -t ~`, `ruby
 * -run -e httpd ~`, `busybox httpd -h ~/.ssh`, `npx http-server ~`, `caddy file-server --root ~`.
 * A root that is a secret, holds one (`~/.ssh`, `~/.aws`, home) or holds home (`/`, `/home`) is
 * secret/exfiltration: whoever reaches the port reads the keys. The root is resolved after the
 * line's `cd`s (the check's context).
 */

import type { CheckContext, CommandCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { display, resolveText } from "./secrets-reads.js";
import { isSecretContainer, isSecretPathIn, secretMatcher } from "./secrets-paths.js";

/** The directory a server publishes (its text as written, "." for the working directory), or null when the command serves none. */
type Root = (args: readonly string[]) => string | null;

/** The first operand, skipping the values of `valued` options; `fallback` when there is none. */
const operand = (valued: RegExp, from = 1, fallback: string | null = "."): Root => (args) => {
  for (let k = from; k < args.length; k++) {
    const a = args[k] as string;
    if (a === "--") return args[k + 1] ?? fallback;
    if (a.startsWith("-")) {
      if (valued.test(a) || args[k + 1] === "true" || args[k + 1] === "false") k++;
      continue;
    }
    return a;
  }
  return fallback;
};

/** The value of an option (`-t D`, `-tD`, `--root D`, `--root=D`), or `fallback`. */
const option = (short: string, long: string, args: readonly string[], fallback: string, from = 1): string => {
  for (let k = from; k < args.length; k++) {
    const a = args[k] as string;
    if (a === short || a === long) return args[k + 1] ?? fallback;
    if (long !== "" && a.startsWith(`${long}=`)) return a.slice(long.length + 1);
    if (short !== "" && a.startsWith(short) && !a.startsWith("--")) return a.slice(short.length);
  }
  return fallback;
};

/** `python3 -m http.server [PORT] [-d|--directory D]`, `python2 -m SimpleHTTPServer` (the working directory). */
const python: Root = (args) => {
  const m = args.findIndex((a, k) => k > 0 && ((a === "-m" && /^(?:http\.server|SimpleHTTPServer)$/.test(args[k + 1] ?? "")) || a === "-mhttp.server" || a === "-mSimpleHTTPServer"));
  if (m < 0) return null;
  return option("-d", "--directory", args, ".", m + (args[m] === "-m" ? 2 : 1));
};

/** `php -S ADDR [-t D]`: the built-in server, rooted at -t or the working directory. */
const php: Root = (args) => (args.some((a, k) => k > 0 && (a === "-S" || (a.startsWith("-S") && a.length > 2))) ? option("-t", "--docroot", args, ".") : null);

/** `ruby -run -e httpd [D] [-p PORT]` (un.rb's httpd). */
const ruby: Root = (args) => {
  const e = args.findIndex((a, k) => k > 0 && ((a === "-e" && args[k + 1] === "httpd") || a === "-ehttpd"));
  if (e < 0 || !args.some((a, k) => a === "-run" || (a === "-r" && args[k + 1] === "un"))) return null;
  return operand(/^-(?:p|b|-port|-bind-address|-do-not-reverse-lookup|-request-timeout|-max-clients)$/, e + (args[e] === "-e" ? 2 : 1))(args);
};

const SERVERS: Readonly<Record<string, Root>> = {
  // busybox's applet (busybox is a wrapper: `busybox httpd` is this view); Apache's httpd takes no -h DIR.
  httpd: (args) => option("-h", "", args, "") || null,
  // Its -d and -i take an optional `false`, skipped as a value would be.
  "http-server": operand(/^-(?:p|a|e|c|t|P|C|K|-port|-proxy|-username|-password|-cert|-key|-ext|-cors)$/),
  serve: operand(/^-(?:l|p|c|-listen|-config|-ssl-cert|-ssl-key|-ssl-pass)$/),
  darkhttpd: operand(/^--(?:port|addr|maxconn|log|chroot|index|mimetypes|default-mimetype|uid|gid|pidfile|auth|header)$/, 1, null),
  caddy: (args) => (args[1] === "file-server" ? option("-r", "--root", args, ".", 2) : null),
};

function rootOf(view: CommandView): string | null {
  const name = view.name;
  if (name.startsWith("python") || name.startsWith("pypy")) return python(view.args);
  if (name.startsWith("php")) return php(view.args);
  if (name.startsWith("ruby")) return ruby(view.args);
  return SERVERS[name]?.(view.args) ?? null;
}

function check(view: CommandView, ctx: CheckContext): FindingDraft[] {
  const text = rootOf(view);
  if (text === null) return NONE;
  const root = resolveText(text, ctx.paths);
  if (root === null) return NONE;
  const m = secretMatcher(ctx.options);
  const home = ctx.paths.home;
  const exposed = isSecretPathIn(m, root) || isSecretContainer(m, root) || root === "/" || home.startsWith(`${root}/`);
  if (!exposed) return NONE;
  return [{ id: "secret/exfiltration", message: `${view.name} publishes ${display(root, ctx.paths)} over the network, with the secrets in it: whoever reaches the port can read them. Serve a directory that holds only what you mean to share.` }];
}

const NONE: FindingDraft[] = [];

export const servedFiles: CommandCheck = {
  name: "secret",
  commands: ["python*", "pypy*", "php*", "ruby*", ...Object.keys(SERVERS)],
  findings: {
    "secret/exfiltration": { description: "A secret's content sent over the network, or a directory holding secrets published by a web server (python -m http.server in ~/.ssh)." },
  },
  check,
};
