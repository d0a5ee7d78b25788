/**
 * `shellguard doctor [--json] [--cwd <dir>]`: the report of doctor.ts as a table (or JSON), and
 * the exit code: 0 when nothing is broken, 1 when something is (each problem printed with its fix).
 */

import { diagnose, type DoctorCheck, type DoctorReport, type Status } from "./doctor.js";
import type { Env } from "../config/env.js";

export const DOCTOR_EXIT = { ok: 0, broken: 1 } as const;

const MARK: Record<Status, string> = { ok: "ok", off: "-", warn: "warn", broken: "BROKEN" };

function table(report: DoctorReport): string {
  const rows = report.checks.map((c) => [c.area, c.name, MARK[c.status], c.detail + (c.where ? `  [${c.where}]` : "")]);
  const width = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(width[i]!) : cell)).join("  "));
  const problems = report.checks.filter((c): c is DoctorCheck & { fix: string } => (c.status === "broken" || c.status === "warn") && c.fix !== undefined);
  const fixes = problems.map((c) => `  ${c.status === "broken" ? "broken" : "warning"}: ${c.area} ${c.name}: ${c.fix}`);
  const verdict = report.ok ? "shellguard doctor: nothing is broken." : "shellguard doctor: something is broken (exit 1).";
  return [...lines, "", ...(fixes.length ? ["To fix:", ...fixes, ""] : []), verdict, ""].join("\n");
}

export interface DoctorIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Env;
  cwd: string;
}

export async function runDoctor(args: { json?: boolean | undefined; cwd?: string | undefined }, io: DoctorIO): Promise<number> {
  const report = await diagnose({ cwd: args.cwd ?? io.cwd, env: io.env });
  io.stdout.write(args.json ? JSON.stringify(report, null, 2) + "\n" : table(report));
  return report.ok ? DOCTOR_EXIT.ok : DOCTOR_EXIT.broken;
}
