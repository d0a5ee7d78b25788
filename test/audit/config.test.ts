/** `log:` in the config: who may set it, its defaults, its forms, and the schema's refusals. */

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, trust } from "../../src/config/index.js";
import { DEFAULT_LOG_KEEP, DEFAULT_LOG_MAX_BYTES } from "../../src/config/log-settings.js";
import { sandbox } from "../config/helpers.js";

describe("log settings", () => {
  it("is off by default", () => {
    expect(sandbox().load().log).toBeNull();
  });

  it.each([
    ["asks", { level: "asks" }],
    ["all", { level: "all" }],
    [{}, { level: "asks" }],
    [{ level: "all", maxBytes: 4096, keep: 7 }, { level: "all", maxBytes: 4096, keep: 7 }],
  ])("user config log: %j", (log, expected) => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { log });
    expect(sb.load().log).toEqual({ file: join(sb.home, ".local", "state", "shellguard", "decisions.jsonl"), maxBytes: DEFAULT_LOG_MAX_BYTES, keep: DEFAULT_LOG_KEEP, ...expected });
  });

  it("the default file follows XDG_STATE_HOME; a relative file is relative to the config file, ~/ to home", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.yaml"), "log: all\n");
    expect(sb.load({ env: { ...sb.env, XDG_STATE_HOME: join(sb.root, "state") } }).log?.file).toBe(join(sb.root, "state", "shellguard", "decisions.jsonl"));
    sb.write(join(sb.userDir, "config.yaml"), "log: { file: logs/d.jsonl }\n");
    expect(sb.load().log?.file).toBe(join(sb.userDir, "logs", "d.jsonl"));
    sb.write(join(sb.userDir, "config.yaml"), "log: { file: ~/audit.jsonl }\n");
    expect(sb.load().log?.file).toBe(join(sb.home, "audit.jsonl"));
  });

  it.each([["untrusted"], ["trusted"]])("a %s project config's log is ignored, with a warning", (state) => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { log: "asks" });
    const project = sb.write(join(sb.repo, ".shellguardrc.json"), { log: { level: "off" } });
    if (state === "trusted") trust(project, { env: sb.env });
    const c = sb.load();
    expect(c.log?.level).toBe("asks");
    expect(c.warnings).toEqual([`${project}: log ignored: only the user config (or a --config file) may set the audit log`]);
    // Pointing the log elsewhere is refused the same way.
    sb.write(join(sb.repo, ".shellguardrc.json"), { log: { file: join(sb.home, ".bashrc") } });
    expect(sb.load().log?.file).toBe(join(sb.home, ".local", "state", "shellguard", "decisions.jsonl"));
  });

  it("a --config file may set it, over the user config (off switches it off)", () => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), { log: { level: "all", keep: 5 } });
    const explicit = sb.write("other/sg.json", { log: { maxBytes: 2048 } });
    expect(sb.load({ configFile: explicit }).log).toMatchObject({ level: "all", keep: 5, maxBytes: 2048 });
    sb.write("other/sg.json", { log: "off" });
    expect(sb.load({ configFile: explicit }).log).toBeNull();
  });

  it.each([
    [{ log: "sometimes" }, "log", /must be one of off, asks, all/],
    [{ log: { level: "deny" } }, "log.level", /must be one of off, asks, all/],
    [{ log: { maxBytes: 10 } }, "log.maxBytes", /must be >= 1024/],
    [{ log: { keep: 0 } }, "log.keep", /must be >= 1/],
    [{ log: { keep: 1.5 } }, "log.keep", /must be an integer/],
    [{ log: { file: "" } }, "log.file", /must not be empty/],
    [{ log: { rotate: true } }, "log.rotate", /is not a known key/],
    [{ log: true }, "log", /must be a string or an object/],
  ])("%j is a config error at %s", (config, keyPath, message) => {
    const sb = sandbox();
    sb.write(join(sb.userDir, "config.json"), config);
    let error: unknown;
    try {
      sb.load();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).keyPath).toBe(keyPath);
    expect((error as ConfigError).problem).toMatch(message);
  });
});
