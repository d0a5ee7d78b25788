/**
 * The finding docs (`docs/checks/<id>.md`, shipped in the package) as help text for SARIF rules.
 * Read at run time; a missing page just means no help text.
 */

import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);

export interface Help {
  text: string;
  markdown: string;
}

const cache = new Map<string, Help | null>();

/** The doc page of a finding id (or check name), or null. */
export function helpFor(id: string): Help | null {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(id)) return null;
  let h = cache.get(id);
  if (h === undefined) {
    try {
      const markdown = readFileSync(new URL(`docs/checks/${id}.md`, root), "utf8").trim();
      h = { markdown, text: markdownToText(markdown) };
    } catch {
      h = null;
    }
    cache.set(id, h);
  }
  return h;
}

/** Markdown lightly flattened for plain-text viewers: links to their text, no emphasis or heading marks. */
export function markdownToText(md: string): string {
  return md
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\n{3,}/g, "\n\n");
}

export function packageInfo(): { version: string; homepage?: string } {
  try {
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { version?: string; homepage?: string; repository?: string | { url?: string } };
    const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
    const web = (pkg.homepage ?? repo)?.replace(/^git\+/, "").replace(/\.git$/, "");
    return { version: pkg.version ?? "0.0.0", ...(web && /^https?:\/\//.test(web) ? { homepage: web } : {}) };
  } catch {
    return { version: "0.0.0" };
  }
}
