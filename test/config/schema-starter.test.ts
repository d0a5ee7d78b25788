import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DEFAULTS, starterConfig, validateConfig } from "../../src/config/index.js";
import { sandbox } from "./helpers.js";

const schemaPath = new URL("../../schema/shellguard.schema.json", import.meta.url);
const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as Record<string, unknown>;

/** Every property schema (with its path) in the schema, recursively. */
function* properties(node: unknown, path: string): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== "object") return;
  const n = node as Record<string, unknown>;
  for (const key of ["properties", "definitions"] as const) {
    const props = n[key] as Record<string, unknown> | undefined;
    if (!props) continue;
    for (const [name, sub] of Object.entries(props)) {
      yield [`${path}/${key}/${name}`, sub as Record<string, unknown>];
      yield* properties(sub, `${path}/${key}/${name}`);
    }
  }
  for (const key of ["else", "then", "items", "additionalProperties", "propertyNames"] as const) {
    if (n[key] && typeof n[key] === "object") yield* properties(n[key], `${path}/${key}`);
  }
}

describe("schema", () => {
  it("describes every key", () => {
    const missing = [...properties(schema, "#")].filter(([, s]) => typeof s.description !== "string" || !s.description).map(([p]) => p);
    expect(missing).toEqual([]);
    expect(schema.additionalProperties).toBe(false);
  });

  it("the generated validator is up to date with the schema", () => {
    // exits 1 with a message when src/config/validator.generated.ts is stale
    execFileSync(process.execPath, ["src/config/build-validator.mjs", "--check"], { cwd: new URL("../..", import.meta.url) });
  });
});

describe("starterConfig", () => {
  it("YAML: valid, every top-level key shown, and it changes nothing", () => {
    const text = starterConfig();
    for (const key of Object.keys(schema.properties as object)) {
      expect(text).toMatch(new RegExp(`^#? ?${key.replace("$", "\\$")}:`, "m"));
    }
    expect(text).toContain("$schema: \"./node_modules/shellguard/schema/shellguard.schema.json\"");
    // the nested keys a user looks for are shown too: lint.severity and lint.ignore
    expect(text).toMatch(/^lint:\n {2}severity: \{\}\n(?: {2}#.*\n)* {2}ignore: \[\]\n/m);
    validateConfig("starter.yaml", parseYaml(text));
    const sb = sandbox();
    const file = sb.write("home/repo/.shellguardrc.yaml", text);
    const c = sb.load();
    expect(c.warnings).toEqual([]);
    expect({ ...c, files: [] }).toEqual({ ...DEFAULTS, files: [] });
    expect(c.files).toEqual([{ path: file, kind: "project", trusted: false }]);
  });

  it("JSON variant, with a custom $schema", () => {
    const text = starterConfig({ format: "json", schema: "https://example.test/s.json" });
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.$schema).toBe("https://example.test/s.json");
    expect(data.lint).toEqual({ severity: {}, ignore: [] });
    validateConfig("starter.json", data);
    const sb = sandbox();
    sb.write("home/repo/.shellguardrc.json", text);
    const c = sb.load();
    expect(c.warnings).toEqual([]);
    expect({ ...c, files: [] }).toEqual({ ...DEFAULTS, files: [] });
  });
});

describe("docs/config.md", () => {
  it("every YAML example is a valid config", () => {
    const md = readFileSync(new URL("../../docs/config.md", import.meta.url), "utf8");
    const blocks = [...md.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) expect(() => validateConfig("docs/config.md", parseYaml(block))).not.toThrow();
  });
});
