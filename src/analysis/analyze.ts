/**
 * analyze(): Facts → unwrapped commands → the six checks → what the engine needs
 * (AnalyzedCommand per leaf command, safety findings, read-only, acceptEdits' verdict).
 * The extractor is a parameter: src/analysis/index.ts binds the default (native) one, and tests
 * pass the reference extractor explicitly.
 */

import type { Facts, Word } from "../facts/types.js";
import type { Finding } from "../engine/types.js";
import type { CheckContext, FindingDraft } from "./check.js";
import { baseName, type CommandView } from "./command.js";
import { checksFor, FACTS_CHECKS } from "./checks/index.js";
import { isReadOnly } from "./checks/read-only.js";
import { writeTargets } from "./checks/sensitive-paths.js";
import { isWriteRedirect } from "./checks/dangerous.js";
import { isInside, resolvePath } from "./paths.js";
import { parseFor } from "./specs.js";
import { unwrapFacts } from "./unwrap.js";
import type { AnalyzedCommand, Analysis, AnalysisOptions } from "./types.js";

export function analyze(source: string, options: AnalysisOptions, extract: (s: string) => Facts): Analysis {
  const facts = extract(source);
  const ctx: CheckContext = { options, paths: { cwd: options.cwd, home: options.home } };
  const { views, findings: shellDrafts, parses } = unwrapFacts(facts, extract);
  const findings: Finding[] = [];
  const push = (d: FindingDraft, check: string, fallback: { start: number; end: number; text: string }): void => {
    const start = d.start ?? fallback.start;
    const end = d.end ?? fallback.end;
    findings.push({ id: d.id, check, message: d.message, command: fallback.text, start, end });
  };

  for (const d of shellDrafts) push(d, "shell", { start: d.start ?? 0, end: d.end ?? source.length, text: source.slice(d.start ?? 0, d.end ?? source.length) });
  for (const p of parses) {
    for (const check of FACTS_CHECKS) {
      for (const d of check.check(p.facts, ctx, views)) {
        const nested = p.range !== null;
        const start = nested ? (p.range as [number, number])[0] : d.start ?? 0;
        const end = nested ? (p.range as [number, number])[1] : d.end ?? source.length;
        push({ ...d, start, end }, check.name, { start, end, text: source.slice(start, end) });
      }
    }
  }

  const commands: AnalyzedCommand[] = [];
  let wrappersSpoil = false;
  for (const view of views) {
    if (view.wrapperOnly) {
      // `PAGER=x bash -c 'git log'`: what the wrapper sets up can spoil what it runs.
      if (!isReadOnly(view, ctx.paths)) wrappersSpoil = true;
      continue;
    }
    const named = view.trusted ? view : { ...view, name: baseName(view.name) };
    for (const check of checksFor(named.name)) {
      for (const d of check.check(named, ctx)) push(d, check.name, view);
    }
    if (view.words.length === 0 && view.sc.redirects.length === 0 && view.sc.assignments.length === 0) continue;
    commands.push({
      argv: view.args.slice(),
      forms: view.forms,
      allowForms: view.allowForms,
      privileged: view.privileged,
      readOnly: isReadOnly(view, ctx.paths),
      start: view.start,
      end: view.end,
      depth: view.depth,
    });
  }
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  const readOnly = findings.length === 0 && !wrappersSpoil && commands.every((c) => c.readOnly);
  return { source, facts, commands, findings: dedupe(findings), readOnly, editsInsideWorkdirs: editsInside(views, ctx) };
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}@${f.start}:${f.end}:${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const EDIT_COMMANDS = new Set(["mkdir", "touch", "rm", "rmdir", "mv", "cp", "sed"]);

/** acceptEdits: every command is read-only or a filesystem edit whose every path is inside a working directory. */
function editsInside(views: readonly CommandView[], ctx: CheckContext): boolean {
  const roots = [ctx.options.cwd, ...ctx.options.workingDirectories];
  const inside = (w: Word): boolean => {
    const r = resolvePath(w, ctx.paths);
    const path = r.path ?? null;
    return path !== null && !r.dynamic && roots.some((root) => isInside(path, root));
  };
  let edits = 0;
  for (const v of views) {
    if (v.wrapperOnly) continue;
    if (isReadOnly(v, ctx.paths)) continue;
    if (!v.trusted || v.privileged || v.argsUnknown || !EDIT_COMMANDS.has(v.name)) return false;
    const p = parseFor(v.name, v.args);
    // Sources too: `cp /etc/hosts ./x` reads outside and is not an edit inside.
    const paths = [...p.operands.map((i) => v.words[i] as Word), ...writeTargets(v)];
    const skip = v.name === "sed" ? 1 : 0;
    if (!paths.slice(skip).every(inside)) return false;
    for (const r of v.redirects) if (isWriteRedirect(r.op, r.target) && !inside(r.target as Word)) return false;
    edits++;
  }
  return edits > 0;
}
