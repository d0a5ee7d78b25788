import { github } from "./github.js";
import { json } from "./json.js";
import { sarif } from "./sarif.js";
import { stylish } from "./stylish.js";
import type { Reporter } from "./types.js";

export type { LintReport, Reporter, ReporterContext } from "./types.js";

export const FORMATS = ["stylish", "json", "sarif", "github"] as const;
export type Format = (typeof FORMATS)[number];

export const REPORTERS: Readonly<Record<Format, Reporter>> = { stylish, json, sarif, github };
