/**
 * The exfiltration check's secrets that are not files (what a request does with them:
 * exfiltration-requests.ts).
 *
 * Sources: a command whose output is a secret — an environment dump (`env`, `printenv`, bare
 * `set`, `export -p`, `declare -x`, `/proc/<pid>/environ`), a token printer (`gh auth token`,
 * `gcloud auth print-access-token`, `pass show X`, `vault kv get`, ...), or a printer of a secret
 * variable (`echo "$GITHUB_TOKEN"`) — and a secret variable named in a request's own words.
 *
 * Sinks: where in a request a secret sits (a credential position: an auth header, `-u`; or
 * anywhere else: body, query, URL, input) and which hosts it goes to. `isUse` is the rule: a
 * secret sent only to its own service's hosts is used there, not sent away; so is a credential of
 * unknown service in a credential position; everything else reaching the network is exfiltration.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import { SOCAT_FILE, type SecretHit } from "./secrets-reads.js";
import { isSecretVariable } from "./exfiltration-names.js";

/** A secret that is not a file: where it comes from, and the service it belongs to. */
export interface Source {
  /** For the message: `the environment (env)`, `the output of gh auth token`, `$GITHUB_TOKEN`. */
  what: string;
  /** The service's name and host suffixes; null when the service is unknown or there is none. */
  service: Service | null;
  /** A token or password a request carries as a credential (a header, `-u`); not a dump of many secrets. */
  credential: boolean;
}

export interface Service {
  name: string;
  hosts: readonly string[];
  /** A self-hosted edition's API path (GitHub Enterprise Server's `/api/v3/`, GitLab's `/api/v4/`), on a host `selfHosted` names. */
  api?: RegExp;
  /**
   * What a self-hosted edition's host says of it (`gitlab.corp.example`, `github.corp.example`):
   * a path alone is any attacker's for the asking (`https://evil.example/api/v4/`).
   */
  selfHosted?: RegExp;
  /** Query parameters its API takes a credential in by design (Google's `key=`). */
  query?: readonly string[];
}

const GITHUB: Service = { name: "GitHub", hosts: ["github.com", "githubusercontent.com", "ghcr.io", "ghe.com"], api: /^\/api\/(?:v3|graphql|uploads)(?:[/?#]|$)/, selfHosted: /(?:^|\.)[^.]*(?:github|ghe)[^.]*\./ };
const GITLAB: Service = { name: "GitLab", hosts: ["gitlab.com"], query: ["private_token", "job_token"], api: /^(?:\/[^/?#]+)?\/api\/v4(?:[/?#]|$)/, selfHosted: /(?:^|\.)[^.]*gitlab[^.]*\./ };
const GOOGLE: Service = { name: "Google Cloud", hosts: ["googleapis.com", "gcr.io", "pkg.dev", "google.com"], query: ["key"] };
/** An identity token is made for one's own Cloud Run or Cloud Functions service. */
const GOOGLE_ID: Service = { name: "Google Cloud", hosts: [...GOOGLE.hosts, "run.app", "cloudfunctions.net", "appspot.com"] };
const AWS: Service = { name: "AWS", hosts: ["amazonaws.com", "amazonaws.com.cn", "aws.amazon.com"] };
const AZURE: Service = { name: "Azure", hosts: ["azure.com", "azure.net", "windows.net", "microsoft.com", "microsoftonline.com", "azurecr.io"] };
const HEROKU: Service = { name: "Heroku", hosts: ["heroku.com"] };

/** Secret variables by vendor prefix (`GITHUB_TOKEN`, `GH_TOKEN`, `NPM_TOKEN`, `AWS_SECRET_ACCESS_KEY`). */
const VARIABLE_SERVICES: ReadonlyArray<readonly [prefix: string, service: Service]> = [
  ["GITHUB_", GITHUB], ["GH_", GITHUB], ["GITLAB_", GITLAB], ["CI_JOB_", GITLAB], ["AWS_", AWS], ["GOOGLE_", GOOGLE], ["GEMINI_", GOOGLE], ["YOUTUBE_", GOOGLE], ["FIREBASE_", GOOGLE],
  ["GCP_", GOOGLE], ["GCLOUD_", GOOGLE], ["AZURE_", AZURE], ["ARM_", AZURE], ["HEROKU_", HEROKU],
  ["NPM_", { name: "npm", hosts: ["npmjs.org", "npmjs.com"] }], ["NODE_AUTH_", { name: "npm", hosts: ["npmjs.org", "npmjs.com"] }],
  ["OPENAI_", { name: "OpenAI", hosts: ["openai.com"] }], ["ANTHROPIC_", { name: "Anthropic", hosts: ["anthropic.com"] }],
  ["SLACK_", { name: "Slack", hosts: ["slack.com"] }], ["CLOUDFLARE_", { name: "Cloudflare", hosts: ["cloudflare.com"] }],
  ["HF_", { name: "Hugging Face", hosts: ["huggingface.co"] }], ["HUGGINGFACE_", { name: "Hugging Face", hosts: ["huggingface.co"] }],
  ["DOCKER_", { name: "Docker", hosts: ["docker.io", "docker.com"] }], ["DOCKERHUB_", { name: "Docker", hosts: ["docker.io", "docker.com"] }],
];

export { isConnectionVariable, isSecretVariable } from "./exfiltration-names.js";

function variableService(name: string): Service | null {
  for (const [prefix, service] of VARIABLE_SERVICES) if (name.startsWith(prefix)) return service;
  return null;
}

/** The source a secret variable is, by name. */
export function variableSource(name: string): Source {
  return { what: `$${name}`, service: variableService(name), credential: true };
}

/** The first secret variable a word expands (`$GITHUB_TOKEN`, `${NPM_TOKEN}`, `${X:-$Y}`' X), or null. */
export function secretVariableIn(w: Word): string | null {
  const d = w.dynamic;
  if (d === null) return null;
  for (const [s, e] of d) {
    const m = VARIABLE_REF.exec(w.value.slice(s, e));
    if (m !== null && isSecretVariable(m[1] as string)) return m[1] as string;
  }
  return null;
}

const VARIABLE_REF = /^\$\{?#?([A-Za-z_][A-Za-z0-9_]*)/;

// ---------------------------------------------------------------------------------------------
// Commands whose output is a secret

/** One command that prints a secret: its subcommand words, a condition on its arguments, what it is. */
interface Printer {
  path: readonly string[];
  when?: (args: readonly string[]) => boolean;
  service: Service | null;
  /** It prints one token or password (a credential), not a dump, a key or a config. */
  credential: boolean;
  /** How the message names it, when not by its subcommand words. */
  label?: string;
}

const any = (...opts: string[]) => (args: readonly string[]): boolean => args.some((a) => opts.some((o) => a === o || a.startsWith(o + "=")));
const none = (...opts: string[]) => (args: readonly string[]): boolean => !any(...opts)(args);

/** Token printers, password stores and secret managers, by command name. */
const PRINTERS: Readonly<Record<string, readonly Printer[]>> = {
  gh: [
    { path: ["auth", "token"], service: GITHUB, credential: true },
    { path: ["auth", "status"], when: any("--show-token", "-t"), service: GITHUB, credential: true },
  ],
  gcloud: [
    { path: ["auth", "print-access-token"], service: GOOGLE, credential: true },
    { path: ["auth", "print-identity-token"], service: GOOGLE_ID, credential: true },
    { path: ["auth", "application-default", "print-access-token"], service: GOOGLE, credential: true },
    { path: ["config", "config-helper"], service: GOOGLE, credential: false },
    { path: ["secrets", "versions", "access"], service: null, credential: true },
  ],
  aws: [
    { path: ["configure", "export-credentials"], service: AWS, credential: false },
    { path: ["configure", "get"], when: (a) => a.some((x) => /secret_access_key|session_token/i.test(x)), service: AWS, credential: true },
    { path: ["sts", "get-session-token"], service: AWS, credential: false },
    { path: ["sts", "assume-role"], service: AWS, credential: false },
    { path: ["sts", "assume-role-with-web-identity"], service: AWS, credential: false },
    { path: ["sts", "assume-role-with-saml"], service: AWS, credential: false },
    { path: ["sts", "get-federation-token"], service: AWS, credential: false },
    { path: ["ecr", "get-login-password"], service: AWS, credential: true },
    { path: ["ecr-public", "get-login-password"], service: AWS, credential: true },
    { path: ["codeartifact", "get-authorization-token"], service: AWS, credential: true },
    { path: ["secretsmanager", "get-secret-value"], service: null, credential: true },
    { path: ["ssm", "get-parameter"], when: any("--with-decryption"), service: null, credential: true },
    { path: ["ssm", "get-parameters"], when: any("--with-decryption"), service: null, credential: true },
    { path: ["ssm", "get-parameters-by-path"], when: any("--with-decryption"), service: null, credential: false },
  ],
  az: [
    { path: ["account", "get-access-token"], service: AZURE, credential: true },
    { path: ["acr", "login"], when: any("--expose-token"), service: AZURE, credential: true },
    { path: ["keyvault", "secret", "show"], service: null, credential: true },
  ],
  kubectl: [
    { path: ["config", "view"], when: (a) => a.some((x) => x === "--raw" || x === "--raw=true"), service: null, credential: false },
    { path: ["create", "token"], service: null, credential: true },
  ],
  oc: [
    { path: ["config", "view"], when: (a) => a.some((x) => x === "--raw" || x === "--raw=true"), service: null, credential: false },
    { path: ["whoami"], when: any("-t", "--show-token"), service: null, credential: true },
  ],
  pass: [
    { path: ["show"], when: none("-c", "--clip", "-q", "--qrcode"), service: null, credential: true },
    { path: ["grep"], service: null, credential: false },
    { path: ["otp"], when: none("-c", "--clip", "-q", "--qrcode", "insert", "append", "uri", "validate"), service: null, credential: true },
  ],
  gopass: [
    { path: ["show"], when: none("-c", "--clip", "-C", "--qr"), service: null, credential: true },
    { path: ["cat"], service: null, credential: true },
    { path: ["otp"], when: none("-c", "--clip"), service: null, credential: true },
  ],
  op: [
    { path: ["read"], when: none("-o", "--out-file"), service: null, credential: true },
    { path: ["item", "get"], when: (a) => any("--reveal")(a) || a.some((x, k) => x === "--format=json" || (x === "--format" && a[k + 1] === "json")), service: null, credential: true },
    { path: ["document", "get"], when: none("-o", "--out-file", "--output"), service: null, credential: false },
    { path: ["inject"], when: none("-o", "--out-file"), service: null, credential: false },
  ],
  bw: [{ path: ["get"], when: (a) => a.some((x) => x === "password" || x === "notes" || x === "item" || x === "totp"), service: null, credential: true }],
  gpg: [{ path: [], when: any("--export-secret-keys", "--export-secret-subkeys"), service: null, credential: false, label: "gpg --export-secret-keys" }],
  gpg2: [{ path: [], when: any("--export-secret-keys", "--export-secret-subkeys"), service: null, credential: false, label: "gpg2 --export-secret-keys" }],
  git: [{ path: ["credential", "fill"], service: null, credential: false }],
  security: [
    { path: ["find-generic-password"], when: (a) => a.some((x) => /^-[a-zA-Z]*w/.test(x)), service: null, credential: true },
    { path: ["find-internet-password"], when: (a) => a.some((x) => /^-[a-zA-Z]*w/.test(x)), service: null, credential: true },
    { path: ["dump-keychain"], when: (a) => a.some((x) => /^-[a-zA-Z]*d/.test(x)), service: null, credential: false },
  ],
  "secret-tool": [{ path: ["lookup"], service: null, credential: true }],
  vault: [
    { path: ["kv", "get"], service: null, credential: true },
    { path: ["read"], service: null, credential: true },
    { path: ["print", "token"], service: null, credential: true },
    { path: ["token", "create"], service: null, credential: true },
  ],
  doppler: [
    { path: ["secrets", "download"], service: null, credential: false },
    { path: ["secrets", "get"], service: null, credential: true },
    { path: ["secrets"], when: (a) => positionals(a).length === 1, service: null, credential: false },
  ],
  heroku: [{ path: ["auth:token"], service: HEROKU, credential: true }],
};

/** Arguments that are not options (`aws --profile p sts get-session-token` keeps p: paths are matched as a run). */
export function positionals(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 1; k < args.length; k++) if (!(args[k] as string).startsWith("-")) out.push(args[k] as string);
  return out;
}

export function hasRun(words: readonly string[], path: readonly string[]): boolean {
  if (path.length === 0) return true;
  for (let k = 0; k + path.length <= words.length; k++) {
    let ok = true;
    for (let j = 0; j < path.length && ok; j++) ok = words[k + j] === path[j];
    if (ok) return true;
  }
  return false;
}

/** GitHub, or the GitHub Enterprise host of `gh ... --hostname H`. */
function githubAt(args: readonly string[]): Service {
  const k = args.findIndex((x) => x === "--hostname" || x.startsWith("--hostname="));
  if (k < 0) return GITHUB;
  const host = args[k] === "--hostname" ? args[k + 1] ?? "" : (args[k] as string).slice("--hostname=".length);
  return host === "" || host.includes("$") ? GITHUB : { name: "GitHub", hosts: [host.toLowerCase()] };
}

/** `pass NAME` shows NAME: its subcommands, which do not. */
const PASS_COMMANDS: ReadonlySet<string> = new Set(["init", "ls", "list", "find", "search", "show", "grep", "insert", "add", "edit", "generate", "rm", "remove", "delete", "mv", "rename", "cp", "copy", "git", "help", "version", "otp"]);

/** Environment dumps: the whole environment, every token in it. */
function environmentDump(view: CommandView): Source | null {
  const a = view.args;
  switch (view.name) {
    case "env":
      // What unwrapping leaves named env runs no command: it prints the environment (after -i, only what it sets).
      return a.some((x) => x === "--help" || x === "--version" || x === "-" || x === "--ignore-environment" || /^-[a-zA-Z0]*i/.test(x)) ? null : dump("env");
    case "printenv": {
      const names = positionals(a);
      if (names.length === 0) return a.some((x) => x === "--help" || x === "--version") ? null : dump("printenv");
      const secret = names.find(isSecretVariable);
      return secret === undefined ? null : { what: `$${secret} (printenv ${secret})`, service: variableService(secret), credential: true };
    }
    case "set":
      return a.length === 1 ? dump("set") : null;
    case "export":
      return a.every((x, k) => k === 0 || x === "-p") ? dump(a.join(" ")) : null;
    case "declare":
    case "typeset":
      // Options only (`declare -x`, `declare -p`, bare `declare`), not functions (-f, -F).
      return a.every((x, k) => k === 0 || (/^[-+][a-zA-Z]+$/.test(x) && !/[fF]/.test(x))) ? dump(a.join(" ")) : null;
    default:
      return null;
  }
}

function dump(how: string): Source {
  return { what: `the environment (${how})`, service: null, credential: false };
}

/** Commands that print or encode what they are given: with a secret variable in their words or input, their output holds it. */
const VARIABLE_PRINTERS: ReadonlySet<string> = new Set([
  "echo", "printf", "cat", "base64", "base32", "basenc", "xxd", "od", "hexdump", "gzip", "bzip2", "xz", "zstd", "openssl", "jq", "yq",
  "tr", "sed", "tee", "rev", "iconv",
]);

/** What a command prints that is a secret (not a file it reads: secrets-reads.ts has those), or null. */
export function outputSource(view: CommandView): Source | null {
  const printers = PRINTERS[view.name];
  if (printers !== undefined) {
    const words = positionals(view.args);
    for (const p of printers) {
      if (hasRun(words, p.path) && (p.when === undefined || p.when(view.args))) {
        const service = view.name === "gh" ? githubAt(view.args) : p.service;
        return { what: `the output of ${p.label ?? [view.name, ...p.path].join(" ")}${service !== null ? ` (a credential for ${service.name})` : ""}`, service, credential: p.credential };
      }
    }
    if (view.name === "pass" && words.length > 0 && !PASS_COMMANDS.has(words[0] as string) && none("-c", "--clip", "-q", "--qrcode")(view.args)) {
      return { what: `the output of pass ${words[0] as string}`, service: null, credential: true };
    }
    return null;
  }
  if (VARIABLE_PRINTERS.has(view.name)) {
    const name = variableInWordsOrInput(view);
    return name === null ? null : { ...variableSource(name), what: `$${name} (${view.name} $${name})` };
  }
  return environmentDump(view);
}

/**
 * A printer of a variable that holds a secret (`T=$(cat F); echo "$T"`): the source that
 * variable holds, or null. `tainted`: such variables, by name.
 */
export function taintedPrint(view: CommandView, tainted: ReadonlyMap<string, Source>): Source | null {
  if (!VARIABLE_PRINTERS.has(view.name)) return null;
  for (let k = 1; k < view.words.length; k++) {
    const found = taintedIn(view.words[k] as Word, tainted);
    if (found !== null) return found;
  }
  for (const r of view.redirects) {
    const input = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    const found = input === null ? null : taintedIn(input, tainted);
    if (found !== null) return found;
  }
  return null;
}

/** Whether a command prints or encodes what its words and input give it (`echo`, `printf`, `base64 <<<`). */
export function printsItsWords(view: CommandView): boolean {
  return VARIABLE_PRINTERS.has(view.name);
}

function taintedIn(w: Word, tainted: ReadonlyMap<string, Source>): Source | null {
  if (w.dynamic === null) return null;
  for (const [s, e] of w.dynamic) {
    const m = VARIABLE_REF.exec(w.value.slice(s, e));
    const source = m === null ? undefined : tainted.get(m[1] as string);
    if (source !== undefined) return source;
  }
  return null;
}

/** A secret variable in a command's arguments or here-string / heredoc. */
export function variableInWordsOrInput(view: CommandView, from = 1): string | null {
  for (let k = from; k < view.words.length; k++) {
    const name = secretVariableIn(view.words[k] as Word);
    if (name !== null) return name;
  }
  return variableInInput(view);
}

/** A secret variable in a command's here-string or (unquoted) heredoc. */
export function variableInInput(view: CommandView): string | null {
  for (const r of view.redirects) {
    const input = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (input !== null) {
      const name = secretVariableIn(input);
      if (name !== null) return name;
    }
  }
  return null;
}

/** `/proc/self/environ`, `/proc/1/environ`, `/proc/$$/environ`, `/proc/self/task/7/environ`: a process's environment. */
/** `/proc/PID/environ` as a word, after `@`, `<` or `=`, attached to a short option (`-sT/proc/self/environ`), or a socat address (`FILE:…`). */
const ENVIRON = new RegExp(`(?:^|[@<=]|^-[A-Za-z0-9#]+|${SOCAT_FILE.source})(\\/proc\\/[^/\\s,]+(?:\\/task\\/[^/\\s,]+)?\\/environ)(?:,.*)?$`, "i");

/** Commands that look at a file's name or metadata, not its content. */
const NAME_ONLY: ReadonlySet<string> = new Set(["ls", "stat", "test", "[", "[[", "file", "realpath", "readlink", "basename", "dirname", "echo", "printf", "find", "du", "wc"]);

/** The words and input redirects of a command that read a process's environment file. */
export function environReads(view: CommandView): SecretHit[] {
  if (NAME_ONLY.has(view.name)) return NO_HITS;
  let out: SecretHit[] | null = null;
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    if (!w.value.includes("environ")) continue;
    const m = ENVIRON.exec(w.value);
    if (m !== null) (out ??= []).push({ path: m[1] as string, start: w.start, end: w.end });
  }
  for (const r of view.redirects) {
    if ((r.op === "<" || r.op === "<>") && r.target !== null && r.target.value.includes("environ")) {
      const m = ENVIRON.exec(r.target.value);
      if (m !== null) (out ??= []).push({ path: m[1] as string, start: r.start, end: r.end });
    }
  }
  return out ?? NO_HITS;
}

const NO_HITS: SecretHit[] = [];
