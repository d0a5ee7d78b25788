// Times child processes from a fresh parent: `node bench/spawn-timer.js <json>` with
// { commands: [[arg, ...], ...], runs, warmup, cwd, env }; prints { times: [[ms, ...], ...] }.
// bench/cli.js runs its start-up timings here rather than in the bench process: there, after the
// sections before it, every spawn took 20-30 ms longer (node -e 0 in 50-60 ms against 30-38 from
// a fresh parent, on 2026-12-05), a constant that made the start-up ratios look nearer 1 than
// they are.
import { spawnSync } from "node:child_process";

const { commands, runs, warmup, cwd, env } = JSON.parse(process.argv[2]);

function time(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, env, stdio: "ignore" });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

// Interleaved, so machine load falls on all alike.
for (let i = 0; i < warmup; i++) for (const c of commands) time(c);
const times = commands.map(() => []);
for (let i = 0; i < runs; i++) commands.forEach((c, k) => times[k].push(time(c)));
process.stdout.write(JSON.stringify({ times }));
