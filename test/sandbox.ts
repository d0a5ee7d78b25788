/**
 * A temp directory with its own HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME, so a spawned shellguard
 * reads no real user config; the project directory lies inside HOME, so discovery stops there.
 */

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

export interface Sandbox {
  base: string;
  /** The project directory (inside HOME). */
  dir: string;
  home: string;
  xdg: string;
  env: NodeJS.ProcessEnv;
  /** Write a file (parents created) relative to `base`, or at an absolute path; objects as JSON. */
  write(path: string, content: string | object): string;
  read(path: string): string;
  cleanup(): void;
}

export function sandbox(prefix: string, xdgInHome = false): Sandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), `shellguard-${prefix}-`)));
  const home = join(base, "home");
  const xdg = xdgInHome ? join(home, ".config") : join(base, "xdg");
  const dir = join(home, "project");
  mkdirSync(dir, { recursive: true });
  mkdirSync(xdg, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: join(base, "cache"), LANG: "C.UTF-8" };
  const at = (p: string): string => resolve(base, p);
  return {
    base,
    dir,
    home,
    xdg,
    env,
    write(path, content) {
      const file = at(path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2) + "\n");
      return file;
    },
    read: (path) => readFileSync(at(path), "utf8"),
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}
