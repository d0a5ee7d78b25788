/**
 * GitHub Actions: the `run:` steps of workflows (`.github/workflows/*.yml|yaml`) and of composite
 * actions (`action.yml|yaml`, `runs.using: composite`) whose shell is bash or sh, or the default
 * (bash, except on Windows runners where it is pwsh). Positions come from the `yaml` parser's
 * source ranges; a scalar's decoded value is aligned back onto its source (block scalars'
 * indentation, quotes, escapes and folding included). `${{ ... }}` expressions are analysed as
 * unknown values of the same length.
 */

import type * as YAML from "yaml";
import type { Document, Node, Scalar, YAMLMap, YAMLSeq } from "yaml";
import { SnippetBuilder } from "../source-map.js";
import { alignValue } from "./align.js";
import { maskExpressions, type Extraction, type FormatProblem } from "./types.js";
import { requireFrom } from "../../facts/require.js";

const SH_SHELLS = new Set(["bash", "sh"]);

let yamlModule: typeof YAML | undefined;
/** `yaml`, loaded on first use (synchronously, via its CommonJS build): many lint runs see no YAML. */
function yaml(): typeof YAML {
  return (yamlModule ??= requireFrom(import.meta.url)("yaml") as typeof YAML);
}
const isMap = (n: unknown): n is YAMLMap => yaml().isMap(n);
const isSeq = (n: unknown): n is YAMLSeq => yaml().isSeq(n);
const isScalar = (n: unknown): n is Scalar => yaml().isScalar(n);

function get(map: unknown, key: string): unknown {
  return isMap(map) ? (map as YAMLMap).get(key, true) : undefined;
}

function str(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === "string" ? node.value : undefined;
}

/** Does a `shell:` value run the script with bash or sh? (`bash`, `sh`, `bash -e {0}`, `/bin/bash --noprofile {0}`.) */
export function isShShell(shell: string): boolean {
  const first = shell.trim().split(/\s+/)[0] ?? "";
  return SH_SHELLS.has(first.replace(/^.*\//, ""));
}

function onWindows(job: unknown): boolean {
  const runsOn = get(job, "runs-on");
  const labels: string[] = [];
  if (isSeq(runsOn)) for (const it of runsOn.items) labels.push(str(it) ?? "");
  else labels.push(str(runsOn) ?? "");
  if (isMap(runsOn)) labels.push(str(get(runsOn, "labels")) ?? "", str(get(runsOn, "group")) ?? "");
  return labels.some((l) => /windows/i.test(l) && !l.includes("${{"));
}

/** The snippet of one `run:` scalar. */
function runSnippet(text: string, node: Scalar, label: string) {
  const value = String(node.value);
  const [start, valueEnd] = node.range ?? [0, 0];
  let from = start;
  if (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED") {
    // Skip the header line (`|-`, `>2`, a comment after it).
    const nl = text.indexOf("\n", start);
    from = nl === -1 ? valueEnd : nl + 1;
  }
  const offsets = alignValue(value, text, from, Math.max(from, valueEnd));
  const masked = maskExpressions(value);
  // mapped() decides copy vs synthetic per char by comparing with the file; masked expressions
  // differ from the file but keep their own offsets, which is what we want.
  const snippet = new SnippetBuilder().mapped(masked.text, offsets, text).build(label);
  return masked.replaced.length ? { ...snippet, replaced: masked.replaced } : snippet;
}

interface Defaults {
  shell: string | undefined;
}

function stepsOf(text: string, steps: unknown, where: string, defaults: Defaults, windows: boolean, out: Extraction): void {
  if (!isSeq(steps)) return;
  steps.items.forEach((step, i) => {
    const run = get(step, "run");
    if (!isScalar(run) || typeof run.value !== "string") return;
    const shell = str(get(step, "shell")) ?? defaults.shell;
    if (shell !== undefined ? !isShShell(shell) : windows) return;
    const name = str(get(step, "name")) ?? str(get(step, "id"));
    const label = `${where}.steps[${i}]${name ? ` (${name})` : ""}`;
    out.snippets.push(runSnippet(text, run, label));
  });
}

function parseProblems(doc: Document): FormatProblem[] {
  return doc.errors.slice(0, 1).map((e) => ({
    id: "lint/parse-error",
    message: `The YAML does not parse: ${e.message.split("\n")[0]}`,
    start: e.pos[0],
    end: Math.max(e.pos[0], e.pos[1]),
  }));
}

function load(text: string): { doc: Document; out: Extraction } {
  const doc = yaml().parseDocument(text, { uniqueKeys: false, strict: false, prettyErrors: false });
  return { doc, out: { snippets: [], problems: parseProblems(doc) } };
}

/** A workflow file: `jobs.<id>.steps[].run`. */
export function extractWorkflow(text: string): Extraction {
  const { doc, out } = load(text);
  const root = doc.contents as Node | null;
  const topShell = str(get(get(get(root, "defaults"), "run"), "shell"));
  const jobs = get(root, "jobs");
  if (!isMap(jobs)) return out;
  for (const pair of jobs.items) {
    const id = isScalar(pair.key) ? String(pair.key.value) : "?";
    const job = pair.value;
    const shell = str(get(get(get(job, "defaults"), "run"), "shell")) ?? topShell;
    stepsOf(text, get(job, "steps"), `jobs.${id}`, { shell }, onWindows(job), out);
  }
  return out;
}

/** A composite action: `runs.steps[].run` (other action kinds have no shell steps). */
export function extractAction(text: string): Extraction {
  const { doc, out } = load(text);
  const runs = get(doc.contents, "runs");
  if (str(get(runs, "using")) !== "composite") return out;
  stepsOf(text, get(runs, "steps"), "runs", { shell: undefined }, false, out);
  return out;
}
