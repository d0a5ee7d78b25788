/** package.json: every `scripts` value (npm and its peers run them with `sh -c`). */

import { SnippetBuilder } from "../source-map.js";
import { JsonSyntaxError, member, parseJson, type JsonNode } from "./json.js";
import type { Extraction } from "./types.js";

export function extractPackageJson(text: string): Extraction {
  const out: Extraction = { snippets: [], problems: [] };
  let root: JsonNode;
  try {
    root = parseJson(text);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    out.problems.push({ id: "lint/parse-error", message: `The JSON does not parse: ${e.message}`, start: e.offset, end: Math.min(text.length, e.offset + 1) });
    return out;
  }
  const scripts = member(root, "scripts");
  if (scripts?.type !== "object") return out;
  for (const { key, value } of scripts.members) {
    if (value.type !== "string") continue;
    out.snippets.push(new SnippetBuilder().mapped(value.value, value.offsets, text).build(`scripts.${key.value}`));
  }
  return out;
}
