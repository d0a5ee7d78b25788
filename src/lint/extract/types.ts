/** What an extractor returns: the shell snippets of a file, and problems reading the file's own format. */

import type { Snippet } from "../source-map.js";

export interface FormatProblem {
  /** `lint/parse-error`: the YAML, JSON or Dockerfile itself could not be read. */
  id: string;
  message: string;
  /** File offsets. */
  start: number;
  end: number;
}

export interface Extraction {
  snippets: Snippet[];
  problems: FormatProblem[];
}

/**
 * GitHub Actions `${{ expr }}` is substituted before the shell runs: analyse it as an unknown
 * value of the same length (`${____}`). Returns the text and what was replaced.
 */
export function maskExpressions(text: string): { text: string; replaced: [string, string][] } {
  const replaced: [string, string][] = [];
  if (!text.includes("${{")) return { text, replaced };
  const masked = text.replace(/\$\{\{[\s\S]*?\}\}/g, (m) => {
    const mask = "${" + "_".repeat(m.length - 3) + "}";
    replaced.push([mask, m]);
    return mask;
  });
  return { text: masked, replaced };
}

/** Put the file's text back into a message that quotes masked text. */
export function unmask(message: string, replaced: readonly (readonly [string, string])[] | undefined): string {
  if (!replaced) return message;
  for (const [mask, original] of replaced) message = message.split(mask).join(original);
  return message;
}
