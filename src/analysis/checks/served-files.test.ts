/** Web servers publishing a directory (served-files.ts): generated over servers × roots × how the root is reached. */

import { describe, it } from "vitest";
import { cases, verify, type Row } from "../test-helpers.js";

const EXFIL = "secret/exfiltration";
const fill = (template: string, x: string): string => template.replaceAll("%", x);
const leaks = (cmds: readonly string[]): Row[] => cmds.flatMap((c): Row[] => [[c, [EXFIL], "has", true], [c, [EXFIL], "has"]]);
const quiet = (cmds: readonly string[]): Row[] => cmds.flatMap((c): Row[] => [[c, [], "exact", true], [c, [], "exact"]]);

/** A server given its root. */
const GIVEN = [
  "python3 -m http.server --directory % 8000", "python3 -m http.server 8000 -d %", "python3.12 -m http.server --directory=%", "python -mhttp.server -d %",
  "php -S 0.0.0.0:8000 -t %", "php8.2 -S localhost:8080 -t%", "ruby -run -e httpd % -p 8000", "ruby -r un -e httpd %", "busybox httpd -f -h %",
  "npx http-server % -p 8080", "http-server -p 8080 %", "npx serve %", "darkhttpd % --port 8080", "caddy file-server --root %", "caddy file-server -r %",
];
/** A server on the working directory, after a cd. */
const IN_CWD = ["python3 -m http.server", "python2 -m SimpleHTTPServer 8000", "php -S localhost:8000", "ruby -run -e httpd . -p 8000", "npx http-server", "caddy file-server"];
const SECRET_ROOTS = ["~/.ssh", "$HOME/.aws", "~", "/home/u", "/", "/home", "~/.gnupg"];
const PLAIN_ROOTS = ["dist", "./public", "docs/_build/html", "/tmp/site", "~/projects/site/out"];

describe("secret/exfiltration: a web server publishing secrets", () => {
  it.each(cases([
    ...leaks(GIVEN.flatMap((g) => SECRET_ROOTS.map((r) => fill(g, r)))),
    ...leaks(IN_CWD.flatMap((s) => ["~/.ssh", "~", "$HOME/.aws"].flatMap((d) => [`cd ${d} && ${s}`, `cd ${d}; ${s}`]))),
    ...quiet([
      ...GIVEN.flatMap((g) => PLAIN_ROOTS.map((r) => fill(g, r))),
      ...IN_CWD, ...IN_CWD.map((s) => `cd dist && ${s}`), "(cd ~/.ssh && ls); python3 -m http.server",
      "python3 -m pip install x", "python3 script.py ~/.ssh", "php -r 'echo 1;'", "ruby -e 'puts 1'", "httpd -k start", "caddy run", "serve",
      "http-server -S -C cert.pem -K key.pem", "http-server -d false -p 8080", "npx http-server dist -S -C cert.pem",
    ]),
  ]))("%s", (_title, row) => verify(row, EXFIL));
});
