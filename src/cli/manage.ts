/** `init`, `test`, `trust`, `untrust`: the config-management subcommands. */

import { statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { findProjectConfig, loadConfig, starterConfig, trust, untrust } from "../config/index.js";
import { unsafeConfigReason } from "../config/safety.js";
import type { ResolvedConfig, RuleSpec } from "../config/types.js";
import { checkRuleExamples, type RuleUse } from "../engine/verify.js";
import { EXIT, PathError, reportError, UsageError } from "./errors.js";
import { oneLine, styleFor } from "../render/format.js";

const out = (text: string): void => void process.stdout.write(text);

/** `--cwd` (default the current directory) resolved, or a one-line PathError when it is not a directory. */
function workingDirectory(cwd: string | undefined): string {
  const dir = resolve(cwd ?? ".");
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new PathError(`--cwd ${dir}: no such directory.`);
  }
  if (!isDir) throw new PathError(`--cwd ${dir}: not a directory.`);
  return dir;
}

export interface InitArgs {
  cwd?: string | undefined;
  format?: string | undefined;
}

/** Write a starter config in the working directory; never overwrites. */
export function runInit(args: InitArgs): number {
  try {
    const format = args.format ?? "yaml";
    if (format !== "yaml" && format !== "json") throw new UsageError(`--format must be yaml or json, not "${format}".`);
    const cwd = workingDirectory(args.cwd);
    const file = join(cwd, format === "json" ? ".shellguardrc.json" : ".shellguardrc.yaml");
    const existing = findProjectConfig(cwd);
    if (existing && dirname(existing.path) === cwd) {
      throw new UsageError(`${existing.path} already exists; init does not overwrite or shadow a config.`);
    }
    try {
      writeFileSync(file, starterConfig({ format }), { flag: "wx" });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new UsageError(`${file} already exists; init does not overwrite it.`);
      if (typeof code === "string") throw new PathError(`cannot write ${file} (${code}).`);
      throw e;
    }
    const shown = relative(process.cwd(), file) || file;
    out(`Wrote ${shown}.\nA project config may only tighten the rules until you trust it: shellguard trust ${shown}\n`);
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}

export interface ConfigArgs {
  cwd?: string | undefined;
  config?: string | undefined;
}

function load(args: ConfigArgs): ResolvedConfig {
  const cwd = workingDirectory(args.cwd);
  return loadConfig({ cwd, ...(args.config !== undefined ? { configFile: resolve(cwd, args.config) } : {}) });
}

/** Check every rule's match/notMatch examples; exit 0 when all hold, 1 otherwise. */
export function runTest(args: ConfigArgs): number {
  try {
    const config = load(args);
    const s = styleFor(process.stdout);
    const lists: [RuleUse, readonly RuleSpec[]][] = [
      ["deny", config.rules.deny], ["ask", config.rules.ask], ["allow", config.rules.allow], ["dangerous", config.dangerousPatterns],
    ];
    let rules = 0;
    let examples = 0;
    let failed = 0;
    for (const [use, list] of lists) {
      for (const rule of list) {
        const { problem, results } = checkRuleExamples(rule, use);
        if (!problem && results.length === 0) continue;
        rules++;
        examples += results.length;
        const bad = results.filter((r) => !r.ok);
        const where = rule.source ? s.dim(`  (${rule.source})`) : "";
        if (problem || bad.length) {
          failed++;
          out(`${s.red("FAIL")} ${use} ${oneLine(JSON.stringify(rule.pattern))}${where}\n`);
          if (problem) out(`     ${oneLine(problem)}\n`);
          for (const r of bad) {
            out(r.expected === "match"
              ? `     should match but does not: ${oneLine(JSON.stringify(r.example))}\n`
              : `     should not match but does: ${oneLine(JSON.stringify(r.example))}\n`);
          }
        } else {
          out(`${s.green("ok")}   ${use} ${oneLine(JSON.stringify(rule.pattern))} (${results.length} example${results.length === 1 ? "" : "s"})${where}\n`);
        }
      }
    }
    if (rules === 0) out("No rule has match/notMatch examples.\n");
    else out(`${rules} rule${rules === 1 ? "" : "s"} with ${examples} example${examples === 1 ? "" : "s"}: ${failed ? s.red(`${failed} failing`) : s.green("all pass")}.\n`);
    return failed ? 1 : EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}

export interface TrustArgs {
  file?: string | undefined;
  cwd?: string | undefined;
}

/** The file to (un)trust: the one named, else the project config found from the working directory. */
function trustTarget(args: TrustArgs): string {
  const cwd = workingDirectory(args.cwd);
  if (args.file !== undefined) return resolve(cwd, args.file);
  const found = findProjectConfig(cwd);
  if (!found) throw new UsageError(`no project config found from ${cwd} upward; name the file: shellguard trust <file>.`);
  return found.path;
}

export function runTrust(args: TrustArgs): number {
  try {
    const file = trustTarget(args);
    const { path, hash } = trust(file, { cwd: resolve(args.cwd ?? ".") });
    out(`Trusted ${path} (sha256 ${hash.slice(0, 12)}…). Editing the file revokes trust.\n`);
    const unsafe = unsafeConfigReason(file);
    if (unsafe !== null) process.stderr.write(`shellguard: warning: ${file} is still not read as a project config: ${unsafe} (it must be owned by you or root, in a directory only you can write to)\n`);
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}

export function runUntrust(args: TrustArgs): number {
  try {
    const file = trustTarget(args);
    const removed = untrust(file, { cwd: resolve(args.cwd ?? ".") });
    out(removed ? `No longer trusted: ${file}\n` : `${file} was not trusted.\n`);
    return EXIT.allow;
  } catch (error) {
    return reportError(error);
  }
}
