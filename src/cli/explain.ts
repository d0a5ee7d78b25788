/** `shellguard explain`: the Facts, readably, and each of the six steps' outcome for the mode. */

import { packOf } from "../analysis/packs/index.js";
import { Guard, type Explanation } from "../engine/guard.js";
import { normalizeMode } from "../engine/modes.js";
import type { Facts, SimpleCommand, Word } from "../facts/types.js";
import { EXIT, reportError, UsageError } from "./errors.js";
import { dialectOf, readStdin, writeOut, type CheckArgs } from "./check.js";
import { formatDecision, oneLine, styleFor, type Style } from "../render/format.js";
import { stdoutIsTTY } from "./out.js";

/** The same arguments as `check`, less `--batch`. */
export type ExplainArgs = Omit<CheckArgs, "batch">;

const range = (x: { start: number; end: number }) => `[${x.start},${x.end})`;

function word(w: Word): string {
  const marks: string[] = [];
  if (w.dynamic) marks.push(`dynamic ${w.dynamic.map(([a, b]) => `[${a},${b})`).join(" ")}`);
  if (w.glob) marks.push("glob");
  if (w.quoted) marks.push("quoted");
  if (w.tilde) marks.push("tilde");
  return `${JSON.stringify(w.value)}${marks.length ? `  (${marks.join(", ")})` : ""}`;
}

function context(c: SimpleCommand, facts: Facts): string {
  const parts: string[] = [];
  if (c.sep) parts.push(`after ${JSON.stringify(c.sep)}`);
  if (c.pipeline >= 0) parts.push(`pipeline ${c.pipeline} stage ${c.stage}`);
  if (c.background) parts.push("background");
  if (c.negated) parts.push("negated");
  const chain: string[] = [];
  for (let i = c.parent; i >= 0; i = facts.constructs[i]?.parent ?? -1) chain.push(`${facts.constructs[i]?.type} #${i}`);
  if (chain.length) parts.push(`inside ${chain.join(" < ")}`);
  return parts.length ? parts.join(", ") : "top level";
}

export function formatFacts(facts: Facts, s: Style): string[] {
  const src = facts.source;
  const lines = [s.bold("Facts")];
  if (facts.commands.length === 0) lines.push("  no commands");
  facts.commands.forEach((c, i) => {
    lines.push(`  ${s.bold(`command ${i + 1}`)} ${range(c)}  ${oneLine(src.slice(c.start, c.end))}`);
    c.argv.forEach((w, k) => lines.push(`    argv[${k}]  ${oneLine(word(w))}`));
    for (const a of c.assignments) {
      lines.push(`    assign   ${a.name}${a.append ? "+=" : "="}${a.value ? oneLine(word(a.value)) : "(empty)"}`);
    }
    for (const r of c.redirects) {
      const target = r.target ? oneLine(word(r.target)) : "(none)";
      lines.push(`    redirect ${r.fd ?? ""}${r.op} ${target}${r.body ? `  body ${range(r.body)}` : ""}`);
    }
    lines.push(`    context  ${context(c, facts)}`);
  });
  if (facts.constructs.length) {
    lines.push(`  ${s.bold("constructs")}`);
    facts.constructs.forEach((k, i) => {
      const inside = k.parent >= 0 ? `  inside #${k.parent}` : "";
      lines.push(`    #${i} ${k.type} ${range(k)}  ${oneLine(src.slice(k.start, k.end))}${inside}`);
    });
  }
  if (facts.errors.length) {
    lines.push(`  ${s.bold("parse errors")}`);
    for (const e of facts.errors) lines.push(`    ${e.type} ${range(e)}  ${oneLine(JSON.stringify(src.slice(e.start, e.end)))}`);
  }
  return lines;
}

export function formatExplanation(x: Explanation, s: Style): string {
  const lines: string[] = [];
  if (x.facts) lines.push(...formatFacts(x.facts, s));
  if (x.analysis) {
    lines.push(s.bold("Analysis"));
    x.analysis.commands.forEach((c, i) => {
      const flags = [c.readOnly ? "read-only" : "not read-only", c.privileged ? "privileged" : "", c.depth ? `depth ${c.depth}` : ""].filter(Boolean);
      lines.push(`  ${i + 1}. ${c.forms.map((f) => oneLine(JSON.stringify(f))).join(" → ")}  (${flags.join(", ")}; allow rules may match ${c.allowForms} form${c.allowForms === 1 ? "" : "s"})`);
    });
    lines.push(`  read-only: ${x.analysis.readOnly ? "yes" : "no"}; edits inside working directories: ${x.analysis.editsInsideWorkdirs ? "yes" : "no"}`);
    const n = x.analysis.findings.length;
    lines.push(n === 0 ? "  no findings" : `  ${n} finding${n === 1 ? "" : "s"} (shown with the decision)`);
    // The pack and entry behind each dangerous finding (dangerous.packs switches a pack).
    for (const f of x.analysis.findings) {
      const p = packOf(f.id);
      if (p !== null) lines.push(`    ${f.id}: pack ${p.pack}, entry ${p.entry}`);
    }
  }
  lines.push(s.bold(`Steps (mode ${x.mode})`));
  if (x.steps.length === 0) lines.push("  the analysis failed; the fail-safe decided");
  for (const t of x.steps) {
    const outcome = t.outcome === "decided" ? s.bold(t.outcome) : t.outcome === "not-reached" || t.outcome === "skipped" ? s.dim(t.outcome) : t.outcome;
    lines.push(`  ${t.n} ${t.step.padEnd(10)} ${outcome}${t.detail ? `  ${oneLine(t.detail)}` : ""}`);
  }
  for (const f of x.config.files) {
    const notes = `${f.kind}${f.trusted ? ", trusted" : ", untrusted"}${f.skipped ? ", not executed" : ""}${f.ignored ? ", ignored: it does not load" : ""}`;
    lines.push(s.dim(`config: ${f.path} (${notes})`));
  }
  for (const w of x.config.warnings) lines.push(s.dim(`config warning: ${oneLine(w)}`));
  lines.push(s.dim(`secrets (sensitive.secrets): ${x.config.secretFiles.join(" ")}; not secrets (sensitive.notSecrets): ${x.config.notSecretFiles.join(" ")}`));
  if (x.config.log) lines.push(s.dim(`audit log (log): ${x.config.log.level}, ${oneLine(x.config.log.file)}`));
  lines.push(s.bold("Decision"));
  return lines.join("\n") + "\n" + formatDecision(x.decision, s);
}

export async function runExplain(args: ExplainArgs): Promise<number> {
  try {
    if (args.command !== undefined && args.stdin) throw new UsageError("explain takes a command argument or --stdin, not both.");
    if (args.command === undefined && !args.stdin) throw new UsageError("explain needs a command: shellguard explain \"<command>\" or --stdin.");
    const mode = args.mode !== undefined ? normalizeMode(args.mode) : undefined;
    const guard = new Guard({
      ...(args.cwd !== undefined ? { cwd: args.cwd } : {}),
      ...(args.config !== undefined ? { configFile: args.config } : {}),
      ...(mode !== undefined ? { mode } : {}),
      reload: false,
    });
    const command = args.stdin ? readStdin() : args.command!;
    const x = guard.explain(command, dialectOf(args.dialect));
    if (args.json) {
      // The facts do not depend on the analysis: if the analysis failed, extract them directly.
      const facts = x.facts ?? (await import("../facts/index.js")).extractFacts(command);
      writeOut(JSON.stringify(facts) + "\n");
    } else {
      writeOut(formatExplanation(x, styleFor({ isTTY: stdoutIsTTY() })));
    }
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}
