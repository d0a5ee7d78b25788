/**
 * `host:path` operands of scp and rsync: a path on another machine the user can reach. Judged
 * like the same path here, as `ssh host CMD` runs CMD judged like a local command: wiping or
 * backdooring a server is no better than doing it locally. A relative remote path is under the
 * remote user's home (`host:.ssh/authorized_keys` is `~/.ssh/authorized_keys`); `host:` is home.
 */

import type { Word } from "../facts/types.js";

/** `[user@]host:path`, not a local path with a colon after a slash, nor a `rsync://` URL. */
const REMOTE = /^(?:[^@/:\s]+@)?(?:\[[^\]]+\]|[^@/:\s]+):(?!\/\/)/;

/** The remote path of `w` as the same path here, or null when `w` is not remote (or only known at run time). */
export function remoteAsLocal(w: Word): Word | null {
  if (w.dynamic !== null) return null;
  const m = REMOTE.exec(w.value);
  if (m === null) return null;
  const path = w.value.slice(m[0].length);
  const local = path === "" ? "~" : path.startsWith("/") || path.startsWith("~") ? path : `~/${path}`;
  return { ...w, value: local, tilde: local.startsWith("~") };
}
