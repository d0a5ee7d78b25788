import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { loadConfig, type LoadConfigOptions } from "../../src/config/index.js";

export interface Sandbox {
  /** The temp root (real path). */
  root: string;
  /** A fake home directory: discovery stops here. */
  home: string;
  /** A project directory inside home. */
  repo: string;
  /** $XDG_CONFIG_HOME/shellguard */
  userDir: string;
  env: NodeJS.ProcessEnv;
  /** Write a file (relative to root, or absolute), creating directories. Returns its path. */
  write(path: string, content: string | object): string;
  load(opts?: Partial<LoadConfigOptions>): ReturnType<typeof loadConfig>;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway home, XDG dirs and project; never touches the real home. */
export function sandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "shellguard-config-")));
  made.push(root);
  // Pins how Node reads .js files below (CommonJS), whatever package.json is above the temp dir.
  writeFileSync(join(root, "package.json"), '{ "name": "shellguard-config-sandbox", "private": true }\n');
  const home = join(root, "home");
  const repo = join(home, "repo");
  mkdirSync(repo, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    XDG_CONFIG_HOME: join(root, "xdg-config"),
    XDG_CACHE_HOME: join(root, "xdg-cache"),
  };
  const userDir = join(root, "xdg-config", "shellguard");
  const write = (path: string, content: string | object): string => {
    const abs = path.startsWith("/") ? path : join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, typeof content === "string" ? content : JSON.stringify(content, null, 2));
    return abs;
  };
  return {
    root,
    home,
    repo,
    userDir,
    env,
    write,
    load: (opts = {}) => loadConfig({ cwd: repo, env, ...opts }),
  };
}
