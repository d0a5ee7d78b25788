// Precision on real code nobody here wrote (issue 14): `shellguard lint` over Debian's shell
// (bash-completion's completion scripts, the shell scripts in /usr/bin, /usr/sbin, git-core and
// /etc, Markdown in /usr/share/doc) and the READMEs of node_modules, counted per finding id; and
// the labelled set test/precision/labelled.jsonl (real lines from such material, each with the
// ids it should and should not get), scored per id: precision, recall, and recall on the
// dangerous lines. `.ci/run` installs the Debian packages; a missing corpus is skipped with the
// reason printed.
//
//   import { benchPrecision } from "./bench/precision.js";
//   const { labelled, corpora } = await benchPrecision();
//
// or `node bench/precision.js` (prints the figures as JSON). Needs `npm run build:ts`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { labelledFindings, loadLabelled, scoreLabelled } from "../test/precision/labels.mjs";
import { importDist, repoRoot, round } from "./lib.js";

/** Warnings on the labelled set a careful reviewer would want to see: at least this share. */
export const TARGET_PRECISION = 0.9;

const SHELLS = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|da|k|a)?sh\b/;

function isShellScript(file) {
  try {
    const fd = fs.openSync(file, "r");
    const buf = Buffer.alloc(64);
    const n = fs.readSync(fd, buf, 0, 64, 0);
    fs.closeSync(fd);
    return SHELLS.test(buf.subarray(0, n).toString("latin1"));
  } catch {
    return false;
  }
}

/** Regular files (not symlinks) below `dir`, to `depth` levels, that `keep` accepts. */
function filesIn(dir, keep, depth = 1) {
  const out = [];
  const walk = (d, level) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory() && level < depth && e.name !== ".git") walk(p, level + 1);
      else if (e.isFile() && keep(p)) out.push(p);
    }
  };
  walk(dir, 1);
  return out.sort();
}

/** The corpora: each a name, its files (absolute) or the reason it is missing, and its Debian package. */
export function corpora() {
  const missing = (dir, pkg) => `${dir} not found (apt-get install ${pkg})`;
  const list = [];
  const add = (name, dir, pkg, find) => {
    if (!fs.existsSync(dir)) return list.push({ name, skipped: missing(dir, pkg) });
    const files = find();
    list.push(files.length === 0 ? { name, skipped: `no files in ${dir}` } : { name, files });
  };
  const completions = "/usr/share/bash-completion/completions";
  add("bash-completion", completions, "bash-completion", () => filesIn(completions, () => true));
  const scripts = () => [..."/usr/bin /usr/sbin /usr/lib/git-core".split(" ").flatMap((d) => filesIn(d, isShellScript))];
  add("system scripts", "/usr/bin", "coreutils", scripts);
  add("/etc scripts", "/etc", "base-files", () => filesIn("/etc", (f) => f.endsWith(".sh") || isShellScript(f), 3));
  add("/usr/share/doc Markdown", "/usr/share/doc", "(docs are not excluded by dpkg's path-exclude)", () => filesIn("/usr/share/doc", (f) => f.endsWith(".md"), 3));
  const nm = path.join(repoRoot, "node_modules");
  add("node_modules READMEs", nm, "(npm ci)", () => filesIn(nm, (f) => /\/README\.md$/i.test(f), 3));
  return list;
}

/** `shellguard lint --format json` over these files (named on the command line, in chunks). */
async function lintFiles(files) {
  const bin = path.join(repoRoot, "bin", "shellguard.cjs");
  const reports = [];
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "shellguard-precision-"));
  try {
    for (let i = 0; i < files.length; i += 400) {
      const chunk = files.slice(i, i + 400);
      const out = await new Promise((resolve, reject) => {
        // A temp HOME and an empty temp cwd: no user or project config is read, messages do not name
        // this user, and a relative target (`rm -rf debian`) is not read as a top-level directory.
        const child = spawn(process.execPath, [bin, "lint", "--format", "json", ...chunk], { cwd, env: { ...process.env, HOME: "/nonexistent-home", XDG_CONFIG_HOME: "/nonexistent-home/.config" }, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
        child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
        child.on("error", reject);
        child.on("close", (code) => (code === 0 || code === 1 ? resolve(stdout) : reject(new Error(`lint exit ${code}: ${stderr.slice(0, 400)}`))));
      });
      reports.push(JSON.parse(out));
    }
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
  return reports;
}

/** Lines of text in these files (what was read, not just what was flagged). */
function lineCount(files) {
  let n = 0;
  for (const f of files) {
    try {
      const text = fs.readFileSync(f, "latin1");
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
    } catch {
      // unreadable: lint reports it
    }
  }
  return n;
}

function countCorpus(reports) {
  const byId = {};
  let files = 0;
  let warnings = 0;
  let infos = 0;
  let errors = 0;
  for (const r of reports) {
    files += r.fileCount;
    for (const f of r.files) {
      for (const m of f.messages) {
        byId[m.id] = (byId[m.id] ?? 0) + 1;
        if (m.severity === "warning") warnings++;
        else if (m.severity === "info") infos++;
        else errors++;
      }
    }
  }
  return { files, errors, warnings, infos, byId: Object.fromEntries(Object.entries(byId).sort((a, b) => b[1] - a[1])) };
}

/**
 * @param {{ log?: (msg: string) => void, corpus?: boolean }} [ctx]
 */
export async function benchPrecision(ctx = {}) {
  const log = ctx.log ?? (() => {});
  const { lintText, lintSettings } = await importDist("lint/index.js");
  const { kindByName } = await importDist("lint/extract/index.js");
  const { DEFAULTS } = await importDist("config/index.js");
  const entries = loadLabelled();
  const labelled = scoreLabelled(entries, labelledFindings({ lintText, lintSettings, kindByName, DEFAULTS }));
  log(`labelled: ${entries.length} lines, precision ${labelled.precision}, recall ${labelled.recall}`);

  const out = { labelled, corpora: {} };
  if (ctx.corpus !== false) {
    for (const c of corpora()) {
      if (c.skipped) {
        log(`corpus ${c.name}: skipped: ${c.skipped}`);
        out.corpora[c.name] = { skipped: c.skipped };
        continue;
      }
      log(`corpus ${c.name}: ${c.files.length} files`);
      out.corpora[c.name] = { given: c.files.length, lines: lineCount(c.files), ...countCorpus(await lintFiles(c.files)) };
    }
  }
  const all = {};
  for (const c of Object.values(out.corpora)) for (const [id, n] of Object.entries(c.byId ?? {})) all[id] = (all[id] ?? 0) + n;
  out.corpusById = Object.fromEntries(Object.entries(all).sort((a, b) => b[1] - a[1]));
  out.precision = labelled.precision;
  out.warningPrecision = labelled.warningPrecision;
  out.recall = labelled.recall;
  out.dangerousRecall = labelled.dangerousRecall;
  out.targets = {
    [`labelled precision of warnings >= ${TARGET_PRECISION * 100}%`]: labelled.warningPrecision >= TARGET_PRECISION,
    "every dangerous labelled line gets a finding": labelled.dangerousMissed.length === 0,
  };
  return out;
}

const pct = (x) => (x === null ? "-" : `${round(x * 100, 1)}%`);

/** Table rows for bench/run.js. */
export function precisionRows(f) {
  const L = f.labelled;
  const rows = [
    ["labelled lines", `${L.lines} (${L.dangerousLines} dangerous, ${L.quietLines} that should be quiet)`],
    ["labelled precision", `${pct(L.warningPrecision)} of warnings (${L.warningTruePositives} of ${L.warningTruePositives + L.warningFalsePositives} wanted); ${pct(L.precision)} with infos (${L.truePositives} of ${L.truePositives + L.falsePositives})`],
    ["labelled recall", `${pct(L.recall)} (${L.truePositives} of ${L.truePositives + L.falseNegatives} wanted findings given)`],
    [
      "dangerous lines caught",
      `${L.dangerousLines - L.dangerousMissed.length - L.dangerousPending.length} of ${L.dangerousLines}` +
        (L.dangerousPending.length ? ` (${L.dangerousPending.length} pending another issue's fix)` : "") +
        (L.dangerousMissed.length ? `; missed: ${L.dangerousMissed.slice(0, 3).join(" | ")}` : ""),
    ],
  ];
  for (const [id, s] of Object.entries(L.byId)) rows.push([`  ${id}`, `P ${pct(s.precision)} R ${pct(s.recall)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`]);
  for (const [name, c] of Object.entries(f.corpora)) {
    if (c.skipped) {
      rows.push([`corpus ${name}`, `skipped: ${c.skipped}`]);
      continue;
    }
    rows.push([`corpus ${name}`, `${c.files} of ${c.given} files linted, ${c.lines} lines: ${c.warnings} warnings, ${c.infos} infos, ${c.errors} errors`]);
    for (const [id, n] of Object.entries(c.byId)) rows.push([`  ${id}`, String(n)]);
  }
  if (f.corpusById && Object.keys(f.corpusById).length) {
    rows.push(["all corpora, by id", ""]);
    for (const [id, n] of Object.entries(f.corpusById)) rows.push([`  ${id}`, String(n)]);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchPrecision({ log: (m) => process.stderr.write(`${m}\n`), corpus: !process.argv.includes("--labelled-only") }).then(
    (f) => process.stdout.write(JSON.stringify(f, null, 2) + "\n"),
    (e) => {
      process.stderr.write(`bench precision: ${e instanceof Error ? e.stack : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
