/**
 * Dangerous operations seen only across a line: a write onto a block device through any tool's
 * output option (`curl -o`, `wget -O`, `tar -cf`, `of=`, `ddrescue IN OUT`) or through a name a
 * symlink made earlier on the line points at a device (`ln -sf /dev/sda d && dd of=d`), and the
 * fork bomb (a function that runs itself twice, one in the background).
 */

import type { Facts, Word } from "../../facts/types.js";
import type { CheckContext, FactsCheck, FindingDraft } from "../check.js";
import type { CommandView } from "../command.js";
import { isHarmlessDevice, resolvePath, type PathContext } from "../paths.js";
import { isWriteRedirect } from "./dangerous.js";

/** Output options (as written) whose value is the file written, for any tool. */
const OUTPUT_OPTION = /^(?:-o|-O|--output|--output-document|--outfile|--out)$/;
const OUTPUT_ATTACHED = /^(?:--output|--output-document|--outfile|--out)=/;
/** dd and its relatives write to `of=` (onto a device directly, dd is core's dangerous/dd-device). */
const DD_LIKE = /^(?:dd|dcfldd|dc3dd|ddpt|sg_dd)$/;
/** Commands whose arguments are data, not options. */
const DATA = /^(?:echo|printf|:|true|false|test|\[)$/;

/** tar writes its archive (`-f`) when it creates, appends or updates. */
const tarWrites = (args: readonly string[]): boolean =>
  args.some((a, i) => /^--(?:create|append|update|concatenate)$/.test(a) || (/^-?[A-Za-z]*[cruA]/.test(a) && (i === 1 || a.startsWith("-")) && !a.startsWith("--")));

/** The words this command writes to by an option (or, for ddrescue/dcfldd, by position). */
function optionTargets(view: CommandView): Word[] {
  const out: Word[] = [];
  const { args, words } = view;
  if (DATA.test(view.name)) return out;
  const tar = view.name === "tar" && tarWrites(args);
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    const w = words[i] as Word;
    // A short cluster ending in the output letter takes the next word (`curl -sLo F`, `tar czf F`).
    const cluster = (view.name === "curl" || view.name === "wget") && /^-[A-Za-z]*[oO]$/.test(a);
    const tarFile = tar && (a === "--file" || /^-[A-Za-z]*f$/.test(a) || (i === 1 && /^[A-Za-z]*f$/.test(a)));
    if (OUTPUT_OPTION.test(a) || cluster || tarFile) {
      if (words[i + 1]) out.push(words[i + 1] as Word);
    } else if (OUTPUT_ATTACHED.test(a) || (tar && a.startsWith("--file=")) || (a.startsWith("of=") && DD_LIKE.test(view.name))) {
      const cut = a.indexOf("=") + 1;
      out.push({ ...w, value: a.slice(cut), tilde: a.slice(cut).startsWith("~"), dynamic: w.dynamic?.map(([s, e]): [number, number] => [s - cut, e - cut]) ?? null });
    }
  }
  // `ddrescue [opts] IN OUT [MAP]`: the second operand.
  if (view.name === "ddrescue") {
    const ops = words.filter((w, i) => i > 0 && !w.value.startsWith("-"));
    if (ops[1]) out.push(ops[1]);
  }
  return out;
}

/** `ln -s[f] TARGET NAME`: NAME (absolute) when TARGET is a device. */
function deviceLink(view: CommandView, paths: PathContext): string | null {
  if (view.name !== "ln" || !view.args.some((a) => /^-[A-Za-z]*s/.test(a) || a === "--symbolic")) return null;
  const ops = view.words.filter((w, i) => i > 0 && !w.value.startsWith("-"));
  if (ops.length !== 2) return null;
  const target = resolvePath(ops[0] as Word, paths).path;
  const name = resolvePath(ops[1] as Word, paths).path;
  return target !== null && name !== null && target.startsWith("/dev/") && !isHarmlessDevice(target) ? name : null;
}

/**
 * For each construct, the nearest function definition around it (itself included), or -1: made
 * once per parse, so a pipeline at every level of a deep line (`$(a | $(b | …))`) does not walk
 * its whole chain of parents each time (quadratic in the depth).
 */
const functionsAround = new WeakMap<Facts, Int32Array>();

function functionAround(facts: Facts, construct: number): number {
  let table = functionsAround.get(facts);
  if (table === undefined) {
    const constructs = facts.constructs;
    table = new Int32Array(constructs.length);
    for (let i = 0; i < constructs.length; i++) {
      const con = constructs[i] as Facts["constructs"][number];
      const p = con.parent;
      // Parents come before their children; anything else is treated as no parent.
      table[i] = con.type === "function_definition" ? i : p >= 0 && p < i ? (table[p] as number) : -1;
    }
    functionsAround.set(facts, table);
  }
  return construct >= 0 && construct < table.length ? (table[construct] as number) : -1;
}

/** The function a command runs itself from inside, twice with one in the background: `:(){ :|:& };:`. */
function isForkBomb(view: CommandView): boolean {
  const sc = view.sc;
  if (!(sc.background || sc.pipeline >= 0)) return false;
  const c = functionAround(view.facts, sc.parent);
  if (c < 0) return false;
  const { constructs, source } = view.facts;
  const con = constructs[c] as Facts["constructs"][number];
  const m = /^(?:function\s+)?([^\s(){};|&]+)/.exec(source.slice(con.start, Math.min(con.end, con.start + 256)));
  return m !== null && m[1] === view.args[0];
}

const systemOn = (ctx: CheckContext): boolean => ctx.options.packs === undefined || ctx.options.packs.includes("system");

/**
 * A device path at the start of an argument or of its value (`/dev/sda`, `of=/dev/sda`,
 * `--output=/dev/sda`, `-o/dev/sda`): anchored, so a word holding a whole nested command is not
 * read to its end at every level (nested words stay linear).
 */
function mentionsDevice(args: readonly string[]): boolean {
  for (let i = 1; i < args.length; i++) if (deviceArg(args[i] as string)) return true;
  return false;
}

const DEV = "/dev/";
const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** `^(?:-[A-Za-z]|[-\w]{1,40}=)?\/dev\/` without a regex call per argument (most are short and fail at once). */
export function deviceArg(a: string): boolean {
  if (a.length < 5) return false;
  if (a.startsWith(DEV)) return true;
  const c1 = a.charCodeAt(1);
  if (a.charCodeAt(0) === 45 /* - */ && ((c1 >= 65 && c1 <= 90) || (c1 >= 97 && c1 <= 122)) && a.startsWith(DEV, 2)) return true;
  for (let k = 0; k < a.length && k <= 40; k++) {
    const c = a.charCodeAt(k);
    if (c === 61 /* = */) return k >= 1 && a.startsWith(DEV, k + 1);
    if (c !== 45 && !isWordChar(c)) return false;
  }
  return false;
}

/**
 * One pass over every view of the line (a perLine check), so nested `bash -c` strings stay
 * linear. Views come grouped by parse, in order: links and cds do not cross from one parse to
 * the next. Findings carry the view's range in the top-level source.
 */
function check(_facts: Facts, ctx: CheckContext, views: readonly CommandView[]): FindingDraft[] {
  let out: FindingDraft[] | null = null;
  let links: Set<string> | null = null;
  let paths = ctx.paths;
  let parse: Facts | null = null;
  for (let k = 0; k < views.length; k++) {
    const view = views[k] as CommandView;
    if (view.facts !== parse) {
      parse = view.facts;
      links = null;
      paths = ctx.paths;
    }
    if (view.wrapperOnly) continue;
    if (view.sc.parent >= 0 && systemOn(ctx) && isForkBomb(view)) {
      (out ??= []).push({ id: "dangerous/fork-bomb", message: `${view.args[0]} runs itself twice, once in the background, without end: a fork bomb that exhausts the machine's processes.`, start: view.start, end: view.end });
    }
    // `cd /dev` makes later relative names devices; any other cd ends that (the analysis'
    // own cd tracking is per view; here only /dev matters, so no path is built per level).
    if (view.name === "cd") {
      const to = view.args[1] ?? "";
      paths = to === "/dev" || to.startsWith("/dev/") ? { ...paths, cwd: to.replace(/\/+$/, "") } : ctx.paths;
      continue;
    }
    // Most commands name no device and follow no device link: nothing more to look at.
    if (links === null && !paths.cwd.startsWith("/dev") && !mentionsDevice(view.args)) continue;
    const link = deviceLink(view, paths);
    if (link !== null) (links ??= new Set()).add(link);
    const targets = optionTargets(view);
    if (links !== null) {
      for (const r of view.redirects) if (isWriteRedirect(r.op, r.target)) targets.push(r.target as Word);
      if (view.name === "tee") targets.push(...view.words.slice(1).filter((w) => !w.value.startsWith("-")));
      if ((view.name === "cp" || view.name === "mv") && view.words.length > 2) targets.push(view.words[view.words.length - 1] as Word);
    }
    for (const w of targets) {
      const path = resolvePath(w, paths).path;
      if (path === null) continue;
      const viaLink = links?.has(path) === true;
      // dd's of= onto a device itself is core's dangerous/dd-device.
      const direct = path.startsWith("/dev/") && !isHarmlessDevice(path) && view.name !== "dd";
      if (viaLink || direct) {
        (out ??= []).push({ id: "dangerous/device-write", message: `${view.name} writes to ${w.value}${viaLink ? ", a symlink made earlier to a device" : ""}, overwriting the device itself; check the target.`, start: view.start, end: view.end });
        break;
      }
    }
  }
  return out ?? [];
}

export const dangerousInLine: FactsCheck = {
  name: "dangerous",
  perLine: true,
  findings: {},
  check,
};
