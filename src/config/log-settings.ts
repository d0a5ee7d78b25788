/**
 * The `log:` key (the audit trail, docs/audit.md), layered. Only the user config and a `--config`
 * file may set it: a project config could otherwise point the log at any file the user can write
 * (a shell start-up file, a key) and fill it with command text of its choosing, or switch off a
 * log the user relies on. A project config's `log` is ignored with a warning, trusted or not.
 */

import { dirname, resolve } from "node:path";
import type { Env } from "./env.js";
import { defaultLogFile, expandTilde } from "./paths.js";
import type { ConfigFileInfo, LogSettings } from "./types.js";
import type { RawLog } from "./validate.js";

export const DEFAULT_LOG_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_LOG_KEEP = 3;

/**
 * The log settings after `raw` from `file` is applied on top of `current`: a level string sets the
 * level (`off`: no log); an object turns the log on (unless its level is off) and sets what it
 * names, the rest kept from the layer below or the defaults. A relative `file` is relative to the
 * config file's directory.
 */
export function layerLog(current: LogSettings | null, raw: RawLog, file: string, env: Env): LogSettings | null {
  const spec = typeof raw === "string" ? { level: raw } : raw;
  if (spec.level === "off") return null;
  const base: LogSettings = current ?? { file: defaultLogFile(env), level: "asks", maxBytes: DEFAULT_LOG_MAX_BYTES, keep: DEFAULT_LOG_KEEP };
  return {
    file: spec.file !== undefined ? resolve(dirname(file), expandTilde(spec.file, env)) : base.file,
    level: spec.level ?? base.level,
    maxBytes: spec.maxBytes ?? base.maxBytes,
    keep: spec.keep ?? base.keep,
  };
}

/** Whether a config file of this kind may set `log`. */
export function maySetLog(kind: ConfigFileInfo["kind"]): boolean {
  return kind !== "project";
}

export function logIgnoredWarning(file: string): string {
  return `${file}: log ignored: only the user config (or a --config file) may set the audit log`;
}
