/**
 * A language's call tables, built on first use, and the lookup from a called name to the spec it
 * calls (`os.system`; `system` or `sp.system` when the code names `os`). Used by calls.ts.
 */

import type { CallSpec, Language } from "./language.js";
import { fileHint } from "./files.js";

export interface Tables {
  byFn: ReadonlyMap<string, readonly CallSpec[]>;
  mods: ReadonlySet<string>;
  /** Words whose presence makes a computed call suspect (modules, run and delete functions). */
  danger: RegExp;
  /** Code with none of these (no API name, command literal, pipe or computed call) has nothing to find. */
  hint: RegExp;
}

/** Command literals and computed calls, per language: backticks, qx, %x, awk's pipes, `$f(`, `](`. */
const HINTS: Readonly<Record<string, string>> = { perl: "`|\\bqx\\b", ruby: "`|%x", php: "`|\\$\\w+\\s*\\(", awk: "\\|" };

const TABLES = new Map<Language, Tables>();

/** Built on first use: a line that runs no interpreter never pays for them. */
export function tablesOf(lang: Language): Tables {
  let t = TABLES.get(lang);
  if (t !== undefined) return t;
  const byFn = new Map<string, CallSpec[]>();
  const words = new Set<string>();
  for (const spec of lang.calls) {
    for (const fn of spec.fns) byFn.set(fn, [...(byFn.get(fn) ?? []), spec]);
    if (spec.does === "eval" || spec.does === "load" || spec.does === "indirect") continue;
    if (spec.mod !== "") words.add(firstSegment(spec.mod));
    for (const fn of spec.fns) words.add(fn.split(".").pop() as string);
  }
  const mods = new Set(lang.calls.filter((s) => s.mod !== "").map((s) => firstSegment(s.mod)));
  const names = [...new Set(lang.calls.flatMap((c) => c.fns.map((fn) => fn.split(".").pop() as string)))];
  const hint = new RegExp([`\\b(?:${names.join("|")})\\b`, "\\]\\s*\\(", HINTS[lang.name], fileHint(lang)].filter((h) => h !== undefined).join("|"));
  t = { byFn, mods, danger: new RegExp(`\\b(?:${[...words].join("|")})\\b`), hint };
  TABLES.set(lang, t);
  return t;
}

const firstSegment = (dotted: string): string => dotted.split(".")[0] as string;

export const mentions = (code: string, word: string): boolean => new RegExp(`\\b${word}\\b`).test(code);

/** The spec a name calls, if any: `os.system`; `system` or `sp.system` when the code names `os`. */
export function specFor(id: string, code: string, t: Tables): CallSpec | null {
  const name = id.startsWith(".") ? id.slice(1) : id;
  const dot = name.lastIndexOf(".");
  const fn = name.slice(dot + 1);
  const exact = t.byFn.get(name)?.find((s) => s.mod === "");
  if (exact !== undefined && !id.startsWith(".")) return exact;
  const specs = t.byFn.get(fn);
  if (specs === undefined) return null;
  // A computed call is one whatever the receiver (`Kernel.send`, `obj.public_send`).
  const indirect = specs.find((s) => s.does === "indirect" && s.mod === "");
  if (indirect !== undefined) return indirect;
  const prefix = dot < 0 ? "" : name.slice(0, dot);
  for (const s of specs) {
    if (s.mod === "") continue;
    if (prefix === s.mod) return s;
    // Another module's function of the same name (`asyncio.run` is not `subprocess.run`).
    const head = firstSegment(prefix);
    if (prefix !== "" && head !== firstSegment(s.mod) && t.mods.has(head)) continue;
    if (mentions(code, firstSegment(s.mod))) return s;
  }
  return null;
}
