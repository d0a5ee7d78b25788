/** The shell hook's pieces without a terminal: protocol, worker answers, fish translation, scripts. */

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { PLAIN } from "../../src/render/format.js";
import {
  createAnswerer,
  escapeField,
  fishQuote,
  fishToBash,
  formatReply,
  formatRequest,
  hookScript,
  parseReply,
  parseRequest,
  runHookCommand,
  runOnOff,
  runOnOffCommand,
  shQuote,
  unescapeField,
} from "../../src/shell/index.js";
import { serveLines } from "../../src/shell/worker.js";
import { ROOT } from "./tmux.js";

const has = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tempHome(config: unknown): { env: NodeJS.ProcessEnv; home: string; write(c: unknown): void } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-shell-unit-")));
  temps.push(base);
  const home = join(base, "home");
  const xdg = join(home, ".config");
  mkdirSync(join(xdg, "shellguard"), { recursive: true });
  const write = (c: unknown) => writeFileSync(join(xdg, "shellguard", "config.json"), typeof c === "string" ? c : JSON.stringify(c));
  write(config);
  return { env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: xdg }, home, write };
}

describe("protocol", () => {
  it("escapes and unescapes fields exactly", () => {
    for (const s of ["", "plain", "a\\b", "two\nlines", "tab\there", "cr\r\n", "\\n literal", "trailing\\", "ünï ✓ 😀", "\\\\\n\\t"]) {
      const e = escapeField(s);
      expect(e).not.toMatch(/[\n\t\r]/);
      expect(unescapeField(e)).toBe(s);
    }
  });

  it("round-trips requests", () => {
    const r = { id: "42", mode: null, shell: "zsh" as const, cwd: "/tmp/a\tb", command: "for i in 1; do\n\techo \\$i\ndone" };
    expect(parseRequest(formatRequest(r))).toEqual(r);
    expect(parseRequest(formatRequest({ ...r, mode: "default" })).mode).toBe("default");
  });

  it("rejects malformed requests with the id when it has one", () => {
    expect(() => parseRequest("")).toThrow(/id/);
    expect(() => parseRequest("7\t-\tbash")).toThrow(/5 tab-separated fields/);
    expect(() => parseRequest("7\t-\tcsh\t/\tls")).toThrow(/unknown shell/);
  });

  it("never leaves a reply field empty, and keeps the text on one line", () => {
    const line = formatReply({ id: "1", decision: "deny", parseError: true, mode: null, onError: null, lines: ["a\tb", "c\u001bd", "e\nf"] });
    expect(line.split("\t").every((f) => f !== "")).toBe(true);
    expect(line).not.toContain("\n");
    const back = parseReply(line);
    expect(back.decision).toBe("deny");
    expect(back.parseError).toBe(true);
    expect(back.lines).toEqual(["a    b", "c\ufffdd", "e\ufffdf"]);
    expect(parseReply(formatReply({ id: "2", decision: "allow", parseError: false, mode: "guard", onError: "allow", lines: [] })).lines).toEqual([]);
  });
});

describe("the worker's answers", () => {
  const ask = (answer: (l: string) => string, command: string, extra: Partial<{ mode: string | null; shell: "bash" | "zsh" | "fish"; cwd: string }> = {}) =>
    parseReply(answer(formatRequest({ id: "9", mode: extra.mode ?? null, shell: extra.shell ?? "bash", cwd: extra.cwd ?? "/", command })));

  it("decides in the config's shell.mode, and reports shell.onError", () => {
    const t = tempHome({ rules: { deny: ["touch *canary*"], ask: ["touch *asked*"] } });
    const answer = createAnswerer({ env: t.env, style: PLAIN });
    expect(ask(answer, "touch file")).toMatchObject({ decision: "allow", mode: "guard", onError: "allow", lines: [] });
    const denied = ask(answer, "true; touch canary1");
    expect(denied.decision).toBe("deny");
    expect(denied.lines[0]).toMatch(/^shellguard denied: .*touch \*canary\*/);
    expect(ask(answer, "touch asked1").decision).toBe("ask");
    // The config is re-read when it changes: shell.mode and onError follow it.
    t.write({ shell: { mode: "default", onError: "deny" } });
    expect(ask(answer, "touch file")).toMatchObject({ decision: "ask", mode: "default", onError: "deny" });
    // A mode in the request wins.
    expect(ask(answer, "touch file", { mode: "bypass" }).decision).toBe("allow");
  });

  it("flags lines that do not parse (they may be incomplete)", () => {
    const t = tempHome({});
    const answer = createAnswerer({ env: t.env, style: PLAIN });
    expect(ask(answer, "for i in 1 2; do").parseError).toBe(true);
    expect(ask(answer, "ls -la").parseError).toBe(false);
  });

  it("answers a config error with an error line (the hook then applies onError)", () => {
    const t = tempHome("{ not json");
    const answer = createAnswerer({ env: t.env, style: PLAIN });
    const r = ask(answer, "ls");
    expect(r.decision).toBe("error");
    expect(r.onError).toBeNull();
    expect(r.lines[0]).toMatch(/^shellguard: /);
    expect(parseReply(answer("garbage")).decision).toBe("error");
  });

  it("reads fish lines through the fish translation", () => {
    const t = tempHome({ rules: { deny: ["touch *canary*"] } });
    const answer = createAnswerer({ env: t.env, style: PLAIN });
    expect(ask(answer, "for f in a b; touch canary$f; end", { shell: "fish" }).decision).toBe("deny");
    expect(ask(answer, "if test -f x; echo (date); end", { shell: "fish" })).toMatchObject({ decision: "allow", parseError: false });
    expect(ask(answer, "touch (echo x; rm -rf ~)", { shell: "fish" }).decision).toBe("ask");
  });

  it("reads zsh lines in zsh's dialect: the issue's examples ask, everyday lines are allowed", () => {
    const t = tempHome({});
    const answer = createAnswerer({ env: t.env, style: PLAIN });
    for (const line of ["=rm -rf ~", "nocorrect rm -rf ~", "noglob rm -rf ~", "repeat 1 rm -rf ~", "echo \u2026 >! ~/.zshrc", "echo x >>! ~/.zshrc"]) {
      expect(ask(answer, line, { shell: "zsh" }).decision, line).toMatch(/^(ask|deny)$/);
      // The same text read as bash is what the hook used to see.
      expect(ask(answer, line, { shell: "bash" }).decision, line).toBe("allow");
    }
    for (const line of ["ls", "git status", "for f in *.txt; do echo $f; done", "ls *.txt(N)", "sleep 1 &!"]) {
      expect(ask(answer, line, { shell: "zsh" }), line).toMatchObject({ decision: "allow", parseError: false });
    }
  });

  it("serves lines in order and skips blank ones", async () => {
    const t = tempHome({});
    const input = new PassThrough();
    const output = new PassThrough();
    let text = "";
    output.on("data", (c: Buffer) => (text += c.toString()));
    const done = serveLines(input, output, createAnswerer({ env: t.env, style: PLAIN }));
    input.end(["1\t-\tbash\t/\tls", "", "2\t-\tbash\t/\trm -rf /"].join("\n") + "\n");
    await done;
    const replies = text.trim().split("\n").map(parseReply);
    expect(replies.map((r) => [r.id, r.decision])).toEqual([
      ["1", "allow"],
      ["2", "ask"],
    ]);
  });
});

describe("fish → bash translation", () => {
  const cases: Array<[string, string]> = [
    ["echo (date)", "echo $(date)"],
    ["set x (ls)", "set x $(ls)"],
    ["for f in *.txt; echo $f; end", "for f in *.txt; do echo $f; done"],
    ["if test -f x; echo y; else if test -f z; echo z; else; echo w; end", "if test -f x; then echo y; elif test -f z; then echo z; else echo w; fi"],
    ["test -f x; and touch y", "test -f x; touch y"],
    ["not true", "! true"],
    ["begin; ls; end", "{ ls; }"],
    ["ls &| less", "ls |& less"],
    ["function f; echo hi; end", "f() { echo hi; }"],
    ["while true; echo x; end", "while true; do echo x; done"],
    ["echo 'it\\'s'", "echo 'it'\\''s'"],
    ["if true; end", "if true; then :; fi"],
    ["echo foo >?out", "echo foo >out"],
    ["echo a`b`", "echo a\\`b\\`"],
  ];
  it.each(cases)("%s", (fish, bash) => {
    expect(fishToBash(fish)).toBe(bash);
  });

  it.runIf(has("bash"))("produces bash that parses, for fish's block and substitution forms", () => {
    const lines = [
      ...cases.map(([f]) => f),
      "for i in 1 2\ntouch canary$i\nend",
      "switch $x; case a; echo a; case b c; echo b; end",
      "switch x",
      "begin",
      "while true\n",
      "echo (echo (echo x))",
      "echo \"$(pwd) (literal)\"",
      "for i in 1 2",
      "echo \"unterminated",
    ];
    for (const l of lines) {
      const r = spawnSync("bash", ["-n"], { input: fishToBash(l) });
      expect(r.status, `${JSON.stringify(l)} → ${JSON.stringify(fishToBash(l))}: ${r.stderr}`).toBe(0);
    }
  });
});

describe("check --dialect", () => {
  const bin = join(ROOT, "bin", "shellguard.cjs");
  const check = (args: string[], env: NodeJS.ProcessEnv = {}) => spawnSync(process.execPath, [bin, "check", "--mode", "guard", ...args], { encoding: "utf8", env: { ...process.env, ...env } });

  for (const path of ["fast path", "yargs"] as const) {
    it(`reads the command in the dialect given (${path})`, () => {
      const env = path === "yargs" ? { SHELLGUARD_NO_FAST_PATH: "1" } : {};
      expect(check(["--dialect", "zsh", "noglob rm -rf ~"], env).status).toBe(1);
      expect(check(["--dialect=fish", "echo (rm -rf ~)"], env).status).toBe(1);
      expect(check(["--dialect", "bash", "noglob rm -rf ~"], env).status).toBe(0);
      expect(check(["noglob rm -rf ~"], env).status).toBe(0);
      const batch = spawnSync(process.execPath, [bin, "check", "--mode", "guard", "--batch", "--dialect", "zsh"], {
        encoding: "utf8",
        env: { ...process.env, ...env },
        input: ['{"id":1,"command":"noglob rm -rf ~"}', '{"id":2,"command":"noglob rm -rf ~","dialect":"bash"}', '{"id":3,"command":"echo (rm -rf ~)","dialect":"fish"}', '{"id":4,"command":"ls","dialect":"csh"}'].join("\n") + "\n",
      });
      const answers = batch.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: number; decision?: string; error?: string });
      expect(answers.map((a) => a.decision ?? "error")).toEqual(["ask", "allow", "ask", "error"]);
      expect(answers[3]!.error).toMatch(/dialect/);
      const bad = check(["--dialect", "csh", "ls"], env);
      expect(bad.status).toBe(3);
      expect(bad.stderr).toMatch(/dialect/);
    }, 60_000);
  }
});

describe("hook scripts", () => {
  it("are generated from src/shell/scripts (scripts.generated.ts is up to date)", () => {
    execFileSync(process.execPath, [join(ROOT, "src/shell/build-scripts.mjs"), "--check"]);
  });

  const tricky = ["/opt/my node/bin/node", "/tmp/it's \"here\"/$HOME/`x`/\\n/shellguard.js"];

  for (const shell of ["bash", "zsh", "fish"] as const) {
    it.runIf(has(shell))(`${shell}: parses, and carries the bin words exactly`, () => {
      const script = hookScript(shell, { bin: tricky, worker: ["/w w/node", "/x'y/worker.js"], mode: "default", onError: "deny" });
      const t = tempHome({});
      const file = join(t.home, `hook.${shell}`);
      writeFileSync(file, script);
      const check = spawnSync(shell, ["-n", file]);
      expect(check.status, String(check.stderr)).toBe(0);
      const binLine = script.split("\n").find((l) => /^\s*(__shellguard_bin=\(|set -g __shellguard_bin )/.test(l))!;
      const list = shell === "fish" ? binLine.replace(/^\s*set -g __shellguard_bin /, "") : binLine.replace(/^\s*__shellguard_bin=\((.*)\)$/, "$1");
      const printer =
        shell === "fish" ? `for w in ${list}; printf '%s\\n' $w; end` : shell === "zsh" ? `a=(${list}); printf '%s\\n' "\${a[@]}"` : `a=(${list}); printf '%s\\n' "\${a[@]}"`;
      const out = execFileSync(shell, ["-c", printer], { encoding: "utf8" });
      expect(out.split("\n").slice(0, -1)).toEqual(tricky);
      expect(script).toMatch(shell === "fish" ? /__shellguard_on_error 'deny'/ : /__shellguard_on_error='deny'/);
    });
  }

  it("quote helpers", () => {
    expect(shQuote("a'b")).toBe(`'a'\\''b'`);
    expect(fishQuote("a'b\\c")).toBe(`'a\\'b\\\\c'`);
  });

  it("rejects an unknown shell and an unknown mode", () => {
    expect(() => hookScript("csh" as "bash", { bin: "shellguard" })).toThrow(/unknown shell/);
    expect(() => hookScript("bash", { bin: "shellguard", mode: "yolo" })).toThrow(/Unknown mode/);
  });

  it("runHookCommand prints the script with the config's shell settings; bad arguments are usage errors", async () => {
    const t = tempHome({ shell: { mode: "default", onError: "deny" } });
    let out = "";
    let err = "";
    const io = { stdout: { write: (x: string) => (out += x) }, stderr: { write: (x: string) => (err += x) }, env: t.env, cwd: t.home };
    expect(await runHookCommand(["zsh"], io)).toBe(0);
    expect(out).toContain("__shellguard_mode='default' __shellguard_on_error='deny'");
    expect(out).toMatch(/__shellguard_bin=\('[^']*node[^']*' '[^']*bin\/shellguard\.cjs'\)/);
    out = "";
    expect(await runHookCommand(["--help"], io)).toBe(0);
    expect(out).toContain("shellguard hook fish | source");
    expect(await runHookCommand([], io)).toBe(3);
    expect(await runHookCommand(["tcsh"], io)).toBe(3);
    expect(await runHookCommand(["bash", "zsh"], io)).toBe(3);
    expect(err).toMatch(/hook takes one shell/);
    // A broken config does not stop the hook from loading.
    t.write("{ nope");
    out = "";
    expect(await runHookCommand(["bash"], io)).toBe(0);
    expect(out).toContain("__shellguard_on_error='allow'");
  });

  it("runOnOffCommand: exit 1, or 3 with arguments", () => {
    let err = "";
    const io = { stdout: { write: () => true }, stderr: { write: (x: string) => (err += x) }, env: { SHELLGUARD: "off" }, cwd: "/" };
    expect(runOnOffCommand("on", [], io)).toBe(1);
    expect(err).toMatch(/SHELLGUARD=off is set here/);
    expect(runOnOffCommand("off", ["now"], io)).toBe(3);
  });

  it("runOnOff explains that off/on belong to the hook", () => {
    let text = "";
    expect(runOnOff("off", (t) => (text += t))).toBe(1);
    expect(text).toMatch(/no shellguard hook is loaded/);
    expect(text).toMatch(/eval "\$\(shellguard hook bash\)"/);
  });
});

describe("a line too long for the worker's pipe", () => {
  // Over 16384 characters a request might not fit in the pipe, and a write to a worker that
  // stopped reading would block with no time limit: such a line goes to the one-shot check,
  // which still decides it (a deny rule here), and the worker is neither asked nor stopped.
  const long = `touch canary-${"x".repeat(20_000)}`;
  const drivers: Record<"bash" | "zsh", (hook: string, line: string) => string[]> = {
    bash: (hook, line) => ["bash", "--norc", "--noprofile", "-i", "-c", `source ${shQuote(hook)}; READLINE_LINE=${shQuote(line)}; READLINE_POINT=0; __shellguard_enter 2>/dev/null; echo "decision=\${__shellguard_r[0]} worker=\${__shellguard_w_PID-none}"`],
    zsh: (hook, line) => ["zsh", "-f", "-i", "-c", `source ${shQuote(hook)}; PREBUFFER= BUFFER=${shQuote(line)}; __shellguard_decide 2>/dev/null; echo "decision=\${__shellguard_r[1]} worker=\${__shellguard_pid}"`],
  };
  for (const shell of ["bash", "zsh"] as const) {
    it.skipIf(!has(shell))(`${shell}: is checked by the one-shot check`, () => {
      const t = tempHome({ rules: { deny: ["touch *canary*"] } });
      const hook = join(t.home, `hook.${shell}`);
      writeFileSync(hook, hookScript(shell, { bin: [process.execPath, join(ROOT, "bin", "shellguard.cjs")] }));
      const r = spawnSync(drivers[shell](hook, long)[0]!, drivers[shell](hook, long).slice(1), { env: t.env, encoding: "utf8", timeout: 60_000 });
      // bash: no worker was started for it; zsh starts one before the line is measured, and keeps it.
      expect(r.stdout).toMatch(shell === "bash" ? /decision=deny worker=none/ : /decision=deny worker=[1-9]/);
    }, 60_000);
  }
});
