/**
 * The exfiltration check's requests: where a secret sits in one (a credential position: an auth
 * header, `-u`; or anywhere else: body, query, URL, input) and which hosts it goes to. `isUse` is
 * the rule: a secret sent only to its own service's hosts is used there, not sent away; so is a
 * credential of unknown service in a credential position; everything else is exfiltration.
 */

import type { Facts, SimpleCommand, Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { values } from "../flags.js";
import { formatted, printedBy } from "../unwrap/printed.js";
import { parseFor } from "../specs.js";
import { hasRun, positionals, type Service, type Source } from "./exfiltration-sources.js";

/** Tools that make a request of their arguments: a secret variable in their words is sent. */
export const REQUESTERS: ReadonlySet<string> = new Set([
  "curl", "wget", "wget2", "http", "https", "xh", "xhs", "httpie", "aria2c", "websocat", "grpcurl", "mosquitto_pub",
  "dig", "nslookup", "host", "drill", "kdig",
]);

/** Options whose value is a header (`Name: value`), per tool. */
const HEADER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  curl: ["-H", "--header", "--proxy-header"], wget: ["--header"], wget2: ["--header"], aria2c: ["--header"],
  grpcurl: ["-H", "-rpc-header", "-reflect-header"], websocat: ["-H", "--header"],
};

/** Options whose whole value is a credential (`-u user:pass`, `--oauth2-bearer T`), per tool. */
const CREDENTIAL_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  curl: ["-u", "--user", "-U", "--proxy-user", "--oauth2-bearer", "-b", "--cookie"],
  wget: ["--user", "--password", "--http-user", "--http-password", "--http-passwd", "--ftp-password", "--proxy-password"],
  wget2: ["--user", "--password", "--http-user", "--http-password", "--proxy-password"],
  http: ["-a", "--auth"], https: ["-a", "--auth"], xh: ["-a", "--auth", "--bearer"], xhs: ["-a", "--auth", "--bearer"], httpie: ["-a", "--auth"],
  aria2c: ["--http-passwd", "--ftp-passwd", "--http-user"], mosquitto_pub: ["-P", "--pw", "-u", "--username"],
};

/** A header that carries a credential: Authorization, X-Vault-Token, PRIVATE-TOKEN, X-Api-Key, Cookie, ... */
const CREDENTIAL_HEADER = /^\s*[A-Za-z0-9_-]*(?:auth|token|key|secret|pass|cookie|session)[A-Za-z0-9_-]*\s*:/i;

/** httpie and xh request items: `Name:value` is a header (`:=`, `:@` are JSON fields). */
const ITEM_TOOLS: ReadonlySet<string> = new Set(["http", "https", "xh", "xhs", "httpie"]);

/** Whether word k of a request carries a credential: an auth header's value, or a credential option's. */
export function isCredentialWord(view: CommandView, k: number): boolean {
  const a = view.args;
  const w = a[k] as string;
  const headers = HEADER_OPTIONS[view.name];
  const creds = CREDENTIAL_OPTIONS[view.name];
  if (headers === undefined && creds === undefined && !ITEM_TOOLS.has(view.name)) return false;
  const prev = k > 1 ? (a[k - 1] as string) : "";
  if (headers !== undefined) {
    if (headers.includes(prev) || endsShortCluster(prev, headers)) return CREDENTIAL_HEADER.test(w);
    for (const h of headers) {
      const attached = h.startsWith("--") || h.startsWith("-r") ? h + "=" : h;
      if (w.startsWith(attached) && w.length > attached.length) return CREDENTIAL_HEADER.test(w.slice(attached.length));
    }
  }
  if (creds !== undefined) {
    if (creds.includes(prev) || endsShortCluster(prev, creds)) return true;
    for (const c of creds) if (w.startsWith(c.startsWith("--") ? c + "=" : c) && w.length > c.length) return true;
  }
  if (ITEM_TOOLS.has(view.name) && !w.startsWith("-") && CREDENTIAL_HEADER.test(w) && !/^[^:]*:[=@]/.test(w)) return true;
  return false;
}

/** curl's options whose value is sent as the query with `-G` (`-G -d key=V URL`). */
const CURL_DATA = ["-d", "--data", "--data-urlencode", "--data-raw", "--data-ascii"];

/**
 * Whether word k of a request puts the secret where `service` takes a credential in the query
 * by design: `https://maps.googleapis.com/...?key=$GOOGLE_API_KEY`, `curl -G -d "key=$K" URL`.
 * Every run-time part of the word must be such a value: the secret is one of them.
 */
export function isQueryCredential(view: CommandView, k: number, service: Service | null): boolean {
  const names = service?.query;
  const w = view.words[k] as Word;
  if (names === undefined || w.dynamic === null) return false;
  const valueAt = (at: number, start: number): boolean => names.some((n) => at - n.length - 1 >= start && w.value.slice(at - n.length - 1, at) === n + "=" && (at - n.length - 1 === start || /[?&]/.test(w.value[at - n.length - 2] as string)));
  const m = URL_AUTHORITY.exec(w.value);
  if (m !== null) {
    const query = w.value.indexOf("?");
    return query > 0 && onService((m[1] as string).replace(/^.*@/, "").replace(/:[^:\]]*$/, "").toLowerCase(), service as Service, m[2] as string)
      && w.dynamic.every(([s]) => s > query && valueAt(s, query));
  }
  // `"$CI_API_V4_URL/jobs?job_token=$CI_JOB_TOKEN"`: a run-time host is taken as the service's, as in isUse.
  const query = w.value.indexOf("?");
  const [first, ...rest] = w.dynamic;
  if (first !== undefined && first[0] === 0 && query >= first[1] && /^[/?]/.test(w.value.slice(first[1])) && isUrlOperand(view, k)) {
    return rest.length > 0 && rest.every(([s]) => s > query && valueAt(s, query));
  }
  // httpie and xh: a `name==value` item is a query parameter.
  if (ITEM_TOOLS.has(view.name)) return names.some((n) => w.value.startsWith(n + "==") && w.dynamic?.every(([s]) => s === n.length + 2) === true);
  if (view.name !== "curl" || k < 2 || !parseFor("curl", view.args).flags.has("get")) return false;
  const prev = view.args[k - 1] as string;
  return (CURL_DATA.includes(prev) || endsShortCluster(prev, CURL_DATA)) && w.dynamic.every(([s]) => valueAt(s, 0) || valueAt(s, w.value.lastIndexOf("&", s)));
}

/**
 * Whether a request reads its headers from what `from` prints, and that is only headers, the
 * run-time ones credential headers: `curl -H @<(echo "Authorization: Bearer $T") URL` (k: the
 * word), `echo "Authorization: Bearer $T" | curl -H @- URL` (k = -1: its input).
 */
export function readsHeaderFile(view: CommandView, k: number, from: CommandView): boolean {
  const headers = HEADER_OPTIONS[view.name];
  if (headers === undefined) return false;
  const a = view.args;
  const isFile = (j: number, file: (v: string) => boolean): boolean => {
    const w = a[j] as string;
    const prev = j > 1 ? (a[j - 1] as string) : "";
    if ((headers.includes(prev) || endsShortCluster(prev, headers)) && w.startsWith("@")) return file(w.slice(1));
    return headers.some((h) => {
      const attached = h.startsWith("--") ? h + "=@" : h + "@";
      return w.startsWith(attached) && file(w.slice(attached.length));
    });
  };
  if (k === -1) {
    // The stage just before it prints its headers: `-H @-`, `-H @/dev/stdin`.
    if (from.sc.pipeline !== view.sc.pipeline || from.sc.stage !== view.sc.stage - 1) return false;
    if (!a.some((_, j) => j > 0 && isFile(j, (f) => f === "-" || f === "/dev/stdin"))) return false;
  } else if (!isFile(k, (f) => f.startsWith("<("))) return false;
  // `@<(echo "Authorization: Bearer $(gh auth token)")`: the printer is the first command in the word, around the source.
  const w = view.words[k];
  const printer = w === undefined ? from.sc : from.facts.commands.find((c) => c.start > w.start && c.end <= w.end) ?? from.sc;
  const text = printedText(printer, from.facts);
  if (text === null) return false;
  const lines = text.split(/\n|\\n/).filter((l) => l.trim() !== "");
  return lines.length > 0 && lines.every((l) => HEADER_LINE.test(l) && (!/[$`%]/.test(l) || CREDENTIAL_HEADER.test(l)));
}

const HEADER_LINE = /^\s*[A-Za-z0-9_-]+\s*:/;

/** What `echo` or `printf` prints, with its run-time parts as written (`$T`); null for other commands. */
function printedText(sc: SimpleCommand, facts: Facts): string | null {
  const printed = printedBy(sc, facts, null);
  if (printed === null) return null;
  const args = sc.argv.map((a) => a.value);
  if (args[0] !== "printf" || printed.exact) return printed.word.value;
  // printf with run-time arguments: its format filled with them as written.
  const k = args[1] === "--" ? 2 : 1;
  return formatted(args[k] ?? "", args.slice(k + 1));
}

/** `-sH` (`-s -H`): a cluster of short flags whose last takes the next word as its value. */
function endsShortCluster(word: string, options: readonly string[]): boolean {
  if (word.length < 3 || word[0] !== "-" || word[1] === "-" || !/^-[A-Za-z0-9#]+$/.test(word)) return false;
  const last = "-" + word[word.length - 1];
  return options.includes(last);
}

/** Where a request goes: its URLs' hosts, and whether some URL's host is only known at run time. */
export interface Destination {
  hosts: readonly string[];
  dynamic: boolean;
  /** The path of the URL each host is from (`/api/v4/projects`); "" for a proxy or a vendor tool's host. */
  paths?: readonly string[];
}

/** Vendor tools whose requests go to their own service (`gh` to GitHub unless `--hostname`). */
const VENDOR_HOSTS: Readonly<Record<string, readonly string[]>> = {
  gh: ["github.com"], aws: ["amazonaws.com"], az: ["management.azure.com"], gsutil: ["storage.googleapis.com"],
};

const URL_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i;

/** The hosts a network tool sends to, as far as its words show them. */
export function destination(view: CommandView): Destination {
  const vendor = VENDOR_HOSTS[view.name];
  if (vendor !== undefined) {
    const k = view.args.findIndex((x) => x === "--hostname" || x.startsWith("--hostname="));
    if (k < 0) return { hosts: vendor, dynamic: false };
    const h = view.args[k] === "--hostname" ? view.args[k + 1] ?? "" : (view.args[k] as string).slice("--hostname=".length);
    return h.includes("$") ? { hosts: [], dynamic: true } : { hosts: [h.toLowerCase()], dynamic: false };
  }
  const hosts: string[] = [];
  const paths: string[] = [];
  let dynamic = false;
  // curl and wget: operands (their flag specs say which words are values); others: every word.
  const parsed = view.name === "curl" || view.name === "wget" ? parseFor(view.name, view.args) : null;
  const operands = parsed === null ? null : new Set(parsed.operands);
  const add = (authority: string, path = ""): void => {
    const host = authority.replace(/^.*@/, "").replace(/:[^:\]]*$/, "").toLowerCase();
    if (host.includes("$") || host.includes("`")) dynamic = true;
    else if (host !== "") {
      hosts.push(host);
      paths.push(path);
    }
  };
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const m = URL_AUTHORITY.exec(w.value);
    if (m !== null) add(m[1] as string, m[2] as string);
    else if (operands?.has(k) === true && w.dynamic === null && BARE_HOST.test(w.value)) {
      // `curl api.github.com/user`: curl and wget take a URL without its scheme.
      const bare = BARE_HOST.exec(w.value) as RegExpExecArray;
      add(bare[1] as string, w.value.slice(bare[0].length - 1).replace(/^[^/?#]*/, ""));
    } else if (w.dynamic !== null && (w.dynamic[0] as [number, number])[0] === 0 && (operands === null ? !w.value.startsWith("-") : operands.has(k))) {
      // `"$GITHUB_API_URL/repos/x"`, `"$URL"`: a run-time host.
      const end = (w.dynamic[0] as [number, number])[1];
      if (end === w.value.length || w.value[end] === "/" || w.value[end] === ":" || w.value[end] === "?") dynamic = true;
    }
  }
  // Its proxies see the request too: `curl -x H`, `--proxy H`, `--socks5 H`; `HTTPS_PROXY=H curl`.
  if (parsed !== null && view.name === "curl") {
    for (const p of [...values(parsed, "proxy"), ...values(parsed, "url")]) add(URL_AUTHORITY.exec(p)?.[1] ?? p.replace(/[/?#].*$/, ""));
  }
  for (const p of proxiesOf(view)) add(URL_AUTHORITY.exec(p)?.[1] ?? p.replace(/[/?#].*$/, ""));
  return { hosts, dynamic, paths };
}

/**
 * A URL without its scheme, as curl and wget take one: `api.github.com/user`, `10.0.0.1:8080`.
 * With a path or port: a bare `ca.pem` may be the value of an option the spec does not know.
 */
const BARE_HOST = /^((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9A-Fa-f:]+\])(?::\d+(?:[/?#]|$)|[/?#])/;

/** The proxy variables curl, wget and their likes read (curl reads `http_proxy` in lower case only, the rest either way). */
const PROXY_VARIABLE = /^(?:https?|all|ftp|socks)_proxy$/i;

/** Proxies set for a request on its line: `HTTPS_PROXY=H curl`, `env https_proxy=H wget`, `export ALL_PROXY=H; curl`. */
function proxiesOf(view: CommandView): string[] {
  if (DNS_TOOLS.has(view.name)) return NO_PROXIES;
  let out: string[] | null = null;
  const sc = view.sc;
  for (const a of sc.assignments) if (a.value !== null && PROXY_VARIABLE.test(a.name)) (out ??= []).push(a.value.value);
  // `env NAME=V curl`: words of the line before the request's own.
  const first = view.words[0];
  for (const w of sc.argv) {
    if (first !== undefined && w.start >= first.start) break;
    const eq = w.value.indexOf("=");
    if (eq > 0 && PROXY_VARIABLE.test(w.value.slice(0, eq))) (out ??= []).push(w.value.slice(eq + 1));
  }
  // Set earlier on the line: `export https_proxy=H; curl ...`, `all_proxy=H; curl ...`.
  for (const c of view.facts.commands) {
    if (c === sc || c.start > sc.start) continue;
    if (c.argv.length === 0) for (const a of c.assignments) if (a.value !== null && PROXY_VARIABLE.test(a.name)) (out ??= []).push(a.value.value);
    if (c.argv[0]?.value === "export") {
      for (const w of c.argv.slice(1)) {
        const eq = w.value.indexOf("=");
        if (eq > 0 && PROXY_VARIABLE.test(w.value.slice(0, eq))) (out ??= []).push(w.value.slice(eq + 1));
      }
    }
  }
  return out ?? NO_PROXIES;
}

const NO_PROXIES: string[] = [];

/** DNS tools: their operands are names to look up, sent to a resolver. */
const DNS_TOOLS: ReadonlySet<string> = new Set(["dig", "nslookup", "host", "drill", "kdig"]);

/** Whether word k of a request is where its URL goes (curl's and wget's operands, others' non-option words). */
export function isUrlOperand(view: CommandView, k: number): boolean {
  if (DNS_TOOLS.has(view.name)) return false;
  if (view.name === "curl" || view.name === "wget") return parseFor(view.name, view.args).operands.includes(k);
  return !(view.words[k] as Word).value.startsWith("-");
}

function onService(host: string, service: Service, path: string): boolean {
  return service.hosts.some((s) => host === s || host.endsWith("." + s)) || (service.api?.test(path) === true && service.selfHosted?.test(host) === true);
}

/**
 * The rule: whether a secret reaching a request is used there rather than sent away. Only a
 * credential (a token or password, not a dump) in a credential position (an auth header, `-u`,
 * `gh auth login --with-token`'s input) is used: one of a known service when every URL is on
 * that service's hosts, is its self-hosted API (`https://gitlab.corp/api/v4/...`: the product's
 * own path, on a host the line cannot know) or has a run-time host (`$GITHUB_API_URL/user`), one of unknown service
 * (`$API_TOKEN`, `pass show x`) to any host. A body, query, URL, form or input is exfiltration.
 */
export function isUse(source: Source, to: Destination, credentialPosition: boolean): boolean {
  if (!credentialPosition || !source.credential) return false;
  const service = source.service;
  if (service === null) return true;
  return to.hosts.every((h, k) => onService(h, service, to.paths?.[k] ?? "")) && (to.hosts.length > 0 || to.dynamic);
}

/** Network tools that read a credential on stdin to log in with it: `gh auth login --with-token`. */
export function readsCredentialInput(view: CommandView): boolean {
  return view.name === "gh" && view.args.includes("--with-token") && hasRun(positionals(view.args), ["auth", "login"]);
}

/** The advice a finding ends with, for a source. */
export function advice(source: Source): string {
  if (source.service !== null) return `send a credential for ${source.service.name} only to ${source.service.name} (${source.service.hosts.join(", ")})${source.credential ? ", in an Authorization header" : ""}.`;
  if (source.credential) return "pass a credential only where it authenticates (an Authorization header, -u), not in a body, URL or input.";
  if (source.what.startsWith("the environment")) return "an environment dump holds every token in it; send only the variables needed.";
  return "a secret must not leave this machine.";
}
