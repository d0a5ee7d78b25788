import { describe, expect, it } from "vitest";
import { extractDockerfile } from "../../src/lint/extract/dockerfile.js";
import { isBinary, kindByName, looksLikeScript } from "../../src/lint/extract/index.js";
import { parseJson } from "../../src/lint/extract/json.js";
import { extractMarkdown, fenceLanguage } from "../../src/lint/extract/markdown.js";
import { extractPackageJson } from "../../src/lint/extract/package-json.js";
import { extractAction, extractWorkflow, isShShell } from "../../src/lint/extract/workflow.js";
import { LineIndex, toFileOffset, toFileRange, type Snippet } from "../../src/lint/source-map.js";

/** Where `needle` (found in the snippet) is in the file, as "line:col"; and the file has the same text there. */
function where(file: string, snippet: Snippet, needle: string, nth = 0): string {
  let at = -1;
  for (let k = 0; k <= nth; k++) at = snippet.text.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`${JSON.stringify(needle)} is not in ${JSON.stringify(snippet.text)}`);
  const [start, end] = toFileRange(snippet, at, at + needle.length);
  expect(file.slice(start, end)).toBe(needle);
  const p = new LineIndex(file).position(start);
  return `${p.line}:${p.column}`;
}

const texts = (snippets: Snippet[]): string[] => snippets.map((s) => s.text);

describe("source map", () => {
  it("maps offsets through copied and synthetic segments, and lines/columns in UTF-16 units", () => {
    const file = "ab\ncdé😀x\n";
    const li = new LineIndex(file);
    expect(li.position(0)).toEqual({ line: 1, column: 1 });
    expect(li.position(3)).toEqual({ line: 2, column: 1 });
    expect(li.position(file.indexOf("x"))).toEqual({ line: 2, column: 6 });
    expect(li.lineText(2)).toBe("cdé😀x");
    const { snippets } = extractMarkdown("```sh\necho a\necho b\n```\n");
    const s = snippets[0]!;
    expect(s.text).toBe("echo a\necho b\n");
    expect(toFileOffset(s, 0)).toBe(6);
    expect(toFileOffset(s, s.text.indexOf("echo b"))).toBe(13);
  });
});

describe("file kinds", () => {
  it("by name", () => {
    expect(kindByName("a/b/deploy.sh")).toBe("script");
    expect(kindByName("x.bash")).toBe("script");
    expect(kindByName("README.md")).toBe("markdown");
    expect(kindByName("docs/x.markdown")).toBe("markdown");
    expect(kindByName(".github/workflows/ci.yml")).toBe("workflow");
    expect(kindByName("sub/.github/workflows/ci.yaml")).toBe("workflow");
    expect(kindByName(".github/workflows/nested/ci.yml")).toBeNull();
    expect(kindByName("config.yml")).toBeNull();
    expect(kindByName("action.yml")).toBe("action");
    expect(kindByName("actions/setup/action.yaml")).toBe("action");
    expect(kindByName("Dockerfile")).toBe("dockerfile");
    expect(kindByName("Dockerfile.dev")).toBe("dockerfile");
    expect(kindByName("app.dockerfile")).toBe("dockerfile");
    expect(kindByName("Containerfile")).toBe("dockerfile");
    expect(kindByName("pkg/package.json")).toBe("package-json");
    expect(kindByName("bin/release")).toBe("maybe-script");
    expect(kindByName(".bashrc")).toBe("maybe-script");
    expect(kindByName("index.js")).toBeNull();
  });

  it("by content: shebangs, modelines, shellcheck directives", () => {
    expect(looksLikeScript("#!/bin/sh\necho\n")).toBe(true);
    expect(looksLikeScript("#!/usr/bin/env bash\n")).toBe(true);
    expect(looksLikeScript("#!/usr/bin/env -S bash -e\n")).toBe(true);
    expect(looksLikeScript("#! /bin/dash\n")).toBe(true);
    expect(looksLikeScript("#!/usr/bin/env python3\n")).toBe(false);
    expect(looksLikeScript("#!/bin/zsh\n")).toBe(false);
    expect(looksLikeScript("# foo completion       -*- shell-script -*-\n\n_foo() { :; }\n")).toBe(true);
    expect(looksLikeScript("echo\n# vim: set ft=sh:\n")).toBe(true);
    expect(looksLikeScript("# shellcheck shell=bash\necho\n")).toBe(true);
    expect(looksLikeScript("all:\n\tmake\n")).toBe(false);
    expect(isBinary("ELF\u0000\u0001")).toBe(true);
  });
});

describe("GitHub Actions workflows", () => {
  const wf = `on: push
defaults:
  run:
    shell: bash
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo one && rm -rf "$A"/
      - name: literal
        run: |
          echo two
            indented more
          rm -rf build
      - run: |2 # a comment with rm in it
           rm -rf kept
      - run: >-
          git push
          --force
      - run: "echo \\"q\\" && rm -rf /x\\tb"
      - run: 'it''s && rm -rf y'
      - run: plain
          continued rm -rf z
      - run: echo \${{ github.event.issue.title }} && rm x
      - shell: bash -e {0}
        run: rm -rf custom
      - shell: pwsh
        run: Remove-Item x
      - uses: actions/checkout@v4
`;
  const { snippets, problems } = extractWorkflow(wf);

  it("finds every bash run step, block scalars included", () => {
    expect(problems).toEqual([]);
    expect(texts(snippets)).toEqual([
      'echo one && rm -rf "$A"/',
      "echo two\n  indented more\nrm -rf build\n",
      " rm -rf kept\n",
      "git push --force",
      'echo "q" && rm -rf /x\tb',
      "it's && rm -rf y",
      "plain continued rm -rf z",
      "echo ${" + "_".repeat(28) + "} && rm x",
      "rm -rf custom",
    ]);
    expect(snippets[1]!.label).toBe("jobs.build.steps[1] (literal)");
  });

  it("maps every snippet back to the file's line and column", () => {
    const [plain, literal, indicator, folded, dq, sq, multi, expr, custom] = snippets as [Snippet, Snippet, Snippet, Snippet, Snippet, Snippet, Snippet, Snippet, Snippet];
    expect(where(wf, plain, "rm -rf")).toBe("9:26");
    expect(where(wf, literal, "echo two")).toBe("12:11");
    expect(where(wf, literal, "indented more")).toBe("13:13");
    expect(where(wf, literal, "rm -rf build")).toBe("14:11");
    expect(where(wf, indicator, "rm -rf kept")).toBe("16:12");
    expect(where(wf, folded, "git push")).toBe("18:11");
    expect(where(wf, folded, "--force")).toBe("19:11");
    expect(where(wf, dq, "rm -rf /x")).toBe("20:29");
    expect(where(wf, sq, "s && rm -rf y")).toBe("21:19");
    expect(where(wf, multi, "continued rm -rf z")).toBe("23:11");
    expect(where(wf, expr, "&& rm x")).toBe("24:51");
    expect(where(wf, custom, "rm -rf custom")).toBe("26:14");
  });

  it("masks ${{ }} expressions with a dynamic word of the same length, and remembers them", () => {
    const expr = snippets[7]!;
    expect(expr.text.length).toBe("echo ${{ github.event.issue.title }} && rm x".length);
    expect(expr.replaced).toEqual([["${" + "_".repeat(28) + "}", "${{ github.event.issue.title }}"]]);
  });

  it("follows the shell: step, job and workflow defaults, Windows runners", () => {
    const y = `defaults:
  run:
    shell: pwsh
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - run: skipped because the workflow default is pwsh
      - run: linted
        shell: sh
  b:
    runs-on: [self-hosted, Windows]
    defaults:
      run:
        shell: bash
    steps:
      - run: linted by the job default
  c:
    runs-on: windows-2022
    steps:
      - run: skipped on windows
      - run: linted
        shell: /usr/bin/bash --noprofile {0}
      - run: skipped
        shell: cmd
`;
    expect(texts(extractWorkflow(y).snippets)).toEqual(["linted", "linted by the job default", "linted"]);
    expect(isShShell("bash")).toBe(true);
    expect(isShShell("sh -e {0}")).toBe(true);
    expect(isShShell("python {0}")).toBe(false);
  });

  it("handles CRLF files", () => {
    const y = "jobs:\r\n  a:\r\n    steps:\r\n      - run: |\r\n          echo a\r\n          rm -rf b\r\n";
    const { snippets: s } = extractWorkflow(y);
    expect(s).toHaveLength(1);
    expect(where(y, s[0]!, "rm -rf b")).toBe("6:11");
  });

  it("reports YAML that does not parse, with its position", () => {
    const { problems: p } = extractWorkflow("jobs:\n  a: [1\n");
    expect(p).toHaveLength(1);
    expect(p[0]!.id).toBe("lint/parse-error");
    expect(p[0]!.message).toMatch(/^The YAML does not parse: /);
  });

  it("composite actions: runs.steps of `using: composite` only", () => {
    const a = "name: x\nruns:\n  using: composite\n  steps:\n    - run: |\n        mkfs /dev/sdb\n      shell: bash\n    - run: Get-Item\n      shell: pwsh\n";
    const { snippets: s } = extractAction(a);
    expect(texts(s)).toEqual(["mkfs /dev/sdb\n"]);
    expect(where(a, s[0]!, "mkfs")).toBe("6:9");
    expect(extractAction("runs:\n  using: node20\n  main: index.js\n").snippets).toEqual([]);
  });
});

describe("Markdown", () => {
  it("takes sh, bash, shell, zsh and console fences (by a CommonMark parser), not others", () => {
    const md = [
      "```bash title=\"x\"",
      "echo bash",
      "```",
      "```{.sh}",
      "echo sh",
      "```",
      "~~~zsh",
      "echo zsh",
      "~~~",
      "```python",
      "print('no')",
      "```",
      "    indented code: not a fence",
      "",
      "<!--",
      "```bash",
      "echo inside an HTML comment",
      "```",
      "-->",
      "",
      "````shell",
      "```",
      "echo nested fence",
      "````",
      "",
    ].join("\n");
    const { snippets } = extractMarkdown(md);
    expect(texts(snippets)).toEqual(["echo bash\n", "echo sh\n", "echo zsh\n", "```\necho nested fence\n"]);
    expect(fenceLanguage("Bash")).toBe("bash");
    expect(fenceLanguage("{.shell .numberLines}")).toBe("shell");
  });

  it("maps fences inside lists and block quotes", () => {
    const md = "1. Step:\n\n   ```sh\n   rm -rf a\n     rm -rf b\n   ```\n\n> quote\n> ```bash\n> rm -rf c\n> ```\n";
    const { snippets } = extractMarkdown(md);
    expect(texts(snippets)).toEqual(["rm -rf a\n  rm -rf b\n", "rm -rf c\n"]);
    expect(where(md, snippets[0]!, "rm -rf a")).toBe("4:4");
    expect(where(md, snippets[0]!, "rm -rf b")).toBe("5:6");
    expect(where(md, snippets[1]!, "rm -rf c")).toBe("10:3");
  });

  it("console: only the commands after $ or # prompts, with continuation lines", () => {
    const md = [
      "```console",
      "$ ls -la",
      "total 0",
      "-rw-r--r-- 1 root root 0 rm -rf /",
      "$ curl -fsSL https://x \\",
      "    | sh",
      "# apt-get install -y foo",
      "$ for f in a b; do",
      ">   rm -rf \"$f\"",
      "> done",
      "output",
      "$",
      "$VAR is not a prompt",
      "```",
    ].join("\n");
    const { snippets } = extractMarkdown(md);
    expect(snippets[0]!.text).toBe('ls -la\ncurl -fsSL https://x \\\n    | sh\napt-get install -y foo\nfor f in a b; do\n  rm -rf "$f"\ndone\n\n');
    expect(where(md, snippets[0]!, "| sh")).toBe("6:5");
    expect(where(md, snippets[0]!, "apt-get")).toBe("7:3");
    expect(where(md, snippets[0]!, 'rm -rf "$f"')).toBe("9:5");
  });
});

describe("Markdown: transcripts in script blocks, and the docs' [sudo]", () => {
  // a ```bash block whose first command line has a `$ ` prompt is read like ```console ($ prompts
  // only: `# ` stays a comment); any other script block is read whole
  it.each([
    [["```bash", "$ npm install eslint-visitor-keys", "```"], "npm install eslint-visitor-keys\n"],
    [["```sh", "# install it", "$ make && sudo make install", "done in 3s", "$ rm -rf build \\", "    dist", "```"], "make && sudo make install\nrm -rf build \\\n    dist\n"],
    [["```shell", "", "  $ ls", "a b", "```"], "ls\n"],
    [["```bash", "echo $ a", "$ not a prompt here: not the first line", "```"], "echo $ a\n$ not a prompt here: not the first line\n"],
    [["```bash", "$VAR --flag", "```"], "$VAR --flag\n"],
    [["```bash", "# a comment", "rm -rf x", "```"], "# a comment\nrm -rf x\n"],
    // the docs' optional sudo, in a transcript or a console block, is read as sudo
    [["```console", "$ [sudo] make install", "$ echo [sudo] x", "```"], "sudo make install\necho [sudo] x\n"],
    [["```bash", "$ [sudo] rm -rf /opt/x", "```"], "sudo rm -rf /opt/x\n"],
  ])("%j", (lines, expected) => {
    const md = lines.join("\n") + "\n";
    expect(texts(extractMarkdown(md).snippets)).toEqual([expected]);
  });

  it("maps a transcript's commands to their columns after the prompt", () => {
    const md = "```bash\n$ rm -rf build\n```\n";
    expect(where(md, extractMarkdown(md).snippets[0]!, "rm -rf build")).toBe("2:3");
  });
});

describe("Dockerfile", () => {
  it("joins continuation lines, drops comment lines in them, skips flags and exec form", () => {
    const df = [
      "FROM debian",
      "RUN apt-get update && \\",
      "    # a comment inside",
      "",
      "    rm -rf /tmp/x",
      "run --mount=type=cache,target=/c --network=none echo hi",
      'RUN ["rm", "-rf", "/"]',
      "RUN [not json] && rm -rf y",
      "CMD rm -rf z",
    ].join("\n");
    const { snippets } = extractDockerfile(df);
    expect(texts(snippets)).toEqual(["apt-get update &&     rm -rf /tmp/x\n", "echo hi\n", "[not json] && rm -rf y\n"]);
    expect(where(df, snippets[0]!, "rm -rf /tmp/x")).toBe("5:5");
    expect(where(df, snippets[1]!, "echo hi")).toBe("6:49");
    expect(snippets[0]!.label).toBe("RUN at line 2");
  });

  it("heredocs: a bare RUN <<EOF is a script; a heredoc of a command goes with it", () => {
    const df = [
      "FROM x",
      "RUN <<EOF",
      "set -e",
      "rm -rf /srv/a",
      "EOF",
      "RUN <<-END bash",
      "\trm -rf b",
      "\tEND",
      "RUN <<PY",
      "#!/usr/bin/env python3",
      "print('rm -rf /')",
      "PY",
      "RUN cat <<'EOF' > /etc/motd",
      "hi",
      "EOF",
      "RUN echo after",
    ].join("\n");
    const { snippets } = extractDockerfile(df);
    expect(texts(snippets)).toEqual(["set -e\nrm -rf /srv/a\n", "<<-END bash\n\trm -rf b\n\tEND\n", "cat <<'EOF' > /etc/motd\nhi\nEOF\n", "echo after\n"]);
    expect(where(df, snippets[0]!, "rm -rf /srv/a")).toBe("4:1");
    expect(where(df, snippets[2]!, "hi")).toBe("14:1");
  });

  it("SHELL other than sh/bash turns RUN off until the next FROM; escape=` files are Windows", () => {
    const df = 'FROM a\nSHELL ["pwsh", "-c"]\nRUN Remove-Item x\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN echo bash\nSHELL ["cmd", "/S", "/C"]\nRUN del x\nFROM b\nRUN echo sh\n';
    expect(texts(extractDockerfile(df).snippets)).toEqual(["echo bash\n", "echo sh\n"]);
    const win = "# escape=`\nFROM windows\nRUN dir `\n  c:\\\n";
    expect(extractDockerfile(win).snippets).toEqual([]);
    const winBash = '# escape=`\nFROM x\nSHELL ["bash", "-c"]\nRUN echo a `\n  b\n';
    expect(texts(extractDockerfile(winBash).snippets)).toEqual(["echo a   b\n"]);
  });
});

describe("package.json", () => {
  it("every scripts value, escapes mapped", () => {
    const pj = '{\n  "name": "x",\n  "scripts": {\n    "a": "echo \\"hi\\" && rm -rf \\u0064ist",\n    "b": "a\\\\b; git push -f",\n    "n": 3\n  },\n  "config": {"scripts": {"no": "rm -rf /"}}\n}\n';
    const { snippets, problems } = extractPackageJson(pj);
    expect(problems).toEqual([]);
    expect(texts(snippets)).toEqual(['echo "hi" && rm -rf dist', "a\\b; git push -f"]);
    expect(snippets.map((s) => s.label)).toEqual(["scripts.a", "scripts.b"]);
    expect(where(pj, snippets[0]!, "rm -rf ")).toBe("4:26");
    expect(where(pj, snippets[1]!, "git push -f")).toBe("5:17");
  });

  it("reports JSON that does not parse, at the offending char", () => {
    const { problems } = extractPackageJson('{\n  "scripts": {\n    "a": "x",\n  }\n}\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.start).toBe('{\n  "scripts": {\n    "a": "x",\n  '.length);
    expect(() => parseJson("[1, 2")).toThrow(/unexpected end of input/);
    expect(parseJson(' {"a": [true, null, -1.5e3, "\\u00e9"]} ')).toMatchObject({ type: "object" });
  });
});
