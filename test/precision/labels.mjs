// The labelled precision set (labelled.jsonl beside this file) and its scoring, shared by
// test/precision/labelled.test.ts and bench/precision.js. One JSON object a line:
//
//   { "src": where the line was taken from (package:path, or a path),
//     "text": the shell, as written there (one line, or a few joined with \n),
//     "should": finding ids it should get, "not": finding ids it should not get (the noise seen),
//     "may": ids that are acceptable either way (optional; neither counted for nor against),
//     "file": the file name the text is linted as (optional; default a shell script: `README.md`
//             reads `text` as Markdown, `Dockerfile`, `.github/workflows/x.yml` likewise),
//     "why": a word or a few on the labels, "dangerous": true on lines that must keep a finding,
//     "pending": on a dangerous line not caught yet, the issue whose fix will catch it }
//
// A line that does not stand alone (an `if`, `for` or `case` head) is completed minimally
// (`; then :; fi`); `src` says "illustrative" for lines written here to stand for a class (the
// issues' examples, common mistakes) rather than copied from a file.
// Labels follow the behaviour issue 14 asks for (items 2, 3, 6), not what the analysis does today.
// Any finding not in `should` or `may` is a false positive, whether or not `not` names it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const LABELLED_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "labelled.jsonl");

/** The entries, each with its line number in the file (`at`). */
export function loadLabelled(file = LABELLED_FILE) {
  const out = [];
  fs.readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      const e = JSON.parse(line);
      out.push({ may: [], dangerous: false, ...e, at: i + 1 });
    });
  return out;
}

/**
 * Score the entries with `findingsOf(entry)` -> [{ id, severity }] (one per distinct id is enough).
 * Per id: tp (wanted and given), fp (given, not wanted, not `may`), fn (wanted, not given);
 * precision tp/(tp+fp), recall tp/(tp+fn). `warningPrecision` counts only findings reported as
 * warning or error (infos left out): the target is on warnings. A dangerous line is
 * caught when it gets at least one of its `should` ids (a `pending` one missed is listed apart).
 */
export function scoreLabelled(entries, findingsOf) {
  const byId = {};
  const stat = (id) => (byId[id] ??= { tp: 0, fp: 0, fn: 0 });
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let warnTp = 0;
  let warnFp = 0;
  const dangerousMissed = [];
  const dangerousPending = [];
  const falsePositives = [];
  const falseNegatives = [];
  for (const e of entries) {
    const severity = new Map(findingsOf(e).map((f) => [f.id, f.severity]));
    const got = new Set(severity.keys());
    for (const id of got) {
      const warns = severity.get(id) !== "info";
      if (e.should.includes(id)) {
        stat(id).tp++;
        tp++;
        if (warns) warnTp++;
      } else if (!e.may.includes(id)) {
        stat(id).fp++;
        fp++;
        if (warns) warnFp++;
        falsePositives.push(`${id}: ${e.text}`);
      }
    }
    for (const id of e.should) {
      if (got.has(id)) continue;
      stat(id).fn++;
      fn++;
      falseNegatives.push(`${id}: ${e.text}`);
    }
    if (e.dangerous && !e.should.some((id) => got.has(id))) (e.pending ? dangerousPending : dangerousMissed).push(e.text);
  }
  const ratio = (a, b) => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);
  for (const s of Object.values(byId)) {
    s.precision = ratio(s.tp, s.tp + s.fp);
    s.recall = ratio(s.tp, s.tp + s.fn);
  }
  const dangerousLines = entries.filter((e) => e.dangerous).length;
  return {
    lines: entries.length,
    dangerousLines,
    quietLines: entries.filter((e) => e.should.length === 0).length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: ratio(tp, tp + fp),
    warningTruePositives: warnTp,
    warningFalsePositives: warnFp,
    warningPrecision: ratio(warnTp, warnTp + warnFp),
    recall: ratio(tp, tp + fn),
    dangerousRecall: ratio(dangerousLines - dangerousMissed.length, dangerousLines),
    dangerousMissed,
    dangerousPending,
    byId: Object.fromEntries(Object.entries(byId).sort(([a], [b]) => a.localeCompare(b))),
    falsePositiveLines: falsePositives,
    falseNegativeLines: falseNegatives,
  };
}

/**
 * `findingsOf(entry)` for scoreLabelled over the given lint module (dist/ here, src/ in the test):
 * the entry's text linted as its `file` (default: a shell script), in a fixed cwd and home.
 */
export function labelledFindings({ lintText, lintSettings, kindByName, DEFAULTS }) {
  const settings = lintSettings({ ...DEFAULTS }, "/work/project", { HOME: "/home/user" });
  return (e) => {
    const name = e.file ?? "line.sh";
    const byName = kindByName(name);
    const kind = byName === null || byName === "maybe-script" ? "script" : byName;
    return lintText(name, e.text, kind, settings).messages.map((m) => ({ id: m.id, severity: m.severity }));
  };
}
