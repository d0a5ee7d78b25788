/**
 * Exfiltration: a secret's content reaching the network, in every mode (guard included). The data
 * is followed from a command that reads a secret (secrets-reads.ts) through pipes, `$(...)`,
 * `<(...)`, here-strings and variables into a network tool, and into the network tool's own
 * arguments (`curl -d @F`, `-T F`, `wget --post-file=F`, `dig -f F`, `scp F host:`), its input
 * (`nc host < F`) and git's credential-helper and askpass commands. Uploading other files is not
 * a finding. A check over the whole parse: pipelines and substitutions span commands.
 */

import type { Facts, Word } from "../../facts/types.js";
import type { CheckContext, FactsCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { resolvePath } from "../paths.js";
import { display, resolveText, secretReads, type SecretHit } from "./secrets-reads.js";
import { isSecretContainer, isSecretPathIn, secretMatcher } from "./secrets-paths.js";

/** Tools that send what they are given, or read, over the network. */
const NETWORK: ReadonlySet<string> = new Set([
  "curl", "wget", "wget2", "http", "https", "xh", "httpie", "aria2c", "lftp", "ftp", "tftp", "nc", "ncat", "netcat", "socat",
  "telnet", "ssh", "scp", "sftp", "rsync", "dig", "nslookup", "host", "drill", "kdig", "mail", "mailx", "sendmail", "mutt",
  "aws", "gsutil", "rclone", "gh", "az", "smbclient", "cadaver", "websocat", "grpcurl", "mosquitto_pub",
]);

/** Tools whose file operands go to a remote only when another operand is remote (`host:path`, `s3://`). */
const COPIERS: ReadonlySet<string> = new Set(["scp", "rsync", "sftp", "aws", "gsutil", "rclone"]);

/** Tools whose own operands name remote things (ssh's command runs there): only their input counts. */
const INPUT_ONLY: ReadonlySet<string> = new Set(["ssh", "telnet", "mail", "mailx", "sendmail", "mutt", "smbclient"]);

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

function isRemote(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^/\s]+:/.test(value);
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

interface Taint {
  /** Pipelines (by ordinal) and the first stage that reads a secret. */
  pipes: Map<number, number>;
  /** Ranges of `$(...)` / `<(...)` / backquotes whose commands read a secret. */
  substitutions: Array<[number, number]>;
  /** Variables assigned from such a substitution. */
  variables: Set<string>;
}

function taintOf(facts: Facts, views: readonly CommandView[], reads: Map<CommandView, SecretHit[]>): Taint {
  const t: Taint = { pipes: new Map(), substitutions: [], variables: new Set() };
  // Constructs whose ancestors are already pushed: a read at every level of a deep line
  // (`$(cat key | curl …; $(cat key | …))`) walks each parent once, not once per read.
  let walked: Uint8Array | null = null;
  for (const v of views) {
    if ((reads.get(v) ?? NONE).length === 0) continue;
    const sc = v.sc;
    if (sc.pipeline >= 0) {
      const first = t.pipes.get(sc.pipeline);
      if (first === undefined || sc.stage < first) t.pipes.set(sc.pipeline, sc.stage);
    }
    // The views are this parse's (viewsOf groups them), so its constructs are theirs.
    walked ??= new Uint8Array(facts.constructs.length);
    for (let c = sc.parent; c >= 0; c = (facts.constructs[c] as Facts["constructs"][number]).parent) {
      if (walked[c] === 1) break;
      walked[c] = 1;
      const k = facts.constructs[c] as Facts["constructs"][number];
      if (k.type === "command_substitution" || k.type === "process_substitution") t.substitutions.push([k.start, k.end]);
    }
  }
  if (t.substitutions.length > 0) {
    for (const sc of facts.commands) {
      for (const a of sc.assignments) {
        if (a.value !== null && t.substitutions.some(([s, e]) => s >= a.start && e <= a.end)) t.variables.add(a.name);
      }
      // `export K=$(cat F)`, `local K=...`, `declare K=...`: assignments as arguments.
      const name = sc.argv[0]?.value;
      if (name === "export" || name === "local" || name === "declare" || name === "readonly" || name === "typeset") {
        for (const w of sc.argv.slice(1)) {
          const eq = w.value.indexOf("=");
          if (eq > 0 && t.substitutions.some(([s, e]) => s >= w.start && e <= w.end)) t.variables.add(w.value.slice(0, eq));
        }
      }
    }
  }
  return t;
}

/** How the network tool `view` gets a secret, or null. */
function leak(view: CommandView, ctx: CheckContext, taint: Taint, own: readonly SecretHit[]): string | null {
  const m = secretMatcher(ctx.options);
  const sc = view.sc;
  if (sc.pipeline >= 0 && sc.stage > (taint.pipes.get(sc.pipeline) ?? Infinity)) return "a secret piped into it";
  const [start, end] = extent(view);
  if (taint.substitutions.some(([s, e]) => s >= start && e <= end && !(s <= sc.start && e >= sc.end))) return "a secret read by a command substitution in its arguments";
  if (taint.variables.size > 0) {
    for (const w of view.words) {
      for (const name of taint.variables) if (w.value.includes("$" + name) || w.value.includes("${" + name)) return `$${name}, which holds a secret`;
    }
  }
  for (const r of view.redirects) {
    const input = r.op === "<<<" ? r.target : r.op === "<<" || r.op === "<<-" ? r.body : null;
    if (input !== null) {
      for (const tok of input.value.match(/[~$A-Za-z0-9_./{}@+-]+/g) ?? []) {
        const p = resolveText(tok.replace(/^@/, ""), ctx.paths);
        if (p !== null && (tok.includes("/") || tok.startsWith(".")) && isSecretPathIn(m, p)) return `${display(p, ctx.paths)} named in its input`;
      }
    }
  }
  if (own.length === 0) return null;
  const first = own[0] as SecretHit;
  const inRedirect = view.redirects.some((r) => r.start === first.start);
  if (inRedirect) return `${display(first.path, ctx.paths)} as its input`;
  if (INPUT_ONLY.has(view.name)) return null;
  if (COPIERS.has(view.name)) {
    // A secret operand goes somewhere remote only when a later operand is remote.
    const lastRemote = findLastIndex(view.words, (w, k) => k > 0 && !w.value.startsWith("-") && isRemote(w.value));
    const sent = own.find((h) => lastRemote >= 0 && h.end <= (view.words[lastRemote] as Word).start);
    return sent === undefined ? null : `${display(sent.path, ctx.paths)}, copied to ${(view.words[lastRemote] as Word).value}`;
  }
  return display(first.path, ctx.paths);
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

function check(facts: Facts, ctx: CheckContext, all: readonly CommandView[]): FindingDraft[] {
  const grouped = all.length <= 8 ? null : viewsOf(facts, all);
  // Most lines send nothing anywhere: without a network tool, git or /dev/tcp there is nothing to follow.
  if (!sendsAny(grouped ?? all, grouped !== null ? null : facts, ctx)) return NO_FINDINGS;
  const views = grouped ?? all.filter((v) => v.facts === facts && !v.wrapperOnly);
  const reads = new Map<CommandView, SecretHit[]>();
  let any = false;
  for (const v of views) {
    const hits = secretReads(v, ctx);
    reads.set(v, hits);
    if (hits.length > 0) any = true;
  }
  let out: FindingDraft[] | null = null;
  const report = (view: CommandView, how: string): void => {
    out ??= [];
    out.push({ id: "secret/exfiltration", message: `${view.name} sends ${how} over the network; a secret must not leave this machine.`, start: view.start, end: view.end });
  };
  const taint: Taint = any ? taintOf(facts, views, reads) : { pipes: new Map(), substitutions: [], variables: new Set() };
  for (const v of views) {
    const git = gitLeak(v, ctx);
    if (git !== null) {
      report(v, `the output of a command reading ${git} (a credential helper or askpass)`);
      continue;
    }
    const own = reads.get(v) ?? NONE;
    if (isNetwork(v)) {
      const how = leak(v, ctx, taint, own);
      if (how !== null) report(v, how);
    } else if (devTcp(v, ctx) && (own.length > 0 || (v.sc.pipeline >= 0 && v.sc.stage > (taint.pipes.get(v.sc.pipeline) ?? Infinity)))) {
      report(v, own.length > 0 ? `${display((own[0] as SecretHit).path, ctx.paths)} through /dev/tcp` : "a secret through /dev/tcp");
    }
  }
  return out ?? NO_FINDINGS;
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
