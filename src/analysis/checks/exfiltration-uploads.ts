/**
 * Upload tools beyond curl and the classic copiers, and which of their words they send: cloud
 * storage and cluster copies (`gcloud storage cp F gs://b`, `s3cmd put F s3://b`, `azcopy copy F
 * https://…`, `kubectl cp F ns/pod:/x`, `mc cp F alias/b`), peer-to-peer senders (`croc send F`,
 * `wormhole send F`), mail attachments (`mail -A F`, `mailx -a F`, `mutt -a F -- to`) and aws's
 * request bodies (`aws s3api put-object --body F`). Used by exfiltration.ts.
 */

import type { Word } from "../../facts/types.js";
import type { CommandView } from "../command.js";
import type { SecretHit } from "./secrets-reads.js";

/** Copiers: a file operand is sent when a later operand is remote (`host:path`, `ns/pod:/x`, `gs://b`). */
export const UPLOAD_COPIERS: readonly string[] = ["gcloud", "s3cmd", "s4cmd", "azcopy", "kubectl", "oc"];
/** Tools whose file operands are all sent (a subcommand that reads no file names none). */
export const SENDERS: readonly string[] = ["croc", "wormhole", "magic-wormhole", "ffsend", "swaks", "mpack", "b2", "huggingface-cli", "hf", "oci", "glab"];
/** Mail clients whose operands are recipients: only their attachments and input are sent. */
export const ATTACHERS: readonly string[] = ["s-nail", "nail", "bsd-mailx", "neomutt", "msmtp"];

/** `scheme://…`, `host:path`, and kubectl's `namespace/pod:path`. */
export function isRemote(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(?:[\w.-]+\/)?[^/\s]+:/.test(value);
}

/** The index of the word a hit sits in (a hit in a redirect: -1). */
function wordOf(view: CommandView, hit: SecretHit): number {
  return view.words.findIndex((w, k) => k > 0 && w.start <= hit.start && hit.end <= w.end);
}

/** mc's subcommands that copy their operands to the last one (`mc cp F alias/bucket/`). */
const MC_COPIES = /^(?:cp|mv|mirror|put|sync)$/;

/**
 * The first of `own` (the secrets `view` reads) that it sends, null when it sends none of them,
 * undefined when `view` is none of the tools here.
 */
export function uploadedSecret(view: CommandView, own: readonly SecretHit[]): SecretHit | null | undefined {
  switch (view.name) {
    case "mc": {
      // The destination is the last operand, an alias path as often as a URL.
      const ops = operandIndexes(view);
      if (!MC_COPIES.test(view.args[ops[0] ?? 0] ?? "")) return null;
      const last = ops[ops.length - 1] ?? -1;
      return own.find((h) => { const k = wordOf(view, h); return k > 0 && k < last; }) ?? null;
    }
    case "mail": case "mailx": case "s-nail": case "nail": case "bsd-mailx":
      return own.find((h) => attached(view, wordOf(view, h), false)) ?? null;
    case "mutt": case "neomutt":
      // `-a F… --` attaches, `-i F` puts the file in the body, `-H F` sends a draft.
      return own.find((h) => {
        const k = wordOf(view, h);
        return attached(view, k, true) || /^-[iH]$/.test(view.args[k - 1] ?? "");
      }) ?? null;
    case "aws":
      // `s3api put-object --body F`, `upload-part --body F`: the file is the request's body; a
      // parameter read from a file (`--message file://F`, `--payload fileb://F`) is sent as it.
      // Otherwise aws is a copier (`aws s3 cp F s3://b`): undefined hands it on.
      return own.find((h) => {
        const k = wordOf(view, h);
        const a = view.args[k] ?? "";
        return k > 0 && (view.args[k - 1] === "--body" || a.startsWith("--body=") || /(?:^|=)fileb?:\/\//i.test(a));
      });
    default:
      return undefined;
  }
}

/** Whether word k is a mail attachment: `-a F`, `-A F`, `--attach F`, `-aF`; mutt's `-a F1 F2 … --`. */
function attached(view: CommandView, k: number, list: boolean): boolean {
  if (k <= 0) return false;
  const a = view.args[k] as string;
  if (/^(?:-[aA]|--attach=)./.test(a)) return true;
  for (let j = k - 1; j > 0; j--) {
    const b = view.args[j] as string;
    if (b === "-a" || b === "-A" || b === "--attach") return true;
    // mutt takes every word after -a up to `--` as a file; mail takes one.
    if (!list || b === "--" || b.startsWith("-")) return false;
  }
  return false;
}

function operandIndexes(view: CommandView): number[] {
  const out: number[] = [];
  for (let k = 1; k < view.words.length; k++) if (!(view.words[k] as Word).value.startsWith("-")) out.push(k);
  return out;
}
