// The shell hooks' latency: the time the hook adds to each submitted command line, in bash and
// zsh (and fish when it is installed), with the session's worker warm; and a one-shot
// `shellguard check` (the fallback when the worker cannot answer).
//
// The hook's per-line function is timed inside the shell with $EPOCHREALTIME around it (fish:
// its `time` keyword), over allowed lines of the tldr corpus (what a person mostly types):
// bash's __shellguard_enter (the `bind -x` function Enter runs), zsh's __shellguard_decide (what
// the accept-line widget runs before the original accept-line), fish's __shellguard_query
// (what Enter runs before the original binding). That is the added time: without
// the hook, none of it runs. Each shell is an interactive shell (-i) with the hook loaded as
// `eval "$(shellguard hook <shell>)"` would, and its own worker.
//
//   import { benchHooks, hooksRows } from "./hooks.js";
//   const figures = await benchHooks({ log });   // { hookBashMs: {median, p95}, hookZshMs, oneShotMs, ... }
//   node bench/hooks.js                          // prints the figures as JSON
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importDist, loadCorpus, median, repoRoot } from "./lib.js";

const BIN = path.join(repoRoot, "bin", "shellguard.cjs");
const TARGET_MEDIAN_MS = 2;
const TARGET_START_MS = 20;

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

const round = (x) => Math.round(x * 1000) / 1000;
const summary = (ms) => ({ median: round(median(ms)), p95: round(quantile(ms, 0.95)), n: ms.length });

function have(cmd) {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function run(cmd, args, opts) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { ...opts, maxBuffer: 64 << 20, timeout: opts.timeout ?? 300_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} failed: ${err.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Single lines of the corpus allowed in bash, zsh and fish (no `!`: history expansion is a separate, rarer path). */
async function allowedLines(env, count, corpus) {
  const { createAnswerer, parseReply, formatRequest } = await importDist("shell/index.js");
  const answer = createAnswerer({ env });
  let lines = corpus;
  if (!lines) try {
    lines = loadCorpus().lines;
  } catch {
    lines = ["ls -la", "git status", "git log --oneline -5", "cd src", "grep -rn TODO .", "npm test", "echo hello", "cat README.md", "make -j4", "docker ps"];
  }
  const out = [];
  // Spread over the corpus, not only its first pages.
  const stride = Math.max(1, Math.floor(lines.length / (count * 4)));
  for (let i = 0; i < lines.length && out.length < count; i += stride) {
    const line = lines[i];
    if (!line.trim() || line.includes("!") || line.includes("\n") || line.includes("'\\''")) continue;
    // The same lines for every shell, so allowed in each one's dialect (zsh asks about `fc`).
    const allowedIn = (shell) => {
      const reply = parseReply(answer(formatRequest({ id: "1", mode: null, shell, cwd: os.tmpdir(), command: line })));
      return reply.decision === "allow" && !reply.parseError;
    };
    if (allowedIn("bash") && allowedIn("zsh") && allowedIn("fish")) out.push(line);
  }
  return out;
}

function shQuote(s) {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Per-line times (ms) of the hook function in one interactive shell. */
async function timeShell(shell, dir, env, lines, warmup) {
  const { hookScript } = await importDist("shell/index.js");
  const hook = path.join(dir, `hook.${shell}`);
  fs.writeFileSync(hook, hookScript(shell, { bin: [process.execPath, BIN] }));
  const input = path.join(dir, "lines.txt");
  fs.writeFileSync(input, lines.join("\n") + "\n");
  const outFile = path.join(dir, `times.${shell}`);
  const driver = path.join(dir, `driver.${shell}`);
  if (shell === "bash") {
    fs.writeFileSync(
      driver,
      [
        `source ${shQuote(hook)}`,
        `mapfile -t lines < ${shQuote(input)}`,
        `for ((i = 0; i < ${warmup}; i++)); do READLINE_LINE=\${lines[i % \${#lines[@]}]}; READLINE_POINT=0; __shellguard_enter; done`,
        `exec 3>${shQuote(outFile)}`,
        `for l in "\${lines[@]}"; do`,
        `  READLINE_LINE=$l; READLINE_POINT=\${#l}`,
        `  t0=\${EPOCHREALTIME/[.,]/}; __shellguard_enter; t1=\${EPOCHREALTIME/[.,]/}`,
        `  [[ \${__shellguard_r[0]} == allow ]] || { echo "not allowed: $l (\${__shellguard_r[0]})" >&2; exit 1; }`,
        `  echo $(( t1 - t0 )) >&3`,
        `done`,
        "",
      ].join("\n"),
    );
    await run("bash", ["--norc", "--noprofile", "-i", "-c", `source ${shQuote(driver)}`], { env, cwd: dir });
  } else if (shell === "zsh") {
    fs.writeFileSync(
      driver,
      [
        "zmodload zsh/datetime",
        `source ${shQuote(hook)}`,
        `lines=("\${(@f)$(<${shQuote(input)})}")`,
        `for ((i = 0; i < ${warmup}; i++)); do PREBUFFER= BUFFER=\${lines[i % \${#lines} + 1]}; __shellguard_decide; done`,
        `exec 3>${shQuote(outFile)}`,
        `for l in "\${lines[@]}"; do`,
        `  PREBUFFER= BUFFER=$l`,
        `  t0=$EPOCHREALTIME; __shellguard_decide; t1=$EPOCHREALTIME`,
        `  [[ \${__shellguard_r[1]} == allow ]] || { print -u2 "not allowed: $l (\${__shellguard_r[1]})"; exit 1 }`,
        `  print -u3 $(( (t1 - t0) * 1000000 ))`,
        `done`,
        "",
      ].join("\n"),
    );
    await run("zsh", ["-f", "-i", "-c", `source ${shQuote(driver)}`], { env: { ...env, ZDOTDIR: dir }, cwd: dir });
  } else {
    // fish has no clock variable; its `time` keyword reports a job's wall time (to the
    // microsecond) on fish's stderr, without starting a process. (Two `date` processes around
    // each query, minus two around nothing, measured mostly the noise of starting them.)
    fs.writeFileSync(
      driver,
      [
        `source ${shQuote(hook)}`,
        `set -l lines (string split \\n -- (cat ${shQuote(input)} | string collect))`,
        `for i in (seq ${warmup}); __shellguard_query $lines[(math "$i % " (count $lines) " + 1")]; end`,
        `for l in $lines`,
        `  time __shellguard_query $l`,
        `  test "$__shellguard_r[1]" = allow; or begin; echo "not allowed: $l ($__shellguard_r[1])" >&2; exit 1; end`,
        `end`,
        "",
      ].join("\n"),
    );
    const { stderr } = await run("fish", ["--no-config", "-i", "-c", `source ${shQuote(driver)}`], { env, cwd: dir });
    const unit = { micros: 0.001, millis: 1, secs: 1000, mins: 60_000 };
    const ms = [...stderr.matchAll(/Executed in\s+([\d.]+) (micros|millis|secs|mins)/g)].map((m) => Number(m[1]) * unit[m[2]]);
    if (ms.length !== lines.length) throw new Error(`fish: ${ms.length} times for ${lines.length} lines:\n${stderr.slice(0, 2000)}`);
    return ms;
  }
  const us = fs.readFileSync(outFile, "utf8").trim().split("\n").map(Number);
  return us.map((x) => x / 1000);
}

/** Wall time (ms) of one-shot `shellguard check --stdin` for a line, median of `runs`. */
function oneShot(env, line, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [BIN, "check", "--mode", "guard", "--stdin"], { env, input: line, stdio: ["pipe", "ignore", "ignore"] });
    times.push(performance.now() - t0);
  }
  return round(median(times));
}

/**
 * Start-up: the added wall time of an interactive shell (`-i`, its rc file read) that runs one
 * line and exits, with the rc line that loads the cached hook (docs/shell.md) vs an empty rc
 * file, interleaved, median of `runs` each. The one line prints $__shellguard_hooked, so a run
 * that did not load the hook is an error, not a fast figure. No worker starts here (`-c`: no
 * line is read from a terminal); the first line typed at a terminal waits for the worker the
 * hook started in the background as the shell started.
 */
export async function shellStart(shell, dir, env, runs) {
  const home = path.join(dir, `start-${shell}`);
  const cache = path.join(home, ".cache");
  fs.mkdirSync(path.join(home, ".config", "fish"), { recursive: true });
  const startEnv = { ...env, HOME: home, XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: path.join(home, ".config") };
  // The cache as `shellguard hook <shell> --cached` leaves it on the first shell start.
  execFileSync(process.execPath, [BIN, "hook", shell, "--cached"], { env: startEnv, stdio: ["ignore", "ignore", "inherit"] });
  const node = shQuote(process.execPath);
  const rcLine = {
    bash: `. "\${XDG_CACHE_HOME:-$HOME/.cache}/shellguard/hook.bash" 2>/dev/null || eval "$(${node} ${shQuote(BIN)} hook bash --cached)"`,
    zsh: `. "\${XDG_CACHE_HOME:-$HOME/.cache}/shellguard/hook.zsh" 2>/dev/null || eval "$(${node} ${shQuote(BIN)} hook zsh --cached)"`,
    fish: `source (string replace -r '^$' ~/.cache -- "$XDG_CACHE_HOME")/shellguard/hook.fish 2>/dev/null; or ${node} ${shQuote(BIN)} hook fish --cached | source`,
  }[shell];
  const variant = (withHook) => {
    const rcDir = path.join(home, withHook ? "hook" : "none");
    fs.mkdirSync(rcDir, { recursive: true });
    const text = withHook ? rcLine + "\n" : "\n";
    const line = "echo hooked=$__shellguard_hooked";
    if (shell === "bash") {
      fs.writeFileSync(path.join(rcDir, ".bashrc"), text);
      return { cmd: "bash", args: ["--noprofile", "--rcfile", path.join(rcDir, ".bashrc"), "-i", "-c", line], env: startEnv };
    }
    if (shell === "zsh") {
      fs.writeFileSync(path.join(rcDir, ".zshrc"), text);
      return { cmd: "zsh", args: ["-i", "-c", line], env: { ...startEnv, ZDOTDIR: rcDir } };
    }
    const xdg = path.join(rcDir, "xdg");
    fs.mkdirSync(path.join(xdg, "fish"), { recursive: true });
    fs.writeFileSync(path.join(xdg, "fish", "config.fish"), text);
    return { cmd: "fish", args: ["-i", "-c", line], env: { ...startEnv, XDG_CONFIG_HOME: xdg } };
  };
  const once = (v, expectHook) => {
    const t0 = performance.now();
    const out = execFileSync(v.cmd, v.args, { env: v.env, cwd: home, stdio: ["ignore", "pipe", "ignore"] }).toString();
    const ms = performance.now() - t0;
    if (out.includes("hooked=1") !== expectHook) throw new Error(`${shell} start-up: expected the hook ${expectHook ? "loaded" : "absent"}, got ${JSON.stringify(out)}`);
    return ms;
  };
  const hook = variant(true);
  const none = variant(false);
  const times = { hook: [], none: [] };
  once(hook, true);
  once(none, false);
  for (let i = 0; i < runs; i++) {
    times.none.push(once(none, false));
    times.hook.push(once(hook, true));
  }
  const h = median(times.hook);
  const n = median(times.none);
  return { added: round(h - n), hook: round(h), noHook: round(n), n: runs };
}

/**
 * @param {{ log?: (msg: string) => void, lines?: string[], hookLines?: number, warmup?: number, oneShotRuns?: number, startRuns?: number }} [ctx]
 *   `lines`: the corpus (bench/run.js passes the tldr lines; default: loadCorpus()); `hookLines`:
 *   how many allowed lines to time per shell (default 300).
 */
export async function benchHooks(ctx = {}) {
  const log = ctx.log ?? (() => {});
  const count = ctx.hookLines ?? 300;
  const warmup = ctx.warmup ?? 100;
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "shellguard-bench-hooks-")));
  try {
    const home = path.join(dir, "home");
    fs.mkdirSync(path.join(home, ".config", "shellguard"), { recursive: true });
    fs.writeFileSync(path.join(home, ".config", "shellguard", "config.json"), "{}\n");
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), LANG: "C.UTF-8", LC_ALL: "C", NO_COLOR: "1", TERM: "dumb" };
    const lines = await allowedLines(env, count, Array.isArray(ctx.lines) ? ctx.lines : undefined);
    log(`hooks: ${lines.length} allowed tldr lines, warm-up ${warmup}`);
    const result = {};
    log("hooks: bash");
    result.hookBashMs = summary(await timeShell("bash", dir, env, lines, warmup));
    if (have("zsh")) {
      log("hooks: zsh");
      result.hookZshMs = summary(await timeShell("zsh", dir, env, lines, warmup));
    } else result.hookZshMs = null;
    if (have("fish") && have("bash")) {
      log("hooks: fish");
      result.hookFishMs = summary(await timeShell("fish", dir, env, lines.slice(0, 100), 20));
    }
    result.shellStartMs = {};
    for (const shell of ["bash", "zsh", "fish"]) {
      if (!have(shell)) continue;
      log(`hooks: ${shell} start-up`);
      result.shellStartMs[shell] = await shellStart(shell, dir, env, ctx.startRuns ?? 15);
    }
    log("hooks: one-shot check");
    result.oneShotMs = oneShot(env, lines[0] ?? "ls", ctx.oneShotRuns ?? 10);
    result.targets = {
      [`bash hook median <= ${TARGET_MEDIAN_MS} ms`]: result.hookBashMs.median <= TARGET_MEDIAN_MS,
      ...(result.hookZshMs ? { [`zsh hook median <= ${TARGET_MEDIAN_MS} ms`]: result.hookZshMs.median <= TARGET_MEDIAN_MS } : {}),
      ...(result.hookFishMs ? { [`fish hook median <= ${TARGET_MEDIAN_MS} ms`]: result.hookFishMs.median <= TARGET_MEDIAN_MS } : {}),
      ...Object.fromEntries(Object.entries(result.shellStartMs).map(([sh, f]) => [`${sh} start-up added <= ${TARGET_START_MS} ms`, f.added <= TARGET_START_MS])),
    };
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Table rows for bench/run.js. */
export function hooksRows(f) {
  const ms = (s) => (s ? `median ${s.median} ms, p95 ${s.p95} ms (${s.n} lines)` : "n/a");
  return [
    ["bash hook, worker warm", ms(f.hookBashMs)],
    ["zsh hook, worker warm", ms(f.hookZshMs)],
    ...(f.hookFishMs ? [["fish hook, worker warm", ms(f.hookFishMs)]] : []),
    ...Object.entries(f.shellStartMs ?? {}).map(([sh, v]) => [`${sh} start-up + one line (-i -c)`, `added ${v.added} ms: hook ${v.hook} ms vs none ${v.noHook} ms (median of ${v.n})`]),
    ["one-shot shellguard check", `${f.oneShotMs} ms`],
  ];
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = await benchHooks({ log: (m) => process.stderr.write(m + "\n") });
  process.stdout.write(JSON.stringify(figures, null, 2) + "\n");
}
