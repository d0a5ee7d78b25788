/** Which extractor reads a file (by its name, and for extensionless files by its first lines). */

import { wholeSnippet } from "../source-map.js";
import { extractDockerfile } from "./dockerfile.js";
import { extractMarkdown } from "./markdown.js";
import { extractPackageJson } from "./package-json.js";
import type { Extraction } from "./types.js";
import { extractAction, extractWorkflow } from "./workflow.js";

export type { Extraction, FormatProblem } from "./types.js";

export type FileKind = "script" | "markdown" | "workflow" | "action" | "dockerfile" | "package-json";

export const FILE_KINDS: readonly FileKind[] = ["script", "markdown", "workflow", "action", "dockerfile", "package-json"];

/**
 * The kind a path names: a FileKind, "maybe-script" (no extension: a script if its first lines
 * say so), or null (not ours).
 */
export function kindByName(path: string): FileKind | "maybe-script" | null {
  const p = path.replace(/\\/g, "/");
  const base = p.slice(p.lastIndexOf("/") + 1);
  const lower = base.toLowerCase();
  if (/\.(sh|bash)$/.test(lower)) return "script";
  if (/\.(md|markdown)$/.test(lower)) return "markdown";
  if (/(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(p)) return "workflow";
  if (lower === "action.yml" || lower === "action.yaml") return "action";
  if (/^(dockerfile|containerfile)(\.[^/]*)?$/.test(lower) || lower.endsWith(".dockerfile") || lower.endsWith(".containerfile")) return "dockerfile";
  if (base === "package.json") return "package-json";
  if (!base.slice(1).includes(".")) return "maybe-script";
  return null;
}

const SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?(sh|bash|dash|ash)(?:\s|$)/;
const EMACS_MODE = /-\*-\s*(?:[^*]*;\s*)?(?:mode:\s*)?(?:sh|bash|shell-script)\s*(?:;[^*]*)?-\*-/i;
const VIM_MODE = /(?:^|\s)(?:vim?|ex):.*\b(?:ft|filetype|syntax)=(?:sh|bash)\b/;
const SHELLCHECK_SHELL = /^\s*#\s*shellcheck\s+.*\bshell=(?:sh|bash|dash|ash)\b/m;

/** Does the text say it is a sh/bash script? (a shebang, an Emacs or Vim modeline, a `# shellcheck shell=` directive) */
export function looksLikeScript(text: string): boolean {
  if (SHEBANG.test(text)) return true;
  const head = text.slice(0, 2000).split("\n", 8);
  if (head.some((l) => EMACS_MODE.test(l) || VIM_MODE.test(l))) return true;
  const tail = text.slice(-1000).split("\n").slice(-5);
  if (tail.some((l) => VIM_MODE.test(l))) return true;
  return SHELLCHECK_SHELL.test(text.slice(0, 4000));
}

/** Binary content is never a script. */
export function isBinary(text: string): boolean {
  return text.slice(0, 8000).includes("\u0000");
}

export function extract(kind: FileKind, text: string): Extraction {
  switch (kind) {
    case "script":
      return { snippets: [wholeSnippet(text, "script")], problems: [] };
    case "markdown":
      return extractMarkdown(text);
    case "workflow":
      return extractWorkflow(text);
    case "action":
      return extractAction(text);
    case "dockerfile":
      return extractDockerfile(text);
    case "package-json":
      return extractPackageJson(text);
  }
}
