// Median time of one hook invocation as the agent runs it (`shellguard agent-hook <agent>`, the
// bin): a new process, the payload on stdin, the answer on stdout.
// Run after a build: node test/agents/bench-hook.mjs [runs]
// Three figures per case: wall time as the agent sees it (spawn to exit), and, from inside the
// child, its CPU time (user + system) — the figure least disturbed by a busy machine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, "..", "..", "bin", "shellguard.cjs");
const runs = Number(process.argv[2] ?? 30);
const base = mkdtempSync(join(tmpdir(), "shellguard-bench-"));
const home = join(base, "home");
const project = join(home, "project");
mkdirSync(project, { recursive: true });
const probe = join(base, "probe.cjs");
writeFileSync(probe, 'process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write(`\\nBENCH ${(u.user + u.system) / 1000}\\n`); });\n');
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(base, "xdg"), XDG_CACHE_HOME: join(base, "cache") };

const { agentNamed } = await import(new URL("../../dist/agents/index.js", import.meta.url).href);
const claude = (command, tool = "Bash") =>
  JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: tool, tool_input: { command }, tool_use_id: "toolu_1" });
const gemini = (command) =>
  JSON.stringify({ session_id: "s", transcript_path: "/t.json", cwd: project, hook_event_name: "BeforeTool", timestamp: new Date().toISOString(), tool_name: "run_shell_command", tool_input: { command } });

const cases = [
  ["node -e 0 (process floor)", ["-e", "0"], ""],
  ["claude-code: rm -rf ~ (ask)", [bin, "agent-hook", "claude-code"], claude("rm -rf ~")],
  ["claude-code: ls (no output)", [bin, "agent-hook", "claude-code"], claude("ls -la")],
  ["claude-code: git log | head (no output)", [bin, "agent-hook", "claude-code"], claude("git log --oneline | head -20")],
  ["claude-code: Read README.md (judged as cat, no output)", [bin, "agent-hook", "claude-code"], claude("", "Read").replace('"tool_input":{"command":""}', `"tool_input":{"file_path":"${project}/README.md"}`)],
  ["gemini-cli: rm -rf ~ (deny)", [bin, "agent-hook", "gemini-cli"], gemini("rm -rf ~")],
  // The other agents, from each definition's own sample payload.
  ...["codex", "copilot-cli", "cursor", "opencode"].flatMap((name) => [
    [`${name}: rm -rf ~ (deny)`, [bin, "agent-hook", name], JSON.stringify(agentNamed(name).sample("rm -rf ~", project))],
    [`${name}: ls (no output)`, [bin, "agent-hook", name], JSON.stringify(agentNamed(name).sample("ls -la", project))],
  ]),
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  for (const [label, args, input] of cases) {
    const argv = ["--require", probe, ...args];
    spawnSync(process.execPath, argv, { input, env, cwd: project }); // warm the file cache
    const wall = [];
    const cpu = [];
    for (let i = 0; i < runs; i++) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, argv, { input, env, cwd: project, encoding: "utf8" });
      wall.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (r.status !== 0) throw new Error(`${label}: exit ${r.status}\n${r.stderr}`);
      cpu.push(Number(/BENCH ([\d.]+)/.exec(r.stderr)?.[1]));
    }
    console.log(`${label.padEnd(42)} wall median ${median(wall).toFixed(1)} ms (min ${Math.min(...wall).toFixed(1)})  cpu median ${median(cpu).toFixed(1)} ms  [${runs} runs]`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
