/**
 * Focused checks of the native extractor's cooked values and context (docs/facts.md); the rules
 * under "both extractors" run against the reference extractor too.
 */
import { describe, expect, it, vi } from "vitest";
import { extractFactsNative, loadNativeAddon } from "../src/facts/native.js";
import { extractFactsReference } from "../src/facts/reference.js";
import { CONSTRUCT_TYPES, type Facts, type SimpleCommand, type Word } from "../src/facts/types.js";

const facts = (s: string): Facts => extractFactsNative(s);
const cmd = (s: string, i = 0): SimpleCommand => {
  const c = facts(s).commands[i];
  if (c === undefined) throw new Error(`no command ${i} in ${JSON.stringify(s)}`);
  return c;
};
const argv = (s: string, i = 0): string[] => cmd(s, i).argv.map((w) => w.value);
const word = (s: string, arg: number, i = 0): Word => cmd(s, i).argv[arg] as Word;

describe("command names are cooked", () => {
  it.each([
    ["\\rm -rf /", "rm"],
    ["'rm' -rf /", "rm"],
    ['"rm" -rf /', "rm"],
    ["r''m -rf /", "rm"],
    ["r\"\"m -rf /", "rm"],
    ["$'\\x72m' -rf /", "rm"],
    ["$'\\162\\155' -rf /", "rm"],
    ["$'\\u0072m' -rf /", "rm"],
    ["r\\\nm -rf /", "rm"],
    ["/bin/rm -rf /", "/bin/rm"],
  ])("%j names %s", (src, name) => {
    expect(argv(src)[0]).toBe(name);
    expect(argv(src).slice(1)).toEqual(["-rf", "/"]);
  });

  it("marks quoting, globs and tildes", () => {
    expect(word("\\rm", 0)).toMatchObject({ quoted: true, glob: false, tilde: false, dynamic: null });
    expect(word("ls *.md", 1)).toMatchObject({ value: "*.md", quoted: false, glob: true });
    expect(word("ls '*.md'", 1)).toMatchObject({ value: "*.md", quoted: true, glob: false });
    expect(word("ls \\*.md", 1)).toMatchObject({ value: "*.md", quoted: true, glob: false });
    expect(word("ls {a,b}", 1)).toMatchObject({ glob: true });
    expect(word("ls {1..3}", 1)).toMatchObject({ value: "{1..3}", glob: true });
    expect(word("cd ~/x", 1)).toMatchObject({ value: "~/x", tilde: true });
    expect(word("cd a~", 1)).toMatchObject({ tilde: false });
    expect(word("cd '~'", 1)).toMatchObject({ tilde: false, quoted: true });
    expect(word("cd \\~", 1)).toMatchObject({ value: "~", tilde: false, quoted: true });
  });
});

describe("word cooking", () => {
  it("removes quotes and applies the escapes of each kind", () => {
    expect(argv(`echo 'a\\b' "c\\$d\\"e\\\\f\\g" $'h\\ti\\'j'`).slice(1)).toEqual(["a\\b", 'c$d"e\\f\\g', "h\ti'j"]);
    expect(argv(`echo a"b"'c'$'d'`)[1]).toBe("abcd");
    expect(argv(`echo 'it''s'`)[1]).toBe("its");
    expect(argv(`echo "a\\\nb"`)[1]).toBe("ab");
  });

  it("decodes ANSI-C strings", () => {
    expect(argv(`echo $'\\a\\b\\e\\E\\f\\n\\r\\t\\v\\\\\\'\\"\\?'`)[1]).toBe("\x07\b\x1b\x1b\f\n\r\t\v\\'\"?");
    expect(argv(`echo $'\\x41\\x4g\\101\\0'`)[1]).toBe("A\x04gA\0");
    expect(argv(`echo $'\\u00e9\\U0001F600'`)[1]).toBe("é😀");
    expect(argv(`echo $'\\U00110000\\uD800'`)[1]).toBe("\ufffd\ufffd");
    expect(argv(`echo $'\\cA\\c?'`)[1]).toBe("\x01\x1f");
    expect(argv(`echo $'\\q\\x\\u'`)[1]).toBe("\\q\\x\\u");
  });

  it("keeps run-time parts as source text and lists them as dynamic spans", () => {
    const w = word(`echo "pre $HOME mid \${U:-x} $(date) post"`, 1);
    expect(w.value).toBe("pre $HOME mid ${U:-x} $(date) post");
    // tree-sitter-bash's `$(` token takes the blank before it, so that span starts at the blank
    expect(w.dynamic).toEqual([[4, 9], [14, 21], [21, 29]]);
    expect(w.quoted).toBe(true);
    expect(word("echo a$x'b'", 1)).toMatchObject({ value: "a$xb", dynamic: [[1, 3]] });
    expect(word("echo $((1+2))", 1)).toMatchObject({ value: "$((1+2))", dynamic: [[0, 8]] });
    expect(word("diff <(ls a)", 1)).toMatchObject({ value: "<(ls a)", dynamic: [[0, 7]] });
    expect(word("echo plain", 1).dynamic).toBeNull();
  });

  it("joins words split by a line continuation", () => {
    const c = cmd("echo a\\\n$b\\\n'c' d");
    expect(c.argv.map((w) => w.value)).toEqual(["echo", "a$bc", "d"]);
    expect(c.argv[1]).toMatchObject({ start: 5, end: 15, quoted: true, dynamic: [[1, 3]] });
    expect(argv("echo a \\\nb")).toEqual(["echo", "a", "b"]); // a space before the `\`: two words
  });

  it("gives UTF-16 offsets (JS string indices) with astral characters", () => {
    const src = "echo 😀 é'x' e\u0301";
    const c = cmd(src);
    for (const w of c.argv) expect(src.slice(w.start, w.end).length).toBe(w.end - w.start);
    expect(c.argv.map((w) => src.slice(w.start, w.end))).toEqual(["echo", "😀", "é'x'", "e\u0301"]);
    expect(c.argv.map((w) => w.value)).toEqual(["echo", "😀", "éx", "e\u0301"]);
  });
});

describe("assignments and declarations", () => {
  it("splits leading assignments from argv", () => {
    const c = cmd("A=1 B+=x C= D=~/y E=(a b) env");
    expect(c.argv.map((w) => w.value)).toEqual(["env"]);
    expect(c.assignments.map((a) => [a.name, a.append, a.value?.value ?? null])).toEqual([
      ["A", false, "1"], ["B", true, "x"], ["C", false, null], ["D", false, "~/y"], ["E", false, "(a b)"],
    ]);
    expect(c.assignments[3]?.value?.tilde).toBe(true);
    expect(c.assignments[4]?.value?.dynamic).toEqual([[0, 5]]);
  });

  it("emits an assignment-only line as a command with empty argv", () => {
    const f = facts("X=1 Y=$(rm -rf /)");
    expect(f.commands.map((c) => c.argv.map((w) => w.value))).toEqual([[], ["rm", "-rf", "/"]]);
    expect(f.commands[0]?.assignments.map((a) => a.name)).toEqual(["X", "Y"]);
  });

  it("turns declaration arguments into NAME=value words", () => {
    expect(argv("export A=1 B=\"x $y\" C")).toEqual(["export", "A=1", "B=x $y", "C"]);
    expect(word("export B=\"x $y\"", 1).dynamic).toEqual([[4, 6]]);
    expect(argv("local x=$(id) y")).toEqual(["local", "x=$(id)", "y"]);
    expect(argv("unset -f fn 'a[1]'")).toEqual(["unset", "-f", "fn", "a[1]"]);
  });
});

describe("redirects", () => {
  it("reports op, fd and cooked target", () => {
    const r = cmd("cmd 2>&1 >'out file' <in &>>all 3>&-").redirects;
    expect(r.map((x) => [x.op, x.fd, x.target?.value ?? null])).toEqual([
      [">&", 2, "1"], [">", null, "out file"], ["<", null, "in"], ["&>>", null, "all"], [">&-", 3, null],
    ]);
  });

  it("gives commands of a redirected group the group's redirects, sorted by start", () => {
    const f = facts("{ a > x; b; } 2> f");
    expect(f.commands.map((c) => c.redirects.map((r) => r.target?.value))).toEqual([["x", "f"], ["f"]]);
    expect(cmd("> out.txt")).toMatchObject({ argv: [], redirects: [{ op: ">", target: { value: "out.txt" } }] });
  });

  it("cooks heredoc bodies by the delimiter's quoting", () => {
    const open = cmd("cat <<EOF\nhi $USER \\$x \\\"q\\\"\nEOF\n").redirects[0];
    expect(open?.target).toMatchObject({ value: "EOF", quoted: false });
    expect(open?.body).toMatchObject({ value: 'hi $USER $x \\"q\\"\n', quoted: false, dynamic: [[3, 8]] });
    const literal = cmd("cat <<'EOF'\nhi $USER \\$x\nEOF\n").redirects[0];
    expect(literal?.target).toMatchObject({ value: "EOF", quoted: true });
    expect(literal?.body).toMatchObject({ value: "hi $USER \\$x\n", quoted: true, dynamic: null });
    expect(cmd("cat <<EOF").redirects).toEqual([]);
  });

  it("gives a heredoc's own nested redirects to its command", () => {
    expect(cmd("cat <<EOF > out\nx\nEOF\n").redirects.map((r) => r.op)).toEqual(["<<", ">"]);
  });

  it("reports herestrings", () => {
    expect(cmd("bash <<< 'rm -rf /'").redirects[0]).toMatchObject({ op: "<<<", target: { value: "rm -rf /" } });
  });
});

describe("context", () => {
  it("numbers pipelines and stages, including a heredoc continuation", () => {
    const f = facts("a | b; c | d | e");
    expect(f.commands.map((c) => [c.pipeline, c.stage, c.sep])).toEqual([
      [0, 0, ""], [0, 1, "|"], [1, 0, ";"], [1, 1, "|"], [1, 2, "|"],
    ]);
    const h = facts("cat <<EOF | bash\nrm -rf /\nEOF\n");
    expect(h.commands.map((c) => [c.argv[0]?.value, c.pipeline, c.stage])).toEqual([["cat", 0, 0], ["bash", 0, 1]]);
    // inside $(...) a new I/O context starts: its commands are no stage of the outer pipeline
    expect(facts("echo $(a | b) | c").commands.map((c) => [c.pipeline, c.stage])).toEqual([[0, 0], [1, 0], [1, 1], [0, 1]]);
    expect(facts("echo $(a) | c").commands.map((c) => [c.pipeline, c.stage])).toEqual([[0, 0], [-1, -1], [0, 1]]);
  });

  it("reports separators, background and negation", () => {
    const f = facts("! a && b || c & d\ne; f |& g");
    expect(f.commands.map((c) => [c.argv[0]?.value, c.sep, c.background, c.negated])).toEqual([
      ["a", "", true, true], ["b", "&&", true, false], ["c", "||", true, false], ["d", "&", false, false],
      ["e", "\n", false, false], ["f", ";", false, false], ["g", "|&", false, false],
    ]);
  });

  it("lists constructs with their parents, and each command's innermost construct", () => {
    const f = facts("for f in *; do echo \"$(cat $f)\"; done");
    expect(f.constructs.map((c) => [c.type, c.parent])).toEqual([
      ["for_statement", -1], ["command_substitution", 0], ["simple_expansion", 1],
    ]);
    expect(f.commands.map((c) => [c.argv[0]?.value, c.parent])).toEqual([["echo", 0], ["cat", 1]]);
  });

  it("reports ERROR and MISSING nodes", () => {
    expect(facts("echo (").errors.map((e) => e.type)).toContain("ERROR");
    const missing = facts("echo {1..3} @(a").errors.filter((e) => e.type === "MISSING");
    expect(missing.length).toBeGreaterThan(0);
    for (const e of missing) expect(e.end).toBe(e.start);
  });
});

describe.each([
  ["native", extractFactsNative],
  ["reference", extractFactsReference],
] as const)("both extractors (%s)", (_name, extract) => {
  const argvOf = (s: string): string[][] => extract(s).commands.map((c) => c.argv.map((w) => w.value));
  const errorsOf = (s: string): [string, number, number][] => extract(s).errors.map((e) => [e.type, e.start, e.end]);
  const backgroundOf = (s: string): [string | undefined, boolean][] => extract(s).commands.map((c) => [c.argv[0]?.value, c.background]);

  describe("words hidden in a redirect are argv words of its command", () => {
    it.each([
      ["rm > /dev/null -rf /", [["rm", "-rf", "/"]]],
      ["rm 2>/dev/null -rf / && ls", [["rm", "-rf", "/"], ["ls"]]],
      ["echo > f hi", [["echo", "hi"]]],
      ["cat < in -n > out x", [["cat", "-n", "x"]]],
      ["x=1 >f a b", [["a", "b"]]],
      ["export A=1 > f B=2 x", [["export", "A=1", "B=2", "x"]]],
      ["unset a > f b", [["unset", "a", "b"]]],
      ["cat <<EOF > f y z\nbody\nEOF\n", [["cat", "y", "z"]]],
      ["rm <<EOF -rf /\nEOF\n", [["rm", "-rf", "/"]]],
      ["rm >f -r\\\nf /", [["rm", "-rf", "/"]]],
      ["rm > $(echo a > b c) -rf /", [["rm", "-rf", "/"], ["echo", "a", "c"]]],
    ])("%j", (src, expected) => {
      expect(argvOf(src)).toEqual(expected);
      expect(extract(src).errors).toEqual([]);
    });

    it("keeps the first destination as the target, and argv sorted by start", () => {
      const c = extract("rm 2>/dev/null -rf /").commands[0] as SimpleCommand;
      expect(c.redirects).toMatchObject([{ op: ">", fd: 2, target: { value: "/dev/null", start: 5, end: 14 } }]);
      expect(c.argv.map((w) => [w.value, w.start, w.end])).toEqual([["rm", 0, 2], ["-rf", 15, 18], ["/", 19, 20]]);
      const e = extract("echo > f hi$(id) \"q $x\"").commands[0] as SimpleCommand;
      expect(e.argv[1]).toMatchObject({ value: "hi$(id)", dynamic: [[2, 7]] });
      expect(e.argv[2]).toMatchObject({ value: "q $x", quoted: true, dynamic: [[2, 4]] });
    });

    it("reports the words as ERRORs when no simple command owns the redirect", () => {
      expect(errorsOf("{ a; } > f x")).toEqual([["ERROR", 11, 12]]);
      expect(argvOf("{ a; } > f x")).toEqual([["a"]]);
      expect(errorsOf("! rm > f -rf /")).toEqual([["ERROR", 9, 12], ["ERROR", 13, 14]]);
      expect(errorsOf("(rm) > f -rf /")).toEqual([["ERROR", 9, 12], ["ERROR", 13, 14]]);
      expect(errorsOf("f() { :; } > o x")).toEqual([["ERROR", 15, 16]]);
      expect(errorsOf("{ cat; } <<EOF x\nEOF\n")).toEqual([["ERROR", 15, 16]]);
    });
  });

  it("joins words across several line continuations in a row", () => {
    expect(argvOf("a\\\n\\\nb")).toEqual([["ab"]]);
    // bash reads `\`+CR as an escaped CR, so the newline after it ends the command: not a continuation
    expect(errorsOf("r\\\n\\\r\n\\\nm -rf /").length).toBeGreaterThan(0);
    expect(extract("a\\\n\\\nb").commands[0]?.argv[0]).toMatchObject({ start: 0, end: 6 });
    expect(argvOf("echo a\\\n \\\nb")).toEqual([["echo", "a", "b"]]); // a blank in the gap: two words
  });

  describe("reads the line as bash does, or fails closed (docs/facts.md \"Reading like bash\")", () => {
    // CR, VT and FF are word characters to bash: never blanks, never before a comment
    it.each(["\r", "\v", "\f"])("%j is a word character", (c) => {
      expect(argvOf(`ls${c}#; rm -rf ~`)).toEqual([[`ls${c}#`], ["rm", "-rf", "~"]]);
      expect(argvOf(`ls ${c}#; rm x`)).toEqual([["ls", `${c}#`], ["rm", "x"]]);
      expect(argvOf(`${c}rm x`)).toEqual([[`${c}rm`, "x"]]);
      expect(argvOf(`r\\${c}m x`)).toEqual([[`r${c}m`, "x"]]);
      expect(extract(`ls${c}#; rm`).errors).toEqual([]);
    });

    it.each([
      ["ls\\\n#; rm -rf ~", "continuation glues the comment to a word"],
      ["ls \\ #; rm -rf ~", "escaped blank: a word where tree-sitter saw white space"],
      ["ls\\\t#; rm", "escaped tab"],
      ["ls #; \\\n\\\nrm", "a newline after a comment inside a command"],
      ["X\\\n=1 rm", "a glued assignment"],
      ["i\\\nf true; then rm; fi", "a glued reserved word"],
      ["echo ${x:-$\\\n(rm)}", "a continuation after $"],
      ["echo \"$\\\n(rm)\"", "a continuation after $ in a string"],
      ["echo <(a)\\\n|| rm", "a continuation between tokens no word merge takes"],
      ["cat <<A; cat <<B\nx\nA\n$(b)\nB\n", "two heredocs in a list on one line"],
      ["r``m -rf /", "empty backquotes"],
      ["echo `echo \\`rm\\``", "escaped backquotes inside backquotes"],
      ["echo `echo \\$(rm)`", "an escaped $ inside backquotes"],
      ["cat <<EOF\n $(rm -rf ~)\nEOF", "a heredoc line starting with a blank"],
      ["cat <<EOF\n\t`rm`\nEOF", "backquotes in a heredoc"],
      ["cat <<-EOF\nx\n  EOF\nrm\nEOF\n", "<<- strips tabs only"],
      ["cat <<EOF\nx\nEOFX\n$(rm)\nEOF\n", "the end line must be the delimiter exactly"],
      ["cat <<E\"O\"F\nx\nEOF\nrm\n", "a partly quoted delimiter"],
      ["cat <<$x\nx\n$x\nrm\n", "a delimiter with $"],
      ["cat <<EOF\n$\\\n(rm)\nEOF\n", "a continuation after $ in a heredoc"],
      ["cat <<EOF", "a heredoc with no end"],
      ["msg|--output=x.js", "an assignment to a name bash does not accept"],
      ["sudo l\n\\shw -X", "a newline inside a word"],
      ["[ -d \f|rm ]", "a pipe inside [ ]"],
    ])("%j fails closed: %s", (src) => {
      expect(errorsOf(src).length).toBeGreaterThan(0);
    });

    it.each([
      ["readel`x`f --file-header", [["readel`x`f", "--file-header"], ["x"]]],
      ["devspac<(x)e logs", [["devspac<(x)e", "logs"], ["x"]]],
      ["qjoy]\\]pad", [["qjoy]]pad"]]],
      ["ls \\\n  -la", [["ls", "-la"]]],
      ["cat <<-EOF\n\tx $(a)\n\tEOF\n", [["cat"], ["a"]]],
      ["cat <<'EOF'\n $(x)\nEOF\necho", [["cat"], ["echo"]]],
      ["cat <(a)\\\n<(b)", [["cat", "<(a)<(b)"], ["a"], ["b"]]],
      ["echo a\\ b", [["echo", "a b"]]],
    ])("%j is read as bash reads it", (src, expected) => {
      expect(argvOf(src)).toEqual(expected);
      expect(extract(src).errors).toEqual([]);
    });
  });

  describe("background reaches into compound commands", () => {
    it.each([
      ["{ a; b; } &", [["a", true], ["b", true]]],
      ["for i in x; do a; done &", [["a", true]]],
      ["(a; b) &", [["a", true], ["b", true]]],
      ["if x; then a; fi & c", [["x", true], ["a", true], ["c", false]]],
      ["while a; do b; done &", [["a", true], ["b", true]]],
      ["cat <<EOF | bash &\nrm -rf /\nEOF\n", [["cat", true], ["bash", true]]],
      ["cat <<EOF && b &\nx\nEOF\n", [["cat", true], ["b", true]]],
      ["cat <<EOF > f &\nx\nEOF\n", [["cat", true]]],
    ])("%j", (src, expected) => {
      expect(backgroundOf(src)).toEqual(expected);
    });

    it("stops at command and process substitutions and function definitions", () => {
      expect(backgroundOf("echo $(a; b) &")).toEqual([["echo", true], ["a", false], ["b", false]]);
      expect(backgroundOf("cat <(c) &")).toEqual([["cat", true], ["c", false]]);
      expect(backgroundOf("f() { a; } & g() { b & }")).toEqual([["a", false], ["b", true]]);
      expect(backgroundOf("cat <<EOF &\n$(id)\nEOF\n")).toEqual([["cat", true], ["id", false]]);
    });

    it("still reports the heredoc's `&` as a parse error", () => {
      expect(errorsOf("cat <<EOF | bash &\nx\nEOF\n")).toEqual([["ERROR", 17, 18]]);
    });
  });
});

describe("the addon", () => {
  it("sends construct types in CONSTRUCT_TYPES order", () => {
    const f = facts("(a); { b; }; f() { :; }; [[ x ]]; $((1)); $x; ${y}; <(c); `d`; if a; then b; fi; while a; do b; done; case x in y) ;; esac; for ((;;)); do :; done; cat <<E\nE\n; for i in 1; do :; done");
    const seen = new Set(f.constructs.map((c) => c.type));
    for (const t of CONSTRUCT_TYPES) expect(seen, t).toContain(t);
  });

  it("grows its records buffer for a large result and keeps working for small ones", () => {
    const big = "echo " + Array.from({ length: 20_000 }, (_, i) => `a${i}\\$`).join(" ");
    const f = facts(big);
    expect(f.commands[0]?.argv.length).toBe(20_001);
    expect(f.commands[0]?.argv[20_000]?.value).toBe("a19999$");
    expect(argv("echo small")).toEqual(["echo", "small"]);
  });

  it("reports a parse that exceeds its time budget as one ERROR over the input", () => {
    const src = "echo " + "$( ".repeat(3000) + "x" + " )".repeat(3000);
    expect(extractFactsNative(src, 0)).toEqual({ source: src, commands: [], constructs: [], errors: [{ type: "ERROR", start: 0, end: src.length }] });
    expect(extractFactsNative(src).commands.length).toBe(3001); // the parser was reset after the cancel
    expect(loadNativeAddon().parseOnly(src, 0)).toBe(false);
    expect(loadNativeAddon().parseOnly(src)).toBe(true);
  });

  it("rejects a non-string source", () => {
    expect(() => loadNativeAddon().extract(42 as unknown as string, new Int32Array(16))).toThrow(TypeError);
  });
});

describe("extractFacts (src/facts/index.ts)", () => {
  it("uses the native addon", async () => {
    const index = await import("../src/facts/index.js");
    expect(index.nativeAvailable()).toBe(true);
    expect(index.extractFacts("\\rm -rf /").commands[0]?.argv[0]?.value).toBe("rm");
    expect(index.parseOnly("echo hi")).toBe(true);
  });

  it("falls back to the WebAssembly parser, after ready(), with one warning, when SHELLGUARD_NO_NATIVE=1", async () => {
    vi.resetModules();
    vi.stubEnv("SHELLGUARD_NO_NATIVE", "1");
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const index = await import("../src/facts/index.js");
      expect(index.nativeAvailable()).toBe(false);
      // Before the WASM parser has loaded, a synchronous call throws (the engine fails safe on it).
      expect(() => index.extractFacts("ls")).toThrow(/await ready\(\) first/);
      await index.ready();
      const a = index.extractFacts("r''m -rf / | sh");
      index.extractFacts("echo again");
      expect(a).toEqual(extractFactsNative("r''m -rf / | sh"));
      const lines = write.mock.calls.map((c) => String(c[0]));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^shellguard: native addon unavailable \(SHELLGUARD_NO_NATIVE=1\); using the slower WebAssembly parser\. .*C compiler/);
      expect(() => index.parseOnly("x")).toThrow(/unavailable/);
    } finally {
      write.mockRestore();
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
